"""The daily ritual's records and queries, as functions over a session: the day's opening questions
(``opening_prompt``) and what the person wrote per day (the calendar, streaks, "On this day", statistics).

The ``Diary`` facade wraps each in a read or write transaction. Opening questions are derived data: they are
not exported, and the migration's triggers drop every model-written one when a message, a fact or a summary
is deleted (see ``migrations.M007_OPENING_PROMPTS``).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import text, update
from sqlmodel import Session, col, select

from app.store.errors import InvalidValue
from app.store.history import excerpt, now
from app.store.models import MOODS, PROMPT_SOURCES, PROMPT_STATES, DayActivity, DayMood, OpeningPrompt
from app.store.text import checked

MAX_PROMPT_CHARS = 300


def opening_prompts(session: Session, day: date) -> list[OpeningPrompt]:
    """The day's questions, oldest first."""
    query = select(OpeningPrompt).where(OpeningPrompt.day == day).order_by(col(OpeningPrompt.id))
    return list(session.exec(query))


def add_opening_prompt(
    session: Session, day: date, body: str, source: str = "model", state: str = "offered"
) -> OpeningPrompt:
    if source not in PROMPT_SOURCES or state not in PROMPT_STATES:
        raise InvalidValue(f"Unknown opening question source or state: {source!r}, {state!r}.")
    body = checked(body, what="opening question", limit=MAX_PROMPT_CHARS)
    prompt = OpeningPrompt(day=day, text=body, source=source, state=state, created_at=now())
    session.add(prompt)
    session.flush()
    return prompt


def set_opening_prompt_state(session: Session, day: date, state: str) -> None:
    """Mark every question of ``day`` still offered as ``state`` ("replaced" or "dismissed")."""
    if state not in PROMPT_STATES:
        raise InvalidValue(f"Unknown opening question state {state!r}.")
    session.exec(
        update(OpeningPrompt)  # type: ignore[call-overload]
        .where(col(OpeningPrompt.day) == day, col(OpeningPrompt.state) == "offered")
        .values(state=state)
    )


_ACTIVITY = """
    SELECT COALESCE(c.day, date(c.created_at)) AS d, c.id, m.text
    FROM message m JOIN conversation c ON c.id = m.conversation_id
    WHERE m.role = 'user' AND COALESCE(c.day, date(c.created_at)) BETWEEN :first AND :last
    ORDER BY d, c.id, m.id
"""


def day_activity(session: Session, first: date, last: date) -> list[DayActivity]:
    """Days from ``first`` to ``last`` (inclusive) on which the person wrote, oldest first."""
    rows = session.connection().execute(
        text(_ACTIVITY), {"first": first.isoformat(), "last": last.isoformat()}
    )
    days: dict[str, list[tuple[int, str]]] = {}
    for day, conversation_id, body in rows:
        days.setdefault(str(day), []).append((int(conversation_id), str(body)))
    return [_activity(day, entries) for day, entries in days.items()]


def _activity(day: str, entries: list[tuple[int, str]]) -> DayActivity:
    conversation_id, first = entries[0]
    line = next((part.strip() for part in first.splitlines() if part.strip()), "")
    line = excerpt(line)
    words = sum(len(body.split()) for _, body in entries)
    return DayActivity(date.fromisoformat(day), words, len(entries), conversation_id, line)


def days_written(session: Session, first: date, last: date) -> list[date]:
    """The diary days from ``first`` to ``last`` with at least one entry of the person's (streaks)."""
    rows = session.connection().execute(
        text(
            """SELECT DISTINCT COALESCE(c.day, date(c.created_at)) AS d FROM conversation c
               WHERE EXISTS (SELECT 1 FROM message m WHERE m.conversation_id = c.id AND m.role = 'user')
                 AND COALESCE(c.day, date(c.created_at)) BETWEEN :first AND :last ORDER BY d"""
        ),
        {"first": first.isoformat(), "last": last.isoformat()},
    )
    return [date.fromisoformat(str(row[0])) for row in rows]


def set_mood(session: Session, day: date, mood: int | None) -> None:
    """The person's mood for ``day`` (1–5); None clears it."""
    if mood is not None and (isinstance(mood, bool) or mood not in MOODS):
        raise InvalidValue(f"A mood is a whole number from 1 to 5, not {mood!r}.")
    row = session.get(DayMood, day)
    if mood is None:
        if row is not None:
            session.delete(row)
        return
    if row is None:
        row = DayMood(day=day, mood=mood, set_at=now())
    row.mood, row.set_at = mood, now()
    session.add(row)
    session.flush()


def moods(session: Session, first: date, last: date) -> dict[date, int]:
    query = (
        select(DayMood).where(col(DayMood.day) >= first, col(DayMood.day) <= last).order_by(col(DayMood.day))
    )
    return {row.day: row.mood for row in session.exec(query)}
