"""``hearth screenshots`` makes each theme's pictures from a diary of its own, made up afresh: what one run
writes (a picture attached, today's entry) must not show in the next, so light and dark show the same."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from app.core.ritual.calendar import on_this_day
from app.store import Diary
from app.ui import screenshots

MARK = "written during the run"


class _Engine:
    def __init__(self, _config: object) -> None:
        """Stands in for the tiny model: these runs capture nothing."""

    def close(self) -> None:
        """Nothing to free."""


def test_each_theme_and_language_starts_from_its_own_fresh_diary(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    seen: list[tuple[str, int, int]] = []  # the run, the diary's messages, how many an earlier run wrote

    def capture(_app: Any, _engine: Any, data_dir: Path, _out: Path, _theme: str, name: str,
                _seed: Any) -> list[Path]:
        with Diary.open(data_dir) as diary:
            days = diary.list_conversations(limit=1000)
            messages = [m for day in days for m in diary.messages(day.id)]
            seen.append((name, len(messages), sum(m.text == MARK for m in messages)))
            diary.add_message(days[0].id, "user", MARK)  # as a run does: a picture attached to today
        return []

    monkeypatch.setattr(screenshots, "_capture_theme", capture)
    monkeypatch.setattr(screenshots, "_capture_empty_today", lambda *_args: [])
    monkeypatch.setattr("app.llm.engine.ModelEngine", _Engine)
    screenshots.take_screenshots(tmp_path, themes=("light", "dark"), languages=("en", "ru"))
    assert [name for name, _, _ in seen] == ["light", "dark", "ru-light", "ru-dark"]
    assert all(earlier == 0 for _, _, earlier in seen)
    assert seen[0][1] == seen[1][1] and seen[2][1] == seen[3][1]  # light and dark: the same diary


@pytest.mark.parametrize("today", ["2026-12-06", "2028-02-29", "2027-03-31"])
def test_the_on_this_day_cards_of_the_pictures_show_different_entries(tmp_path: Path, today: str) -> None:
    """Six months and a year back were both 1 modulo 7 days on 6 December, so both cards showed one text."""
    now = datetime.fromisoformat(f"{today}T20:00:00")
    with Diary.open(tmp_path) as diary:
        screenshots._seed_past(diary, now, "en")
        shown = []
        for _, day in on_this_day(now.date()):
            conversation = diary.conversation_for_day(day)
            shown.extend(message.text for message in diary.messages(conversation.id or 0))
    assert len(shown) >= 2 and len(set(shown)) == len(shown)
