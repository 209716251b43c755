"""Background memory jobs of the controller: queued on one worker, reported as events, cancelled on close.

Facts, folds, digests and reflections all run the same way: one at a time on the ``hearth-background``
worker, each announced by ``JobStarted`` and closed by ``JobFinished`` or ``JobFailed`` (a failed job is
reported, never fatal), and each model request runs to its end through ``generate`` (the engine pre-empts
and re-queues it when the person sends). Kept apart from ``Companion`` so the controller reads as the turn
and the memory it schedules, not as the plumbing of a job runner.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable

from app.core.background.worker import Worker
from app.core.errors import CoreError
from app.core.events import Event, JobFailed, JobFinished, JobStarted
from app.core.memory.summary import JobCancelled
from app.llm.errors import EngineError
from app.llm.types import Completion, GenerationRequest, JobHandle, LanguageModel
from app.store import StoreError

log = logging.getLogger(__name__)

JOB_LABELS = {
    "facts": "Remembering…",
    "summary": "Summarizing earlier messages…",
    "digest": "Writing the day's digest…",
    "reflection": "Reflecting…",
    "warm": "Getting ready for your next message…",
    "opening": "Thinking of a question for today…",
}

Work = Callable[[], list[Event] | None]


class BackgroundJobs:
    """Schedules memory jobs on ``worker`` and runs their model requests on ``model()``."""

    def __init__(
        self,
        worker: Worker,
        model: Callable[[], LanguageModel],
        emit: Callable[[Event], None],
        closed: threading.Event,
    ) -> None:
        self._worker = worker
        self._model = model
        self._emit = emit
        self._closed = closed
        self._job_ids = itertools.count(1)
        self._handle: JobHandle | None = None

    def schedule(self, kind: str, work: Work, key: str | None = None) -> None:
        """Queue ``work`` (not twice under one ``key``); its events are emitted when it succeeds."""
        if self._closed.is_set():
            return
        job_id = next(self._job_ids)
        self._worker.submit(lambda: self._run(job_id, kind, work), key=key)

    def _run(self, job_id: int, kind: str, work: Work) -> None:
        if self._closed.is_set():
            return
        self._emit(JobStarted(job_id, kind, JOB_LABELS.get(kind, "Working…")))
        try:
            events = work() or []
        except JobCancelled:
            self._emit(JobFailed(job_id, kind, "Cancelled.", ""))
            return
        except (CoreError, StoreError, EngineError) as exc:  # typed: its words say what happened, what to do
            self._emit(JobFailed(job_id, kind, str(exc), exc.hint))
            return
        except Exception as exc:  # noqa: BLE001 - a failed job is reported, never fatal
            log.error("background job %s failed: %s", kind, type(exc).__name__)  # no text: privacy
            self._emit(JobFailed(job_id, kind, f"It failed unexpectedly ({type(exc).__name__}).", ""))
            return
        for event in events:
            self._emit(event)
        self._emit(JobFinished(job_id, kind))

    def generate(self, request: GenerationRequest) -> Completion:
        """Run one request to the end; ``JobCancelled`` if the app closes or the engine cancels it."""
        if self._closed.is_set():
            raise JobCancelled()
        handle = self._model().submit(request)
        self._handle = handle
        try:
            completion = handle.result()
        finally:
            self._handle = None
        if completion.finish_reason == "cancelled":
            raise JobCancelled()
        return completion

    def cancel_running(self) -> None:
        """Cancel the request in flight (closing); queued jobs see ``closed`` and do nothing."""
        handle = self._handle
        if handle is not None:
            handle.cancel()
