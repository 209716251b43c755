"""Export (JSON: lossless; Markdown: a readable journal) and import, and erasing everything.

The JSON document holds every row of every table with its id, so ``import_json`` into an empty diary
followed by ``export_json`` gives back the identical document. It carries no export time for that
reason. Fingerprints of deleted facts are exported too (they are one-way), so an imported diary keeps
refusing what the person deleted.

Import trusts nothing in the file: ``read_export`` refuses a file too big, not UTF-8, not JSON or nested
too deeply, and ``validate_export`` checks every row by the rules of the live API (text limits, empty
text, known roles, kinds and statuses, real dates, unique ids, references inside the file) before a
single row is written. ``ImportRefused`` names the first bad row by table, number and id, never by
its text.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlmodel import Session, SQLModel, col, select

from app.store.db import Database
from app.store.errors import EmptyText, ImportRefused, InvalidValue, TextTooLong
from app.store.history import local_naive
from app.store.images import MAX_IMAGE_BYTES, MIMES
from app.store.migrations import LATEST
from app.store.models import (
    FACT_KINDS,
    FACT_SOURCES,
    OCR_STATES,
    ROLES,
    STATUSES,
    SUMMARY_KINDS,
    Attachment,
    Conversation,
    DayMood,
    Fact,
    FactVersion,
    ForgottenFact,
    ImageOriginal,
    Message,
    MessageTokenCount,
    Reflection,
    Summary,
)
from app.store.text import MAX_FACT_CHARS, MAX_MESSAGE_CHARS, MAX_SUMMARY_CHARS, checked, clean
from app.store.vectors import VECTOR_TABLES

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
    ("moods", DayMood),
    # pictures (issue 17): bytes as base64; the originals by content (SHA-256) before what shows them
    ("image_originals", ImageOriginal),
    ("attachments", Attachment),
)
ROLE_NAMES = {"user": "You", "assistant": "Hearth", "system": "Note"}

# Limits of an import. A heavy diarist (30 messages a day of ~800 characters) exports about 10 MB a
# year, so 512 MB is decades of writing; it bounds what one import reads into memory (the file, its
# text and its parsed rows: about 2 GB at worst). The character and row caps bound a document handed
# over already parsed the same way (an export under the byte cap passes them).
MAX_IMPORT_BYTES = 512 * 1024 * 1024
MAX_IMPORT_CHARS = MAX_IMPORT_BYTES
MAX_IMPORT_ROWS = 10_000_000
# Titles, scopes, model and tokenizer names: the store sets no limit, nothing writes one this long.
MAX_LABEL_CHARS = MAX_MESSAGE_CHARS
_MIB = 1024 * 1024
_INT64_MAX = 2**63 - 1
_HEX = re.compile(r"[0-9a-fA-F]+")
_DIGEST = re.compile(r"[0-9a-f]{64}")
BAD_FILE_HINT = "Nothing was imported. Import a file made by `hearth export --format json`, unchanged."


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
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


def _refused(message: str) -> ImportRefused:
    """The refusal of a bad file, with its own hint (the class's hint is about a diary with entries)."""
    return ImportRefused(message, BAD_FILE_HINT)


def read_export(path: Path) -> Any:
    """The parsed JSON of the export file ``path``, refusing a file too big, not UTF-8, not JSON, or too deep.

    The size is checked before anything is read (and the read stops one byte past the limit, for files
    whose size the file system does not know). ``OSError`` (missing file, no permission) passes through.
    """
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        raw = b"" if size > MAX_IMPORT_BYTES else fh.read(MAX_IMPORT_BYTES + 1)
    if size > MAX_IMPORT_BYTES or len(raw) > MAX_IMPORT_BYTES:
        raise _refused(f"{path} is bigger than {MAX_IMPORT_BYTES // _MIB} MB, the most Hearth imports.")
    return parse_export(raw, name=str(path))


def parse_export(raw: bytes | str, *, name: str = "The file") -> Any:
    """``json.loads`` that only ever raises ``ImportRefused`` (never RecursionError or ValueError)."""
    try:
        body = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise _refused(f"{name} is not UTF-8 text, so it is not a Hearth JSON export.") from None
    try:
        return json.loads(body)
    except RecursionError:
        # json's C scanner raises this on e.g. 200,000 nested brackets; an export nests three levels
        raise _refused(f"{name} nests its JSON too deeply to be a Hearth export.") from None
    except json.JSONDecodeError as exc:
        place = f"line {exc.lineno}, column {exc.colno}"
        raise _refused(f"{name} is not valid JSON ({place}).") from None
    except ValueError:  # e.g. an integer of more than 4,300 digits
        raise _refused(f"{name} is not valid JSON.") from None


def import_json(session: Session, data: dict[str, Any]) -> None:
    """Insert every row with its id, after checking every row by the rules of the live API.

    Refuses a non-empty diary, a document that is not an export, and any bad row (``ImportRefused``
    names the first one) before anything is written; the caller's transaction makes it all or nothing.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidValue(
            "This file is not a Hearth JSON export.", "Export with `hearth export --format json`."
        )
    if data.get("version") != VERSION:
        version = data.get("version")
        shown = repr(version) if _is_int(version) else "of this file"
        raise InvalidValue(f"Unsupported export version {shown}.", "Update Hearth.")
    if not is_empty(session):
        raise ImportRefused("The diary already has entries; importing would mix two diaries.")
    checked_rows = validate_export(data)
    # rows may point forward (a reflection to its successor): check references at commit instead
    session.connection().execute(text("PRAGMA defer_foreign_keys = ON"))
    for (_key, table), rows in zip(TABLES, checked_rows, strict=True):
        name = _table_name(table)
        for number, values in enumerate(rows, start=1):
            try:
                record = table.model_validate(values)
            except ValueError:  # pragma: no cover - validate_export already checked every field
                raise _refused(f"{_where(name, number, values)}: the row is malformed.") from None
            session.add(record)
        session.flush()
        rows.clear()  # the records hold the values now
    problem = session.connection().execute(text("PRAGMA foreign_key_check")).first()
    if problem is not None:  # pragma: no cover - validate_export already checked every reference
        raise _refused(f'A row of "{problem[0]}" refers to a missing row of "{problem[2]}".')


# -- checking an export, row by row -------------------------------------------------------------------


class _Bad(Exception):
    """One field's problem, said without its value (the value may be diary text)."""


class _Missing:
    pass


_MISSING = _Missing()
Check = Callable[[str, Any], Any]


def _whole(low: int, high: int = _INT64_MAX, *, nullable: bool = False) -> Check:
    def check(name: str, value: Any) -> Any:
        if value is None and nullable:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            upper = "" if high == _INT64_MAX else f" to {high}"
            raise _Bad(f"the {name} is not a whole number from {low}{upper}")
        return value

    return check


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"the {name} is not true or false")
    return value


