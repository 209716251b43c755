"""Hearth's own requests never cut its own streams on llama-cpp-python's server.

That server ends a streaming completion as soon as any other request waits for the model
(``interrupt_requests``, on by default), and a token count (``/extras/tokenize``) is such a request. Hearth
counts tokens on several threads — the gauge, the index's counts made ahead, a background job's check that
its prompt fits — while the model owner's thread streams a reply or a background job. So the two take
turns through this gate (QA, session 21: counts already in flight when a reply opened its stream cut it
about one turn in ten through a network hop; counts cut background jobs until they failed):

- **A reply** closes the gate to new counts and waits only for those already talking to the server; the
  counts asked for meanwhile wait until the reply ends (the gauge updates a few seconds late, the reply
  is whole).
- **A background job** (facts, summaries, the prompt's warm-up) yields: a count asked for while it streams
  pre-empts it — the job is sent again from the start afterwards, as when a reply pre-empts it — and it
  starts only when no count waits or runs, so counts asked in a burst do not pre-empt it once each.
- The owner's own thread (listeners of a streamed token) never waits for itself.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from app.llm.owner import Job, Preempted
from app.llm.types import Priority

STOP_CHECK_S = 0.05  # how often a waiting stream looks at its job's Stop and pre-empt flags


class StreamGate:
    """Turns between one stream at a time (the owner's) and short requests on other threads."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._active: Job | None = None  # the job whose stream is open (or about to open)
        self._owner: int | None = None  # the thread streaming it
        self._in_flight = 0  # short requests talking to the server now
        self._waiting = 0  # short requests waiting for a stream to end
        self._closed = False

    @contextmanager
    def request(self) -> Iterator[None]:
        """Around a short request: wait while a job streams (pre-empting a background one)."""
        with self._cond:
            if self._owner == threading.get_ident():
                own = True
            else:
                own = False
                self._waiting += 1
                try:
                    while self._active is not None and not self._closed:
                        if self._active.priority >= int(Priority.BACKGROUND):
                            self._active.preempt_requested.set()
                        self._cond.wait()
                finally:
                    self._waiting -= 1
                self._in_flight += 1
        if own:
            yield
            return
        try:
            yield
        finally:
            with self._cond:
                self._in_flight -= 1
                self._cond.notify_all()

    @contextmanager
    def stream(self, job: Job) -> Iterator[None]:
        """Around ``job``'s stream: a reply shuts out new requests and waits for those in flight; a
        background job waits until none waits or runs. The waits end early when the job is stopped (its
        stream then is not opened) or, for a background job, pre-empted: ``Preempted`` is raised, so a
        reply never waits behind a background job that waits for counts (review, session 21)."""
        with self._cond:
            if job.priority < int(Priority.BACKGROUND):
                self._take(job)
                self._wait(job, lambda: self._in_flight == 0)
            else:
                self._wait(job, lambda: self._in_flight == 0 and self._waiting == 0)
                self._take(job)
        try:
            yield
        finally:
            with self._cond:
                self._active, self._owner = None, None
                self._cond.notify_all()

    def _wait(self, job: Job, ready: Callable[[], bool]) -> None:
        """Under the condition: until ``ready``, the gate closes, or the job is stopped or pre-empted."""
        while not (ready() or self._closed or job.cancel_requested.is_set()):
            if job.preempt_requested.is_set():
                if self._active is job:
                    self._active, self._owner = None, None
                    self._cond.notify_all()
                raise Preempted
            self._cond.wait(STOP_CHECK_S)

    def close(self) -> None:
        """Nothing waits any more (the model is closing: its requests fail on their own)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def _take(self, job: Job) -> None:
        self._active, self._owner = job, threading.get_ident()
