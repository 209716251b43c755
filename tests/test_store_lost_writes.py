"""A write-ahead log damaged on disk after a crash: the writes SQLite would drop without a word are kept
aside and told (``app.store.lost_writes``); a write the crash itself cut short, an intact log, an earlier
log's frames and a file that is no log are not. Runs on a plain and on an encrypted diary (the log's frame
headers and checksums are over the bytes as written, ciphertext included).

The crash is real: ``tests.wal_kill_driver`` writes entries and SIGKILLs itself with the diary open, or a
diary's files are copied while it is open (``tests.wal_frames.snapshot``).
"""

from __future__ import annotations

import errno
import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.store import DatabaseCorrupt, Diary, DiaryKey, StoreError, WrongPassphrase
from app.store import backup as backups
from app.store import lost_writes as lost_writes_module
from app.store.opening import aside_files
from app.store.wal import read_wal
from tests.test_store_rescue import _damage_page, _root_page
from tests.wal_frames import (
    break_early,
    commit_frames,
    frame_bytes,
    frame_start,
    killed_while_writing,
    snapshot,
)
from tests.wal_kill_driver import DAY, entry

BEFORE = ["written days ago, safe in the diary file"]
COUNT = 12


def _texts(diary: Diary) -> list[str]:
    return [m.text for m in diary.messages(diary.conversation_for_day(DAY).id or 0)]


def _diary_with_a_day(data_dir: Path) -> None:
    """A diary closed cleanly (everything in its file), with one entry on the day the crash writes to."""
    with Diary.open(data_dir) as diary:
        diary.add_message(diary.conversation_for_day(DAY).id or 0, "user", BEFORE[0])


def _crash(data_dir: Path, *, backup_after: int = -1) -> bytes:
    """COUNT entries written by a process killed with the diary open; returns its log, as left on disk."""
    _diary_with_a_day(data_dir)
    return killed_while_writing(data_dir, COUNT, backup_after=backup_after)


def _log(data_dir: Path) -> Path:
    return data_dir / "hearth.db-wal"


def _written_while_open(data_dir: Path, crashed: Path) -> None:
    """COUNT entries committed, then the diary's files copied to ``crashed`` as a crash would leave them."""
    _diary_with_a_day(data_dir)
    with Diary.open(data_dir) as diary:
        day = diary.conversation_for_day(DAY).id or 0
        for number in range(COUNT):
            diary.add_message(day, "user", entry(number))
        snapshot(data_dir, crashed)


@pytest.fixture
def quiet_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    with caplog.at_level(logging.INFO, logger="app.store"):
        yield caplog


# -- (a) committed entries past a damaged frame ----------------------------------------------------------
def test_entries_past_a_damaged_frame_are_kept_aside_and_told(
    data_dir: Path, quiet_log: pytest.LogCaptureFixture
) -> None:
    log = _crash(data_dir)
    break_early(data_dir, log)
    broken, diary_file = _log(data_dir).read_bytes(), (data_dir / "hearth.db").read_bytes()
    written_at = _log(data_dir).stat().st_mtime
    assert read_wal(_log(data_dir)).loses_commits
    with Diary.open(data_dir) as diary:
        lost = diary.lost_writes
        texts = _texts(diary)
        newest = max(m.created_at for m in diary.messages(diary.conversation_for_day(DAY).id or 0))
    everything = BEFORE + [entry(n) for n in range(COUNT)]
    assert texts == everything[: len(texts)] and len(BEFORE) < len(texts) < len(everything)  # SQLite's part
    assert lost is not None and lost.backup is None and lost.backup_made is None
    assert lost.kept.name.startswith("hearth.db.corrupt-") and lost.kept.name.endswith(".wal")
    assert lost.kept.read_bytes() == broken  # every frame, the dropped ones too
    assert lost.diary_copy is not None and lost.diary_copy.read_bytes() == diary_file  # the frames' base
    assert lost.newest_entry == newest and abs(lost.last_written.timestamp() - written_at) < 1
    for path in (lost.kept, lost.diary_copy):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert set(aside_files(data_dir)) == {lost.kept, lost.diary_copy}  # shredded with the rest, later
    assert backups.aside_stamp(lost.diary_copy) is None  # not taken for a damaged diary set aside (review)
    said = quiet_log.text
    assert "write-ahead log is damaged" in said and "harbour" not in said and "gulls" not in said
    with Diary.open(data_dir) as again:  # told once; the log was emptied of its damaged tail
        assert again.lost_writes is None and _texts(again) == texts
        again.forget_everything()
    assert aside_files(data_dir) == []


