"""Encryption at rest with real SQLCipher: no plaintext on disk, wrong keys fail clean, nothing is lost."""

from __future__ import annotations

import logging
import os
from datetime import date, timedelta
from pathlib import Path

import pytest
import sqlcipher3

from app.store import (
    Diary,
    DiaryKey,
    InvalidValue,
    PassphraseNeeded,
    StoreError,
    UnlockThrottle,
    WrongPassphrase,
    new_key,
    unlock,
)
from app.store import encryption as enc

PASS = "lantern-orchard-47"
OTHER = "quiet-harbour-913"
MARKERS = ("zanzibarine", "Кириллица-маркер", "marmalade-otter")  # written as entries and as facts


def _write(diary: Diary, day: date, tag: str) -> None:
    conversation = diary.conversation_for_day(day)
    for marker in MARKERS:
        diary.add_message(conversation.id, "user", f"{tag} {marker} by the river")
        diary.add_message(conversation.id, "assistant", f"{tag} reply about {marker}")
    diary.add_fact(f"{tag}: the cat is called {MARKERS[1]}", kind="pet")
    diary.add_fact(f"{tag}: allergic to {MARKERS[0]}", kind="health", pinned=True)


def _files(data_dir: Path) -> list[Path]:
    return sorted(p for p in data_dir.rglob("*") if p.is_file())


def _plaintext_in(data_dir: Path) -> list[str]:
    """Every (file, marker) whose UTF-8 bytes are in a file of the data dir (db, -wal, -shm, backups…)."""
    found = []
    for path in _files(data_dir):
        data = path.read_bytes()
        found += [f"{path.name}: {m}" for m in MARKERS if m.encode("utf-8") in data]
    return found


def _snapshot(data_dir: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p): (p.read_bytes(), p.stat().st_mtime_ns) for p in _files(data_dir)}


def _everything(diary: Diary) -> dict[str, object]:
    return diary.export_json()


@pytest.fixture
def key() -> DiaryKey:
    return DiaryKey(PASS).derive()


def _plain_diary_with_backups(data_dir: Path) -> dict[str, object]:
    with Diary.open(data_dir) as diary:
        _write(diary, date.today() - timedelta(days=2), "before")
        diary.backup()
        diary.backup()
        return _everything(diary)


def test_turning_encryption_on_leaves_no_plaintext_in_any_file(data_dir: Path, key: DiaryKey) -> None:
    before = _plain_diary_with_backups(data_dir)
    assert _plaintext_in(data_dir)  # the scan does find plain text in a plain diary
    with Diary.open(data_dir) as diary:
        diary.change_key(key)
    assert _plaintext_in(data_dir) == []
    with Diary.open(data_dir, key) as diary:
        assert _everything(diary) == before  # not a word lost
        _write(diary, date.today(), "after")  # now in the WAL too
        assert Path(f"{diary.path}-wal").stat().st_size > 0
        assert _plaintext_in(data_dir) == []  # db, -wal and -shm while it is open
        diary.backup()
        diary.maybe_backup()
        assert diary.search(MARKERS[1]) and diary.search("zanzibarine")
        assert _plaintext_in(data_dir) == []
    assert _plaintext_in(data_dir) == []
    assert {p.name for p in (data_dir / "backups").iterdir()} and all(
        not enc.is_plain(p) for p in (data_dir / "backups").iterdir()
    )


def test_a_new_diary_made_with_a_key_is_encrypted_from_its_first_word(data_dir: Path, key: DiaryKey) -> None:
    with Diary.open(data_dir, key) as diary:
        _write(diary, date.today(), "first")
        assert diary.encrypted
    assert Diary.is_encrypted(data_dir) and _plaintext_in(data_dir) == []


def test_the_file_is_standard_sqlcipher_4_opened_by_its_passphrase(data_dir: Path, key: DiaryKey) -> None:
    """Our one-time derivation is SQLCipher's KDF: its own ``PRAGMA key = '<passphrase>'`` opens it."""
    with Diary.open(data_dir, key) as diary:
        _write(diary, date.today(), "compat")
    conn = sqlcipher3.connect(str(data_dir / "hearth.db"))
    conn.execute(f"PRAGMA key = '{PASS}'")
    assert conn.execute("SELECT count(*) FROM message").fetchone()[0] == 6
    assert conn.execute("PRAGMA cipher_version").fetchone()[0].startswith("4.")
    conn.close()


def test_a_wrong_passphrase_fails_cleanly_and_touches_nothing(
    data_dir: Path, key: DiaryKey, caplog: pytest.LogCaptureFixture
) -> None:
    with Diary.open(data_dir, key) as diary:
        _write(diary, date.today(), "locked")
    before = _snapshot(data_dir)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(WrongPassphrase) as err:
        unlock(data_dir, OTHER)
    with pytest.raises(PassphraseNeeded) as needed:
        Diary.open(data_dir)
    assert _snapshot(data_dir) == before  # same bytes, same times, no side file made
    for text in (str(err.value), err.value.hint, repr(err.value), str(needed.value), caplog.text):
        assert OTHER not in text and PASS not in text
    assert "cannot be recovered" in err.value.hint and "forget-everything" in needed.value.hint
    with unlock(data_dir, PASS) as diary:  # and the right one still opens it
        assert len(diary.search("river")) == 3


def test_the_passphrase_is_never_shown(key: DiaryKey) -> None:
    assert PASS not in repr(key) and PASS not in str(key) and PASS not in f"{key}"
    with pytest.raises(TypeError):
        import pickle

        pickle.dumps(key)
    key.forget()
    with pytest.raises(WrongPassphrase):
        key.raw(os.urandom(16))


