"""QA 24: the context gauge from the keyboard. It took no focus: a screen reader read its numbers, but a
keyboard-only person could not reach the breakdown its tooltip gives a mouse. Now it is a Tab stop (its
place in the window's reading order: test_qa23_tab_order), rings itself in the light and the dark theme while
it has the keyboard, and Space or Enter shows the tooltip's breakdown. Real Qt offscreen, real themes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QToolTip, QWidget

from app.core.events import BudgetReport, Segment
from app.ui.application import apply_theme
from app.ui.gauge import BudgetGauge
from app.ui.theme import current_theme


def a_report() -> BudgetReport:
    segments = (Segment("instructions", 200), Segment("facts", 120, 3), Segment("history", 900),
                Segment("new_message", 40), Segment("reply_reserve", 512))
    return BudgetReport(segments=(*segments, Segment("free", 2324)), n_ctx=4096, free=2324)


@pytest.fixture
def theme_after(qapp: Any) -> Iterator[None]:
    """The theme the test found, applied again after it."""
    before = current_theme(qapp)
    yield
    apply_theme(before)


@pytest.fixture
def gauge(qtbot: Any) -> Iterator[BudgetGauge]:
    """The gauge with a report, beside a widget that had the keyboard before it (as the message box does)."""
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(600, 40)
    made = BudgetGauge(host)
    made.resize(600, 30)
    made.set_report(a_report())
    host.show()
    qtbot.waitExposed(host)
    host.activateWindow()
    yield made
    QToolTip.hideText()


def _focused(qtbot: Any, gauge: BudgetGauge) -> None:
    gauge.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(gauge.hasFocus)


def _ring_pixels(image: QImage, colour: QColor) -> int:
    """Pixels of the ring's colour along the gauge's top edge (its margin: nothing else is drawn there)."""
    found = 0
    for x in range(8, image.width() - 8):
        for y in range(0, 4):
            pixel = image.pixelColor(x, y)
            if abs(pixel.hue() - colour.hue()) < 12 and pixel.saturation() > 90 and pixel.value() > 90:
                found += 1
    return found


def test_the_gauge_is_a_tab_stop_that_a_click_does_not_take_the_keyboard_to(gauge: BudgetGauge) -> None:
    assert gauge.focusPolicy() == Qt.FocusPolicy.TabFocus  # a click stays in the message box


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_gauge_rings_itself_while_it_has_the_keyboard(qtbot: Any, gauge: BudgetGauge, theme_after: None,
                                                          theme: str) -> None:
    apply_theme(theme)
    QApplication.processEvents()
    ring = gauge.palette().color(QPalette.ColorRole.Highlight)
    gauge.clearFocus()
    qtbot.waitUntil(lambda: not gauge.hasFocus())
    assert _ring_pixels(gauge.grab().toImage(), ring) == 0
    _focused(qtbot, gauge)
    width = gauge.width()
    assert _ring_pixels(gauge.grab().toImage(), ring) > width  # the whole top edge, two pixels deep


@pytest.mark.parametrize("key", [Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_space_or_enter_shows_the_tooltips_breakdown(qtbot: Any, gauge: BudgetGauge, key: Qt.Key) -> None:
    _focused(qtbot, gauge)
    assert not QToolTip.isVisible()
    qtbot.keyClick(gauge, key)
    qtbot.waitUntil(QToolTip.isVisible)
    assert QToolTip.text() == gauge.toolTip()
    assert "Memory about you" in QToolTip.text() and "4,096" in QToolTip.text()  # the breakdown itself
    other = gauge.parentWidget()
    assert other is not None
    other.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    other.setFocus()  # Tab away: the breakdown goes with the keyboard
    qtbot.waitUntil(lambda: not QToolTip.isVisible())


def test_the_keypads_enter_shows_it_too(qtbot: Any, gauge: BudgetGauge) -> None:
    _focused(qtbot, gauge)
    qtbot.keyClick(gauge, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    qtbot.waitUntil(QToolTip.isVisible)


def test_other_keys_are_left_to_the_window(qtbot: Any, gauge: BudgetGauge) -> None:
    _focused(qtbot, gauge)
    qtbot.keyClick(gauge, Qt.Key.Key_A)
    qtbot.keyClick(gauge, Qt.Key.Key_Space, Qt.KeyboardModifier.ControlModifier)
    assert not QToolTip.isVisible()
