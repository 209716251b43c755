"""QA 24: in an 800 px window the sidebar is 260 px wide (220 with the memory panel open), and a long day
title — a day of another year in Russian, "Понедельник, 29 сентября 2025" — was cut at the row's edge with
no "…". Now the title is elided like the line under it, and the row's tooltip has both whole. The real app
in Russian on a real diary, painted by the list's own delegate at the width the list has. Real Qt
offscreen, the real tiny model."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem

from app.ui.sidebar import EntryDelegate, SidebarEntry
from tests.ui_helpers import launcher, quick_settings, seed_days

SEPTEMBER, MONDAY = 9, 0  # the longest Russian month ("сентября") and weekday ("понедельник") of a title
FIRST_LINE = "Долгая прогулка вдоль реки с Машей и собакой, потом чай у бабушки в Казани до позднего вечера"


class TextPainter(QPainter):
    """A painter that notes every text it draws, with the font it drew it in."""

    def __init__(self, image: QImage) -> None:
        super().__init__(image)
        self.texts: list[tuple[str, QFont]] = []

    def drawText(self, *args: object) -> None:  # type: ignore[override]
        self.texts.append((str(args[-1]), QFont(self.font())))
        super().drawText(*args)  # type: ignore[call-overload]


def a_long_titled_day(today: date) -> int:
    """How many days ago a Monday of September of an earlier year was (its title has the year too)."""
    ago = 370
    while not ((day := today - timedelta(days=ago)).month == SEPTEMBER and day.weekday() == MONDAY):
        ago += 1
    return ago


@pytest.fixture
def launch(qtbot: Any, data_dir: Path, tiny_engine: Any, russian: None) -> Iterator[Any]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def painted(view: Any, row: int) -> list[tuple[str, QFont]]:
    """What the list's delegate paints for ``row`` at the width the list gives its rows."""
    delegate = view.itemDelegate()
    assert isinstance(delegate, EntryDelegate)
    index = view.model().index(row, 0)
    option = QStyleOptionViewItem()
    option.initFrom(view)
    option.rect = QRect(0, 0, view.visualRect(index).width(), view.visualRect(index).height())
    image = QImage(option.rect.size(), QImage.Format.Format_ARGB32)
    painter = TextPainter(image)
    try:
        delegate.paint(painter, option, index)
    finally:
        painter.end()
    return painter.texts


def test_a_long_day_title_is_elided_at_800_px_and_whole_in_the_tooltip(qtbot: Any, launch: Any,
                                                                       data_dir: Path) -> None:
    ago = a_long_titled_day(date.today())
    seed_days(data_dir, {ago: [("user", FIRST_LINE)]})
    hearth = launch(quick_settings(language="ru"))
    window = hearth.window
    window.resize(800, 600)
    view, days = window.sidebar.days_view, window.sidebar.days
    qtbot.waitUntil(lambda: any(entry.detail == FIRST_LINE for entry in days.entries), timeout=10_000)
    qtbot.waitUntil(lambda: window.width() == 800 and window.sidebar.width() <= 260)
    row = next(n for n, entry in enumerate(days.entries) if entry.detail == FIRST_LINE)
    entry: SidebarEntry = days.entries[row]
    assert entry.title.startswith("Понедельник") and "сентября" in entry.title

    (title, bold), *detail = painted(view, row)
    room = view.visualRect(days.index(row)).width() - 2 * EntryDelegate.PAD_H
    assert QFontMetrics(bold).horizontalAdvance(entry.title) > room  # whole, it would run past the row
    assert title.endswith("…") and entry.title.startswith(title[:-1])
    assert QFontMetrics(bold).horizontalAdvance(title) <= room
    assert "".join(text for text, _font in detail).endswith("…")  # the first line, as before

    tooltip = days.index(row).data(Qt.ItemDataRole.ToolTipRole)
    assert tooltip == f"{entry.title}\n{FIRST_LINE}"
