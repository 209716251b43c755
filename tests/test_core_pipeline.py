"""The whole pipeline on the real tiny model (its facts are poor; the mechanics are the point)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.core.companion import Companion
from app.core.events import BudgetReport, Event, JobFinished, ReplyFinished, SummaryUpdated, TokenStreamed
from app.core.text import CUT_OFF_MARK
from app.store import Diary

ENTRIES = [
    "Walked my dog Rex by the river this morning; my sister Anna called about her move to Lisbon.",
    "Work was long. The shed roof project is stuck until the new planks arrive on Friday.",
    "Anna decided to leave Lisbon in June. I promised to help her pack the books.",
    "Rex found a hedgehog in the garden and would not stop barking at it.",
    "Started reading a novel about a lighthouse keeper; it reminds me of grandfather.",
    "Slept badly again before the deadline. Tea and a short walk helped a little.",
]


@pytest.fixture(scope="module", params=["in-process", "server", "llama.cpp server"])
def small_engine(request: pytest.FixtureRequest, tiny_model_path: Path) -> Iterator[Any]:
    """A small context so a fold happens within a few real turns; once in llama.cpp in this process, once
    on llama-cpp-python's OpenAI-compatible server and once on llama.cpp's own llama-server (issue 15:
    every feature works on both engines, whichever server speaks for the model)."""
    if request.param == "in-process":
        from app.llm.engine import EngineConfig, ModelEngine

        engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=1024))
        yield engine
        engine.close()
        return
    from app.llm.server_engine import ServerConfig, ServerModel
    from tests.llama_server import LlamaCppServer, LlamaServer, llama_cpp_server_missing

    if request.param == "llama.cpp server" and (why := llama_cpp_server_missing()):
        pytest.skip(why)
    kind = LlamaCppServer if request.param == "llama.cpp server" else LlamaServer
    with kind(tiny_model_path, n_ctx=1024) as server, ServerModel(
        ServerConfig(server.url, n_ctx=1024)
    ) as model:
        assert model.counts_exact
        yield model


def test_real_turns_stream_persist_learn_and_fold(data_dir: Path, small_engine: Any) -> None:
    diary = Diary.open(data_dir)
    settings = Settings(reply_reserve=96, reply_length="short")
    companion = Companion(diary, small_engine, settings)
    events: list[Event] = []
    companion.subscribe(events.append)
    prompts: list[tuple[int, int]] = []
    try:
        # Reply lengths vary with sampling, so keep writing (up to three rounds) until the tail overflows.
        for entry in ENTRIES * 3:
            report = companion.preview_budget(entry)
            companion.send(entry)
            assert companion.wait_idle(timeout=300)
            done = [e for e in events if isinstance(e, ReplyFinished)][-1]
            prompts.append(
                (report.n_ctx - report.tokens("reply_reserve") - report.free, done.stats["prompt_tokens"])
            )
            streamed = "".join(
                e.text for e in events if isinstance(e, TokenStreamed) and e.message_id == done.message_id
            )
            if done.text:
                assert streamed.strip() == done.text or (  # the mark of a reply cut off inside a sentence
                    done.text.endswith(CUT_OFF_MARK)  # comes after any space its last piece ended with
                    and streamed.strip().removesuffix(CUT_OFF_MARK).rstrip() + CUT_OFF_MARK == done.text
                )
                assert diary.get_message(done.message_id).text == done.text  # type: ignore[union-attr]
            if any(isinstance(e, SummaryUpdated) for e in events):
                break
        jobs = {e.kind for e in events if isinstance(e, JobFinished)}
        assert "facts" in jobs  # the extraction ran (whatever the tiny model remembered)
        assert any(isinstance(e, SummaryUpdated) for e in events), "a fold should happen with n_ctx=1024"
        summary = diary.get_summary("rolling", str(companion.conversation_id))
        assert summary is not None and summary.text.strip()
        # the budget report of a prompt is exactly what llama.cpp evaluated (minus the recall of that turn,
        # which preview and send compute the same way: no earlier conversations exist here)
        for predicted, real in prompts:
            assert predicted == real
        for report in (e for e in events if isinstance(e, BudgetReport)):
            assert sum(s.tokens for s in report.segments) == report.n_ctx == 1024
            assert report.free >= 0
    finally:
        companion.close()
        diary.close()


def test_hearth_chat_json_prints_every_event(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli import main

    data_dir.mkdir(parents=True, exist_ok=True)
    Settings(reply_length="short", reply_reserve=64).save(data_dir)
    monkeypatch.setattr("sys.stdin", io.StringIO("Hello, this is my first diary entry today.\n\n"))
    assert main(["chat", "--json", "--n-ctx", "1024"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    types = [line["type"] for line in lines]
    assert types[0] == "message_added" and "reply_started" in types and "reply_done" in types
    assert "budget" in types and "job_started" in types
    assert lines[0]["text"] == "Hello, this is my first diary entry today."


def test_hearth_digest_of_an_empty_day_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    assert (
        main(
            [
                "digest",
                "--day",
                "2020-01-01",
                "--model",
                str(__import__("app.llm.tiny", fromlist=["x"]).tiny_model_path()),
            ]
        )
        == 1
    )
    assert "nothing was written on 2020-01-01" in capsys.readouterr().err


def test_real_digests_then_reflections_when_idle(data_dir: Path, small_engine: Any) -> None:
    """Digests of past days and the idle reflection job on the real tiny model: what it writes is poor,
    but the jobs run, finish, and leave well-formed memory behind."""
    from datetime import date, datetime, timedelta

    from app.core.events import JobFailed, JobStarted
    from app.core.memory.reflections import MAX_REFLECTIONS, MIN_DIGESTS

    diary = Diary.open(data_dir)
    today = date.today()
    days = [today - timedelta(days=n) for n in range(MIN_DIGESTS + 1, 1, -1)]
    for day, entry in zip(days, ENTRIES, strict=False):
        conversation = diary.conversation_for_day(day)
        diary.add_message(
            conversation.id, "user", entry, created_at=datetime.combine(day, datetime.min.time())
        )  # type: ignore[arg-type]
    companion = Companion(
        diary, small_engine, Settings(reply_reserve=96, reply_length="short", reflections_enabled=True)
    )
    events: list[Event] = []
    companion.subscribe(events.append)
    try:
        written = [companion.digest(day) for day in days]
        assert all(text.strip() for text in written)
        assert len(diary.list_summaries("daily")) == len(days)
        companion.send("A quiet evening; I wrote two pages and went to bed early.")
        assert companion.wait_idle(timeout=300)
        kinds = [e.kind for e in events if isinstance(e, JobStarted)]
        assert "reflection" in kinds  # started by the idle trigger, not by a call
        assert not [e for e in events if isinstance(e, JobFailed)]
        reflections = diary.current_reflections()
        assert len(reflections) <= MAX_REFLECTIONS
        assert all(r.text.strip() and "?" not in r.text for r in reflections)
    finally:
        companion.close()
        diary.close()
