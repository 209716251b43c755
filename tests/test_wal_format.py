"""``app.store.wal`` against logs SQLite and SQLCipher wrote: where the replay stops is where SQLite stops
(SQLite itself is the judge: ``wal_checkpoint`` on a copy reports the frames its recovery kept), and
committed work past a damaged frame is told from a torn last write and from an earlier log's frames."""

from __future__ import annotations

import shutil
import sqlite3
import struct
from collections.abc import Callable
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from app.store import DiaryKey
from app.store import wal as walfile
from app.store.cipher import connect as cipher_connect
from app.store.wal import NotAWal, WalShape, checksum, parse_wal, read_wal
from tests.wal_frames import commit_frames, damaged, frame_bytes, frame_count, frame_start

Connect = Callable[[Path], Any]
ROWS = 14
_oracles = count()


@pytest.fixture(params=["sqlite", "sqlcipher"])
def connect(request: pytest.FixtureRequest) -> Connect:
    """A connection maker: plain sqlite3, or SQLCipher keyed with the session's test key."""
    if request.param == "sqlite":
        return lambda path: sqlite3.connect(path)
    key: DiaryKey = request.getfixturevalue("test_key")
    return lambda path: cipher_connect(path, key)


def _written(folder: Path, connect: Connect, *, page_size: int | None = None, rows: int = ROWS) -> bytes:
    """``rows`` transactions, each a row spilling over a few pages, in a log SQLite has not copied into
    the database yet; the database and its log are copied to ``folder/crash.db*`` while the writer is open."""
    live = folder / "live.db"
    conn = _logging(connect, live, page_size)
    for n in range(rows):
        conn.execute("INSERT INTO t VALUES (?, ?)", (n, f"row {n} " + "river stones " * 500))
        conn.commit()
    shutil.copy(live, folder / "crash.db")
    log = Path(f"{live}-wal").read_bytes()
    conn.close()
    return log


def _logging(connect: Connect, path: Path, page_size: int | None = None) -> Any:
    """A new database with its table (in the database file), then in WAL mode with no automatic checkpoint."""
    conn = connect(path)
    if page_size is not None:
        conn.execute(f"PRAGMA page_size = {page_size}")
    conn.execute("CREATE TABLE t (n INTEGER, words TEXT)")
    conn.commit()
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    return conn


def _sqlite_keeps(folder: Path, connect: Connect, log: bytes) -> tuple[int, int]:
    """What SQLite's recovery makes of ``log`` beside the copied database: (frames kept, rows read)."""
    trial = folder / f"trial-{next(_oracles)}"
    trial.mkdir()
    shutil.copy(folder / "crash.db", trial / "x.db")
    (trial / "x.db-wal").write_bytes(log)
    conn = connect(trial / "x.db")
    try:
        _busy, frames, _done = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        rows = conn.execute("SELECT count(*) FROM t").fetchone()[0]
    finally:
        conn.close()
    return int(frames), int(rows)


@pytest.mark.parametrize("page_size", [1024, 4096, 65536])
def test_an_intact_log_is_replayed_whole(tmp_path: Path, page_size: int) -> None:
    log = _written(tmp_path, sqlite3.connect, page_size=page_size)
    shape = parse_wal(log)
    assert shape.page_size == page_size and shape.frames == frame_count(log)
    assert shape.replayed == shape.frames and shape.break_at is None and not shape.loses_commits
    assert _sqlite_keeps(tmp_path, sqlite3.connect, log) == (shape.frames, ROWS)
    (tmp_path / "crash.db-wal").write_bytes(log)
    assert read_wal(tmp_path / "crash.db-wal") == shape


def test_an_encrypted_log_reads_alike(tmp_path: Path, test_key: DiaryKey) -> None:
    log = _written(tmp_path, lambda path: cipher_connect(path, test_key))
    assert b"river stones" not in log  # the pages are ciphertext; the frame headers are not
    shape = parse_wal(log)
    assert shape.page_size == 4096 and shape.replayed == shape.frames == frame_count(log)


def test_the_replay_stops_where_sqlite_stops(tmp_path: Path, connect: Connect) -> None:
    log = _written(tmp_path, connect)
    commits = commit_frames(log)
    assert len(commits) == ROWS and commits[5] - commits[4] > 1  # transactions of several frames
    for frame in (0, commits[4] + 1, commits[6], commits[-1] - 1, commits[-1]):
        broken = damaged(log, frame)
        shape = parse_wal(broken)
        frames, rows = _sqlite_keeps(tmp_path, connect, broken)
        assert shape.replayed == frames and shape.break_at == frame, frame
        kept, lost = [c for c in commits if c < frame], [c for c in commits if c > frame]
        assert shape.commits_after_break == len(lost) and shape.loses_commits == bool(lost)
        assert rows == len(kept), frame  # the rest SQLite drops, without a word


def test_a_damaged_header_loses_every_frame(tmp_path: Path, connect: Connect) -> None:
    log = bytearray(_written(tmp_path, connect))
    log[12] ^= 0x40  # the checkpoint sequence: the header's checksum no longer matches
    shape = parse_wal(bytes(log))
    assert _sqlite_keeps(tmp_path, connect, bytes(log))[0] == 0
    assert shape.replayed == 0 and shape.break_at == 0
    assert shape.commits_after_break == ROWS and shape.loses_commits


