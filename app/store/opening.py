"""Opening a diary file safely: check it, refuse a newer schema, migrate — and move a damaged file aside.

A damaged file is never overwritten: it is renamed ``hearth.db.corrupt-<time>`` with its side files, and
``DatabaseCorrupt`` names the latest backup so the person can restore it with one click.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path
from typing import cast

from app.store import backup as backups
from app.store import damage
from app.store.db import DB_FILE, SIDE_FILES, Database
from app.store.errors import DatabaseCorrupt, StoreError
from app.store.index_repair import repair_index
from app.store.migrations import migrate, unknown_migrations


def check_and_migrate(db: Database, *, deeper: bool = False) -> bool:
    """quick_check, refuse a newer schema, apply pending migrations. Damage raises ``Corruption``.

    ``deeper`` (the last run saw damage, ``app.store.damage``): the full ``integrity_check`` instead of
    the quick one, and FTS5's check of the search index, rebuilt if damaged; returns whether it was.
    """
    pooled = db.engine.raw_connection()
    try:
        conn = cast(sqlite3.Connection, pooled.driver_connection)  # or sqlcipher3's twin
        check = "integrity_check" if deeper else "quick_check"
        problems = [row[0] for row in conn.execute(f"PRAGMA {check}")]
        if problems != ["ok"]:
            raise Corruption(f"{check} failed")
        if unknown_migrations(conn):
            raise StoreError(
                "This diary was written by a newer version of Hearth.", "Update Hearth to open it."
            )
        migrate(conn)
        return repair_index(conn) if deeper else False
    finally:
        pooled.close()


class Corruption(sqlite3.DatabaseError):
    """quick_check found damage (SQLite itself raised nothing)."""

    sqlite_errorcode = sqlite3.SQLITE_CORRUPT


def corrupt(data_dir: Path) -> DatabaseCorrupt:
    moved = _move_aside(data_dir / DB_FILE)
    damage.forget(data_dir)  # the file that saw it is gone; the next one starts clean
    where = f" It was moved aside to {moved.name}." if moved else ""
    return DatabaseCorrupt(
        f"The diary file is damaged and cannot be opened safely.{where}",
        backup=backups.latest_backup(data_dir),
        moved_to=moved,
    )


def _move_aside(path: Path) -> Path | None:
    """Rename the damaged file and its side files to ``hearth.db.corrupt-<time>`` (never overwriting)."""
    if not path.exists():
        return None
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    path.rename(target)
    for suffix in SIDE_FILES:
        side = Path(f"{path}{suffix}")
        if side.exists():
            side.rename(Path(f"{target}{suffix}"))
    return target


def aside_files(data_dir: Path) -> list[Path]:
    return sorted(data_dir.glob(f"{DB_FILE}.corrupt-*"))
