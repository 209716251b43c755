"""Export (JSON: lossless; Markdown: a readable journal) and import, and erasing everything.

The JSON document holds every row of every table with its id, so ``import_json`` into an empty diary
followed by ``export_json`` gives back the identical document. It carries no export time for that
reason. Fingerprints of deleted facts are exported too (they are one-way), so an imported diary keeps
refusing what the person deleted.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime
from typing import Any

from sqlalchemy import text
from sqlmodel import Session, SQLModel, col, select

from app.store.db import Database
from app.store.errors import ImportRefused, InvalidValue
from app.store.migrations import LATEST
from app.store.models import (
    Conversation,
    Fact,
    FactVersion,
    ForgottenFact,
    Message,
    MessageTokenCount,
    Reflection,
    Summary,
)
from app.store.text import clean

FORMAT = "hearth-diary"
VERSION = 1

# (JSON key, table) in dependency order: a row only refers to rows of earlier tables.
TABLES: tuple[tuple[str, type[SQLModel]], ...] = (
    ("conversations", Conversation),
    ("messages", Message),
    ("token_counts", MessageTokenCount),
    ("summaries", Summary),
    ("facts", Fact),
    ("fact_versions", FactVersion),
    ("forgotten_facts", ForgottenFact),
    ("reflections", Reflection),
)
ROLE_NAMES = {"user": "You", "assistant": "Hearth", "system": "Note"}


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat(sep=" ", timespec="microseconds")
    if isinstance(value, date):
        return value.isoformat()
    return value


def record_dict(record: SQLModel) -> dict[str, Any]:
    """A record as JSON-ready values, fields in declaration order."""
    return {name: _plain(getattr(record, name)) for name in type(record).model_fields}


def _ordered(session: Session, table: type[SQLModel]) -> list[SQLModel]:
    keys = [c for c in table.__table__.primary_key.columns]  # type: ignore[attr-defined]
    return list(session.exec(select(table).order_by(*keys)))


def export_json(session: Session) -> dict[str, Any]:
    document: dict[str, Any] = {"format": FORMAT, "version": VERSION, "schema": LATEST}
    for key, table in TABLES:
        document[key] = [record_dict(record) for record in _ordered(session, table)]
    return document


def import_json(session: Session, data: dict[str, Any]) -> None:
    """Insert every row with its id. Refuses a non-empty diary or a document that is not an export."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidValue(
            "This file is not a Hearth JSON export.", "Export with `hearth export --format json`."
        )
    if data.get("version") != VERSION:
        raise InvalidValue(f"Unsupported export version {data.get('version')!r}.", "Update Hearth.")
    if not is_empty(session):
        raise ImportRefused("The diary already has entries; importing would mix two diaries.")
    # rows may point forward (a reflection to its successor): check references at commit instead
    session.connection().execute(text("PRAGMA defer_foreign_keys = ON"))
    for key, table in TABLES:
        rows = data.get(key, [])
        if not isinstance(rows, list):
            raise InvalidValue(f"The export's {key!r} is not a list.")
        for raw in rows:
            session.add(_record(table, raw, key))
        session.flush()


def _record(table: type[SQLModel], raw: Any, key: str) -> SQLModel:
    if not isinstance(raw, dict):
        raise InvalidValue(f"An entry of {key!r} is not an object.")
    values = {}
    for name, field in table.model_fields.items():
        value = raw.get(name, field.default if not field.is_required() else None)
        annotation = str(field.annotation)
        if isinstance(value, str) and "datetime" in annotation:
            value = datetime.fromisoformat(value)
        elif isinstance(value, str) and "date" in annotation:
            value = date.fromisoformat(value)
        elif isinstance(value, str):
            value = clean(value)
        values[name] = value
    try:
        return table.model_validate(values)
    except ValueError as exc:
        raise InvalidValue(f"An entry of {key!r} is malformed.") from exc


def is_empty(session: Session) -> bool:
    """No row in any table (fingerprints of deleted facts included)."""
    return all(session.exec(select(table).limit(1)).first() is None for _key, table in TABLES)


def export_markdown(session: Session) -> str:
    """A journal: one section per conversation, oldest first, each message with its time and speaker."""
    by_conversation: dict[int, list[Message]] = defaultdict(list)
    for message in session.exec(select(Message).order_by(col(Message.id))):
        by_conversation[message.conversation_id].append(message)
    conversations = sorted(
        session.exec(select(Conversation)), key=lambda c: (c.day or c.created_at.date(), c.id or 0)
    )
    lines = ["# Hearth diary", ""]
    for conversation in conversations:
        lines += _conversation_md(conversation, by_conversation.get(conversation.id or 0, []))
    facts = list(session.exec(select(Fact).order_by(col(Fact.pinned).desc(), col(Fact.importance).desc())))
    if facts:
        lines += ["## Memory about you", ""]
        for fact in facts:
            marks = " (pinned)" if fact.pinned else ""
            marks += " (retired)" if fact.retired else ""
            lines.append(f"- {_inline(fact.text)} — _{fact.kind}, importance {fact.importance}{marks}_")
        lines.append("")
    reflections = [r for r in session.exec(select(Reflection)) if r.superseded_by is None and not r.revoked]
    if reflections:
        lines += ["## Reflections", ""] + [f"- {_inline(r.text)}" for r in reflections] + [""]
    return "\n".join(lines).rstrip() + "\n"


def _conversation_md(conversation: Conversation, messages: list[Message]) -> list[str]:
    day = conversation.day or conversation.created_at.date()
    heading = f"## {day:%A}, {day.day} {day:%B %Y}"
    if conversation.title:
        heading += f" — {_inline(conversation.title)}"
    lines = [heading, ""]
    for message in messages:
        who = ROLE_NAMES.get(message.role, message.role)
        note = " _(interrupted)_" if message.status == "interrupted" else ""
        lines += [f"**{who}** · {message.created_at:%H:%M}{note}", "", message.text.strip(), ""]
    return lines


def _inline(value: str) -> str:
    return " ".join(value.split())


def erase_all(db: Database) -> None:
    """Delete every row, rebuild the empty index, VACUUM and truncate the WAL: nothing left in the bytes."""

    def wipe(session: Session) -> None:
        conn = session.connection()
        for _key, table in reversed(TABLES):
            conn.execute(text(f"DELETE FROM {table.__tablename__}"))  # type: ignore[attr-defined]
        conn.execute(text("INSERT INTO message_fts(message_fts) VALUES ('rebuild')"))
        conn.execute(text("DELETE FROM sqlite_sequence"))

    db.write(wipe)
    db.checkpoint()
    with db.raw() as conn:
        conn.execute("VACUUM")
    db.checkpoint()
