"""Backups with SQLite's online backup API: made, rotated, checked, restored — and shredded on request.

Backups live in ``data_dir/backups`` (0700), one file per backup (0600), named by time so they sort.
A backup is written to a temporary name and renamed when complete, switched to rollback-journal mode so
it is a single self-contained file that opens read-only. Restoring first backs up the current state
(so a restore can be undone), and re-applies the fingerprints of deleted facts so a deleted fact does
not come back from an older backup. An encrypted diary's backups are encrypted with its key (SQLCipher's
backup API between two files keyed alike); a backup that is not keyed like the diary is restored
through an encrypted (or plain) copy made with ``sqlcipher_export``.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from app.config import SHREDDING, ensure_private_dir, shred_file
from app.store import cipher
from app.store.cipher import DB_ERRORS, DiaryKey, is_encrypted_file, is_plain
from app.store.db import DB_FILE, SIDE_FILES, Database, create_private_file, translate
from app.store.errors import NotFound, StoreError, WrongPassphrase
from app.store.migrations import MIGRATIONS

BACKUP_DIR = "backups"
KEEP = 7
PREFIX = "hearth-"
SUFFIX = ".db"
PARTIAL = ".partial"
STAMP = "%Y%m%d-%H%M%S-%f"  # the time in a backup's name and in a damaged file's set aside
ASIDE = ".corrupt-"  # hearth.db.corrupt-<STAMP>: a damaged diary file set aside (``opening._move_aside``)
DAILY = timedelta(days=1)
# A half-written copy untouched this long was left by a backup that was killed (a running one writes it
# continuously); the next start shreds it. Deletions and forget-everything shred partial copies at once.
STALE_PARTIAL = timedelta(seconds=60)


def backups_dir(data_dir: Path) -> Path:
    return ensure_private_dir(data_dir / BACKUP_DIR)


def list_backups(data_dir: Path) -> list[Path]:
    """Complete backups, newest first."""
    folder = data_dir / BACKUP_DIR
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.name.startswith(PREFIX) and p.name.endswith(SUFFIX)]
    return sorted(found, key=lambda p: p.name, reverse=True)


def latest_backup(data_dir: Path) -> Path | None:
    found = list_backups(data_dir)
    return found[0] if found else None


def backup_time(path: Path) -> datetime | None:
    """When the backup at ``path`` was made (from its name), or None for a file not named by Hearth."""
    return _stamp(path)


def _stamp(path: Path) -> datetime | None:
    try:
        return datetime.strptime(path.name[len(PREFIX) : len(PREFIX) + 22], STAMP)
    except ValueError:
        return None


def make_backup(
    db: Database, data_dir: Path, keep: int = KEEP, now: datetime | None = None, spare: Path | None = None
) -> Path:
    """Copy the live database into a new backup file and keep only the newest ``keep`` backups.

    The file is named by ``now`` (default: the current time), the moment the backup is of. ``spare``
    (the backup a restore is about to read) is never rotated away: it is kept besides the ``keep``.
    """
    folder = backups_dir(data_dir)
    moment = now or datetime.now()
    final = write_copy(db, folder / f"{PREFIX}{moment.strftime(STAMP)}{SUFFIX}")
    rotate(data_dir, keep, spare)
    return final


def write_copy(db: Database, final: Path) -> Path:
    """A complete copy of the live database at ``final`` (keyed like it), written under a temporary name."""
    partial = final.with_name(final.name + PARTIAL)
    create_private_file(partial)
    try:
        target = cipher.connect(partial, db.key, isolation_level=None)
        try:
            with db.raw() as source:
                source.backup(target)
            target.execute("PRAGMA journal_mode = DELETE")
        finally:
            target.close()
        os.chmod(partial, 0o600)
        os.replace(partial, final)
    except DB_ERRORS as exc:
        partial.unlink(missing_ok=True)
        raise translate(exc) from exc
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return final


def partial_copies(data_dir: Path) -> list[Path]:
    """Half-written copies of the diary a killed backup (or restore) left behind: whole pages of the
    diary, never listed as backups — so they are shredded, not kept (a deletion would not reach them).
    With them: SQLite's side files of such a copy (a killed backup leaves its ``-journal``), and files a
    killed shred left half-zeroed (``<name>.shredding``, beside the diary or among the backups)."""
    folder = data_dir / BACKUP_DIR
    copies = [PARTIAL, *(PARTIAL + side for side in SIDE_FILES)]
    found = [p for p in folder.iterdir() if p.name.endswith((*copies, SHREDDING))] if folder.is_dir() else []
    staged = data_dir / "hearth.db.restore"  # copy_into's staging copy
    beside = [Path(f"{staged}{side}") for side in ("", *SIDE_FILES)] + sorted(data_dir.glob(f"*{SHREDDING}"))
    return found + [p for p in beside if p.exists()]


def shred_partial_copies(data_dir: Path, older_than: timedelta | None = None) -> int:
    """Shred the partial copies (only those untouched for ``older_than``, if given: a running backup in
    another process writes its own; a file being shredded goes whatever its age); how many went."""
    now = datetime.now().timestamp()
    gone = 0
    for path in partial_copies(data_dir):
        try:
            untouched = now - path.stat().st_mtime
        except OSError:
            continue
        doomed = path.name.endswith(SHREDDING)
        if older_than is None or doomed or untouched >= older_than.total_seconds():
            shred(path)
            gone += 1
    return gone


def rotate(data_dir: Path, keep: int = KEEP, spare: Path | None = None) -> None:
    """Keep the newest ``keep`` backups, ``spare``, and the last one made before the diary file was last
    found damaged (``before_damage``): the backups of a new, empty diary made after that must not rotate
    away the one that holds the person's entries."""
    spared = {Path(p).resolve() for p in (spare, before_damage(data_dir)) if p is not None}
    for old in [p for p in list_backups(data_dir) if p.resolve() not in spared][keep:]:
        shred(old)


