"""The Companion controller: the one object the GUI and the CLI drive (no Qt here).

A thin façade over three parts that share one ``CompanionSession`` (diary, prompt context, live settings,
clock, events, the open conversation):

* the **reply turn** (``app.core.turn``): ``send`` commits the person's message before anything else, then
  the reply worker assembles the prompt, streams the reply and persists it;
* the **memory service** (``app.core.memory.service``): facts the person edits and facts learned from
  their messages, with undo;
* the **maintenance scheduler** (``app.core.background.maintenance``): folds, digests, reflections,
  warm-ups and backups on the background worker at ``Priority.BACKGROUND`` in the engine's
  ``"background"`` slot — pre-empted when the person sends again, never touching the chat's KV cache.

The **daily ritual** (``app.core.ritual``) rides on the same parts: ``write`` stores an entry and feeds memory
like ``send`` but asks for no reply until ``ask``; ``go_deeper`` is a reply whose new message is an
instruction (one reflective question), never stored; the empty day's opening question is written by a
background job when the workers drain (``_on_idle``), with a fixed fallback list until it is ready.

The controller also owns **the next prompt** (``app.core.prompt.next_prompt``): every change that alters it
emits one ``BudgetReport``; views only draw what they receive. Settings live in a ``SettingsStore``
shared with the GUI and the CLI; a change applies to the next prompt at once.

Every state change is an event (``app.core.events``) delivered to subscribers on worker threads.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime
from typing import Unpack

from app.config import Settings, SettingsStore
from app.core.background.indexing import SemanticIndexer
from app.core.background.jobs import BackgroundJobs
from app.core.background.maintenance import MaintenanceScheduler
from app.core.background.quiet import QuietTime
from app.core.background.worker import Activity, Worker
from app.core.errors import CoreError, MessageRejected
from app.core.events import (
    BudgetReport,
    ErrorRaised,
    Event,
    MessageAdded,
    MessageRemoved,
    PictureTextRead,
    RememberedEntry,
    ReplyFinished,
)
from app.core.memory.service import MemoryService
from app.core.pictures.reader import TesseractReader, TextReader
from app.core.pictures.service import PictureService
from app.core.ports import DiaryPort
from app.core.prompt.context import ConversationContext
from app.core.prompt.next_prompt import NextPrompt
from app.core.recall.finder import COUNT_AHEAD_BATCH
from app.core.recall.introductions import WhoToAsk, who_to_ask
from app.core.recall.remembered import remembered_for
from app.core.recall.semantic import SemanticMemory
from app.core.ritual.opening import DayQuestion
from app.core.ritual.service import DailyRitual
from app.core.session import CompanionSession
from app.core.turn import PLACEHOLDER, ReplyTurn
from app.llm.embedding import Embedder, release
from app.llm.types import LanguageModel
from app.store import (
    MAX_MESSAGE_CHARS,
    Fact,
    FactChanges,
    IndexCounts,
    Message,
    PreparedImage,
    StoreError,
    is_blank,
)

log = logging.getLogger(__name__)

KEEP_CACHE_AT_CLOSE_S = 30.0  # writing the cache takes about a second; a slow disk must not hang the close


class Companion:
    def __init__(
        self,
        diary: DiaryPort,
        model: LanguageModel,
        settings: SettingsStore | Settings,
        *,
        clock: Callable[[], datetime] | None = None,
        embedder: Embedder | None = None,
        text_reader: TextReader | None = None,
    ) -> None:
        store = SettingsStore.of(settings)
        diary.delete_unfinished_replies(PLACEHOLDER)  # a crash's leftovers, before any reply of ours starts
        semantic = SemanticMemory(diary, embedder) if embedder is not None else None
        self.session = CompanionSession(diary, model, store, clock or datetime.now, semantic)
        self._closed = threading.Event()
        self._activity = Activity()
        # The window holds background work while it loads and shows something (never a reply's work), and
        # for ``quiet_after_reply_s`` after a reply's end, while it draws it (the GUI sets it; 0: no hold).
        self.quiet = QuietTime()
        self.quiet_after_reply_s = 0.0
        self.session.subscribe(self._quiet_after_reply)  # before the indexer's: held before it is asked
        self._replies = Worker("hearth-replies", self._activity, self._report_crash)
        self._background = Worker(
            "hearth-background", self._activity, self._report_crash, on_drained=self._on_idle,
            quiet=self.quiet,
        )
        self._budget = Worker("hearth-budget", self._activity, self._report_crash)
        self._replies_pending = 0
        self._lock = threading.Lock()
        self._turn = ReplyTurn(self.session)
        self.next_prompt = NextPrompt(self.session, self._budget)
        jobs = BackgroundJobs(self._background, lambda: self.session.model, self.session.emit, self._closed)
        self.maintenance = MaintenanceScheduler(
            self.session, self._background, jobs, busy=lambda: self.busy,
            on_prefix_changed=self._prefix_changed,
        )
        self._turn.saved_state = self.maintenance.chat_cache.restore_request
        self.memory = MemoryService(self.session, changed=self._prefix_changed)
        self.ritual = DailyRitual(self.session, jobs)
        self._unsubscribe_settings = store.subscribe(self._settings_changed)
        self.indexer: SemanticIndexer | None = None
        if semantic is not None:
            self.indexer = SemanticIndexer(
                semantic, self.session.emit, lambda: self.busy, self._report_crash,
                count_ahead=lambda: self.session.context.recall.count_ahead() >= COUNT_AHEAD_BATCH,
                quiet=self.quiet,
            )
            self.session.subscribe(self.indexer.on_event)
            self.indexer.start()
        # Pictures (level 0): their text read on a worker of its own; a new text changes the entry's words.
        self.pictures = PictureService(self.session, text_reader or TesseractReader(), self._report_crash)
        self.session.subscribe(self._picture_event)
        self.pictures.schedule()  # pictures a crash left unread, and the retention sweep

    # -- events and state ------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Event], None]) -> Callable[[], None]:
        return self.session.subscribe(listener)

    def _report_crash(self, exc: BaseException) -> None:
        """A background worker stopped on ``exc``. The store's errors say what happened and what to do (a
        busy or full diary; QA, session 41: "…in the background: StoreError."); anything else is named by
        its kind only, never by its text, which may quote the diary."""
        if isinstance(exc, StoreError):
            self.session.emit(ErrorRaised(str(exc), exc.hint))
            return
        self.session.emit(ErrorRaised(f"Something went wrong in the background: {type(exc).__name__}.", ""))

    @property
    def diary(self) -> DiaryPort:
        return self.session.diary

    @property
    def model(self) -> LanguageModel:
        return self.session.model

    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def context(self) -> ConversationContext:
        """What the prompt is made of for each conversation (benchmarks and tests assemble through it)."""
        return self.session.context

    @property
    def conversation_id(self) -> int:
        return self.session.conversation_id

    def open_conversation(self, conversation_id: int | None) -> None:
        """Show and write to ``conversation_id``; None: today's (and follow the date past midnight)."""
        self.session.open(conversation_id)
        self.next_prompt.refresh()

    # -- the turn ----------------------------------------------------------------------------------
    def send(self, text: str, *, answering: str = "") -> int:
        """Commit the message now; the reply streams on the reply worker. Returns the message id.

        ``answering``: the opening question the person answers; on an empty day it is stored first, as the
        companion's, so the day reads as asked and answered and the reply sees the question.
        """
        message = self._commit(text, answering)
        conversation_id = message.conversation_id
        self._submit_reply(lambda: self._reply(conversation_id, message, learn=True))
        return message.id

    def write(self, text: str, *, answering: str = "") -> int:
        """Write mode: commit the entry and learn from it like any other, but no reply until ``ask``."""
        message = self._commit(text, answering)
        if self.memory.worth_learning_from(message):
            self.maintenance.jobs.schedule("facts", lambda: self._learn(message), key=f"facts-{message.id}")
        self.maintenance.fold_if_due(message.conversation_id)
        self.next_prompt.refresh()
        return message.id

    def ask(self) -> None:
        """"Ask Hearth" (write mode): answer the person's last entry, which no reply follows yet."""
        conversation_id = self.session.conversation_id
        entry = self.ritual.unanswered_entry(conversation_id)
        self._submit_reply(lambda: self._reply(conversation_id, entry, learn=False))

    def go_deeper(self) -> None:
        """"Go deeper": one reflective follow-up question about the person's last entry, as a reply."""
        conversation_id = self.session.conversation_id
        entry, instruction = self.ritual.deeper_request(conversation_id)
        self._submit_reply(lambda: self._reply(conversation_id, entry, learn=False, instruction=instruction))

    def _commit(self, text: str, answering: str = "") -> Message:
        """Store the person's entry before anything else (and the question it answers, on an empty day)."""
        _check_message(text)
        self.maintenance.follow_the_date()
        conversation_id = self.session.conversation_id
        first_today = not self.diary.messages(conversation_id, limit=1)
        try:
            if answering.strip() and first_today:
                self._add("assistant", conversation_id, answering.strip())
            message = self._add("user", conversation_id, text)
        except StoreError as exc:
            raise MessageRejected(str(exc), exc.hint or MessageRejected.hint) from exc
        self.maintenance.digest_finished_days()
        if first_today:
            self.maintenance.back_up()
        self.maintenance.chat_cache.changed()
        return message

    def _add(self, role: str, conversation_id: int, text: str) -> Message:
        message = self.diary.add_message(conversation_id, role, text)
        self.session.emit(MessageAdded(message.id, conversation_id, role, message.text, message.created_at))
        return message

    def regenerate(self) -> None:
        """Write a new reply to the last message of the person; the old reply goes once the new one is in."""
        conversation_id = self.session.conversation_id
        recent = self.diary.messages(conversation_id, limit=20)
        users = [m for m in recent if m.role == "user"]
        if not users:
            raise CoreError("There is no message to answer yet.", "Write something first.")
        last_user = users[-1]
        old = [m for m in recent if m.id > last_user.id and m.role == "assistant"]
        self._submit_reply(lambda: self._reply(conversation_id, last_user, learn=False, replaces=old))

    def delete_message(self, message_id: int) -> None:
        """Delete one entry for real (the store also drops summaries that may quote it and its backup copies);
        the prompt changes, so a new budget report and a warm-up follow. Refused while its reply streams."""
        message = self.diary.get_message(message_id)
        if message is None:
            raise CoreError("That entry no longer exists.", "It may have been deleted already.")
        if self._turn.is_writing(message_id):
            raise CoreError("This reply is still being written.", "Stop it, or wait until it is done.")
        if self._turn.is_answering(message_id):
            raise CoreError("The reply to this entry is still being written.",
                            "Stop it, or wait until it is done.")
        self.diary.delete_message(message_id)
        self.maintenance.chat_cache.discard()  # derived from the deleted text: it goes too
        self.session.emit(MessageRemoved(message_id, message.conversation_id))
        self.session.context.invalidate(message.conversation_id)
        self._prefix_changed()

    def _reply(
        self, conversation_id: int, message: Message, *, learn: bool, replaces: list[Message] | None = None,
        instruction: str | None = None,
    ) -> None:
        if self._closed.is_set():
            return
        outcome = self._turn.run(conversation_id, message, self.session.today(), instruction)
        if outcome.message_id:
            for old in replaces or []:
                self.diary.delete_message(old.id)
                self.session.emit(MessageRemoved(old.id, conversation_id))
            if replaces:
                self.maintenance.chat_cache.discard()  # the kept cache may hold the replaced reply
        if learn and self.memory.worth_learning_from(message):
            self.maintenance.jobs.schedule("facts", lambda: self._learn(message), key=f"facts-{message.id}")
        self.maintenance.fold_if_due(conversation_id)
        self.next_prompt.refresh()

    def _quiet_after_reply(self, event: Event) -> None:
        """On the reply's thread, as it ends, before the memory jobs it sets off are scheduled."""
        if isinstance(event, ReplyFinished) and self.quiet_after_reply_s > 0:
            self.quiet.hold(self.quiet_after_reply_s)

    def _learn(self, message: Message) -> list[Event]:
        events = self.memory.learn_from(message, self.maintenance.jobs.generate)
        if events:
            self.next_prompt.refresh()  # a new fact rides in the next prompt's volatile part
        return events

    def stop(self) -> None:
        """Stop the reply being written (kept, marked interrupted); works during prompt processing too."""
        self._turn.stop()

    @property
    def closed(self) -> bool:
        """``close`` ran: its workers (replies, background jobs, the meaning index) were stopped."""
        return self._closed.is_set()

    @property
    def busy(self) -> bool:
        """A reply is queued or being written."""
        with self._lock:
            return self._replies_pending > 0

    def _submit_reply(self, task: Callable[[], None]) -> None:
        self._turn.arm()
        with self._lock:
            self._replies_pending += 1

        def run() -> None:
            try:
                task()
            finally:
                with self._lock:
                    self._replies_pending -= 1
                if self.indexer is not None:
                    self.indexer.schedule()  # a bulk pass that yielded to this reply goes on

        self._replies.submit(run)

    # -- the next prompt ---------------------------------------------------------------------------
    def set_draft(self, text: str) -> None:
        """The person is typing ``text``: a ``BudgetReport`` for it follows (coalesced, in the background)."""
        self.next_prompt.set_draft(text)

    def refresh_budget(self) -> None:
        """Emit a fresh ``BudgetReport`` for the current draft (in the background)."""
        self.next_prompt.refresh()

    def preview_budget(self, draft: str = "") -> BudgetReport:
        """The next prompt's budget with ``draft`` as the new message (blocking: the CLI and tests)."""
        return self.next_prompt.report(draft)

    def attach(self, images: Sequence[PreparedImage], caption: str = "") -> int:
        """An entry with these checked pictures (``app.store.prepare_image``) in the open conversation;
        no reply is asked for (the person asks about it when they like). Returns the entry's id."""
        self.maintenance.follow_the_date()
        first_today = not self.diary.messages(self.session.conversation_id, limit=1)
        message = self.pictures.attach(images, caption)
        self.maintenance.digest_finished_days()
        if first_today:
            self.maintenance.back_up()  # the day's backup, as after the day's first written entry
        self.maintenance.chat_cache.changed()
        self.next_prompt.refresh()
        return message.id

    def _picture_event(self, event: Event) -> None:
        if isinstance(event, PictureTextRead):
            self.maintenance.chat_cache.changed()  # an earlier entry's words changed: the prefix with them
            self.next_prompt.refresh()

    def _prefix_changed(self) -> None:
        """The prompt's stable part changed (a fold, a memory edit, settings, the model): report, warm."""
        self.maintenance.chat_cache.changed()
        self.next_prompt.refresh()
        self.maintenance.schedule_warm()

    def _settings_changed(self, before: Settings, after: Settings) -> None:
        """Apply what shapes the prompt at once (not the theme, nor the model file: ``set_model`` does)."""
        if _prompt_settings(before) == _prompt_settings(after):
            return
        self.session.context.apply_settings(after)
        self._prefix_changed()

    # -- digests and reflections -------------------------------------------------------------------
    def warm_up(self) -> None:
        """The app is ready: prepare the open conversation's prompt and make the daily backup, in the
        background, so the first entry of the day is answered from a warm cache."""
        self.maintenance.at_start()

    def digest(self, day: date) -> str:
        """Write the digest of ``day`` now (blocking; the GUI runs it in the background)."""
        return self.maintenance.daily_digest_now(day)

    def weekly_digest(self, day: date) -> str:
        """Write the digest of the ISO week containing ``day`` (blocking)."""
        return self.maintenance.weekly_digest_now(day)

    def reflect(self) -> list[Event]:
        """Revise the reflections now (blocking), whatever the setting: the person asked for it."""
        return self.maintenance.reflect_now()

    def _on_idle(self) -> None:
        self.maintenance.on_idle()
        self.ritual.schedule_question()

    # -- the opening question ------------------------------------------------------------------------
    def opening_question(self) -> DayQuestion | None:
        """Today's opening question (stored, or from the fallback list; never waits for the model)."""
        return self.ritual.question()

    def another_question(self) -> DayQuestion | None:
        """Replace today's question; a new one is written in the background (``OpeningPromptReady``)."""
        return self.ritual.another()

    def dismiss_question(self) -> None:
        self.ritual.dismiss()

    def write_question_now(self) -> DayQuestion | None:
        """Write today's question with the model now if none is ready (blocking: ``hearth prompt``)."""
        return self.ritual.write_now()

    # -- memory about you --------------------------------------------------------------------------
    def facts(self, include_retired: bool = False) -> list[Fact]:
        return self.memory.facts(include_retired)

    def add_fact(self, text: str, *, kind: str = "other", importance: int = 3, pinned: bool = False) -> Fact:
        return self.memory.add(text, kind=kind, importance=importance, pinned=pinned)

    def edit_fact(self, fact_id: int, **changes: Unpack[FactChanges]) -> Fact:
        """The person's edit: the fact becomes theirs (manual), so automatic memory leaves it alone."""
        return self.memory.edit(fact_id, **changes)

    def pin_fact(self, fact_id: int, pinned: bool = True) -> Fact:
        return self.memory.edit(fact_id, pinned=pinned)

    def people_to_introduce(self, skip: Iterable[str] = ()) -> WhoToAsk:
        """Names the diary uses often and never says who they are ("Who is Витя?"): a fact saying so lets
        recall find them when the person asks about "my husband" (``app.core.recall.introductions``). With
        them, the names put off (said "Not now" to, and ``skip``, those the window skips) that would still be
        asked about: the panel offers to ask about them again."""
        return who_to_ask(self.diary, skip=skip)

    def not_now_person(self, name: str) -> None:
        """The person would rather not say who ``name`` is: not asked again (until an entry is deleted or
        edited, which empties the list: ``app.store.not_now``)."""
        self.diary.add_not_now_name(name)

    def ask_again_about_people(self) -> None:
        """Every name said "Not now" to may be asked about again."""
        self.diary.clear_not_now_names()

    def delete_fact(self, fact_id: int) -> None:
        self.memory.delete(fact_id)

    def undo(self, undo_token: str) -> None:
        self.memory.undo(undo_token)

    # -- lifecycle ---------------------------------------------------------------------------------
    def set_model(self, model: LanguageModel) -> None:
        """Swap the model (the model manager closes the old one after this returns)."""
        self.stop()
        self.wait_idle(timeout=30)
        self.maintenance.chat_cache.discard()  # made by the old model: of no use to the new one
        self.session.context.set_model(model)
        self._prefix_changed()
        if self.indexer is not None:
            self.indexer.schedule()  # another tokenizer: recall's counts are made ahead again

    def wait_idle(self, timeout: float | None = None) -> bool:
        return self._activity.wait_idle(timeout)

    # -- recall by meaning -------------------------------------------------------------------------
    def index_counts(self) -> IndexCounts | None:
        """How much of the diary recall can search by meaning (None: no meaning model)."""
        return self.indexer.memory.counts() if self.indexer is not None else None

    def wait_indexed(self, timeout: float | None = None) -> bool:
        """Block until the semantic index has caught up with the diary (tests, ``hearth index``)."""
        return self.indexer.wait_indexed(timeout) if self.indexer is not None else True

    def wait_recall_loaded(self, timeout: float | None = None) -> bool:
        """Block until the saved vectors are in memory (not until everything is indexed)."""
        return self.indexer.memory.wait_loaded(timeout) if self.indexer is not None else True

    def remembered(self, reply_ids: Sequence[int]) -> dict[int, tuple[RememberedEntry, ...]]:
        """What recall gave the model for each of these replies (the "Remembered" line under them)."""
        return remembered_for(self.diary, reply_ids)

    def close(self, keep_cache_s: float = KEEP_CACHE_AT_CLOSE_S) -> None:
        """Stop everything; then keep the chat's cache for the next start (waiting at most
        ``keep_cache_s``; 0: not kept). The model must still be open: its owner closes it afterwards."""
        self._closed.set()
        self.quiet.close()
        self._unsubscribe_settings()
        self.stop()
        self.maintenance.jobs.cancel_running()
        self.maintenance.chat_cache.close()
        self._replies.close()
        self._background.close()
        self._budget.close()
        if self.indexer is not None:
            self.indexer.close()
            release(self.indexer.memory.embedder)  # its child process, if it has one: nothing asks it now
        self.pictures.close()
        if keep_cache_s > 0:
            try:
                self.maintenance.keep_cache_now(keep_cache_s)
            except Exception as exc:  # noqa: BLE001 - a cache not kept costs one warm-up, never the close
                log.warning("the chat's cache was not kept: %s", type(exc).__name__)


def _prompt_settings(settings: Settings) -> tuple[object, ...]:
    """The settings the prompt or the reply depend on."""
    return (
        settings.persona,
        settings.reply_length,
        settings.reply_reserve,
        settings.recall_enabled,
        settings.reflections_enabled,
    )


def _check_message(text: str) -> None:
    """Refuse what no diary entry can be (nothing is stored, the composer keeps the draft)."""
    if not isinstance(text, str) or is_blank(text):
        raise MessageRejected("The message is empty.", "Write something first.")
    if len(text) > MAX_MESSAGE_CHARS:
        raise MessageRejected(
            f"The message has {len(text):,} characters; one entry holds at most {MAX_MESSAGE_CHARS:,}.",
            "Split it into several entries.",
        )