def _one_of(options: tuple[str, ...]) -> Check:
    def check(name: str, value: Any) -> str:
        if value not in options or not isinstance(value, str):
            raise _Bad(f"the {name} is not one of {', '.join(options)}")
        return value

    return check


def _body(limit: int, *, strip: bool = False) -> Check:
    """Diary text: cleaned like the live API does, empty refused, at most ``limit`` characters."""

    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise _Bad(f"the {name} is not text")
        if len(value) > 2 * limit:  # cleaning joins surrogate pairs: it can at most halve the length
            raise _Bad(f"the {name} has {len(value):,} characters; at most {limit:,} are allowed")
        try:
            body = checked(value, what=name, limit=limit)
        except EmptyText:
            raise _Bad(f"the {name} is empty") from None
        except TextTooLong:
            length = len(clean(value))
            raise _Bad(f"the {name} has {length:,} characters; at most {limit:,} are allowed") from None
        return body.strip() if strip else body

    return check


def _label(*, required: bool = False) -> Check:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise _Bad(f"the {name} is not text")
        if len(value) > MAX_LABEL_CHARS:
            raise _Bad(f"the {name} has more than {MAX_LABEL_CHARS:,} characters")
        if required and not value.strip():
            raise _Bad(f"the {name} is empty")
        return clean(value)

    return check


def _hex(*, pattern: re.Pattern[str] = _HEX, even: bool = True) -> Check:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str) or len(value) > 256 or not pattern.fullmatch(value):
            raise _Bad(f"the {name} is not a hexadecimal fingerprint")
        if even and len(value) % 2:
            raise _Bad(f"the {name} is not a hexadecimal fingerprint")
        return value

    return check


def _blob(limit: int) -> Check:
    """Bytes exported as base64 (a picture or its thumbnail), at most ``limit`` bytes."""

    def check(name: str, value: Any) -> bytes:
        if not isinstance(value, str) or len(value) > limit * 4 // 3 + 4:
            raise _Bad(f"the {name} is not text")
        try:
            return base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise _Bad(f"the {name} is not text") from None

    return check