@dataclass(frozen=True)
class HeldEntries:
    """A backup that holds the person's entries while the diary itself is empty (``Diary.emptied``)."""

    backup: Path
    entries: int  # the person's own messages in it


def entries_in(path: Path, key: DiaryKey | None) -> int:
    """How many of the person's entries the backup at ``path`` holds; 0 when it cannot be read (damaged,
    keyed under another passphrase, not a diary)."""
    try:
        conn = _open_ro(path, key)
    except (OSError, StoreError):
        return 0
    except DB_ERRORS:
        return 0
    try:
        row = conn.execute("SELECT count(*) FROM message WHERE role = 'user'").fetchone()
        return int(row[0]) if row else 0
    except DB_ERRORS:
        return 0
    finally:
        conn.close()


def newest_with_entries(data_dir: Path, key: DiaryKey | None) -> HeldEntries | None:
    """The newest backup that holds entries (None: none does). Deleting an entry deletes it from the
    backups too (``app.store.scrub``), so a backup that holds entries beside an empty diary holds what the
    person did not mean to lose: a diary file gone missing or emptied, or an empty state restored."""
    for path in list_backups(data_dir):
        count = entries_in(path, key)
        if count:
            return HeldEntries(path, count)
    return None


def before_damage(data_dir: Path) -> Path | None:
    """The newest backup made before the newest damaged diary file set aside (None if none was)."""
    stamps = [aside_stamp(p) for p in data_dir.glob(f"{DB_FILE}{ASIDE}*")]
    damaged = max((s for s in stamps if s is not None), default=None)
    if damaged is None:
        return None
    older = (p for p in list_backups(data_dir) if (made := _stamp(p)) is not None and made < damaged)
    return next(older, None)  # list_backups: newest first


def aside_stamp(path: Path) -> datetime | None:
    """When a damaged file was set aside (``hearth.db.corrupt-<time>``; side files have none)."""
    try:
        return datetime.strptime(path.name[len(DB_FILE) + len(ASIDE) :], STAMP)
    except ValueError:
        return None


