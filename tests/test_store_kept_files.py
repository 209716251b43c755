"""Files kept after damage and "deletion that really deletes" (``app.store.kept``): a deletion scrubs the copy
of the diary file kept beside a damaged log, names the files it cannot change — the log's copy, a damaged
file set aside, a copy that does not open — so the person can delete them, and only those; a passphrase
change names them all. Real crashes (``tests.wal_kill_driver``), real SQLite and SQLCipher files, their
bytes scanned (decrypted pages, when encrypted: ``tests.cipher_pages``).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
from pathlib import Path

import pytest

from app.store import DatabaseCorrupt, Diary, DiaryKey, LostWrites
from app.store.kept import is_encrypted, kept_files
from app.store.opening import aside_files
from tests.cipher_pages import holds
from tests.test_store_lost_writes import BEFORE, COUNT, _crash, _garbage_header
from tests.wal_frames import break_early
from tests.wal_kill_driver import DAY

OTHER_PASSPHRASE = "a different passphrase for the kept files test"


def _key(mode_key: object) -> DiaryKey | None:
    return mode_key if isinstance(mode_key, DiaryKey) else None


def _kept_after_a_crash(data_dir: Path) -> tuple[Diary, LostWrites]:
    """An open diary whose last writes a damaged log lost: the log's and the diary file's copies kept."""
    break_early(data_dir, _crash(data_dir))
    diary = Diary.open(data_dir)
    assert diary.lost_writes is not None and diary.lost_writes.diary_copy is not None
    return diary, diary.lost_writes


def _set_aside_after_a_crash(data_dir: Path) -> DatabaseCorrupt:
    """The diary file damaged too after a crash: set aside, the copy of it unreadable like it."""
    break_early(data_dir, _crash(data_dir, backup_after=COUNT - 1))
    _garbage_header(data_dir)
    with pytest.raises(DatabaseCorrupt) as err:
        Diary.open(data_dir)
    assert err.value.backup is not None and err.value.moved_to is not None
    return err.value


def _first_entry(diary: Diary) -> int:
    """The entry written before the crash (``BEFORE``): in the diary file, so in its kept copy too."""
    first = diary.messages(diary.conversation_for_day(DAY).id or 0)[0]
    assert first.text == BEFORE[0]
    return first.id or 0


def test_a_deletion_scrubs_the_kept_diary_file_and_names_the_log_copy(
    data_dir: Path, mode_key: object
) -> None:
    diary, lost = _kept_after_a_crash(data_dir)
    base, key = lost.diary_copy, _key(mode_key)
    assert base is not None
    try:
        assert holds([base], BEFORE[0], key) == [base.name]
        diary.delete_message(_first_entry(diary))
        assert holds([base], BEFORE[0], key) == []  # its bytes, free pages included
        assert not Path(f"{base}-wal").exists() and stat.S_IMODE(base.stat().st_mode) == 0o600
        assert diary.unscrubbed_files == [lost.kept]  # a log's copy cannot be changed: named
        assert diary.scrub_again() == [lost.kept]
        diary.delete_files(diary.unscrubbed_files)
        assert not lost.kept.exists() and diary.unscrubbed_files == [] and base.exists()
    finally:
        diary.close()


def test_a_damaged_file_set_aside_and_a_copy_that_does_not_open_are_named(
    data_dir: Path, mode_key: object
) -> None:
    """The diary file damaged too: set aside, its copy unreadable like it. After the backup is restored, a
    deletion of an entry they hold names the three files, leaves them as they were, and deletes them when
    asked; the backup itself is scrubbed."""
    damaged = _set_aside_after_a_crash(data_dir)
    log_copy, base = damaged.kept
    assert damaged.backup is not None and damaged.moved_to is not None
    as_kept = base.read_bytes()
    with Diary.open(data_dir) as diary:
        diary.restore(damaged.backup)
        diary.delete_message(_first_entry(diary))
        assert sorted(diary.unscrubbed_files) == sorted([base, log_copy, damaged.moved_to])
        assert base.read_bytes() == as_kept  # not opened for writing: it could not be
        assert holds(diary.list_backups(), BEFORE[0], _key(mode_key)) == []
        diary.delete_files(diary.unscrubbed_files)
        assert diary.unscrubbed_files == [] and aside_files(data_dir) == []  # side files with them


def test_forget_everything_shreds_every_file_kept_after_damage(data_dir: Path) -> None:
    _set_aside_after_a_crash(data_dir)
    with Diary.open(data_dir) as diary:
        assert len(kept_files(data_dir)) == 3  # the log's copy, the diary file's, the damaged file
        diary.forget_everything()
    assert aside_files(data_dir) == []  # their side files too


def test_files_kept_before_an_entry_was_written_are_not_named(data_dir: Path) -> None:
    diary, lost = _kept_after_a_crash(data_dir)
    base = lost.diary_copy
    assert base is not None
    an_hour_ago = time.time() - 3600
    for path in (lost.kept, base):
        os.utime(path, (an_hour_ago, an_hour_ago))
    as_kept = base.read_bytes()
    try:
        later = diary.add_message(diary.conversation_for_day(DAY).id or 0, "user", "written after the damage")
        diary.delete_message(later.id or 0)
        assert diary.unscrubbed_files == [] and base.read_bytes() == as_kept  # it cannot hold it: untouched
    finally:
        diary.close()


def test_only_hearths_own_files_are_deleted(data_dir: Path, tmp_path: Path) -> None:
    diary, lost = _kept_after_a_crash(data_dir)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    outside = elsewhere / lost.kept.name  # named like a kept file, but not in the data dir
    outside.write_bytes(b"someone else's file")
    linked = data_dir / "hearth.db.corrupt-20260101-120000-000000.wal"  # a kept file's name, a link out
    linked.symlink_to(outside)
    roundabout = data_dir / "backups" / ".." / lost.kept.name
    try:
        not_kept = [data_dir / "hearth.db", data_dir / "encryption.json"]
        diary.delete_files([outside, linked, roundabout, *not_kept])
        assert outside.read_bytes() == b"someone else's file" and linked.is_symlink()
        assert lost.kept.exists() and (data_dir / "hearth.db").exists()
        assert diary.get_message(_first_entry(diary)) is not None
    finally:
        diary.close()


def test_a_passphrase_change_names_the_kept_files_it_does_not_rewrite(data_dir: Path) -> None:
    """Encrypting a plain diary, or re-keying an encrypted one, leaves the kept files as they were: the
    change returns them to be told; decrypting leaves none under a key the diary no longer has."""
    diary, lost = _kept_after_a_crash(data_dir)
    other, base = DiaryKey(OTHER_PASSPHRASE), lost.diary_copy
    assert base is not None
    kept = diary.change_key(other)  # (closes the diary)
    assert sorted(kept) == sorted([lost.kept, base])
    with Diary.open(data_dir, other) as again:
        assert again.change_key(None) == []


def test_a_kept_file_is_plain_or_encrypted_as_its_own_bytes_are(data_dir: Path, mode_key: object) -> None:
    """What a change leaves readable, and how: a log's copy starts with a log's header either way, so it is
    as the diary file copied with it (whose pages its frames are); the change does not alter either. So a
    copy kept while the diary was plain is still plain after it is encrypted, and one kept under a key is
    still under it after a re-key. Told or not yet told; a log's copy whose diary copy is gone is taken as
    plain."""
    diary, lost = _kept_after_a_crash(data_dir)
    base, encrypted = lost.diary_copy, mode_key is not None
    assert base is not None
    assert [is_encrypted(lost.kept), is_encrypted(base)] == [encrypted, encrypted]
    kept = diary.change_key(DiaryKey(OTHER_PASSPHRASE))  # encrypts a plain diary, re-keys an encrypted one
    assert sorted(kept) == sorted([lost.kept, base])
    assert [is_encrypted(lost.kept), is_encrypted(base)] == [encrypted, encrypted]
    untold = lost.kept.rename(f"{lost.kept}.untold")  # as an open that failed after the copy leaves it
    assert is_encrypted(untold) == encrypted
    base.unlink()
    assert not is_encrypted(untold)


def test_a_plain_file_that_lost_its_header_is_not_taken_for_an_encrypted_one(data_dir: Path) -> None:
    """A damaged diary set aside may have lost its header while its pages still hold the diary's words:
    whole pages without the plain header are not enough to call it encrypted (the words would be said to
    need a passphrase that does not guard them). Unreadable, a file is taken as plain too."""
    data_dir.mkdir(parents=True, exist_ok=True)
    damaged = data_dir / "hearth.db.corrupt-20261201-101500"
    with contextlib.closing(sqlite3.connect(damaged)) as db:  # a plain diary's pages, as SQLite writes them
        db.execute("CREATE TABLE message (text TEXT)")
        db.executemany("INSERT INTO message VALUES (?)", [("my secret diary text " * 40,)] * 20)
        db.commit()
    body = damaged.read_bytes()
    damaged.write_bytes(bytes(16) + body[16:])  # the header gone, whole pages left
    assert len(body) % 4096 == 0 and b"my secret diary text" in damaged.read_bytes()
    assert not is_encrypted(damaged)
    random_pages = data_dir / "hearth.db.corrupt-20261202-101500"
    random_pages.write_bytes(os.urandom(8192))  # what SQLCipher's pages look like
    assert is_encrypted(random_pages)
    random_pages.chmod(0)
    if os.access(random_pages, os.R_OK):  # root reads it anyway
        return
    assert not is_encrypted(random_pages)
