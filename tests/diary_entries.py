"""Writing a diary's entries for the recall tests: each on its day's conversation, at nine that morning."""

from __future__ import annotations

from datetime import date, datetime

from app.store import Diary


def write_entry(diary: Diary, day: date, text: str, role: str = "user") -> int:
    """The id of ``text`` saved as ``role``'s message in ``day``'s conversation."""
    conversation = diary.conversation_for_day(day)
    assert conversation.id is not None
    written = datetime(day.year, day.month, day.day, 9)
    message = diary.add_message(conversation.id, role, text, created_at=written)
    assert message.id is not None
    return message.id
