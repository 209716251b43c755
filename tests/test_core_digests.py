"""Finding a day's conversations for its digest across many pages of history."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from app.core.memory.digests import Digests
from app.store import Diary


def test_a_day_is_found_on_any_page_and_empty_days_are_left_out(data_dir: Path) -> None:
    diary = Diary.open(data_dir)
    try:
        first = date(2025, 1, 1)
        ids = {}
        for n in range(450):  # more than two pages of 200
            day = first + timedelta(days=n)
            conversation = diary.conversation_for_day(day)
            if n % 7 != 3:  # every seventh day stays empty
                diary.add_message(conversation.id, "user", f"Entry for day {n}.")  # type: ignore[arg-type]
            ids[day] = conversation.id
        digests = Digests(diary)
        for n in (449, 300, 120, 0):
            day = first + timedelta(days=n)
            assert [c.id for c in digests.conversations_on(day)] == [ids[day]]
        assert digests.conversations_on(first + timedelta(days=3)) == []
        assert digests.conversations_on(first - timedelta(days=1)) == []
    finally:
        diary.close()
