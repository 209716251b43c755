"""Tab walks the window in reading order (QA, session 23): the sidebar, then the day from its top down to
the message box and the Talk/Write switch. The context gauge (a Tab stop since QA 24) comes between the
conversation and the message box, where it is drawn. Real app, tiny model, Qt offscreen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from app.core.ritual.calendar import on_this_day
from tests.ui_helpers import launcher, seed_days


@pytest.fixture
def launch(qtbot: Any, data_dir: Path, tiny_engine: Any) -> Iterator[Any]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def _walk(qtbot: Any, start: QWidget, steps: int, *, back: bool = False) -> list[QWidget]:
    """The widgets Tab (``back``: Shift+Tab) reaches from ``start``, in order."""
    key, modifier = ((Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier) if back
                     else (Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier))
    start.setFocus()
    qtbot.waitUntil(start.hasFocus)
    seen: list[QWidget] = []
    for _ in range(steps):
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, key, modifier)
        now = QApplication.focusWidget()
        assert now is not None
        seen.append(now)
    return seen


def test_tab_goes_from_the_sidebar_down_the_day_to_the_message_box(qtbot: Any, launch: Any,
                                                                   data_dir: Path) -> None:
    today = date.today()
    a_month_ago = (today - dict(on_this_day(today))["month"]).days
    seed_days(data_dir, {a_month_ago: [("user", "A month ago: rain all day.")],
                         1: [("user", "Yesterday's walk.")]})
    hearth = launch()
    window = hearth.window
    qtbot.waitUntil(lambda: window.lookback.strip.cards != [], timeout=20_000)
    walked = _walk(qtbot, window.sidebar.search_box, 40)
    order: list[QWidget | str] = [
             window.sidebar.today_button, window.lookback.calendar.grid, window.sidebar.days_view,
             window.notice_bar.action_button, window.lookback.mood.dots, "onThisDayCard",  # (made anew)
             window.ritual.card.another_button, window.chat_view, window.gauge, window.composer.editor,
             window.composer.send_button, window.composer.mode_switch.talk_button]
    positions = [_first(walked, widget) for widget in order]
    assert positions == sorted(positions)
    back = _walk(qtbot, window.composer.editor, 3, back=True)
    assert back == [window.composer.attach_button, window.gauge, window.chat_view]  # up the day again


def _first(walked: list[QWidget], wanted: QWidget | str) -> int:
    """Where ``wanted`` (a widget, or the object name of widgets made anew as the day reopens) was reached."""
    if isinstance(wanted, str):
        return next(n for n, widget in enumerate(walked) if widget.objectName() == wanted)
    return walked.index(wanted)
