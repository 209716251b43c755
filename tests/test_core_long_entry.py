"""An entry longer than the model's context (a long evening's writing, Cyrillic counting 2-4 tokens a word):
remembering from it works on its beginning, instead of failing for good with "the prompt needs N tokens"
(and "Shorten the message" as the advice) in the status bar. Real tiny model, real diary."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.core.companion import Companion
from app.core.events import Event, JobFailed, JobFinished
from app.llm.engine import EngineConfig, ModelEngine
from app.store import Diary

N_CTX = 1024  # a small context keeps the real model's turn short; the entry is 3× longer than it


@pytest.fixture
def small_engine(tiny_model_path: Path) -> Iterator[ModelEngine]:
    engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=N_CTX))
    yield engine
    engine.close()


def test_facts_are_looked_for_in_an_entry_longer_than_the_context(data_dir: Path, small_engine: Any) -> None:
    entry = "Моя сестра Нора переехала в Лиссабон. " + "Весь вечер писала о неделе, о работе и о саде. " * 70
    assert small_engine.count_tokens(entry) > 2 * N_CTX
    diary = Diary.open(data_dir)
    companion = Companion(diary, small_engine, Settings(reply_reserve=48, reply_length="short"))
    learned: list[Event] = []
    done = threading.Event()

    def on_event(event: Event) -> None:
        if isinstance(event, JobFinished | JobFailed) and event.kind == "facts":
            learned.append(event)
            done.set()

    companion.subscribe(on_event)
    try:
        companion.write(entry)
        assert done.wait(120)  # (not every job: the entry's fold has its own requests)
        assert isinstance(learned[0], JobFinished), learned
        assert [m.text for m in diary.messages(companion.conversation_id)] == [entry]  # stored whole
    finally:
        companion.close(keep_cache_s=0)
        diary.close()
