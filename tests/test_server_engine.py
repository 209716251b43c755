"""``ServerModel`` against a real OpenAI-compatible server: llama-cpp-python's, running the tiny model."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from app.core.memory.facts import FACT_SCHEMA
from app.llm.errors import PromptTooLong, ServerInterrupted, ServerModelNotFound
from app.llm.server_engine import ServerConfig, ServerModel, check_connection
from app.llm.types import ChatMessage, GenerationRequest, Priority

CHATS: list[list[ChatMessage]] = [
    [{"role": "system", "content": "You are a warm, attentive diary companion."}],
    [
        {"role": "system", "content": "You are a warm, attentive diary companion.\n\nFacts:\n- dog: Rex"},
        {"role": "user", "content": "Walked Rex by the river; Anna called about Lisbon."},
        {"role": "assistant", "content": "That sounds like a full morning! How is Anna?"},
        {"role": "user", "content": "Сегодня было холодно, но солнечно. Я долго гулял с собакой."},
    ],
    [{"role": "user", "content": "No system message here: the template adds its own."}],
    [
        {"role": "system", "content": "Instructions"},
        {"role": "user", "content": "  leading spaces, emoji 🌧️ and numbers 12345  "},
        {"role": "assistant", "content": "Noted."},
    ],
]


def wait_until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Poll a condition (an Event's wait is the pause; nothing sleeps blindly)."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        pause.wait(0.01)


def long_chat(words: int = 1200) -> list[ChatMessage]:
    text = " ".join(f"day{i % 97} walk river tea" for i in range(words // 4))
    return [{"role": "system", "content": "Summarize."}, {"role": "user", "content": text}]


def test_counts_are_exact_and_equal_the_in_process_engine(server_model: Any, tiny_engine: Any) -> None:
    assert server_model.counts_exact and server_model.kind == "llama-cpp-python"
    for chat in CHATS:
        for generation in (True, False):
            expected = tiny_engine.count_chat_tokens(chat, add_generation_prompt=generation)
            assert server_model.count_chat_tokens(chat, add_generation_prompt=generation) == expected
    for text in ("Hello there", "Привет, как дела?", "", "<|im_end|> special", "  two  spaces "):
        assert server_model.count_tokens(text) == tiny_engine.count_tokens(text)


def test_streams_a_reply_with_its_cost(server_model: Any) -> None:
    pieces: list[str] = []
    request = GenerationRequest(messages=CHATS[1], max_tokens=24, temperature=0.0, on_token=pieces.append)
    completion = server_model.submit(request).result(timeout=120)
    assert completion.finish_reason in ("stop", "length")
    assert len(pieces) > 1 and "".join(pieces) == completion.text
    stats = completion.stats
    assert stats.prompt_tokens == server_model.count_chat_tokens(CHATS[1])
    assert stats.completion_tokens >= 1 and stats.ttft_s > 0 and stats.total_s >= stats.ttft_s
    assert server_model.info()["last_tokens_per_s"] > 0


def test_constrained_json_is_valid(server_model: Any) -> None:
    request = GenerationRequest(
        messages=[{"role": "user", "content": "My sister Anna moved to Lisbon. Reply with a JSON fact."}],
        max_tokens=120, temperature=0.0, json_schema=FACT_SCHEMA, slot="background",
        priority=Priority.BACKGROUND,
    )
    completion = server_model.submit(request).result(timeout=120)
    value = json.loads(completion.text)
    assert set(value) == {"fact", "kind", "importance"} and value["importance"] in range(1, 6)


def test_stop_mid_reply_keeps_the_partial_reply_within_a_second(server_model: Any) -> None:
    first = threading.Event()
    pieces: list[str] = []

    def on_token(piece: str) -> None:
        pieces.append(piece)
        first.set()

    request = GenerationRequest(messages=CHATS[1], max_tokens=400, on_token=on_token, seed=1)
    handle = server_model.submit(request)
    assert first.wait(120)
    started = time.monotonic()
    handle.cancel()
    completion = handle.result(timeout=5)
    assert time.monotonic() - started < 1.0
    assert completion.finish_reason == "cancelled" and completion.text and completion.text == "".join(pieces)


def test_stop_while_the_server_processes_the_prompt(server_model: Any) -> None:
    pieces: list[str] = []
    request = GenerationRequest(messages=long_chat(500), max_tokens=32, on_token=pieces.append)
    handle = server_model.submit(request)
    wait_until(lambda: handle._state == "running")  # type: ignore[attr-defined]
    started = time.monotonic()
    handle.cancel()
    completion = handle.result(timeout=5)
    assert time.monotonic() - started < 1.0
    assert completion.finish_reason == "cancelled" and completion.text == "" and not pieces
    after = server_model.submit(GenerationRequest(messages=CHATS[0], max_tokens=4)).result(timeout=120)
    assert after.finish_reason in ("stop", "length")  # the server is free again for the next request


def test_a_reply_pre_empts_a_running_background_request(server_model: Any) -> None:
    """The background request's stream is closed for the reply, and it is sent again afterwards."""
    background = server_model.submit(GenerationRequest(
        messages=CHATS[1], max_tokens=160, priority=Priority.BACKGROUND, slot="background", seed=3,
    ))  # fmt: skip
    wait_until(lambda: bool(background.progress.text))  # type: ignore[attr-defined]
    reply = server_model.submit(GenerationRequest(messages=CHATS[0], max_tokens=8, label="reply"))
    reply_done = reply.result(timeout=120)
    assert not background.done()  # it waits for the reply, then runs again from the start
    background_done = background.result(timeout=240)
    assert reply_done.finish_reason != "cancelled" and background_done.finish_reason != "cancelled"
    assert background.progress.attempts >= 2  # type: ignore[attr-defined]


