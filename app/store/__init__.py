"""Storage: SQLite through SQLModel — messages, summaries, facts, reflections, FTS5 search, backups.

Everything goes through ``Diary`` (``Diary.open(data_dir)``). Never imports PySide6.
"""

from app.store.attachments import PictureInfo, StorageFigures, caption_of
from app.store.backup import HeldEntries
from app.store.cipher import DiaryKey
from app.store.diary import Diary
from app.store.errors import (
    DamagedFile,
    DatabaseCorrupt,
    DiaryInUse,
    DiskFull,
    EmptyText,
    EncryptionFailed,
    FactForgotten,
    ImportRefused,
    InvalidValue,
    NotFound,
    PassphraseNeeded,
    StoreError,
    TextTooLong,
    WrongPassphrase,
)
from app.store.exchange import MarkdownWords
from app.store.facts import FactChanges, NewFactFields
from app.store.fts import SNIPPET_CLOSE, SNIPPET_OPEN, snowball_stem, yo_spellings
from app.store.history import week_scope
from app.store.images import (
    MAX_IMAGE_BYTES,
    ImageTooLarge,
    ImageUnreadable,
    PreparedImage,
    prepare_image,
    read_image_file,
    upright,
)
from app.store.lock import DiaryLock
from app.store.lost_writes import LostWrites
from app.store.models import (
    FACT_KINDS,
    Conversation,
    ConversationInfo,
    DayActivity,
    Draft,
    Fact,
    FactVersion,
    Message,
    OpeningPrompt,
    RankedMessage,
    Reflection,
    SearchHit,
    Summary,
    TermPattern,
)
from app.store.rescue import Rescue
from app.store.text import MAX_FACT_CHARS, MAX_MESSAGE_CHARS, is_blank
from app.store.turn_notes import SnapshotFact, TurnNote
from app.store.unlock import MIN_PASSPHRASE_CHARS, UnlockThrottle, new_key, unlock
from app.store.vectors import IndexCounts, PendingText, StoredVector

__all__ = [
    "MAX_IMAGE_BYTES",
    "ImageTooLarge",
    "ImageUnreadable",
    "PictureInfo",
    "PreparedImage",
    "StorageFigures",
    "caption_of",
    "prepare_image",
    "read_image_file",
    "upright",
    "IndexCounts",
    "PendingText",
    "StoredVector",
    "FACT_KINDS",
    "MAX_FACT_CHARS",
    "MAX_MESSAGE_CHARS",
    "MIN_PASSPHRASE_CHARS",
    "SNIPPET_CLOSE",
    "SNIPPET_OPEN",
    "snowball_stem",
    "yo_spellings",
    "Conversation",
    "ConversationInfo",
    "DamagedFile",
    "DatabaseCorrupt",
    "DayActivity",
    "Draft",
    "Diary",
    "MarkdownWords",
    "DiaryInUse",
    "DiaryKey",
    "DiaryLock",
    "DiskFull",
    "EmptyText",
    "EncryptionFailed",
    "Fact",
    "FactChanges",
    "FactForgotten",
    "FactVersion",
    "HeldEntries",
    "ImportRefused",
    "InvalidValue",
    "LostWrites",
    "Message",
    "NewFactFields",
    "NotFound",
    "OpeningPrompt",
    "PassphraseNeeded",
    "RankedMessage",
    "SnapshotFact",
    "TurnNote",
    "Reflection",
    "Rescue",
    "SearchHit",
    "StoreError",
    "Summary",
    "TermPattern",
    "TextTooLong",
    "UnlockThrottle",
    "WrongPassphrase",
    "is_blank",
    "new_key",
    "unlock",
    "week_scope",
]
