"""SQLModel tables: the records the rest of the app reads.

The schema itself is owned by ``migrations.py`` (named, ordered SQL steps); these classes only map rows to
objects. A test checks that every column declared here exists in the migrated schema. Records returned by
the ``Diary`` are detached (sessions use ``expire_on_commit=False``), so they can cross threads freely.

Ids are typed ``int``: a record leaves the store only after it is inserted, so it always has one (the
``None`` default exists only between construction and the insert, inside the store).

Times are naive *local* datetimes (``NaiveDatetime``: SQLModel would otherwise demand UTC-aware ones):
a diary is about the person's own days, and ``day`` is the local date. Aware times given to the store are
converted to local time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol

from pydantic import NaiveDatetime
from sqlmodel import Field, SQLModel

ROLES = ("user", "assistant", "system")
STATUSES = ("complete", "interrupted")
SUMMARY_KINDS = ("rolling", "daily", "weekly")
FACT_KINDS = ("person", "pet", "project", "preference", "habit", "health", "place", "reminder", "other")
FACT_SOURCES = ("manual", "automatic")
PROMPT_SOURCES = ("model", "fallback")
PROMPT_STATES = ("offered", "replaced", "dismissed")
MOODS = (1, 2, 3, 4, 5)
OCR_STATES = ("pending", "done", "failed", "unavailable")


class Conversation(SQLModel, table=True):
    """One conversation; by default one per diary day (``day``)."""

    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    title: str = ""
    day: date | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Message(SQLModel, table=True):
    """A verbatim message (memory level L1), indexed in ``message_fts``."""

    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    conversation_id: int = Field(foreign_key="conversation.id")
    role: str
    text: str
    created_at: NaiveDatetime
    status: str = "complete"


class MessageTokenCount(SQLModel, table=True):
    """Token count of a message under one tokenizer: counted once, reused every turn."""

    __tablename__ = "message_token_count"
    message_id: int = Field(foreign_key="message.id", primary_key=True)
    tokenizer_id: str = Field(primary_key=True)
    n: int


class Summary(SQLModel, table=True):
    """A rolling/daily/weekly summary (L2); ``through_message_id`` is the last message it covers."""

    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    kind: str
    scope: str
    text: str
    through_message_id: int | None = None
    model: str = ""
    created_at: NaiveDatetime


class Fact(SQLModel, table=True):
    """A durable fact about the person (L3, "Memory about you")."""

    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    text: str
    kind: str = "other"
    importance: int = 3
    pinned: bool = False
    source: str = "manual"
    provenance_message_id: int | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime
    retired: bool = False


class FactVersion(SQLModel, table=True):
    """A snapshot of a fact after each add/edit; deleted together with the fact."""

    __tablename__ = "fact_version"
    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    fact_id: int = Field(foreign_key="fact.id")
    version: int
    text: str
    kind: str
    importance: int
    pinned: bool
    source: str
    created_at: NaiveDatetime


class ForgottenFact(SQLModel, table=True):
    """The one-way fingerprint of a deleted fact: HMAC-SHA256(salt, normalized text). Nothing readable."""

    __tablename__ = "forgotten_fact"
    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    salt: str
    digest: str
    forgotten_at: NaiveDatetime


class Reflection(SQLModel, table=True):
    """An observation about patterns (L4). Revising makes a new version; the old one is superseded."""

    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    lineage_id: int | None = None
    text: str
    version: int = 1
    revoked: bool = False
    superseded_by: int | None = None
    created_at: NaiveDatetime


class OpeningPrompt(SQLModel, table=True):
    """The day's opening question: offered, replaced by "another question", or dismissed.

    ``source`` is "model" (written in idle time from recent digests and facts; dropped when anything it may
    quote is deleted) or "fallback" (from the fixed list; such rows only record what the person did).
    """

    __tablename__ = "opening_prompt"
    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    day: date
    text: str
    source: str = "model"
    state: str = "offered"
    created_at: NaiveDatetime


class Draft(SQLModel, table=True):
    """The words in the message box not stored as an entry yet (one row, id 1), and the day they were typed
    on (None: that day was deleted since); kept as they are typed, so nothing closes them away."""

    __tablename__ = "draft"
    id: int = Field(default=1, primary_key=True)
    conversation_id: int | None = Field(default=None, foreign_key="conversation.id")
    text: str
    saved_at: NaiveDatetime


class DayMood(SQLModel, table=True):
    """The person's mood for a diary day, 1 (low) to 5 (bright); only the person sets it."""

    __tablename__ = "day_mood"
    day: date = Field(primary_key=True)
    mood: int
    set_at: NaiveDatetime


class Attachment(SQLModel, table=True):
    """A picture attached to an entry (memory level 0): its thumbnail, its facts and its recognised text.

    The original bytes are in ``image_original`` (by ``sha256``) while ``original_kept``; the retention
    sweep drops them once the text was read, never the thumbnail or the text. ``ocr_state``: pending →
    done | failed | unavailable (no Tesseract on this machine: read when it is installed).
    """

    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    message_id: int = Field(foreign_key="message.id")
    position: int
    file_name: str
    sha256: str
    mime: str
    size: int
    width: int
    height: int
    thumbnail: bytes
    original_kept: bool = True
    taken_at: NaiveDatetime | None = None
    added_at: NaiveDatetime
    ocr_state: str = "pending"
    ocr_text: str = ""
    ocr_at: NaiveDatetime | None = None


class ImageOriginal(SQLModel, table=True):
    """The original bytes of a picture, once however many attachments show it (content-addressed)."""

    __tablename__ = "image_original"
    id: int = Field(default=None, primary_key=True)  # set by SQLite on insert; every record read has one
    sha256: str
    data: bytes


@dataclass(frozen=True)
class ConversationInfo:
    """A conversation as the history list shows it."""

    id: int
    title: str
    day: date | None
    created_at: datetime
    updated_at: datetime
    first_line: str
    message_count: int


@dataclass(frozen=True)
class DayActivity:
    """What the person wrote on one diary day: words and entries (their own messages, not the replies),
    and the day's first conversation (the calendar opens it) with its first line."""

    day: date
    words: int
    entries: int
    conversation_id: int
    first_line: str


@dataclass(frozen=True)
class SearchHit:
    """One search result; ``rank`` is BM25 (lower is better); ``snippet`` marks terms with ⟦ ⟧."""

    message_id: int
    conversation_id: int
    day: date | None
    role: str
    snippet: str
    text: str
    rank: float
    created_at: datetime | None = None


@dataclass(frozen=True)
class RankedMessage:
    """A message as recall ranks it: where it is, what it says, and its FTS5 BM25 rank (0: no match)."""

    message_id: int
    conversation_id: int
    day: date | None
    role: str
    text: str
    bm25: float  # FTS5 rank: lower (more negative) is better


class TermPattern(Protocol):
    """What the store needs of a search term to count the messages it matches."""

    @property
    def stem(self) -> str: ...

    @property
    def prefixes(self) -> tuple[str, ...]: ...

    @property
    def exact(self) -> bool: ...
