"""The model in a child process (``app.llm.model_process``): the same counts and the same replies as the
engine in this process, streamed, cancelled and pre-empted the same way; a clear ``ModelStopped`` when the
child dies (and a new child for the next job, up to a limit); its log lines here; no child left behind.

Real llama.cpp on the bundled tiny model in a real child process throughout. Nothing sleeps: a child's end is
waited for on a pidfd (``tests.processes``), a reply mid-stream on an event its first piece sets.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.llm import loading, model_process
from app.llm.engine import EngineConfig, ModelEngine
from app.llm.errors import EngineError, ModelFileMissing, ModelStopped, OutOfMemory, PromptTooLong
from app.llm.model_process import MAX_STARTS, PortableError, ProcessModel
from app.llm.types import GenerationRequest, JobHandle
from tests.processes import process_gone
from tests.test_engine_jobs import assert_background_yields_and_resumes, unique_chat
from tests.test_engine_kv_state import keep, new_turn_tokens, reply

ROOT = Path(__file__).resolve().parents[1]
WAIT_S = 120.0


@pytest.fixture(scope="module")
def process_model(tiny_model_path: Path) -> Iterator[ProcessModel]:
    model = ProcessModel(EngineConfig(model_path=tiny_model_path, n_ctx=4096))
    yield model
    model.close()


@pytest.fixture
def own_model(tiny_model_path: Path) -> Iterator[ProcessModel]:
    """A model of the test's own, for tests that kill or close it."""
    model = ProcessModel(EngineConfig(model_path=tiny_model_path, n_ctx=1024))
    yield model
    model.close()


def long_reply_under_way(model: ProcessModel) -> JobHandle:
    """A 600-token reply whose first piece has arrived."""
    started = threading.Event()
    job = model.submit(
        GenerationRequest(
            messages=unique_chat(1, "Tell me a long story."),
            max_tokens=600,
            on_token=lambda _p: started.set(),
        )
    )
    assert started.wait(WAIT_S)
    return job


def test_counts_and_a_greedy_reply_are_the_engines_own(
    process_model: ProcessModel, tiny_engine: ModelEngine
) -> None:
    chat = unique_chat(3, "Tell me about the river.")
    assert process_model.count_tokens("Привет, river walk!") == tiny_engine.count_tokens(
        "Привет, river walk!"
    )
    assert process_model.count_chat_tokens(chat) == tiny_engine.count_chat_tokens(chat)
    assert process_model.tokenizer_id == tiny_engine.tokenizer_id
    assert process_model.n_ctx == tiny_engine.n_ctx

    pieces: list[str] = []
    threads: set[str] = set()

    def on_token(piece: str) -> None:
        pieces.append(piece)
        threads.add(threading.current_thread().name)

    there = process_model.submit(
        GenerationRequest(messages=chat, max_tokens=24, temperature=0.0, on_token=on_token)
    ).result(timeout=WAIT_S)
    here = tiny_engine.submit(GenerationRequest(messages=chat, max_tokens=24, temperature=0.0)).result(WAIT_S)
    assert there.text == here.text and there.finish_reason == here.finish_reason
    assert "".join(pieces) == there.text and len(pieces) >= 2
    assert threads == {"hearth-model-reader"}
    assert there.stats.prompt_tokens == process_model.count_chat_tokens(chat)
    assert there.stats.evaluated_tokens == there.stats.prompt_tokens  # a chat no cache had seen
    assert process_model.child_pid not in (None, os.getpid())
    assert process_model.info()["last_tokens_per_s"] > 0


def test_a_prompt_that_cannot_fit_is_refused_here(process_model: ProcessModel) -> None:
    request = GenerationRequest(messages=unique_chat(400), max_tokens=64)
    with pytest.raises(PromptTooLong):
        process_model.submit(request)
    assert process_model.pending_jobs() == 0


def test_cancel_mid_reply_keeps_what_was_streamed(process_model: ProcessModel) -> None:
    started = threading.Event()
    pieces: list[str] = []

    def on_token(piece: str) -> None:
        pieces.append(piece)
        started.set()

    job = process_model.submit(
        GenerationRequest(messages=unique_chat(1, "Tell me a long story."), max_tokens=400, on_token=on_token)
    )
    assert started.wait(WAIT_S)
    job.cancel()
    completion = job.result(timeout=WAIT_S)
    assert completion.finish_reason == "cancelled"
    assert completion.text == "".join(pieces) and completion.stats.completion_tokens < 400


def test_a_background_job_yields_to_the_person_and_completes_later(process_model: ProcessModel) -> None:
    assert_background_yields_and_resumes(process_model, WAIT_S)


def test_an_error_in_the_child_comes_back_typed(process_model: ProcessModel) -> None:
    bad = GenerationRequest(messages=unique_chat(1), max_tokens=8, json_schema={"type": "no-such-type"})
    with pytest.raises((EngineError, ValueError)):
        process_model.submit(bad).result(timeout=WAIT_S)
    assert process_model.submit(GenerationRequest(messages=unique_chat(1), max_tokens=4)).result(WAIT_S)


