"""A keyboard user (QA, session 23): the calendar shows which day the arrows are on (today's ring too), the
Talk/Write switch shows its focus, Send hands the keyboard back to the message box, and a scrolling dialog
body takes no Tab stop of its own (Tab leaving the facts table: test_ui_memory_panel). Real Qt offscreen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from app.ui.application import apply_theme
from app.ui.calendar_panel import MonthGrid
from app.ui.composer import Composer
from app.ui.small_screens import ScrollPage


def test_the_calendar_marks_the_keyboards_day_even_on_todays_ring(qtbot) -> None:
    grid = MonthGrid()
    qtbot.addWidget(grid)
    grid.resize(7 * 34, grid.sizeHint().height())
    grid.show()
    qtbot.waitExposed(grid)
    grid.move_to(grid.today)
    grid.clearFocus()
    unfocused = grid.grab().toImage()
    grid.setFocus()
    qtbot.waitUntil(grid.hasFocus)
    focused = grid.grab().toImage()
    assert focused != unfocused


def test_send_hands_the_keyboard_back_to_the_message_box(qtbot) -> None:
    composer = Composer()
    qtbot.addWidget(composer)
    composer.show()
    qtbot.waitExposed(composer)
    sent: list[str] = []
    composer.send_requested.connect(sent.append)
    composer.set_text("A quiet evening.")
    composer.send_button.setFocus()
    qtbot.keyClick(composer.send_button, Qt.Key.Key_Space)
    assert sent == ["A quiet evening."]
    qtbot.waitUntil(composer.editor.hasFocus)


def test_the_mode_switch_shows_its_focus(qtbot) -> None:
    apply_theme("light")  # the app's stylesheet, which drops the style's own focus rectangle
    composer = Composer()
    qtbot.addWidget(composer)
    composer.show()
    qtbot.waitExposed(composer)
    button = next(b for b in composer.findChildren(QWidget) if b.objectName() == "modeTalk")
    composer.editor.setFocus()
    before = button.grab().toImage()
    button.setFocus()
    qtbot.waitUntil(button.hasFocus)
    assert button.grab().toImage() != before


def test_a_scrolling_dialog_body_takes_no_tab_stop(qtbot) -> None:
    page = ScrollPage()
    qtbot.addWidget(page)
    assert page.focusPolicy() == Qt.FocusPolicy.NoFocus
