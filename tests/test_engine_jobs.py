"""The owner thread with real llama.cpp: streaming, JSON output, cancel, pre-emption, queue order."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.llm.engine import EngineConfig, ModelEngine
from app.llm.loading import RunningModel
from app.llm.owner import Job
from app.llm.types import ChatMessage, GenerationRequest, JobHandle, Priority

DIARY_LINE = "Today I walked along the river with my dog, the rain was soft and the bakery smelled of rye. "


def unique_chat(sentences: int, question: str = "What do you think?") -> list[ChatMessage]:
    """A chat no cache has seen before (a unique first line), ``sentences`` diary lines long."""
    return [
        {"role": "system", "content": f"Session {uuid.uuid4().hex}. You are a diary companion."},
        {"role": "user", "content": DIARY_LINE * sentences + question},
    ]


@pytest.fixture(scope="module")
def one_batch_engine(tiny_model_path: Path) -> Iterator[ModelEngine]:
    """Prompts are evaluated in one big batch: cancelling must work *inside* llama_decode."""
    engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=2048, n_batch=2048))
    yield engine
    engine.close()


def test_streams_pieces_on_the_owner_thread(tiny_engine: ModelEngine) -> None:
    pieces: list[str] = []
    threads: set[str] = set()

    def on_token(piece: str) -> None:
        pieces.append(piece)
        threads.add(threading.current_thread().name)

    request = GenerationRequest(
        messages=unique_chat(1, "Tell me a short story."), max_tokens=24, on_token=on_token, seed=7
    )
    completion = tiny_engine.submit(request).result(timeout=60)
    assert len(pieces) >= 2
    assert "".join(pieces) == completion.text
    assert threads == {"hearth-model-owner"}
    stats = completion.stats
    assert stats.completion_tokens == 24 and completion.finish_reason == "length"
    assert stats.prompt_tokens == stats.reused_tokens + stats.evaluated_tokens
    assert 0 < stats.ttft_s <= stats.total_s and stats.tokens_per_s > 0
    assert tiny_engine.info()["last_tokens_per_s"] > 0


def test_stop_strings_are_cut_and_never_streamed(tiny_engine: ModelEngine) -> None:
    pieces: list[str] = []
    request = GenerationRequest(
        messages=[{"role": "user", "content": "Count from 1 to 20 separated by commas."}],
        max_tokens=60,
        temperature=0.0,
        stop=["7"],
        on_token=pieces.append,
    )
    completion = tiny_engine.submit(request).result(timeout=60)
    if completion.finish_reason == "stop" and "6" in completion.text:
        assert "7" not in completion.text
    assert "7" not in "".join(pieces)
    assert "".join(pieces) == completion.text


def test_json_schema_gives_parseable_json(tiny_engine: ModelEngine) -> None:
    schema = {
        "type": "object",
        "properties": {
            "fact": {"type": "string", "maxLength": 60},
            "kind": {"type": "string", "enum": ["person", "pet", "place", "other"]},
        },
        "required": ["fact", "kind"],
    }
    request = GenerationRequest(
        messages=[
            {"role": "system", "content": "Extract one fact about the writer as JSON."},
            {"role": "user", "content": "My dog Rex is nine years old and loves the river."},
        ],
        max_tokens=120,
        temperature=0.2,
        seed=3,
        json_schema=schema,
        slot="background",
        priority=Priority.BACKGROUND,
    )
    completion = tiny_engine.submit(request).result(timeout=60)
    data = json.loads(completion.text)
    assert isinstance(data["fact"], str) and data["kind"] in {"person", "pet", "place", "other"}


def test_cancel_during_a_long_prompt_returns_within_a_second(one_batch_engine: ModelEngine) -> None:
    messages = unique_chat(60)  # ~1,300 tokens: ~9 s of prompt processing in one llama_decode call
    assert one_batch_engine.count_chat_tokens(messages) > 1000
    processing = threading.Event()
    request = GenerationRequest(
        messages=messages, max_tokens=8, extra={"on_progress": lambda done, total: processing.set()}
    )
    handle = one_batch_engine.submit(request)
    assert processing.wait(timeout=60)
    cancelled_at = time.perf_counter()
    handle.cancel()
    completion = handle.result(timeout=30)
    assert time.perf_counter() - cancelled_at < 1.0
    assert completion.finish_reason == "cancelled"
    assert completion.text == "" and completion.stats.completion_tokens == 0
    assert one_batch_engine.cached_tokens("chat") < 1000  # the aborted batch was not kept half-done
    # The engine is fine afterwards.
    after = one_batch_engine.submit(GenerationRequest(messages=unique_chat(1), max_tokens=3)).result(
        timeout=60
    )
    assert after.finish_reason in ("length", "stop")


def test_cancel_during_generation_keeps_the_partial_text(tiny_engine: ModelEngine) -> None:
    first_piece = threading.Event()
    pieces: list[str] = []

    def on_token(piece: str) -> None:
        pieces.append(piece)
        first_piece.set()

    request = GenerationRequest(
        messages=unique_chat(1, "Write a long poem about rain."), max_tokens=400, on_token=on_token
    )
    handle = tiny_engine.submit(request)
    assert first_piece.wait(timeout=60)
    cancelled_at = time.perf_counter()
    handle.cancel()
    completion = handle.result(timeout=30)
    assert time.perf_counter() - cancelled_at < 1.0
    assert completion.finish_reason == "cancelled"
    assert completion.text == "".join(pieces) and completion.text
    assert 1 <= completion.stats.completion_tokens < 400


def test_cancel_while_queued_finishes_at_once(tiny_engine: ModelEngine) -> None:
    release = threading.Event()
    blocker = tiny_engine.submit(
        GenerationRequest(
            messages=unique_chat(1), max_tokens=2, extra={"on_progress": lambda d, t: release.wait(30)}
        )
    )
    queued = tiny_engine.submit(GenerationRequest(messages=unique_chat(1), max_tokens=2))
    queued.cancel()
    assert queued.done()
    assert queued.result(timeout=0).finish_reason == "cancelled"
    release.set()
    assert blocker.result(timeout=60).finish_reason in ("length", "stop")


def test_queue_runs_interactive_jobs_first(tiny_engine: ModelEngine) -> None:
    release = threading.Event()
    order: list[str] = []

    def request(label: str, priority: Priority, hold: bool = False) -> GenerationRequest:
        def on_progress(done: int, total: int) -> None:
            if done == 0:
                order.append(label)
            if hold:
                release.wait(30)

        slot = "background" if priority is Priority.BACKGROUND else "chat"
        return GenerationRequest(
            messages=unique_chat(1),
            max_tokens=1,
            priority=priority,
            slot=slot,
            label=label,
            extra={"on_progress": on_progress},
        )

    handles = [tiny_engine.submit(request("hold", Priority.INTERACTIVE, hold=True))]
    handles += [tiny_engine.submit(request(name, Priority.BACKGROUND)) for name in ("b1", "b2")]
    handles += [tiny_engine.submit(request(name, Priority.INTERACTIVE)) for name in ("i1", "i2")]
    release.set()
    for handle in handles:
        handle.result(timeout=60)
    assert order == ["hold", "i1", "i2", "b1", "b2"]


def assert_background_yields_and_resumes(model: RunningModel, wait_s: float = 60) -> JobHandle:
    """A background job under way yields to the person's reply and then completes, resuming where it was
    stopped (nothing evaluated twice): the check the engine here and the model in its child share."""
    background_running = threading.Event()
    background = model.submit(
        GenerationRequest(
            messages=unique_chat(20),  # ~450 tokens: a few seconds of prompt processing
            max_tokens=4,
            priority=Priority.BACKGROUND,
            slot="background",
            label="summary",
            extra={"on_progress": lambda done, total: background_running.set()},
        )
    )
    assert background_running.wait(timeout=wait_s)
    chat = model.submit(GenerationRequest(messages=unique_chat(1), max_tokens=4, label="chat"))
    assert chat.result(timeout=wait_s).finish_reason in ("length", "stop")
    assert not background.done(), "the chat reply overtook the running background job"
    completion = background.result(timeout=2 * wait_s)
    assert completion.finish_reason in ("length", "stop")
    assert (
        completion.stats.evaluated_tokens == completion.stats.prompt_tokens - completion.stats.reused_tokens
    )
    return background


def test_background_job_is_preempted_and_completes_later(tiny_engine: ModelEngine) -> None:
    background = assert_background_yields_and_resumes(tiny_engine)
    assert isinstance(background, Job) and background.progress.attempts == 2


def test_json_strings_cannot_hold_raw_control_characters() -> None:
    """A raw newline inside a JSON string breaks ``json.loads``; the grammar must forbid it."""
    from app.llm.generation import json_grammar

    grammar = json_grammar(
        {"type": "object", "properties": {"fact": {"type": "string"}}, "required": ["fact"]}
    )
    assert '[^"\\\\\\x7F\\x00-\\x1F]' in grammar._grammar


def test_a_reply_cut_inside_a_letter_ends_on_the_last_whole_letter() -> None:
    """QA: a Russian reply cut at its token limit halfway through a Cyrillic letter was saved ending in
    "\ufffd". The unfinished letter's bytes are dropped instead; a stop string held back is still cut."""
    from app.llm.generation import TextStream

    letter = "ж".encode()
    stream = TextStream(["</s>"])
    said = stream.feed("Вот, ".encode() + letter[:1])
    assert said + stream.flush() == "Вот, "
    stream = TextStream(["</s>"])
    assert stream.feed("Да</".encode()) + stream.flush() == "Да</"
    stream = TextStream([])
    assert stream.feed(letter[:1]) + stream.feed(letter[1:]) + stream.flush() == "ж"


def test_russian_replies_cut_at_every_short_limit_hold_no_broken_letter(tiny_engine: ModelEngine) -> None:
    """The same, on the real model: byte-level tokens split Cyrillic letters, so some of these limits cut
    one in two."""
    chat: list[ChatMessage] = [{"role": "user", "content": "Напиши по-русски, как прошёл твой день."}]
    requests = [GenerationRequest(messages=chat, max_tokens=n, seed=3) for n in range(1, 13)]
    texts = [tiny_engine.submit(request).result(timeout=60).text for request in requests]
    assert any(any("а" <= ch <= "я" for ch in text.lower()) for text in texts)  # it did write Cyrillic
    assert not [text for text in texts if "\ufffd" in text]