def _words(limit: int) -> Check:
    """Text that may be empty (what was read in a picture): cleaned, at most ``limit`` characters."""

    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise _Bad(f"the {name} is not text")
        if len(value) > limit:
            raise _Bad(f"the {name} has more than {limit:,} characters")
        return clean(value)

    return check


def _moment_or_none(name: str, value: Any) -> datetime | None:
    return None if value is None else _moment(name, value)


def _day(name: str, value: Any) -> date | None:
    if value is None:
        return None
    try:
        if not isinstance(value, str) or len(value) > 32:
            raise ValueError
        return date.fromisoformat(value)
    except ValueError:
        raise _Bad(f"the {name} is not a valid date (YYYY-MM-DD)") from None


def _moment(name: str, value: Any) -> datetime:
    try:
        if not isinstance(value, str) or len(value) > 64:
            raise ValueError
        return local_naive(datetime.fromisoformat(value))  # a time with a zone becomes local, as live
    except (ValueError, OverflowError):
        raise _Bad(f"the {name} is not a valid date and time (YYYY-MM-DD HH:MM:SS)") from None


@dataclass(frozen=True)
class _Spec:
    """How the rows of one table are checked: a check per field, references, and the row's key."""

    checks: dict[str, Check]
    key: tuple[str, ...] = ("id",)
    refs: dict[str, str] = dataclass_field(default_factory=dict)  # field -> JSON key of the table
    unique: tuple[tuple[str, ...], ...] = ()


_ID = _whole(1)
_REF = _whole(1, nullable=True)
SPECS: dict[str, _Spec] = {
    "conversations": _Spec(
        {"id": _ID, "title": _label(), "day": _day, "created_at": _moment, "updated_at": _moment}
    ),
    "messages": _Spec(
        {
            "id": _ID,
            "conversation_id": _ID,
            "role": _one_of(ROLES),
            "text": _body(MAX_MESSAGE_CHARS),
            "created_at": _moment,
            "status": _one_of(STATUSES),
        },
        refs={"conversation_id": "conversations"},
    ),
    "token_counts": _Spec(
        {"message_id": _ID, "tokenizer_id": _label(), "n": _whole(0)},
        key=("message_id", "tokenizer_id"),
        refs={"message_id": "messages"},
    ),
    "summaries": _Spec(
        {
            "id": _ID,
            "kind": _one_of(SUMMARY_KINDS),
            "scope": _label(),
            "text": _body(MAX_SUMMARY_CHARS),
            # no reference check: the store keeps no key on it, a summary may outlive its last message
            "through_message_id": _REF,
            "model": _label(),
            "created_at": _moment,
        },
        unique=(("kind", "scope"),),
    ),
    "facts": _Spec(
        {
            "id": _ID,
            "text": _body(MAX_FACT_CHARS, strip=True),
            "kind": _one_of(FACT_KINDS),
            "importance": _whole(1, 5),
            "pinned": _flag,
            "source": _one_of(FACT_SOURCES),
            "provenance_message_id": _REF,
            "created_at": _moment,
            "updated_at": _moment,
            "retired": _flag,
        },
        refs={"provenance_message_id": "messages"},
    ),
    "fact_versions": _Spec(
        {
            "id": _ID,
            "fact_id": _ID,
            "version": _whole(1),
            "text": _body(MAX_FACT_CHARS, strip=True),
            "kind": _one_of(FACT_KINDS),
            "importance": _whole(1, 5),
            "pinned": _flag,
            "source": _one_of(FACT_SOURCES),
            "created_at": _moment,
        },
        refs={"fact_id": "facts"},
        unique=(("fact_id", "version"),),
    ),
    "forgotten_facts": _Spec(
        {"id": _ID, "salt": _hex(), "digest": _hex(pattern=_DIGEST), "forgotten_at": _moment}
    ),
    "reflections": _Spec(
        {
            "id": _ID,
            "lineage_id": _REF,  # the id of the chain's first version; no key on it in the store
            "text": _body(MAX_SUMMARY_CHARS, strip=True),
            "version": _whole(1),
            "revoked": _flag,
            "superseded_by": _REF,
            "created_at": _moment,
        },
        refs={"superseded_by": "reflections"},
    ),
    "moods": _Spec({"day": _day, "mood": _whole(1, 5), "set_at": _moment}, key=("day",)),
    "image_originals": _Spec({"id": _ID, "sha256": _hex(pattern=_DIGEST), "data": _blob(MAX_IMAGE_BYTES)}),
    "attachments": _Spec(
        {
            "id": _ID,
            "message_id": _ID,
            "position": _whole(0),
            "file_name": _label(required=True),
            "sha256": _hex(pattern=_DIGEST),
            "mime": _one_of(tuple(MIMES.values())),
            "size": _whole(0),
            "width": _whole(1),
            "height": _whole(1),
            "thumbnail": _blob(MAX_IMAGE_BYTES),
            "original_kept": _flag,
            "taken_at": _moment_or_none,
            "added_at": _moment,
            "ocr_state": _one_of(OCR_STATES),
            "ocr_text": _words(MAX_MESSAGE_CHARS),
            "ocr_at": _moment_or_none,
        },
        refs={"message_id": "messages"},
        unique=(("message_id", "position"),),
    ),
}