def test_a_short_new_passphrase_is_refused() -> None:
    with pytest.raises(InvalidValue, match="at least 8"):
        new_key("short")


def test_change_passphrase_then_decrypt_keeps_every_row(data_dir: Path, key: DiaryKey) -> None:
    before = _plain_diary_with_backups(data_dir)
    with Diary.open(data_dir) as diary:
        diary.change_key(key)
    other = new_key(OTHER)
    with Diary.open(data_dir, key) as diary:
        diary.change_key(other)
    with pytest.raises(WrongPassphrase):
        unlock(data_dir, PASS)  # the old passphrase opens nothing any more
    for backup in (data_dir / "backups").iterdir():
        with pytest.raises(StoreError, match="another passphrase"):
            from app.store.backup import check_backup

            check_backup(backup, DiaryKey(PASS))
    with Diary.open(data_dir, other) as diary:
        assert _everything(diary) == before
        diary.change_key(None)
    assert not Diary.is_encrypted(data_dir) and not (data_dir / "encryption.json").exists()
    with Diary.open(data_dir) as diary:
        assert _everything(diary) == before and not diary.encrypted
        assert len(diary.list_backups()) == 2
        diary.restore(diary.list_backups()[-1])  # the backups were decrypted too
        assert len(diary.search("river")) == 3


def test_backups_restore_across_keys(data_dir: Path, key: DiaryKey) -> None:
    """A plain backup restores into an encrypted diary (through an encrypted copy) and stays private."""
    before = _plain_diary_with_backups(data_dir)
    plain_copy = data_dir.parent / "old-plain-backup.db"
    plain_copy.write_bytes(sorted((data_dir / "backups").iterdir())[0].read_bytes())
    with Diary.open(data_dir) as diary:
        diary.change_key(key)
    with Diary.open(data_dir, key) as diary:
        diary.forget_everything()
        assert diary.search("river") == []
        diary.restore(plain_copy)
        assert len(diary.search("river")) == 3
        assert diary.list_facts() and diary.export_json()["messages"] == before["messages"]
        archive = diary.export_encrypted(data_dir.parent / "archive.db")
    assert MARKERS[0].encode() not in archive.read_bytes() and not enc.is_plain(archive)
    assert _plaintext_in(data_dir) == []


def test_a_deleted_entry_leaves_the_encrypted_backups_too(data_dir: Path, key: DiaryKey) -> None:
    with Diary.open(data_dir, key) as diary:
        conversation = diary.conversation_for_day(date.today())
        gone = diary.add_message(conversation.id, "user", "a secret about the lighthouse")
        diary.backup()
        diary.delete_message(gone.id)
        assert diary.unscrubbed_files == []
        with Diary.open(data_dir.parent / "restored", key) as other:
            other.restore(diary.list_backups()[0])
            assert other.search("lighthouse") == []


def test_forgotten_passphrase_start_over(data_dir: Path, key: DiaryKey) -> None:
    with Diary.open(data_dir, key) as diary:
        _write(diary, date.today(), "lost")
        diary.backup()
    Diary.forget_locked(data_dir)
    assert not Diary.is_encrypted(data_dir)
    with Diary.open(data_dir) as fresh:
        assert fresh.search("river") == [] and fresh.list_backups() == [] and not fresh.encrypted


def test_a_crash_leftover_is_cleared_at_the_next_open(data_dir: Path, key: DiaryKey) -> None:
    """A ``.new`` (never swapped in) and an ``.old`` (swapped out, not yet shredded) go at the next open."""
    before = _plain_diary_with_backups(data_dir)
    (data_dir / "hearth.db.new").write_bytes(b"half an export")
    (data_dir / "hearth.db.old").write_bytes((data_dir / "hearth.db").read_bytes())
    with Diary.open(data_dir) as diary:
        assert _everything(diary) == before
    assert not (data_dir / "hearth.db.new").exists() and not (data_dir / "hearth.db.old").exists()


def test_unlock_throttle_grows_and_resets() -> None:
    now = [100.0]
    slept: list[float] = []
    throttle = UnlockThrottle(clock=lambda: now[0], sleep=slept.append)
    waits = [throttle.failed() for _ in range(8)]
    assert waits[:2] == [0.0, 0.0] and waits[2:6] == [1.0, 2.0, 4.0, 8.0] and max(waits) <= 30
    throttle.wait()
    assert slept == [waits[-1]]
    now[0] += 1000
    assert throttle.remaining() == 0
    throttle.succeeded()
    assert throttle.delay() == 0.0


def test_at_open_a_backup_under_a_changed_passphrase_is_shredded_and_one_under_this_passphrase_kept(
    data_dir: Path, key: DiaryKey
) -> None:
    """What an older Hearth's crash during a rekey left: backups under the passphrase the person dropped."""
    with Diary.open(data_dir, key) as diary:
        _write(diary, date.today(), "now")
        own = diary.backup()
    strays = {}
    for name, passphrase in (("stale", OTHER), ("resalted", PASS)):  # resalted: same passphrase, new salt
        with Diary.open(data_dir.parent / name, DiaryKey(passphrase)) as other:
            _write(other, date.today(), name)
            made = other.backup()
        strays[name] = data_dir / "backups" / f"hearth-2020010{len(strays) + 1}-000000-000000.db"
        strays[name].write_bytes(made.read_bytes())
    with Diary.open(data_dir, DiaryKey(PASS)) as diary:
        assert set(diary.list_backups()) == {own, strays["resalted"]}
        diary.restore(strays["resalted"])  # still a backup of this person's, under this passphrase
        assert diary.search("resalted")
    assert not strays["stale"].exists() and _plaintext_in(data_dir) == []
