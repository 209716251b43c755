"""KV prefix reuse across chat turns and across interleaved background jobs, checked with llama.cpp's
own performance counters (tokens it actually decoded), not only with the engine's bookkeeping."""

from __future__ import annotations

import uuid

import llama_cpp

from app.llm.engine import ModelEngine
from app.llm.slots import REUSE_MIN_CHUNK
from app.llm.types import ChatMessage, Completion, GenerationRequest, Priority


def perf_counters(engine: ModelEngine, slot: str) -> tuple[int, int]:
    data = llama_cpp.llama_perf_context(engine._slots[slot].ctx.ctx)
    return int(data.n_p_eval), int(data.n_eval)


def decoded_by_llama_cpp(engine: ModelEngine, slot: str) -> int:
    return sum(perf_counters(engine, slot))


def warm_up_counters(engine: ModelEngine) -> None:
    """llama.cpp reports its counters as max(1, n): make both real and >= 1 so differences are exact."""
    request = GenerationRequest(
        messages=[{"role": "user", "content": "Count from 1 to 10."}], max_tokens=4, temperature=0.0
    )
    engine.submit(request).result(timeout=60)
    n_prompt, n_generated = perf_counters(engine, "chat")
    assert n_prompt > 1 and n_generated > 1


def turn(engine: ModelEngine, messages: list[ChatMessage]) -> tuple[Completion, int]:
    before = decoded_by_llama_cpp(engine, "chat")
    completion = engine.submit(GenerationRequest(messages=messages, max_tokens=12, seed=5)).result(timeout=60)
    return completion, decoded_by_llama_cpp(engine, "chat") - before


def generated_steps(completion: Completion) -> int:
    """Generated tokens fed back into the context: all but the last when cut by max_tokens."""
    n = completion.stats.completion_tokens
    return n - 1 if completion.finish_reason == "length" else n


def test_chat_turns_reuse_the_prefix_even_after_background_jobs(tiny_engine: ModelEngine) -> None:
    chat: list[ChatMessage] = [
        {"role": "system", "content": f"Diary {uuid.uuid4().hex}. You are a warm, brief companion."},
        {"role": "user", "content": "Today I repotted the basil and called my sister Anna."},
    ]
    warm_up_counters(tiny_engine)
    first, decoded = turn(tiny_engine, chat)
    assert first.stats.reused_tokens <= 3  # a new conversation: only "<|im_start|>system" can match
    assert decoded == first.stats.evaluated_tokens + generated_steps(first)

    previous = first
    for user_line in ["Anna is moving to Riga in May.", "I feel a bit sad about it, honestly."]:
        prev_prompt = previous.stats.prompt_tokens
        chat += [{"role": "assistant", "content": previous.text}, {"role": "user", "content": user_line}]
        # A background job on the same model in between (fact extraction).
        background = tiny_engine.submit(
            GenerationRequest(
                messages=[{"role": "user", "content": f"Extract a fact as JSON: {user_line}"}],
                max_tokens=8,
                priority=Priority.BACKGROUND,
                slot="background",
            )
        )
        assert background.result(timeout=60).stats.prompt_tokens > 0
        current, decoded = turn(tiny_engine, chat)
        new_tokens = current.stats.prompt_tokens - prev_prompt
        assert current.stats.reused_tokens >= prev_prompt
        assert current.stats.evaluated_tokens <= new_tokens
        assert current.stats.evaluated_tokens == current.stats.prompt_tokens - current.stats.reused_tokens
        # llama.cpp decoded exactly what the engine says it evaluated (plus the generated tokens).
        assert decoded == current.stats.evaluated_tokens + generated_steps(current)
        previous = current


def test_the_same_prompt_twice_costs_one_token(tiny_engine: ModelEngine) -> None:
    messages: list[ChatMessage] = [{"role": "user", "content": f"Remember {uuid.uuid4().hex}."}]
    request = GenerationRequest(
        messages=messages, max_tokens=1, slot="background", priority=Priority.BACKGROUND
    )
    cold = tiny_engine.submit(request).result(timeout=60)
    again = tiny_engine.submit(request).result(timeout=60)
    assert cold.stats.evaluated_tokens > 0
    assert cold.stats.reused_tokens + cold.stats.evaluated_tokens == cold.stats.prompt_tokens
    # The sampled token was never fed back: the cache still holds exactly the prompt and the logits
    # of its last token, so nothing at all is decoded again.
    assert again.stats.reused_tokens == again.stats.prompt_tokens
    assert again.stats.evaluated_tokens == 0
    # A different reply length on the same prompt also starts from the cache.
    longer = tiny_engine.submit(
        GenerationRequest(messages=messages, max_tokens=3, slot="background", priority=Priority.BACKGROUND)
    ).result(timeout=60)
    assert longer.stats.evaluated_tokens <= 1


def with_volatile_block(text: str, block: str) -> str:
    return f"{block}\n\n{text}"


