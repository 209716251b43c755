"""The data directory: Hearth makes its own folder private, never re-permissions one it does not own."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.config import DataDirError, ensure_private_dir, prepare_data_dir, resolve_data_dir
from app.store import Diary


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _folder(path: Path, folder_mode: int, *files: str) -> Path:
    path.mkdir()
    for name in files:
        (path / name).write_text("not Hearth's", encoding="utf-8")
    os.chmod(path, folder_mode)
    return path


def test_a_shared_sticky_folder_is_refused_and_keeps_its_mode(tmp_path: Path) -> None:
    shared = _folder(tmp_path / "tmp", 0o1777, "someone-elses.txt")
    with pytest.raises(DataDirError) as refused:
        resolve_data_dir(shared)
    assert "sticky" in str(refused.value) and "empty folder" in refused.value.hint
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777 and shared.stat().st_mode & stat.S_ISVTX
    assert sorted(p.name for p in shared.iterdir()) == ["someone-elses.txt"]


def test_an_empty_sticky_folder_is_refused_too(tmp_path: Path) -> None:
    shared = _folder(tmp_path / "tmp", 0o1777)
    with pytest.raises(DataDirError):
        prepare_data_dir(shared)
    assert mode(shared) == 0o1777 and not list(shared.iterdir())


def test_a_folder_holding_other_things_is_refused_and_unchanged(tmp_path: Path) -> None:
    project = _folder(tmp_path / "project", 0o755, "notes.md", "settings.json")
    (project / "models").mkdir()  # Hearth's names among others do not make it Hearth's
    with pytest.raises(DataDirError) as refused:
        resolve_data_dir(str(project))
    assert "other things" in str(refused.value)
    assert refused.value.hint.startswith("Choose an empty folder or one that holds a Hearth diary")
    assert mode(project) == 0o755
    assert sorted(p.name for p in project.iterdir()) == ["models", "notes.md", "settings.json"]


def test_a_home_folder_is_never_used_nor_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = _folder(tmp_path / "home", 0o755)  # even empty
    monkeypatch.setenv("HOME", str(home))
    with pytest.raises(DataDirError) as refused:
        resolve_data_dir("~")
    assert "home folder" in str(refused.value) and mode(home) == 0o755


def test_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(DataDirError, match="not a folder"):
        resolve_data_dir(tmp_path / "file")


def test_a_new_path_is_created_private_and_only_its_own_folder_is_0700(tmp_path: Path) -> None:
    os.chmod(tmp_path, 0o755)
    old_umask = os.umask(0o022)
    try:
        target = resolve_data_dir(tmp_path / "new" / "nested" / "hearth")
    finally:
        os.umask(old_umask)
    assert target == (tmp_path / "new" / "nested" / "hearth").resolve()
    assert mode(target) == 0o700
    assert mode(tmp_path / "new") == mode(tmp_path / "new" / "nested") == 0o755
    assert mode(tmp_path) == 0o755


def test_an_empty_existing_folder_becomes_the_private_data_dir(tmp_path: Path) -> None:
    empty = _folder(tmp_path / "diary", 0o755)
    assert resolve_data_dir(empty) == empty.resolve() and mode(empty) == 0o700


def test_an_existing_hearth_data_dir_keeps_working(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir = tmp_path / "hearth"
    assert main(["--data-dir", str(data_dir), "facts", "add", "Has a cat named Mila"]) == 0
    assert main(["--data-dir", str(data_dir), "backup"]) == 0
    (data_dir / "export.md").write_text("an export the person saved here")  # the diary is still there
    os.chmod(data_dir, 0o755)  # loosened by hand: tightened again
    capsys.readouterr()
    assert main(["--data-dir", str(data_dir), "facts", "list"]) == 0
    assert "Mila" in capsys.readouterr().out
    assert mode(data_dir) == 0o700 and mode(data_dir / "backups") == 0o700


def test_a_folder_with_only_hearth_settings_and_models_is_hearths(tmp_path: Path) -> None:
    """What ``hearth models pull`` leaves before the first entry: no hearth.db yet."""
    data_dir = _folder(tmp_path / "hearth", 0o750, "settings.json")
    (data_dir / "models").mkdir()
    assert resolve_data_dir(data_dir) == data_dir.resolve() and mode(data_dir) == 0o700


def test_a_folder_where_forgetting_a_locked_diary_was_killed_is_hearths(tmp_path: Path) -> None:
    """``forget-everything`` of an encrypted diary shreds hearth.db; killed mid-way, it leaves
    ``hearth.db.shredding`` (no hearth.db): still Hearth's folder, and the next start shreds it."""
    data_dir = _folder(tmp_path / "hearth", 0o750, "settings.json", "hearth.db.shredding")
    assert resolve_data_dir(data_dir) == data_dir.resolve()
    Diary.open(data_dir).close()
    assert not (data_dir / "hearth.db.shredding").exists()


def test_the_store_still_makes_its_own_folders_private(tmp_path: Path) -> None:
    data_dir = resolve_data_dir(tmp_path / "hearth")
    with Diary.open(data_dir) as diary:
        diary.backup()
    assert mode(data_dir / "backups") == 0o700
    assert mode(ensure_private_dir(data_dir / "models")) == 0o700


def test_the_cli_refuses_such_a_folder_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _folder(tmp_path / "project", 0o755, "notes.md")
    assert main(["--data-dir", str(project), "search", "foo"]) == 2
    err = capsys.readouterr().err
    assert "holds other things" in err and "Choose an empty folder or one that holds a Hearth diary" in err
    assert len(err.strip().splitlines()) == 1 and mode(project) == 0o755


@pytest.mark.parametrize("command", [("search", "foo"), ("gui",), ()])
def test_the_command_refuses_a_sticky_folder_without_a_traceback_or_qt(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    shared = _folder(tmp_path / "shared", 0o1777, "someone-elses.txt")
    code = (
        "import sys\n"
        "from app.cli import main\n"
        f"code = main(['--data-dir', {str(shared)!r}, *{list(command)!r}])\n"
        "print('PySide6' in sys.modules)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stdout.strip() == "False"  # refused before Qt was even imported
    assert "Traceback" not in done.stderr and "sticky" in done.stderr
    assert "Choose an empty folder or one that holds a Hearth diary" in done.stderr
    assert mode(shared) == 0o1777 and [p.name for p in shared.iterdir()] == ["someone-elses.txt"]
