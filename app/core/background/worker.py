"""Worker threads of the controller: one for replies, one for background jobs, one idle counter for both.

Replies and background jobs run on their own threads (never the GUI's). Each worker runs its tasks one at a
time in order; a task with a key is not queued twice (two folds of one conversation would be wasted work).
``Activity`` counts every queued or running task of both workers, so ``wait_idle`` means "no reply and no
background job pending" — a reply schedules its background jobs before it counts itself done.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable

from app.core.background.quiet import QuietTime
from app.llm.priority import BACKGROUND_NICE, lower_this_thread

log = logging.getLogger(__name__)


class Activity:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending = 0

    def add(self) -> None:
        with self._cond:
            self._pending += 1

    def done(self) -> None:
        with self._cond:
            self._pending -= 1
            self._cond.notify_all()

    @property
    def pending(self) -> int:
        with self._cond:
            return self._pending

    def wait_idle(self, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._pending:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
            return True


class Worker:
    """A thread running submitted callables in order; exceptions go to ``on_error``, never kill it.

    ``on_drained`` runs on the worker after a task that left the queue empty: the hook for work that
    should happen "when idle" (reflections), without a timer or a polling thread. With ``quiet``, a task
    starts only when the window holds no background work (``app.core.background.quiet``).
    """

    def __init__(
        self,
        name: str,
        activity: Activity,
        on_error: Callable[[BaseException], None],
        on_drained: Callable[[], None] | None = None,
        nice: int = BACKGROUND_NICE,
        quiet: QuietTime | None = None,
    ) -> None:
        """``nice``: how much kinder than the window the thread is (``app.llm.priority``)."""
        self._nice = nice
        self._quiet = quiet
        self._activity = activity
        self._on_error = on_error
        self._on_drained = on_drained
        self._queue: queue.Queue[tuple[Callable[[], None], str | None] | None] = queue.Queue()
        self._keys: set[str] = set()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def submit(self, task: Callable[[], None], key: str | None = None) -> bool:
        with self._lock:
            if key is not None:
                if key in self._keys:
                    return False
                self._keys.add(key)
            self._activity.add()
        self._queue.put((task, key))
        return True

    def _loop(self) -> None:
        lower_this_thread(self._nice)  # the window's frames come first
        while (item := self._queue.get()) is not None:
            task, key = item
            if self._quiet is not None:
                self._quiet.wait()  # its key still taken: the same task asked for meanwhile is not queued
            with self._lock:
                if key is not None:
                    self._keys.discard(key)
            try:
                task()
                if self._on_drained is not None and self._queue.empty():
                    self._on_drained()  # still counted as active, so wait_idle also waits for what it queues
            except BaseException as exc:  # noqa: BLE001 - reported, the worker lives on
                log.error("a %s task failed: %s", self._thread.name, type(exc).__name__)  # no text: privacy
                self._on_error(exc)
            finally:
                self._activity.done()

    def close(self, timeout: float = 10.0) -> None:
        self._queue.put(None)
        self._thread.join(timeout)
