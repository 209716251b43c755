"""Deleting for real includes the backups: a deleted message, conversation or fact leaves them too.

The rotating backups are whole copies of the diary, so without this a deleted fact or entry would live
on in up to seven files for a week — and the README promises the bytes are gone. Each backup that can
hold the row (made after it was written) gets the same deletion the live diary got, through the same
store functions (so summaries that may quote a message go too, and a deleted fact leaves its one-way
fingerprint), with ``secure_delete`` zeroing the freed pages; then the FTS index is merged and the file
is returned to a single self-contained file. A backup that cannot be changed (damaged, unreadable) is
named in the result, so the person can be told exactly which files still hold it.

Files kept after damage get the same (``scrub_kept``; ``app.store.kept`` says which can be changed): a
copy of the diary file under a damaged log is scrubbed like a backup; the others are named.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from sqlmodel import Session

from app.store import backup as backups
from app.store import cipher, fts, kept
from app.store.cipher import DB_ERRORS, DiaryKey
from app.store.db import Database, chmod_private
from app.store.errors import NotFound, StoreError
from app.store.migrations import applied, migrate

log = logging.getLogger(__name__)

Deletion = Callable[[Session], None]
_FAILURES: tuple[type[Exception], ...] = (StoreError, OSError, *DB_ERRORS)


def scrub_backups(
    data_dir: Path, deletion: Deletion, written_at: datetime | None, key: DiaryKey | None = None,
    *, only: set[Path] | None = None,
) -> list[Path]:
    """Apply ``deletion`` to every backup made at or after ``written_at`` (of ``only``, if given); the
    backups that failed.

    An encrypted backup is opened with ``key`` (the diary's); a plain one as it is."""
    failed: list[Path] = []
    for path in backups.list_backups(data_dir):
        if only is not None and path not in only:
            continue
        stamp = backups.backup_time(path)
        if written_at is not None and stamp is not None and stamp < written_at:
            continue  # made before the row existed: it cannot hold it
        try:
            _scrub(path, deletion, None if cipher.is_plain(path) else key)
        except _FAILURES as exc:
            log.error("a backup could not be scrubbed: %s", type(exc).__name__)
            failed.append(path)
    return failed


def scrub_kept(
    data_dir: Path, deletion: Deletion, written_at: datetime | None, key: DiaryKey | None = None,
    *, only: set[Path] | None = None,
) -> list[Path]:
    """Apply ``deletion`` to every file kept after damage last written at or after ``written_at`` (of
    ``only``, if given); those it could not reach: the bases that failed, and every log copy and damaged
    file set aside (they cannot be changed)."""
    failed: list[Path] = []
    for path in kept.kept_files(data_dir):
        if (only is not None and path not in only) or not kept.written_since(path, written_at):
            continue
        if not kept.is_base(path):
            failed.append(path)
            continue
        try:
            _scrub(path, deletion, None if cipher.is_plain(path) else key)
        except _FAILURES as exc:
            log.error("a copy of the diary file kept after damage could not be scrubbed: %s",
                      type(exc).__name__)
            failed.append(path)
    return failed


def _scrub(path: Path, deletion: Deletion, key: DiaryKey | None) -> None:
    db = Database(path, key)
    try:
        with db.raw() as conn:
            if not applied(conn):
                return  # none of the diary's tables (a diary file copied before its first checkpoint)
            migrate(conn)  # an older backup gets today's schema, as a restore would give it
        try:
            db.write(deletion)
        except NotFound:
            return  # this backup never held it
        with db.raw() as conn:
            fts.merge_index(conn)
        db.checkpoint()
        with db.raw() as conn:
            conn.execute("PRAGMA journal_mode = DELETE")  # one self-contained file again
    finally:
        db.dispose()
        chmod_private(path)
