"""The model's compute yields to the window without its Python thread holding Python's lock at low priority:
llama_decode runs on a lowered thread of its own, and llama.cpp reads the stop flag natively."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.llm.abort_flag import AbortFlag, StopRequests
from app.llm.engine import EngineConfig, ModelEngine
from app.llm.priority import LoweredCalls
from app.llm.slots import Aborted
from app.llm.types import GenerationRequest

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="thread priorities: Linux")


def thread_nice(native_id: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, native_id)


def test_stop_requests_mirror_either_event_into_the_flag() -> None:
    stop = StopRequests()
    assert not stop.flag.is_set()
    stop.preempt.set()
    assert stop.flag.is_set()
    stop.cancel.set()
    stop.preempt.clear()  # re-queued after a pre-emption, but cancelled meanwhile: still stops
    assert stop.flag.is_set()
    stop.cancel.clear()
    assert not stop.flag.is_set()


def test_lowered_calls_return_results_and_raise_errors_on_the_caller() -> None:
    calls = LoweredCalls(5, "test-lowered")
    try:
        assert calls.call(lambda: 6 * 7) == 42
        with pytest.raises(ZeroDivisionError):
            calls.call(lambda: 1 // 0)
        assert calls.call(lambda: "still running") == "still running"
    finally:
        calls.close()


@linux_only
def test_lowered_calls_run_at_their_nice_while_the_caller_keeps_its_own() -> None:
    calls = LoweredCalls(5, "test-lowered")
    try:
        caller = thread_nice(threading.get_native_id())
        inside = calls.call(lambda: thread_nice(threading.get_native_id()))
    finally:
        calls.close()
    assert inside == min(19, caller + 5)
    assert thread_nice(threading.get_native_id()) == caller


@pytest.fixture(scope="module")
def engine(tiny_model_path: Path) -> Iterator[ModelEngine]:
    engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=1024))
    yield engine
    engine.close()


@linux_only
def test_decode_runs_lowered_and_the_owner_thread_is_not(engine: ModelEngine) -> None:
    owner_nice: list[int] = []

    def on_token(_piece: str) -> None:
        owner_nice.append(thread_nice(threading.get_native_id()))

    messages = [{"role": "user", "content": "Say hello."}]
    engine.submit(GenerationRequest(messages=messages, max_tokens=3, on_token=on_token)).result(60)  # type: ignore[typeddict-item]
    compute = next(t for t in threading.enumerate() if t.name == "hearth-model-compute")
    assert compute.native_id is not None
    process = os.getpriority(os.PRIO_PROCESS, 0)
    assert owner_nice and set(owner_nice) == {process}
    assert thread_nice(compute.native_id) == min(19, process + 15)


def test_a_set_flag_stops_a_batch_inside_llama_decode(engine: ModelEngine) -> None:
    """``should_abort`` never says stop: only the native callback, reading the flag, can."""
    slot = engine._slots["background"]
    flag = AbortFlag()
    flag.set_to(True)
    tokens = engine._vocab.tokenize(b"The river was calm and the bread was warm. " * 10, True, False)
    with pytest.raises(Aborted):
        slot.prefill(tokens, lambda: False, abort_flag=flag)
    assert slot.tokens == []
    flag.set_to(False)
    assert slot.prefill(tokens, lambda: False, abort_flag=flag) == (0, len(tokens))
