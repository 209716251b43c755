"""Wires the calendar, "On this day" and the day's mood into the main window (every query on the window's
``TaskRunner``).

The calendar sits in the sidebar above the day list; clicking a marked day (or pressing Enter on it) opens
that day's conversation, today opens today's page. When a day opens, the entries of a month, six months and
a year before it are offered as cards under the day header, and the day header shows the person's mood for
the day (five steps; only the person sets it).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout

from app.core.ritual.lookback import LookBack, MonthView, PastEntry
from app.store import Conversation
from app.ui.calendar_panel import CalendarPanel, OnThisDayStrip
from app.ui.mood_picker import MoodPicker

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

NOTICE_MS = 4000


class LookBackController(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.calendar = CalendarPanel(window.sidebar)
        self.strip = OnThisDayStrip(window)
        today = date.today()
        self._month = (today.year, today.month)
        cast(QVBoxLayout, window.sidebar.layout()).insertWidget(2, self.calendar)
        self.mood = MoodPicker(window.day_header)
        cast(QHBoxLayout, window.day_header.layout()).addWidget(self.mood)
        self.mood.hide()
        self.mood.mood_chosen.connect(self.set_mood)
        self._day: date | None = None
        self.calendar.month_requested.connect(self.load_month)
        self.calendar.day_activated.connect(self.open_day)
        self.strip.conversation_requested.connect(lambda cid: window.open_conversation(cid))

    def refresh(self) -> None:
        """Reload the month shown (an entry was written or deleted, the diary opened)."""
        self.load_month(*self._month)

    def load_month(self, year: int, month: int) -> None:
        diary = self.window.diary
        if diary is None:
            return
        self._month = (year, month)
        today, first = date.today(), self.window.first_weekday()
        self.window.runner.run(
            lambda: LookBack(diary).month(year, month, today, first),
            lambda view: self._show_month(view, today),
            lambda _exc: None,
            token_key="calendar",
        )

    def _show_month(self, view: MonthView, today: date) -> None:
        self.calendar.set_view(view, today)

    def open_day(self, day: date) -> None:
        """Open the day's conversation; a day without entries says so (today opens today's page)."""
        conversation_id = self.calendar.grid.view.conversations.get(day)
        if conversation_id is not None:
            self.window.open_conversation(conversation_id)
        elif day == date.today():
            self.window.open_today()
        else:
            self.window.status_note.show(lambda: self.tr("Nothing was written on that day."), NOTICE_MS)

    def day_shown(self, conversation: Conversation | None) -> None:
        """A day opened: offer what was written a month, six months and a year before it."""
        day = None if conversation is None else conversation.day
        diary = self.window.diary
        self._day = day
        self.mood.setVisible(day is not None and day <= date.today())
        if day is None or diary is None:
            self.strip.set_entries([])
            return
        self.mood.set_mood(0)
        self.window.runner.run(
            lambda: diary.moods(day, day).get(day, 0), self.mood.set_mood, lambda _exc: None, token_key="mood"
        )
        self.window.runner.run(
            lambda: LookBack(diary).on_this_day(day),
            self._show_past,
            lambda _exc: None,
            token_key="on-this-day",
        )
        if (day.year, day.month) != self._month:
            self.calendar.grid.current_day = day
            self.load_month(day.year, day.month)

    def set_mood(self, mood: int) -> None:
        """The person chose a mood for the day shown (0: cleared); stored off the UI thread."""
        diary, day = self.window.diary, self._day
        if diary is None or day is None:
            return
        self.window.runner.run(lambda: diary.set_mood(day, mood or None))

    def _show_past(self, entries: list[PastEntry]) -> None:
        self.strip.set_entries(entries)

    def clear(self) -> None:
        self.strip.set_entries([])
        self.mood.hide()
        self.calendar.set_view(MonthView(self._month[0], self._month[1], self.calendar.grid.view.grid))
