"""The Companion controller: the one object the GUI and the CLI drive (no Qt here).

``send`` commits the person's message before anything else, then a reply worker assembles the prompt,
streams the reply and persists it, and schedules the background jobs of DESIGN.md's "One turn": fact
extraction from the message, a fold of the tail into the rolling summary when it outgrew its share, digests
of finished days at rollover, reflections when idle (if enabled). Background jobs run on their own worker at
``Priority.BACKGROUND`` in the engine's ``"background"`` slot; the engine pre-empts them when the person
sends again, and they never touch the chat's KV cache.

Every state change is an event (``app.core.events``) delivered to subscribers on worker threads.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import date, datetime
from functools import partial
from typing import Any, Unpack

from app.config import Settings
from app.core.context import ConversationContext
from app.core.digests import Digests, week_scope
from app.core.errors import CoreError, MessageRejected
from app.core.events import (
    BudgetReport,
    ConversationOpened,
    DigestWritten,
    ErrorRaised,
    Event,
    FactRemoved,
    FactUpdated,
    MessageAdded,
    MessageRemoved,
    SummaryUpdated,
)
from app.core.facts import (
    MIN_MESSAGE_CHARS,
    FactMemory,
    extraction_request,
    parse_candidate,
    rejection_reason,
)
from app.core.jobs import BackgroundJobs
from app.core.reflections import Reflector
from app.core.summary import RollingSummary, Summarizer
from app.core.turn import ReplyTurn
from app.core.worker import Activity, Worker
from app.llm.types import GenerationRequest, LanguageModel, Priority
from app.store.errors import StoreError
from app.store.facts import FactChanges

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 200_000


class Companion:
    def __init__(
        self,
        diary: Any,
        model: LanguageModel,
        settings: Settings,
        *,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.diary = diary
        self.settings = settings
        self._clock = clock or datetime.now
        self._listeners: list[Callable[[Event], None]] = []
        self._lock = threading.RLock()
        self._closed = threading.Event()
        self.context = ConversationContext(diary, model, settings)
        self.memory = FactMemory(diary)
        self.rolling = RollingSummary(diary, self.context.assembler)
        self.digests = Digests(diary)
        self.reflector = Reflector(diary)
        self._turn = ReplyTurn(diary, self.context, settings, self._emit)
        self._activity = Activity()
        self._replies = Worker("hearth-replies", self._activity, self._report_crash)
        self._background = Worker(
            "hearth-background", self._activity, self._report_crash, on_drained=self._background_drained
        )
        self.jobs = BackgroundJobs(self._background, lambda: self.context.model, self._emit, self._closed)
        self._replies_pending = 0
        self._follow_today = True
        self._digest_checked: date | None = None
        self._reflected_on: date | None = None
        self._conversation_id = int(diary.conversation_for_day(self._today()).id)

    # -- events ----------------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Event], None]) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def _emit(self, event: Event) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(event)
            except Exception as exc:  # noqa: BLE001 - a broken listener must not break the turn
                log.error("an event listener failed on %s: %s", event.type, type(exc).__name__)

    def _report_crash(self, exc: BaseException) -> None:
        self._emit(ErrorRaised(f"Something went wrong in the background: {type(exc).__name__}.", ""))

    # -- conversations -----------------------------------------------------------------------------
    @property
    def model(self) -> LanguageModel:
        return self.context.model

    @property
    def conversation_id(self) -> int:
        return self._conversation_id

    def _today(self) -> date:
        return self._clock().date()

    def open_conversation(self, conversation_id: int | None) -> None:
        """Show and write to ``conversation_id``; None: today's (and follow the date past midnight)."""
        if conversation_id is None:
            conversation = self.diary.conversation_for_day(self._today())
            self._follow_today = True
        else:
            conversation = self.diary.get_conversation(conversation_id)
            if conversation is None:
                raise CoreError("That conversation no longer exists.", "Pick another day in the sidebar.")
            self._follow_today = False
        self._conversation_id = int(conversation.id)
        self._emit(ConversationOpened(self._conversation_id, conversation.day))

    def _rollover(self) -> None:
        """A new day: follow it to its conversation, and digest the days that ended (in the background)."""
        today = self._today()
        if self._follow_today:
            conversation = self.diary.conversation_for_day(today)
            if conversation.id != self._conversation_id:
                self._conversation_id = int(conversation.id)
                self._emit(ConversationOpened(self._conversation_id, conversation.day))
        if self._digest_checked != today:
            self._digest_checked = today
            self._background.submit(lambda: self._schedule_due_digests(today), key="digests-due")

    # -- the turn ----------------------------------------------------------------------------------
    def send(self, text: str) -> int:
        """Commit the message now; the reply streams on the reply worker. Returns the message id."""
        if not isinstance(text, str) or not text.strip():
            raise MessageRejected("The message is empty.", "Write something first.")
        if len(text) > MAX_MESSAGE_CHARS:
            raise MessageRejected(
                f"The message has {len(text):,} characters; one entry holds at most {MAX_MESSAGE_CHARS:,}.",
                "Split it into several entries.",
            )
        self._rollover()
        conversation_id = self._conversation_id
        try:
            message = self.diary.add_message(conversation_id, "user", text)
        except StoreError as exc:
            raise MessageRejected(str(exc), exc.hint or MessageRejected.hint) from exc
        self._emit(MessageAdded(int(message.id), conversation_id, "user", message.text, message.created_at))
        self._submit_reply(lambda: self._reply(conversation_id, message, learn=True))
        return int(message.id)

    def regenerate(self) -> None:
        """Write a new reply to the last message of the person; the old reply goes once the new one is in."""
        conversation_id = self._conversation_id
        recent = self.diary.messages(conversation_id, limit=20)
        users = [m for m in recent if m.role == "user"]
        if not users:
            raise CoreError("There is no message to answer yet.", "Write something first.")
        last_user = users[-1]
        old = [m for m in recent if m.id > last_user.id and m.role == "assistant"]
        self._submit_reply(lambda: self._reply(conversation_id, last_user, learn=False, replaces=old))

    def _reply(
        self, conversation_id: int, message: Any, *, learn: bool, replaces: list[Any] | None = None
    ) -> None:
        if self._closed.is_set():
            return
        outcome = self._turn.run(conversation_id, message, self._today())
        if outcome.message_id and replaces:
            for old in replaces:
                self.diary.delete_message(old.id)
                self._emit(MessageRemoved(int(old.id), conversation_id))
        if learn and len(message.text.strip()) > MIN_MESSAGE_CHARS:
            self.jobs.schedule("facts", lambda: self._extract_fact(message), key=f"facts-{message.id}")
        if self._fold_due(conversation_id):
            self.jobs.schedule("summary", lambda: self._fold(conversation_id), key=f"fold-{conversation_id}")
        self._emit_budget()

    def _fold_due(self, conversation_id: int) -> bool:
        """The tail since the fold boundary outgrew its share (also when a deleted summary is missing)."""
        snapshot = self.context.snapshot(conversation_id)
        tail = self.context.tail(conversation_id, snapshot.boundary)
        return self.context.assembler.tail_needs_fold(snapshot.stable, tail)

    def stop(self) -> None:
        """Stop the reply being written (kept, marked interrupted); works during prompt processing too."""
        self._turn.stop()

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

        self._replies.submit(run)

    def preview_budget(self, draft: str = "") -> BudgetReport:
        """The next prompt's budget with ``draft`` as the new message (exact counts, recall included)."""
        return self.context.assemble(self._conversation_id, draft, today=self._today()).report

    def _emit_budget(self) -> None:
        try:
            self._emit(self.preview_budget(""))
        except Exception as exc:  # noqa: BLE001 - the gauge can wait for the next turn
            log.error("could not compute the budget report: %s", type(exc).__name__)

    # -- background jobs ---------------------------------------------------------------------------
    def _summarizer(self) -> Summarizer:
        return Summarizer(self.model, self.jobs.generate)

    def _extract_fact(self, message: Any) -> list[Event]:
        completion = self.jobs.generate(extraction_request(message.text))
        candidate = parse_candidate(completion.text)
        if candidate is None or rejection_reason(candidate, message.text) is not None:
            return []
        events = self.memory.remember(candidate, int(message.id))
        for event in events:
            if isinstance(event, FactUpdated):
                self.context.note_automatic_update(event.fact_id)
        return events

    def _fold(self, conversation_id: int) -> list[Event]:
        stable = self.context.snapshot(conversation_id).stable
        boundary = self.rolling.fold(conversation_id, stable, self._summarizer())
        if boundary is None:
            return []
        events: list[Event] = [SummaryUpdated(conversation_id, boundary)]
        if conversation_id == self._conversation_id:
            self._emit_budget()
            self._schedule_warm()
        return events

    def warm_up(self) -> None:
        """Prepare the open conversation's prompt in the background (the app calls this once it is ready,
        so the first entry of the day is answered from a warm cache, not after a cold prompt)."""
        self._schedule_warm()

    def _schedule_warm(self) -> None:
        """Warm the chat cache for the next turn in idle time, after the prompt's stable prefix changed.

        A fold (a new summary), a memory edit or another model changes the system message, and the next
        turn would otherwise evaluate the whole prompt while the person waits (tens of seconds for a 3B
        model on a CPU). Evaluated now, in the background, the next turn pays only for its new message.
        """
        conversation_id = self._conversation_id
        self.jobs.schedule("warm", lambda: self._warm(conversation_id), key=f"warm-{conversation_id}")

    def _warm(self, conversation_id: int) -> list[Event]:
        if conversation_id != self._conversation_id or self.busy:
            return []  # the person moved on or is already being answered: that turn warms the cache
        prompt = self.context.assemble(conversation_id, "", today=self._today())
        request = GenerationRequest(
            messages=prompt.messages[:-1],  # system and tail: what the next prompt starts with
            priority=Priority.BACKGROUND,
            slot="chat",
            max_tokens=1,
            label="warm",
            prefill_only=True,
        )
        self.jobs.generate(request)
        return []

    def _schedule_due_digests(self, today: date) -> None:
        for day in self.digests.due_days(today):
            self.jobs.schedule("digest", partial(self._digest_job, day), key=f"digest-{day}")
        for day in self.digests.due_weeks(today):
            self.jobs.schedule("digest", partial(self._weekly_job, day), key=f"weekly-{day}")

    def _digest_job(self, day: date) -> list[Event]:
        if not self.digests.daily(day, self._summarizer()):
            return []
        if self.settings.reflections_enabled:
            self.jobs.schedule("reflection", self._reflect_job, key="reflect")
        return [DigestWritten("daily", day.isoformat())]

    def _weekly_job(self, day: date) -> list[Event]:
        return (
            [DigestWritten("weekly", week_scope(day))] if self.digests.weekly(day, self._summarizer()) else []
        )

    def digest(self, day: date) -> str:
        """Write the digest of ``day`` now (blocking; the GUI runs it in the background)."""
        text = self.digests.daily(day, self._summarizer())
        if text:
            self._emit(DigestWritten("daily", day.isoformat()))
        return text

    def weekly_digest(self, day: date) -> str:
        """Write the digest of the ISO week containing ``day`` (blocking)."""
        text = self.digests.weekly(day, self._summarizer())
        if text:
            self._emit(DigestWritten("weekly", week_scope(day)))
        return text

    def _background_drained(self) -> None:
        """The memory jobs are done (idle): reflect, if enabled and not yet tried today (DESIGN.md)."""
        today = self._today()
        if self.settings.reflections_enabled and self._reflected_on != today and self.reflector.due(today):
            self.jobs.schedule("reflection", self._reflect_job, key="reflect")

    def _reflect_job(self) -> list[Event]:
        self._reflected_on = self._today()
        return self.reflector.reflect(self.jobs.generate)

    def reflect(self) -> list[Event]:
        """Revise the reflections now (blocking), whatever the setting: the person asked for it."""
        events = self.reflector.reflect(self.jobs.generate)
        for event in events:
            self._emit(event)
        return events

    # -- memory about you --------------------------------------------------------------------------
    def facts(self, include_retired: bool = False) -> list[Any]:
        return list(self.diary.list_facts(include_retired=include_retired))

    def _changed_memory(self) -> None:
        self.context.invalidate()
        self._emit_budget()
        self._schedule_warm()

    def add_fact(self, text: str, *, kind: str = "other", importance: int = 3, pinned: bool = False) -> Any:
        fact = self.diary.add_fact(text, kind=kind, importance=importance, pinned=pinned, source="manual")
        self._changed_memory()
        return fact

    def edit_fact(self, fact_id: int, **changes: Unpack[FactChanges]) -> Any:
        """The person's edit: the fact becomes theirs (manual), so automatic memory leaves it alone."""
        before = self.diary.get_fact(fact_id)
        text = changes.get("text")
        fact = self.diary.edit_fact(fact_id, source="manual" if text is not None else None, **changes)
        if before is not None and text is not None:
            self._emit(FactUpdated(fact.id, fact.text, before.text, ""))
        self._changed_memory()
        return fact

    def pin_fact(self, fact_id: int, pinned: bool = True) -> Any:
        return self.edit_fact(fact_id, pinned=pinned)

    def delete_fact(self, fact_id: int) -> None:
        self.diary.delete_fact(fact_id)
        self._emit(FactRemoved(fact_id))
        self._changed_memory()

    def undo(self, undo_token: str) -> None:
        for event in self.memory.undo(undo_token):
            self._emit(event)
        self._changed_memory()

    # -- lifecycle ---------------------------------------------------------------------------------
    def set_model(self, model: LanguageModel) -> None:
        """Swap the model (the model manager closes the old one after this returns)."""
        self.stop()
        self.wait_idle(timeout=30)
        self.context.set_model(model)
        self._emit_budget()
        self._schedule_warm()

    def wait_idle(self, timeout: float | None = None) -> bool:
        return self._activity.wait_idle(timeout)

    def close(self) -> None:
        self._closed.set()
        self.stop()
        self.jobs.cancel_running()
        self._replies.close()
        self._background.close()
