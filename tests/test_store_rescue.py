"""A damaged file whose entries can all be read is copied into a new one (``app.store.rescue``): nothing the
person wrote is lost to damage in the search index or a cache. Damage to the entries themselves still
sets the file aside and offers the latest backup. Runs on a plain and on an encrypted diary.
"""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from app.store import DatabaseCorrupt, Diary, DiaryKey
from app.store.rescue import RESCUE_FILE
from tests.cipher_pages import connect_raw

PAGE = 4096
ENTRIES = 300


def _diary(data_dir: Path) -> Path:
    """A diary of a few months: entries, facts (one forgotten), a mood, vectors' and counts' tables used;
    returns its latest backup."""
    with Diary.open(data_dir) as diary:
        for i in range(ENTRIES):
            day = date(2026, 1 + i // 100, 1 + i % 28)
            cid = diary.conversation_for_day(day).id or 0
            diary.add_message(cid, "user", f"entry {i}: walked by the river with Anna, rain and tea {i * 7}")
        diary.add_fact("Sister: Nora, lives in Lisbon", kind="person")
        gone = diary.add_fact("Code word Quillanbrot")
        diary.delete_fact(gone.id or 0)
        diary.set_mood(date(2026, 1, 3), 4)
        return diary.backup()


def _root_page(data_dir: Path, key: DiaryKey | None, table: str) -> int:
    conn = connect_raw(data_dir / "hearth.db", key)
    try:
        return int(conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0])
    finally:
        conn.close()


def _damage_page(data_dir: Path, page: int) -> None:
    """Bytes overwritten in the middle of one page, as a failing disk or a stray write would."""
    path = data_dir / "hearth.db"
    data = bytearray(path.read_bytes())
    start = (page - 1) * PAGE
    data[start : start + 3000] = bytes(range(256)) * 11 + bytes(184)
    path.write_bytes(bytes(data))


def test_damage_in_the_search_index_is_rescued_with_every_entry(data_dir: Path, mode_key: object) -> None:
    key = mode_key if isinstance(mode_key, DiaryKey) else None
    backup = _diary(data_dir)
    with Diary.open(data_dir) as diary:
        diary.purge()  # everything in the main file, none in the WAL
        before = diary.export_json()
    _damage_page(data_dir, _root_page(data_dir, key, "message_fts_data"))
    with Diary.open(data_dir) as diary:
        rescued = diary.rescued
        assert rescued is not None and rescued.messages == ENTRIES and rescued.facts == 1
        assert rescued.aside.exists() and rescued.aside.name.startswith("hearth.db.corrupt-")
        after = diary.export_json()
        assert after["messages"] == before["messages"] and after["facts"] == before["facts"]
        assert after["forgotten_facts"] == before["forgotten_facts"]
        assert diary.is_forgotten("Code word Quillanbrot")
        assert len(diary.search("river", limit=1000)) == ENTRIES  # the index, rebuilt
        assert diary.integrity_check() == "ok"
        cid = diary.conversation_for_day(date(2026, 3, 2)).id or 0
        new = diary.add_message(cid, "user", "written after the rescue")
        assert (new.id or 0) > max(m["id"] for m in before["messages"])
    assert backup.exists() and not (data_dir / RESCUE_FILE).exists()
    with Diary.open(data_dir) as again:  # a plain start afterwards
        assert again.rescued is None and len(again.search("rescue")) == 1


def test_damage_in_the_entries_still_sets_the_file_aside(data_dir: Path, mode_key: object) -> None:
    key = mode_key if isinstance(mode_key, DiaryKey) else None
    backup = _diary(data_dir)
    with Diary.open(data_dir) as diary:
        diary.purge()
    _damage_page(data_dir, _root_page(data_dir, key, "message"))
    with pytest.raises(DatabaseCorrupt) as err:
        Diary.open(data_dir)
    assert err.value.backup == backup and err.value.moved_to is not None and err.value.moved_to.exists()
    assert not (data_dir / RESCUE_FILE).exists()  # the half-made copy went


def test_a_rescue_killed_half_way_is_shredded_at_the_next_start(data_dir: Path) -> None:
    _diary(data_dir)
    (data_dir / RESCUE_FILE).write_bytes(b"a half-made copy with diary text")
    Diary.open(data_dir).close()
    assert not (data_dir / RESCUE_FILE).exists()


@pytest.mark.plain_only  # writes the file's schema with plain sqlite3
def test_an_index_that_no_longer_matches_its_table_is_rescued(data_dir: Path) -> None:
    _diary(data_dir)
    conn = sqlite3.connect(data_dir / "hearth.db")
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = replace(sql, 'conversation_id, id', 'role, id') "
                 "WHERE name = 'ix_message_conversation'")  # fmt: skip
    conn.commit()
    conn.close()
    (data_dir / ".hearth-check-deeply").touch()  # damage was seen while running: the deeper check
    with Diary.open(data_dir) as diary:
        assert diary.rescued is not None and diary.rescued.messages == ENTRIES
        assert diary.integrity_check() == "ok"


