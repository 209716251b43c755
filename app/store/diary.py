"""``Diary``: the one object the rest of Hearth uses to keep and find everything the person wrote.

``Diary.open(data_dir)`` creates or migrates ``data_dir/hearth.db`` and checks it (``quick_check``); a
damaged file is moved aside — never overwritten — and ``DatabaseCorrupt`` names the latest backup.
An encrypted diary opens with its ``DiaryKey`` (``Diary.open(data_dir, key)``); without one it raises
``PassphraseNeeded``, with a wrong one ``WrongPassphrase``, and the file is not touched either way.
Every method runs in its own short transaction on a pooled connection, so a ``Diary`` can be shared by
the UI thread and background workers. Returned records are detached snapshots.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any, TypeVar, Unpack

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from app.config import CHAT_STATE_FILE, ensure_private_dir, shred_file
from app.store import (
    attachments,
    damage,
    drafts,
    encryption,
    facts,
    fts,
    history,
    kept,
    lost_writes,
    not_now,
    notes,
    ritual,
    turn_notes,
    vectors,
)
from app.store import backup as backups
from app.store import recall_queries as recall
from app.store.attachments import PictureInfo, StorageFigures
from app.store.backup import HeldEntries
from app.store.cipher import DB_ERRORS, DiaryKey
from app.store.db import DB_FILE, Database, chmod_private, is_corruption, translate, with_side_files
from app.store.errors import DamagedFile, DiaryInUse, StoreError, WrongPassphrase
from app.store.exchange import (
    MarkdownWords,
    erase_all,
    export_json,
    export_markdown,
    import_json,
    is_empty,
    nothing_written,
)
from app.store.images import PreparedImage
from app.store.index_repair import repair_index
from app.store.lock import DiaryLock
from app.store.lost_writes import LostWrites
from app.store.migrations import migrate
from app.store.models import (
    Conversation,
    ConversationInfo,
    DayActivity,
    Draft,
    Fact,
    FactVersion,
    ForgottenFact,
    Message,
    OpeningPrompt,
    RankedMessage,
    Reflection,
    SearchHit,
    Summary,
    TermPattern,
)
from app.store.opening import aside_files, check_and_migrate, corrupt
from app.store.rescue import Rescue, finish_rescue, rescue, rescued_originals
from app.store.rescue import leftovers as rescue_leftovers
from app.store.scrub import Deletion, scrub_backups, scrub_kept
from app.store.turn_notes import SnapshotFact, TurnNote

T = TypeVar("T")
log = logging.getLogger(__name__)
_OPEN_ERRORS: tuple[type[Exception], ...] = (*DB_ERRORS, DBAPIError)


class Diary:
    """Conversations, messages, summaries, facts and reflections of one person, in one SQLite file."""

    def __init__(self, db: Database, data_dir: Path) -> None:
        self._db = db
        self.key = db.key  # None: a plain diary
        self.data_dir = data_dir
        self.path = db.path
        # Backups and files kept after damage that the last deletion could not reach (said, with a choice).
        self.unscrubbed_files: list[Path] = []
        self._last_deletion: tuple[Callable[[Session], None], datetime | None] | None = None
        self.index_repairs = 0  # times the search index was found damaged and rebuilt (shown, not hidden)
        self.rescued: Rescue | None = None  # this start copied a damaged file into a new one (said at start)
        # This start kept aside the last writes a damaged write-ahead log lost (said at start).
        self.lost_writes: LostWrites | None = None
        # Called (on whichever thread searched) each time the index was rebuilt: the GUI and CLI say so.
        self.on_index_repaired: Callable[[], None] | None = None

    # -- opening ------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: Path, key: DiaryKey | None = None) -> Diary:
        """Open (create, migrate, check) the diary in ``data_dir``.

        ``key`` opens an encrypted diary, and a new diary made with it is encrypted; a plain diary
        opens as it is whatever ``key`` says (``encryption.change_key`` encrypts one). A damaged file whose
        entries can all be read is copied into a new one (``app.store.rescue``; said by ``rescued``);
        otherwise it is moved aside and ``DatabaseCorrupt`` names the latest backup. Committed writes a
        damaged write-ahead log would lose are copied aside before SQLite reads it (``app.store.lost_writes``;
        said by ``lost_writes``).
        """
        return cls._open(data_dir, key, may_rescue=True)

    @classmethod
    def _open(cls, data_dir: Path, key: DiaryKey | None, *, may_rescue: bool) -> Diary:
        data_dir = ensure_private_dir(Path(data_dir))
        encryption.clear_leftovers(data_dir)
        finish_rescue(data_dir)  # a kill between a rescue's last renames: its whole copy goes in place
        for path in rescue_leftovers(data_dir):  # a half-made one
            shred_file(path)
        key = encryption.key_for_open(data_dir, key)
        _keep_lost_writes(data_dir)  # before SQLite's first look at the log: its replay drops them unsaid
        db = Database(data_dir / DB_FILE, key)
        deeper = damage.was_seen(data_dir)  # the last run met damage: check everything, not quickly
        try:
            index_rebuilt = check_and_migrate(db, deeper=deeper)
            if key is not None:
                encryption.refresh_marker(data_dir, key)
                encryption.settle_backups(data_dir, key)
        except WrongPassphrase as exc:
            db.dispose()
            if key is not None and encryption.key_is_right(data_dir, key):
                raise corrupt(data_dir) from exc  # the right passphrase: the file's first page is damaged
            raise
        except _OPEN_ERRORS as exc:
            db.dispose()
            if is_corruption(exc):
                with _repairing(data_dir) as repairable:
                    if not repairable:  # another process writes to it: moving it would lose its writes
                        raise DamagedFile(
                            "The diary file is damaged, and another Hearth window or `hearth chat` has "
                            "it open.",
                            "Close that window or chat; the next start checks the file and repairs it.",
                        ) from exc
                    rescued = rescue(data_dir, key) if may_rescue else None
                    if rescued is None:
                        raise corrupt(data_dir) from exc
                    damage.forget(data_dir)
                    diary = cls._open(data_dir, key, may_rescue=False)  # (it tells lost writes, if any)
                diary.rescued = rescued
                return diary
            raise translate(exc, db.path) from exc
        except BaseException:
            db.dispose()
            raise
        chmod_private(db.path)
        backups.shred_partial_copies(data_dir, older_than=backups.STALE_PARTIAL)  # a killed backup's
        damage.forget(data_dir)
        diary = cls(db, data_dir)
        diary.index_repairs = int(index_rebuilt)  # said at start by the window and the CLI
        try:
            diary.lost_writes = diary._tell_lost_writes()  # and this
        except BaseException:
            diary.close()
            raise
        return diary

    def _tell_lost_writes(self) -> LostWrites | None:
        """Writes a damaged log lost, kept aside by this open or an earlier one that failed, not yet said:
        the log is emptied (its damaged tail, kept, must not be found and said again after a later crash),
        and what to say is worked out from the diary as SQLite could read it. Only with the diary's lock
        free or ours: the window or chat holding it says them at its own start (an unlock, say)."""
        if not lost_writes.untold(self.data_dir):
            return None
        with _repairing(self.data_dir) as alone:
            if not alone:
                return None
            try:
                self._db.checkpoint()
            except StoreError as exc:  # busy or full: the next writer restarts the log anyway, or appends
                log.warning("the log was not emptied after its damaged tail was kept: %s", type(exc).__name__)
            return lost_writes.tell(self.data_dir, self._read(history.newest_entry_time))

    def close(self) -> None:
        self._db.dispose()

    def __enter__(self) -> Diary:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @staticmethod
    def is_encrypted(data_dir: Path) -> bool:
        """Whether the diary in ``data_dir`` needs a passphrase to open."""
        return encryption.is_encrypted(Path(data_dir))

    @property
    def encrypted(self) -> bool:
        return self.key is not None

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (tests and tools; the app goes through the methods)."""
        return self._db.engine

    def _read(self, fn: Callable[[Session], T]) -> T:
        try:
            return self._db.read(fn)
        except DamagedFile:
            damage.remember(self.data_dir)  # the next start checks the whole file
            raise

    def _write(self, fn: Callable[[Session], T]) -> T:
        try:
            return self._db.write(fn)
        except DamagedFile:
            damage.remember(self.data_dir)
            raise

    def _search(self, fn: Callable[[Session], T]) -> T:
        """A read through the search index; if it reports damage and the index is what is damaged, the
        index is rebuilt from the messages (``index_repair``), the read tried once more, and the person
        told (``on_index_repaired``). Other damage is left for the next start's deeper check."""
        try:
            return self._db.read(fn)
        except DamagedFile:
            try:
                with self._db.raw() as conn:
                    repaired = repair_index(conn)
            except DamagedFile:
                repaired = False  # more than the index: the next start's deeper check finds it
            if not repaired:
                damage.remember(self.data_dir)
                raise
            self.index_repairs += 1
            if self.on_index_repaired is not None:
                self.on_index_repaired()
            return self._read(fn)

    # -- conversations -----------------------------------------------------------------------------------

    def conversation_for_day(self, day: date) -> Conversation:
        """The diary day's conversation (the first one of that day), created if missing."""
        return self._write(lambda s: history.conversation_for_day(s, day))

    def create_conversation(self, title: str = "", day: date | None = None) -> Conversation:
        """A new conversation besides the day's one (e.g. "New conversation" in the GUI)."""
        return self._write(lambda s: history.create_conversation(s, title, day))

    def list_conversations(self, limit: int = 100, offset: int = 0) -> list[ConversationInfo]:
        """Newest day first, with the first line the person wrote and the message count."""
        return self._read(lambda s: history.list_conversations(s, limit, offset))

    def get_conversation(self, conversation_id: int) -> Conversation | None:
        return self._read(lambda s: s.get(Conversation, conversation_id))

    def rename_conversation(self, conversation_id: int, title: str) -> Conversation:
        return self._write(lambda s: history.rename_conversation(s, conversation_id, title))

    def delete_conversation(self, conversation_id: int) -> None:
        """Delete the conversation, its messages and the summaries that may quote them — for real,
        in the backups too."""
        self._delete_everywhere(
            lambda s: history.delete_conversation(s, conversation_id), self.get_conversation(conversation_id)
        )

    # -- messages ---------------------------------------------------------------------------------------

    def add_message(
        self,
        conversation_id: int,
        role: str,
        text: str,
        status: str = "complete",
        created_at: datetime | None = None,
    ) -> Message:
        """Commit a message (returns once it is durable). Empty text raises ``EmptyText``."""
        return self._write(lambda s: history.add_message(s, conversation_id, role, text, status, created_at))

    def update_message(
        self, message_id: int, *, text: str | None = None, status: str | None = None
    ) -> Message:
        return self._write(lambda s: history.update_message(s, message_id, text, status))

    def get_message(self, message_id: int) -> Message | None:
        return self._read(lambda s: s.get(Message, message_id))

    def delete_message(self, message_id: int) -> None:
        """Delete one message (and summaries that may quote it); its text leaves the file's bytes and the
        backups'."""
        self._delete_everywhere(lambda s: history.delete_message(s, message_id), self.get_message(message_id))

    def delete_unfinished_replies(self, placeholder: str) -> int:
        """Remove replies a crash left unwritten (only ``placeholder`` as their text); returns how many."""
        removed = self._write(lambda s: history.delete_unfinished_replies(s, placeholder))
        if removed:
            self.purge()
        return removed

    def messages(
        self,
        conversation_id: int,
        *,
        after_id: int | None = None,
        before_id: int | None = None,
        limit: int | None = None,
    ) -> list[Message]:
        """Messages oldest first. ``limit`` without ``after_id`` gives the *latest* ``limit`` (the tail)."""
        return self._read(lambda s: history.messages(s, conversation_id, after_id, before_id, limit))

    def message_count(self, conversation_id: int) -> int:
        return self._read(lambda s: history.message_count(s, conversation_id))

    def token_counts(self, message_ids: Iterable[int], tokenizer_id: str) -> dict[int, int]:
        ids = list(message_ids)
        return self._read(lambda s: history.token_counts(s, ids, tokenizer_id))

    def set_token_count(self, message_id: int, tokenizer_id: str, n: int) -> None:
        self._write(lambda s: history.set_token_count(s, message_id, tokenizer_id, n))

    def set_token_counts(self, counts: Sequence[tuple[int, str, int]], tokenizer_id: str) -> int:
        """Many counts (message id, the text counted, tokens) in one transaction; a message changed or
        deleted since it was counted is skipped. Returns how many were stored."""
        rows = list(counts)
        if not rows:
            return 0
        return self._write(lambda s: history.set_token_counts(s, rows, tokenizer_id))

    def uncounted_messages(
        self, tokenizer_id: str, *, limit: int, skip_text: str, above: int = 0, below: int | None = None
    ) -> list[vectors.PendingText]:
        """Messages without a stored count under ``tokenizer_id``, newest first, ids in (``above``,
        ``below``)."""
        return self._read(
            lambda s: history.uncounted_messages(
                s, tokenizer_id, limit=limit, skip_text=skip_text, above=above, below=below
            )
        )

    # -- pictures (memory level 0) -------------------------------------------------------------------

    def add_entry_with_pictures(
        self, conversation_id: int, caption: str, images: Sequence[PreparedImage],
        created_at: datetime | None = None,
    ) -> Message:
        """One entry of the person's with these checked pictures (``images.prepare_image``), committed
        together; their text is read later (``set_picture_text``)."""
        return self._write(
            lambda s: attachments.add_entry_with_pictures(s, conversation_id, caption, images, created_at)
        )

    def pictures(self, message_ids: Iterable[int]) -> dict[int, list[PictureInfo]]:
        ids = list(message_ids)
        return self._read(lambda s: attachments.pictures_of(s, ids))

    def picture_original(self, attachment_id: int) -> bytes | None:
        """The original bytes; None once retention dropped them (or the picture is gone)."""
        return self._read(lambda s: attachments.original(s, attachment_id))

    def pictures_waiting(self, *, limit: int = 8, retry_unavailable: bool = False) -> list[int]:
        return self._read(
            lambda s: attachments.waiting_for_text(s, limit=limit, retry_unavailable=retry_unavailable)
        )

    def set_picture_text(self, attachment_id: int, state: str, text: str, at: datetime) -> int | None:
        """Store a picture's recognised text into its entry; the entry's id (None: it was deleted)."""
        return self._write(lambda s: attachments.set_text_read(s, attachment_id, state, text, at))

    def drop_originals_before(self, cutoff: datetime) -> int:
        """Retention: originals of pictures added before ``cutoff`` whose text was read leave the file's
        bytes (thumbnails and text stay); backups age out within a week. How many were dropped."""
        dropped = self._write(lambda s: attachments.drop_originals_before(s, cutoff))
        if dropped:
            self.purge()
        return dropped

    def storage_figures(self) -> StorageFigures:
        return self._read(attachments.storage_figures)

    # -- search -------------------------------------------------------------------------------------------

    def search(
        self, query: str, *, limit: int = 20, date_from: date | None = None, date_to: date | None = None
    ) -> list[SearchHit]:
        """Search plain words (any text is safe); best BM25 first; snippets mark terms with ⟦ ⟧.

        All words must match (if none does, any word may). Words in more than ``fts.RANK_WINDOW``
        messages are ranked among their newest matches, which keeps search fast on a big diary.
        """
        return self._search(lambda s: fts.search(s, query, limit=limit, date_from=date_from, date_to=date_to))

    def search_fts(self, match: str, **options: Unpack[fts.MatchOptions]) -> list[SearchHit]:
        """Search with a raw FTS5 MATCH expression; a malformed one raises ``InvalidValue``."""
        return self._search(lambda s: fts.search_fts(s, match, **options))

    # -- recall ---------------------------------------------------------------------------------------

    def ranked_messages(
        self, match: str, *, limit: int, exclude_conversation_id: int | None,
        days: tuple[date, date] | None = None,
    ) -> list[RankedMessage]:
        """Best ``limit`` messages for an FTS5 MATCH expression by BM25, outside one conversation."""
        return self._search(lambda s: recall.search_candidates(
            s, match, limit=limit, exclude_conversation_id=exclude_conversation_id, days=days))

    def newest_matching(self, match: str, *, limit: int, role: str) -> list[RankedMessage]:
        """The newest messages of ``role`` among the newest ``limit`` matches of an FTS5 expression."""
        return self._search(lambda s: recall.newest_matching(s, match, limit=limit, role=role))

    def newest_texts(self, *, limit: int, role: str) -> list[str]:
        """What the newest ``limit`` messages of ``role`` say, newest first."""
        return self._read(lambda s: recall.newest_texts(s, limit=limit, role=role))

    def messages_on_days(
        self, days: tuple[date, date], *, limit: int, exclude_conversation_id: int | None
    ) -> list[RankedMessage]:
        """Messages of the days ``days`` (first, last), in diary order, whatever their words."""
        return self._read(lambda s: recall.messages_on_days(
            s, days, limit=limit, exclude_conversation_id=exclude_conversation_id))

    def messages_by_id(self, ids: Iterable[int]) -> dict[int, RankedMessage]:
        """The messages with these ids that still exist (for the turns around a recalled hit)."""
        wanted = list(ids)
        return self._read(lambda s: recall.messages_by_id(s, wanted))

    # -- the semantic index (derived vectors; see app.store.vectors) ------------------------------------

    def pending_message_vectors(
        self, embedder: str, *, limit: int, skip_text: str
    ) -> list[vectors.PendingText]:
        """Messages ``embedder`` has not indexed yet, newest first."""
        return self._read(lambda s: vectors.pending_messages(s, embedder, limit=limit, skip_text=skip_text))

    def pending_fact_vectors(self, embedder: str, *, limit: int) -> list[vectors.PendingText]:
        """Live facts from a message that ``embedder`` has not indexed yet."""
        return self._read(lambda s: vectors.pending_facts(s, embedder, limit=limit))

    def save_message_vectors(
        self, embedder: str, rows: Sequence[tuple[vectors.PendingText, bytes]]
    ) -> list[int]:
        """Save vectors whose message still reads as embedded; returns the ids saved."""
        return self._write(lambda s: vectors.save_message_vectors(s, embedder, rows))

    def save_fact_vectors(
        self, embedder: str, rows: Sequence[tuple[vectors.PendingText, bytes]]
    ) -> list[int]:
        return self._write(lambda s: vectors.save_fact_vectors(s, embedder, rows))

    def message_vectors(self, embedder: str, ids: Sequence[int] | None = None) -> list[vectors.StoredVector]:
        return self._read(lambda s: vectors.message_vectors(s, embedder, ids))

    def fact_vectors(self, embedder: str, ids: Sequence[int] | None = None) -> list[vectors.StoredVector]:
        return self._read(lambda s: vectors.fact_vectors(s, embedder, ids))

    def index_counts(self, embedder: str) -> vectors.IndexCounts:
        return self._read(lambda s: vectors.index_counts(s, embedder))

    def vector_bytes(self) -> tuple[int, int]:
        return self._read(vectors.vector_bytes)

    def save_remembered(self, reply_id: int, message_ids: Sequence[int]) -> None:
        """Which entries recall gave the model for this reply (shown under it)."""
        self._write(lambda s: vectors.save_remembered(s, reply_id, message_ids))

    def remembered(self, reply_ids: Sequence[int]) -> dict[int, list[int]]:
        return self._read(lambda s: vectors.remembered(s, reply_ids))

    def save_turn_note(
        self, message_id: int, recalled_ids: Sequence[int], facts: Sequence[tuple[int, str]]
    ) -> None:
        """What the prompt put before ``message_id`` (see ``app.store.turn_notes``); replaces an older one."""
        self._write(lambda s: turn_notes.save_turn_note(s, message_id, recalled_ids, facts))

    def turn_notes(self, message_ids: Iterable[int]) -> dict[int, TurnNote]:
        wanted = list(message_ids)
        return self._read(lambda s: turn_notes.turn_notes(s, wanted))

    def save_prompt_snapshot(self, conversation_id: int, facts: Sequence[tuple[int, str]]) -> None:
        """The facts (id, wording) the conversation's system message holds (``app.store.turn_notes``)."""
        self._write(lambda s: turn_notes.save_snapshot(s, conversation_id, facts))

    def prompt_snapshot(self, conversation_id: int) -> list[SnapshotFact] | None:
        return self._read(lambda s: turn_notes.snapshot(s, conversation_id))

    def term_document_counts(self, terms: Sequence[TermPattern]) -> tuple[dict[str, int], int]:
        """How many messages each term matches (an upper bound, by stem), and the size of the diary."""
        return self._search(lambda s: recall.document_counts(s, terms))

    # -- summaries and reflections -----------------------------------------------------------------------

    def get_summary(self, kind: str, scope: str) -> Summary | None:
        return self._read(lambda s: notes.get_summary(s, kind, str(scope)))

    def put_summary(
        self, kind: str, scope: str, text: str, through_message_id: int | None, model: str
    ) -> Summary:
        """Store the summary of (kind, scope), replacing the previous one."""
        return self._write(lambda s: notes.put_summary(s, kind, str(scope), text, through_message_id, model))

    def delete_summary(self, summary_id: int) -> None:
        self._write(lambda s: notes.delete_summary(s, summary_id))

    def list_summaries(self, kind: str | None = None) -> list[Summary]:
        return self._read(lambda s: notes.list_summaries(s, kind))

    def add_reflection(self, text: str) -> Reflection:
        return self._write(lambda s: notes.add_reflection(s, text))

    def revise_reflection(self, reflection_id: int, text: str) -> Reflection:
        """A new version replaces the reflection; the old one stays in its history."""
        return self._write(lambda s: notes.revise_reflection(s, reflection_id, text))

    def revoke_reflection(self, reflection_id: int) -> None:
        self._write(lambda s: notes.revoke_reflection(s, reflection_id))

    def delete_reflection(self, reflection_id: int) -> None:
        self._write(lambda s: notes.delete_reflection(s, reflection_id))

    def current_reflections(self) -> list[Reflection]:
        return self._read(notes.current_reflections)

    # -- the daily ritual ---------------------------------------------------------------------------------

    def opening_prompts(self, day: date) -> list[OpeningPrompt]:
        """The day's opening questions, oldest first (offered, replaced or dismissed)."""
        return self._read(lambda s: ritual.opening_prompts(s, day))

    def add_opening_prompt(
        self, day: date, text: str, source: str = "model", state: str = "offered"
    ) -> OpeningPrompt:
        return self._write(lambda s: ritual.add_opening_prompt(s, day, text, source, state))

    def set_opening_prompt_state(self, day: date, state: str) -> None:
        """Every question of ``day`` still offered becomes ``state`` ("replaced" or "dismissed")."""
        self._write(lambda s: ritual.set_opening_prompt_state(s, day, state))

    def day_activity(self, first: date, last: date) -> list[DayActivity]:
        """The days from ``first`` to ``last`` the person wrote on: words, entries, first conversation."""
        return self._read(lambda s: ritual.day_activity(s, first, last))

    def set_mood(self, day: date, mood: int | None) -> None:
        """The person's mood for ``day``, 1–5 (None clears it). Only the person sets it, never the model."""
        self._write(lambda s: ritual.set_mood(s, day, mood))

    def moods(self, first: date, last: date) -> dict[date, int]:
        return self._read(lambda s: ritual.moods(s, first, last))

    def save_draft(self, text: str, conversation_id: int | None) -> None:
        """Keep the message box's unsent ``text`` (typed on ``conversation_id``'s day); blank clears it."""
        self._write(lambda s: drafts.save_draft(s, text, conversation_id))

    def not_now_names(self) -> list[str]:
        """Names the person said "Not now" to when asked who they are (``app.store.not_now``)."""
        return self._read(not_now.not_now_names)

    def add_not_now_name(self, name: str) -> None:
        self._write(lambda s: not_now.add_not_now(s, name))

    def clear_not_now_names(self) -> None:
        self._write(not_now.clear_not_now)

    def draft(self) -> Draft | None:
        """The unsent words kept from the message box, if any."""
        return self._read(drafts.draft)

    def days_written(self, first: date, last: date) -> list[date]:
        """The days from ``first`` to ``last`` with an entry of the person's, oldest first (cheap)."""
        return self._read(lambda s: ritual.days_written(s, first, last))

    # -- facts ------------------------------------------------------------------------------------------

    def add_fact(self, text: str, **fields: Unpack[facts.NewFactFields]) -> Fact:
        """Add a fact (≤ 600 chars); an automatic one matching a deleted fact raises ``FactForgotten``."""
        return self._write(lambda s: facts.add_fact(s, text, **fields))

    def edit_fact(
        self, fact_id: int, *, source: str | None = None, **changes: Unpack[facts.FactChanges]
    ) -> Fact:
        """Change a fact; every change writes a new ``fact_version``."""
        return self._write(lambda s: facts.edit_fact(s, fact_id, source=source, **changes))

    def delete_fact(self, fact_id: int) -> None:
        """Delete the fact and its history for real, in the backups too; keep only a one-way fingerprint."""
        self._delete_everywhere(lambda s: facts.delete_fact(s, fact_id), self.get_fact(fact_id))

    def _delete_everywhere(
        self, deletion: Callable[[Session], None], record: Conversation | Message | Fact | None
    ) -> None:
        """``deletion`` in the diary, made final in its bytes, then in every backup and file kept after
        damage that may hold ``record``; ``unscrubbed_files`` names those it could not reach."""
        self._write(deletion)
        self.purge()
        written_at = record.created_at if record is not None else None
        backups.shred_partial_copies(self.data_dir)  # a half-written copy may hold it too
        for path in chat_state_files(self.data_dir):  # the chat's saved KV cache may hold it as well
            shred_file(path)
        for path in rescued_originals(self.data_dir):  # a damaged file whose entries the diary now has
            shred_file(path)
        self._last_deletion = (deletion, written_at)
        self.unscrubbed_files = self._scrub_copies(deletion, written_at)

    def _scrub_copies(self, deletion: Deletion, written_at: datetime | None,
                      only: set[Path] | None = None) -> list[Path]:
        """The deletion in the backups, then in the files kept after damage; those it could not reach."""
        return [*scrub_backups(self.data_dir, deletion, written_at, self.key, only=only),
                *scrub_kept(self.data_dir, deletion, written_at, self.key, only=only)]

    def scrub_again(self) -> list[Path]:
        """Try the last deletion again on the files it could not reach; the ones that still failed."""
        if self._last_deletion is None or not self.unscrubbed_files:
            return self.unscrubbed_files
        deletion, written_at = self._last_deletion
        self.unscrubbed_files = self._scrub_copies(deletion, written_at, set(self.unscrubbed_files))
        return self.unscrubbed_files

    def delete_files(self, paths: Iterable[Path]) -> None:
        """Shred these files (the person chose to: they hold something deleted that could not be
        scrubbed out of them, or stay readable without the new passphrase). Only Hearth's own backups of
        this diary and its files kept after damage: any other path is refused, left as it is."""
        own = set(self.list_backups())
        for path in map(Path, paths):
            if path in own:
                backups.shred(path)
            elif kept.is_kept(self.data_dir, path):
                kept.shred(path)
            else:
                log.warning("a file that is not one of Hearth's backups or kept files was not deleted")
        self.unscrubbed_files = [p for p in self.unscrubbed_files if p.exists()]

    def is_forgotten(self, text: str) -> bool:
        return self._read(lambda s: facts.is_forgotten(s, text))

    def retire_fact(self, fact_id: int) -> None:
        self._write(lambda s: facts.retire_fact(s, fact_id))

    def reinstate_fact(self, fact_id: int) -> None:
        self._write(lambda s: facts.reinstate_fact(s, fact_id))

    def get_fact(self, fact_id: int) -> Fact | None:
        return self._read(lambda s: s.get(Fact, fact_id))

    def list_facts(self, *, include_retired: bool = False) -> list[Fact]:
        """Pinned first, then by importance, then most recently updated."""
        return self._read(lambda s: facts.list_facts(s, include_retired))

    def fact_versions(self, fact_id: int) -> list[FactVersion]:
        return self._read(lambda s: facts.fact_versions(s, fact_id))

    # -- maintenance ----------------------------------------------------------------------------------

    def purge(self) -> None:
        """Make deletions final in the bytes: merge the FTS index, then checkpoint and truncate the WAL."""
        try:
            with self._db.raw() as conn:
                fts.merge_index(conn)
        except DB_ERRORS as exc:
            raise translate(exc, self._db.path) from exc
        self._db.checkpoint()

    def change_key(self, new_key: DiaryKey | None, on_step: encryption.Step | None = None) -> list[Path]:
        """Encrypt (``new_key``), decrypt (None) or re-key this diary and its backups, then close it.

        The caller holds the diary's one-writer lock and opens the diary again with ``new_key``. A
        failure before the swap raises ``EncryptionFailed`` and leaves the diary as it was.

        Returns the files kept after damage (``app.store.kept``), which the change does not re-write: when
        encrypting or re-keying they stay readable without the new passphrase, and the person is told.
        After decrypting, none: each is plain like the diary now, or still under a key.
        """
        self.purge()  # every committed page in the main file, the WAL empty
        self.close()
        encryption.change_key(self.data_dir, self.key, new_key, on_step or (lambda _step: None))
        for path in rescued_originals(self.data_dir):  # a damaged copy under the old key (or none): the
            shred_file(path)  # diary has all it held, and it must not stay readable (QA, session 21)
        return [] if new_key is None else kept.kept_files(self.data_dir)

    def export_encrypted(self, target: Path) -> Path:
        """An encrypted copy of the diary at ``target`` under its own key (``hearth restore`` reads it)."""
        return backups.write_copy(self._db, Path(target))

    def integrity_check(self) -> str:
        """'ok', or SQLite's description of the damage."""
        with self._db.raw() as conn:
            return "\n".join(row[0] for row in conn.execute("PRAGMA integrity_check"))

    def backup(self) -> Path:
        """A new backup in ``data_dir/backups`` (the 7 newest are kept, and ``_held_backup``)."""
        return backups.make_backup(self._db, self.data_dir, spare=self._held_backup())

    def maybe_backup(self, now: datetime | None = None) -> Path | None:
        """Make the daily backup if none was made on ``now``'s day (default: today); return it, else None.

        The controller calls it at start and after the day's first entry; the 7 newest are kept, and
        ``_held_backup``.
        """
        if not backups.backup_due(self.data_dir, now):
            return None
        return backups.make_backup(self._db, self.data_dir, now=now, spare=self._held_backup())

    def _held_backup(self) -> Path | None:
        """While the diary is empty, the newest backup that holds entries: backups of the empty diary, a
        week of them, must not rotate away the one the person may want back (``emptied``)."""
        held = self.emptied()
        return held.backup if held is not None else None

    def emptied(self) -> HeldEntries | None:
        """An empty diary while a backup holds entries (``backups.newest_with_entries``): its file went
        missing or was emptied outside Hearth, or an empty state was restored. The person is told and
        offered that backup; None when the diary has entries or no backup does."""
        if not self.nothing_written():
            return None
        return backups.newest_with_entries(self.data_dir, self.key)

    def list_backups(self) -> list[Path]:
        """Backups, newest first."""
        return backups.list_backups(self.data_dir)

    def made_anew(self, key: DiaryKey) -> Diary:
        """This empty diary, closed and made again encrypted with ``key`` (to receive an encrypted
        backup on a new computer, or after an encrypted diary was set aside). Made anew rather than
        re-keyed: it holds nothing, and re-keying would also re-encrypt its backups, which after a
        set-aside are the old diary's, already encrypted (QA, session 21). The caller has checked that it is
        empty; a diary with entries is never shredded here."""
        if not self.nothing_written():
            raise ValueError("made_anew: the diary has entries")
        self.close()
        for path in with_side_files(self.path):
            shred_file(path)
        return Diary.open(self.data_dir, key)

    def nothing_written(self) -> bool:
        """No entry and no fact (a new diary, perhaps with today's empty page open in a window)."""
        return self._read(nothing_written)

    def is_empty(self) -> bool:
        """No entries, facts, summaries or reflections (a new diary: nothing a restore would replace)."""
        return self._read(is_empty)

    def set_aside(self) -> tuple[Path, Path | None] | None:
        """An empty diary next to a damaged file that was set aside: (that file, the backup to offer — the
        last one made before it, else the newest), or None when the diary has entries or nothing was."""
        aside = [p for p in aside_files(self.data_dir) if backups.aside_stamp(p) is not None]
        if not aside or any(info.message_count for info in self.list_conversations(limit=2)):
            return None  # (limit 2: today's page may already exist, still empty)
        found = self.list_backups()
        return aside[-1], backups.before_damage(self.data_dir) or (found[0] if found else None)

    def restore(self, path: Path) -> None:
        """Replace the diary with a backup; a non-empty current state is backed up first (undo).

        Facts deleted since that backup was made stay deleted (their fingerprints are re-applied), and the
        words kept from the message box (``save_draft``) stay kept: they are newer than any backup, a diary
        holding only them counts as empty (no undo is made), and the window's box, which still shows them,
        would write them into the restored diary anyway.
        """
        path = Path(path)
        backups.check_backup(path, self.key)
        forgotten = self._read(lambda s: list(s.exec(facts.select(ForgottenFact))))
        kept = self.draft()
        if not self._read(is_empty):  # the undo; rotating it in must not shred the backup being restored
            backups.make_backup(self._db, self.data_dir, spare=path)
        backups.copy_into(self._db, path)
        with self._db.raw() as conn:
            migrate(conn)
        self._write(lambda s: _reapply_forgotten(s, forgotten))
        if kept is not None:
            self.save_draft(kept.text, None)  # its day's id means another day, or none, in the restored diary
        self.purge()

    def forget_everything(self) -> None:
        """Erase every message, summary, fact, reflection, fingerprint and backup. Not undoable."""
        erase_all(self._db)
        paths = [*self.list_backups(), *backups.partial_copies(self.data_dir), *aside_files(self.data_dir),
                 *chat_state_files(self.data_dir), *rescue_leftovers(self.data_dir)]
        for path in paths:
            backups.shred(path)

    @staticmethod
    def forget_locked(data_dir: Path) -> None:
        """Start over when the passphrase is forgotten: shred the encrypted diary, its backups, the
        damaged copies set aside and ``encryption.json``. Nothing can be recovered afterwards."""
        data_dir = Path(data_dir)
        encryption.forget_locked(data_dir)
        for path in [*aside_files(data_dir), *chat_state_files(data_dir), *rescue_leftovers(data_dir)]:
            backups.shred(path)
        try:  # a new, empty, plain diary in its place
            Diary.open(data_dir).close()
        except (StoreError, OSError):  # a full disk, say (QA, session 41): everything is erased already,
            log.warning("the new diary is left to the next start")  # and the next start makes it
        except DB_ERRORS:
            log.warning("the new diary is left to the next start")

    # -- export / import -------------------------------------------------------------------------------

    def export_json(self) -> dict[str, Any]:
        """Everything, losslessly (ids, times, versions, fingerprints, token counts)."""
        return self._read(export_json)

    def export_markdown(self, words: MarkdownWords | None = None) -> str:
        """A readable journal by day, with the companion's replies and "Memory about you", in ``words``'
        language (English if None)."""
        return self._read(lambda session: export_markdown(session, words))

    def import_json(self, data: dict[str, Any]) -> None:
        """Load an ``export_json`` document into this (empty) diary, keeping every id."""
        self._write(lambda s: import_json(s, data))


