"""Exact token counts and chat-template rendering, checked against llama-cpp-python's own ``Llama``."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import llama_cpp
import pytest

from app.llm.engine import ModelEngine
from app.llm.errors import PromptTooLong
from app.llm.types import ChatMessage, GenerationRequest

CHATS: list[list[ChatMessage]] = [
    [{"role": "user", "content": "Hello!"}],
    [
        {"role": "system", "content": "You are a warm diary companion."},
        {"role": "user", "content": "Сегодня гуляла с собакой у реки, шёл дождь."},
    ],
    [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "I baked bread 🍞 and it   rose   well.\n\nTwo loaves!"},
        {"role": "assistant", "content": "Lovely! What kind of flour?"},
        {"role": "user", "content": "Rye, from the market on Kirova street."},
    ],
]


@pytest.fixture(scope="module")
def reference_llama(tiny_model_path: Path) -> Iterator[llama_cpp.Llama]:
    """llama-cpp-python's own high-level object: the independent oracle for counts."""
    llm = llama_cpp.Llama(model_path=str(tiny_model_path), n_ctx=512, n_batch=512, verbose=False)
    yield llm
    llm.close()


@pytest.mark.parametrize("messages", CHATS)
def test_chat_count_equals_llama_cpp_prompt_tokens(
    tiny_engine: ModelEngine, reference_llama: llama_cpp.Llama, messages: list[ChatMessage]
) -> None:
    usage = reference_llama.create_chat_completion(messages=list(messages), max_tokens=1)["usage"]  # type: ignore[arg-type,index]
    assert tiny_engine.count_chat_tokens(messages) == usage["prompt_tokens"]


def test_the_engine_evaluates_exactly_the_counted_tokens(tiny_engine: ModelEngine) -> None:
    messages = CHATS[2]
    done = tiny_engine.submit(GenerationRequest(messages=messages, max_tokens=2, slot="background"))
    assert done.result(timeout=60).stats.prompt_tokens == tiny_engine.count_chat_tokens(messages)


def test_text_count_equals_llama_cpp_tokenizer(
    tiny_engine: ModelEngine, reference_llama: llama_cpp.Llama
) -> None:
    for text in ["", "Hello, world!", "Привет, как дела?", "  spaced\ttext\n", "emoji 🐕‍🦺 ok"]:
        expected = reference_llama.tokenize(text.encode(), add_bos=False, special=True)
        assert tiny_engine.count_tokens(text) == len(expected)
    # Cyrillic costs far more than characters/4 — the reason counts must be exact.
    assert tiny_engine.count_tokens("Сегодня гуляла с собакой у реки, шёл дождь.") > 20


def test_renders_the_gguf_template(tiny_engine: ModelEngine) -> None:
    prompt = tiny_engine.render_chat([{"role": "user", "content": "Hi"}])
    assert prompt == (
        "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n"
        "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"
    )
    without = tiny_engine.render_chat(
        [{"role": "system", "content": "S"}, {"role": "user", "content": "Hi"}], add_generation_prompt=False
    )
    assert without == "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n"
    # Special markers are single tokens, not text: parsed the way llama.cpp evaluates the prompt.
    with_prompt = tiny_engine.count_chat_tokens([{"role": "user", "content": "Hi"}])
    bare = tiny_engine.count_chat_tokens([{"role": "user", "content": "Hi"}], add_generation_prompt=False)
    assert with_prompt - bare == tiny_engine.count_tokens("<|im_start|>assistant\n")
    assert tiny_engine.count_tokens("<|im_start|>") == 1


def test_prompt_too_long_is_refused_before_llama_cpp(tiny_engine: ModelEngine) -> None:
    messages: list[ChatMessage] = [{"role": "user", "content": "word " * 200}]
    needed = tiny_engine.count_chat_tokens(messages)
    max_tokens = tiny_engine.n_ctx - needed + 1
    with pytest.raises(PromptTooLong) as err:
        tiny_engine.submit(GenerationRequest(messages=messages, max_tokens=max_tokens))
    assert err.value.prompt_tokens == needed and err.value.limit == needed - 1
    assert err.value.hint
    # One token less of reply reserve and it fits.
    fits = tiny_engine.submit(GenerationRequest(messages=messages, max_tokens=max_tokens - 1))
    fits.cancel()
    assert fits.result(timeout=60).finish_reason in ("cancelled", "stop", "length")


def test_counting_never_waits_for_the_model(tiny_engine: ModelEngine) -> None:
    """The owner thread is held inside a streaming callback until a count from here completes."""
    streaming, counted = threading.Event(), threading.Event()

    def on_token(_piece: str) -> None:
        streaming.set()
        counted.wait(timeout=30)

    handle = tiny_engine.submit(
        GenerationRequest(messages=CHATS[0], max_tokens=3, on_token=on_token, temperature=0.0)
    )
    assert streaming.wait(timeout=60)
    assert tiny_engine.count_chat_tokens(CHATS[1]) > 0  # would deadlock if it went through the queue
    assert not handle.done()
    counted.set()
    assert handle.result(timeout=60).stats.completion_tokens >= 1


def test_tokenizer_id_is_stable_and_specific(tiny_engine: ModelEngine) -> None:
    assert tiny_engine.tokenizer_id.startswith("gguf:gpt2:")
    assert len(tiny_engine.tokenizer_id) > len("gguf:gpt2:") + 8
    assert tiny_engine.model_name == "SmolLM2-135M-Instruct.Q4_1"