def test_a_write_cut_short_is_not_damage(tmp_path: Path, connect: Connect) -> None:
    log = _written(tmp_path, connect)
    commits = commit_frames(log)
    size = frame_bytes(log)
    torn_frame = log[: frame_start(log, commits[-1]) + size // 2]  # the last commit frame half-written
    torn_transaction = log[: frame_start(log, commits[-2] + 1) + size // 3]  # its first frame half-written
    for cut in (torn_frame, torn_transaction):
        shape = parse_wal(cut)
        assert shape.replayed == _sqlite_keeps(tmp_path, connect, cut)[0] == commits[-2] + 1
        assert shape.break_at is None and not shape.loses_commits


def test_a_commit_frame_written_before_one_ahead_is_not_damage(tmp_path: Path, connect: Connect) -> None:
    """A power cut mid-write: the disk kept the last transaction's commit frame but not the frame before it
    (zeros where the file grew). That transaction never committed; it is not a loss to tell."""
    log = _written(tmp_path, connect)
    commits = commit_frames(log)
    assert commits[-1] - commits[-2] > 1
    hole = frame_start(log, commits[-1] - 1)
    cut = log[:hole] + bytes(frame_bytes(log)) + log[hole + frame_bytes(log) :]
    shape = parse_wal(cut)
    assert shape.replayed == _sqlite_keeps(tmp_path, connect, cut)[0] == commits[-2] + 1
    assert shape.break_at == commits[-1] - 1 and not shape.loses_commits


def test_frames_of_an_earlier_log_are_not_damage(tmp_path: Path, connect: Connect) -> None:
    """A checkpoint copied everything and the next writer restarted the log from its start, with new salts:
    the older frames further on are left in the file, and SQLite stops at the first of them."""
    live = tmp_path / "live.db"
    conn = _logging(connect, live)
    for n in range(ROWS):
        conn.execute("INSERT INTO t VALUES (?, ?)", (n, "river stones " * 500))
        conn.commit()
    assert conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[0] == 0
    conn.execute("INSERT INTO t VALUES (?, ?)", (ROWS, "after the restart"))
    conn.commit()
    shutil.copy(live, tmp_path / "crash.db")
    log = Path(f"{live}-wal").read_bytes()
    conn.close()
    shape = parse_wal(log)
    assert shape.frames > shape.replayed + 10 and shape.break_at == shape.replayed  # stale frames follow
    assert shape.intact_after_break == 0 and not shape.loses_commits
    assert _sqlite_keeps(tmp_path, connect, log) == (shape.replayed, ROWS + 1)


def _big_endian(log: bytes) -> bytes:
    """The same log as SQLite on a big-endian machine writes it: magic 0x377f0683, every checksum over
    big-endian words (re-computed with the module's word-by-word reference, ``checksum``)."""
    data = bytearray(log)
    data[:4] = struct.pack(">I", walfile.MAGIC | 1)
    sums = checksum(bytes(data[:24]), True)
    data[24:32] = struct.pack(">2I", *sums)
    size = frame_bytes(log)
    for index in range(frame_count(log)):
        start = frame_start(log, index)
        sums = checksum(bytes(data[start : start + 8]), True, sums)
        sums = checksum(bytes(data[start + 24 : start + size]), True, sums)
        data[start + 16 : start + 24] = struct.pack(">2I", *sums)
    return bytes(data)


def test_big_endian_checksums_are_read_too(tmp_path: Path) -> None:
    log = _written(tmp_path, sqlite3.connect, page_size=1024)
    turned = _big_endian(log)
    assert turned[24:32] != log[24:32]
    assert parse_wal(turned) == parse_wal(log)
    middle = commit_frames(log)[5] + 1
    assert parse_wal(damaged(turned, middle, length=64)) == parse_wal(damaged(log, middle, length=64))


def test_the_chain_carries_over_from_chunk_to_chunk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = _written(tmp_path, sqlite3.connect, page_size=1024)
    commits = commit_frames(log)
    path = tmp_path / "log-wal"
    for frame in (commits[3] + 1, commits[3] + 2):  # the break at, and after, a chunk's first frame
        path.write_bytes(damaged(log, frame, length=64))
        whole = read_wal(path)
        with monkeypatch.context() as patched:
            patched.setattr(walfile, "CHUNK_BYTES", (commits[3] + 1) * frame_bytes(log))
            assert read_wal(path) == whole and whole.break_at == frame and whole.loses_commits


def test_what_is_not_a_log_is_refused_or_empty(tmp_path: Path) -> None:
    log = _written(tmp_path, sqlite3.connect, page_size=1024)
    path = tmp_path / "other-wal"
    empty = WalShape(0, 0, 0, None, 0, 0)
    for content in (b"", b"\x37\x7f\x06\x82 half a header"):
        path.write_bytes(content)
        assert read_wal(path) == empty
    bad_page = log[:8] + struct.pack(">I", 3000) + log[12:]
    newer = log[:4] + struct.pack(">I", 3007001) + log[8:24]
    newer += struct.pack(">2I", *checksum(newer, False)) + log[32:]
    for content in (b"I am a diary entry, not a log. " * 400, bad_page, newer):
        path.write_bytes(content)
        with pytest.raises(NotAWal):
            read_wal(path)
    path.write_bytes(log)
    with pytest.raises(NotAWal):
        read_wal(path, max_bytes=len(log) - 1)  # over the bound: left to SQLite, never read