def _reapply_forgotten(session: Session, forgotten: list[ForgottenFact]) -> None:
    known = {(row.salt, row.digest) for row in session.exec(facts.select(ForgottenFact))}
    for row in forgotten:
        if (row.salt, row.digest) not in known:
            session.add(ForgottenFact(salt=row.salt, digest=row.digest, forgotten_at=row.forgotten_at))
    session.flush()
    facts.purge_forgotten(session)


def _keep_lost_writes(data_dir: Path) -> None:
    """Copy aside what a damaged log would lose (``lost_writes.keep``), whoever holds the diary's lock: a
    window asking for the passphrase holds it with the diary not yet open, and this open would let SQLite
    drop the damaged tail (review). Said by the next open that holds the lock (``_tell_lost_writes``)."""
    if lost_writes.has_frames(data_dir):
        lost_writes.keep(data_dir)


@contextmanager
def _repairing(data_dir: Path) -> Iterator[bool]:
    """Whether a damaged file may be moved or replaced now — only with no other process holding the
    diary's lock (QA review, session 21: ``hearth stats`` rescued a diary the window was writing to, and
    the window's next entry went into the file set aside). Held for the repair when this process had it
    not."""
    if DiaryLock.held_here(data_dir):
        yield True
        return
    guard = DiaryLock(data_dir)
    try:
        guard.acquire()
    except DiaryInUse:
        yield False
        return
    try:
        yield True
    finally:
        guard.release()


def chat_state_files(data_dir: Path) -> list[Path]:
    """The chat's saved KV cache (and a half-written one): derived from diary text, erased with it."""
    return [p for p in (data_dir / CHAT_STATE_FILE, data_dir / (CHAT_STATE_FILE + ".tmp")) if p.exists()]
