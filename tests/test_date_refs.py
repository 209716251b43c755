"""Dates in a message, English and Russian, explicit and relative to the day it is written on."""

from __future__ import annotations

from datetime import date

import pytest

from app.core.recall.dates import DateSpan, date_spans

ANCHOR = date(2023, 10, 20)  # a Friday


def day(y: int, m: int, d: int) -> DateSpan:
    return DateSpan(date(y, m, d), date(y, m, d), "day")


def month(y: int, m: int, last: int) -> DateSpan:
    return DateSpan(date(y, m, 1), date(y, m, last), "month")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Which city was Calvin at on October 3, 2023?", [day(2023, 10, 3)]),
        ("as mentioned on 3 June, 2023", [day(2023, 6, 3)]),
        ("the 3rd of June 2023", [day(2023, 6, 3)]),
        ("What did he do in May 2023?", [month(2023, 5, 31)]),
        ("in February 2024", [month(2024, 2, 29)]),
        ("on 2023-05-01 and on 05.06.2023", [day(2023, 5, 1), day(2023, 6, 5)]),
        ("Что было 3 октября 2022 года?", [day(2022, 10, 3)]),
        ("в мае 2021", [month(2021, 5, 31)]),
        ("in 2022", [DateSpan(date(2022, 1, 1), date(2022, 12, 31), "year")]),
        # Without a year: the latest such day not after the anchor.
        ("on March 5", [day(2023, 3, 5)]),
        ("on December 24", [day(2022, 12, 24)]),
        ("Что было 3 октября?", [day(2023, 10, 3)]),
        ("Что я делал в мае?", [month(2023, 5, 31)]),
        ("А в ноябре?", [month(2022, 11, 30)]),
        # Relative to the anchor.
        ("What did I do yesterday?", [day(2023, 10, 19)]),
        ("the day before yesterday", [day(2023, 10, 18)]),
        ("позавчера и вчера", [day(2023, 10, 18), day(2023, 10, 19)]),
        ("last Tuesday", [day(2023, 10, 17)]),
        ("on Friday", [day(2023, 10, 13)]),
        ("в прошлую пятницу", [day(2023, 10, 13)]),
        ("во вторник", [day(2023, 10, 17)]),
        ("3 days ago", [day(2023, 10, 17)]),
        ("two weeks ago", [DateSpan(date(2023, 10, 3), date(2023, 10, 9), "week")]),
        ("last week", [DateSpan(date(2023, 10, 9), date(2023, 10, 15), "week")]),
        ("на прошлой неделе", [DateSpan(date(2023, 10, 9), date(2023, 10, 15), "week")]),
        ("last month", [month(2023, 9, 30)]),
        ("в прошлом году", [DateSpan(date(2022, 1, 1), date(2022, 12, 31), "year")]),
    ],
)
def test_dates_are_read(text: str, expected: list[DateSpan]) -> None:
    assert date_spans(text, ANCHOR) == expected


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        # Asked in 2027 (or on 28 February 2028), "29 February" is the last one that was: 2024's.
        ("What happened on 29 February?", date(2027, 3, 10), [day(2024, 2, 29)]),
        ("Что было 29 февраля?", date(2028, 2, 28), [day(2024, 2, 29)]),
        ("on February 29", date(2028, 3, 1), [day(2028, 2, 29)]),
        ("on 31 June", date(2027, 3, 10), []),  # no year has it
        ("on December 31", date(2027, 1, 1), [day(2026, 12, 31)]),  # the new year's first day
        ("last month", date(2027, 1, 1), [month(2026, 12, 31)]),
        ("last week", date(2027, 1, 1), [DateSpan(date(2026, 12, 21), date(2026, 12, 27), "week")]),
        ("last month", date(2027, 3, 31), [month(2027, 2, 28)]),
    ],
)
def test_dates_without_a_year_on_awkward_days(text: str, anchor: date, expected: list[DateSpan]) -> None:
    assert date_spans(text, anchor) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I may go to the market",  # a verb, not the month
        "we met at 10.30 and left at 3",
        "I ran 5 km in 27 minutes",
        "February 30, 2023",  # no such day
        "a few days ago",  # how many?
        "Май был тёплым",  # the month alone, without "в", is too vague
    ],
)
def test_what_is_not_a_date_is_left_out(text: str) -> None:
    assert date_spans(text, ANCHOR) == []


def test_relative_dates_need_the_day_they_are_written_on() -> None:
    assert date_spans("What did I do yesterday? And on October 3?") == []
    assert date_spans("What did I do on October 3, 2023?") == [day(2023, 10, 3)]
