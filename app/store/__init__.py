"""Storage: SQLite through SQLModel — messages, summaries, facts, reflections, FTS5 search, backups.

Everything goes through ``Diary`` (``Diary.open(data_dir)``). Never imports PySide6.
"""

from app.store.diary import Diary
from app.store.errors import (
    DamagedFile,
    DatabaseCorrupt,
    DiaryInUse,
    DiskFull,
    EmptyText,
    FactForgotten,
    ImportRefused,
    InvalidValue,
    NotFound,
    StoreError,
    TextTooLong,
)
from app.store.facts import FactChanges, NewFactFields
from app.store.fts import SNIPPET_CLOSE, SNIPPET_OPEN
from app.store.history import week_scope
from app.store.lock import DiaryLock
from app.store.models import (
    FACT_KINDS,
    Conversation,
    ConversationInfo,
    Fact,
    FactVersion,
    Message,
    RankedMessage,
    Reflection,
    SearchHit,
    Summary,
    TermPattern,
)
from app.store.text import MAX_FACT_CHARS, MAX_MESSAGE_CHARS
from app.store.vectors import IndexCounts, PendingText, StoredVector

__all__ = [
    "IndexCounts",
    "PendingText",
    "StoredVector",
    "FACT_KINDS",
    "MAX_FACT_CHARS",
    "MAX_MESSAGE_CHARS",
    "SNIPPET_CLOSE",
    "SNIPPET_OPEN",
    "Conversation",
    "ConversationInfo",
    "DamagedFile",
    "DatabaseCorrupt",
    "Diary",
    "DiaryInUse",
    "DiaryLock",
    "DiskFull",
    "EmptyText",
    "Fact",
    "FactChanges",
    "FactForgotten",
    "FactVersion",
    "ImportRefused",
    "InvalidValue",
    "Message",
    "NewFactFields",
    "NotFound",
    "RankedMessage",
    "Reflection",
    "SearchHit",
    "StoreError",
    "Summary",
    "TermPattern",
    "TextTooLong",
    "week_scope",
]
