"""The one way the GUI does background work (Anki's ``QueryOp``, git-cola's ``RunTask``).

``fn`` runs on a thread pool and must not touch widgets; ``on_done`` / ``on_error`` run on the main
thread, delivered by a queued signal. The runner keeps a reference to every running task (so nothing is
garbage-collected mid-flight) and drops stale results: when several tasks share a ``token_key`` (the
draft's token count, a search), only the newest one's callbacks run — git-cola's
``if token != self._diff_token: return``.

``run(..., background=True)`` is for long work the window does not wait on to draw (loading the model,
a download): it runs on a pool of its own whose threads are as kind to the window as the model's
(``MODEL_NICE``), so on a laptop's two cores it takes turns behind the window's frames rather than beside
them (the UI bench saw frames wait 9-11 ms for a core while the model loaded at the window's priority).
The threads it starts inherit that: the model's owner and the workers lower themselves further from
there. The other tasks (a day's messages, a search) keep the window's priority: the person waits for them.

``run(..., small=True)``: a small write nobody waits on to draw, that must not queue behind that long work
either (the kept words of the message box: a lock waits for them while a model loads or downloads). It is
background work with a one-thread pool of its own, so those writes also stay in order.

``foreground_changed(bool)`` says when the window starts waiting for a task of its own (the first one not
``background``) and when the last one has been delivered: meanwhile the window holds the companion's
background work (``app.core.background.quiet``), so the data it is loading and the drawing after it do
not wait behind a memory worker for Python's lock and a core.

``call_in_main(fn)`` marshals a callable from any thread onto the main thread, for progress callbacks
of long work (a model download reports percent from its worker thread).
"""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QRunnable, Qt, QThreadPool, Signal

from app.llm.priority import MODEL_NICE, lower_this_thread

T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass
class _Task:
    task_id: int
    fn: Callable[[], Any]
    on_done: Callable[[Any], object] | None
    on_error: Callable[[BaseException], object] | None
    token_key: str | None
    token: int
    background: bool = False


class _Runnable(QRunnable):
    """Runs one task on a pool thread and reports back through the runner's queued signal."""

    def __init__(self, runner: TaskRunner, task: _Task) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the runner owns it until the result is delivered
        self._runner = runner
        self._task = task

    def run(self) -> None:
        if self._task.background:
            lower_this_thread(MODEL_NICE)  # this pool's threads only ever run background work
        try:
            result = self._task.fn()
        except BaseException as exc:  # noqa: BLE001 - every failure goes back to the main thread
            self._runner._finished.emit(self._task.task_id, None, exc)
        else:
            self._runner._finished.emit(self._task.task_id, result, None)


class TaskRunner(QObject):
    """Runs callables off the UI thread; results come back on the main thread.

    Signals: ``busy_changed(bool)`` when the first task starts / the last one ends; ``task_failed``
    (the exception) when a task without its own ``on_error`` fails, so the window can show it.
    """

    busy_changed = Signal(bool)
    foreground_changed = Signal(bool)  # the first task the window waits on started / the last one delivered
    task_failed = Signal(object)
    _finished = Signal(int, object, object)
    _call = Signal(object)

    def __init__(self, parent: QObject | None = None, *, max_threads: int = 4) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(max_threads)
        self._background_pool = QThreadPool(self)  # its threads lower themselves: never the window's tasks
        self._background_pool.setMaxThreadCount(2)
        self._small_pool = QThreadPool(self)  # ``small`` background writes: never behind a model's load
        self._small_pool.setMaxThreadCount(1)
        self._ids = itertools.count(1)
        self._running: dict[int, tuple[_Task, _Runnable]] = {}
        self._tokens: dict[str, int] = {}
        self._foreground = 0  # tasks not ``background`` whose result is not delivered yet
        self._finished.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        self._call.connect(self._run_call, Qt.ConnectionType.QueuedConnection)

    def run(
        self,
        fn: Callable[[], T],
        on_done: Callable[[T], object] | None = None,
        on_error: Callable[[BaseException], object] | None = None,
        *,
        token_key: str | None = None,
        background: bool = False,
        small: bool = False,
    ) -> None:
        """Start ``fn`` on the pool. With ``token_key``, an older task's result under that key is dropped;
        ``background``: long work nobody waits on to see the window; ``small``: a short background write on
        a lane of its own (see the module's docstring)."""
        background = background or small
        token = 0
        if token_key is not None:
            token = self._tokens.get(token_key, 0) + 1
            self._tokens[token_key] = token
        task = _Task(next(self._ids), fn, on_done, on_error, token_key, token, background)
        runnable = _Runnable(self, task)
        was_idle = not self._running
        self._running[task.task_id] = (task, runnable)
        if was_idle:
            self.busy_changed.emit(True)
        if not background:
            self._foreground += 1
            if self._foreground == 1:
                self.foreground_changed.emit(True)
        (self._small_pool if small else self._background_pool if background else self._pool).start(runnable)

    def call_in_main(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the main thread soon; safe to call from any thread (e.g. progress reports)."""
        self._call.emit(fn)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    @property
    def foreground_busy(self) -> bool:
        """A task the window waits on (not ``background``) has not delivered its result yet."""
        return bool(self._foreground)

    def pending(self) -> int:
        """How many tasks have not delivered their result yet."""
        return len(self._running)

    def wait_idle(self, timeout: float | None = 30.0) -> bool:
        """Block (processing events) until every task has delivered its result; for tests and shutdown."""
        deadline = None if timeout is None else time.monotonic() + timeout
        app = QCoreApplication.instance()
        while self._running:
            if deadline is not None and time.monotonic() > deadline:
                return False
            self._pool.waitForDone(10)
            self._background_pool.waitForDone(10)
            self._small_pool.waitForDone(1)
            if app is not None:
                app.processEvents()
        return True

    def _deliver(self, task_id: int, result: object, error: object) -> None:
        entry = self._running.pop(task_id, None)
        if entry is None:
            return
        task = entry[0]
        try:
            if task.token_key is not None and self._tokens.get(task.token_key) != task.token:
                return  # a newer task with the same key was started: this result is stale
            if not _alive(task.on_done if error is None else task.on_error):
                return  # its dialog was closed (and deleted) meanwhile: no one to tell (QA: a traceback)
            if isinstance(error, BaseException):
                self._fail(task, error)
            elif task.on_done is not None:
                task.on_done(result)
        finally:
            if not task.background:
                self._foreground -= 1
                if not self._foreground:
                    self.foreground_changed.emit(False)
            if not self._running:
                self.busy_changed.emit(False)

    def _fail(self, task: _Task, error: BaseException) -> None:
        if task.on_error is not None:
            task.on_error(error)
            return
        log.warning("background task failed: %s", type(error).__name__)
        self.task_failed.emit(error)

    def _run_call(self, fn: object) -> None:
        if callable(fn):
            fn()


def _alive(callback: Callable[..., object] | None) -> bool:
    """A callback that is a method of a Qt object (``dialog.set_stats``) whose C++ side still exists."""
    owner = getattr(callback, "__self__", None)
    return not isinstance(owner, QObject) or shiboken6.isValid(owner)