STORY: list[ChatMessage] = [
    {"role": "user", "content": "Write a long story about a lighthouse keeper, at least five paragraphs."}
]  # the tiny model writes all 400 tokens of it: seconds in which to send another request


def on_first_token(pieces: list[str], then: Callable[[], None]) -> Callable[[str], None]:
    """An ``on_token`` that keeps the pieces and starts ``then`` on a thread of its own at the first."""

    def on_token(piece: str) -> None:
        pieces.append(piece)
        if len(pieces) == 1:
            threading.Thread(target=then, daemon=True).start()

    return on_token


def test_a_token_count_asked_during_a_reply_waits_for_it_instead_of_cutting_it(server_model: Any) -> None:
    """llama-cpp-python's server (``interrupt_requests`` on, its default) ends a stream when another
    request waits: Hearth's counts (the gauge, the index's) wait for the reply to end instead."""
    pieces: list[str] = []
    seen: dict[str, int] = {}
    counted = threading.Event()

    def count() -> None:
        seen["n"] = server_model.count_tokens("a text never counted before, Ω 7f3a")
        seen["pieces"] = len(pieces)
        counted.set()

    request = GenerationRequest(messages=STORY, max_tokens=60, temperature=0.0, seed=1,
                                on_token=on_first_token(pieces, count))  # fmt: skip
    completion = server_model.submit(request).result(timeout=120)
    assert completion.finish_reason == "length" and completion.text == "".join(pieces)
    assert counted.wait(60) and seen["n"] > 0
    assert seen["pieces"] == len(pieces)  # the count was answered only once the reply was whole


def test_a_token_count_asked_during_a_background_job_pre_empts_it_and_the_job_finishes_whole(
    server_model: Any,
) -> None:
    """Cut by the server instead, the job was sent again and failed after three cuts (QA, session 21)."""
    background = server_model.submit(GenerationRequest(
        messages=STORY, max_tokens=80, temperature=0.0, seed=1,
        priority=Priority.BACKGROUND, slot="background",
    ))  # fmt: skip
    wait_until(lambda: bool(background.progress.text))  # type: ignore[attr-defined]
    assert server_model.count_tokens("another text never counted, Ж 91c2") > 0
    completion = background.result(timeout=240)
    assert completion.finish_reason == "length" and background.progress.attempts >= 2  # type: ignore[attr-defined]
    assert background.progress.server_cuts == 0  # type: ignore[attr-defined]


def test_test_connection_pressed_during_a_reply_waits_for_it(server_model: Any, llama_server: Any) -> None:
    """The model manager's check of the same server takes its turn with the live model's streams (review,
    session 21: it was a request from outside the gate, and cut the reply)."""
    pieces: list[str] = []
    seen: dict[str, Any] = {}

    def check() -> None:
        seen["models"] = check_connection(ServerConfig(llama_server.url)).models
        seen["pieces"] = len(pieces)

    request = GenerationRequest(messages=STORY, max_tokens=60, temperature=0.0, seed=1,
                                on_token=on_first_token(pieces, check))  # fmt: skip
    completion = server_model.submit(request).result(timeout=120)
    assert completion.finish_reason == "length" and completion.text == "".join(pieces)
    wait_until(lambda: "pieces" in seen)
    assert seen["models"] == ("smollm2",) and seen["pieces"] == len(pieces)


def test_a_reply_another_program_cuts_short_keeps_what_arrived(server_model: Any, llama_server: Any) -> None:
    """A request from elsewhere (here a bare HTTP one) makes the server end the reply: said, nothing lost."""

    def someone_else_asks() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", llama_server.port, timeout=120)
        headers = {"Content-Type": "application/json"}
        conn.request("POST", "/extras/tokenize", json.dumps({"input": "hi"}), headers)
        conn.getresponse().read()

    pieces: list[str] = []
    request = GenerationRequest(messages=STORY, max_tokens=400, temperature=0.0, seed=1,
                                on_token=on_first_token(pieces, someone_else_asks))  # fmt: skip
    with pytest.raises(ServerInterrupted) as err:
        server_model.submit(request).result(timeout=120)
    assert 0 < len(pieces) < 400 and err.value.partial_text == "".join(pieces)
    assert "--interrupt_requests False" in err.value.hint


def test_a_prompt_that_cannot_fit_is_refused_before_sending(server_model: Any) -> None:
    with pytest.raises(PromptTooLong):
        server_model.submit(GenerationRequest(messages=long_chat(words=8000), max_tokens=256))


def test_wrong_model_name_is_a_clear_error(llama_server: Any) -> None:
    with pytest.raises(ServerModelNotFound) as err:
        ServerModel(ServerConfig(llama_server.url, model="llama-70b"))
    assert "smollm2" in str(err.value) and err.value.hint
    info = check_connection(ServerConfig(llama_server.url))
    assert info.models == ("smollm2",) and info.kind == "llama-cpp-python"