def test_errors_cross_with_their_class_message_and_hint() -> None:
    rebuilt = PortableError.of(PromptTooLong(5000, 4000)).rebuild()
    assert type(rebuilt) is PromptTooLong and "5000" in str(rebuilt) and rebuilt.hint == PromptTooLong.hint
    secret = PortableError.of(RuntimeError("my diary says I love Anna")).rebuild()
    assert type(secret) is EngineError and "Anna" not in str(secret) and "RuntimeError" in str(secret)
    assert type(PortableError("os.system", "x", "").rebuild()) is EngineError  # only app.llm.errors' classes


def test_forget_cache_empties_the_childs_slot(own_model: ProcessModel) -> None:
    own_model.submit(GenerationRequest(messages=unique_chat(2), max_tokens=4)).result(timeout=WAIT_S)
    assert own_model.cached_tokens("chat") > 0
    own_model.forget_cache("chat")
    assert own_model.cached_tokens("chat") == 0


def test_a_child_killed_mid_reply_is_a_clear_error_and_the_next_job_starts_another(
    own_model: ProcessModel, caplog: pytest.LogCaptureFixture
) -> None:
    job = long_reply_under_way(own_model)
    first = own_model.child_pid
    assert first is not None
    os.kill(first, signal.SIGKILL)
    with pytest.raises(ModelStopped, match="stopped while it worked") as raised:
        job.result(timeout=WAIT_S)
    assert raised.value.hint and "Send the message again" in raised.value.hint
    assert "stopped with 1 jobs" in caplog.text
    again = own_model.submit(GenerationRequest(messages=unique_chat(1), max_tokens=4)).result(timeout=WAIT_S)
    assert again.finish_reason in ("stop", "length")
    assert own_model.child_pid not in (None, first)


def test_after_max_starts_it_says_so_instead_of_starting_more(own_model: ProcessModel) -> None:
    for _ in range(MAX_STARTS - 1):
        pid = own_model.child_pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        assert process_gone(pid, WAIT_S)
        own_model.submit(GenerationRequest(messages=unique_chat(1), max_tokens=2)).result(timeout=WAIT_S)
    pid = own_model.child_pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    assert process_gone(pid, WAIT_S)
    with pytest.raises(ModelStopped, match=f"stopped {MAX_STARTS} times"):
        own_model.submit(GenerationRequest(messages=unique_chat(1), max_tokens=2))


def test_close_cancels_a_running_reply_and_ends_the_child(own_model: ProcessModel) -> None:
    job = long_reply_under_way(own_model)
    pid = own_model.child_pid
    assert pid is not None
    own_model.close()
    assert job.result(timeout=WAIT_S).finish_reason == "cancelled"
    assert process_gone(pid, WAIT_S)
    with pytest.raises(EngineError, match="closed"):
        own_model.submit(GenerationRequest(messages=unique_chat(1), max_tokens=2))
    with pytest.raises(EngineError, match="closed"):
        own_model.count_tokens("a")


