"""A damaged diary file whose entries can still be read is copied into a new file, not set aside whole.

SQLite's checks at open fail on damage anywhere in the file, and the file used to be moved aside with the
latest backup offered — losing everything written since that backup, even when the damage was only in
the search index or a cache (QA, session 21: a few KB overwritten in the search index's pages set aside a
diary of 294 entries, all of them still readable). So before giving up, the store tries a rescue:

- a new file (``hearth.db.rescue``, keyed like the old one) gets the old file's schema version
  (``migrations.migrate(upto=…)``), and every table is copied into it row by row;
- what the person wrote or chose — entries, days, facts and their history, forgotten facts, summaries,
  reflections, moods, pictures — must copy whole, or nothing is rescued and the old path is taken;
- derived data (``DERIVED``: the search index, vectors, token counts, the prompt's notes and snapshot,
  the "Remembered" records, the day's opening question) is copied if it can be read, else left out: it is
  made again as the app runs;
- the search index is rebuilt from the copied entries, and the new file must pass ``integrity_check``.

Only then is the damaged file moved aside (kept, never overwritten: ``opening._move_aside``) and the new one
put in its place, so a rescue that fails half-way leaves everything as it was.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from app.config import shred_file
from app.store.backup import ASIDE
from app.store.cipher import DATABASE_ERRORS, DiaryKey, connect
from app.store.db import DB_FILE, Database, sync_dir, with_side_files
from app.store.errors import StoreError
from app.store.migrations import MIGRATIONS, applied, migrate

log = logging.getLogger(__name__)

RESCUE_FILE = DB_FILE + ".rescue"  # being written (a kill leaves it half-made: shredded at the next open)
RESCUED_FILE = DB_FILE + ".rescued"  # written whole and checked: put in place, by the next open if need be
RESCUED_MARK = ".rescued"  # beside a damaged file whose entries were all rescued
# Tables whose rows are made again by the app (left out of a rescue if they cannot be read).
DERIVED = frozenset(
    {
        "message_token_count",
        "message_vector",
        "fact_vector",
        "prompt_snapshot",
        "turn_note",
        "reply_recall",
        "opening_prompt",
    }
)
_FTS_PREFIX = "message_fts"  # the search index and its shadow tables: rebuilt, never copied
COPY_BATCH = 2000


@dataclass(frozen=True)
class Rescue:
    """What a rescue did: where the damaged file went, what it copied, what derived data it left out."""

    aside: Path
    messages: int
    facts: int
    left_out: tuple[str, ...]


class _CannotRescue(Exception):
    """Something the person wrote could not be read (or the copy failed): the old path is taken."""


_RESCUE_FAILURES: tuple[type[BaseException], ...] = (_CannotRescue, StoreError, *DATABASE_ERRORS, OSError)


def rescue(data_dir: Path, key: DiaryKey | None) -> Rescue | None:
    """Copy the damaged ``hearth.db`` of ``data_dir`` into a new file and put it in place; None if what
    the person wrote cannot all be read (then nothing changed, apart from a removed half-made copy)."""
    source, target = data_dir / DB_FILE, data_dir / RESCUE_FILE
    _remove(target)
    try:
        counts, left_out = _copy(source, target, key)
    except _RESCUE_FAILURES as exc:
        log.warning("the damaged diary could not be rescued: %s", type(exc).__name__)
        _remove(target)
        return None
    os.replace(target, data_dir / RESCUED_FILE)  # whole and checked: from here on a kill resumes, not loses
    _sync_dir(data_dir)
    aside = finish_rescue(data_dir)
    if aside is None:
        return None
    log.warning("a damaged diary was rescued (%d derived tables left out)", len(left_out))
    return Rescue(aside, counts.get("message", 0), counts.get("fact", 0), left_out)


def finish_rescue(data_dir: Path) -> Path | None:
    """Put a whole rescued copy (``RESCUED_FILE``) in the diary's place: the damaged file, if still there,
    moved aside first (and marked as rescued: ``rescued_originals``). Run by ``rescue`` and, should a kill
    have come between its renames, by the next open. Returns where the damaged file went (None: nothing
    to finish)."""
    from app.store.opening import _move_aside  # opening imports this module

    rescued, diary = data_dir / RESCUED_FILE, data_dir / DB_FILE
    if not rescued.exists():
        return None
    aside = _move_aside(diary) if diary.exists() else None
    if aside is not None:
        Path(f"{aside}{RESCUED_MARK}").touch(mode=0o600)
    os.replace(rescued, diary)
    _sync_dir(data_dir)
    return aside or diary


def rescued_originals(data_dir: Path) -> list[Path]:
    """Damaged files whose every entry was copied into the diary (and their marks): the diary has all they
    hold that matters, so a deletion shreds them too (a deleted entry must not live on in one)."""
    marks = data_dir.glob(f"{DB_FILE}{ASIDE}*{RESCUED_MARK}")
    originals = [Path(str(mark).removesuffix(RESCUED_MARK)) for mark in marks]
    found = [p for original in originals for p in with_side_files(original)]
    return [p for p in found if p.exists()] + [Path(f"{o}{RESCUED_MARK}") for o in originals]


def _copy(source: Path, target: Path, key: DiaryKey | None) -> tuple[dict[str, int], tuple[str, ...]]:
    """Copy every readable table of ``source`` into a new ``target`` at the same schema version."""
    reader = _Reader(source, key)
    try:
        names = applied(reader.conn)
        known = [m.name for m in MIGRATIONS]
        if names != known[: len(names)] or not names:
            raise _CannotRescue("not a schema this version wrote")
        fresh = Database(target, key)
        try:
            with fresh.raw() as new:
                migrate(new, upto=len(names))
                counts, left_out = _copy_tables(reader, new)
                new.execute("INSERT INTO message_fts(message_fts) VALUES ('rebuild')")
                if [row[0] for row in new.execute("PRAGMA integrity_check")] != ["ok"]:
                    raise _CannotRescue("the new file failed its check")
                if new.execute("PRAGMA foreign_key_check").fetchone() is not None:
                    raise _CannotRescue("rows whose day or entry is missing")  # lost parents: not whole
                new.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            fresh.dispose()
    finally:
        reader.close()
    for side in with_side_files(target)[1:]:  # the copy's emptied WAL and the like; the copy itself stays
        shred_file(side)
    return counts, left_out


class _Reader:
    """The damaged file, read in one snapshot; opened anew after a failed read, since SQLCipher fails every
    later read on a connection that met a page failing its HMAC (QA, session 21)."""

    def __init__(self, source: Path, key: DiaryKey | None) -> None:
        self._source, self._key = source, key
        self.conn = self._open()

    def _open(self) -> sqlite3.Connection:
        conn: sqlite3.Connection = connect(self._source, self._key, isolation_level=None)
        conn.execute("BEGIN")  # one snapshot (the lock keeps Hearth's writers out anyway)
        return conn

    def reopen(self) -> None:
        self.conn.close()
        self.conn = self._open()

    def close(self) -> None:
        self.conn.close()


def _copy_tables(reader: _Reader, new: sqlite3.Connection) -> tuple[dict[str, int], tuple[str, ...]]:
    tables = [
        str(row[0])
        for row in new.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rootpage")
        if not str(row[0]).startswith((_FTS_PREFIX, "sqlite_")) and row[0] != "migrations"
    ]
    counts: dict[str, int] = {}
    left_out: list[str] = []
    new.execute("PRAGMA foreign_keys = OFF")  # rows arrive table by table, not in dependency order
    for table in tables:
        new.execute("BEGIN IMMEDIATE")
        try:
            counts[table] = _copy_table(reader.conn, new, table)
            if table not in DERIVED:
                _check_whole(reader.conn, table, counts[table])
        except DATABASE_ERRORS:
            new.execute("ROLLBACK")
            if table not in DERIVED:
                raise _CannotRescue(table) from None
            left_out.append(table)
            reader.reopen()
            continue
        new.execute("COMMIT")
    new.execute("PRAGMA foreign_keys = ON")
    _keep_sequences(reader.conn, new)
    return counts, tuple(left_out)


def _check_whole(old: sqlite3.Connection, table: str, copied: int) -> None:
    """A damaged page can make a table's scan return fewer rows without any error (QA, session 21: a
    changed cell count hid 376 of 604 entries). Each of the table's indexes counts its rows on its own
    b-tree; one that counts more than were copied proves rows are missing: then nothing is rescued. (An
    index that counts fewer, or cannot be read, is itself damaged: indexes are made anew.)"""
    indexes = [str(row[0]) for row in old.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", (table,)
    )]  # fmt: skip
    for index in indexes:
        try:
            counted = int(old.execute(f'SELECT count(*) FROM "{table}" INDEXED BY "{index}"').fetchone()[0])
        except DATABASE_ERRORS:
            continue
        if counted > copied:
            raise _CannotRescue(f"{table} is missing rows its index {index} has")


def _keep_sequences(old: sqlite3.Connection, new: sqlite3.Connection) -> None:
    """Ids of deleted rows are never handed out again (AUTOINCREMENT): keep the old file's high marks."""
    with contextlib.suppress(*DATABASE_ERRORS):
        marks = old.execute("SELECT name, seq FROM sqlite_sequence").fetchall()
        new.execute("BEGIN IMMEDIATE")
        for name, seq in marks:
            new.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = ? AND seq < ?", (seq, name, seq))
            new.execute(
                "INSERT INTO sqlite_sequence(name, seq) SELECT ?, ? "
                "WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)",
                (name, seq, name),
            )
        new.execute("COMMIT")


