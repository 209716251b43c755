"""Dates as the interface's language writes them, and never in a numeric order a reader could take the
wrong way round: the calendar's weekday heads, the charts' axis, the "Remembered" menu, the week's title."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from PySide6.QtGui import QFontMetrics

from app.core.events import RememberedEntry
from app.ui.calendar_panel import MonthGrid, weekday_names
from app.ui.charts import axis_dates
from app.ui.i18n import remove_translators
from app.ui.remembered_line import entry_text
from app.ui.weekly_review import week_title

MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 7]


@pytest.fixture
def english(qapp: Any) -> Iterator[None]:
    remove_translators(qapp)
    yield


def test_calendar_heads_are_short_day_names(russian: None) -> None:
    assert weekday_names(MONDAY_FIRST) == ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]


def test_calendar_heads_in_english(english: None) -> None:
    assert weekday_names(MONDAY_FIRST) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def test_the_grid_falls_back_to_one_letter_only_where_three_do_not_fit(qtbot, russian: None) -> None:
    grid = MonthGrid()
    qtbot.addWidget(grid)
    metrics = QFontMetrics(grid.font())
    grid.resize(7 * 34, grid.sizeHint().height())  # the sidebar's calendar at 1024×700
    assert grid.column_heads(metrics)[0] in {"Пн", "Вс"}
    grid.resize(7 * 8, grid.sizeHint().height())
    assert all(len(head) == 1 for head in grid.column_heads(metrics))


def test_chart_axis_names_the_month(english: None) -> None:
    today = date(2026, 7, 20)
    assert axis_dates(date(2026, 6, 10), date(2026, 7, 9), today) == ("10 Jun", "9 Jul")
    assert axis_dates(date(2025, 12, 1), date(2026, 1, 9), today) == ("1 Dec 2025", "9 Jan 2026")
    assert axis_dates(date(2025, 3, 1), date(2025, 4, 9), today) == ("1 Mar 2025", "9 Apr 2025")


def test_chart_axis_in_russian(russian: None) -> None:
    today = date(2026, 7, 20)
    assert axis_dates(date(2026, 6, 10), date(2026, 7, 9), today) == ("10 июн.", "9 июл.")
    assert axis_dates(date(2025, 12, 1), date(2026, 1, 9), today) == ("1 дек. 2025", "9 янв. 2026")


def remembered(day: date) -> RememberedEntry:
    return RememberedEntry(1, 1, day, "user", "Nora finally moved")


def test_the_remembered_menu_writes_dates_as_the_day_header_does(english: None) -> None:
    assert entry_text(remembered(date(2026, 12, 4))) == "Fri, 4 Dec 2026 · you: Nora finally moved"


def test_the_remembered_menu_in_russian(russian: None) -> None:
    assert entry_text(remembered(date(2026, 12, 4))).startswith("пт, 4 дек. 2026 · ")


def test_the_week_is_titled_by_its_days(english: None) -> None:
    assert week_title(date(2026, 11, 30), date(2026, 12, 6)) == "Week of 30 November – 6 December 2026"
    assert week_title(date(2026, 12, 7), date(2026, 12, 13)) == "Week of 7 – 13 December 2026"
    assert week_title(date(2025, 12, 29), date(2026, 1, 4)) == "Week of 29 December 2025 – 4 January 2026"


def test_the_week_title_in_russian(russian: None) -> None:
    assert week_title(date(2026, 11, 30), date(2026, 12, 6)).endswith("30 ноября – 6 декабря 2026")
    assert week_title(date(2026, 12, 7), date(2026, 12, 13)).endswith("7 – 13 декабря 2026")
    assert week_title(date(2025, 12, 29), date(2026, 1, 4)).endswith("29 декабря 2025 – 4 января 2026")
