"""A model download's transfer runs in a child process (``app.llm.download_process``): the app only watches.

Real processes and the local hub throughout: a child killed mid-transfer is a clear ``DownloadError`` and
the next download resumes its part file; a cancel leaves no child behind; an app that exits, is killed or
shuts its window down stops its child; the packaged executable can be the child. Nothing sleeps: the hub's
pause makes "midway" exact, and a process's end is waited for on a pidfd.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from app.llm import download_process
from app.llm.catalog import CatalogEntry
from app.llm.download import download_model, partial_bytes
from app.llm.download_process import WORKER_ARGUMENT, worker_command
from app.llm.errors import DownloadCancelled, DownloadError
from tests.hub_server import HubFile, HubServer, fake_gguf
from tests.processes import process_gone
from tests.test_download import sha256_of, wait_until

ROOT = Path(__file__).resolve().parents[1]
SIZE = 2 * 1024 * 1024 + 77
MIDWAY = SIZE // 3
WAIT_S = 30.0


@pytest.fixture
def hub_file(hub: HubServer) -> HubFile:
    return hub.add_file("test-org/Child-GGUF", "child-q4.gguf", fake_gguf(SIZE))


@pytest.fixture
def entry(hub: HubServer, hub_file: HubFile) -> CatalogEntry:
    return hub.catalog_entry(hub_file)


def download_children(parent: int) -> list[int]:
    """The download children of process ``parent`` (Linux: /proc's list of each thread's children)."""
    found = []
    for children in Path(f"/proc/{parent}/task").glob("*/children"):
        for pid in children.read_text().split():
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"app.llm.download_process" in command or WORKER_ARGUMENT.encode() in command:
                found.append(int(pid))
    return found


def the_child_of(parent: int) -> int:
    wait_until(lambda: len(download_children(parent)) == 1, WAIT_S)
    return download_children(parent)[0]


def gone(pid: int, timeout: float = WAIT_S) -> bool:
    return process_gone(pid, timeout)


def in_background(fn: Callable[[], Path]) -> tuple[threading.Thread, list[Path | BaseException]]:
    outcome: list[Path | BaseException] = []

    def run() -> None:
        try:
            outcome.append(fn())
        except BaseException as exc:  # noqa: BLE001 — the test inspects it
            outcome.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_a_child_killed_mid_download_is_a_clear_error_and_the_next_download_resumes(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    dest = tmp_path / "models"
    hub.pause_at(MIDWAY)
    thread, outcome = in_background(lambda: download_model(entry, dest, endpoint=hub.endpoint))
    assert hub.wait_paused()
    wait_until(lambda: partial_bytes(entry, dest) == MIDWAY)
    child = the_child_of(os.getpid())
    assert child != os.getpid()
    assert not [t for t in threading.enumerate() if t.name.startswith("hearth-download-")]  # not in here
    os.kill(child, signal.SIGKILL)
    thread.join(WAIT_S)
    (error,) = outcome
    assert type(error) is DownloadError
    assert "stopped unexpectedly" in str(error) and f"exit code {-signal.SIGKILL}" in str(error)
    assert "resumes" in error.hint and "Traceback" not in str(error)
    assert partial_bytes(entry, dest) == MIDWAY and not (dest / hub_file.filename).exists()
    assert hub.endpoint not in caplog.text and "resolve" not in caplog.text  # no URL in the log
    hub.resume()

    path = download_model(entry, dest, endpoint=hub.endpoint)
    assert sha256_of(path) == hub_file.sha256
    last = hub.gets()[-1]
    assert (last.range_start, last.status, last.bytes_sent) == (MIDWAY, 206, SIZE - MIDWAY)
    assert download_children(os.getpid()) == []


def test_cancel_stops_the_child_before_it_returns(
    hub: HubServer, entry: CatalogEntry, tmp_path: Path
) -> None:
    dest = tmp_path / "models"
    hub.pause_at(MIDWAY)  # a stalled connection: the child's transfer is stuck in a read
    cancel = threading.Event()
    thread, outcome = in_background(lambda: download_model(entry, dest, endpoint=hub.endpoint, cancel=cancel))
    assert hub.wait_paused()
    wait_until(lambda: partial_bytes(entry, dest) == MIDWAY)
    child = the_child_of(os.getpid())
    asked = time.monotonic()
    cancel.set()
    thread.join(WAIT_S)
    assert time.monotonic() - asked < 1.0
    assert isinstance(outcome[0], DownloadCancelled)
    assert gone(child, timeout=0)  # already ended when download_model returned: the lock is free
    assert partial_bytes(entry, dest) == MIDWAY


def start_app(hub: HubServer, entry: CatalogEntry, dest: Path) -> subprocess.Popen[str]:
    fields = json.dumps(dataclasses.asdict(entry))
    app = subprocess.Popen(
        [sys.executable, "-m", "tests.download_app_driver", hub.endpoint, str(dest), fields], cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert app.stdout is not None and app.stdout.readline() == "started\n"
    return app


@pytest.mark.parametrize("how", ["exits", "is killed"])
def test_the_child_stops_when_the_app_ends(
    hub: HubServer, entry: CatalogEntry, tmp_path: Path, how: str
) -> None:
    dest = tmp_path / "models"
    hub.pause_at(MIDWAY)
    app = start_app(hub, entry, dest)
    try:
        assert hub.wait_paused()
        wait_until(lambda: partial_bytes(entry, dest) == MIDWAY)
        child = the_child_of(app.pid)
        assert not gone(child, timeout=0)
        if how == "exits":
            assert app.stdin is not None
            app.stdin.close()  # the app returns from main with its download still running: atexit
        else:
            app.kill()  # the child's stdin closes with the app
        app.wait(WAIT_S)
    finally:
        app.kill()
        app.wait()
    assert gone(child)
    hub.resume()
    assert partial_bytes(entry, dest) == MIDWAY


def test_the_packaged_executable_is_the_child_with_its_worker_argument(
    hub: HubServer, hub_file: HubFile, entry: CatalogEntry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert worker_command() == [sys.executable, WORKER_ARGUMENT]
    monkeypatch.delattr(sys, "frozen")
    # packaging/hearth_main.py is the packaged executable's script: run it as the child, as the bundle does
    monkeypatch.setattr(download_process, "worker_command",
                        lambda: [sys.executable, str(ROOT / "packaging" / "hearth_main.py"), WORKER_ARGUMENT])
    path = download_model(entry, tmp_path / "models", endpoint=hub.endpoint)
    assert sha256_of(path) == hub_file.sha256


def test_shutting_the_app_down_cancels_its_download_and_stops_the_child(
    qtbot, data_dir: Path, tiny_engine, hub: HubServer, entry: CatalogEntry, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.llm.catalog import models_dir
    from tests.ui_helpers import launcher

    monkeypatch.setenv("HF_ENDPOINT", hub.endpoint)
    launch = launcher(qtbot, data_dir, tiny_engine)
    hearth = next(launch)()
    try:
        dialog = hearth.open_model_manager()
        dialog.load_after_download = False
        hub.pause_at(MIDWAY)
        cancelled: list[object] = []
        dialog.download.cancelled.connect(cancelled.append)
        dialog.start_download(entry)
        qtbot.waitUntil(lambda: partial_bytes(entry, models_dir(data_dir)) == MIDWAY, timeout=30_000)
        child = the_child_of(os.getpid())
        started = time.monotonic()
        hearth.shutdown()
        assert time.monotonic() - started < 5.0  # not the runner's 10 s wait for a download that goes on
        assert gone(child, timeout=0) and len(cancelled) == 1
        assert partial_bytes(entry, models_dir(data_dir)) == MIDWAY
    finally:
        hub.resume()
        next(launch, None)
