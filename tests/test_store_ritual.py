"""The daily ritual's storage: opening questions (derived: dropped with what they may quote), moods."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from app.store import Diary, ImportRefused, InvalidValue
from app.store.errors import EmptyText, TextTooLong

DAY = date(2026, 3, 3)


def test_opening_questions_are_kept_replaced_and_dismissed(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        diary.add_opening_prompt(DAY, "How did the talk with Anna go?")
        diary.set_opening_prompt_state(DAY, "replaced")
        diary.add_opening_prompt(DAY, "What did you decide?")
        rows = diary.opening_prompts(DAY)
        assert [(r.text, r.state) for r in rows] == [
            ("How did the talk with Anna go?", "replaced"),
            ("What did you decide?", "offered"),
        ]
        assert diary.opening_prompts(date(2026, 3, 4)) == []
        for bad in (
            lambda: diary.add_opening_prompt(DAY, "x", "robot"),
            lambda: diary.set_opening_prompt_state(DAY, "eaten"),
        ):
            with pytest.raises(InvalidValue):
                bad()
        with pytest.raises(EmptyText):
            diary.add_opening_prompt(DAY, "   ")
        with pytest.raises(TextTooLong):
            diary.add_opening_prompt(DAY, "why? " * 100)


@pytest.mark.parametrize("what", ["message", "fact", "summary"])
def test_deleting_what_a_question_may_quote_drops_model_questions(data_dir: Path, what: str) -> None:
    with Diary.open(data_dir) as diary:
        conversation = diary.conversation_for_day(DAY)
        message = diary.add_message(conversation.id, "user", "Talked with Anna.")
        fact = diary.add_fact("Anna is their sister", kind="person")
        summary = diary.put_summary("daily", "2026-03-02", "Anna.", message.id, "m")
        diary.add_opening_prompt(DAY, "How is Anna?")
        diary.add_opening_prompt(DAY, "What surprised you today?", "fallback", "replaced")
        {
            "message": lambda: diary.delete_message(message.id),
            "fact": lambda: diary.delete_fact(fact.id),
            "summary": lambda: diary.delete_summary(summary.id),
        }[what]()
        assert [(r.text, r.source) for r in diary.opening_prompts(DAY)] == [
            ("What surprised you today?", "fallback")
        ]


def test_forget_everything_erases_questions_and_moods(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        diary.add_opening_prompt(DAY, "How is Anna?")
        diary.set_mood(DAY, 3)
        diary.forget_everything()
        assert diary.opening_prompts(DAY) == [] and diary.moods(DAY, DAY) == {}


def test_opening_questions_are_not_exported_but_moods_are(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        diary.add_opening_prompt(DAY, "How is Anna?")
        diary.set_mood(DAY, 2)
        exported = diary.export_json()
    assert "opening_prompts" not in exported and len(exported["moods"]) == 1


def test_an_import_with_a_bad_mood_is_refused(data_dir: Path, tmp_path: Path) -> None:
    with Diary.open(data_dir) as diary:
        diary.set_mood(DAY, 2)
        exported = diary.export_json()
    exported["moods"][0]["mood"] = 9
    with Diary.open(tmp_path / "other") as other, pytest.raises(ImportRefused, match="day_mood"):
        other.import_json(exported)
