"""Work cut into event-loop slices (app.ui.staged) and background threads kinder than the UI thread."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from app.core.background.worker import Activity, Worker
from app.llm.priority import BACKGROUND_NICE
from app.ui.staged import StagedBuild, paint_aside_steps, show_next_turn, show_painted_once, sliced
from tests.ui_helpers import PaintsAfterShow


def test_a_staged_build_runs_one_step_per_event_loop_turn(qtbot) -> None:
    ran: list[str] = []
    build = StagedBuild([lambda: ran.append("a"), lambda: ran.append("b")], lambda: ran.append("done"))
    build.start()
    assert ran == []  # nothing runs inside the caller's slot
    qtbot.waitUntil(lambda: ran == ["a", "b", "done"], timeout=5_000)
    at_once: list[str] = []
    StagedBuild([lambda: at_once.append("a")], lambda: at_once.append("done")).run_all()
    assert at_once == ["a", "done"]


def test_sliced_work_ends_with_then_unless_cancelled(qtbot) -> None:
    done: list[int] = []
    seen: list[int] = []
    sliced(range(50), seen.append, lambda: done.append(1), budget_ms=0.01)
    assert seen == []  # the first slice takes a turn of its own, not the caller's
    qtbot.waitUntil(lambda: done == [1], timeout=5_000)
    assert seen == list(range(50))
    stale: list[int] = []
    cancel = sliced(range(50), lambda _n: None, lambda: stale.append(1), budget_ms=0.0)
    cancel()
    after: list[int] = []
    QTimer.singleShot(0, lambda: after.append(1))  # runs after the cancelled slice's next turn
    qtbot.waitUntil(lambda: after == [1], timeout=5_000)
    assert stale == []


class _Part(QLabel):
    """A label that notes every paint it receives and whether its window was on screen then."""

    def __init__(self, text: str, parent: QWidget, painted: list[tuple[str, bool]]) -> None:
        super().__init__(text, parent)
        self._painted = painted

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        self._painted.append((self.text(), self.window().isVisible()))
        super().paintEvent(event)


def test_a_window_shown_next_turn_has_each_part_drawn_aside_first(qtbot) -> None:
    """Each visible part is painted once, on a turn of its own, while the dialog is still hidden; then it
    is shown. A hidden part is not drawn; a dialog closed meanwhile is never shown."""
    painted: list[tuple[str, bool]] = []
    dialog = QDialog()
    qtbot.addWidget(dialog)
    column = QVBoxLayout(dialog)
    for name in ("first", "second", "hidden"):
        column.addWidget(_Part(name, dialog, painted))
    dialog.findChildren(_Part)[2].hide()
    show_next_turn(dialog)
    assert not dialog.isVisible() and painted == []  # nothing inside the caller's slot
    qtbot.waitUntil(dialog.isVisible, timeout=5_000)
    assert painted[:2] == [("first", False), ("second", False)]
    assert "hidden" not in [name for name, _shown in painted]
    closed, other = QDialog(), QDialog()
    qtbot.addWidget(other)
    show_next_turn(closed)
    closed.deleteLater()  # closed meanwhile: its steps end quietly
    show_next_turn(other)  # as many turns, started after it
    qtbot.waitUntil(other.isVisible, timeout=5_000)


def test_a_tall_part_is_drawn_aside_a_band_per_step(qtbot) -> None:
    """Each band draws only the children it crosses; together the bands draw every child once."""
    painted: list[tuple[str, bool]] = []
    tall = QWidget()
    qtbot.addWidget(tall)
    tall.resize(200, 400)
    top, bottom = _Part("top", tall, painted), _Part("bottom", tall, painted)
    top.setGeometry(0, 10, 200, 30)
    bottom.setGeometry(0, 350, 200, 30)
    steps = paint_aside_steps(tall, band_px=160)
    assert len(steps) == 3  # 0-160, 160-320, 320-400
    steps[0]()
    assert painted == [("top", False)]
    steps[1]()
    assert painted == [("top", False)]  # nothing of it in the middle band
    steps[2]()
    assert painted == [("top", False), ("bottom", False)]


def test_a_window_shown_painted_once_has_no_update_left_to_repaint_it(qtbot) -> None:
    """``show()`` leaves an update posted to every widget it shows; delivered after the platform's expose
    had painted the window, they painted all of it a second time (offscreen: Insights 4-5 ms). Shown by
    ``show_painted_once`` (and so by ``show_next_turn``), none is left once ``show`` returns: the window is
    painted once."""
    dialog = QDialog()
    qtbot.addWidget(dialog)
    body = QWidget(dialog)
    QVBoxLayout(dialog).addWidget(body)
    column = QVBoxLayout(body)
    for n in range(3):
        column.addWidget(QLabel(f"part {n}", body))
    counted = PaintsAfterShow(body)
    show_painted_once(dialog)
    counted.start()
    counted.settle(qtbot)
    assert counted.updates_later == 0 and counted.paints == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice is Linux's")
def test_background_workers_are_kinder_than_the_ui_thread() -> None:
    main = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    seen: list[int] = []
    ready = threading.Event()
    worker = Worker("test-nice", Activity(), lambda _exc: None)
    worker.submit(lambda: (seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id())),
                           ready.set()))
    assert ready.wait(10)
    assert seen == [min(19, main + BACKGROUND_NICE)]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == main  # the caller is untouched
    worker.close()
