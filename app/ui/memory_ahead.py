"""The memory panel made ready while nothing else runs, so that opening it only shows it.

Opening "Memory about you" on a diary of 120 facts stalled the window 16-52 ms (UI bench): in one or two
event-loop turns the panel was built, its facts fetched and sorted into the table, the dock placed twice
(first at the panel's least width, then at its own), everything laid out and drawn for the first time (the
style sheet's rules matched, the table's columns sized to their contents), and the chat beside it laid out
each bubble's text again for its narrower width, twice. Here, once the companion is in on a staged start-up
(the app's), each of those is done on turns of its own while the dock is still hidden: the panel is built,
and placed in the dock on the next turn; its facts are fetched off the UI thread and go into the hidden
table a few a turn (``MemoryPanel``); once they are in, it is laid out at the size the dock will give it (its
narrow-width columns hidden; the short columns have set widths, ``MemoryPanel._fit_columns``); then the day's
bubbles are laid out for the width the chat will have beside it. Opening it costs one layout and paint of
the window (120 facts, offscreen: one turn of 17-20 ms of the window's CPU, where it was turns of 23-25,
24-31 and 8-11 ms; 10-12 ms with the rows drawn on the next turn, as ``MainWindow`` does; 5-6 ms since the
columns are not measured). The UI bench waits for ``ready`` before it opens the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, auto
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QStyle, QWidget

from app.ui.staged import later

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

BUILD_AFTER_MS = 500  # after the companion is in (``_build_when_idle``)


class Stage(Enum):
    """How far ``MemoryAhead`` has readied the panel. It moves down this list (back to ``IDLE`` only if the
    panel was opened before its build), then between the last two: each day shown lays its bubbles out."""

    IDLE = auto()  # nothing readied: not asked yet, or the panel was opened first (and built by that)
    BUILD_DUE = auto()  # the build is on a timer (``BUILD_AFTER_MS``)
    FILLING = auto()  # built, hidden: its facts going in (laid out once in, unless the panel is open then)
    LAID_OUT = auto()  # laid out at the docked size; the day's bubbles not (yet) laid out for the chat
    READY = auto()  # and those bubbles laid out for the chat beside the dock: opening it only shows it


class MemoryAhead(QObject):
    """Gets ``window``'s memory panel ready at idle (``day_shown``): built, filled and laid out
    once, and the day's bubbles laid out for the chat's width beside the dock."""

    def __init__(self, window: MainWindow, *, active: bool = True) -> None:
        """``active``: the app's staged start-up; tests that build the window at once open the panel when
        they need it, and build none ahead."""
        super().__init__(window)
        self.window = window
        self.active = active
        self.stage = Stage.IDLE
        self._cancel_chat: Callable[[], None] = _nothing
        window.bridge.companion_changed.connect(self._on_companion)

    @property
    def ready(self) -> bool:
        """Built, filled, laid out, and the day's bubbles laid out for the docked width (the UI bench waits
        for it)."""
        return self.stage is Stage.READY

    def day_shown(self) -> None:
        """A day's bubbles are on screen: ready the panel (the first time) and those bubbles' text for the
        chat beside it. Nothing while the panel is open (it needs none of it)."""
        if not self.active or self.window.memory_dock.isVisible():
            return
        if not self.window.memory_panel_built:
            self._build_when_idle()
        elif self.stage in (Stage.LAID_OUT, Stage.READY):
            self._lay_out_chat()

    def _on_companion(self, companion: object) -> None:
        """The companion is in: the panel can be readied (if no day shown since has asked for it)."""
        if companion is not None and not self.window.memory_panel_built:
            self.day_shown()

    def _build_when_idle(self) -> None:
        """The panel built ``BUILD_AFTER_MS`` after the companion is in (its facts come from it): built as
        soon as the day showed, early in the start-up, its 9-13 ms turn fell beside the start-up's own
        steps (17-31 ms ticks in the UI bench); by then the companion's arrival has shown the day again."""
        if self.window.bridge.companion is None or self.stage is not Stage.IDLE:
            return
        self.stage = Stage.BUILD_DUE
        QTimer.singleShot(BUILD_AFTER_MS, self, self._build)

    def _build(self) -> None:
        """The panel, on a turn of its own (its facts are fetched off the UI thread, ``_filled`` follows)."""
        if self.window.memory_dock.isVisible() or self.window.memory_panel_built:
            self.stage = Stage.IDLE  # opened meanwhile: built by its opening (no build is asked again)
            return
        self.stage = Stage.FILLING
        # On a turn after the fill's own: together they took one turn of 15 ms (a 21 ms stall at start-up).
        self.window.build_memory_panel().loaded.connect(lambda: later(self._filled, self.window))
        later(self._dock, self.window)  # placed in the dock on a turn of its own (``build_memory_panel``)

    def _dock(self) -> None:
        """The built panel placed in its (hidden) dock: the dock's size hints asked of it, on this turn
        (nothing if the dock was opened meanwhile, which docked it)."""
        self.window.dock_memory_panel()

    def _filled(self) -> None:
        """The facts are in: the panel laid out at the docked size (its narrow-width columns hidden), once,
        then the chat's bubbles on later turns. Not drawn aside: ``QWidget.render`` of a widget
        in the hidden dock lays the window out as if the dock were open and back (the chat column measured
        twice at idle)."""
        panel = self.window.memory_panel
        if self.stage is not Stage.FILLING or self.window.memory_dock.isVisible():
            return  # laid out already (this is a later fetch), or open (a later fetch, hidden, lays it out)
        self.stage = Stage.LAID_OUT
        dock = self.window.memory_dock
        title = dock.sizeHint().height() - panel.sizeHint().height()  # the dock's own bar above the panel
        panel.resize(self._docked_width(), self.window.centre.height() - title)  # as docked beside the chat
        _send_pending_resizes(panel)
        layout = panel.layout()
        if layout is not None:
            layout.activate()
        later(partial(self.window.when_shown, self._lay_out_chat), self.window)

    def _lay_out_chat(self) -> None:
        """The bubbles' text laid out for the chat once the dock takes its room (a few per turn)."""
        self._cancel_chat()
        self.stage = Stage.LAID_OUT
        if self.window.memory_dock.isVisible():
            return
        separator = self.window.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None,
                                                    self.window)
        self._cancel_chat = self.window.chat_view.lay_out_ahead(self._docked_width() + separator, self._ready)

    def _ready(self) -> None:
        self.stage = Stage.READY

    def _docked_width(self) -> int:
        """The dock's width once shown: the panel's own the first time, then what it last had (a hidden dock
        keeps it). A guess that misses only costs the opening what it cost before."""
        dock = self.window.memory_dock
        return dock.width() if self.window.memory_shown_before else dock.sizeHint().width()


def _send_pending_resizes(widget: QWidget) -> None:
    """What Qt sends a hidden widget and its children when first shown (each its size), sent now: the panel
    hides its narrow-width columns and the table sizes its columns to the rows it would show, at idle."""
    for each in (widget, *widget.findChildren(QWidget)):
        if each.testAttribute(Qt.WidgetAttribute.WA_PendingResizeEvent):
            each.setAttribute(Qt.WidgetAttribute.WA_PendingResizeEvent, False)
            QCoreApplication.sendEvent(each, QResizeEvent(each.size(), QSize()))


def _nothing() -> None:
    """Nothing to cancel."""
