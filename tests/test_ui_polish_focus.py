"""Where the keyboard is when the window opens and when a day is opened: in the message box, ready to write
(not in the search box, the first field of the window's tab order)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui_helpers import Launcher, click_row, launcher, seed_days, wait_ready


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def test_the_window_opens_with_the_message_box_focused(qtbot, launch) -> None:
    window = launch().window
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.composer.editor)
    assert not window.sidebar.search_box.hasFocus()


def test_a_staged_start_also_focuses_the_message_box(qtbot, launch) -> None:
    window = launch(staged=True).window
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.composer.editor)


def test_opening_another_day_gives_the_message_box_the_keyboard(qtbot, launch, data_dir: Path) -> None:
    seed_days(data_dir, {2: [("user", "A walk by the river with Pepper.")]})
    hearth = launch()
    window = hearth.window
    window.activateWindow()
    window.sidebar.days_view.setFocus()
    qtbot.waitUntil(window.sidebar.days_view.hasFocus)
    row = next(r for r, e in enumerate(window.sidebar.days.entries) if "river" in e.detail)
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000):
        click_row(qtbot, window.sidebar.days_view, row)
    qtbot.waitUntil(window.composer.editor.hasFocus)


def test_a_day_opening_leaves_the_search_box_alone(qtbot, launch, data_dir: Path) -> None:
    """The companion's arrival opens today again: whoever already typed into the search box keeps it."""
    hearth = launch(wait=False)
    window = hearth.window
    window.activateWindow()
    window.focus_search()
    qtbot.waitUntil(window.sidebar.search_box.hasFocus)
    wait_ready(qtbot, hearth)
    assert window.sidebar.search_box.hasFocus()
