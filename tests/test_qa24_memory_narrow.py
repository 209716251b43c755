"""QA 24: the memory panel at its narrowest (200 px, docked in an 800 px window). "Pin · Show message ·
Delete…" took three lines, one button a line, and a fact's text was cut after two lines (only its tooltip
had the whole). Now "Show message" breaks onto two lines beside "Pin", so the buttons take two lines in
English and in Russian with their labels whole; a fact a narrow row cuts is whole in its tooltip.
The panel itself with facts of known length, real Qt offscreen."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QApplication, QStyle, QWidget

from app.store import Fact
from app.ui.bridge import CompanionBridge
from app.ui.facts_model import TEXT
from app.ui.memory_panel import MIN_WIDTH, MemoryPanel
from app.ui.tasks import TaskRunner
from tests.ui_walker import walk

WHEN = datetime(2026, 12, 5, 21, 0)
LONG_FACTS = {
    "en": "Her sister Maria lives in Kazan and visits every second summer with her two children and Pepper",
    "ru": "Сестра Маша живёт в Казани и приезжает каждое второе лето с двумя детьми и старой собакой Перцем",
}
SHOW_MESSAGE = {"en": "Show &message", "ru": "Показать &сообщение"}


@pytest.fixture
def panel(qtbot: Any, language: str) -> MemoryPanel:
    """The panel at its narrowest, with a long fact and a short one (no companion: nothing is written)."""
    made = MemoryPanel(CompanionBridge(None), TaskRunner())
    qtbot.addWidget(made)
    made.model.set_facts([Fact(id=1, text=LONG_FACTS[language], importance=4, created_at=WHEN,
                               updated_at=WHEN),
                          Fact(id=2, text="Pepper", importance=3, created_at=WHEN, updated_at=WHEN)])
    made.resize(MIN_WIDTH, 600)
    made.show()
    qtbot.waitExposed(made)
    settle()
    return made


def settle() -> None:
    for _ in range(4):  # a button re-wrapped its label: the row is laid out again on the next turn
        QApplication.processEvents()


def lines(buttons: list[QWidget]) -> int:
    """How many lines the buttons are laid out on (a line: buttons whose heights overlap)."""
    count, bottom = 0, -1
    for button in sorted(buttons, key=lambda b: b.y()):
        if button.y() > bottom:
            count += 1
        bottom = max(bottom, button.geometry().bottom())
    return count


def wrapped_lines(view: QAbstractItemView, row: int) -> int:
    """How many lines the fact of ``row`` takes wrapped at its column's width (the style's text margins)."""
    index = view.model().index(row, TEXT)
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    width = view.visualRect(index).width() - 2 * margin
    font = QFont(index.data(Qt.ItemDataRole.FontRole) or view.font())
    metrics = QFontMetrics(font)
    box = metrics.boundingRect(QRect(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), index.data())
    return round(box.height() / metrics.lineSpacing())


def test_the_buttons_take_two_lines_at_200_px_with_their_labels_whole(panel: MemoryPanel,
                                                                      language: str) -> None:
    assert panel.width() == MIN_WIDTH
    buttons: list[QWidget] = [panel.pin_button, panel.source_button, panel.delete_button]
    assert lines(buttons) == 2
    assert panel.source_button.full_text() == SHOW_MESSAGE[language]  # the label kept, not a shorter one
    assert panel.source_button.text().replace("\n", " ") == SHOW_MESSAGE[language]  # broken, not elided
    for button in buttons:
        assert button.geometry().right() < panel.width()
    _untranslated, clipped = walk(panel)
    assert not clipped, "\n".join(clipped)


def test_a_wide_panel_keeps_the_buttons_on_one_line(panel: MemoryPanel) -> None:
    panel.resize(800, 600)
    settle()
    assert lines([panel.pin_button, panel.source_button, panel.delete_button]) == 1
    assert "\n" not in panel.source_button.text()


def test_a_long_fact_is_whole_in_its_tooltip_at_200_px(panel: MemoryPanel, language: str) -> None:
    """Rows keep two lines (as tall as their text cost the window's thread a layout of every fact on each
    change: measured, not kept); what a narrow row cuts, its tooltip has whole."""
    view = panel.view
    row = next(r for r in range(panel.proxy.rowCount()) if panel.proxy.index(r, TEXT).data() != "Pepper")
    assert wrapped_lines(view, row) >= 3  # more than a row shows at 200 px
    assert LONG_FACTS[language] in panel.proxy.index(row, TEXT).data(Qt.ItemDataRole.ToolTipRole)
