"""Turning encryption on or off and changing the passphrase — without losing a word, whatever happens.

Each change is a copy, never an edit in place (``PRAGMA rekey`` rewrites the live file page by page), and
the diary and all its backups change together, as one transaction:

1. ``export``/``verify``: ``sqlcipher_export`` writes the diary into ``hearth.db.new`` under the new key
   (or none); the copy must pass ``integrity_check`` and hold as many rows in every table as the original;
2. ``backups``: each backup gets the same (``backup:export``, ``backup:verify``) beside it;
3. ``mark``: ``encryption.json`` says the diary is (or may be) encrypted — written before an encrypted
   file can be ``hearth.db``, removed only after every file is plain;
4. the commit: ``encryption-change.json`` (the journal) names every file whose copy is ready;
5. ``swap``: each old file keeps a second name (``.old``), its copy is renamed over it (atomic), the
   directory is synced — the diary first (``swap``), then each backup (``backup:swap``);
6. ``shred``: every ``.old`` file is overwritten with zeros and removed; the journal goes last.

A crash (or SIGKILL) at any point leaves the diary *and every backup* under one key, the old or the new:
the next open (``recover``) rolls a committed change forward — only renames, no key is needed, so it
works whichever passphrase the person types next — and rolls an uncommitted one back (the ``.new``
copies are shredded). So a backup is never left readable by a passphrase the person changed, nor plain
beside an encrypted diary. The cost: while a change runs, the disk holds a copy of the diary and of each
backup (up to eight copies at once). ``on_step(name)`` is called before each step: the GUI shows it as
progress, the kill tests end the process there.

``encryption.json`` and the journal hold no secret: only that the diary is encrypted, the cipher and
KDF, and file names. The marker lets a damaged plain file still be told apart from an encrypted one (a
damaged file is moved aside, an encrypted one asks for its passphrase).
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import sqlcipher3

from app.config import CHAT_STATE_FILE
from app.store import backup as backups
from app.store.cipher import (
    DB_ERRORS,
    KDF_ITERATIONS,
    SALT_BYTES,
    DiaryKey,
    file_salt,
    is_blank,
    is_plain,
    key_clause,
    verify_key,
)
from app.store.db import DB_FILE, SIDE_FILES, create_private_file, sync_dir, with_side_files
from app.store.errors import EncryptionFailed, PassphraseNeeded, StoreError, WrongPassphrase

MARKER = "encryption.json"
JOURNAL = "encryption-change.json"
NEW, OLD = ".new", ".old"
STEPS = ("export", "verify", "backups", "mark", "swap", "shred", "done")  # and "backup:<step>" per backup

log = logging.getLogger(__name__)
Step = Callable[[str], None]
_FAILURES: tuple[type[Exception], ...] = (StoreError, OSError, *DB_ERRORS)


def _quiet(_step: str) -> None:
    pass


# -- state --------------------------------------------------------------------------------------------


def is_encrypted(data_dir: Path) -> bool:
    """The diary in ``data_dir`` is encrypted: marked so and not a plain SQLite file.

    After a crash in a committed change the copy the next open puts in place (``roll_forward``) decides.
    """
    db = Path(data_dir) / DB_FILE
    pending = db.with_name(db.name + NEW)
    if (Path(data_dir) / JOURNAL).is_file() and pending.exists():
        db = pending
    return (Path(data_dir) / MARKER).is_file() and not is_plain(db) and not is_blank(db)


def key_for_open(data_dir: Path, key: DiaryKey | None) -> DiaryKey | None:
    """The key to open ``data_dir``'s diary with: None for a plain one; a new diary with a key is
    created encrypted. ``PassphraseNeeded`` if it is encrypted and ``key`` is None."""
    db = data_dir / DB_FILE
    if is_blank(db):
        if key is not None:
            write_marker(data_dir, key)
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


def write_marker(data_dir: Path, key: DiaryKey) -> None:
    """``encryption.json``, atomically and durably (it must be on disk before an encrypted swap), with the
    salt of the files ``key`` makes and its ``check_value`` (no secret: see ``DiaryKey.check_value``)."""
    _write_json(data_dir, MARKER, _marker_body(key))
    for cache in (data_dir / CHAT_STATE_FILE, data_dir / (CHAT_STATE_FILE + ".tmp")):
        backups.shred(cache)  # a plain copy of the chat's cache must not outlive the plain diary


def _marker_body(key: DiaryKey) -> dict[str, object]:
    return {"cipher": "sqlcipher4", "kdf": "PBKDF2_HMAC_SHA512", "kdf_iter": KDF_ITERATIONS,
            "salt": key.salt.hex(), "check": key.check_value(key.salt)}


def refresh_marker(data_dir: Path, key: DiaryKey) -> None:
    """After ``key`` opened the diary: the marker names it (a rekey cut short before its commit, or a
    marker from an older Hearth, may name another). Written only when it differs."""
    if _read_marker(data_dir) != _marker_body(key):
        write_marker(data_dir, key)


def key_is_right(data_dir: Path, key: DiaryKey) -> bool:
    """Whether the marker says ``key`` is this diary's key (then a file it does not open is damaged)."""
    body = _read_marker(data_dir)
    try:
        salt = bytes.fromhex(str(body["salt"]))
        right = len(salt) == SALT_BYTES and hmac.compare_digest(key.check_value(salt), str(body["check"]))
    except (KeyError, ValueError):
        return False
    if right:
        key.salt = salt  # not the damaged file's: a new diary and its backups share the real one
    return right