def _table_name(table: type[SQLModel]) -> str:
    return str(table.__tablename__)


def _where(table_name: str, number: int, raw: Any, key: tuple[str, ...] = ("id",)) -> str:
    """``Row 3 of "message" (id 17)``: the row's place and key, never its text."""
    label = f'Row {number:,} of "{table_name}"'
    if isinstance(raw, dict):
        value = raw.get(key[0])
        if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= _INT64_MAX:
            label += f" ({key[0]} {value})"
    return label


def validate_export(data: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """Every table's rows as checked field values (in ``TABLES`` order), or ``ImportRefused``."""
    tables: list[list[Any]] = []
    for key, _table in TABLES:
        rows = data.get(key, [])
        if not isinstance(rows, list):
            raise InvalidValue(f'The export\'s "{key}" is not a list of rows.', BAD_FILE_HINT)
        tables.append(rows)
    total_rows = sum(len(rows) for rows in tables)
    if total_rows > MAX_IMPORT_ROWS:
        raise _refused(
            f"The export has {total_rows:,} rows; at most {MAX_IMPORT_ROWS:,} can be imported."
        )
    known: dict[str, set[Any]] = {}
    budget = [MAX_IMPORT_CHARS]
    result = []
    for (key, table), rows in zip(TABLES, tables, strict=True):
        spec = SPECS[key]
        # references within the table may point forward (a reflection to its successor)
        known[key] = {raw.get("id") for raw in rows if isinstance(raw, dict) and _is_int(raw.get("id"))}
        result.append(_check_table(key, _table_name(table), table, rows, spec, known, budget))
        known[key] = {values[spec.key[0]] for values in result[-1]}
    return result


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_table(
    key: str,
    name: str,
    table: type[SQLModel],
    rows: list[Any],
    spec: _Spec,
    known: dict[str, set[Any]],
    budget: list[int],
) -> list[dict[str, Any]]:
    seen: dict[tuple[Any, ...], int] = {}
    seen_unique: list[dict[tuple[Any, ...], int]] = [{} for _ in spec.unique]
    checked_rows = []
    for number, raw in enumerate(rows, start=1):
        where = _where(name, number, raw, spec.key)
        try:
            values = _check_row(table, raw, spec, budget)
            identity = tuple(values[field] for field in spec.key)
            if identity in seen:
                what = " and ".join(spec.key)
                raise _Bad(f"the {what} is already used by row {seen[identity]:,}")
            seen[identity] = number
            for fields, used in zip(spec.unique, seen_unique, strict=True):
                pair = tuple(values[field] for field in fields)
                if pair in used:
                    raise _Bad(f"the {' and '.join(fields)} are already used by row {used[pair]:,}")
                used[pair] = number
            for field, target in spec.refs.items():
                if values[field] is not None and values[field] not in known[target]:
                    raise _Bad(f"the {field} refers to no row of \"{_target_name(target)}\" in the file")
        except _Bad as bad:
            raise _refused(f"{where}: {bad}.") from None
        checked_rows.append(values)
    return checked_rows


def _target_name(key: str) -> str:
    return next(_table_name(table) for k, table in TABLES if k == key)


def _check_row(table: type[SQLModel], raw: Any, spec: _Spec, budget: list[int]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _Bad("the row is not an object")
    values = {}
    for name, field in table.model_fields.items():
        value = raw.get(name, _MISSING)
        if value is _MISSING and not field.is_required():
            values[name] = field.default  # an older export without this column: the column's default
            continue
        if value is _MISSING or (value is None and name in spec.key):
            raise _Bad(f"the {name} is missing")
        if isinstance(value, str):
            budget[0] -= len(value)
            if budget[0] < 0:
                raise _Bad(f"the export has more than {MAX_IMPORT_CHARS:,} characters of text in all")
        values[name] = spec.checks[name](name, value)
    return values


PERSONS_TABLES = (Message, Fact, FactVersion, ForgottenFact, Summary, Reflection, DayMood, Attachment,
                  ImageOriginal)  # what the person wrote or chose, and what is made from it


def nothing_written(session: Session) -> bool:
    """Nothing the person wrote or chose (entries, facts and their history, moods, pictures, summaries,
    reflections): what a window opened on a new diary makes by itself (today's page, its question, token
    counts) is not theirs, and a restore may replace it."""
    return all(session.exec(select(table).limit(1)).first() is None for table in PERSONS_TABLES)


def is_empty(session: Session) -> bool:
    """No row in any table (fingerprints of deleted facts included)."""
    return all(session.exec(select(table).limit(1)).first() is None for _key, table in TABLES)


def _english_day(day: date) -> str:
    return f"{day:%A}, {day.day} {day:%B %Y}"


@dataclass(frozen=True)
class MarkdownWords:
    """The words of the Markdown export, in the reader's language (the store writes none of its own: the
    CLI passes them translated; English is the default)."""

    title: str = "Hearth diary"
    memory: str = "Memory about you"
    reflections: str = "Reflections"
    speakers: dict[str, str] = dataclass_field(default_factory=lambda: dict(ROLE_NAMES))
    kinds: dict[str, str] = dataclass_field(default_factory=dict)  # a fact's kind as shown; else as stored
    fact_note: str = "{kind}, importance {importance}"
    pinned: str = "pinned"
    retired: str = "retired"
    interrupted: str = "interrupted"
    day: Callable[[date], str] = _english_day


def export_markdown(session: Session, words: MarkdownWords | None = None) -> str:
    """A journal: one section per conversation, oldest first, each message with its time and speaker."""
    words = words or MarkdownWords()
    by_conversation: dict[int, list[Message]] = defaultdict(list)
    for message in session.exec(select(Message).order_by(col(Message.id))):
        by_conversation[message.conversation_id].append(message)
    conversations = sorted(
        session.exec(select(Conversation)), key=lambda c: (c.day or c.created_at.date(), c.id or 0)
    )
    lines = [f"# {words.title}", ""]
    for conversation in conversations:
        lines += _conversation_md(conversation, by_conversation.get(conversation.id or 0, []), words)
    facts = list(session.exec(select(Fact).order_by(col(Fact.pinned).desc(), col(Fact.importance).desc())))
    if facts:
        lines += [f"## {words.memory}", ""]
        lines += [f"- {_inline(fact.text)} — _{_fact_note(fact, words)}_" for fact in facts]
        lines.append("")
    reflections = [r for r in session.exec(select(Reflection)) if r.superseded_by is None and not r.revoked]
    if reflections:
        lines += [f"## {words.reflections}", ""] + [f"- {_inline(r.text)}" for r in reflections] + [""]
    return "\n".join(lines).rstrip() + "\n"


def _fact_note(fact: Fact, words: MarkdownWords) -> str:
    kind = words.kinds.get(fact.kind, fact.kind)
    note = words.fact_note.format(kind=kind, importance=fact.importance)
    note += f" ({words.pinned})" if fact.pinned else ""
    return note + (f" ({words.retired})" if fact.retired else "")


def _conversation_md(conversation: Conversation, messages: list[Message], words: MarkdownWords) -> list[str]:
    day = conversation.day or conversation.created_at.date()
    heading = f"## {words.day(day)}"
    if conversation.title:
        heading += f" — {_inline(conversation.title)}"
    lines = [heading, ""]
    for message in messages:
        who = words.speakers.get(message.role, message.role)
        note = f" _({words.interrupted})_" if message.status == "interrupted" else ""
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
        for derived in VECTOR_TABLES:  # also gone by cascade; said here so no derived table is forgotten
            conn.execute(text(f"DELETE FROM {derived}"))
        conn.execute(text("DELETE FROM opening_prompt"))  # derived too (questions drawn from the diary)
        conn.execute(text("DELETE FROM draft"))  # the message box's unsent words (not exported)
        conn.execute(text("DELETE FROM not_now_name"))  # names not to ask about (not exported)
        conn.execute(text("INSERT INTO message_fts(message_fts) VALUES ('rebuild')"))
        conn.execute(text("DELETE FROM sqlite_sequence"))

    db.write(wipe)
    db.checkpoint()
    with db.raw() as conn:
        conn.execute("VACUUM")
    db.checkpoint()
