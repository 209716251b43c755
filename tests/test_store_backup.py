"""Backups (online backup API, rotation, daily), restore, and a damaged diary file at start-up."""

from __future__ import annotations

import os
import stat
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from app.store import DatabaseCorrupt, Diary, HeldEntries, NotFound, StoreError
from app.store.backup import KEEP


def _diary_with(data_dir: Path, texts: list[str]) -> Diary:
    diary = Diary.open(data_dir)
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    for text in texts:
        diary.add_message(cid, "user", text)
    return diary


def _texts(diary: Diary) -> list[str]:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    return [m.text for m in diary.messages(cid)]


def test_backup_is_a_private_complete_copy(data_dir: Path) -> None:
    with _diary_with(data_dir, ["one", "two"]) as diary:
        path = diary.backup()
        assert path.parent == data_dir / "backups"
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert diary.list_backups() == [path]
    copy_dir = data_dir.parent / "copy"
    copy_dir.mkdir()
    (copy_dir / "hearth.db").write_bytes(path.read_bytes())
    with Diary.open(copy_dir) as copy:
        assert _texts(copy) == ["one", "two"]


def test_rotation_keeps_the_newest_seven(data_dir: Path) -> None:
    with _diary_with(data_dir, ["x"]) as diary:
        made = [diary.backup() for _ in range(KEEP + 3)]
        assert diary.list_backups() == made[::-1][:KEEP]
        assert not any(p.exists() for p in made[:3])


def test_maybe_backup_is_daily(data_dir: Path) -> None:
    with _diary_with(data_dir, ["x"]) as diary:
        first = diary.maybe_backup()
        assert first is not None and diary.maybe_backup() is None
        old_stamp = (datetime.now() - timedelta(days=1, minutes=1)).strftime("%Y%m%d-%H%M%S-%f")
        first.rename(first.with_name(f"hearth-{old_stamp}.db"))
        second = diary.maybe_backup()
        assert second is not None and len(diary.list_backups()) == 2


def test_restore_returns_to_the_backup_and_can_be_undone(data_dir: Path) -> None:
    with _diary_with(data_dir, ["one"]) as diary:
        snapshot = diary.backup()
        cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
        diary.add_message(cid, "user", "two")
        diary.add_fact("added later")
        diary.restore(snapshot)
        assert _texts(diary) == ["one"] and diary.list_facts() == []
        assert diary.search("one")[0].text == "one" and diary.search("two") == []
        undo = diary.list_backups()[0]  # made by restore just before it overwrote the diary
        assert undo != snapshot
        diary.restore(undo)
        assert _texts(diary) == ["one", "two"] and [f.text for f in diary.list_facts()] == ["added later"]
        assert diary.integrity_check() == "ok"


def test_restoring_the_oldest_of_seven_backups_keeps_it(data_dir: Path) -> None:
    """Found by ``tests.bench.faults``: the undo backup a restore makes first rotated the oldest backup
    away — the very one being restored — and the restore failed with FileNotFoundError."""
    with _diary_with(data_dir, ["one"]) as diary:
        oldest = diary.backup()
        cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
        diary.add_message(cid, "user", "two")
        for _ in range(KEEP - 1):
            diary.backup()
        assert diary.list_backups()[-1] == oldest
        diary.restore(oldest)
        assert _texts(diary) == ["one"] and oldest.exists()
        assert len(diary.list_backups()) == KEEP + 1  # the undo beside the newest seven; the next rotates
        diary.backup()
        assert len(diary.list_backups()) == KEEP


def test_restore_refuses_what_is_not_a_backup(data_dir: Path, tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(8192))
    with _diary_with(data_dir, ["keep me"]) as diary:
        with pytest.raises(StoreError, match="not a Hearth backup"):
            diary.restore(junk)
        with pytest.raises(NotFound):
            diary.restore(tmp_path / "missing.db")
        markdown = tmp_path / "out.md"  # QA: a text file was called "encrypted, and this diary is not"
        markdown.write_text("# Hearth diary\n\nA day.\n", encoding="utf-8")
        with pytest.raises(StoreError, match=r"^out\.md is not a Hearth backup\.$"):
            diary.restore(markdown)
        assert _texts(diary) == ["keep me"]


def _corrupt_header(path: Path) -> bytes:
    data = bytearray(path.read_bytes())
    data[0:100] = b"this is not sqlite " * 5 + b"xxxxx"
    path.write_bytes(bytes(data))
    return bytes(data)


