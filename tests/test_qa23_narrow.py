"""QA 23: Hearth at its smallest window sizes (760×480, 800×600) and on a small screen.

With the memory panel docked open at 800 px the chat column was squeezed to about 220 px (the panel held
340 px, the sidebar 220), its bubbles and composer drawn under the dock; at 480 px high the chat column's
panes were drawn over each other; the settings (707 px) and the model manager (642 px) were taller than
an 800×600 screen and were cut or squeezed. The real app on a made-up week (``seed_diary``), offscreen.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QApplication, QPushButton, QVBoxLayout, QWidget

from app.config import ensure_private_dir
from app.store import Fact
from app.ui.application import HearthApp
from app.ui.bridge import CompanionBridge
from app.ui.facts_model import IMPORTANCE, KIND, PINNED, TEXT, FactsTableModel
from app.ui.memory_panel import MIN_WIDTH, MemoryPanel
from app.ui.screenshot_diary import SEEDS
from app.ui.screenshots import seed_diary
from app.ui.small_screens import CHAT_MIN_WIDTH, SCREEN_MARGIN, FlowRow, fit_on_screen
from app.ui.tasks import TaskRunner
from tests.ui_helpers import launcher, quick_settings
from tests.ui_walker import walk

SIDEBAR_MIN = 220  # app.ui.sidebar's own minimum width


@pytest.fixture
def launch(qtbot: Any, data_dir: Path, tiny_engine: Any, language: str) -> Iterator[Any]:
    ensure_private_dir(data_dir)
    seed_diary(data_dir, language=language)
    yield from launcher(qtbot, data_dir, tiny_engine)


def settle() -> None:
    for _ in range(4):  # a layout request posts the next (a dock shown, a minimum raised, a strip hidden)
        QApplication.processEvents()


def _started(qtbot: Any, launch: Any, language: str, size: tuple[int, int]) -> HearthApp:
    hearth = launch(quick_settings(language=language))
    window = hearth.window
    window.resize(*size)
    qtbot.waitUntil(lambda: window.notice_bar.isVisible(), timeout=10_000)  # the tiny model's offer
    qtbot.waitUntil(lambda: bool(window.lookback.strip.cards), timeout=10_000)  # "On this day" has cards
    settle()
    return hearth


def _open_memory(qtbot: Any, hearth: HearthApp, language: str) -> None:
    """As a person does (View ▸ Memory about you), asking for the 400 px the screenshots give it."""
    window = hearth.window
    window.actions_["memory"].trigger()
    window.resizeDocks([window.memory_dock], [400], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: window.memory_panel.model.rowCount() == len(SEEDS[language].facts),
                    timeout=10_000)
    settle()


def _in_window(window: QWidget, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def _overlapping(column: QVBoxLayout) -> list[str]:
    """Pairs of neighbouring shown panes of the chat column that are drawn over each other."""
    shown = [column.itemAt(i).widget() for i in range(column.count())]
    shown = [w for w in shown if w is not None and not w.isHidden()]
    return [f"{type(a).__name__} over {type(b).__name__}" for a, b in zip(shown, shown[1:], strict=False)
            if a.geometry().bottom() >= b.geometry().top()]


def test_at_800_the_chat_keeps_its_width_beside_the_memory_panel(qtbot: Any, launch: Any,
                                                                  language: str) -> None:
    hearth = _started(qtbot, launch, language, (800, 600))
    window = hearth.window
    _open_memory(qtbot, hearth, language)
    assert window.width() == 800  # the three panes fit the window as it is
    assert window.chat_view.width() >= CHAT_MIN_WIDTH
    assert window.sidebar.width() >= SIDEBAR_MIN
    dock, centre = _in_window(window, window.memory_dock), _in_window(window, window.centre)
    assert dock.width() >= MIN_WIDTH and dock.left() > centre.right()  # side by side, not on top
    assert dock.right() <= window.width()
    assert not _overlapping(window.column)
    _untranslated, clipped = walk(window.memory_panel)  # buttons wrapped, hints shortened: nothing cut
    assert not clipped, "\n".join(clipped)
    panel = window.memory_panel
    assert panel.view.isColumnHidden(IMPORTANCE) and not panel.view.isColumnHidden(TEXT)
    assert panel.filter_edit.placeholderText() == panel.filter_edit.hints()[-1]  # the short one fits


def test_a_760_window_widens_for_the_memory_panel_and_narrows_again(qtbot: Any, launch: Any,
                                                                     language: str) -> None:
    hearth = _started(qtbot, launch, language, (760, 600))
    window = hearth.window
    assert window.width() == 760
    _open_memory(qtbot, hearth, language)
    assert 760 < window.width() <= 800  # as little as the panes need, within an 800 px screen
    assert window.chat_view.width() >= CHAT_MIN_WIDTH
    assert window.minimumWidth() == window.width()
    window.memory_dock.hide()
    settle()
    assert window.width() == 760 and window.minimumWidth() == 760
    assert window.chat_view.width() > CHAT_MIN_WIDTH


def test_a_floating_memory_panel_takes_no_room_from_the_window(qtbot: Any, launch: Any,
                                                               language: str) -> None:
    hearth = _started(qtbot, launch, language, (760, 600))
    window = hearth.window
    _open_memory(qtbot, hearth, language)
    window.memory_dock.setFloating(True)
    settle()
    assert window.minimumWidth() == 760


def test_at_480_high_the_chat_column_panes_are_not_drawn_over_each_other(qtbot: Any, launch: Any,
                                                                         language: str) -> None:
    hearth = _started(qtbot, launch, language, (760, 480))
    window = hearth.window
    window.notice_bar.close_button.click()  # "Not now": with it, the column needs more (see ChatRoom)
    settle()
    strip = window.lookback.strip
    assert window.size() == QSize(760, 480)
    assert strip.isVisible() != strip.squeezed  # "On this day" steps aside if it has no room
    assert window.centre.height() >= window.centre.minimumSizeHint().height()
    assert not _overlapping(window.column)
    window.resize(760, 700)  # room again: the strip comes back
    settle()
    assert strip.isVisible() and not strip.squeezed
    assert not _overlapping(window.column)


def test_the_settings_scroll_on_a_short_screen_with_save_in_view(qtbot: Any, launch: Any,
                                                                  language: str) -> None:
    hearth = _started(qtbot, launch, language, (800, 600))
    dialog = hearth.open_settings()
    qtbot.waitExposed(dialog)
    dialog.resize(dialog.width(), 480)
    settle()
    body = dialog.page.widget()
    assert dialog.height() == 480
    assert dialog.page.verticalScrollBar().maximum() > 0  # the groups scroll ...
    assert body.height() >= body.minimumSizeHint().height()  # ... rather than squeeze
    buttons = _in_window(dialog, dialog.buttons)
    assert buttons.bottom() < dialog.height()  # Save and Cancel stay in view
    _untranslated, clipped = walk(dialog)
    assert not clipped, "\n".join(clipped)
    dialog.close()


def test_the_model_manager_scrolls_on_a_short_screen_and_keeps_its_offer_whole(qtbot: Any, launch: Any,
                                                                              language: str) -> None:
    hearth = _started(qtbot, launch, language, (800, 600))
    dialog = hearth.open_model_manager()
    qtbot.waitExposed(dialog)
    hearth.runner.wait_idle()
    for size in ((800, 600), (760, 480)):
        dialog.resize(*size)
        settle()
        assert dialog.size() == QSize(*size)
        card = dialog.first_run_card
        assert card.isVisible() and card.height() >= card.heightForWidth(card.width())  # its text whole
        body = dialog.page.widget()
        assert body.height() >= body.minimumSizeHint().height()
        assert dialog.catalog_view.height() >= dialog.catalog_view.sizeHint().height()  # both models shown
        _untranslated, clipped = walk(dialog)
        assert not clipped, f"{size}: " + "\n".join(clipped)
    dialog.close()


# -- the parts, alone -------------------------------------------------------------------------------


def test_a_flow_row_wraps_its_buttons_instead_of_cutting_them(qtbot: Any) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    row = FlowRow(host, spacing=6)
    row.setContentsMargins(0, 0, 0, 0)
    buttons = [QPushButton(text) for text in ("Pin", "Show message", "Delete…")]
    for button in buttons:
        row.addWidget(button)
    one_line = row.sizeHint()
    assert row.heightForWidth(one_line.width()) == max(b.sizeHint().height() for b in buttons)
    assert row.minimumSize().width() == max(b.minimumSizeHint().width() for b in buttons)
    narrow = max(b.sizeHint().width() for b in buttons) + 2
    host.resize(narrow, row.heightForWidth(narrow))
    host.show()
    settle()
    tops = sorted({b.y() for b in buttons})
    assert len(tops) == 3  # one a line
    for button in buttons:
        assert button.width() == button.sizeHint().width() and button.geometry().right() < narrow


def test_a_right_flow_row_packs_to_the_right(qtbot: Any) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    row = FlowRow(host, right=True, spacing=6)
    row.setContentsMargins(0, 0, 0, 0)
    button = QPushButton("Add")
    row.addWidget(button)
    host.resize(300, 40)
    host.show()
    settle()
    assert button.geometry().right() == 299


def test_a_narrow_memory_panel_hides_columns_and_shortens_its_hints(qtbot: Any) -> None:
    bridge, runner = CompanionBridge(None), TaskRunner()
    panel = MemoryPanel(bridge, runner)
    qtbot.addWidget(panel)
    panel.resize(800, 480)
    panel.show()
    settle()
    assert not panel.view.isColumnHidden(IMPORTANCE) and not panel.view.isColumnHidden(KIND)
    assert panel.filter_edit.placeholderText() == panel.filter_edit.hints()[0]
    one_line = {panel.pin_button.y(), panel.source_button.y(), panel.delete_button.y()}
    assert len(one_line) == 1
    assert panel.minimumWidth() == MIN_WIDTH
    panel.resize(MIN_WIDTH, 480)
    settle()
    assert panel.view.isColumnHidden(IMPORTANCE) and panel.view.isColumnHidden(KIND)
    assert not panel.view.isColumnHidden(PINNED) and not panel.view.isColumnHidden(TEXT)
    assert panel.add_edit.placeholderText() == panel.add_edit.hints()[-1]
    _untranslated, clipped = walk(panel)
    assert not clipped, "\n".join(clipped)
    for button in (panel.pin_button, panel.source_button, panel.delete_button, panel.add_button):
        assert button.geometry().right() < panel.width()


def test_the_facts_tooltip_says_the_importance_its_hidden_column_showed(qtbot: Any) -> None:
    model = FactsTableModel()
    when = datetime(2026, 12, 5, 21, 0)
    model.set_facts([Fact(id=1, text="Has a dog", importance=4, created_at=when, updated_at=when)])
    tip = model.index(0, TEXT).data(Qt.ItemDataRole.ToolTipRole)
    assert "Importance 4 of 5" in tip


def test_a_dialog_opens_no_taller_than_its_screen(qtbot: Any) -> None:
    dialog = QWidget()
    qtbot.addWidget(dialog)
    screen = dialog.screen().availableGeometry()
    fit_on_screen(dialog, QSize(700, screen.height() + 300))
    assert dialog.size() == QSize(700, screen.height() - SCREEN_MARGIN)
    fit_on_screen(dialog, QSize(700, 400))
    assert dialog.size() == QSize(700, 400)
