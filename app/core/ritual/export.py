"""A day or a week as Markdown, for "Export…" / printing (the GUI turns the Markdown into a PDF with Qt).

The companion's replies are optional: a person printing their journal may want only their own words.
Labels ("You", "Hearth", headings) come translated from the caller; the defaults are English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date

from app.core.ports import DiaryPort
from app.core.ritual.calendar import MONDAY
from app.core.ritual.week import ENGLISH_LABELS, WeeklyReviews
from app.core.text import REPLY_PLACEHOLDER
from app.store import Message

SPEAKERS = {"user": "You", "assistant": "Hearth"}
DayText = Callable[[date], str]


def _english_day(day: date) -> str:
    return f"{day:%A}, {day.day} {day:%B %Y}"


def messages_markdown(messages: list[Message], *, replies: bool, speakers: Mapping[str, str]) -> list[str]:
    lines: list[str] = []
    for message in messages:
        if message.role == "system" or (message.role == "assistant" and not replies):
            continue
        if message.text == REPLY_PLACEHOLDER:
            continue
        who = speakers.get(message.role, message.role)
        lines += [f"**{who}** · {message.created_at:%H:%M}", "", message.text.strip(), ""]
    return lines


def day_markdown(
    diary: DiaryPort,
    conversation_id: int,
    *,
    replies: bool = True,
    speakers: Mapping[str, str] = SPEAKERS,
    day_text: DayText = _english_day,
) -> str:
    """One day's conversation: a heading with the date, then each entry with its time."""
    conversation = diary.get_conversation(conversation_id)
    if conversation is None:
        return ""
    day = conversation.day or conversation.created_at.date()
    lines = [f"# {day_text(day)}", ""]
    lines += messages_markdown(diary.messages(conversation_id), replies=replies, speakers=speakers)
    return "\n".join(lines).rstrip() + "\n"


def week_markdown(
    diary: DiaryPort,
    day: date,
    *,
    replies: bool = True,
    labels: Mapping[str, str] = ENGLISH_LABELS,
    speakers: Mapping[str, str] = SPEAKERS,
    day_text: DayText = _english_day,
    first_weekday: int = MONDAY,
) -> str:
    """The weekly review, then every day of the week that has entries, in full (weeks start on
    ``first_weekday``: 0 Monday … 6 Sunday)."""
    review = WeeklyReviews(diary).review(day, first_weekday)
    parts = [review.to_markdown(labels, day_text)]
    for entry in review.entries:
        lines = [f"## {day_text(entry.day)}", ""]
        lines += messages_markdown(diary.messages(entry.conversation_id), replies=replies, speakers=speakers)
        parts.append("\n".join(lines).rstrip() + "\n")
    return "\n".join(parts)
