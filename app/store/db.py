"""The one SQLAlchemy engine of a diary file: PRAGMAs, file modes, transactions, error translation.

Why it looks like this:
- Every pooled connection gets the same PRAGMAs in a connect hook (WAL, ``synchronous=FULL`` because a
  diary must survive power loss, ``foreign_keys``, ``secure_delete`` so freed pages are zeroed, a busy
  timeout). pysqlite's own implicit BEGIN is switched off and we emit ours: ``BEGIN IMMEDIATE`` for writes,
  so two writers queue on the busy timeout instead of failing with "database is locked" on lock upgrade.
- A session per call (``expire_on_commit=False``) makes returned records detached and thread-safe.
- SQLite error codes become typed store errors (disk full, corruption) with a clear message.
- An encrypted diary (``key``) gets its connections from SQLCipher (``app.store.cipher``), keyed before
  the PRAGMAs run; SQLAlchemy is told the driver module so its errors are wrapped like sqlite3's.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import ConnectionPoolEntry
from sqlmodel import Session, create_engine

from app.store import cipher
from app.store.cipher import DB_ERRORS, INTEGRITY_ERRORS, DiaryKey
from app.store.errors import DamagedFile, DiskFull, StoreError

T = TypeVar("T")

BUSY_TIMEOUT_MS = 15_000
WRITE_ATTEMPTS = 5
DB_FILE = "hearth.db"
SIDE_FILES = ("-wal", "-shm", "-journal")

_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_CORRUPT = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def sqlite_code(exc: BaseException) -> int | None:
    """The primary SQLite result code behind ``exc`` (a DBAPI error, wrapped or not), else None."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    code = getattr(orig, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def is_corruption(exc: BaseException) -> bool:
    return sqlite_code(exc) in _CORRUPT


