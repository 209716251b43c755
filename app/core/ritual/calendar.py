"""Looking back, without Qt: the month grid, streaks, and "On this day" (one month, six months, a year ago).

Everything here works on *diary days* — the local calendar date a conversation belongs to, fixed when it
was written (``Conversation.day``) — never on 24-hour spans of time, so a streak survives a DST change (a
23- or 25-hour day is still one day) and two entries a minute either side of midnight are two days.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

WEEKS_SHOWN = 6  # a month grid always has six rows, so it does not jump in height between months
LOOK_BACK = (("month", 1), ("half_year", 6), ("year", 12))  # "On this day": months before


@dataclass(frozen=True)
class DayMark:
    """A day with entries in the calendar: how much the person wrote (``size`` 1–3 draws the dot)."""

    day: date
    words: int
    entries: int
    size: int = 1


@dataclass(frozen=True)
class Streaks:
    current: int  # consecutive days up to today (or up to yesterday, while today is still unwritten)
    longest: int


def local_day(moment: datetime) -> date:
    """The diary day of ``moment``: an aware time is converted to this computer's zone first."""
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.date()


MONDAY, SUNDAY = 0, 6  # ``first_weekday`` values, as ``date.weekday()`` counts (the UI asks the locale)


def week_start(day: date, first_weekday: int = MONDAY) -> date:
    """The first day of ``day``'s week when weeks start on ``first_weekday`` (0 Monday … 6 Sunday)."""
    return day - timedelta(days=(day.weekday() - first_weekday) % 7)


def week_of(day: date, first_weekday: int = MONDAY) -> list[date]:
    """The seven days of ``day``'s week, first day first."""
    first = week_start(day, first_weekday)
    return [first + timedelta(days=i) for i in range(7)]


def iso_week_of(days: list[date]) -> date:
    """A day of the ISO week (Monday to Sunday) that holds most of these seven days: their Thursday.

    The weekly digest is written per ISO week; a week that starts on Sunday (or Saturday) shows the digest
    of the ISO week it shares six (or five) days with."""
    return next(d for d in days if d.weekday() == 3)


def month_grid(year: int, month: int, first_weekday: int = MONDAY) -> list[list[date]]:
    """Six weeks of dates covering the month (days of the months around it fill the first and last rows)."""
    start = week_start(date(year, month, 1), first_weekday)
    return [[start + timedelta(days=7 * week + d) for d in range(7)] for week in range(WEEKS_SHOWN)]


def shift_month(day: date, months: int) -> date:
    """``day`` moved by ``months`` calendar months, clamped to the month's last day (29 Feb → 28 Feb)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    if not 1 <= year <= 9999:
        raise OverflowError("outside the calendar")
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def on_this_day(day: date) -> list[tuple[str, date]]:
    """The days "On this day" looks at: ("month", a month before), ("half_year", …), ("year", …)."""
    found: list[tuple[str, date]] = []
    for name, months in LOOK_BACK:
        try:
            found.append((name, shift_month(day, -months)))
        except OverflowError:
            continue
    return found


def streaks(days: Iterable[date], today: date) -> Streaks:
    """The current streak (alive until today ends unwritten) and the longest run of days with entries."""
    written = set(days)
    longest = run = 0
    previous: date | None = None
    for day in sorted(written):
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        longest = max(longest, run)
        previous = day
    end = today if today in written else today - timedelta(days=1)
    current = 0
    while end - timedelta(days=current) in written:
        current += 1
    return Streaks(current, longest)


def mark_sizes(marks: Iterable[DayMark]) -> list[DayMark]:
    """Give each day a dot size by words, relative to the busiest day shown (thirds: 1, 2, 3)."""
    marks = list(marks)
    most = max((m.words for m in marks), default=0)
    sized = []
    for mark in marks:
        share = mark.words / most if most else 0
        size = 3 if share > 2 / 3 else 2 if share > 1 / 3 else 1
        sized.append(DayMark(mark.day, mark.words, mark.entries, size))
    return sized


def word_count(text: str) -> int:
    return len(text.split())