def test_a_dropped_volatile_block_does_not_cost_the_previous_turn_again(tiny_engine: ModelEngine) -> None:
    """The companion's prompt: [system][tail][user: volatile block + new message]. On the next turn the
    old block is gone; the previous message and reply are moved in the cache, not decoded again."""
    history: list[ChatMessage] = [
        {"role": "system", "content": f"Diary {uuid.uuid4().hex}. You are a warm, brief companion."},
    ]
    lines = [
        "Today I repotted the basil and called my sister Anna; she sounded tired but happy.",
        "Anna is moving to Riga in May, and I have promised to help her pack the books.",
        "I feel a bit sad about it, honestly, but also proud of her for taking the job.",
    ]
    warm_up_counters(tiny_engine)
    for i, line in enumerate(lines):
        block = (
            f"Today is day {i}. From earlier entries: on {2020 + i}-03-0{i + 1} you wrote about the garden, "
            f"the allotment gate number {i * 7 + 3}, and a long walk by the harbour with Ruth."
        )
        prompt = [*history, {"role": "user", "content": with_volatile_block(line, block)}]
        current, decoded = turn(tiny_engine, prompt)
        assert decoded == current.stats.evaluated_tokens + generated_steps(current)
        if i > 0:
            only_new = tiny_engine.count_tokens(with_volatile_block(line, block))
            # What is decoded: this turn's user message (block + line) plus a few template tokens around
            # the previous reply's end — never the previous message and reply again.
            assert current.stats.evaluated_tokens <= only_new + 12
            assert current.stats.reused_tokens >= current.stats.prompt_tokens - only_new - 12
        history += [{"role": "user", "content": line}, {"role": "assistant", "content": current.text}]
    slot = tiny_engine._slots["chat"]
    # The cache's positions are contiguous after the shifts: its last cell sits at len(tokens) - 1.
    assert llama_cpp.llama_memory_seq_pos_max(slot.ctx.memory, 0) == len(slot.tokens) - 1


def background_prompt(engine: ModelEngine, text: str) -> Completion:
    request = GenerationRequest(
        messages=[{"role": "user", "content": text}],
        max_tokens=1,
        slot="background",
        priority=Priority.BACKGROUND,
    )
    return engine.submit(request).result(timeout=60)


def test_a_shared_run_after_a_removed_part_is_moved_not_decoded_and_can_be_switched_off(
    tiny_engine: ModelEngine,
) -> None:
    slot = tiny_engine._slots["background"]
    words = " ".join(f"word{i}" for i in range(40))  # ~120 tokens shared by both prompts
    marker = uuid.uuid4().hex[:8]
    background_prompt(tiny_engine, f"{marker} preface one two three. {words}")
    on = background_prompt(tiny_engine, f"{marker} {words}")  # the preface is gone, the run remains
    assert on.stats.evaluated_tokens + on.stats.reused_tokens == on.stats.prompt_tokens
    assert on.stats.evaluated_tokens < 20 < tiny_engine.count_tokens(words)

    slot.min_chunk = 0
    try:
        background_prompt(tiny_engine, f"{marker} preface one two three. {words}")
        off = background_prompt(tiny_engine, f"{marker} {words}")
    finally:
        slot.min_chunk = REUSE_MIN_CHUNK
    # Off: everything after the first differing token is decoded again, the shared run included.
    assert off.stats.evaluated_tokens > tiny_engine.count_tokens(words)


def warm(engine: ModelEngine, messages: list[ChatMessage]) -> Completion:
    request = GenerationRequest(
        messages=messages, slot="chat", priority=Priority.BACKGROUND, max_tokens=1, prefill_only=True
    )
    return engine.submit(request).result(timeout=60)


def test_a_warm_up_prefills_the_next_prompt_and_never_throws_a_reply_away(tiny_engine: ModelEngine) -> None:
    system = f"Diary {uuid.uuid4().hex}. You are a warm, brief companion."
    history: list[ChatMessage] = [
        {"role": "system", "content": system},
        {"role": "user", "content": "Repotted the basil and called Anna."},
    ]
    first, _ = turn(tiny_engine, history)
    history.append({"role": "assistant", "content": first.text})
    # A fold changed the system message: the warm-up evaluates the new prefix, generating nothing.
    history[0] = {"role": "system", "content": system + " Summary so far: basil, Anna."}
    warmed = warm(tiny_engine, history)
    assert warmed.text == "" and warmed.stats.completion_tokens == 0
    # everything from the change on: the summary's words, then the tail after it
    assert warmed.stats.evaluated_tokens == warmed.stats.prompt_tokens - warmed.stats.reused_tokens
    assert warmed.stats.evaluated_tokens > tiny_engine.count_tokens(first.text)
    assert warmed.stats.prompt_tokens == tiny_engine.count_chat_tokens(history, add_generation_prompt=False)
    # The next turn starts warm: only its own message is evaluated.
    line = "Anna is moving to Riga in May."
    second, decoded = turn(tiny_engine, [*history, {"role": "user", "content": line}])
    assert second.stats.reused_tokens >= warmed.stats.prompt_tokens
    assert second.stats.evaluated_tokens <= tiny_engine.count_tokens(line) + 12
    assert decoded == second.stats.evaluated_tokens + generated_steps(second)
    # A warm-up of a prefix the cache already holds (with a reply after it) changes nothing.
    again = warm(tiny_engine, history)
    assert again.stats.evaluated_tokens == 0
    history += [{"role": "user", "content": line}, {"role": "assistant", "content": second.text}]
    third, _ = turn(tiny_engine, [*history, {"role": "user", "content": "I feel a bit sad about it."}])
    assert third.stats.reused_tokens >= second.stats.prompt_tokens
