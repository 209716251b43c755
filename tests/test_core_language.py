"""The companion answers in the person's language; memory keeps the language of its source.

Rendered through the real tiny model's chat template (what llama.cpp is really given), and end to end with
the scripted model: a Russian day's digest request asks for Russian, and the digest stored is Russian.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.core.companion import Companion
from app.core.language import dominant_language, language_rule
from app.core.memory.facts import extraction_request
from app.core.prompt.budget import PromptAssembler, PromptInputs, StableContext, TailMessage
from app.core.prompt.templates import PERSONAS, REPLY_LENGTHS, instructions_text
from app.llm.types import GenerationRequest
from app.store import Diary
from tests.fakes import Clock, ScriptedModel

ANSWER_IN_KIND = "Answer in the language the person writes in"
RUSSIAN_ENTRY = "Сегодня гуляли с Бароном у реки, потом весь вечер читала на балконе."
RUSSIAN_DIGEST = "День прошёл спокойно: прогулка с собакой у реки и вечер с книгой."
ENGLISH_DIGEST = "A calm day: a walk by the river and an evening with a book."


@pytest.mark.parametrize(("texts", "expected"), [
    ([RUSSIAN_ENTRY], "ru"),
    (["Person: " + RUSSIAN_ENTRY, "Companion: Как хорошо!"], "ru"),  # English role labels do not tip it
    (["Walked Rex by the river."], "en"),
    (["Walked Rex", "гуляли с Рексом"], None),  # mixed: the general instruction stands alone
    (["12:30 — 42"], None),
])
def test_the_dominant_script_names_the_language(texts: list[str], expected: str | None) -> None:
    assert dominant_language(texts) == expected


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("length", REPLY_LENGTHS)
def test_every_instructions_variant_tells_the_model_to_answer_in_kind(persona: str, length: str) -> None:
    assert ANSWER_IN_KIND in instructions_text(persona, length)


def test_the_tiny_models_rendered_chat_prompt_carries_the_rule(tiny_engine: Any) -> None:
    """What llama.cpp receives for a Russian entry: the rule in the system turn, before the entry."""
    assembler = PromptAssembler(tiny_engine, reply_reserve=256)
    stable = StableContext(instructions_text("warm", "medium"), (), (), "")
    tail = [TailMessage(1, "user", "Вчера был тяжёлый день."), TailMessage(2, "assistant", "Что случилось?")]
    prompt = assembler.assemble(PromptInputs(stable, tail, RUSSIAN_ENTRY, date(2026, 12, 1)))
    rendered = tiny_engine.render_chat(prompt.messages)
    assert ANSWER_IN_KIND in rendered
    assert rendered.index(ANSWER_IN_KIND) < rendered.index(RUSSIAN_ENTRY)
    assert tiny_engine.count_chat_tokens(prompt.messages) <= tiny_engine.n_ctx - 256


def test_the_tiny_models_rendered_memory_prompts_name_the_sources_language(tiny_engine: Any) -> None:
    fact = tiny_engine.render_chat(extraction_request(RUSSIAN_ENTRY).messages)
    assert "in the language of the message" in fact
    assert "The text to work from is in Russian: write in Russian." in fact
    english = tiny_engine.render_chat(extraction_request("My sister Anna lives nearby.").messages)
    assert "write in English" in english and "in Russian:" not in english


def _digest_in_asked_language(request: GenerationRequest) -> str:
    """The scripted model does what the system prompt says: Russian only when it is asked for."""
    system = request.messages[0]["content"]
    return RUSSIAN_DIGEST if "write in Russian" in system else ENGLISH_DIGEST


@pytest.mark.parametrize(("entry", "reply", "rule", "digest"), [
    (RUSSIAN_ENTRY, "Какой тёплый вечер. Что вы читали?", "write in Russian", RUSSIAN_DIGEST),
    ("Walked Rex by the river, then read on the balcony all evening.", "What a calm evening. What did you "
     "read?", "write in English", ENGLISH_DIGEST),
])
def test_a_days_digest_is_requested_and_written_in_its_language(
    data_dir: Path, entry: str, reply: str, rule: str, digest: str
) -> None:
    scripts: dict[str, list[Any]] = {"digest": [_digest_in_asked_language] * 4, "reply": [reply]}
    model = ScriptedModel(n_ctx=2048, scripts=scripts)
    diary = Diary.open(data_dir)
    clock = Clock()
    companion = Companion(diary, model, Settings(), clock=clock)
    try:
        companion.send(entry)
        assert companion.wait_idle(timeout=30)
        day = clock.now.date()
        assert companion.digest(day) == digest
        request = model.requests_labelled("digest")[-1]
        assert "Write in the language the entries are written in" in request.messages[0]["content"]
        assert rule in request.messages[0]["content"]
        stored = diary.get_summary("daily", day.isoformat())
        assert stored is not None and stored.text == digest
        clock.now += timedelta(days=1)
    finally:
        companion.close()
        model.close()
        diary.close()


def test_the_rule_is_empty_when_the_language_is_unclear() -> None:
    assert language_rule(["…", "42"]) == ""
