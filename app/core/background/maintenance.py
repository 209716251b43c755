"""Keeping memory in shape between turns: folds, digests, reflections, warm-ups, backups.

All of it runs on the background worker at background priority (DESIGN.md "One turn", step 4):

* **Fold** the oldest half of the tail into the rolling summary once the tail outgrew its share.
* **Digests** of the days (and the week) that ended, checked once per day at the first turn or start.
* **Reflections** when the memory jobs are done (idle), at most once a day, if the person enabled them.
* **Warm-up**: after the prompt's stable prefix changed (a fold, a memory edit, another model, the start),
  the next prompt is evaluated in idle time so the person never waits for a whole prompt.
* **Backup**: the daily rotating backup, at start and after the day's first entry, so the damaged-diary
  dialog always has a recent one to offer.
* **The chat's cache for the next start** (``ChatCache``): kept after a while idle and at close, loaded by
  the warm-up at start if it still fits the conversation (the engine checks), so a restart does not read
  the whole prompt again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date
from functools import partial

from app.core.background.chat_cache import ChatCache
from app.core.background.jobs import BackgroundJobs
from app.core.background.worker import Worker
from app.core.events import DigestWritten, Event, SummaryUpdated
from app.core.memory.digests import Digests, week_scope
from app.core.memory.reflections import Reflector
from app.core.memory.summary import RollingSummary, Summarizer
from app.core.session import CompanionSession
from app.llm.errors import EngineError
from app.llm.types import Completion, GenerationRequest, Priority, SavedState
from app.store import StoreError

log = logging.getLogger(__name__)


class MaintenanceScheduler:
    """Schedules the companion's background memory work; ``on_prefix_changed`` follows each fold."""

    def __init__(
        self,
        session: CompanionSession,
        worker: Worker,
        jobs: BackgroundJobs,
        *,
        busy: Callable[[], bool],
        on_prefix_changed: Callable[[], None],
    ) -> None:
        self._session = session
        self._worker = worker
        self.jobs = jobs
        self._busy = busy
        self._on_prefix_changed = on_prefix_changed
        self.rolling = RollingSummary(session.diary, session.context.assembler, session.context.tail)
        self.digests = Digests(session.diary)
        self.reflector = Reflector(session.diary)
        self._digest_checked: date | None = None
        self._reflected_on: date | None = None
        self.chat_cache = ChatCache(session, self.keep_cache)

    def summarizer(self) -> Summarizer:
        return Summarizer(self._session.model, self.jobs.generate)

    # -- start, rollover, backups ----------------------------------------------------------------
    def at_start(self) -> None:
        """The app is ready: warm the cache (from the one kept at the last close, if it still fits) and make
        the daily backup (digests wait for the first entry)."""
        self.schedule_warm(self.chat_cache.restore_request())
        self.back_up()

    def follow_the_date(self) -> None:
        """Follow the date past midnight, before an entry picks the day it belongs to."""
        self._session.follow_the_date()

    def digest_finished_days(self) -> None:
        """Digest the days that ended (once per day, in the background). Called once the entry is stored:
        the background worker drains after this, and its idle hooks (today's opening question) must see
        the day as written in, not as empty."""
        today = self._session.today()
        if self._digest_checked != today:
            self._digest_checked = today
            self._worker.submit(lambda: self._schedule_due_digests(today), key="digests-due")

    def back_up(self) -> None:
        """The daily backup, if the newest one is a day old or missing (rotated by the store)."""
        self._worker.submit(self._back_up, key="backup")

    def _back_up(self) -> None:
        try:
            made = self._session.diary.maybe_backup(self._session.clock())
        except (StoreError, OSError) as exc:  # a full disk must not stop the diary; the next start retries
            log.error("the daily backup failed: %s", type(exc).__name__)
            return
        if made is not None:
            log.info("made the daily backup")

    # -- folds -----------------------------------------------------------------------------------
    def fold_if_due(self, conversation_id: int) -> None:
        """Schedule a fold if the tail outgrew its share. The check counts tokens: when it cannot (the model's
        server went away, the diary cannot be read) it is skipped — the next entry checks again — and never
        fails what called it: an entry already saved would look unsaved, and be saved twice."""
        try:
            due = self._fold_due(conversation_id)
        except (EngineError, StoreError) as exc:
            log.warning("could not check whether to fold: %s", type(exc).__name__)
            return
        if due:
            self.jobs.schedule("summary", lambda: self._fold(conversation_id), key=f"fold-{conversation_id}")

    def _fold_due(self, conversation_id: int) -> bool:
        """The tail since the fold boundary outgrew its share (also when a deleted summary is missing)."""
        context = self._session.context
        snapshot = context.snapshot(conversation_id)
        tail = context.tail(conversation_id, snapshot.boundary)
        return context.assembler.tail_needs_fold(snapshot.stable, tail)

    def _fold(self, conversation_id: int) -> list[Event]:
        stable = self._session.context.snapshot(conversation_id).stable
        boundary = self.rolling.fold(conversation_id, stable, self.summarizer())
        if boundary is None:
            return []
        if self._session.is_open(conversation_id):
            self._on_prefix_changed()
        return [SummaryUpdated(conversation_id, boundary)]

    # -- warm-up ---------------------------------------------------------------------------------
    def schedule_warm(self, saved_state: SavedState | None = None) -> None:
        """Warm the chat cache for the next turn in idle time, after the prompt's stable prefix changed.

        A fold (a new summary), a memory edit or another model changes the system message, and the next
        turn would otherwise evaluate the whole prompt while the person waits (tens of seconds for a 3B
        model on a CPU). Evaluated now, in the background, the next turn pays only for its new message.
        """
        conversation_id = self._session.conversation_id
        self.jobs.schedule(
            "warm", lambda: self._warm(conversation_id, saved_state), key=f"warm-{conversation_id}"
        )

    def _warm(self, conversation_id: int, saved_state: SavedState | None = None) -> list[Event]:
        if not self._session.is_open(conversation_id) or self._busy():
            return []  # the person moved on or is already being answered: that turn warms the cache
        self.jobs.generate(self.warm_request(conversation_id, saved_state))
        return []

    def warm_request(self, conversation_id: int, saved_state: SavedState | None = None) -> GenerationRequest:
        prompt = self._session.context.assemble(conversation_id, "", today=self._session.today())
        return GenerationRequest(
            messages=prompt.messages[:-1],  # system and tail: what the next prompt starts with
            priority=Priority.BACKGROUND,
            slot="chat",
            max_tokens=1,
            label="warm",
            prefill_only=True,
            saved_state=saved_state,
        )

    # -- the chat's cache for the next start -------------------------------------------------------
    def keep_cache(self) -> None:
        """Write the chat's cache for the next start, in the background (after a while idle).

        Not while a reply is being written: the job would only find the model busy, yet show "Getting ready
        for your next message…", and its end would arm the idle timer again — once a minute through a slow
        reply (a 3B model on a laptop CPU). The reply's end arms it anew."""
        if self._busy():
            return
        conversation_id = self._session.conversation_id
        self.jobs.schedule("warm", lambda: self._keep(conversation_id), key="keep-cache")

    def _keep(self, conversation_id: int) -> list[Event]:
        saved_state = self.chat_cache.save_request()
        if saved_state is None or not self._session.is_open(conversation_id) or self._busy():
            return []
        self.chat_cache.kept(self.jobs.generate(self.warm_request(conversation_id, saved_state)))
        return []

    def keep_cache_now(self, timeout: float) -> Completion | None:
        """Write the chat's cache now (closing), waiting at most ``timeout``; None if not written."""
        saved_state = self.chat_cache.save_request()
        if saved_state is None or not self.chat_cache.dirty:
            return None
        request = self.warm_request(self._session.conversation_id, saved_state)
        handle = self._session.model.submit(request)
        try:
            completion = handle.result(timeout)
        except TimeoutError:
            handle.cancel()
            return None
        self.chat_cache.kept(completion)
        return completion

    # -- digests ---------------------------------------------------------------------------------
    def _schedule_due_digests(self, today: date) -> None:
        for day in self.digests.due_days(today):
            self.jobs.schedule("digest", partial(self._daily_job, day), key=f"digest-{day}")
        for day in self.digests.due_weeks(today):
            self.jobs.schedule("digest", partial(self._weekly_job, day), key=f"weekly-{day}")

    def _daily_job(self, day: date) -> list[Event]:
        if not self.digests.daily(day, self.summarizer()):
            return []
        if self._session.settings.reflections_enabled:
            self.jobs.schedule("reflection", self._reflect_job, key="reflect")
        return [DigestWritten("daily", day.isoformat())]

    def _weekly_job(self, day: date) -> list[Event]:
        written = self.digests.weekly(day, self.summarizer())
        return [DigestWritten("weekly", week_scope(day))] if written else []

    def daily_digest_now(self, day: date) -> str:
        """Write the digest of ``day`` now (blocking; the GUI runs it in the background)."""
        text = self.digests.daily(day, self.summarizer())
        if text:
            self._session.emit(DigestWritten("daily", day.isoformat()))
        return text

    def weekly_digest_now(self, day: date) -> str:
        """Write the digest of the ISO week containing ``day`` (blocking)."""
        text = self.digests.weekly(day, self.summarizer())
        if text:
            self._session.emit(DigestWritten("weekly", week_scope(day)))
        return text

    # -- reflections -----------------------------------------------------------------------------
    def on_idle(self) -> None:
        """The memory jobs are done (idle): reflect, if enabled and not yet tried today (DESIGN.md); keep
        the chat's cache for the next start once nothing else happened for a while."""
        self.chat_cache.idle()
        today = self._session.today()
        if (
            self._session.settings.reflections_enabled
            and self._reflected_on != today
            and self.reflector.due(today)
        ):
            self.jobs.schedule("reflection", self._reflect_job, key="reflect")

    def _reflect_job(self) -> list[Event]:
        self._reflected_on = self._session.today()
        return self.reflector.reflect(self.jobs.generate)

    def reflect_now(self) -> list[Event]:
        """Revise the reflections now (blocking), whatever the setting: the person asked for it."""
        events = self.reflector.reflect(self.jobs.generate)
        for event in events:
            self._session.emit(event)
        return events
