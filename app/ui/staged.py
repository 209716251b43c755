"""Long UI-thread work cut into event-loop slices, so no single step keeps the loop busy for a frame.

Qt paints, reads input and delivers timers only between the slots it runs; a window built (or a day of
bubbles measured) in one go is a frozen frame. ``StagedBuild`` runs a list of steps one per event-loop turn
(``QTimer.singleShot(0)``: every pending event — a paint, a key, a timer — is handled between two steps);
``sliced`` runs one function over many items, as many per turn as fit in a time budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

T = TypeVar("T")
SLICE_MS = 6.0  # work per turn: well under a 16 ms frame, leaving room for the paint that follows


class StagedBuild:
    """Runs ``steps`` in order — all at once (``run_all``) or one per event-loop turn (``start``) — then
    ``done``. With ``owner``, the steps end quietly once the owner is deleted (a dialog closed meanwhile)."""

    def __init__(self, steps: Sequence[Callable[[], None]], done: Callable[[], None], *,
                 owner: QObject | None = None) -> None:
        self._steps = list(steps)
        self._done = done
        self._owner = owner

    def run_all(self) -> None:
        while self._steps:
            self._steps.pop(0)()
        self._done()

    def start(self) -> None:
        _later(self._next, self._owner)

    def _next(self) -> None:
        if not self._steps:
            self._done()
            return
        self._steps.pop(0)()
        _later(self._next, self._owner)


def sliced(items: Iterable[T], work: Callable[[T], object], then: Callable[[], None], *,
           owner: QObject | None = None, budget_ms: float = SLICE_MS) -> Callable[[], None]:
    """Apply ``work`` to every item, at most ``budget_ms`` of it per event-loop turn, then call ``then``.

    Returns a function that cancels what is left (a newer request made it stale): ``then`` is not called.
    With ``owner``, a deleted owner also ends it quietly."""
    pending = list(items)
    pending.reverse()
    cancelled = [False]

    def turn() -> None:
        if cancelled[0]:
            return
        deadline = time.perf_counter() + budget_ms / 1000
        while pending and time.perf_counter() < deadline:
            work(pending.pop())
        if pending:
            _later(turn, owner)
        else:
            then()

    def cancel() -> None:
        cancelled[0] = True

    turn()
    return cancel


def _later(fn: Callable[[], None], owner: QObject | None) -> None:
    if owner is None:
        QTimer.singleShot(0, fn)
    else:
        QTimer.singleShot(0, owner, fn)


def show_next_turn(widget: QWidget) -> None:
    """Show a just-built window on the next event-loop turn: building it and laying it out (polish, sizes,
    the first layout) are then two slices, not one long one. Closed (deleted) meanwhile: not shown."""
    QTimer.singleShot(0, widget, widget.show)