def create_private_file(path: Path) -> None:
    """Create ``path`` with mode 0600 (whatever the umask) if missing; tighten it if it exists."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    os.chmod(path, 0o600)


def with_side_files(db_path: Path) -> list[Path]:
    """A database file and the names of its side files (``-wal``, ``-shm``, ``-journal``), existing or not."""
    return [Path(f"{db_path}{suffix}") for suffix in ("", *SIDE_FILES)]


def chmod_private(db_path: Path) -> None:
    """0600 on the database and its side files (SQLite copies the main file's mode, this makes sure)."""
    for candidate in with_side_files(db_path):
        if candidate.exists():
            os.chmod(candidate, 0o600)


def sync_dir(folder: Path) -> None:
    """fsync a folder, so the renames in it survive a power cut."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _on_connect(dbapi_conn: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
    dbapi_conn.isolation_level = None  # we emit BEGIN ourselves (see _on_begin)
    for pragma in (
        f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
        "PRAGMA journal_mode = WAL",
        "PRAGMA synchronous = FULL",
        "PRAGMA foreign_keys = ON",
        "PRAGMA secure_delete = ON",
        "PRAGMA journal_size_limit = 4194304",
        "PRAGMA cache_size = -16000",
    ):
        dbapi_conn.execute(pragma)


def _driver(path: Path, key: DiaryKey | None) -> dict[str, Any]:
    """Engine arguments for an encrypted file: SQLCipher as the DB-API module, a keyed connection each."""
    if key is None:
        return {}
    timeout = BUSY_TIMEOUT_MS / 1000
    return {
        "module": cipher.sqlcipher3,
        "creator": lambda: cipher.connect(path, key, check_same_thread=False, timeout=timeout),
    }


def _on_begin(conn: Connection) -> None:
    mode = "IMMEDIATE" if conn.get_execution_options().get("hearth_write") else "DEFERRED"
    conn.exec_driver_sql(f"BEGIN {mode}")


class Database:
    """One engine over one file; ``read``/``write`` run a function in a fresh session."""

    def __init__(self, path: Path, key: DiaryKey | None = None) -> None:
        """``key``: the file is (or becomes) SQLCipher-encrypted with it; None: a plain SQLite file."""
        self.path = path
        self.key = key
        create_private_file(path)
        self.engine: Engine = create_engine(
            f"sqlite:///{path}",
            connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
            pool_size=5,
            max_overflow=10,
            **_driver(path, key),
        )
        event.listen(self.engine, "connect", _on_connect)
        event.listen(self.engine, "begin", _on_begin)
        self._write_engine = self.engine.execution_options(hearth_write=True)

    # -- sessions -------------------------------------------------------------------------------------

    def read(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn`` in a read transaction (a consistent snapshot) and return its result."""
        try:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                return fn(session)
        except DBAPIError as exc:
            raise translate(exc, self.path) from exc

    def write(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn`` in a ``BEGIN IMMEDIATE`` transaction, commit, and return its result.

        A busy database (another process holding the write lock past the timeout) is retried a few
        times; ``fn`` must therefore only touch the database.
        """
        for attempt in range(WRITE_ATTEMPTS):
            try:
                with Session(self._write_engine, expire_on_commit=False) as session, session.begin():
                    return fn(session)
            except DBAPIError as exc:
                if sqlite_code(exc) in _BUSY and attempt + 1 < WRITE_ATTEMPTS:
                    time.sleep(0.05 * (attempt + 1))
                    continue
                raise translate(exc, self.path) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    @contextmanager
    def raw(self) -> Iterator[sqlite3.Connection]:
        """A pooled sqlite3 connection in autocommit mode (for migrations, backups, FTS maintenance)."""
        pooled = self.engine.raw_connection()
        try:
            # sqlite3.Connection, or sqlcipher3's twin of it (same API, its own classes)
            yield cast(sqlite3.Connection, pooled.driver_connection)
        except DB_ERRORS as exc:
            raise translate(exc, self.path) from exc
        finally:
            pooled.close()

    def checkpoint(self) -> tuple[int, int, int]:
        """Copy the WAL into the main file and truncate it; returns (busy, wal_frames, checkpointed)."""
        with self.raw() as conn:
            row = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        chmod_private(self.path)
        return int(row[0]), int(row[1]), int(row[2])

    def dispose(self) -> None:
        """Close every pooled connection (the next call opens fresh ones)."""
        self.engine.dispose()


# SQLite says SQLITE_FULL when a write of its pages finds the disk full, but an I/O error when it cannot
# grow the WAL index or make a journal there: at the start of a chat on a full disk the person read "could
# not be read or written" (QA, session 41). With less than this free beside the diary, it is the full disk.
NEARLY_FULL_BYTES = 1 << 20


def translate(exc: BaseException, path: Path | None = None) -> Exception:
    """Turn a sqlite/SQLAlchemy error into a typed store error with a clear message (``path``: the diary
    file, whose disk an I/O error is checked against)."""
    code = sqlite_code(exc)
    if code == sqlite3.SQLITE_FULL:
        return DiskFull("The disk (or the diary file) is full: this change was not saved.")
    if code in _CORRUPT:
        return DamagedFile("The diary file is damaged.")
    if code in _BUSY:
        return StoreError(
            "The diary is busy (another program holds it).", "Close other Hearth windows and try again."
        )
    if code == sqlite3.SQLITE_READONLY:
        return StoreError("The diary file is read-only.", "Check the permissions of the data directory.")
    if code in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN):
        if path is not None and _nearly_full(path):
            return DiskFull("The disk is full: the diary could not be written.")
        return StoreError("The diary file could not be read or written.", "Check the disk and try again.")
    if isinstance(exc, DBAPIError) and isinstance(exc.orig, INTEGRITY_ERRORS):
        return StoreError("The change conflicts with what is stored.", "Refresh and try again.")
    if isinstance(exc, Exception):
        return exc
    return StoreError(str(exc))


def _nearly_full(path: Path) -> bool:
    """Less than ``NEARLY_FULL_BYTES`` free on the disk that holds ``path``."""
    try:
        return shutil.disk_usage(path.parent).free < NEARLY_FULL_BYTES
    except OSError:
        return False


def scalar(session: Session, sql: str, params: dict[str, Any] | None = None) -> Any:
    """One value from a raw SQL statement."""
    from sqlalchemy import text

    return session.connection().execute(text(sql), params or {}).scalar()