def test_the_backup_made_since_is_named_and_holds_what_was_lost(data_dir: Path) -> None:
    log = _crash(data_dir, backup_after=COUNT - 1)  # the daily backup, made after the last entry
    break_early(data_dir, log)
    with Diary.open(data_dir) as diary:
        lost = diary.lost_writes
        assert lost is not None and lost.backup is not None and lost.backup_made is not None
        assert lost.newest_entry is not None and lost.backup_made > lost.newest_entry
        assert len(_texts(diary)) < len(BEFORE) + COUNT
        diary.restore(lost.backup)
        assert _texts(diary) == BEFORE + [entry(n) for n in range(COUNT)]


def test_the_cli_says_what_may_be_missing(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    break_early(data_dir, _crash(data_dir))
    assert main(["--data-dir", str(data_dir), "search", "harbour", "--json"]) == 0
    captured = capsys.readouterr()
    said = "The last things written to the diary were damaged on disk and could not be read back."
    assert said in captured.err
    assert "What was written after " in captured.err and "hearth.db.corrupt-" in captured.err
    assert "No backup was made since then" in captured.err and "Traceback" not in captured.err
    assert 0 < captured.out.count('"message_id"') < COUNT


def test_forget_locked_shreds_the_copy(data_dir: Path) -> None:
    break_early(data_dir, _crash(data_dir))
    with Diary.open(data_dir) as diary:
        assert diary.lost_writes is not None
    assert len(aside_files(data_dir)) == 2
    Diary.forget_locked(data_dir)
    assert aside_files(data_dir) == []


def test_a_wrong_passphrase_first_still_leads_to_the_notice(data_dir: Path, mode_key: object) -> None:
    """SQLCipher's connection with a wrong key checkpoints the log and deletes it on close: the copy is made
    before, and said at the open that succeeds — once, with one copy."""
    if not isinstance(mode_key, DiaryKey):
        pytest.skip("a passphrase is an encrypted diary's")
    break_early(data_dir, _crash(data_dir))
    with pytest.raises(WrongPassphrase):
        Diary.open(data_dir, DiaryKey("not the passphrase of this diary"))
    assert not _log(data_dir).exists() and len(lost_writes_module.untold(data_dir)) == 1
    with Diary.open(data_dir, mode_key) as diary:
        assert diary.lost_writes is not None and diary.lost_writes.kept.exists()
    assert len(lost_writes_module.kept_logs(data_dir)) == 1 and lost_writes_module.untold(data_dir) == []


def test_a_copy_not_yet_told_waits_for_the_process_holding_the_diary(data_dir: Path) -> None:
    """Kept by an open that then failed; a command run meanwhile beside the window (which holds the lock,
    say at its unlock dialog) does not tell it: the window will, at its own open."""
    import filelock

    from app.config import LOCK_FILE

    break_early(data_dir, _crash(data_dir))
    broken = _log(data_dir).read_bytes()
    kept = lost_writes_module.keep(data_dir)
    assert kept is not None and lost_writes_module.untold(data_dir) == [kept]
    other = filelock.FileLock(str(data_dir / LOCK_FILE), timeout=0)  # as another process's window holds it
    other.acquire()
    try:
        with Diary.open(data_dir) as diary:
            assert diary.lost_writes is None
        assert lost_writes_module.untold(data_dir) == [kept]
    finally:
        other.release()
    with Diary.open(data_dir) as diary:
        assert diary.lost_writes is not None and diary.lost_writes.kept.read_bytes() == broken
    assert lost_writes_module.untold(data_dir) == []


def test_a_copy_that_cannot_be_made_stops_the_open_untouched(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = _crash(data_dir)
    break_early(data_dir, log)
    broken = _log(data_dir).read_bytes()

    def disk_full(source: Path, target: Path) -> None:
        target.write_bytes(source.read_bytes()[:4096])  # half-written, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched, pytest.raises(StoreError) as err:
        patched.setattr(lost_writes_module, "_copy_private", disk_full)
        Diary.open(data_dir)
    assert "could not keep a copy" in str(err.value) and "Free some disk space" in err.value.hint
    assert aside_files(data_dir) == [] and _log(data_dir).read_bytes() == broken  # SQLite never saw it
    with Diary.open(data_dir) as diary:  # space again: the next start keeps it and says so
        assert diary.lost_writes is not None and diary.lost_writes.kept.read_bytes() == broken


# -- (b)-(e) what is not a loss ---------------------------------------------------------------------------
def test_a_last_frame_cut_short_is_not_told(data_dir: Path, tmp_path: Path) -> None:
    crashed = tmp_path / "crashed"
    _written_while_open(data_dir, crashed)
    log = _log(crashed).read_bytes()
    last = commit_frames(log)[-1]
    _log(crashed).write_bytes(log[: frame_start(log, last) + frame_bytes(log) // 2])
    with Diary.open(crashed) as diary:
        assert diary.lost_writes is None
        assert _texts(diary) == BEFORE + [entry(n) for n in range(COUNT - 1)]  # it never committed
    assert aside_files(crashed) == []


def test_an_intact_log_is_replayed_and_not_told(data_dir: Path, tmp_path: Path) -> None:
    crashed = tmp_path / "crashed"
    _written_while_open(data_dir, crashed)
    with Diary.open(crashed) as diary:
        assert diary.lost_writes is None and _texts(diary) == BEFORE + [entry(n) for n in range(COUNT)]
    assert aside_files(crashed) == []


def test_frames_of_an_earlier_log_are_not_told(data_dir: Path, tmp_path: Path) -> None:
    """Everything checkpointed, then one more entry: SQLite restarts the log from its start with new
    salts, and the older frames stay in the file after it."""
    crashed = tmp_path / "crashed"
    _diary_with_a_day(data_dir)
    with Diary.open(data_dir) as diary:
        day = diary.conversation_for_day(DAY).id or 0
        for number in range(COUNT):
            diary.add_message(day, "user", entry(number))
        pooled = diary.engine.raw_connection()
        try:
            assert pooled.driver_connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[0] == 0
        finally:
            pooled.close()
        diary.add_message(day, "user", entry(COUNT))
        snapshot(data_dir, crashed)
    shape = read_wal(_log(crashed))
    assert shape.break_at == shape.replayed and shape.frames > shape.replayed + 10  # the older frames
    with Diary.open(crashed) as diary:
        assert diary.lost_writes is None and _texts(diary) == BEFORE + [entry(n) for n in range(COUNT + 1)]
    assert aside_files(crashed) == []


def test_a_few_bytes_that_are_no_log_are_left_to_sqlite(data_dir: Path,
                                                        quiet_log: pytest.LogCaptureFixture) -> None:
    _diary_with_a_day(data_dir)
    _log(data_dir).write_bytes(b"not a log: the harbour at dusk, " * 8)  # less than one frame
    os.chmod(_log(data_dir), 0o600)
    with Diary.open(data_dir) as diary:
        assert diary.lost_writes is None and _texts(diary) == BEFORE
    assert aside_files(data_dir) == []
    assert "harbour" not in quiet_log.text


def test_a_log_whose_first_block_is_gone_is_kept_aside_and_told(
    data_dir: Path, quiet_log: pytest.LogCaptureFixture
) -> None:
    """Zeroed from its start (its header with it), a log is replayed not at all: SQLite writes a log's header
    whole before any frame, so frames behind an unreadable header are a loss, kept and told (review)."""
    log = _crash(data_dir)
    damaged = bytes(4096) + log[4096:]
    _log(data_dir).write_bytes(damaged)
    with Diary.open(data_dir) as diary:
        lost = diary.lost_writes
        assert _texts(diary) == BEFORE  # SQLite replayed none of it
    assert lost is not None and lost.kept.read_bytes() == damaged
    assert "no readable header" in quiet_log.text and "harbour" not in quiet_log.text


def test_a_command_beside_a_window_at_its_unlock_dialog_keeps_the_copy(data_dir: Path) -> None:
    """The window holds the diary's lock from before it opens the diary (its passphrase dialog): a command
    opening the diary meanwhile must not let SQLite drop the damaged tail unkept (review). It keeps the copy;
    the window says so at its own open."""
    import filelock

    from app.config import LOCK_FILE

    break_early(data_dir, _crash(data_dir))
    broken = _log(data_dir).read_bytes()
    window = filelock.FileLock(str(data_dir / LOCK_FILE), timeout=0)
    window.acquire()
    try:
        with Diary.open(data_dir) as command:  # `hearth search`, say: SQLite replays what it can
            assert command.lost_writes is None
        assert [p.read_bytes() for p in lost_writes_module.untold(data_dir)] == [broken]
    finally:
        window.release()
    with Diary.open(data_dir) as diary:
        assert diary.lost_writes is not None and diary.lost_writes.kept.read_bytes() == broken


# -- the diary file damaged as well ------------------------------------------------------------------------
def _garbage_header(data_dir: Path) -> None:
    """The diary file's first bytes overwritten: SQLite (or SQLCipher, its salt gone) cannot open it, and
    no rescue can read it — the file is set aside and the latest backup offered (``DatabaseCorrupt``)."""
    path = data_dir / "hearth.db"
    data = bytearray(path.read_bytes())
    data[0:100] = b"not a diary any more " * 4 + b"....................."[:16]
    path.write_bytes(bytes(data))


def test_a_damaged_diary_file_set_aside_names_the_copies_once(data_dir: Path) -> None:
    """A crash, a bad block in the log and one in the diary file's header: the message that sets the file
    aside names the copies of the log and of the diary file with it; the next open — of the new, empty
    diary, into which the offered backup is then restored — does not say them again as writes lost from
    it, nor offer again the backup just restored (session 25), and the backup brings every entry back."""
    break_early(data_dir, _crash(data_dir, backup_after=COUNT - 1))
    _garbage_header(data_dir)
    with pytest.raises(DatabaseCorrupt) as err:
        Diary.open(data_dir)
    damaged = err.value
    assert [p.suffix for p in damaged.kept] == [".wal", ".base"] and all(p.exists() for p in damaged.kept)
    assert all(p.name in str(damaged) for p in damaged.kept) and "damaged too" in str(damaged)
    assert lost_writes_module.untold(data_dir) == [] and damaged.backup is not None
    assert damaged.moved_to is not None and damaged.moved_to.exists()
    with Diary.open(data_dir) as fresh:
        assert fresh.lost_writes is None and fresh.set_aside() == (damaged.moved_to, damaged.backup)
        fresh.restore(damaged.backup)
        assert _texts(fresh) == BEFORE + [entry(n) for n in range(COUNT)]
    with Diary.open(data_dir) as again:
        assert again.lost_writes is None and again.set_aside() is None
    assert all(p in aside_files(data_dir) for p in damaged.kept)  # shredded with the rest, later


def test_the_cli_names_the_copies_with_the_damaged_file_and_restores(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli import main

    break_early(data_dir, _crash(data_dir, backup_after=COUNT - 1))
    _garbage_header(data_dir)
    assert main(["--data-dir", str(data_dir), "restore"]) == 0
    captured = capsys.readouterr()
    kept = lost_writes_module.kept_logs(data_dir)
    assert len(kept) == 1 and kept[0].name in captured.err and ".base" in captured.err
    assert "damaged too" in captured.err and captured.err.count("hearth:") == 1  # one message, not two
    assert "Traceback" not in captured.err and "Restored " in captured.out
    with Diary.open(data_dir) as restored:
        assert _texts(restored) == BEFORE + [entry(n) for n in range(COUNT)] and restored.lost_writes is None


def test_a_damaged_diary_file_rescued_tells_the_copies_too(data_dir: Path, mode_key: object) -> None:
    """Damage in a table Hearth makes again (the opening questions): the file is rescued, and the copies of
    the damaged log are told by the same open."""
    key = mode_key if isinstance(mode_key, DiaryKey) else None
    _diary_with_a_day(data_dir)
    root = _root_page(data_dir, key, "opening_prompt")  # (read with no log beside the file)
    break_early(data_dir, killed_while_writing(data_dir, COUNT))
    _damage_page(data_dir, root)
    with Diary.open(data_dir) as diary:
        assert diary.rescued is not None and diary.rescued.left_out == ("opening_prompt",)
        assert diary.lost_writes is not None and diary.lost_writes.diary_copy is not None
        assert BEFORE[0] in _texts(diary)
