"""Conversations, messages and token counts (memory level L1) as functions over one session.

The ``Diary`` facade wraps each in a read or write transaction. Deleting history also drops the
summaries that may quote it (the rolling summary of the conversation and the digests of its day and
week); the core regenerates them. Callers purge the FTS index afterwards (see ``fts.merge_index``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import TypeVar

from sqlalchemy import delete, func, text
from sqlmodel import Session, col, select

from app.store.errors import InvalidValue, NotFound
from app.store.models import (
    ROLES,
    STATUSES,
    Conversation,
    ConversationInfo,
    Message,
    MessageTokenCount,
    Summary,
)
from app.store.text import message_text
from app.store.vectors import PendingText

FIRST_LINE_CHARS = 120
_DANGLING = " \t\u00a0,;:.!?-–—([{«„“\"'"  # what an excerpt must not end on before its "…"
_SPACE = re.compile(r"\s")  # any space, the no-break one included
MAX_BACK_OFF = 20  # an excerpt drops at most this much of a word cut in two (a long link, no spaces in CJK)
_CHUNK = 500

Row = TypeVar("Row")


def now() -> datetime:
    """Naive local time with microseconds (the store keeps the person's local clock)."""
    return datetime.now()


def local_naive(moment: datetime | None) -> datetime:
    if moment is None:
        return now()
    if moment.tzinfo is not None:
        return moment.astimezone().replace(tzinfo=None)
    return moment


def require(session: Session, model: type[Row], row_id: int, what: str) -> Row:
    """The row ``row_id`` of ``model``, or ``NotFound`` naming ``what`` (e.g. "Fact 3 does not exist.")."""
    row = session.get(model, row_id)
    if row is None:
        raise NotFound(f"{what} {row_id} does not exist.")
    return row


def week_scope(day: date) -> str:
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


# -- conversations ------------------------------------------------------------------------------------


def conversation_for_day(session: Session, day: date) -> Conversation:
    found = session.exec(
        select(Conversation).where(Conversation.day == day).order_by(col(Conversation.id)).limit(1)
    ).first()
    return found if found is not None else create_conversation(session, "", day)


def create_conversation(session: Session, title: str = "", day: date | None = None) -> Conversation:
    moment = now()
    conversation = Conversation(title=title, day=day, created_at=moment, updated_at=moment)
    session.add(conversation)
    session.flush()
    return conversation


def require_conversation(session: Session, conversation_id: int) -> Conversation:
    return require(session, Conversation, conversation_id, "Conversation")


def list_conversations(session: Session, limit: int = 100, offset: int = 0) -> list[ConversationInfo]:
    rows = (
        session.connection()
        .execute(
            text(
                """
            SELECT c.id, c.title, c.day, c.created_at, c.updated_at,
                   (SELECT m.text FROM message m WHERE m.conversation_id = c.id AND m.role = 'user'
                    ORDER BY m.id LIMIT 1),
                   (SELECT count(*) FROM message m WHERE m.conversation_id = c.id)
            FROM conversation c
            ORDER BY COALESCE(c.day, date(c.created_at)) DESC, c.id DESC
            LIMIT :limit OFFSET :offset
            """
            ),
            {"limit": limit, "offset": offset},
        )
        .all()
    )
    return [
        ConversationInfo(
            id=int(row[0]),
            title=str(row[1]),
            day=date.fromisoformat(row[2]) if row[2] else None,
            created_at=datetime.fromisoformat(row[3]),
            updated_at=datetime.fromisoformat(row[4]),
            first_line=_first_line(row[5]),
            message_count=int(row[6]),
        )
        for row in rows
    ]


def _first_line(message: str | None) -> str:
    if not message:
        return ""
    line = message.strip().splitlines()[0] if message.strip() else ""
    return excerpt(line)


def excerpt(line: str, limit: int = FIRST_LINE_CHARS) -> str:
    """``line`` itself if it has at most ``limit`` characters, else its start with "…", cut after the last
    whole word that fits: a cut mid-word ("she filled it with he…") reads as a typo, and a space or a comma
    left before the ellipsis ("своими …", "today, …") as a slip. One word longer than the limit is cut where
    it must be."""
    if len(line) <= limit:
        return line
    cut = line[: limit - 1]
    space = max((m.start() for m in _SPACE.finditer(cut)), default=-1)
    if _inside_word(line, limit - 1) and space > 0 and len(cut) - space <= MAX_BACK_OFF:  # drop cut word
        cut = cut[:space]  # (not further back: "see https://…" kept its link's start, not just "see")
    return (cut.rstrip(_DANGLING) or cut) + "…"


def _inside_word(line: str, at: int) -> bool:
    """Whether ``line[:at]`` ends in the middle of a word ("he|r", "Mia|'s"), not at its end ("her|,")."""
    return line[at - 1].isalnum() and (line[at].isalnum() or line[at] in "'’")


def rename_conversation(session: Session, conversation_id: int, title: str) -> Conversation:
    conversation = require_conversation(session, conversation_id)
    conversation.title = title.strip()
    conversation.updated_at = now()
    session.add(conversation)
    return conversation


def delete_conversation(session: Session, conversation_id: int) -> None:
    conversation = require_conversation(session, conversation_id)
    drop_derived_summaries(session, conversation, through_message_id=None)
    session.exec(delete(Message).where(col(Message.conversation_id) == conversation_id))  # type: ignore[call-overload]
    session.delete(conversation)


def drop_derived_summaries(
    session: Session, conversation: Conversation, through_message_id: int | None
) -> None:
    """Remove summaries that may quote deleted text: rolling (covering it), daily and weekly of its day."""
    rolling = delete(Summary).where(
        col(Summary.kind) == "rolling", col(Summary.scope) == str(conversation.id)
    )
    if through_message_id is not None:
        rolling = rolling.where(col(Summary.through_message_id) >= through_message_id)
    session.exec(rolling)  # type: ignore[call-overload]
    day = conversation.day or conversation.created_at.date()
    session.exec(  # type: ignore[call-overload]
        delete(Summary).where(
            ((col(Summary.kind) == "daily") & (col(Summary.scope) == day.isoformat()))
            | ((col(Summary.kind) == "weekly") & (col(Summary.scope) == week_scope(day)))
        )
    )


# -- messages -----------------------------------------------------------------------------------------


def add_message(
    session: Session,
    conversation_id: int,
    role: str,
    body: str,
    status: str = "complete",
    created_at: datetime | None = None,
) -> Message:
    if role not in ROLES:
        raise InvalidValue(f"Unknown role {role!r}; expected one of {', '.join(ROLES)}.")
    _check_status(status)
    body = message_text(body)
    conversation = require_conversation(session, conversation_id)
    message = Message(
        conversation_id=conversation_id,
        role=role,
        text=body,
        status=status,
        created_at=local_naive(created_at),
    )
    session.add(message)
    conversation.updated_at = max(conversation.updated_at, message.created_at)
    session.add(conversation)
    session.flush()
    return message


def _check_status(status: str) -> None:
    if status not in STATUSES:
        raise InvalidValue(f"Unknown status {status!r}; expected one of {', '.join(STATUSES)}.")


def require_message(session: Session, message_id: int) -> Message:
    return require(session, Message, message_id, "Message")


def update_message(session: Session, message_id: int, body: str | None, status: str | None) -> Message:
    message = require_message(session, message_id)
    if status is not None:
        _check_status(status)
        message.status = status
    if body is not None:
        body = message_text(body)
        if body != message.text:
            message.text = body
            session.exec(delete(MessageTokenCount).where(col(MessageTokenCount.message_id) == message_id))  # type: ignore[call-overload]
    session.add(message)
    return message


def delete_message(session: Session, message_id: int) -> None:
    message = require_message(session, message_id)
    conversation = require_conversation(session, message.conversation_id)
    drop_derived_summaries(session, conversation, through_message_id=message_id)
    session.delete(message)


def delete_unfinished_replies(session: Session, placeholder: str) -> int:
    """Delete replies a crash left as nothing but their placeholder (assistant, interrupted); how many."""
    query = select(Message).where(
        Message.role == "assistant", Message.status == "interrupted", Message.text == placeholder
    )
    found = list(session.exec(query))
    for message in found:
        delete_message(session, message.id)
    return len(found)


def messages(
    session: Session,
    conversation_id: int,
    after_id: int | None = None,
    before_id: int | None = None,
    limit: int | None = None,
) -> list[Message]:
    """Oldest first. With ``limit`` and ``before_id`` only, the *latest* ``limit`` before it."""
    query = select(Message).where(Message.conversation_id == conversation_id)
    if after_id is not None:
        query = query.where(col(Message.id) > after_id)
    if before_id is not None:
        query = query.where(col(Message.id) < before_id)
    if limit is not None and after_id is None:
        # the newest `limit` (the visible tail), returned oldest first
        newest = list(session.exec(query.order_by(col(Message.id).desc()).limit(limit)))
        return newest[::-1]
    query = query.order_by(col(Message.id))
    if limit is not None:
        query = query.limit(limit)
    return list(session.exec(query))


def newest_entry_time(session: Session) -> datetime | None:
    """When the entry added last was written (ids grow in the order entries are added), or None."""
    query = select(Message.created_at).order_by(col(Message.id).desc()).limit(1)
    return session.exec(query).first()


def message_count(session: Session, conversation_id: int) -> int:
    count = session.exec(
        select(func.count()).select_from(Message).where(Message.conversation_id == conversation_id)
    ).one()
    return int(count)


# -- token counts -------------------------------------------------------------------------------------


def token_counts(session: Session, message_ids: Iterable[int], tokenizer_id: str) -> dict[int, int]:
    """Stored counts of these messages under ``tokenizer_id`` (raw SQL: recall asks for ~100 every turn)."""
    ids = list(dict.fromkeys(int(i) for i in message_ids))
    found: dict[int, int] = {}
    conn = session.connection()
    for start in range(0, len(ids), _CHUNK):
        chunk = ",".join(str(i) for i in ids[start : start + _CHUNK])  # integers, built here
        rows = conn.exec_driver_sql(
            "SELECT message_id, n FROM message_token_count "
            f"WHERE tokenizer_id = ? AND message_id IN ({chunk})",
            (tokenizer_id,),
        )
        found.update((int(m), int(n)) for m, n in rows)
    return found


def set_token_count(session: Session, message_id: int, tokenizer_id: str, n: int) -> None:
    if n < 0:
        raise InvalidValue("A token count cannot be negative.")
    require_message(session, message_id)
    session.connection().execute(
        text(
            "INSERT INTO message_token_count(message_id, tokenizer_id, n) VALUES (:m, :t, :n) "
            "ON CONFLICT(message_id, tokenizer_id) DO UPDATE SET n = excluded.n"
        ),
        {"m": message_id, "t": tokenizer_id, "n": n},
    )


def set_token_counts(session: Session, counts: Sequence[tuple[int, str, int]], tokenizer_id: str) -> int:
    """Store many counts (message id, the text counted, tokens) in one statement: one commit for a turn's
    worth. A count is kept only while its message still reads as counted (an edit or a deletion in the
    meantime drops it, as it drops a stored vector): the counts are a cache, never a stale one.
    Returns how many were stored."""
    if any(n < 0 for _, _, n in counts):
        raise InvalidValue("A token count cannot be negative.")
    result = session.connection().exec_driver_sql(
        "INSERT INTO message_token_count(message_id, tokenizer_id, n) "
        "SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM message WHERE id = ? AND text = ?) "
        "ON CONFLICT(message_id, tokenizer_id) DO UPDATE SET n = excluded.n",
        [(int(m), tokenizer_id, int(n), int(m), text_) for m, text_, n in counts],
    )
    return max(0, int(result.rowcount))

_NO_ID_ABOVE = 2**63 - 1  # SQLite's largest integer: no id is above it


def uncounted_messages(
    session: Session,
    tokenizer_id: str,
    *,
    limit: int,
    skip_text: str,
    above: int = 0,
    below: int | None = None,
) -> list[PendingText]:
    """Messages with words and no stored count under ``tokenizer_id``, newest first (what recall will
    most likely be asked about); ``skip_text`` is a reply still being written. Only ids in (``above``,
    ``below``) are read: a caller walking the diary batch by batch resumes where it stopped, instead of
    stepping again over every message it counted (on a 100k diary that step costs ~50 ms a batch)."""
    rows = session.connection().exec_driver_sql(
        "SELECT m.id, m.text FROM message AS m WHERE m.id > ? AND m.id < ? AND m.text != '' AND m.text != ? "
        "AND NOT EXISTS (SELECT 1 FROM message_token_count AS t WHERE t.message_id = m.id "
        "AND t.tokenizer_id = ?) ORDER BY m.id DESC LIMIT ?",
        (int(above), _NO_ID_ABOVE if below is None else int(below), skip_text, tokenizer_id, int(limit)),
    )
    return [PendingText(int(r[0]), str(r[1])) for r in rows]