def test_damaged_file_is_moved_aside_and_the_latest_backup_named(data_dir: Path) -> None:
    with _diary_with(data_dir, ["precious"]) as diary:
        diary.backup()
        latest = diary.backup()
    damaged = _corrupt_header(data_dir / "hearth.db")
    with pytest.raises(DatabaseCorrupt) as err:
        Diary.open(data_dir)
    problem = err.value
    assert problem.backup == latest and latest.name in problem.hint
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == damaged  # kept, untouched
    assert "damaged" in str(problem) and problem.moved_to.name in str(problem)
    with Diary.open(data_dir) as fresh:  # a new, empty diary; the backup restores what was there
        assert _texts(fresh) == []
        fresh.restore(problem.backup)
        assert _texts(fresh) == ["precious"]


def test_damaged_pages_fail_the_quick_check(data_dir: Path) -> None:
    with _diary_with(data_dir, [f"entry {i} " * 200 for i in range(200)]):
        pass
    path = data_dir / "hearth.db"
    data = bytearray(path.read_bytes())
    assert len(data) > 40 * 4096
    for page in range(5, 40, 3):
        data[page * 4096 : page * 4096 + 4096] = bytes([0xA5]) * 4096
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseCorrupt) as err:
        Diary.open(data_dir)
    assert err.value.backup is None and "No backup" in err.value.hint
    assert err.value.moved_to is not None and err.value.moved_to.exists()
    assert not path.exists()  # nothing was written over it


