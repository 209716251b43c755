"""``hearth prompt``, ``hearth stats`` and ``hearth week``: the daily ritual from a terminal."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from app.cli import main
from app.config import Settings
from app.core.ritual.opening import fallback_questions
from app.store import Diary


def run(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), *argv])


def _seed(data_dir: Path) -> None:
    today = date.today()
    with Diary.open(data_dir) as diary:
        for n, text in ((1, "Walked with Anna by the river."), (2, "Anna called about the move.")):
            day = today - timedelta(days=n)
            conversation = diary.conversation_for_day(day)
            when = datetime.combine(day, datetime.min.time()).replace(hour=20)
            diary.add_message(conversation.id, "user", text, created_at=when)
        diary.add_fact("Anna is their sister", kind="person")
        diary.set_mood(today - timedelta(days=1), 4)


def test_prompt_without_a_model_prints_a_fallback(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(data_dir, "prompt", "--no-model", "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["day"] == date.today().isoformat() and shown["source"] == "fallback"
    assert shown["text"] in fallback_questions("en")
    assert run(data_dir, "prompt", "--no-model") == 0
    assert capsys.readouterr().out.strip() == shown["text"]


def test_prompt_with_the_tiny_model(
    data_dir: Path, capsys: pytest.CaptureFixture[str], tiny_model_path: Path
) -> None:
    _seed(data_dir)
    with Diary.open(data_dir) as diary:
        diary.put_summary(
            "daily", (date.today() - timedelta(days=1)).isoformat(), "Walked with Anna.", None, "m"
        )
    assert run(data_dir, "prompt", "--json", "--model", str(tiny_model_path)) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["source"] in ("model", "fallback") and shown["text"].endswith("?")


def test_stats_json_and_text(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(data_dir)
    assert run(data_dir, "stats", "--json") == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["streaks"] == {"current": 2, "longest": 2}
    assert stats["days_written"] == 2 and stats["total_words"] == 11
    assert stats["moods"] == [{"day": (date.today() - timedelta(days=1)).isoformat(), "mood": 4}]
    assert stats["people"][0]["name"] == "Anna" and stats["people"][0]["mentions"] == 2
    assert run(data_dir, "stats") == 0
    out = capsys.readouterr().out
    assert "Current streak: 2" in out and "Anna ×2" in out
    assert run(data_dir, "stats", "--days", "0") == 2
    assert "--days" in capsys.readouterr().err


def test_week_prints_the_review_as_markdown(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(data_dir)
    yesterday = date.today() - timedelta(days=1)
    assert run(data_dir, "week", "--day", yesterday.isoformat()) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Week ") and "## Highlights" in out and "Walked with Anna by the river." in out
    assert run(data_dir, "week", "--day", "9999-12-30") == 2
    assert "calendar" in capsys.readouterr().err


def test_week_starts_on_the_day_chosen_in_settings(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(data_dir)
    Settings.load(data_dir).changed(week_start="sunday").save(data_dir)
    assert run(data_dir, "week", "--day", "2026-01-01") == 0  # Sunday 28 December 2025 – Saturday 3 January
    assert capsys.readouterr().out.splitlines()[0] == "# Week of 28 December 2025 – 3 January 2026"
    Settings.load(data_dir).changed(week_start="monday").save(data_dir)
    assert run(data_dir, "week", "--day", "2026-01-01") == 0
    assert capsys.readouterr().out.splitlines()[0] == "# Week of 29 December 2025 – 4 January 2026"


def test_an_empty_week_says_so_under_each_heading(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA (session 22): "## People and places" stood with nothing under it."""
    assert run(data_dir, "week", "--day", "2020-06-10") == 0
    out = capsys.readouterr().out
    assert "## People and places\n\nNo one was named this week." in out
    assert "No mood set this week." in out and "Nothing was written this week." in out
