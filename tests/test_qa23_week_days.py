"""QA 23: the window's week (and day) export and ``hearth week`` write a day the same way in Russian —
capitalised where it begins a heading or a line ("Четверг, 29 февраля 2024"), not "четверг, …" in one of
them; inside a sentence (the sidebar, the day header) the window still writes it in lower case.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.cli.i18n import set_language
from app.core.ritual.export import week_markdown
from app.store import Diary
from app.ui.export_day import day_text, speakers, week_labels
from app.ui.i18n import DateText

LEAP_DAY = date(2024, 2, 29)  # a Thursday


@pytest.fixture
def diary_with_an_entry(data_dir: Path) -> Path:
    diary = Diary.open(data_dir)
    try:
        conversation = diary.conversation_for_day(LEAP_DAY)
        diary.add_message(conversation.id, "user", "Гуляли в парке с Машей.")
    finally:
        diary.close()
    return data_dir


def test_the_window_and_the_cli_write_the_weeks_days_alike(
    russian: None, diary_with_an_entry: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert day_text(LEAP_DAY) == "Четверг, 29 февраля 2024"
    diary = Diary.open(diary_with_an_entry)
    try:
        window = week_markdown(diary, LEAP_DAY, labels=week_labels(), speakers=speakers(), day_text=day_text)
    finally:
        diary.close()
    assert "- **Четверг, 29 февраля 2024** (" in window and "## Четверг, 29 февраля 2024" in window
    assert "четверг" not in window
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    try:
        assert main(["--data-dir", str(diary_with_an_entry), "week", "--day", LEAP_DAY.isoformat()]) == 0
    finally:
        set_language("en")
    cli = capsys.readouterr().out
    same = [line for line in cli.splitlines() if "29 февраля 2024" in line]
    assert same and all(line in window for line in same)  # the review's lines, word for word


def test_inside_a_line_the_day_stays_lower_case(russian: None) -> None:
    assert DateText().long_day(LEAP_DAY) == "четверг, 29 февраля 2024"
    assert DateText().heading_day(LEAP_DAY) == "Четверг, 29 февраля 2024"


def test_english_is_unchanged(qapp: Any) -> None:
    assert day_text(LEAP_DAY) == DateText().long_day(LEAP_DAY) == "Thursday, 29 February 2024"
