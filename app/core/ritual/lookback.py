"""What the calendar and "On this day" show, read from the diary in one call each (run off the UI thread).

``LookBack(diary).month(year, month, today)`` gives the month grid's marks (days with entries, sized by
words), the conversation each marked day opens, and today's streak and the longest; ``on_this_day(day)``
gives the entries of one month, six months and one year before ``day`` (first lines, to open them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from app.core.ports import DiaryPort
from app.core.ritual.calendar import DayMark, Streaks, mark_sizes, month_grid, on_this_day, streaks


@dataclass(frozen=True)
class MonthView:
    year: int
    month: int
    grid: list[list[date]]
    marks: dict[date, DayMark] = field(default_factory=dict)
    conversations: dict[date, int] = field(default_factory=dict)
    streaks: Streaks = Streaks(0, 0)


@dataclass(frozen=True)
class PastEntry:
    """One "On this day" card: how long ago ("month", "half_year", "year"), the day, its first line."""

    ago: str
    day: date
    conversation_id: int
    first_line: str
    words: int


class LookBack:
    def __init__(self, diary: DiaryPort) -> None:
        self.diary = diary

    def month(self, year: int, month: int, today: date, first_weekday: int = 0) -> MonthView:
        grid = month_grid(year, month, first_weekday)
        activity = self.diary.day_activity(grid[0][0], grid[-1][-1])
        marks = mark_sizes(DayMark(a.day, a.words, a.entries) for a in activity)
        written = self.diary.days_written(date.min, today)
        return MonthView(
            year,
            month,
            grid,
            marks={m.day: m for m in marks},
            conversations={a.day: a.conversation_id for a in activity},
            streaks=streaks(written, today),
        )

    def on_this_day(self, day: date) -> list[PastEntry]:
        """The entries of a month, six months and a year before ``day`` (the days that have some)."""
        found = []
        for ago, past in on_this_day(day):
            for activity in self.diary.day_activity(past, past):
                found.append(
                    PastEntry(ago, past, activity.conversation_id, activity.first_line, activity.words)
                )
        return found