def test_the_cli_says_the_diary_was_rescued(
    data_dir: Path, mode_key: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli import main

    key = mode_key if isinstance(mode_key, DiaryKey) else None
    _diary(data_dir)
    with Diary.open(data_dir) as diary:
        diary.purge()
    _damage_page(data_dir, _root_page(data_dir, key, "message_fts_data"))
    assert main(["--data-dir", str(data_dir), "search", "Anna", "--json"]) == 0
    captured = capsys.readouterr()
    assert "Hearth copied everything it could read into a new file (entries: 300; facts: 1)" in captured.err
    assert "hearth.db.corrupt-" in captured.err and "Traceback" not in captured.err
    assert captured.out.count('"message_id"') == 20  # the search's default limit, from the rebuilt index


def test_a_rescue_never_replaces_a_file_another_process_is_writing(data_dir: Path, mode_key: object) -> None:
    """Review, session 21: `hearth stats` (no lock) rescued a diary the window was writing to; the window's
    next entry then went into the file set aside. With the lock held elsewhere the file is left alone."""
    import filelock

    from app.config import LOCK_FILE
    from app.store import DamagedFile

    key = mode_key if isinstance(mode_key, DiaryKey) else None
    _diary(data_dir)
    with Diary.open(data_dir) as diary:
        diary.purge()
    _damage_page(data_dir, _root_page(data_dir, key, "message_fts_data"))
    damaged = (data_dir / "hearth.db").read_bytes()
    other = filelock.FileLock(str(data_dir / LOCK_FILE), timeout=0)  # as another process's window holds it
    other.acquire()
    try:
        with pytest.raises(DamagedFile) as err:
            Diary.open(data_dir)
        assert "another Hearth window" in str(err.value)
        assert (data_dir / "hearth.db").read_bytes() == damaged and not list(data_dir.glob("*.corrupt-*"))
    finally:
        other.release()
    with Diary.open(data_dir) as diary:  # once it is free, the next start repairs it
        assert diary.rescued is not None and diary.rescued.messages == ENTRIES


def test_a_kill_between_a_rescues_renames_is_finished_at_the_next_open(data_dir: Path) -> None:
    """Review: with the damaged file moved aside and the whole copy not yet in place, the next open made an
    empty diary and shredded the copy. The whole copy (hearth.db.rescued) is now put in place instead."""
    from app.store.rescue import RESCUED_FILE

    _diary(data_dir)
    with Diary.open(data_dir) as diary:
        diary.purge()
        before = diary.export_json()["messages"]
    (data_dir / "hearth.db").rename(data_dir / RESCUED_FILE)  # killed after moving the damaged file aside
    with Diary.open(data_dir) as diary:
        assert diary.export_json()["messages"] == before
    assert not (data_dir / RESCUED_FILE).exists()


def test_after_a_rescue_a_deleted_entry_does_not_live_on_in_the_damaged_file(
    data_dir: Path, mode_key: object
) -> None:
    key = mode_key if isinstance(mode_key, DiaryKey) else None
    _diary(data_dir)
    with Diary.open(data_dir) as diary:
        last = max(m["id"] for m in diary.export_json()["messages"])
        diary.delete_message(last)  # the highest id: a rescue must not hand it out again
        diary.purge()
    _damage_page(data_dir, _root_page(data_dir, key, "message_fts_data"))
    with Diary.open(data_dir) as diary:
        assert diary.rescued is not None and diary.rescued.aside.exists()
        cid = diary.conversation_for_day(date(2026, 3, 2)).id or 0
        assert (diary.add_message(cid, "user", "after").id or 0) > last
        first = min(m["id"] for m in diary.export_json()["messages"])
        diary.delete_message(first)
        assert not diary.rescued.aside.exists() and not list(data_dir.glob("hearth.db.corrupt-*"))


@pytest.mark.plain_only  # changes one byte of a plain page (an encrypted page would fail its HMAC instead)
def test_damage_that_hides_rows_without_an_error_is_not_rescued(data_dir: Path) -> None:
    """QA, session 21: a changed cell count made a scan return 228 of 604 entries with no error, and the
    rescue said it had copied everything. An index counting more rows than the table gave, or rows whose
    day is missing, now stop the rescue: the file is set aside as before, and the backup offered."""
    backup = _diary(data_dir)
    with Diary.open(data_dir) as diary:
        diary.purge()
    page = _root_page(data_dir, None, "message")
    path = data_dir / "hearth.db"
    data = bytearray(path.read_bytes())
    header = (page - 1) * PAGE
    data[header + 4] = max(1, data[header + 4] // 3)  # the low byte of the page's cell count
    path.write_bytes(bytes(data))
    (data_dir / ".hearth-check-deeply").touch()  # as after damage met while running: the full check
    with pytest.raises(DatabaseCorrupt) as err:
        Diary.open(data_dir)
    assert err.value.backup == backup and err.value.moved_to is not None


@pytest.mark.plain_only  # turns encryption on itself
def test_turning_encryption_on_after_a_rescue_leaves_no_plain_copy(data_dir: Path) -> None:
    _diary(data_dir)
    with Diary.open(data_dir) as diary:
        diary.purge()
    _damage_page(data_dir, _root_page(data_dir, None, "message_fts_data"))
    diary = Diary.open(data_dir)
    assert diary.rescued is not None and diary.rescued.aside.exists()
    key = DiaryKey("a passphrase for the rescued diary").derive()
    diary.change_key(key)  # closes it
    assert not list(data_dir.glob("hearth.db.corrupt-*"))  # the plain damaged copy went too
    with Diary.open(data_dir, key) as encrypted:
        assert len(encrypted.search("river", limit=1000)) == ENTRIES
