"""The model-owner thread: one thread touches llama.cpp, everyone else submits jobs.

llama.cpp contexts are not thread-safe, and a desktop app has many would-be callers (the chat, fact
extraction, summaries, digests). So one daemon thread runs jobs from a priority queue, lowest
``Priority`` first, FIFO within a priority. When an interactive job arrives while a background job
runs, the background job is *pre-empted*: its pre-empt flag aborts it (within a llama.cpp graph node
during prompt processing, between tokens during generation) and it goes back into the queue with its
original sequence number, keeping its handle, its partial output and its KV progress. It completes
later; its caller never notices except in ``total_s``.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.llm.abort_flag import StopRequests
from app.llm.errors import EngineError
from app.llm.priority import MODEL_NICE, lower_this_thread
from app.llm.types import Completion, GenerationRequest, GenerationStats

log = logging.getLogger(__name__)

QUEUED, RUNNING, DONE = "queued", "running", "done"


class Preempted(Exception):
    """Raised by a job runner when the job yielded to a higher-priority one; it will be re-queued."""


@dataclass
class JobProgress:
    """What survives a pre-emption: tokens and text generated so far and the cost accounting."""

    generated: list[int] = field(default_factory=list)
    text: str = ""
    started_at: float | None = None
    first_token_at: float | None = None
    last_token_at: float | None = None
    reused_tokens: int | None = None
    evaluated_tokens: int = 0
    attempts: int = 0
    server_cuts: int = 0  # times a model server ended this job's stream early (``server_stream``)
    stream: Any = None  # generation.TextStream: half-decoded UTF-8 and held-back stop-string text


class Settled:
    """The waiting half of a ``JobHandle``: a completion or an error, set once by whoever runs the job (this
    module's owner thread, or the reader of ``app.llm.model_process``'s child)."""

    _done: threading.Event
    _result: Completion | None
    _error: BaseException | None

    def result(self, timeout: float | None = None) -> Completion:
        if not self._done.wait(timeout):
            raise TimeoutError(f"the model job did not finish within {timeout} s")
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result

    def done(self) -> bool:
        return self._done.is_set()


class Job(Settled):
    """A submitted request; implements ``app.llm.types.JobHandle``."""

    def __init__(self, request: GenerationRequest, prompt_tokens: list[int], seq: int) -> None:
        self.request = request
        self.prompt_tokens = prompt_tokens
        self.seq = seq
        self.progress = JobProgress()
        # Both also set one byte that llama.cpp reads inside a prompt batch without Python's lock.
        self.stop_requests = StopRequests()
        self.cancel_requested: threading.Event = self.stop_requests.cancel
        self.preempt_requested: threading.Event = self.stop_requests.preempt
        self._state = QUEUED
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._result: Completion | None = None
        self._error: BaseException | None = None

    @property
    def priority(self) -> int:
        return int(self.request.priority)

    def __lt__(self, other: Job) -> bool:
        return (self.priority, self.seq) < (other.priority, other.seq)

    # -- JobHandle ---------------------------------------------------------------------------------
    def cancel(self) -> None:
        with self._lock:
            if self._state == QUEUED:
                self._state = DONE
                self._result = cancelled_completion(self)
                self._done.set()
                return
        self.cancel_requested.set()

    # -- owner side --------------------------------------------------------------------------------
    def try_start(self) -> bool:
        with self._lock:
            if self._state != QUEUED:
                return False
            self._state = RUNNING
            return True

    def requeue(self) -> None:
        with self._lock:
            self._state = QUEUED
            self.preempt_requested.clear()

    def finish(self, completion: Completion | None, error: BaseException | None = None) -> None:
        with self._lock:
            self._state = DONE
            self._result, self._error = completion, error
            self._done.set()


def cancelled_completion(job: Job) -> Completion:
    """The result of a job cancelled before it could run (again): whatever it had produced so far."""
    p = job.progress
    stats = GenerationStats(
        prompt_tokens=len(job.prompt_tokens),
        reused_tokens=p.reused_tokens or 0,
        evaluated_tokens=p.evaluated_tokens,
        completion_tokens=len(p.generated),
    )
    return Completion(text=p.text, stats=stats, finish_reason="cancelled")


class ModelOwner:
    """The queue and the one thread that runs ``run_job`` for each job."""

    def __init__(
        self, run_job: Callable[[Job], Completion], name: str = "hearth-model-owner", nice: int = MODEL_NICE
    ) -> None:
        self._run_job = run_job
        self._nice = nice
        self._heap: list[Job] = []
        self._cond = threading.Condition()
        self._running: Job | None = None
        self._closed = False
        self._seq = itertools.count()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def submit(self, request: GenerationRequest, prompt_tokens: list[int]) -> Job:
        job = Job(request, prompt_tokens, next(self._seq))
        with self._cond:
            if self._closed:
                raise EngineError("The model engine is closed.", "Load a model again.")
            heapq.heappush(self._heap, job)
            running = self._running
            if running is not None and running.priority > job.priority:
                running.preempt_requested.set()
            self._cond.notify()
        return job

    def pending(self) -> int:
        with self._cond:
            return len(self._heap) + (self._running is not None)

    def _next_job(self) -> Job | None:
        with self._cond:
            while True:
                while not self._heap and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return None
                job = heapq.heappop(self._heap)
                if job.try_start():
                    self._running = job
                    return job

    def _loop(self) -> None:
        lower_this_thread(self._nice)  # the window's frames come before the next token
        while (job := self._next_job()) is not None:
            try:
                completion = self._run_job(job)
            except Preempted:
                with self._cond:
                    self._running = None
                    job.requeue()
                    if not self._closed:
                        heapq.heappush(self._heap, job)
                        continue
                job.cancel()
                continue
            except BaseException as exc:  # noqa: BLE001 - the owner thread must survive any job
                log.warning("model job %r failed: %s", job.request.label, type(exc).__name__)
                job.finish(None, exc)
            else:
                job.finish(completion)
            with self._cond:
                self._running = None

    def close(self, timeout: float = 10.0) -> None:
        """Stop the thread: the running job is cancelled, queued jobs finish as cancelled."""
        with self._cond:
            self._closed = True
            queued, self._heap = self._heap, []
            running = self._running
            self._cond.notify_all()
        if running is not None:
            running.cancel_requested.set()
        for job in queued:
            job.cancel()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout)
