"""Events the ``Companion`` controller emits for every state change.

Listeners (the GUI adapter, ``hearth chat --json``) subscribe with ``Companion.subscribe(fn)``. Events are
delivered on worker threads; the GUI re-emits them as queued Qt signals. Every event is a frozen
dataclass with a ``type`` name so the CLI can print it as one JSON line (``event_to_dict``).
Events never carry diary text into logs; they do carry it to the listener, which shows it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, is_dataclass
from datetime import date, datetime
from typing import Any, ClassVar


@dataclass(frozen=True)
class Event:
    type: ClassVar[str] = "event"


@dataclass(frozen=True)
class Segment:
    """One slice of the next prompt: name is one of SEGMENT_NAMES."""

    name: str
    tokens: int
    items: int = 0  # facts, messages, hits … in this slice


SEGMENT_NAMES = (
    "instructions",
    "facts",
    "reflections",
    "summary",
    "history",
    "recalled",
    "new_message",
    "reply_reserve",
    "free",
)


@dataclass(frozen=True)
class BudgetReport(Event):
    """What the gauge draws: tokens per segment, the context size and what is left."""

    type: ClassVar[str] = "budget"
    segments: tuple[Segment, ...]
    n_ctx: int
    free: int
    summarizing: bool = False  # older turns left out, a fold into the summary is pending/running
    fact_ids_in_prompt: tuple[int, ...] = ()
    dropped_messages: int = 0  # tail messages left out because they did not fit
    draft_tokens: int = 0  # the draft's own tokens (the composer's counter)
    draft_chars: int = 0  # the length of the draft that was counted (a count of an older draft is not shown)
    estimated: bool = False  # the model's counts are estimates (a server that cannot tokenize): "≈"

    def tokens(self, name: str) -> int:
        return sum(s.tokens for s in self.segments if s.name == name)

    @property
    def used(self) -> int:
        return self.n_ctx - self.free


@dataclass(frozen=True)
class MessageAdded(Event):
    type: ClassVar[str] = "message_added"
    message_id: int
    conversation_id: int
    role: str
    text: str
    created_at: datetime


@dataclass(frozen=True)
class ReplyStarted(Event):
    type: ClassVar[str] = "reply_started"
    message_id: int  # the assistant message being written (persisted as it streams)
    conversation_id: int
    user_message_id: int


@dataclass(frozen=True)
class TokenStreamed(Event):
    type: ClassVar[str] = "token"
    message_id: int
    text: str  # the new piece only


@dataclass(frozen=True)
class ReplyFinished(Event):
    type: ClassVar[str] = "reply_done"
    message_id: int
    conversation_id: int
    text: str
    status: str  # "complete" | "interrupted"
    stats: dict[str, Any] = field(default_factory=dict)  # GenerationStats as a dict


@dataclass(frozen=True)
class RememberedEntry:
    """One past entry recall put into a reply's prompt: enough to show it and to jump to it."""

    message_id: int
    conversation_id: int
    day: date | None
    role: str  # "user" | "assistant"
    preview: str  # the entry's first words


@dataclass(frozen=True)
class Remembered(Event):
    """What recall gave the model for one reply ("Remembered 5 entries" under it), best first."""

    type: ClassVar[str] = "remembered"
    reply_id: int
    conversation_id: int
    entries: tuple[RememberedEntry, ...]


@dataclass(frozen=True)
class IndexProgress(Event):
    """How much of the diary recall can search by meaning; ``failed`` says why it stopped, if it did."""

    type: ClassVar[str] = "index_progress"
    indexed: int
    total: int
    embedder: str
    failed: str = ""


@dataclass(frozen=True)
class OpeningPromptReady(Event):
    """The day's opening question changed (a new one was written, or the person replaced or dismissed it);
    ``text`` is "" when the day shows none."""

    type: ClassVar[str] = "opening_prompt"
    day: date
    text: str
    source: str  # "model" | "fallback" | "" (none)


