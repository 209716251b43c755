"""``ServerModel`` against llama.cpp's own ``llama-server`` (built from the same llama.cpp, tiny model).

The scripted server (tests/fake_openai_server.py) pins the llama.cpp protocol details exactly; these tests
show they hold against the real thing: what ``/props`` says, exact counts through ``/apply-template`` +
``/tokenize``, the chat and background slots, ``cache_prompt`` reuse reported by its ``timings``, constrained
JSON through ``response_format``, Stop, and the server going away mid-reply.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.core.memory.facts import FACT_SCHEMA
from app.llm.errors import ServerDisconnected
from app.llm.server_engine import ServerConfig, ServerModel, check_connection
from app.llm.types import ChatMessage, GenerationRequest, Priority
from tests.llama_server import LlamaCppServer, llama_cpp_server_missing

MISSING = llama_cpp_server_missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=str(MISSING))

CHAT: list[ChatMessage] = [
    {"role": "system", "content": "You are a warm, attentive diary companion.\n\nFacts:\n- dog: Rex"},
    {"role": "user", "content": "Walked Rex by the river; Anna called about Lisbon."},
    {"role": "assistant", "content": "That sounds like a full morning! How is Anna?"},
    {"role": "user", "content": "Сегодня было холодно, но солнечно. Я долго гулял с собакой 🌧️."},
]


@pytest.fixture(scope="module")
def cpp_server(tiny_model_path: Path) -> Iterator[LlamaCppServer]:
    with LlamaCppServer(tiny_model_path, n_ctx=4096) as server:
        yield server


@pytest.fixture(scope="module")
def cpp_model(cpp_server: LlamaCppServer) -> Iterator[ServerModel]:
    with ServerModel(ServerConfig(cpp_server.url, n_ctx=4096)) as model:
        yield model


def test_it_is_recognised_with_its_context_and_two_slots(cpp_server: LlamaCppServer) -> None:
    info = check_connection(ServerConfig(cpp_server.url))
    assert info.kind == "llama.cpp" and info.models == ("smollm2",)
    assert info.n_ctx == 4096 and info.slots == 2


def test_counts_are_exact_and_equal_the_in_process_engine(cpp_model: ServerModel, tiny_engine: Any) -> None:
    assert cpp_model.counts_exact and cpp_model.n_ctx == 4096
    for chat in (CHAT, CHAT[:1], CHAT[1:2]):
        for generation in (True, False):
            expected = tiny_engine.count_chat_tokens(chat, add_generation_prompt=generation)
            assert cpp_model.count_chat_tokens(chat, add_generation_prompt=generation) == expected
    for text in ("Hello there", "Привет, как дела?", "", "  two  spaces "):
        assert cpp_model.count_tokens(text) == tiny_engine.count_tokens(text)


def test_a_longer_chat_evaluates_only_its_new_tokens(cpp_model: ServerModel) -> None:
    """``cache_prompt`` on the chat slot: the second turn reuses the first's prompt, as the timings say."""
    first = cpp_model.submit(GenerationRequest(messages=CHAT[:2], max_tokens=8, temperature=0.0)).result(120)
    assert first.stats.prompt_tokens == cpp_model.count_chat_tokens(CHAT[:2])
    second = cpp_model.submit(GenerationRequest(messages=CHAT, max_tokens=8, temperature=0.0)).result(120)
    assert cpp_model.evaluated_reported
    assert second.stats.prompt_tokens == cpp_model.count_chat_tokens(CHAT)
    assert second.stats.reused_tokens >= first.stats.prompt_tokens - 8  # the shared prefix came from cache
    assert second.stats.evaluated_tokens <= second.stats.prompt_tokens - second.stats.reused_tokens + 1


def test_background_work_keeps_the_chat_slot_warm(cpp_model: ServerModel) -> None:
    cpp_model.submit(GenerationRequest(messages=CHAT, max_tokens=4, temperature=0.0)).result(120)
    background = GenerationRequest(
        messages=[{"role": "user", "content": "Summarise: a walk with Rex, rain, tea."}], max_tokens=8,
        slot="background", priority=Priority.BACKGROUND, temperature=0.0,
    )  # fmt: skip
    cpp_model.submit(background).result(120)
    again = cpp_model.submit(GenerationRequest(messages=CHAT, max_tokens=4, temperature=0.0)).result(120)
    assert again.stats.evaluated_tokens <= 2  # the background request ran on the other slot


def test_constrained_json_is_valid(cpp_model: ServerModel) -> None:
    request = GenerationRequest(
        messages=[{"role": "user", "content": "My sister Anna moved to Lisbon. Reply with a JSON fact."}],
        max_tokens=120, temperature=0.0, json_schema=FACT_SCHEMA, slot="background",
        priority=Priority.BACKGROUND,
    )  # fmt: skip
    value = json.loads(cpp_model.submit(request).result(timeout=120).text)
    assert set(value) >= {"fact", "kind", "importance"}


def test_stop_mid_reply_within_a_second(cpp_model: ServerModel) -> None:
    first = threading.Event()
    pieces: list[str] = []

    def on_token(piece: str) -> None:
        pieces.append(piece)
        first.set()

    handle = cpp_model.submit(GenerationRequest(messages=CHAT, max_tokens=400, on_token=on_token, seed=1))
    assert first.wait(120)
    started = time.monotonic()
    handle.cancel()
    completion = handle.result(timeout=5)
    assert time.monotonic() - started < 1.0
    assert completion.finish_reason == "cancelled" and completion.text == "".join(pieces)
    after = cpp_model.submit(GenerationRequest(messages=CHAT[:1], max_tokens=4)).result(timeout=120)
    assert after.finish_reason in ("stop", "length")  # the slot is free again


def test_the_server_going_away_mid_reply_is_a_typed_error(tiny_model_path: Path) -> None:
    with LlamaCppServer(tiny_model_path, n_ctx=2048) as server, ServerModel(
        ServerConfig(server.url, n_ctx=2048)
    ) as model:
        first = threading.Event()
        handle = model.submit(GenerationRequest(
            messages=CHAT, max_tokens=400, on_token=lambda _piece: first.set(), seed=2,
        ))  # fmt: skip
        assert first.wait(120)
        server.kill()
        with pytest.raises(ServerDisconnected):
            handle.result(timeout=30)
