"""A real llama_cpp.server that goes away mid-reply, and one that wants an API key (each its own server)."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path

import pytest

from app.config import Settings
from app.core.companion import Companion
from app.core.events import ErrorRaised, Event, ReplyFinished, TokenStreamed
from app.llm.errors import ServerAuthFailed
from app.llm.server_engine import ServerConfig, ServerModel
from app.llm.types import GenerationRequest
from app.store import Diary
from tests.llama_server import LlamaServer


def test_the_server_going_away_mid_reply_keeps_the_partial_reply_marked_interrupted(
    data_dir: Path, tiny_model_path: Path
) -> None:
    with LlamaServer(tiny_model_path, n_ctx=2048) as server:
        model = ServerModel(ServerConfig(server.url, n_ctx=2048))
        diary = Diary.open(data_dir)
        companion = Companion(diary, model, Settings(reply_length="long"))
        events: list[Event] = []
        streaming = threading.Event()

        def listen(event: Event) -> None:
            events.append(event)
            if isinstance(event, TokenStreamed) and len(events) > 8:
                streaming.set()

        companion.subscribe(listen)
        try:
            companion.send("Tell me a long, detailed story about my dog Rex, the river and the old mill.")
            assert streaming.wait(180), "the reply should stream"
            server.kill()
            assert companion.wait_idle(timeout=120)
            done = [e for e in events if isinstance(e, ReplyFinished)][-1]
            assert done.status == "interrupted" and done.text
            stored = diary.get_message(done.message_id)
            assert stored is not None and stored.status == "interrupted" and stored.text == done.text
            errors = [e for e in events if isinstance(e, ErrorRaised)]
            assert errors and errors[0].hint and "kept" in errors[0].hint
        finally:
            companion.close()
            model.close()
            diary.close()


def test_a_wrong_key_is_refused_and_hearth_chat_uses_the_key_from_the_environment(
    data_dir: Path, tiny_model_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli import main

    with LlamaServer(tiny_model_path, n_ctx=1024, api_key="right-key") as server:
        for key in ("wrong-key", None):
            with pytest.raises(ServerAuthFailed) as err:
                ServerModel(ServerConfig(server.url, api_key=key))
            assert "API key" in err.value.hint
        with ServerModel(ServerConfig(server.url, api_key="right-key", n_ctx=1024)) as model:
            assert model.counts_exact
            hello = GenerationRequest(messages=[{"role": "user", "content": "Hi"}], max_tokens=4)
            reply = model.submit(hello)
            assert reply.result(timeout=120).finish_reason in ("stop", "length")

        data_dir.mkdir(parents=True, exist_ok=True)
        Settings(reply_length="short", reply_reserve=64).save(data_dir)
        monkeypatch.setenv("HEARTH_API_KEY", "right-key")
        monkeypatch.setattr("sys.stdin", io.StringIO("Hello, this is my first diary entry today.\n"))
        assert main(["chat", "--json", "--server", server.url, "--n-ctx", "1024"]) == 0
        lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        types = [line["type"] for line in lines]
        assert "reply_started" in types and "reply_done" in types and "budget" in types
        done = next(line for line in lines if line["type"] == "reply_done")
        assert done["status"] == "complete" and done["text"]
        assert "right-key" not in (data_dir / "settings.json").read_text()
        monkeypatch.delenv("HEARTH_API_KEY")
        monkeypatch.setattr("sys.stdin", io.StringIO("Hello again.\n"))
        assert main(["chat", "--server", server.url]) == 1
        assert "API key" in capsys.readouterr().err  # one clear line, no traceback


def test_no_server_at_the_address_is_one_line_that_fits_the_terminal(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli import main
    from tests.llama_server import free_port

    monkeypatch.setattr("sys.stdin", io.StringIO("Hello.\n"))
    assert main(["chat", "--server", f"http://127.0.0.1:{free_port()}"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert "Nothing is listening" in line and "Start the model server" in line
    assert "Test connection" not in line  # a button of the model manager: nothing to press in a terminal


def test_a_prompt_longer_than_a_server_context_it_does_not_report_is_said_as_such(
    tiny_model_path: Path,
) -> None:
    """llama-cpp-python's server does not say its context size, and closes a stream whose prompt is too long
    before its first event; Hearth asks it once more, unstreamed, for its own words (QA, session 21: it was
    "ended the reply without finishing it")."""
    from app.llm.errors import ServerContextTooSmall

    long_text = " ".join(f"day{i % 97} walk river tea" for i in range(400))
    with LlamaServer(tiny_model_path, n_ctx=1024) as server, ServerModel(ServerConfig(server.url)) as model:
        request = GenerationRequest(messages=[{"role": "user", "content": long_text}], max_tokens=16)
        with pytest.raises(ServerContextTooSmall) as err:
            model.submit(request).result(timeout=120)
        assert "maximum context length is 1024 tokens" in str(err.value) and "--n_ctx" in err.value.hint