def test_after_damage_the_last_backup_from_before_it_is_offered_and_never_rotated_away(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file set aside leaves an empty diary in its place; its own daily backups must not rotate away the
    backup that holds the person's entries (found by QA: seven `hearth backup`s shredded it), and that one
    is what the window, the CLI's note and `hearth restore` offer."""
    from app.cli import main

    with _diary_with(data_dir, ["precious"]) as diary:
        diary.backup()
        before = diary.backup()
    _corrupt_header(data_dir / "hearth.db")
    with pytest.raises(DatabaseCorrupt):
        Diary.open(data_dir)
    with Diary.open(data_dir) as empty:
        made = [empty.backup() for _ in range(KEEP + 2)]
        assert before.exists() and not made[0].exists()  # the empty diary's oldest rotated, not `before`
        aside, offered = empty.set_aside() or (None, None)
        assert offered == before and aside is not None and aside.name.startswith("hearth.db.corrupt-")
    assert main(["--data-dir", str(data_dir), "storage"]) == 0
    err = capsys.readouterr().err
    assert "set aside as hearth.db.corrupt-" in err and "`hearth restore`" in err and before.name in err
    assert main(["--data-dir", str(data_dir), "restore"]) == 0
    with Diary.open(data_dir) as restored:
        assert _texts(restored) == ["precious"] and restored.set_aside() is None


def test_a_diary_with_entries_is_never_made_anew(data_dir: Path) -> None:
    from app.store import DiaryKey

    with _diary_with(data_dir, ["keep me"]) as diary:
        with pytest.raises(ValueError):
            diary.made_anew(DiaryKey("a passphrase long enough"))
        assert _texts(diary) == ["keep me"]


def test_a_diary_with_only_moods_is_never_made_anew_but_a_windows_empty_page_is(data_dir: Path) -> None:
    """Review (session 22): 'nothing written' looked at entries and facts only, so a restore could shred a
    diary holding the person's moods. A window's own empty day page is not the person's."""
    from datetime import date

    from app.store import DiaryKey

    with Diary.open(data_dir) as diary:
        diary.conversation_for_day(date(2026, 12, 5))  # what a window makes by itself
        assert diary.nothing_written()
        diary.set_mood(date(2026, 12, 4), 4)
        assert not diary.nothing_written()
        with pytest.raises(ValueError):
            diary.made_anew(DiaryKey("a passphrase long enough"))
        assert diary.moods(date(2026, 12, 1), date(2026, 12, 7)) == {date(2026, 12, 4): 4}


@pytest.mark.parametrize("how", ["missing", "emptied"])
def test_a_diary_file_gone_missing_is_said_and_its_backup_never_rotated_away(
    data_dir: Path, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    """QA (session 41): with hearth.db deleted or emptied to 0 bytes outside Hearth, every command opened a
    new, empty diary without a word, and a week of its backups shredded every backup that held entries.
    Deleting an entry deletes it from the backups too, so a backup holding entries beside an empty diary is
    what the person did not mean to lose: each command says so, with the path, and the backups of the empty
    diary rotate around that one."""
    from app.cli import main

    with _diary_with(data_dir, ["precious", "also precious"]) as diary:
        held = diary.backup()
    for path in data_dir.glob("hearth.db*"):
        path.unlink()
    if how == "emptied":
        (data_dir / "hearth.db").write_bytes(b"")
    with Diary.open(data_dir) as empty:
        assert empty.emptied() == HeldEntries(held, 2)
        made = [empty.backup() for _ in range(KEEP + 2)]
        assert held.exists() and not made[0].exists()  # the empty diary's oldest rotated, not `held`
        assert empty.emptied() == HeldEntries(held, 2)  # still the one offered: the newer ones hold nothing
    assert main(["--data-dir", str(data_dir), "search", "precious"]) == 0
    err = capsys.readouterr().err
    assert "Your diary is empty, but the backup" in err and "2 entries" in err and str(held) in err
    assert main(["--data-dir", str(data_dir), "restore"]) == 0  # that one, not the newest
    capsys.readouterr()
    with Diary.open(data_dir) as restored:
        assert _texts(restored) == ["precious", "also precious"] and restored.emptied() is None
    assert main(["--data-dir", str(data_dir), "stats"]) == 0
    assert "empty" not in capsys.readouterr().err


def test_a_new_diary_and_one_written_again_are_not_said_to_be_empty(data_dir: Path) -> None:
    with Diary.open(data_dir) as new:
        new.backup()
        assert new.emptied() is None  # no backup holds entries: a first start
    with _diary_with(data_dir, ["kept"]) as diary:
        diary.backup()
    for path in data_dir.glob("hearth.db*"):
        path.unlink()
    with _diary_with(data_dir, ["written again"]) as again:
        assert again.emptied() is None  # the person writes again: no longer an empty diary


def test_a_plain_restore_passes_over_a_damaged_newest_backup(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA (session 41): `hearth restore` took the newest backup even when it was damaged and stopped there."""
    from app.cli import main

    with _diary_with(data_dir, ["older entry"]) as diary:
        older = diary.backup()
        diary.add_message(diary.conversation_for_day(date(2026, 12, 1)).id or 0, "user", "newer entry")
        newest = diary.backup()
    data = bytearray(newest.read_bytes())
    data[4096 * 3 : 4096 * 6] = bytes(range(256)) * 48  # whole pages of the middle overwritten
    newest.write_bytes(bytes(data))
    assert main(["--data-dir", str(data_dir), "restore"]) == 0
    out, err = capsys.readouterr()
    assert f"Passed over {newest.name}:" in err and str(older) in out
    with Diary.open(data_dir) as restored:
        assert _texts(restored) == ["older entry"]


def test_an_io_error_on_a_full_disk_is_said_to_be_the_full_disk(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA (session 41): on a full disk a chat's start said "The diary file could not be read or written":
    SQLite names a full disk SQLITE_FULL only when its pages do not fit, and an I/O error when it cannot grow
    the WAL index or make a journal. With almost nothing free beside the diary, it is the full disk (checked
    by hand on a full tmpfs; here the disk's free space is what the test says)."""
    import shutil
    import sqlite3

    from app.store import DiskFull
    from app.store.db import NEARLY_FULL_BYTES, translate

    failure = sqlite3.OperationalError("disk I/O error")
    failure.sqlite_errorcode = 4874  # type: ignore[attr-defined]  # SQLITE_IOERR_SHMSIZE
    diary_file = data_dir / "hearth.db"
    data_dir.mkdir(parents=True, exist_ok=True)
    free = {"bytes": NEARLY_FULL_BYTES - 1}
    real = shutil.disk_usage
    monkeypatch.setattr(shutil, "disk_usage", lambda path: real(path)._replace(free=free["bytes"]))
    said = translate(failure, diary_file)
    assert isinstance(said, DiskFull) and str(said) == "The disk is full: the diary could not be written."
    free["bytes"] = 10 * NEARLY_FULL_BYTES
    said = translate(failure, diary_file)
    assert not isinstance(said, DiskFull) and str(said) == "The diary file could not be read or written."
    assert not isinstance(translate(failure), DiskFull)  # no path: nothing to check
