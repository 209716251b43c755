"""The message box's unsent words, kept in the diary as they are typed (``migrations.M012_DRAFT``).

One row at most: the window has one message box. Blank words clear it. The row is the person's own text, so
it lives in the diary's file (encrypted with it, in its backups, copied by a rescue) and not in a loose file
beside it; it is not exported, because it is not an entry yet.
"""

from __future__ import annotations

from sqlmodel import Session

from app.store.history import now
from app.store.models import Conversation, Draft
from app.store.text import clean

DRAFT_ID = 1


def save_draft(session: Session, text: str, conversation_id: int | None) -> None:
    """Keep ``text`` as the draft typed on ``conversation_id``'s day; blank ``text`` clears the draft."""
    text = clean(text)  # as an entry's text is: the trigger then finds the entry these words became
    row = session.get(Draft, DRAFT_ID)
    if not text.strip():
        if row is not None:
            session.delete(row)
            session.flush()
        return
    if conversation_id is not None and session.get(Conversation, conversation_id) is None:
        conversation_id = None  # its day was deleted meanwhile: the words are kept all the same
    if row is None:
        row = Draft(id=DRAFT_ID, text=text, conversation_id=conversation_id, saved_at=now())
    row.text, row.conversation_id, row.saved_at = text, conversation_id, now()
    session.add(row)
    session.flush()


def draft(session: Session) -> Draft | None:
    return session.get(Draft, DRAFT_ID)
