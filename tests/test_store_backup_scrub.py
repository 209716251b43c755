"""Deleting a fact, a message or a day deletes it from the backups too (issue 18, item 7): the README's
"the bytes are gone" holds for every file Hearth keeps, checked by scanning the raw bytes."""

from __future__ import annotations

import os
from datetime import date, datetime, timedelta
from pathlib import Path

from app.store import Diary, DiaryKey
from tests.cipher_pages import holds

SECRET_FACT = "Allergic to zanzibarine tablets"
SECRET_ENTRY = "Told nobody about the quokkafest letter"


def _raw_bytes_hold(paths: list[Path], text: str, key: DiaryKey | None) -> list[str]:
    """Backups whose bytes hold ``text`` — of an encrypted diary, their decrypted pages (free ones too)."""
    return holds(paths, text, key)


def _diary_with_backups(data_dir: Path) -> tuple[Diary, int, int]:
    diary = Diary.open(data_dir)
    cid = diary.conversation_for_day(date(2026, 3, 2)).id
    message = diary.add_message(cid, "user", SECRET_ENTRY)
    diary.add_message(cid, "user", "An ordinary line about the garden.")
    fact = diary.add_fact(SECRET_FACT, kind="health")
    start = datetime.now()
    for day in range(3):  # three daily backups, each holding both secrets
        diary.maybe_backup(start + timedelta(days=day))
    assert len(_raw_bytes_hold(diary.list_backups(), SECRET_FACT, diary.key)) == 3
    return diary, message.id, fact.id


def test_a_deleted_fact_leaves_every_backup(data_dir: Path) -> None:
    diary, _, fact_id = _diary_with_backups(data_dir)
    try:
        diary.delete_fact(fact_id)
        assert _raw_bytes_hold(diary.list_backups(), SECRET_FACT, diary.key) == []
        assert diary.unscrubbed_files == []
        restored = Diary.open(data_dir / "other")
        restored.restore(diary.list_backups()[0])
        assert SECRET_FACT not in [f.text for f in restored.list_facts()]
        assert restored.is_forgotten(SECRET_FACT)  # the fingerprint went with the deletion
        restored.close()
    finally:
        diary.close()


def test_a_deleted_entry_leaves_every_backup_and_they_still_restore(data_dir: Path) -> None:
    diary, message_id, _ = _diary_with_backups(data_dir)
    try:
        diary.delete_message(message_id)
        assert _raw_bytes_hold(diary.list_backups(), SECRET_ENTRY, diary.key) == []
        assert all(not Path(f"{p}-wal").exists() for p in diary.list_backups())  # single files again
        restored = Diary.open(data_dir / "other")
        restored.restore(diary.list_backups()[-1])
        texts = [m.text for c in restored.list_conversations() for m in restored.messages(c.id)]
        assert texts == ["An ordinary line about the garden."]
        assert restored.search("quokkafest") == []
        restored.close()
    finally:
        diary.close()


def test_a_backup_that_cannot_be_changed_is_named(data_dir: Path) -> None:
    diary, message_id, _ = _diary_with_backups(data_dir)
    try:
        broken = diary.list_backups()[0]
        broken.write_bytes(b"not a database at all" * 100)
        diary.delete_message(message_id)
        assert diary.unscrubbed_files == [broken]
        assert _raw_bytes_hold(diary.list_backups()[1:], SECRET_ENTRY, diary.key) == []
    finally:
        diary.close()


def _left_by_a_killed_backup(data_dir: Path, age_s: float) -> Path:
    """A half-written backup copy holding the secret, as a SIGKILL during `hearth backup` leaves it."""
    partial = data_dir / "backups" / "hearth-20260302-100000-000000.db.partial"
    partial.parent.mkdir(parents=True, exist_ok=True)
    partial.write_bytes(b"SQLite format 3\x00" + SECRET_ENTRY.encode() + b"\x00" * 4096)
    stamp = datetime.now().timestamp() - age_s
    os.utime(partial, (stamp, stamp))
    return partial


def test_the_next_start_shreds_a_partial_copy_a_killed_backup_left(data_dir: Path) -> None:
    Diary.open(data_dir).close()
    stale = _left_by_a_killed_backup(data_dir, age_s=3600)
    Diary.open(data_dir).close()
    assert not stale.exists()


def test_a_partial_copy_being_written_now_is_left_alone_at_start(data_dir: Path) -> None:
    Diary.open(data_dir).close()
    fresh = _left_by_a_killed_backup(data_dir, age_s=0)  # another process's backup, still running
    Diary.open(data_dir).close()
    assert fresh.exists()


def test_a_deletion_and_forget_everything_shred_partial_copies_at_once(data_dir: Path) -> None:
    diary, message_id, _ = _diary_with_backups(data_dir)
    try:
        partial = _left_by_a_killed_backup(data_dir, age_s=0)
        diary.delete_message(message_id)
        assert not partial.exists()
        partial = _left_by_a_killed_backup(data_dir, age_s=0)
        diary.forget_everything()
        assert not partial.exists()
    finally:
        diary.close()
