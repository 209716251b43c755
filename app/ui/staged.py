"""Long UI-thread work cut into event-loop slices, so no single step keeps the loop busy for a frame.

Qt paints, reads input and delivers timers only between the slots it runs; a window built (or a day of
bubbles measured) in one go is a frozen frame. ``StagedBuild`` runs a list of steps one per event-loop turn
(a 1 ms single-shot timer: every pending event — a paint, a key, a timer already due — is handled between
two steps);
``sliced`` runs one function over many items, as many per turn as fit in a time budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TypeVar

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QImage, QRegion
from PySide6.QtWidgets import QWidget

T = TypeVar("T")
SLICE_MS = 4.0  # work per turn: well under a 16 ms frame, leaving room for the paint and a timer that follow
BAND_PX = 160  # a part taller than this is drawn aside a band of this height per turn


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
        later(self._next, self._owner)

    def _next(self) -> None:
        if not self._steps:
            self._done()
            return
        self._steps.pop(0)()
        later(self._next, self._owner)


class Once:
    """Callbacks that wait for something that happens once — a staged build's end: ``then`` runs a callback
    when it happens, in the order asked, or at once if it has (``happened``)."""

    def __init__(self) -> None:
        self.happened = False
        self._waiting: list[Callable[[], None]] = []

    def then(self, callback: Callable[[], None]) -> None:
        if self.happened:
            callback()
        else:
            self._waiting.append(callback)

    def happen(self) -> None:
        self.happened = True
        waiting, self._waiting = self._waiting, []
        for callback in waiting:
            callback()


def sliced(items: Iterable[T], work: Callable[[T], object], then: Callable[[], None], *,
           owner: QObject | None = None, budget_ms: float = SLICE_MS) -> Callable[[], None]:
    """Apply ``work`` to every item, at most ``budget_ms`` of it per event-loop turn — the first on the next
    turn — then call ``then``.

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
            later(turn, owner)
        else:
            then()

    def cancel() -> None:
        cancelled[0] = True

    later(turn, owner)  # not in the caller's slot: it has its own work (a day's items made) in that turn
    return cancel


NEXT_TURN_MS = 1  # a real timer, not 0: a zero single-shot is a posted event, and a chain of them runs
# back to back ahead of every timer already due (a frame's, a person's key repeat); a 1 ms timer takes its
# turn behind them, and the paints the last step asked for happen first.


_waiting: set[Callable[[], None]] = set()  # what ``later`` will run: held here until it has run


def later(fn: Callable[[], None], owner: QObject | None = None) -> None:
    """Run ``fn`` on a later event-loop turn, after the paints and timers already due (``owner`` deleted
    meanwhile: not at all). ``fn`` is held here until then: a timer's callable that nothing else holds (a
    ``StagedBuild`` nobody kept) would be collected before it runs."""

    def run() -> None:
        _waiting.discard(run)
        if owner is None or shiboken6.isValid(owner):
            fn()

    _waiting.add(run)
    QTimer.singleShot(NEXT_TURN_MS, run)


def show_next_turn(widget: QWidget) -> None:
    """Show a just-built window over the next event-loop turns: its style (every child polished: the style
    sheet's rules matched), its layout (sizes, positions), each of its parts drawn aside once, a band per
    turn (see ``paint_aside_steps``), then the window itself, whose first paint then costs what a repaint
    does — a slice per band instead of one long one. Closed (deleted) meanwhile: not shown."""

    def lay_out() -> None:
        layout = widget.layout()
        if layout is not None:
            layout.activate()

    def paint_parts() -> None:
        children = widget.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        parts = [part for part in children if part.isVisibleTo(widget) and not part.isWindow()]
        StagedBuild([step for part in parts for step in paint_aside_steps(part)],
                    partial(show_painted_once, widget), owner=widget).start()

    StagedBuild([widget.ensurePolished, lay_out], paint_parts, owner=widget).start()


def show_painted_once(window: QWidget) -> None:
    """Show ``window`` so that its first paint is its only one.

    ``show()`` posts every widget it shows an "update later" event (Qt's own) and asks the platform to
    expose the window. Whichever arrives first paints the window; when the expose wins (offscreen often, a
    real display sometimes), the window is painted whole, then every widget's update arrives and it is
    painted whole a second time (the main window: 10 ms, Insights: 4-5 ms of one turn). Delivered now, the
    updates only mark the widgets to be drawn, and the expose that follows draws them once."""
    window.show()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.UpdateLater)


def paint_aside(widget: QWidget, band: QRect) -> None:
    """Draw ``band`` of ``widget`` (and of its children) into a scratch image. A widget's first paint is the
    dearest it will have — its style sheet's rules matched, its text laid out, every glyph of every font size
    rasterised — and what it pays once stays cached: drawn aside on a turn of its own, the paint that shows
    it costs what a repaint does."""
    area = band.intersected(widget.rect())
    if area.width() <= 0 or area.height() <= 0:
        return
    scratch = QImage(area.size(), QImage.Format.Format_ARGB32_Premultiplied)
    widget.render(scratch, QPoint(), QRegion(area))


def paint_aside_steps(widget: QWidget, band_px: int = BAND_PX) -> list[Callable[[], None]]:
    """``widget`` drawn aside in horizontal bands, one step each: a tall part (the sidebar with the
    calendar, the chat's bubbles) drawn whole in one turn was 7-13 ms of it; a band draws only the rows and
    children it crosses. At its size now: lay it out first."""
    width, height = widget.width(), widget.height()
    tops = range(0, max(height, 1), band_px)
    return [partial(paint_aside, widget, QRect(0, top, width, min(band_px, height - top))) for top in tops]
