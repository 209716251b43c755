"""llama.cpp reads a job's stop flag natively inside a prompt batch, without taking Python's lock."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.llm.abort_flag import AbortFlag, StopRequests
from app.llm.engine import EngineConfig, ModelEngine
from app.llm.slots import Aborted


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


@pytest.fixture(scope="module")
def engine(tiny_model_path: Path) -> Iterator[ModelEngine]:
    engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=1024))
    yield engine
    engine.close()


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
