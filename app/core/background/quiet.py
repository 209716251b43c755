"""Quiet time: background work steps aside while the window is loading and showing something.

The machine this runs on has a few cores, and the memory workers are Python threads: while one runs a query
or prepares a model job it holds Python's lock and a core, and the window's thread waits for both (the UI
bench traced the daily ritual's views opening beside three busy workers at start-up: 6-7 ms of the window's
own work, then 11-14 ms waiting for a core and the lock). Lowering the workers' priority
(``app.llm.priority``) settles who gets a free core, not who holds the lock. So the window, while it loads a
view's data and draws it, and for a moment after a reply's end, *holds* background work: the memory jobs'
worker and the meaning index's finish the step they are in and start no new one until every hold is released
(figures beside ``app.ui.application.BACKGROUND_HOLD_S``). What a person waits for is never held: the reply,
and the budget gauge's count (its recall at a pause in typing embeds the draft ahead of the send; held, a
reply started 40-50 ms later). Each hold also ends by itself after its ``seconds`` (a stuck window, a long
load), and a worker waits at most ``MAX_WAIT_S`` for one step however many holds follow each other (a
person busy in the window for minutes), so background work is delayed, never stopped.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable

MAX_WAIT_S = 5.0  # the longest a background step waits, held after held


class QuietTime:
    """Holds that keep background workers from starting their next step; thread-safe."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._cond = threading.Condition()
        self._holds: dict[int, float] = {}  # hold id -> when it ends by itself (``clock``)
        self._ids = itertools.count(1)
        self._closed = False
        self._waiting = 0  # threads in ``wait`` now

    def hold(self, seconds: float) -> Callable[[], None]:
        """Hold background work for at most ``seconds``; returns the release (a second call does nothing)."""
        with self._cond:
            hold_id = next(self._ids)
            if not self._closed:
                self._holds[hold_id] = self._clock() + seconds

        def release() -> None:
            with self._cond:
                if self._holds.pop(hold_id, None) is not None:
                    self._cond.notify_all()

        return release

    def close(self) -> None:
        """End every hold, and hold nothing from now on: the workers are being closed and must finish."""
        with self._cond:
            self._closed = True
            self._holds.clear()
            self._cond.notify_all()

    @property
    def held(self) -> bool:
        """Is background work held right now?"""
        with self._cond:
            return self._live_until() is not None

    def wait(self, at_most: float = MAX_WAIT_S) -> None:
        """Background thread: return once nothing holds background work (at once when nothing does), or
        after ``at_most`` seconds of holds."""
        with self._cond:
            self._waiting += 1
            self._cond.notify_all()  # for ``wait_for_waiting``
            give_up = self._clock() + at_most
            try:
                while (until := self._live_until()) is not None and self._clock() < give_up:
                    self._cond.wait(min(until, give_up) - self._clock())
            finally:
                self._waiting -= 1

    def wait_for_waiting(self, threads: int, timeout: float) -> bool:
        """Block until ``threads`` threads wait in ``wait`` (for tests: a worker is held, for sure)."""
        with self._cond:
            return self._cond.wait_for(lambda: self._waiting >= threads, timeout)

    def _live_until(self) -> float | None:
        """When the last live hold ends by itself, or None when none is live (the lapsed are dropped)."""
        now = self._clock()
        for hold_id in [i for i, end in self._holds.items() if end <= now]:
            del self._holds[hold_id]
        return max(self._holds.values(), default=None)