@dataclass(frozen=True)
class FactAdded(Event):
    type: ClassVar[str] = "fact_added"
    fact_id: int
    text: str
    kind: str
    undo_token: str  # pass to Companion.undo(token)


@dataclass(frozen=True)
class FactUpdated(Event):
    type: ClassVar[str] = "fact_updated"
    fact_id: int
    text: str
    previous_text: str
    undo_token: str = ""


@dataclass(frozen=True)
class FactSaved(Event):
    """A fact as it now is, after any write (added, edited, pinned, reworded, retired, reinstated).

    Lets a view update its row in place instead of reloading every fact.
    """

    type: ClassVar[str] = "fact_saved"
    fact_id: int
    text: str
    kind: str
    importance: int
    pinned: bool
    source: str  # "manual" | "automatic"
    retired: bool
    provenance_message_id: int | None
    updated_at: datetime


@dataclass(frozen=True)
class FactRemoved(Event):
    type: ClassVar[str] = "fact_removed"
    fact_id: int


@dataclass(frozen=True)
class SummaryUpdated(Event):
    type: ClassVar[str] = "summary_updated"
    conversation_id: int
    through_message_id: int


@dataclass(frozen=True)
class DigestWritten(Event):
    type: ClassVar[str] = "digest_written"
    kind: str  # "daily" | "weekly"
    scope: str  # "2026-12-01" or "2026-W48"


@dataclass(frozen=True)
class ReflectionsUpdated(Event):
    """The current reflections (level L4) changed: added, revised or revoked."""

    type: ClassVar[str] = "reflections_updated"
    current: int  # how many are current now


@dataclass(frozen=True)
class ConversationOpened(Event):
    """The controller now writes to another conversation (opened by the person, or a new day began)."""

    type: ClassVar[str] = "conversation_opened"
    conversation_id: int
    day: date | None


@dataclass(frozen=True)
class MessageRemoved(Event):
    """A message left the conversation (e.g. the reply that ``regenerate`` replaced)."""

    type: ClassVar[str] = "message_removed"
    message_id: int
    conversation_id: int


@dataclass(frozen=True)
class JobStarted(Event):
    """Background activity, shown without dialogs ("summarizing…", "remembering…")."""

    type: ClassVar[str] = "job_started"
    job_id: int
    kind: str  # "reply" | "facts" | "summary" | "digest" | "reflection"
    label: str  # human text, e.g. "Remembering…"


@dataclass(frozen=True)
class JobFinished(Event):
    type: ClassVar[str] = "job_finished"
    job_id: int
    kind: str


@dataclass(frozen=True)
class JobFailed(Event):
    type: ClassVar[str] = "job_failed"
    job_id: int
    kind: str
    message: str
    hint: str = ""


@dataclass(frozen=True)
class PictureTextRead(Event):
    """A picture's text was read (or could not be): its entry's text now carries it (``text``)."""

    type: ClassVar[str] = "picture_text_read"
    attachment_id: int
    message_id: int
    state: str  # "done" | "failed" | "unavailable"
    text: str


@dataclass(frozen=True)
class TextReaderMissing(Event):
    """Tesseract is not installed: pictures are kept, their text is read once it is (said once a run)."""

    type: ClassVar[str] = "text_reader_missing"
    install_command: str


@dataclass(frozen=True)
class ErrorRaised(Event):
    """Something the person must see (as a message with a way forward, never as a chat line)."""

    type: ClassVar[str] = "error"
    message: str
    hint: str = ""


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": ..., fields...}`` with dates as ISO strings."""

    def plain(value: Any) -> Any:
        if isinstance(value, datetime | date):
            return value.isoformat()
        if is_dataclass(value) and not isinstance(value, type):
            return {k: plain(v) for k, v in asdict(value).items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        return value

    return {"type": event.type, **{k: plain(v) for k, v in asdict(event).items()}}
