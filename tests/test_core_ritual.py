"""The daily ritual in the controller: write mode, "Ask Hearth", "Go deeper", the opening question.

A scripted model gives exact requests; the diary is real (SQLite in a temp dir). The same mechanics run on
the real tiny model at the end of this file and in tests/test_ui_ritual.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.core.companion import Companion
from app.core.errors import CoreError
from app.core.events import Event, MessageAdded, OpeningPromptReady, ReplyStarted
from app.core.prompt.templates import load_prompt, render_prompt
from app.core.ritual.opening import clean_question, fallback_questions, question_language
from app.store import Diary
from tests.fakes import Clock, ScriptedModel

ENTRY = "Long talk with Anna about moving to Tbilisi. I am still not sure it is the right time for us."
QUESTION = {"question": "How did the talk with Anna about Tbilisi go?"}


class Rig:
    def __init__(self, data_dir: Path, model: Any, settings: Settings | None = None) -> None:
        self.diary = Diary.open(data_dir)
        self.model = model
        self.clock = Clock(datetime(2026, 3, 3, 20, 0))
        self.companion = Companion(self.diary, model, settings or Settings(), clock=self.clock)
        self.events: list[Event] = []
        self.companion.subscribe(self.events.append)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def texts(self) -> list[tuple[str, str]]:
        return [(m.role, m.text) for m in self.diary.messages(self.companion.conversation_id)]

    def close(self) -> None:
        self.companion.close()
        self.diary.close()


@pytest.fixture
def rig(data_dir: Path) -> Iterator[Rig]:
    model = ScriptedModel(n_ctx=2048, scripts={"opening": [QUESTION]})
    r = Rig(data_dir, model)
    yield r
    r.close()
    model.close()


def seed_yesterday(diary: Diary) -> None:
    day = diary.conversation_for_day(datetime(2026, 3, 2).date())
    diary.add_message(day.id, "user", ENTRY, created_at=datetime(2026, 3, 2, 19, 0))
    diary.put_summary(
        "daily", "2026-03-02", "Talked with Anna about moving to Tbilisi; undecided.", None, "m"
    )
    diary.add_fact("Anna is their partner", kind="person")


# -- write mode ------------------------------------------------------------------------------------


def test_write_mode_stores_and_learns_but_never_replies_until_asked(rig: Rig) -> None:
    first = rig.companion.write("Morning pages. " + ENTRY)
    second = rig.companion.write("Evening: walked by the river, thought about Anna again and the move.")
    assert rig.companion.wait_idle(timeout=30)
    assert not rig.model.requests_labelled("reply") and not rig.of(ReplyStarted)
    assert [e.message_id for e in rig.of(MessageAdded)] == [first, second]
    assert [r for r, _ in rig.texts()] == ["user", "user"]
    assert rig.model.requests_labelled("facts"), "a written entry feeds memory like a sent one"

    rig.companion.ask()
    assert rig.companion.wait_idle(timeout=30)
    (reply,) = rig.model.requests_labelled("reply")
    assert reply.messages[-1]["content"].endswith(rig.texts()[1][1]) or rig.texts()[1][1] in str(
        reply.messages
    )
    assert [r for r, _ in rig.texts()] == ["user", "user", "assistant"]
    with pytest.raises(CoreError, match="already answered"):
        rig.companion.ask()


def test_ask_with_nothing_written_is_refused(rig: Rig) -> None:
    with pytest.raises(CoreError, match="nothing to answer"):
        rig.companion.ask()
    with pytest.raises(CoreError, match="nothing to go deeper"):
        rig.companion.go_deeper()


def test_go_deeper_asks_one_question_about_the_last_entry(rig: Rig) -> None:
    rig.companion.send(ENTRY)
    assert rig.companion.wait_idle(timeout=30)
    rig.companion.go_deeper()
    assert rig.companion.wait_idle(timeout=30)
    replies = rig.model.requests_labelled("reply")
    assert len(replies) == 2
    asked = replies[-1].messages[-1]["content"]
    assert "Ask me one short, reflective follow-up question" in asked and asked.endswith(ENTRY)
    assert replies[-1].max_tokens <= 120
    roles = [r for r, _ in rig.texts()]
    assert roles == ["user", "assistant", "assistant"]  # the instruction is never stored
    assert all("reflective follow-up" not in t for _, t in rig.texts())


def test_the_go_deeper_and_opening_prompts_render() -> None:
    text = render_prompt("go_deeper", entry="I walked.")
    assert "one short, reflective follow-up question" in text and text.endswith("I walked.")
    inputs = render_prompt(
        "opening_prompt_input", today="Tuesday 2026-03-03", digests="d", facts="f", avoid="a"
    )
    assert "Today is Tuesday 2026-03-03." in inputs and "(ask something else)" in inputs
    assert '{"question": string}' in load_prompt("opening_prompt")
    assert len(fallback_questions("en")) >= 10 and len(fallback_questions("ru")) >= 10
    assert all(q.endswith("?") for q in fallback_questions("en") + fallback_questions("ru"))


# -- the opening question ---------------------------------------------------------------------------


def test_an_empty_day_has_a_fallback_question_at_once(rig: Rig) -> None:
    question = rig.companion.opening_question()
    assert question is not None and question.source == "fallback"
    assert question.text in fallback_questions("en")
    assert not rig.model.requests_labelled("opening")  # no model call on the caller's thread


def test_idle_time_writes_a_grounded_question_and_stores_it(rig: Rig) -> None:
    seed_yesterday(rig.diary)
    rig.companion.warm_up()  # the app is ready: its background work drains, then the idle hook runs
    assert rig.companion.wait_idle(timeout=30)
    (request,) = rig.model.requests_labelled("opening")
    assert request.priority.name == "BACKGROUND" and request.slot == "background"
    assert "moving to Tbilisi" in request.messages[1]["content"] and "Anna is their partner" in str(
        request.messages
    )
    (ready,) = rig.of(OpeningPromptReady)
    assert ready.text == QUESTION["question"] and ready.source == "model"
    again = rig.companion.opening_question()
    assert again is not None and again.text == QUESTION["question"]
    assert [p.text for p in rig.diary.opening_prompts(rig.clock.now.date())] == [QUESTION["question"]]


def test_another_question_shows_a_fallback_now_and_writes_a_new_one(rig: Rig) -> None:
    seed_yesterday(rig.diary)
    rig.model.scripts["opening"] = [QUESTION, {"question": "What did you decide about Tbilisi in the end?"}]
    rig.companion.warm_up()
    assert rig.companion.wait_idle(timeout=30)
    shown = rig.companion.another_question()
    assert shown is not None and shown.source == "fallback"
    assert rig.companion.wait_idle(timeout=30)
    second = rig.model.requests_labelled("opening")[-1]
    assert QUESTION["question"] in second.messages[1]["content"]  # asked not to repeat itself
    now = rig.companion.opening_question()
    assert now is not None and now.text == "What did you decide about Tbilisi in the end?"


def test_dismiss_hides_the_question_for_the_day(rig: Rig) -> None:
    rig.companion.dismiss_question()
    assert rig.companion.opening_question() is None
    assert rig.of(OpeningPromptReady)[-1].text == ""
    rig.clock.now = datetime(2026, 3, 4, 20, 0)
    assert rig.companion.opening_question() is not None  # a new day, a new question


def test_another_fallback_cycles_through_the_list(rig: Rig) -> None:
    seen = [rig.companion.opening_question()]
    for _ in range(3):
        seen.append(rig.companion.another_question())
    texts = [q.text for q in seen if q is not None]
    assert len(set(texts)) == 4


def test_answering_the_question_stores_it_before_the_entry(rig: Rig) -> None:
    question = rig.companion.opening_question()
    assert question is not None
    rig.companion.send("It went well, we decided to wait a year.", answering=question.text)
    assert rig.companion.wait_idle(timeout=30)
    assert rig.texts()[:2] == [
        ("assistant", question.text),
        ("user", "It went well, we decided to wait a year."),
    ]
    rig.companion.write("Later: a second thought.", answering="Ignored on a day that is not empty?")
    assert ("assistant", "Ignored on a day that is not empty?") not in rig.texts()


def test_deleting_what_a_question_may_quote_deletes_the_question(rig: Rig) -> None:
    seed_yesterday(rig.diary)
    rig.companion.warm_up()
    assert rig.companion.wait_idle(timeout=30)
    today = rig.clock.now.date()
    assert [p.source for p in rig.diary.opening_prompts(today)] == ["model"]
    (fact,) = rig.diary.list_facts()
    rig.companion.delete_fact(fact.id)
    assert rig.diary.opening_prompts(today) == []
    question = rig.companion.opening_question()
    assert question is not None and question.source == "fallback"


def test_a_failed_or_unusable_answer_leaves_the_fallback_and_is_not_retried_in_a_loop(data_dir: Path) -> None:
    model = ScriptedModel(n_ctx=2048, scripts={"opening": ["not json at all"]})
    rig = Rig(data_dir, model)
    try:
        seed_yesterday(rig.diary)
        rig.companion.warm_up()
        assert rig.companion.wait_idle(timeout=30)
        assert len(model.requests_labelled("opening")) == 1
        question = rig.companion.opening_question()
        assert question is not None and question.source == "fallback"
    finally:
        rig.close()
        model.close()


def test_question_language_and_cleaning() -> None:
    assert question_language("ru", []) == "ru"
    assert question_language("system", ["Сегодня мы гуляли у реки с Анной."]) == "ru"
    assert question_language("en", ["Сегодня мы гуляли"]) == "en"
    assert clean_question('{"question": "  How was the talk with Anna  "}') == "How was the talk with Anna?"
    assert clean_question('{"question": "Hi"}') == "" and clean_question("nope") == ""
    assert clean_question('{"question": "' + "word " * 60 + '"}') == ""


def test_russian_interface_gets_russian_fallbacks(data_dir: Path) -> None:
    model = ScriptedModel(n_ctx=2048)
    rig = Rig(data_dir, model, Settings(language="ru"))
    try:
        question = rig.companion.opening_question()
        assert question is not None and question.text in fallback_questions("ru")
    finally:
        rig.close()
        model.close()


# -- the real tiny model ----------------------------------------------------------------------------


def test_tiny_model_write_mode_is_silent_until_asked_and_go_deeper_replies(
    data_dir: Path, tiny_engine: Any
) -> None:
    rig = Rig(data_dir, tiny_engine)
    try:
        rig.companion.write(ENTRY)
        rig.companion.write("And the garden needs water.")
        assert rig.companion.wait_idle(timeout=120)
        assert not rig.of(ReplyStarted) and [r for r, _ in rig.texts()] == ["user", "user"]
        rig.companion.ask()
        assert rig.companion.wait_idle(timeout=120)
        rig.companion.go_deeper()
        assert rig.companion.wait_idle(timeout=120)
        roles = [r for r, _ in rig.texts()]
        assert roles == ["user", "user", "assistant", "assistant"]
        assert all(t.strip() for _, t in rig.texts())
    finally:
        rig.close()


def test_tiny_model_writes_or_falls_back_to_an_opening_question(data_dir: Path, tiny_engine: Any) -> None:
    rig = Rig(data_dir, tiny_engine)
    try:
        seed_yesterday(rig.diary)
        rig.companion.warm_up()
        assert rig.companion.wait_idle(timeout=120)
        question = rig.companion.opening_question()
        assert question is not None and question.text.endswith("?")  # poor prose is fine: the mechanics
    finally:
        rig.close()


def test_a_russian_diary_gets_russian_fallbacks_whatever_the_locale(data_dir: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    model = ScriptedModel(n_ctx=2048)
    rig = Rig(data_dir, model)
    try:
        day = rig.diary.conversation_for_day(datetime(2026, 3, 2).date())
        rig.diary.add_message(day.id, "user", "Весь день дождь. Убрал кухню и слушал аудиокнигу.")
        question = rig.companion.opening_question()
        assert question is not None and question.text in fallback_questions("ru")
    finally:
        rig.close()
        model.close()