def _copy_table(old: sqlite3.Connection, new: sqlite3.Connection, table: str) -> int:
    """Copy one table's rows (the columns both files have, which at one schema version is all of them)."""
    columns = [str(row[1]) for row in new.execute(f'PRAGMA table_info("{table}")')]
    listed = ", ".join(f'"{c}"' for c in columns)
    marks = ", ".join("?" for _ in columns)
    rows = old.execute(f'SELECT {listed} FROM "{table}" NOT INDEXED')
    copied = 0
    while batch := rows.fetchmany(COPY_BATCH):
        new.executemany(f'INSERT INTO "{table}" ({listed}) VALUES ({marks})', batch)
        copied += len(batch)
    return copied


def leftovers(data_dir: Path) -> list[Path]:
    """A rescue's new file that a kill left half-made (it holds diary text: shredded, never just left)."""
    return [p for p in with_side_files(data_dir / RESCUE_FILE) if p.exists()]


def _remove(path: Path) -> None:
    """Shred a half-made copy and its side files: they hold diary text."""
    for candidate in with_side_files(path):
        shred_file(candidate)


def _sync_dir(folder: Path) -> None:
    """Make the rename durable (best effort: not every file system lets a folder be synced)."""
    with contextlib.suppress(OSError):
        sync_dir(folder)


__all__ = [
    "DERIVED", "RESCUED_FILE", "RESCUE_FILE", "Rescue",
    "finish_rescue", "leftovers", "rescue", "rescued_originals",
]
