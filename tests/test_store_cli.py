"""The diary commands of ``hearth``: clear output, one-line errors, non-zero exit codes, no tracebacks."""

from __future__ import annotations

import json
import stat
from datetime import date
from pathlib import Path

import pytest

from app.cli import main
from app.store import Diary


def run(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), *argv])


def _seed(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
        diary.add_message(cid, "user", "Привет! Today I baked bread with rosemary.")
        diary.add_message(cid, "assistant", "Rosemary bread sounds lovely.")


def test_search_text_and_json(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(data_dir)
    assert run(data_dir, "search", "ROSEMARY") == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and all(line.startswith("2026-12-01") for line in out)
    assert run(data_dir, "search", "привет", "--json") == 0
    (hit,) = json.loads(capsys.readouterr().out)
    assert hit["role"] == "user" and hit["day"] == "2026-12-01" and "⟦Привет⟧" in hit["snippet"]
    assert run(data_dir, "search", 'AND "') == 0
    assert "No matches" in capsys.readouterr().err


def test_facts_commands(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(data_dir, "facts", "add", "Has a cat named Mila", "--kind", "pet", "--importance", "4") == 0
    assert run(data_dir, "facts", "add", "Allergic to nuts", "--kind", "health", "--pin") == 0
    assert run(data_dir, "facts", "edit", "1", "Has a cat named Mila, a tabby") == 0
    assert run(data_dir, "facts", "pin", "1") == 0
    capsys.readouterr()
    assert run(data_dir, "facts", "list", "--json") == 0
    facts = json.loads(capsys.readouterr().out)
    assert [(f["id"], f["text"], f["pinned"]) for f in facts] == [
        (1, "Has a cat named Mila, a tabby", True),
        (2, "Allergic to nuts", True),
    ]
    assert run(data_dir, "facts", "rm", "1") == 0
    assert run(data_dir, "facts", "list") == 0
    out = capsys.readouterr().out
    assert "Allergic to nuts" in out and "Mila" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("facts", "rm", "42"), "Fact 42 does not exist"),
        (("facts", "edit", "42", "x"), "Fact 42 does not exist"),
        (("facts", "add", "   "), "The fact is empty"),
        (("facts", "add", "x" * 601), "at most 600"),
        (("forget-everything",), "--yes"),
        (("restore",), "no backup"),
        (("import", "/nonexistent/file.json"), "does not exist (/nonexistent/file.json)"),
    ],
)
def test_errors_are_one_clear_line(
    data_dir: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    assert run(data_dir, *argv) != 0
    err = capsys.readouterr().err
    assert message.lower() in err.lower()
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_export_import_round_trip(data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(data_dir)
    run(data_dir, "facts", "add", "Bakes on Sundays", "--kind", "habit")
    out = tmp_path / "diary.json"
    # --plaintext: an encrypted diary's export is refused without it (test_cli_encryption checks that)
    assert run(data_dir, "export", "--format", "json", "--plaintext", "--out", str(out)) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    other = tmp_path / "other"
    assert run(other, "import", str(out)) == 0
    again = tmp_path / "again.json"
    assert run(other, "export", "--format", "json", "--plaintext", "--out", str(again)) == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
    assert run(other, "import", str(out)) == 1  # not into a diary that has entries
    capsys.readouterr()
    assert run(data_dir, "export", "--format", "md", "--plaintext") == 0
    md = capsys.readouterr().out
    assert "## Tuesday, 1 December 2026" in md and "Rosemary bread sounds lovely." in md


def test_backup_restore_and_forget_everything(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(data_dir)
    assert run(data_dir, "backup") == 0
    assert "Backup written" in capsys.readouterr().out
    with Diary.open(data_dir) as diary:
        diary.add_fact("added after the backup")
    assert run(data_dir, "restore") == 0
    with Diary.open(data_dir) as diary:
        assert diary.list_facts() == [] and len(diary.search("rosemary")) == 2
    assert run(data_dir, "forget-everything", "--yes") == 0
    with Diary.open(data_dir) as diary:
        assert diary.search("rosemary") == [] and diary.list_backups() == []


def test_restore_after_a_damaged_file(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(data_dir)
    assert run(data_dir, "backup") == 0
    db = data_dir / "hearth.db"
    db.write_bytes(b"garbage" * 1000)
    assert run(data_dir, "search", "bread") == 1
    err = capsys.readouterr().err
    assert "damaged" in err and "hearth restore" in err and "Traceback" not in err
    assert run(data_dir, "restore") == 0
    with Diary.open(data_dir) as diary:
        assert len(diary.search("bread")) == 2
        assert len(diary.list_backups()) == 1  # the empty stand-in diary was not backed up


def test_forget_everything_on_a_full_disk_shreds_the_files(
    data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA (session 41): on a full disk forget-everything said "could not be read or written" and erased
    nothing — erasing rows writes first. It shreds the diary's files instead, which needs no space (a real
    full tmpfs was checked by hand; here the erase is made to fail as a full disk fails it)."""
    from app.store import DiskFull

    _seed(data_dir)
    with Diary.open(data_dir) as diary:
        diary.backup()

    def full(_self: Diary) -> None:
        raise DiskFull("The disk (or the diary file) is full: this change was not saved.")

    monkeypatch.setattr(Diary, "forget_everything", full)
    assert run(data_dir, "forget-everything", "--yes") == 0
    assert capsys.readouterr().out.startswith("Everything was erased.")
    assert not list((data_dir / "backups").glob("*.db"))
    assert all(b"rosemary" not in p.read_bytes() for p in data_dir.glob("hearth.db*"))
    with Diary.open(data_dir) as new:
        assert new.nothing_written()
