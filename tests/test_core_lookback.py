"""Looking back without Qt: the month grid, streaks, "On this day", statistics, the weekly review.

Real SQLite in a temp dir; days across month and year boundaries, midnight, DST and time zones.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from app.config import Settings
from app.core.companion import Companion
from app.core.ritual.calendar import (
    MONDAY,
    SUNDAY,
    iso_week_of,
    local_day,
    month_grid,
    on_this_day,
    shift_month,
    streaks,
    week_of,
    week_start,
)
from app.core.ritual.export import day_markdown, week_markdown
from app.core.ritual.lookback import LookBack
from app.core.ritual.stats import DiaryStatistics, name_match, person_name
from app.core.ritual.week import WeeklyReviews
from app.store import Diary, InvalidValue
from tests.fakes import Clock, ScriptedModel


def write_on(diary: Diary, day: date, text: str, role: str = "user", hour: int = 20) -> int:
    conversation = diary.conversation_for_day(day)
    moment = datetime.combine(day, datetime.min.time()).replace(hour=hour)
    return diary.add_message(conversation.id, role, text, created_at=moment).id


@pytest.fixture
def in_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Run in a time zone (``in_zone("Europe/Berlin")``), restored afterwards."""

    def use(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield use
    monkeypatch.delenv("TZ", raising=False)
    os.environ.pop("TZ", None)
    time.tzset()


# -- the grid and "On this day" ---------------------------------------------------------------------


def test_month_grid_crosses_year_boundaries_and_always_has_six_weeks() -> None:
    january = month_grid(2026, 1)
    assert january[0][0] == date(2025, 12, 29) and january[0][3] == date(2026, 1, 1)
    assert len(january) == 6 and all(len(week) == 7 for week in january)
    december = month_grid(2025, 12)
    assert december[-1][-1] == date(2026, 1, 11)
    sunday_first = month_grid(2026, 3, first_weekday=6)
    assert sunday_first[0][0] == date(2026, 3, 1)  # 1 March 2026 is a Sunday


def test_shift_month_clamps_to_the_months_last_day() -> None:
    assert shift_month(date(2026, 3, 31), -1) == date(2026, 2, 28)
    assert shift_month(date(2028, 3, 31), -1) == date(2028, 2, 29)
    assert shift_month(date(2026, 1, 15), -1) == date(2025, 12, 15)
    assert shift_month(date(2025, 12, 15), 1) == date(2026, 1, 15)


def test_on_this_day_on_29_february() -> None:
    assert on_this_day(date(2028, 2, 29)) == [
        ("month", date(2028, 1, 29)),
        ("half_year", date(2027, 8, 29)),
        ("year", date(2027, 2, 28)),
    ]
    assert on_this_day(date(2029, 3, 1))[-1] == ("year", date(2028, 3, 1))
    assert on_this_day(date(1, 1, 5)) == []  # nothing before the calendar's first day


def test_on_this_day_finds_the_entries_of_those_days(diary: Diary) -> None:
    write_on(diary, date(2027, 2, 28), "A year ago I started pottery.")
    write_on(diary, date(2028, 1, 29), "A month ago: snow.")
    write_on(diary, date(2027, 8, 30), "Not six months ago, a day off.")
    found = LookBack(diary).on_this_day(date(2028, 2, 29))
    assert [(p.ago, p.day, p.first_line) for p in found] == [
        ("month", date(2028, 1, 29), "A month ago: snow."),
        ("year", date(2027, 2, 28), "A year ago I started pottery."),
    ]


# -- streaks ------------------------------------------------------------------------------------------


def test_streaks_across_month_and_year_boundaries() -> None:
    days = [date(2025, 12, 30), date(2025, 12, 31), date(2026, 1, 1), date(2026, 1, 2)]
    assert streaks(days, date(2026, 1, 2)) == streaks(days, date(2026, 1, 3))  # alive until today ends
    assert streaks(days, date(2026, 1, 2)).current == 4
    assert streaks(days, date(2026, 1, 4)).current == 0 and streaks(days, date(2026, 1, 4)).longest == 4
    assert streaks([date(2026, 2, 28), date(2026, 3, 1)], date(2026, 3, 1)).current == 2
    assert streaks([], date(2026, 1, 1)).current == 0


def test_a_streak_across_midnight_counts_two_days(data_dir: Path) -> None:
    model = ScriptedModel(n_ctx=2048)
    diary = Diary.open(data_dir)
    clock = Clock(datetime(2026, 3, 2, 23, 59))
    companion = Companion(diary, model, Settings(), clock=clock)
    try:
        companion.write("Just before midnight.")
        clock.now = datetime(2026, 3, 3, 0, 1)
        companion.write("Just after midnight.")
        assert companion.wait_idle(timeout=30)
        view = LookBack(diary).month(2026, 3, date(2026, 3, 3))
        assert set(view.marks) == {date(2026, 3, 2), date(2026, 3, 3)}
        assert view.streaks.current == 2
    finally:
        companion.close()
        model.close()
        diary.close()


def test_streaks_and_days_across_dst(diary: Diary, in_zone) -> None:  # type: ignore[no-untyped-def]
    in_zone("Europe/Berlin")  # 29 March 2026 has 23 hours there; 25 October 2026 has 25
    for day in (date(2026, 3, 28), date(2026, 3, 29), date(2026, 3, 30)):
        write_on(diary, day, "Spring forward.", hour=2)
    for day in (date(2026, 10, 24), date(2026, 10, 25), date(2026, 10, 26)):
        write_on(diary, day, "Fall back.", hour=2)
    march = LookBack(diary).month(2026, 3, date(2026, 3, 30))
    assert march.streaks.current == 3
    assert LookBack(diary).month(2026, 10, date(2026, 10, 26)).streaks.longest == 3
    # an aware moment becomes the local diary day on either side of the change
    assert local_day(datetime(2026, 3, 28, 23, 30, tzinfo=UTC)) == date(2026, 3, 29)  # UTC+1
    assert local_day(datetime(2026, 3, 29, 22, 30, tzinfo=UTC)) == date(2026, 3, 30)  # UTC+2


def test_the_calendar_marks_local_days_in_any_time_zone(diary: Diary, in_zone) -> None:  # type: ignore[no-untyped-def]
    in_zone("America/New_York")
    moment = datetime(2026, 1, 1, 3, 30, tzinfo=UTC)  # still New Year's Eve in New York
    day = local_day(moment)
    assert day == date(2025, 12, 31)
    conversation = diary.conversation_for_day(day)
    diary.add_message(conversation.id, "user", "Fireworks from the roof.", created_at=moment)
    december = LookBack(diary).month(2025, 12, date(2026, 1, 1))
    january = LookBack(diary).month(2026, 1, date(2026, 1, 1))
    assert set(december.marks) == {date(2025, 12, 31)}
    assert date(2025, 12, 31) in january.marks  # the grid's first row shows the last days of December
    assert january.streaks.current == 1


def test_marks_are_sized_by_words(diary: Diary) -> None:
    write_on(diary, date(2026, 3, 2), "short")
    write_on(diary, date(2026, 3, 3), " ".join(["word"] * 50))
    write_on(diary, date(2026, 3, 4), " ".join(["word"] * 20))
    write_on(diary, date(2026, 3, 4), "a reply is not counted " * 40, role="assistant")
    marks = LookBack(diary).month(2026, 3, date(2026, 3, 31)).marks
    assert [marks[date(2026, 3, d)].size for d in (2, 3, 4)] == [1, 3, 2]
    assert marks[date(2026, 3, 4)].words == 20


# -- moods, statistics, the weekly review, export -----------------------------------------------------


def test_moods_are_stored_cleared_and_checked(diary: Diary) -> None:
    diary.set_mood(date(2026, 3, 2), 4)
    diary.set_mood(date(2026, 3, 3), 2)
    diary.set_mood(date(2026, 3, 2), 5)
    assert diary.moods(date(2026, 3, 1), date(2026, 3, 31)) == {date(2026, 3, 2): 5, date(2026, 3, 3): 2}
    diary.set_mood(date(2026, 3, 3), None)
    assert diary.moods(date(2026, 3, 1), date(2026, 3, 31)) == {date(2026, 3, 2): 5}
    for bad in (0, 6, True):
        with pytest.raises(InvalidValue):
            diary.set_mood(date(2026, 3, 2), bad)


def test_moods_travel_with_an_export(data_dir: Path, tmp_path: Path) -> None:
    with Diary.open(data_dir) as diary:
        write_on(diary, date(2026, 3, 2), "A good day.")
        diary.set_mood(date(2026, 3, 2), 5)
        exported = diary.export_json()
    assert exported["moods"] == [{"day": "2026-03-02", "mood": 5, "set_at": exported["moods"][0]["set_at"]}]
    with Diary.open(tmp_path / "other") as other:
        other.import_json(exported)
        assert other.moods(date(2026, 3, 1), date(2026, 3, 31)) == {date(2026, 3, 2): 5}


def test_person_names_come_from_person_facts() -> None:
    assert person_name("Anna is their sister") == "Anna"
    assert person_name("Their friend Maria lives in Kazan") == "Maria"
    assert person_name("Сестра Аня живёт неподалёку") == "Аня"
    assert person_name("Has a daughter, Mia (6), who loves dinosaurs") == "Mia"
    assert person_name("likes walks") is None
    assert name_match("Анна") == '"Анн"*' and name_match("Anna") == '"Anna"*'


def test_stats_count_words_moods_streaks_and_people(diary: Diary) -> None:
    today = date(2026, 3, 10)
    write_on(diary, date(2026, 3, 8), "Dinner with Anna and the kids.")
    write_on(diary, date(2026, 3, 9), "Anna called about Sunday. Pepper barked at the phone.")
    write_on(diary, date(2026, 3, 10), "Quiet evening.")
    write_on(diary, date(2026, 3, 10), "Anna was mentioned by me only.", role="assistant")
    diary.add_fact("Anna is their sister", kind="person")
    diary.add_fact("Pepper is a border collie", kind="pet")
    diary.set_mood(date(2026, 3, 9), 4)
    stats = DiaryStatistics(diary).collect(today, days=30)
    data = stats.to_dict()
    assert data["streaks"] == {"current": 3, "longest": 3}
    assert data["words_per_day"][0] == {"day": "2026-03-08", "words": 6}
    assert data["moods"] == [{"day": "2026-03-09", "mood": 4}]
    assert [(p["name"], p["mentions"]) for p in data["people"]] == [("Anna", 2)]
    assert [d["day"] for d in data["people"][0]["days"]] == ["2026-03-08", "2026-03-09"]


def test_weekly_review_and_its_markdown(diary: Diary) -> None:
    monday = date(2026, 3, 2)
    first = write_on(diary, monday, "Anna visited. We talked about Tbilisi.")
    write_on(diary, monday + timedelta(days=2), "Pottery class.")
    write_on(diary, monday + timedelta(days=7), "Next week already.")
    diary.put_summary("weekly", "2026-W10", "A week of visits and clay.", first, "m")
    diary.put_summary("daily", "2026-03-02", "Anna visited.", first, "m")
    diary.add_fact("Anna is their sister", kind="person", source="automatic", provenance_message_id=first)
    diary.set_mood(monday, 4)
    review = WeeklyReviews(diary).review(monday + timedelta(days=3))
    assert review.scope == "2026-W10" and review.digest == "A week of visits and clay."
    assert [e.day for e in review.entries] == [monday, monday + timedelta(days=2)]
    assert review.people == (("Anna", 1),) and review.notes == ("Anna is their sister",)
    markdown = review.to_markdown()
    assert markdown.startswith("# Week 2026-W10 (2026-03-02 – 2026-03-08)")
    assert "## Highlights" in markdown and "A week of visits and clay." in markdown
    assert "Monday 2026-03-02: ●●●●○ 4/5" in markdown and "Next week already." not in markdown
    full = week_markdown(diary, monday, replies=False)
    assert "Anna visited. We talked about Tbilisi." in full and "Pottery class." in full


def test_week_boundaries_follow_the_first_weekday_across_a_year_boundary() -> None:
    thursday = date(2026, 1, 1)  # New Year's Day 2026 is a Thursday
    assert week_start(thursday, MONDAY) == date(2025, 12, 29)
    assert week_start(thursday, SUNDAY) == date(2025, 12, 28)
    assert week_of(date(2025, 12, 28), SUNDAY) == week_of(thursday, SUNDAY)  # a Sunday opens its own week
    assert week_of(date(2025, 12, 28), MONDAY)[-1] == date(2025, 12, 28)  # … and closes a Monday week
    sunday_week = week_of(date(2026, 1, 3), SUNDAY)
    assert (sunday_week[0], sunday_week[-1]) == (date(2025, 12, 28), date(2026, 1, 3))
    assert iso_week_of(sunday_week) == thursday  # 2026-W01: it shares six days with it
    assert week_start(date(2027, 1, 1), SUNDAY) == date(2026, 12, 27)
    assert month_grid(2026, 1, SUNDAY)[0][0] == date(2025, 12, 28)


def test_a_sunday_week_review_spans_new_year_and_shows_its_iso_weeks_digest(diary: Diary) -> None:
    new_year = write_on(diary, date(2026, 1, 1), "Fireworks over the river with Anna.")
    write_on(diary, date(2025, 12, 28), "Quiet Sunday before the new year.")
    write_on(diary, date(2025, 12, 27), "Saturday: not this week when it starts on Sunday.")
    write_on(diary, date(2026, 1, 4), "Sunday again: the next Sunday week.")
    diary.put_summary("weekly", "2026-W01", "A week that began one year and ended the next.", new_year, "m")
    sunday_review = WeeklyReviews(diary).review(date(2026, 1, 1), SUNDAY)
    assert (sunday_review.first, sunday_review.last) == (date(2025, 12, 28), date(2026, 1, 3))
    assert [e.day for e in sunday_review.entries] == [date(2025, 12, 28), date(2026, 1, 1)]
    assert sunday_review.scope == "2026-W01" and sunday_review.digest.startswith("A week that began")
    monday_review = WeeklyReviews(diary).review(date(2026, 1, 1), MONDAY)
    assert (monday_review.first, monday_review.last) == (date(2025, 12, 29), date(2026, 1, 4))
    assert [e.day for e in monday_review.entries] == [date(2026, 1, 1), date(2026, 1, 4)]
    full = week_markdown(diary, date(2026, 1, 1), replies=False, first_weekday=SUNDAY)
    assert "Quiet Sunday before the new year." in full and "Sunday again" not in full


def test_day_markdown_with_and_without_replies(diary: Diary) -> None:
    write_on(diary, date(2026, 3, 2), "I wrote this.")
    write_on(diary, date(2026, 3, 2), "Hearth answered this.", role="assistant", hour=21)
    conversation = diary.conversation_for_day(date(2026, 3, 2))
    with_replies = day_markdown(diary, conversation.id)
    assert with_replies.startswith("# Monday, 2 March 2026") and "Hearth answered this." in with_replies
    mine = day_markdown(diary, conversation.id, replies=False)
    assert "I wrote this." in mine and "Hearth answered this." not in mine
