"""The .desktop file validates; ``hearth install-desktop`` puts Hearth into a desktop's menu and out again.

``desktop-file-validate`` (Debian's ``desktop-file-utils``; ``.ci/run`` installs it with apt when it can)
checks both the shipped entry and the one ``install-desktop`` writes, whose ``Exec`` points at the
installed ``hearth`` by absolute path. Everything is written below a temp ``XDG_DATA_HOME``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import desktop_cmd, main
from app.resources import DESKTOP_FILE, resource_path

VALIDATOR = shutil.which("desktop-file-validate")
needs_validator = pytest.mark.skipif(
    VALIDATOR is None,
    reason="desktop-file-validate is not installed (apt-get install desktop-file-utils; .ci/run does "
    "that as root on Debian/Ubuntu, and says so where it cannot)",
)


def validate(path: Path) -> str:
    """desktop-file-validate's verdict: fails the test on an error, returns its hints."""
    assert VALIDATOR is not None
    done = subprocess.run([VALIDATOR, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"{path} does not validate:\n{done.stdout}{done.stderr}"
    assert "error:" not in done.stdout, done.stdout
    return done.stdout


def entry_values(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


@needs_validator
def test_the_shipped_desktop_file_validates() -> None:
    hints = validate(resource_path(DESKTOP_FILE))
    assert "more than one main category" not in hints


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def test_install_desktop_writes_the_entry_and_icons(xdg: Path, tmp_path: Path, capsys) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    assert main([*data, "install-desktop"]) == 0
    entry = xdg / "applications" / "hearth.desktop"
    svg = xdg / "icons" / "hicolor" / "scalable" / "apps" / "hearth.svg"
    png = xdg / "icons" / "hicolor" / "256x256" / "apps" / "hearth.png"
    assert entry.is_file() and svg.is_file() and png.is_file()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and b"<svg" in svg.read_bytes()[:400]
    values = entry_values(entry.read_text(encoding="utf-8"))
    hearth = Path(values["Exec"])
    assert hearth.is_absolute() and hearth.name == "hearth" and hearth.is_file()
    assert hearth.parent == Path(sys.executable).parent  # the venv's own script, not one on PATH
    assert values["TryExec"] == values["Exec"] and values["Icon"] == "hearth"
    assert str(entry) in capsys.readouterr().out
    if VALIDATOR:
        validate(entry)

    assert main([*data, "install-desktop", "--uninstall"]) == 0
    assert not entry.exists() and not svg.exists() and not png.exists()
    assert (tmp_path / "data").is_dir()  # the diary's folder is not touched


def test_an_explicit_program_with_spaces_is_quoted(xdg: Path, tmp_path: Path) -> None:
    odd = tmp_path / "My Apps" / "50% off" / "hearth"
    odd.parent.mkdir(parents=True)
    odd.write_text("#!/bin/sh\n", encoding="utf-8")
    odd.chmod(0o755)
    assert main(["--data-dir", str(tmp_path / "data"), "install-desktop", "--exec", str(odd)]) == 0
    entry = xdg / "applications" / "hearth.desktop"
    values = entry_values(entry.read_text(encoding="utf-8"))
    assert values["Exec"] == f'"{tmp_path}/My Apps/50%% off/hearth"'
    if VALIDATOR:
        validate(entry)


def test_exec_quoting_follows_the_spec() -> None:
    assert desktop_cmd.exec_argument(Path("/opt/hearth/hearth")) == "/opt/hearth/hearth"
    assert desktop_cmd.exec_argument(Path('/a b/"q"/$x')) == '"/a b/\\\\"q\\\\"/\\\\$x"'


def test_a_relative_xdg_data_home_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    assert desktop_cmd.data_home() == Path.home() / ".local" / "share"


def test_uninstall_when_nothing_is_installed_is_fine(xdg: Path, tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path / "data"), "install-desktop", "--uninstall"]) == 0
    assert not (xdg / "applications").exists()