def backup_due(data_dir: Path, now: datetime | None = None, every: timedelta = DAILY) -> bool:
    """No backup yet, or the newest is from an earlier day than ``now`` (or ``every`` old): one a day."""
    newest = latest_backup(data_dir)
    stamp = _stamp(newest) if newest else None
    moment = now or datetime.now()
    return stamp is None or stamp.date() < moment.date() or moment - stamp >= every


def check_backup(path: Path, key: DiaryKey | None = None) -> None:
    """Refuse a file that is not a readable Hearth database this version understands.

    An encrypted backup is read with ``key``; one it does not open was made under another passphrase.
    """
    if not path.is_file():
        raise NotFound(
            f"No backup at {path}.", "Run `hearth backup` first, or give the path of a backup file."
        )
    if not is_plain(path) and not is_encrypted_file(path):  # a text file, an export: never "encrypted"
        raise StoreError(f"{path.name} is not a Hearth backup.", "Choose another backup file.")
    try:
        conn = _open_ro(path, key)
        try:
            status = conn.execute("PRAGMA quick_check").fetchone()[0]
            names = [r[0] for r in conn.execute("SELECT name FROM migrations")]
        finally:
            conn.close()
    except WrongPassphrase:
        if key is None:
            raise StoreError(
                f"The backup {path.name} is encrypted and this diary is not (or it is not a Hearth backup).",
                "Turn encryption on here with the backup's passphrase (Settings ▸ Privacy, or"
                " `hearth encryption on`), then restore it; `hearth restore` into a new diary asks for it.",
            ) from None
        raise StoreError(
            f"The backup {path.name} is encrypted with another passphrase (or is not a Hearth backup).",
            "Choose another backup file.",
        ) from None
    except DB_ERRORS as exc:
        raise StoreError(f"{path.name} is not a Hearth backup.", "Choose another backup file.") from exc
    if status != "ok":
        raise StoreError(f"The backup {path.name} is damaged.", "Choose another (older) backup.")
    unknown = set(names) - {m.name for m in MIGRATIONS}
    if unknown:
        raise StoreError(
            f"The backup {path.name} was written by a newer Hearth.", "Update Hearth, then restore it."
        )


def _open_ro(path: Path, key: DiaryKey | None) -> sqlite3.Connection:
    """``path`` read-only, with ``key`` unless it is a plain SQLite file."""
    use = None if cipher.is_plain(path) else key
    if use is None and not cipher.is_plain(path) and path.stat().st_size:
        raise WrongPassphrase()  # encrypted, and the diary has no key: a passphrase is needed
    conn: sqlite3.Connection = cipher.connect(f"{path.resolve().as_uri()}?mode=ro", use, uri=True)
    return conn


def copy_into(db: Database, path: Path) -> None:
    """Overwrite the live database with the backup at ``path`` (online backup API, one transaction).

    A backup keyed otherwise than the diary (plain into encrypted, or the reverse) goes through a copy
    under the diary's key first: the backup API copies pages, it does not encrypt or decrypt them.
    """
    from app.store.encryption import export_copy  # (it imports this module)

    source_key = None if cipher.is_plain(path) else db.key
    staged: Path | None = None
    if (source_key is None) != (db.key is None):
        staged = db.path.with_name(db.path.name + ".restore")
        export_copy(path, source_key, staged, db.key)
        path, source_key = staged, db.key
    try:
        source = _open_ro(path, source_key)
        try:
            with db.raw() as live:
                source.backup(live)
        finally:
            source.close()
    finally:
        if staged is not None:
            shred(staged)
    db.dispose()


def shred(path: Path) -> None:
    """Overwrite a file with zeros before unlinking it (best effort on copy-on-write file systems); renamed
    first, so a kill mid-way never leaves a listed backup of zeros (``app.config.shred_file``)."""
    shred_file(path)
