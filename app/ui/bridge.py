"""Companion events → Qt signals on the main thread.

The ``Companion`` delivers events on worker threads (the model owner, background jobs). Widgets may only
be touched from the main thread, so the bridge's listener does one thing: emit a private signal with a
queued connection. On the main thread it then re-emits the event as ``event`` plus one specific, typed
signal — every public signal of the bridge is emitted on the main thread, so any slot (lambda included)
is safe.

The companion can be swapped (the model finished loading, the model manager picked another model):
``set_companion`` unsubscribes from the old one and drops its late events by a generation number.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, SignalInstance

from app.core import events as ev

if TYPE_CHECKING:  # types only: importing the engine loads llama.cpp, which the window must not wait for
    from app.core.companion import Companion
    from app.llm.loading import RunningModel


class CompanionBridge(QObject):
    """Re-emits a Companion's events as queued Qt signals; holds the current companion."""

    event = Signal(object)  # type: ignore[assignment]  # every event, after the specific signals
    token = Signal(int, str)  # message_id, the new piece of text
    message_added = Signal(object)  # MessageAdded
    message_removed = Signal(object)  # MessageRemoved (e.g. the reply a regeneration replaced)
    conversation_opened = Signal(object)  # ConversationOpened (the person's choice, or a new day began)
    reply_started = Signal(object)  # ReplyStarted
    reply_finished = Signal(object)  # ReplyFinished
    budget = Signal(object)  # BudgetReport
    fact_added = Signal(object)  # FactAdded
    fact_updated = Signal(object)  # FactUpdated
    fact_saved = Signal(object)  # FactSaved: the fact as it now is, after any write
    fact_removed = Signal(object)  # FactRemoved
    summary_updated = Signal(object)  # SummaryUpdated
    digest_written = Signal(object)  # DigestWritten
    job_started = Signal(object)  # JobStarted
    job_finished = Signal(object)  # JobFinished
    job_failed = Signal(object)  # JobFailed
    error = Signal(object)  # ErrorRaised
    remembered = Signal(object)  # Remembered: what recall gave the model for a reply
    index_progress = Signal(object)  # IndexProgress: how much of the diary recall can search by meaning
    opening_prompt = Signal(object)  # OpeningPromptReady: today's opening question changed
    companion_changed = Signal(object)  # the new Companion (or None)

    _incoming = Signal(int, object)

    def __init__(self, companion: Companion | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._companion: Companion | None = None
        self.engine: RunningModel | None = None  # the loaded model engine (the model manager shows its stats)
        self._unsubscribe: Callable[[], None] | None = None
        self._generations = itertools.count(1)
        self._generation = 0
        self._incoming.connect(self._dispatch, Qt.ConnectionType.QueuedConnection)
        self._routes: dict[type[ev.Event], SignalInstance] = {
            ev.TokenStreamed: self.token,
            ev.MessageAdded: self.message_added,
            ev.MessageRemoved: self.message_removed,
            ev.ConversationOpened: self.conversation_opened,
            ev.ReplyStarted: self.reply_started,
            ev.ReplyFinished: self.reply_finished,
            ev.BudgetReport: self.budget,
            ev.FactAdded: self.fact_added,
            ev.FactUpdated: self.fact_updated,
            ev.FactSaved: self.fact_saved,
            ev.FactRemoved: self.fact_removed,
            ev.SummaryUpdated: self.summary_updated,
            ev.DigestWritten: self.digest_written,
            ev.JobStarted: self.job_started,
            ev.JobFinished: self.job_finished,
            ev.JobFailed: self.job_failed,
            ev.ErrorRaised: self.error,
            ev.Remembered: self.remembered,
            ev.IndexProgress: self.index_progress,
            ev.OpeningPromptReady: self.opening_prompt,
        }
        if companion is not None:
            self.set_companion(companion)

    @property
    def companion(self) -> Companion | None:
        """The Companion being shown, or None while the model is still loading."""
        return self._companion

    def set_companion(self, companion: Companion | None) -> None:
        """Listen to ``companion`` instead of the previous one (whose late events are dropped)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._generation = next(self._generations)
        self._companion = companion
        if companion is not None:
            generation = self._generation
            self._unsubscribe = companion.subscribe(lambda e: self._incoming.emit(generation, e))
        self.companion_changed.emit(companion)

    def detach(self) -> None:
        """Stop listening (shutdown)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._generation = next(self._generations)

    def _dispatch(self, generation: int, event: ev.Event) -> None:
        if generation != self._generation:
            return  # from a companion that has since been replaced
        if isinstance(event, ev.TokenStreamed):
            self.token.emit(event.message_id, event.text)
        else:
            signal = self._routes.get(type(event))
            if signal is not None:
                signal.emit(event)
        self.event.emit(event)
