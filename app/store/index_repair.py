"""The search index is derived data: when it is damaged, it is rebuilt from the messages, not mourned.

Random bytes inside FTS5's blocks pass SQLite's ``quick_check`` and ``integrity_check`` (they check the
b-trees, not what FTS5 stores in them), and a search then fails with ``SQLITE_CORRUPT``. Starting again
would change nothing. So when a search reports damage, FTS5's own ``integrity-check`` (which, for an
external-content table, also compares the index with the message table) tells whether the index is what
is damaged; if so, ``rebuild`` recreates it from the messages — nothing the person wrote is lost — and the
search is tried again. Damage elsewhere is left to the move-aside-and-restore path.
"""

from __future__ import annotations

import logging
import sqlite3

from app.store.cipher import DATABASE_ERRORS

log = logging.getLogger(__name__)


def index_is_sound(conn: sqlite3.Connection) -> bool:
    """FTS5's integrity check of ``message_fts`` against its content (the message table)."""
    try:
        conn.execute("INSERT INTO message_fts(message_fts, rank) VALUES ('integrity-check', 1)")
    except DATABASE_ERRORS:
        return False
    return True


def repair_index(conn: sqlite3.Connection) -> bool:
    """Rebuild a damaged index from the messages; True if it was damaged and is now sound."""
    if index_is_sound(conn):
        return False
    conn.execute("INSERT INTO message_fts(message_fts) VALUES ('rebuild')")
    sound = index_is_sound(conn)
    log.warning("the search index was damaged and rebuilt (%s)", "sound now" if sound else "still bad")
    return sound