def _read_marker(data_dir: Path) -> dict[str, object]:
    try:
        body = json.loads((data_dir / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return body if isinstance(body, dict) else {}


def _write_json(data_dir: Path, name: str, body: dict[str, object]) -> None:
    tmp = data_dir / (name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(body, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, data_dir / name)
    sync_dir(data_dir)


def clear_marker(data_dir: Path) -> None:
    (data_dir / MARKER).unlink(missing_ok=True)
    sync_dir(data_dir)


def clear_leftovers(data_dir: Path) -> None:
    """After a crash: finish a committed change (``roll_forward``); shred every other ``.new``/``.old``."""
    roll_forward(data_dir)
    _shred_leftovers(data_dir)


def _shred_leftovers(data_dir: Path) -> None:
    for folder in (data_dir, data_dir / backups.BACKUP_DIR):
        if not folder.is_dir():
            continue
        # A copy killed while SQLite wrote it leaves its side files too ("hearth.db.new-journal"): they
        # may hold its pages, the diary's words among them.
        names = [f"*{end}{side}" for end in (NEW, OLD) for side in ("", *SIDE_FILES)]
        for leftover in [path for name in names for path in folder.glob(name)]:
            if leftover.name.startswith(("hearth", backups.PREFIX)):
                backups.shred(leftover)
    for tmp in (MARKER, JOURNAL):
        (data_dir / (tmp + ".tmp")).unlink(missing_ok=True)


def roll_forward(data_dir: Path) -> None:
    """A change whose journal was written: put each remaining ``.new`` copy in place, shred the ``.old``
    files, remove the journal. Only renames and shredding — idempotent, so a crash here is fine too."""
    journal = data_dir / JOURNAL
    try:
        names = json.loads(journal.read_text(encoding="utf-8"))["files"]
    except FileNotFoundError:
        return
    except (OSError, ValueError, KeyError, TypeError):
        names = []  # a journal is written atomically; an unreadable one committed nothing we can name
    paths = [data_dir / name for name in names if isinstance(name, str) and ".." not in Path(name).parts]
    for path in paths:
        copy = path.with_name(path.name + NEW)
        if copy.exists():
            _clear_side_files(path)
            swap_in(path, copy)
    for path in paths:
        backups.shred(path.with_name(path.name + OLD))
    journal.unlink(missing_ok=True)
    sync_dir(data_dir)


def forget_locked(data_dir: Path) -> None:
    """Start over without the passphrase: shred the encrypted diary, its side files, backups, marker."""
    db = data_dir / DB_FILE
    for path in [*with_side_files(db), *backups.list_backups(data_dir)]:
        if path.exists():
            backups.shred(path)
    (data_dir / JOURNAL).unlink(missing_ok=True)  # nothing is rolled forward: the copies go too
    _shred_leftovers(data_dir)
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
    sync_dir(path.parent)


def stage_copy(path: Path, old_key: DiaryKey | None, new_key: DiaryKey | None) -> Path:
    """``path.new``: a verified copy of ``path`` under ``new_key``; nothing else is touched.

    ``EncryptionFailed`` (the copy shredded) if it cannot be made; the caller shreds the others."""
    copy = path.with_name(path.name + NEW)
    try:
        export_copy(path, old_key, copy, new_key)
        verify_copy(path, old_key, copy, new_key)
    except _FAILURES as exc:
        backups.shred(copy)
        if isinstance(exc, StoreError):
            raise
        raise EncryptionFailed("The diary could not be copied; it is unchanged.") from exc
    return copy


def convert_file(path: Path, old_key: DiaryKey | None, new_key: DiaryKey | None) -> None:
    """Export, verify, swap and shred one database file on its own (a stray backup at open)."""
    copy = stage_copy(path, old_key, new_key)
    _clear_side_files(path)  # an empty WAL and the wal-index of the old file must not meet the new one
    _clear_side_files(copy)
    swap_in(path, copy)
    backups.shred(path.with_name(path.name + OLD))


# -- the three changes ---------------------------------------------------------------------------------


def change_key(
    data_dir: Path, old_key: DiaryKey | None, new_key: DiaryKey | None, on_step: Step = _quiet
) -> None:
    """Re-write the diary and every backup from ``old_key`` to ``new_key`` (None: plain), as one change.

    The diary must be closed (no pooled connection) and its one-writer lock held by the caller.
    """
    db = data_dir / DB_FILE
    _no_wal(db)
    files = [db, *backups.list_backups(data_dir)]
    staged: list[Path] = []
    try:
        for path in files:
            prefix = "" if path == db else "backup:"
            if path != db and len(staged) == 1:
                on_step("backups")
            on_step(f"{prefix}export")
            staged.append(stage_copy(path, _key_of(path, old_key), new_key))
            on_step(f"{prefix}verify")
    except BaseException:
        for copy in staged:
            backups.shred(copy)
        raise
    if new_key is not None:
        on_step("mark")
        write_marker(data_dir, new_key)
    _write_json(data_dir, JOURNAL, {"files": [str(p.relative_to(data_dir)) for p in files]})  # the commit
    for path in files:
        on_step("swap" if path == db else "backup:swap")
        _clear_side_files(path)  # an empty WAL and the wal-index of the old file must not meet the new one
        swap_in(path, path.with_name(path.name + NEW))
    for path in files:
        on_step("shred" if path == db else "backup:shred")
        backups.shred(path.with_name(path.name + OLD))
    (data_dir / JOURNAL).unlink(missing_ok=True)
    if new_key is None:
        clear_marker(data_dir)
    sync_dir(data_dir)
    on_step("done")


def settle_backups(data_dir: Path, key: DiaryKey) -> None:
    """Every backup of an encrypted diary under its key: a plain one (a crash during ``encryption on`` in
    an older Hearth) is encrypted; one the key does not open (under a passphrase since changed) is shredded.

    A backup made with this key shares the diary's salt, so the usual case costs one 16-byte read each;
    another salt costs one KDF run to tell a still-valid backup (same passphrase) from a stale one."""
    for backup in backups.list_backups(data_dir):
        if is_plain(backup):
            convert_file(backup, None, key)
        elif file_salt(backup) not in (None, key.salt) and not _opens(backup, key):
            log.warning("a backup under a passphrase no longer in use was shredded")
            backups.shred(backup)


def _opens(path: Path, key: DiaryKey) -> bool:
    try:
        verify_key(path, key)
    except WrongPassphrase:
        return False
    except DB_ERRORS:
        return True  # damaged, not foreign: left for the person to see (restore names it)
    return True


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

