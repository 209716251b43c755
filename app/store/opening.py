"""Opening a diary file safely: check it, refuse a newer schema, migrate — and move a damaged file aside.

A damaged file is never overwritten: it is renamed ``hearth.db.corrupt-<time>`` with its side files, and
``DatabaseCorrupt`` names the latest backup so the person can restore it with one click.

The check on open differs by kind of file, each as strong as the other where it counts:
- a plain diary: ``quick_check`` (every b-tree page is read and its structure checked);
- an encrypted diary: ``cipher_integrity_check`` — SQLCipher checks the HMAC of every page of the file,
  so any change made to any page since SQLCipher wrote it (bit rot, a torn or lost-tail write, a truncated
  file, tampering) is found at open. That is stronger than ``quick_check`` against damage from outside
  (``quick_check`` does not see a flipped bit inside a message's text), and it costs a third as much:
  SQLCipher's own SQLite (3.44 and later) runs FTS5's full index check inside ``quick_check``, re-tokenizing
  every message (0.6 s of the 1.1 s at 100,000 messages), and the b-tree walk decrypts every page again.
  What it does not re-check at open is b-tree structure written by SQLite itself with a valid HMAC (a bug,
  or a disk that acknowledged a write it lost); SQLite checks each page's structure when it reads it, so
  such damage is reported as "damaged" on first use instead of at open. A damaged search index is
  rebuilt from the messages (``index_repair``) rather than getting the whole diary moved aside.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path
from typing import cast

from app.store import backup as backups
from app.store import damage, lost_writes
from app.store.db import DB_FILE, SIDE_FILES, Database
from app.store.errors import DatabaseCorrupt, StoreError
from app.store.index_repair import repair_index
from app.store.migrations import migrate, unknown_migrations


def check_and_migrate(db: Database, *, deeper: bool = False) -> bool:
    """Check the file, refuse a newer schema, apply pending migrations. Damage raises ``Corruption``.

    ``deeper`` (the last run saw damage, ``app.store.damage``): the full ``integrity_check`` as well, and
    FTS5's check of the search index, rebuilt if damaged; returns whether it was.
    """
    pooled = db.engine.raw_connection()
    try:
        conn = cast(sqlite3.Connection, pooled.driver_connection)  # or sqlcipher3's twin
        check_file(conn, encrypted=db.key is not None, deeper=deeper)
        if unknown_migrations(conn):
            raise StoreError(
                "This diary was written by a newer version of Hearth.", "Update Hearth to open it."
            )
        migrate(conn)
        return repair_index(conn) if deeper else False
    finally:
        pooled.close()


def check_file(conn: sqlite3.Connection, *, encrypted: bool, deeper: bool = False) -> None:
    """The check on open (see the module's docstring for why it differs when encrypted); ``deeper`` adds
    SQLite's full ``integrity_check`` whatever the kind of file."""
    if encrypted and conn.execute("PRAGMA cipher_integrity_check").fetchone() is not None:
        raise Corruption("a page failed its HMAC check")
    if encrypted and not deeper:
        return
    check = "integrity_check" if deeper else "quick_check"
    problems = [row[0] for row in conn.execute(f"PRAGMA {check}")]
    if problems != ["ok"]:
        raise Corruption(f"{check} failed")


class Corruption(sqlite3.DatabaseError):
    """quick_check found damage (SQLite itself raised nothing)."""

    sqlite_errorcode = sqlite3.SQLITE_CORRUPT


def corrupt(data_dir: Path) -> DatabaseCorrupt:
    """Set the damaged file aside; the error that says so, with where it went, the latest backup, and the
    copies of a damaged log kept at this open (or an earlier one), which are said here, with it."""
    moved = _move_aside(data_dir / DB_FILE)
    damage.forget(data_dir)  # the file that saw it is gone; the next one starts clean
    kept = lost_writes.tell_with_damaged_diary(data_dir)
    where = (f" It was moved aside to {moved.name}." if moved else "") + _kept_sentence(kept)
    return DatabaseCorrupt(
        f"The diary file is damaged and cannot be opened safely.{where}",
        backup=backups.latest_backup(data_dir),
        moved_to=moved,
        kept=kept,
    )


def _kept_sentence(kept: tuple[Path, ...]) -> str:
    """The copies of a damaged log (and of the diary file it applied to), named for whoever looks at them
    later or deletes them (translated as ``error_messages`` templates)."""
    if len(kept) > 1:
        return (f" The last things written to it were damaged too: copies of the damaged log and of the "
                f"diary file as it was are kept beside it, as {kept[0].name} and {kept[1].name}.")
    if kept:
        return (f" The last things written to it were damaged too: a copy of the damaged log is kept "
                f"beside it, as {kept[0].name}.")
    return ""


def _move_aside(path: Path) -> Path | None:
    """Rename the damaged file and its side files to ``hearth.db.corrupt-<time>`` (never overwriting)."""
    if not path.exists():
        return None
    target = path.with_name(f"{path.name}{backups.ASIDE}{datetime.now().strftime(backups.STAMP)}")
    path.rename(target)
    for suffix in SIDE_FILES:
        side = Path(f"{path}{suffix}")
        if side.exists():
            side.rename(Path(f"{target}{suffix}"))
    return target


def aside_files(data_dir: Path) -> list[Path]:
    return sorted(data_dir.glob(f"{DB_FILE}{backups.ASIDE}*"))
