"""The prompt budget: exact counts, never an overflow, a prefix that stays put between folds."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.errors import MessageRejected
from app.core.prompt.budget import (
    TRUNCATION_MARK,
    FactLine,
    PromptAssembler,
    PromptInputs,
    StableContext,
    TailMessage,
    wants_deep_recall,
)
from app.core.prompt.templates import instructions_text
from app.core.recall.finder import RecalledEntry
from app.llm.engine import ModelEngine
from app.llm.types import ChatMessage
from tests.fakes import ScriptedModel

INSTRUCTIONS = instructions_text("warm", "medium")
TODAY = date(2026, 3, 2)


@pytest.fixture(scope="module")
def scripted() -> Iterator[ScriptedModel]:
    model = ScriptedModel(n_ctx=2048)
    yield model
    model.close()


def _tail(n: int, words: int = 20) -> list[TailMessage]:
    return [
        TailMessage(i, "user" if i % 2 else "assistant", f"entry {i} " + "word " * words)
        for i in range(1, n + 1)
    ]


def _check_report(assembler: PromptAssembler, prompt: object) -> None:
    report = prompt.report  # type: ignore[attr-defined]
    real = assembler.model.count_chat_tokens(prompt.messages)  # type: ignore[attr-defined]
    segments = sum(s.tokens for s in report.segments)
    assert segments == report.n_ctx  # instructions … new_message + reserve + free
    assert real + assembler.reply_reserve + report.free == report.n_ctx
    assert real <= report.n_ctx - assembler.reply_reserve


def test_segments_add_up_to_the_rendered_prompt(scripted: ScriptedModel) -> None:
    assembler = PromptAssembler(scripted, reply_reserve=512)
    stable = StableContext(
        INSTRUCTIONS, (FactLine(1, "Has a dog named Rex"),), ("Walks help",), "They met Anna."
    )
    entries = [RecalledEntry(900, 9, TODAY, "user", "old note about Rex", 0, 1.0)]
    inputs = PromptInputs(
        stable, _tail(10), "How is Rex?", TODAY, [FactLine(2, "Likes tea")], recall=lambda t, b, e: entries
    )
    prompt = assembler.assemble(inputs)
    _check_report(assembler, prompt)
    tokens = {s.name: s.tokens for s in prompt.report.segments}
    assert all(tokens[name] > 0 for name in ("instructions", "facts", "reflections", "summary", "history"))
    assert tokens["recalled"] > 0 and tokens["new_message"] > 0
    assert prompt.report.fact_ids_in_prompt == (1, 2)
    # stable → volatile: system (the date last: it changes once a day), the tail verbatim, then one user
    # turn with its note and the message (the date used to be in that note; the note now stays in the tail)
    assert prompt.messages[0]["role"] == "system" and "Has a dog named Rex" in prompt.messages[0]["content"]
    assert prompt.messages[0]["content"].endswith("Today is Monday, 2 March 2026.")
    assert [m["content"] for m in prompt.messages[1:-1]] == [m.text for m in _tail(10)]
    last = prompt.messages[-1]["content"]
    assert "Today is" not in last
    assert last.index("Likes tea") < last.index("old note about Rex")
    assert last.endswith("How is Rex?")


def test_the_prefix_is_byte_identical_from_turn_to_turn(scripted: ScriptedModel) -> None:
    assembler = PromptAssembler(scripted)
    stable = StableContext(INSTRUCTIONS, (FactLine(1, "Has a dog named Rex"),))
    first = assembler.assemble(PromptInputs(stable, _tail(6), "first", TODAY, recall=lambda t, b, e: []))
    second = assembler.assemble(
        PromptInputs(stable, [*_tail(6), TailMessage(7, "user", "first"), TailMessage(8, "assistant", "ok")],
                     "second", TODAY, recall=lambda t, b, e: []),
    )  # fmt: skip
    assert second.messages[: len(first.messages) - 1] == first.messages[:-1]


def test_tail_is_whole_messages_newest_first_and_oldest_left_out_when_full(scripted: ScriptedModel) -> None:
    assembler = PromptAssembler(scripted, reply_reserve=512)
    stable = StableContext(INSTRUCTIONS)
    tail = _tail(200, words=30)
    prompt = assembler.assemble(PromptInputs(stable, tail, "hello", TODAY))
    _check_report(assembler, prompt)
    kept = prompt.tail_ids
    assert kept == tuple(range(200 - len(kept) + 1, 201))  # a contiguous run ending at the newest
    assert prompt.needs_fold and prompt.report.summarizing
    assert prompt.report.dropped_messages == 200 - len(kept)


def test_recall_gets_a_small_share_for_entries_and_the_rest_for_questions(scripted: ScriptedModel) -> None:
    assembler = PromptAssembler(scripted)
    budgets: list[int] = []

    def recall(text: str, budget: int, exclude: set[int]) -> list[object]:
        budgets.append(budget)
        return []

    stable = StableContext(INSTRUCTIONS)
    assembler.assemble(PromptInputs(stable, _tail(4), "Walked the dog today.", TODAY, recall=recall))
    assembler.assemble(PromptInputs(stable, _tail(4), "When did I last see Anna?", TODAY, recall=recall))
    # a plain entry's new recall: the note share (earlier notes stay in the prompt; issue 11)
    share = int(assembler.context_budget(INSTRUCTIONS) * assembler.shares.note_recall_fraction)
    assert budgets[0] == share
    assert budgets[1] > 3 * share
    assert wants_deep_recall("Когда я видел Анну?") and not wants_deep_recall("Гуляли с собакой.")


def test_recall_never_sees_the_tail(scripted: ScriptedModel) -> None:
    assembler = PromptAssembler(scripted)
    excluded: list[set[int]] = []
    def recall(text: str, budget: int, exclude: set[int]) -> list[object]:
        excluded.append(exclude)
        return []

    assembler.assemble(PromptInputs(StableContext(INSTRUCTIONS), _tail(5), "x?", TODAY, recall=recall))
    assert excluded == [{1, 2, 3, 4, 5}]


def test_facts_are_capped_at_fourteen_and_their_share(scripted: ScriptedModel) -> None:
    assembler = PromptAssembler(scripted)
    many = tuple(FactLine(i, f"Fact number {i} " + "detail " * 3) for i in range(30))
    fitted = assembler.fit_stable(StableContext(INSTRUCTIONS, many))
    assert [f.id for f in fitted.facts] == list(range(14))
    huge = tuple(FactLine(i, "long " * 80) for i in range(14))
    fitted = assembler.fit_stable(StableContext(INSTRUCTIONS, huge))
    share = assembler.context_budget(INSTRUCTIONS) * assembler.shares.facts_fraction
    assert 0 < len(fitted.facts) < 14
    assert assembler._part_tokens(fitted, facts=fitted.facts) <= share  # noqa: SLF001


def test_a_message_too_long_for_the_prompt_is_shortened_there_only(scripted: ScriptedModel) -> None:
    assembler = PromptAssembler(scripted)
    text = "start " + "middle " * 5000 + "finish"
    prompt = assembler.assemble(PromptInputs(StableContext(INSTRUCTIONS), _tail(4), text, TODAY))
    _check_report(assembler, prompt)
    last = prompt.messages[-1]["content"]
    assert prompt.new_message_truncated and TRUNCATION_MARK in last
    assert "start" in last and last.endswith("finish")


def test_a_context_with_no_room_refuses_clearly() -> None:
    model = ScriptedModel(n_ctx=600)
    try:
        with pytest.raises(MessageRejected) as info:
            PromptAssembler(model, reply_reserve=512).assemble(
                PromptInputs(StableContext(INSTRUCTIONS), [], "hi")
            )
        assert "context" in str(info.value) and info.value.hint
    finally:
        model.close()


def test_context_budget_for_benchmarks(scripted: ScriptedModel) -> None:
    assembler = PromptAssembler(scripted)
    prompt = assembler.assemble(
        PromptInputs(StableContext(INSTRUCTIONS), _tail(100, words=30), "When?", TODAY), context_budget=1000
    )
    instructions = assembler.instructions_tokens(INSTRUCTIONS)
    assert prompt.limit == instructions + 1000
    assert scripted.count_chat_tokens(prompt.messages) <= instructions + 1000


TEXT = st.one_of(
    st.text(min_size=1, max_size=300),
    st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюя ", min_size=1, max_size=400),
    st.text(alphabet="😀🐶🌧️❤️✨ 🎉", min_size=1, max_size=200),
    st.builds(
        lambda w, n: (w + " ") * n, st.sampled_from(["word", "слово", "🐶", "x" * 40]), st.integers(1, 3000)
    ),
)


def _random_inputs(data: st.DataObject) -> PromptInputs:
    tail = [
        TailMessage(i, data.draw(st.sampled_from(["user", "assistant"])), data.draw(TEXT))
        for i in range(data.draw(st.integers(0, 12)))
    ]
    facts = tuple(FactLine(i, data.draw(TEXT)[:600]) for i in range(data.draw(st.integers(0, 16))))
    stable = StableContext(INSTRUCTIONS, facts, tuple(data.draw(st.lists(TEXT, max_size=4))), data.draw(TEXT))
    recalled = [RecalledEntry(900 + i, 9, TODAY, "user", data.draw(TEXT), 0, 1.0) for i in range(3)]
    return PromptInputs(
        stable, tail, data.draw(TEXT), TODAY, [FactLine(99, data.draw(TEXT))], recall=lambda t, b, e: recalled
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_never_overflows_with_any_text_scripted(data: st.DataObject) -> None:
    model = ScriptedModel(n_ctx=data.draw(st.sampled_from([1024, 2048, 4096])))
    try:
        assembler = PromptAssembler(model, reply_reserve=data.draw(st.sampled_from([128, 512])))
        inputs = _random_inputs(data)
        inputs.stable = assembler.fit_stable(inputs.stable)
        _check_report(assembler, assembler.assemble(inputs))
    finally:
        model.close()


@pytest.mark.parametrize("engine", ["in-process", "server"])
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_never_overflows_with_any_text_real_tokenizer(
    engine: str, request: pytest.FixtureRequest, data: st.DataObject
) -> None:
    """The real tiny model's tokenizer and chat template — in llama.cpp here, or behind llama_cpp.server —
    : the sum equals the engine's own count."""
    model = request.getfixturevalue("tiny_engine" if engine == "in-process" else "server_model")
    assembler = PromptAssembler(model, reply_reserve=512)
    inputs = _random_inputs(data)
    inputs.stable = assembler.fit_stable(inputs.stable)
    _check_report(assembler, assembler.assemble(inputs))


def test_a_tail_message_costs_what_it_adds_to_the_prompt(tiny_engine: ModelEngine) -> None:
    """The tail's costs decide when a fold is due. SmolLM2's template (like Qwen2.5's) puts a default system
    message before a message counted alone; in the prompt the message follows Hearth's system message, and
    that is what it must cost (else a fold came at ~60 % of the tail's real share)."""
    assembler = PromptAssembler(tiny_engine, reply_reserve=512)
    system: ChatMessage = {"role": "system", "content": INSTRUCTIONS}
    tail = _tail(6)
    chat: list[ChatMessage] = [system, *({"role": m.role, "content": m.content} for m in tail)]  # type: ignore[misc]
    added = tiny_engine.count_chat_tokens(chat, add_generation_prompt=False) - tiny_engine.count_chat_tokens(
        [system], add_generation_prompt=False
    )
    assert sum(assembler.message_tokens(m.role, m.content) for m in tail) == added
