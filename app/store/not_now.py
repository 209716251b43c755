"""Names the person said "Not now" to when asked who they are (``migrations.M013_NOT_NOW_NAMES``).

Kept in the diary's file, not in the app's settings: a name is diary text, so it is encrypted with the diary,
goes with a deletion (any deleted or edited entry empties the list) and with forget-everything.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlmodel import Session

from app.store.history import now
from app.store.text import clean

MAX_NAME_CHARS = 200  # a name, not an entry: longer is cut (the list only ever holds what Hearth asked about)


def not_now_names(session: Session) -> list[str]:
    """The names, oldest first."""
    rows = session.connection().execute(text("SELECT name FROM not_now_name ORDER BY said_at, name")).all()
    return [str(row[0]) for row in rows]


def clear_not_now(session: Session) -> None:
    """Forget every name: the person wants to be asked about them again."""
    session.connection().execute(text("DELETE FROM not_now_name"))


def add_not_now(session: Session, name: str) -> None:
    """Remember ``name`` (again: its time is renewed); a blank name is ignored."""
    name = clean(name).strip()[:MAX_NAME_CHARS]
    if not name:
        return
    session.connection().execute(
        text("INSERT OR REPLACE INTO not_now_name(name, said_at) VALUES (:name, :at)"),
        {"name": name, "at": now().isoformat(sep=" ")},
    )
