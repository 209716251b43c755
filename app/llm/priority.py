"""Background threads yield the CPU to the window: a thread lowers its own scheduling priority.

On a laptop's few cores the model, the embedder and the memory jobs would otherwise take turns with the UI
thread as equals, and a frame waits for them (the UI bench saw 100 ms stalls while the index embedded the
diary). Linux schedules each thread on its own and lets a thread raise its own ``nice`` value
(``setpriority(PRIO_PROCESS, <thread id>)``); threads it starts — llama.cpp's and the embedder's compute
threads — inherit it. Elsewhere, or where it is not allowed, nothing changes.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
import threading
from collections.abc import Callable
from typing import TypeVar, cast

log = logging.getLogger(__name__)
T = TypeVar("T")

# Near the bottom of the range: a nice value weighs a thread's share against the window's (nice 0, weight
# 1024) — nice 3 is 526, a third of a core, and the UI bench's frames waited 12-22 ms for a core behind the
# model's compute threads; nice 15 is 36, and a waking window thread takes the core at once. On an idle
# machine the reply is as fast (tiny model: 68.5 vs 69.1 tokens/s at nice 3 and 15). Where the desktop gives
# each app a scheduling group of its own (systemd app scopes, autogroup), only Hearth's own threads are
# weighed this way; where Hearth shares a group with another busy program, its reply yields more to it
# than at nice 3 — the window's frames are what we chose to keep. The order among them stays. The model's
# Python thread is not lowered: it holds Python's lock, and lowered it kept the window waiting for the lock
# (see ``LoweredCalls``); only its native compute is.
MODEL_NICE = 15  # the model's compute (``LoweredCalls``, llama.cpp's threads): a person waits for the reply
MODEL_OWNER_NICE = 0  # the model's Python thread (batches, sampling, streaming): the window's level
BACKGROUND_NICE = 17  # the controller's workers: turns, budget counts, memory jobs
INDEX_NICE = 19  # re-indexing the diary: the lowest


def lower_this_thread(nice: int) -> None:
    """Make the calling thread ``nice`` steps kinder than it is now (Linux; elsewhere nothing)."""
    if not sys.platform.startswith("linux") or nice <= 0:
        return
    try:
        tid = threading.get_native_id()
        current = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, min(19, current + nice))
    except OSError as exc:  # a sandbox may forbid it: the thread just keeps its priority
        log.debug("thread priority unchanged: %s", type(exc).__name__)


def process_at_least(nice: int) -> None:
    """Make this whole process at least ``nice`` (a child started by a background thread inherited that
    thread's value, which may already be higher, and an unprivileged process cannot lower it back)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        if os.getpriority(os.PRIO_PROCESS, 0) < nice:
            os.setpriority(os.PRIO_PROCESS, 0, nice)
    except OSError as exc:  # a sandbox may forbid it: the process keeps its priority
        log.debug("process priority unchanged: %s", type(exc).__name__)


class LoweredCalls:
    """A thread of its own, at ``nice``, that runs the native calls handed to it while the caller waits.

    Why: a thread's priority is all or nothing, and the model's thread does two kinds of work. Its Python
    code (batches, sampling, the text streamed to the window) holds Python's lock; lowered, another
    program's thread pushes it aside while it holds the lock, and the window's thread waits for it (the UI
    bench saw 19-26 ms frames blocked so, the model's thread between two tokens). Its native compute
    (``llama_decode``) holds no lock and takes a core for milliseconds: that is what must yield to the
    window. An unprivileged thread cannot raise its priority back, so the compute gets a thread of its own,
    lowered once; llama.cpp's worker threads, created by the thread that calls it, inherit its value. The
    hand-over costs two thread wake-ups per call (tens of microseconds beside a token's milliseconds).
    """

    def __init__(self, nice: int, name: str) -> None:
        self._nice = nice
        self._requests: queue.SimpleQueue[Callable[[], object] | None] = queue.SimpleQueue()
        self._replies: queue.SimpleQueue[tuple[object, BaseException | None]] = queue.SimpleQueue()
        self._call_lock = threading.Lock()  # one call in flight: each reply belongs to its caller
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn()`` on the lowered thread and return its result (or raise its exception)."""
        with self._call_lock:
            self._requests.put(fn)
            result, error = self._replies.get()
        if error is not None:
            raise error
        return cast(T, result)

    def close(self, timeout: float = 10.0) -> None:
        self._requests.put(None)
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    def _loop(self) -> None:
        lower_this_thread(self._nice)
        while (fn := self._requests.get()) is not None:
            try:
                self._replies.put((fn(), None))
            except BaseException as exc:  # noqa: BLE001 - handed back to the caller, raised there
                self._replies.put((None, exc))