def test_the_chat_cache_is_saved_and_restored_by_the_child(
    tiny_model_path: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """As ``tests/test_engine_kv_state.py`` with the engine in this process: a restart reads only the new
    message; a damaged file is ignored, and the child's log line about it is logged here."""
    path = tmp_path / "chat-cache.kv"
    config = EngineConfig(model_path=tiny_model_path, n_ctx=2048)
    with ProcessModel(config) as first:
        saved = keep(first, path)  # type: ignore[arg-type]
    assert saved.stats.state_bytes == path.stat().st_size and (path.stat().st_mode & 0o777) == 0o600
    with ProcessModel(config) as second:
        answer = reply(second, path)  # type: ignore[arg-type]
        assert answer.stats.state_tokens > 0
        assert answer.stats.evaluated_tokens <= new_turn_tokens(second) + 1  # type: ignore[arg-type]

    path.write_bytes(b"not a cache")
    with caplog.at_level(logging.INFO), ProcessModel(config) as third:
        answer = reply(third, path)  # type: ignore[arg-type]
    assert answer.stats.state_tokens == 0 and answer.stats.evaluated_tokens == answer.stats.prompt_tokens
    assert any(record.name == "app.llm.kv_state" for record in caplog.records)


def test_a_file_the_child_cannot_use_is_the_engines_own_typed_error(
    tiny_model_path: Path, tmp_path: Path
) -> None:
    """The child reads the header and loads: what it refuses is raised here as the engine raises it."""
    with pytest.raises(ModelFileMissing):
        ProcessModel(EngineConfig(model_path=tmp_path / "nowhere.gguf"))
    with pytest.raises(ValueError, match="Unknown KV cache type"):
        ProcessModel(EngineConfig(model_path=tiny_model_path, n_ctx=1024, kv_cache_type="f8"))


def test_a_child_that_cannot_start_or_dies_loading_is_a_clear_error(
    tiny_model_path: Path, tmp_path: Path
) -> None:
    config = EngineConfig(model_path=tiny_model_path, n_ctx=1024)
    with pytest.raises(EngineError, match="could not start"):
        ProcessModel(config, command=[str(tmp_path / "no-such-program")])
    with pytest.raises(ModelStopped, match="while loading"):
        ProcessModel(config, command=[sys.executable, "-c", "pass"])


def test_the_childs_own_load_failure_comes_back_typed(tiny_model_path: Path) -> None:
    """What llama.cpp refuses in the child (here: memory, as a stand-in engine says) is raised here, typed."""
    stand_in = (
        "import sys\n"
        "import app.llm.model_process as child\n"
        "from app.llm.errors import OutOfMemory\n"
        "class NoRoom:\n"
        "    def __init__(self, config): raise OutOfMemory('There is not enough memory to load it.')\n"
        "child.ModelEngine = NoRoom\n"
        "sys.exit(child.main([]))\n"
    )
    config = EngineConfig(model_path=tiny_model_path, n_ctx=1024)
    with pytest.raises(OutOfMemory, match="not enough memory") as raised:
        ProcessModel(config, command=[sys.executable, "-c", stand_in])
    assert raised.value.hint == OutOfMemory.hint


def test_the_weights_are_only_in_the_child_and_it_ends_when_the_app_is_killed(tiny_model_path: Path) -> None:
    """The app's process holds the vocabulary only (the model file is not mapped there; it is in the child),
    and a child outlives no app, however the app ended."""
    script = (
        "import sys; from pathlib import Path\n"
        "from app.llm.engine import EngineConfig\n"
        "from app.llm.model_process import ProcessModel\n"
        f"m = ProcessModel(EngineConfig(model_path=Path({str(tiny_model_path)!r}), n_ctx=512))\n"
        f"mapped = {str(tiny_model_path.resolve())!r} in Path('/proc/self/maps').read_text()\n"
        "print(m.child_pid, mapped, flush=True)\n"
        "sys.stdin.read()\n"
    )
    app = subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert app.stdout is not None
    pid, mapped_in_app = app.stdout.readline().split()
    child = int(pid)
    assert mapped_in_app == "False"
    assert str(tiny_model_path.resolve()) in Path(f"/proc/{child}/maps").read_text()
    app.kill()
    app.wait()
    assert process_gone(child, WAIT_S)  # its stdin closed with the app: it exits on its own


def test_the_app_loads_in_a_child_unless_told_otherwise(
    tiny_model_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.config import ModelSettings

    monkeypatch.delenv(loading.MODEL_PROCESS_ENV, raising=False)
    settings = ModelSettings(path=str(tiny_model_path), n_ctx=512)
    loaded = loading.load_model_file(settings, tiny_model_path)
    try:
        assert isinstance(loaded.engine, ProcessModel) and loaded.is_tiny
    finally:
        loaded.engine.close()
    monkeypatch.setenv(loading.MODEL_PROCESS_ENV, "0")
    loaded = loading.load_model_file(settings, tiny_model_path)
    try:
        assert isinstance(loaded.engine, ModelEngine) and loaded.is_tiny
    finally:
        loaded.engine.close()


def test_the_packaged_app_starts_the_child_through_its_own_executable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert model_process.worker_command() == [sys.executable, model_process.WORKER_ARGUMENT]
    main_script = (ROOT / "packaging" / "hearth_main.py").read_text(encoding="utf-8")
    assert "MODEL_WORKER_ARGUMENT" in main_script


def test_a_terminals_ctrl_c_reaches_the_app_and_not_its_model(tiny_model_path: Path) -> None:
    """QA (session 41): Ctrl+C at `hearth chat` in a terminal went to the whole foreground process group,
    the model's child too, which died of it; the chat then said "The model's process stopped while it
    worked". The child has a process group of its own: the app gets the Ctrl+C, and its model goes on."""
    script = (
        "import os, sys; from pathlib import Path\n"
        "from app.llm.engine import EngineConfig\n"
        "from app.llm.model_process import ProcessModel\n"
        "from app.llm.types import GenerationRequest\n"
        f"m = ProcessModel(EngineConfig(model_path=Path({str(tiny_model_path)!r}), n_ctx=512))\n"
        "first = m.child_pid\n"
        "print(first, os.getpgid(first) != os.getpgid(0), flush=True)\n"
        "try:\n"
        "    sys.stdin.read()\n"
        "except KeyboardInterrupt:\n"
        "    done = m.submit(GenerationRequest(messages=[{'role': 'user', 'content': 'Hi'}], max_tokens=4))\n"
        "    print(m.child_pid == first, bool(done.result(120).text), flush=True)\n"
        "m.close()\n"
    )
    app = subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        start_new_session=True,  # a terminal's foreground job: the group a Ctrl+C goes to
    )
    try:
        assert app.stdout is not None
        child, own_group = app.stdout.readline().split()
        assert own_group == "True"
        os.killpg(app.pid, signal.SIGINT)  # what the terminal does on Ctrl+C
        assert app.stdout.readline().split() == ["True", "True"]  # the same child, and it answered
        assert app.wait(WAIT_S) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    assert process_gone(int(child), WAIT_S)
