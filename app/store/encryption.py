"""Turning encryption on or off and changing the passphrase — without losing a word, whatever happens.

Each change is a copy, never an edit in place (``PRAGMA rekey`` rewrites the live file page by page):

1. ``export``: ``sqlcipher_export`` writes the whole diary into ``hearth.db.new`` under the new key
   (or none);
2. ``verify``: the copy passes ``integrity_check`` and holds as many rows in every table as the original;
3. ``mark``: ``encryption.json`` says the diary is (or may be) encrypted — written before an encrypted
   file can be ``hearth.db``, removed only after a plain one is;
4. ``swap``: the old file keeps a second name (``hearth.db.old``), the copy is renamed over
   ``hearth.db`` (atomic), the directory is synced;
5. ``shred``: ``hearth.db.old`` is overwritten with zeros and removed;
6. ``backups``: each backup gets the same export, verify, swap and shred.

A crash (or SIGKILL) at any point leaves one whole diary under the old key or the new one; the next open
removes a leftover ``.new`` (the swap never happened) and shreds a leftover ``.old`` (it did), and an
encrypted diary re-encrypts any backup a crash left plain. ``on_step(name)`` is called before each step:
the GUI shows it as progress, the kill tests end the process there.

``encryption.json`` holds no secret: only that the diary is encrypted, the cipher and KDF. It lets a
damaged plain file still be told apart from an encrypted one (a damaged file is moved aside, an
encrypted one asks for its passphrase).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import sqlcipher3

from app.config import CHAT_STATE_FILE
from app.store import backup as backups
from app.store.cipher import DB_ERRORS, KDF_ITERATIONS, DiaryKey, file_salt, is_blank, is_plain, key_clause
from app.store.db import DB_FILE, SIDE_FILES, create_private_file
from app.store.errors import EncryptionFailed, PassphraseNeeded, StoreError, WrongPassphrase

MARKER = "encryption.json"
NEW, OLD = ".new", ".old"
STEPS = ("export", "verify", "mark", "swap", "shred", "backups", "done")  # then "backup:<step>" per backup

Step = Callable[[str], None]
_FAILURES: tuple[type[Exception], ...] = (StoreError, OSError, *DB_ERRORS)


def _quiet(_step: str) -> None:
    pass


# -- state --------------------------------------------------------------------------------------------


def is_encrypted(data_dir: Path) -> bool:
    """The diary in ``data_dir`` is encrypted: marked so and not a plain SQLite file."""
    db = Path(data_dir) / DB_FILE
    return (Path(data_dir) / MARKER).is_file() and not is_plain(db) and not is_blank(db)


def key_for_open(data_dir: Path, key: DiaryKey | None) -> DiaryKey | None:
    """The key to open ``data_dir``'s diary with: None for a plain one; a new diary with a key is
    created encrypted. ``PassphraseNeeded`` if it is encrypted and ``key`` is None."""
    db = data_dir / DB_FILE
    if is_blank(db):
        if key is not None:
            write_marker(data_dir)
        return key
    if is_plain(db):
        if (data_dir / MARKER).is_file():
            clear_marker(data_dir)  # a change was cut short before its swap, or after it: the file decides
        return None
    if key is None:
        if (data_dir / MARKER).is_file():
            raise PassphraseNeeded("This diary is encrypted.")
        return None  # no marker: a damaged plain file (opening moves it aside)
    salt = file_salt(db)
    if salt is not None:
        key.salt = salt  # one derivation for the diary and every file made from it
    return key


def write_marker(data_dir: Path) -> None:
    """``encryption.json``, atomically and durably (it must be on disk before an encrypted swap)."""
    body = {"cipher": "sqlcipher4", "kdf": "PBKDF2_HMAC_SHA512", "kdf_iter": KDF_ITERATIONS}
    tmp = data_dir / (MARKER + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(body, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, data_dir / MARKER)
    for cache in (data_dir / CHAT_STATE_FILE, data_dir / (CHAT_STATE_FILE + ".tmp")):
        backups.shred(cache)  # a plain copy of the chat's cache must not outlive the plain diary
    _sync_dir(data_dir)


def clear_marker(data_dir: Path) -> None:
    (data_dir / MARKER).unlink(missing_ok=True)
    _sync_dir(data_dir)


def clear_leftovers(data_dir: Path) -> None:
    """After a crash: a ``.new`` copy was never swapped in (shred it), a ``.old`` file was (shred it)."""
    for folder in (data_dir, data_dir / backups.BACKUP_DIR):
        if not folder.is_dir():
            continue
        for leftover in [*folder.glob(f"*{NEW}"), *folder.glob(f"*{OLD}")]:
            if leftover.name.startswith(("hearth", backups.PREFIX)):
                backups.shred(leftover)
    (data_dir / (MARKER + ".tmp")).unlink(missing_ok=True)


def forget_locked(data_dir: Path) -> None:
    """Start over without the passphrase: shred the encrypted diary, its side files, backups, marker."""
    db = data_dir / DB_FILE
    for path in [db, *(Path(f"{db}{side}") for side in SIDE_FILES), *backups.list_backups(data_dir)]:
        if path.exists():
            backups.shred(path)
    clear_leftovers(data_dir)
    clear_marker(data_dir)


# -- copying -----------------------------------------------------------------------------------------


def export_copy(source: Path, source_key: DiaryKey | None, target: Path, target_key: DiaryKey | None) -> None:
    """Write the whole database at ``source`` into a new file ``target`` (keyed ``target_key``)."""
    target.unlink(missing_ok=True)
    create_private_file(target)
    conn = sqlcipher3.connect(str(source), isolation_level=None)
    try:
        conn.execute("PRAGMA cipher_log_level = NONE")
        conn.execute("PRAGMA cipher_default_compatibility = 4")  # the attached copy: SQLCipher 4's settings
        if source_key is not None:
            conn.execute(f"PRAGMA key = {key_clause(source_key, source)}")
        conn.execute(f"ATTACH DATABASE ? AS target KEY {key_clause(target_key, target)}", (str(target),))
        conn.execute("SELECT sqlcipher_export('target')")
        conn.execute("DETACH DATABASE target")
    except sqlcipher3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_NOTADB:
            raise WrongPassphrase() from None
        raise
    finally:
        conn.close()
    _fsync(target)


def verify_copy(source: Path, source_key: DiaryKey | None, copy: Path, copy_key: DiaryKey | None) -> None:
    """Refuse a copy that fails ``integrity_check`` or holds other row counts than its source."""
    from app.store.cipher import connect

    original = connect(f"{source.resolve().as_uri()}?mode=ro", source_key, uri=True)
    duplicate = connect(f"{copy.resolve().as_uri()}?mode=ro", copy_key, uri=True)
    try:
        if duplicate.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise EncryptionFailed("The new copy of the diary failed its integrity check.")
        if _row_counts(original) != _row_counts(duplicate):
            raise EncryptionFailed("The new copy of the diary does not hold every row.")
    finally:
        original.close()
        duplicate.close()


def _row_counts(conn: sqlite3.Connection) -> dict[str, int]:
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")]
    return {name: int(conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]) for name in names}


def swap_in(path: Path, copy: Path) -> None:
    """Make ``copy`` the file at ``path`` atomically; the old content stays under ``.old`` until shredded."""
    old = path.with_name(path.name + OLD)
    old.unlink(missing_ok=True)
    os.link(path, old)
    os.replace(copy, path)
    _sync_dir(path.parent)


def convert_file(
    path: Path, old_key: DiaryKey | None, new_key: DiaryKey | None, on_step: Step,
    before_swap: Callable[[], None] | None = None,
) -> None:
    """Export, verify, swap and shred one database file (the diary or a backup)."""
    copy = path.with_name(path.name + NEW)
    try:
        on_step("export")
        export_copy(path, old_key, copy, new_key)
        on_step("verify")
        verify_copy(path, old_key, copy, new_key)
    except _FAILURES as exc:
        backups.shred(copy)
        if isinstance(exc, StoreError):
            raise
        raise EncryptionFailed("The diary could not be copied; it is unchanged.") from exc
    _clear_side_files(path)  # an empty WAL and the wal-index of the old file must not meet the new one
    _clear_side_files(copy)
    if before_swap is not None:
        on_step("mark")
        before_swap()
    on_step("swap")
    swap_in(path, copy)
    on_step("shred")
    backups.shred(path.with_name(path.name + OLD))


# -- the three changes ---------------------------------------------------------------------------------


def change_key(
    data_dir: Path, old_key: DiaryKey | None, new_key: DiaryKey | None, on_step: Step = _quiet
) -> None:
    """Re-write the diary and every backup from ``old_key`` to ``new_key`` (None: plain).

    The diary must be closed (no pooled connection) and its one-writer lock held by the caller.
    """
    db = data_dir / DB_FILE
    _no_wal(db)
    convert_file(db, old_key, new_key, on_step, (lambda: write_marker(data_dir)) if new_key else None)
    if new_key is None:
        clear_marker(data_dir)
    on_step("backups")
    for backup in backups.list_backups(data_dir):
        convert_file(backup, _key_of(backup, old_key), new_key, lambda step: on_step(f"backup:{step}"))
    on_step("done")


def encrypt_stray_backups(data_dir: Path, key: DiaryKey) -> None:
    """A crash during ``encryption on`` may have left plain backups beside the encrypted diary."""
    for backup in backups.list_backups(data_dir):
        if is_plain(backup):
            convert_file(backup, None, key, _quiet)


def _key_of(path: Path, key: DiaryKey | None) -> DiaryKey | None:
    return None if is_plain(path) else key


def _no_wal(db: Path) -> None:
    """The diary was checkpointed and closed: an empty WAL is removed; a WAL with frames is refused."""
    wal = Path(f"{db}-wal")
    if wal.exists() and wal.stat().st_size:
        raise EncryptionFailed("The diary is still in use.")
    _clear_side_files(db)


def _clear_side_files(path: Path) -> None:
    for side in SIDE_FILES:
        extra = Path(f"{path}{side}")
        if extra.exists():
            backups.shred(extra)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
