"""Model download with the real huggingface-hub client against a local hub: progress, cancel, resume,
checksum mismatch, offline, HF_ENDPOINT. No sleeps: the server's pause/drop knobs make "midway" exact.
"""

from __future__ import annotations

import hashlib
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from app.llm import download
from app.llm.catalog import CatalogEntry
from app.llm.download import DownloadProgress, download_model, partial_bytes
from app.llm.errors import ChecksumMismatch, DownloadCancelled, DownloadError
from tests.hub_server import HubFile, HubServer, fake_gguf

SIZE = 3 * 1024 * 1024 + 123  # not a multiple of any block size
REPO, FILE = "test-org/Tiny-GGUF", "tiny-q4_k_m.gguf"


@pytest.fixture
def hub_file(hub: HubServer) -> HubFile:
    return hub.add_file(REPO, FILE, fake_gguf(SIZE))


@pytest.fixture
def entry(hub: HubServer, hub_file: HubFile) -> CatalogEntry:
    return hub.catalog_entry(hub_file)


@pytest.fixture
def dest(tmp_path: Path) -> Path:
    return tmp_path / "models"


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait for a condition (like qtbot.wait_until): check, then block briefly on an event, repeat."""
    deadline = time.monotonic() + timeout
    tick = threading.Event()
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        tick.wait(0.01)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_download_verifies_and_leaves_only_the_model(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, dest: Path
) -> None:
    seen: list[DownloadProgress] = []
    path = download_model(entry, dest, endpoint=hub.endpoint, on_progress=seen.append)
    assert path == dest / FILE and sha256_of(path) == hub_file.sha256
    assert [p.name for p in dest.iterdir() if not p.name.startswith(".")] == [FILE]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert seen[-1].downloaded == seen[-1].total == SIZE and seen[-1].percent == 100.0
    assert [p.downloaded for p in seen] == sorted(p.downloaded for p in seen)
    assert [(r.method, r.status) for r in hub.requests] == [("HEAD", 200), ("GET", 200)]
    for request in hub.requests:  # no credentials, identifies itself as Hearth, no compression
        assert "authorization" not in request.headers
        assert request.headers["user-agent"].startswith("hearth/")
        assert request.headers["accept-encoding"] == "identity"
    assert download_model(entry, dest, endpoint=hub.endpoint) == path  # already there: no network
    assert len(hub.requests) == 2


def test_progress_arrives_every_quarter_second_while_bytes_flow(
    hub: HubServer, entry: CatalogEntry, dest: Path
) -> None:
    hub.throttle_bps = 3 * 1024 * 1024  # about a second for the whole file
    stamps: list[tuple[float, DownloadProgress]] = []
    download_model(
        entry, dest, endpoint=hub.endpoint, on_progress=lambda p: stamps.append((time.monotonic(), p))
    )
    flowing = [t for t, p in stamps if p.phase == "downloading" and 0 < p.downloaded < SIZE]
    assert len(flowing) >= 4
    gaps = [b - a for a, b in zip(flowing, flowing[1:], strict=False)]
    assert max(gaps) < 0.5, gaps  # ~0.1 s by design; generous for a loaded 2-core machine
    rated = [p for _, p in stamps if p.rate_bps > 0]
    assert rated and all(p.eta_s is not None for p in rated)
    assert 0.2 * hub.throttle_bps < rated[-1].rate_bps < 5 * hub.throttle_bps


def test_cancel_on_a_stalled_connection_is_quick_and_the_next_run_fetches_only_the_rest(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, dest: Path
) -> None:
    midway = SIZE // 3
    hub.pause_at(midway)  # the server sends a third, then stalls
    cancel = threading.Event()
    cancelled_at: list[float] = []

    def on_progress(p: DownloadProgress) -> None:
        if p.downloaded >= midway and not cancel.is_set():
            cancelled_at.append(time.monotonic())
            cancel.set()

    with pytest.raises(DownloadCancelled) as caught:
        download_model(entry, dest, endpoint=hub.endpoint, on_progress=on_progress, cancel=cancel)
    assert time.monotonic() - cancelled_at[0] < 1.0
    assert "paused" in str(caught.value) and "resume" in caught.value.hint
    assert not (dest / FILE).exists()  # no half file under the model's name
    assert partial_bytes(entry, dest) == midway
    hub.resume()  # lets the stalled worker notice the cancel and let go of the file

    path = download_model(entry, dest, endpoint=hub.endpoint)
    assert sha256_of(path) == hub_file.sha256
    last = hub.gets()[-1]
    assert (last.range_start, last.status, last.bytes_sent) == (midway, 206, SIZE - midway)
    assert partial_bytes(entry, dest) == 0


def test_a_dropped_connection_resumes_by_itself(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, dest: Path
) -> None:
    hub.drop_at(SIZE // 2)
    path = download_model(entry, dest, endpoint=hub.endpoint)
    assert sha256_of(path) == hub_file.sha256
    assert [(g.range_start, g.bytes_sent) for g in hub.gets()] == [
        (None, SIZE // 2),
        (SIZE // 2, SIZE - SIZE // 2),
    ]
    assert hub.bytes_served == SIZE


def test_ctrl_c_in_the_cli_keeps_the_part_and_a_restart_fetches_only_the_rest(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, tmp_path: Path
) -> None:
    catalog = hub.write_catalog(
        tmp_path / "catalog.toml", [entry.__class__(**{**entry.__dict__, "default": True})]
    )
    data_dir = tmp_path / "data"
    env = dict(
        os.environ, HF_ENDPOINT=hub.endpoint, HEARTH_CATALOG=str(catalog), HEARTH_DATA_DIR=str(data_dir)
    )
    command = [sys.executable, "-m", "app", "models", "pull", entry.name]
    midway = SIZE // 4
    hub.pause_at(midway)
    proc = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell that runs the tests in the background ignores SIGINT, and children inherit that:
        # give the CLI the disposition a terminal would.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert hub.wait_paused()
        wait_until(lambda: partial_bytes(entry, data_dir / "models") == midway)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "Paused" in err and f"hearth models pull {entry.name}" in err
    assert not (data_dir / "models" / FILE).exists()
    hub.resume()

    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Downloaded and verified" in done.stdout and "resuming at" in done.stderr
    assert sha256_of(data_dir / "models" / FILE) == hub_file.sha256
    last = hub.gets()[-1]
    assert (last.range_start, last.bytes_sent) == (midway, SIZE - midway)


def test_corrupt_bytes_are_refused_and_removed(hub: HubServer, entry: CatalogEntry, dest: Path) -> None:
    hub.corrupt = True
    with pytest.raises(ChecksumMismatch, match="not the expected file") as caught:
        download_model(entry, dest, endpoint=hub.endpoint)
    assert "removed" in caught.value.hint
    assert not (dest / FILE).exists() and partial_bytes(entry, dest) == 0


def test_without_a_catalog_sha256_the_hubs_lfs_sha256_is_checked(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, dest: Path
) -> None:
    unpinned = entry.__class__(**{**entry.__dict__, "sha256": "", "size": 0})
    hub.corrupt = True
    with pytest.raises(ChecksumMismatch):
        download_model(unpinned, dest, endpoint=hub.endpoint)
    hub.corrupt = False
    assert sha256_of(download_model(unpinned, dest, endpoint=hub.endpoint)) == hub_file.sha256


def test_a_different_file_on_the_hub_is_refused_before_downloading(
    hub: HubServer, entry: CatalogEntry, dest: Path
) -> None:
    stale = entry.__class__(**{**entry.__dict__, "sha256": "0" * 64})
    with pytest.raises(DownloadError, match="different") as caught:
        download_model(stale, dest, endpoint=hub.endpoint)
    assert not isinstance(caught.value, ChecksumMismatch) and "catalog" in caught.value.hint
    assert hub.gets() == []


def test_missing_file_is_a_clear_error_without_retries(
    hub: HubServer, entry: CatalogEntry, dest: Path
) -> None:
    missing = entry.__class__(**{**entry.__dict__, "file": "nope.gguf"})
    with pytest.raises(DownloadError, match="was not found"):
        download_model(missing, dest, endpoint=hub.endpoint)
    assert len(hub.requests) == 1


def test_unreachable_server_gives_a_hint(
    hub: HubServer, entry: CatalogEntry, dest: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(download, "RETRY_DELAYS_S", (0.0, 0.0))
    hub.stop()  # nothing listens on the port any more: connection refused
    with pytest.raises(DownloadError, match="Cannot reach") as caught:
        download_model(entry, dest, endpoint=hub.endpoint)
    assert "connection" in caught.value.hint


def test_server_that_hangs_up_gives_a_hint(
    hub: HubServer, entry: CatalogEntry, dest: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(download, "RETRY_DELAYS_S", (0.0, 0.0))
    hub.offline = True
    with pytest.raises(DownloadError) as caught:
        download_model(entry, dest, endpoint=hub.endpoint)
    assert "resumes" in caught.value.hint
    assert len(hub.requests) == 3  # one try and two retries


def test_hf_hub_offline_refuses_without_touching_the_network(
    hub: HubServer, entry: CatalogEntry, dest: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(DownloadError, match="HF_HUB_OFFLINE"):
        download_model(entry, dest, endpoint=hub.endpoint)
    assert hub.requests == []


def test_hf_endpoint_is_honoured_and_an_explicit_endpoint_wins(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, dest: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_ENDPOINT", hub.endpoint + "/")
    assert sha256_of(download_model(entry, dest)) == hub_file.sha256
    assert len(hub.requests) == 2
    with HubServer() as other:
        other.add_file(REPO, FILE, hub_file.data)
        download_model(entry, dest / "again", endpoint=other.endpoint)
        assert len(other.requests) == 2 and len(hub.requests) == 2


def test_two_downloads_of_one_file_share_the_work(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, dest: Path
) -> None:
    hub.pause_at(SIZE // 2)
    results: list[Path] = []
    first = threading.Thread(
        target=lambda: results.append(download_model(entry, dest, endpoint=hub.endpoint))
    )
    first.start()
    assert hub.wait_paused()
    second = threading.Thread(
        target=lambda: results.append(download_model(entry, dest, endpoint=hub.endpoint))
    )
    second.start()  # waits for the first one's lock, then finds the finished file
    hub.resume()
    first.join(30)
    second.join(30)
    assert results == [dest / FILE, dest / FILE]
    assert hub.bytes_served == SIZE and len(hub.gets()) == 1


def test_a_partial_of_another_version_is_discarded(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, dest: Path
) -> None:
    dest.mkdir()
    (dest / f"{FILE}.{'f' * 16}.incomplete").write_bytes(b"old bytes")
    path = download_model(entry, dest, endpoint=hub.endpoint)
    assert sha256_of(path) == hub_file.sha256
    assert not list(dest.glob("*.incomplete")) and hub.gets()[0].range_start is None


def test_progress_percent() -> None:
    assert DownloadProgress(50, 200, 10.0, 15.0).percent == 25.0
    assert DownloadProgress(5, 0, 0.0, None).percent == 0.0


def test_a_transfer_starts_connecting_not_waiting(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, dest: Path
) -> None:
    """QA (session 22): every download first said "waiting for another download of this file", with no
    other one running; "waiting" is said only once the file's lock was found held."""
    transfer = download.Transfer(entry, dest, hub.endpoint, ())
    assert transfer.phase == "connecting"
    transfer.start()
    assert transfer.done.wait(30) and transfer.result == dest / FILE and transfer.phase == "done"


def test_the_paused_line_resumes_in_the_same_data_dir_and_endpoint(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, entry: CatalogEntry
) -> None:
    """QA (session 22): "Resume with: hearth models pull NAME" dropped --data-dir and --endpoint."""
    from app.cli.models_cmd import _resume_command

    monkeypatch.setenv("HEARTH_DATA_DIR", str(tmp_path / "default"))
    other = tmp_path / "my diary"
    said = _resume_command(entry, other, "http://127.0.0.1:9/hub")
    assert said == f"hearth --data-dir '{other}' models pull {entry.name} --endpoint http://127.0.0.1:9/hub"
    default = (tmp_path / "default").resolve()
    assert _resume_command(entry, default, None) == f"hearth models pull {entry.name}"
