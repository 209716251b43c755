"""The chat's KV cache kept across a restart (app.llm.kv_state), with the real tiny model.

A kept cache is used only if it was made by this model and its tokens start the new prompt; anything else
(a damaged, truncated, foreign or outdated file) is ignored with a log line and the prompt is read instead.
"""

from __future__ import annotations

import logging
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.llm.engine import EngineConfig, ModelEngine
from app.llm.types import ChatMessage, Completion, GenerationRequest, Priority, SavedState

SYSTEM = "You are a warm companion for a diary. Keep replies short. " * 12
CHAT: list[ChatMessage] = [
    {"role": "system", "content": SYSTEM},
    {"role": "user", "content": "Walked the dog by the river after work and met Anna there."},
    {"role": "assistant", "content": "That sounds lovely. How is Anna doing these days?"},
    {"role": "user", "content": "She is moving to Riga in May, and I will miss her a lot."},
    {"role": "assistant", "content": "It is hard when a friend moves away. Will you visit her?"},
]
NEW: ChatMessage = {"role": "user", "content": "Maybe in the summer. I want to see the old town."}


@pytest.fixture
def engine(tiny_model_path: Path) -> Iterator[ModelEngine]:
    engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=2048))
    yield engine
    engine.close()


def keep(engine: ModelEngine, path: Path, max_bytes: int = 1 << 30) -> Completion:
    """What the companion does at close: the next prompt's start, prefilled and saved."""
    request = GenerationRequest(
        messages=CHAT, priority=Priority.BACKGROUND, max_tokens=1, prefill_only=True,
        saved_state=SavedState(path, save=True, max_bytes=max_bytes),
    )
    return engine.submit(request).result(timeout=120)


def reply(engine: ModelEngine, path: Path, messages: list[ChatMessage] | None = None) -> Completion:
    request = GenerationRequest(
        messages=messages or [*CHAT, NEW], max_tokens=8, seed=3, saved_state=SavedState(path)
    )
    return engine.submit(request).result(timeout=120)


def new_turn_tokens(engine: ModelEngine) -> int:
    before = engine.count_chat_tokens(CHAT, add_generation_prompt=False)
    return engine.count_chat_tokens([*CHAT, NEW]) - before


@pytest.fixture
def kept(tmp_path: Path, tiny_model_path: Path) -> Path:
    """A cache kept by an engine that is closed since (the app before the restart)."""
    path = tmp_path / "chat-cache.kv"
    first = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=2048))
    try:
        saved = keep(first, path)
        assert saved.stats.state_tokens == len(first.chat_tokens(CHAT, add_generation_prompt=False))
    finally:
        first.close()
    assert saved.stats.state_bytes == path.stat().st_size
    return path


def test_a_restart_reads_only_the_new_message_and_the_file_is_private(
    kept: Path, engine: ModelEngine
) -> None:
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    answer = reply(engine, kept)
    assert answer.stats.state_tokens > 0  # restored
    assert answer.stats.evaluated_tokens <= new_turn_tokens(engine) + 1
    assert answer.text


def test_without_the_file_the_whole_prompt_is_read(tmp_path: Path, engine: ModelEngine) -> None:
    answer = reply(engine, tmp_path / "missing.kv")
    assert answer.stats.state_tokens == 0
    assert answer.stats.evaluated_tokens == answer.stats.prompt_tokens


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage", "empty"])
def test_a_damaged_file_is_ignored_with_a_log_line(
    kept: Path, engine: ModelEngine, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    data = bytearray(kept.read_bytes())
    if damage == "flip":
        data[len(data) // 2] ^= 0xFF
    elif damage == "truncate":
        data = data[: len(data) // 3]
    elif damage == "garbage":
        data = bytearray(b"not a cache at all" * 100)
    else:
        data = bytearray()
    kept.write_bytes(bytes(data))
    with caplog.at_level(logging.INFO, logger="app.llm.kv_state"):
        answer = reply(engine, kept)
    assert answer.stats.state_tokens == 0
    assert answer.stats.evaluated_tokens == answer.stats.prompt_tokens
    assert any("ignored" in r.getMessage() for r in caplog.records)
    assert not any("Walked" in r.getMessage() or "Anna" in r.getMessage() for r in caplog.records)


def test_a_cache_of_another_model_setup_is_ignored(kept: Path, tiny_model_path: Path) -> None:
    other = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=1024))  # another context size
    try:
        answer = reply(other, kept)
    finally:
        other.close()
    assert answer.stats.state_tokens == 0
    assert answer.stats.evaluated_tokens == answer.stats.prompt_tokens


def test_a_cache_that_does_not_start_the_prompt_is_ignored(kept: Path, engine: ModelEngine) -> None:
    edited = [dict(m) for m in CHAT]
    edited[1]["content"] = "Walked the cat by the river after work and met Anna there."
    answer = reply(engine, kept, [*edited, NEW])  # type: ignore[list-item]
    assert answer.stats.state_tokens == 0
    assert answer.stats.evaluated_tokens == answer.stats.prompt_tokens


def test_a_cache_over_the_limit_is_not_written_and_an_old_one_goes(kept: Path, engine: ModelEngine) -> None:
    saved = keep(engine, kept, max_bytes=1000)
    assert saved.stats.state_tokens == 0
    assert not kept.exists()
