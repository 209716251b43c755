"""What the person is shown of recall: "Remembered 5 entries" under a reply, each entry dated, with its
first words and a way back to it. No peer app shows which of the person's own words the model was given."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from app.core.events import RememberedEntry
from app.core.ports import DiaryPort
from app.core.recall.finder import RecalledEntry

PREVIEW_WORDS = 12
PREVIEW_CHARS = 90


def preview(text: str) -> str:
    """The first words of an entry, on one line, cut at a word with an ellipsis."""
    words = " ".join(text.split()).split(" ")
    short = " ".join(words[:PREVIEW_WORDS])
    if len(short) > PREVIEW_CHARS:
        short = short[:PREVIEW_CHARS].rsplit(" ", 1)[0]
    return short + ("…" if short != " ".join(words) else "")


def remembered_entries(entries: Iterable[RecalledEntry]) -> tuple[RememberedEntry, ...]:
    return tuple(
        RememberedEntry(e.message_id, e.conversation_id, e.day, e.role, preview(e.text)) for e in entries
    )


def remembered_for(diary: DiaryPort, reply_ids: Sequence[int]) -> dict[int, tuple[RememberedEntry, ...]]:
    """What recall gave each of these replies, as saved with them (entries deleted since are left out)."""
    links = diary.remembered(reply_ids)
    found = diary.messages_by_id({m for ids in links.values() for m in ids})
    return {
        reply_id: tuple(
            RememberedEntry(c.message_id, c.conversation_id, c.day, c.role, preview(c.text))
            for c in (found[m] for m in ids if m in found)
        )
        for reply_id, ids in links.items()
    }
