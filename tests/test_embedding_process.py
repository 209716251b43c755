"""The meaning model in a child process (``app.llm.embedding_process``): the same vectors as in this
process, a clear ``EmbedderUnavailable`` when the child dies mid-request (and a new child next time, up to
a limit), no diary text in the logs, and no child left behind by an app that closes or dies.

Real processes throughout: the real default pair, and a stand-in model (``tests.embedding_worker_driver``)
that dies, hangs or raises on cue. Nothing sleeps: a hanging child says so through a FIFO, and a child's
end is waited for on a pidfd.
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

import numpy as np
import pytest

from app.llm import embedding_process
from app.llm.embedding import (
    DEFAULT_EMBEDDER,
    EmbedderUnavailable,
    default_embedder,
    make_embedder,
    release,
)
from app.llm.embedding_process import MAX_STARTS, ProcessEmbedder, worker_command
from tests.embedding_worker_driver import DIM, SECRET, StandIn, child_command
from tests.processes import process_gone

ROOT = Path(__file__).resolve().parents[1]
WAIT_S = 60.0


@pytest.fixture
def stand_in(fifo: str) -> Iterator[ProcessEmbedder]:
    embedder = ProcessEmbedder(StandIn(fifo), child_command(fifo))
    yield embedder
    embedder.close()


def _gone(pid: int, timeout: float = WAIT_S) -> bool:
    return process_gone(pid, timeout)


def test_the_app_embeds_in_a_child_with_the_same_vectors_as_in_process() -> None:
    texts = ["Nora finally moved to Lisbon", "у меня аллергия на киви"]
    embedder = default_embedder()
    assert isinstance(embedder, ProcessEmbedder)
    local = make_embedder(DEFAULT_EMBEDDER)
    try:
        assert embedder.embedder_id == local.embedder_id
        assert (embedder.dim, embedder.floor) == (local.dim, local.floor)
        assert embedder.child_pid is None  # nothing starts before the first use
        vectors = embedder.passages(texts)
        query = embedder.query("Where does my sister live now?")
        assert vectors.dtype == np.float32 and vectors.shape == (2, local.dim)
        assert np.allclose(vectors, local.passages(texts), atol=1e-6)
        assert np.allclose(query, local.query("Where does my sister live now?"), atol=1e-6)
        assert embedder.passages([]).shape == (0, local.dim)
        pid = embedder.child_pid
        assert pid is not None and pid != os.getpid()
        assert os.getpgid(pid) != os.getpgid(0)  # a terminal's Ctrl+C is the app's alone (QA, session 41)
    finally:
        embedder.close()
    assert _gone(pid)
    with pytest.raises(EmbedderUnavailable):
        embedder.query("after close")


def test_a_child_that_dies_mid_request_is_a_clear_error_and_the_next_call_starts_another(
    stand_in: ProcessEmbedder, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    assert stand_in.passages(["ab", "abc"]).shape == (2, DIM)
    first = stand_in.child_pid
    with pytest.raises(EmbedderUnavailable, match=f"exit code {-signal.SIGKILL}"):
        stand_in.passages(["ab", "die"])
    assert stand_in.child_pid is None
    assert stand_in.query("abc")[3] == 1.0  # a new child
    assert stand_in.child_pid not in (None, first)
    assert "die" not in caplog.text and "abc" not in caplog.text


def test_a_child_killed_from_outside_while_it_works_is_a_clear_error(
    stand_in: ProcessEmbedder, fifo: str
) -> None:
    failed: list[BaseException] = []

    def ask() -> None:
        try:
            stand_in.query("hang")
        except EmbedderUnavailable as exc:
            failed.append(exc)

    asking = threading.Thread(target=ask)
    asking.start()
    with open(fifo, encoding="utf-8") as said:  # opens once the child is inside the request
        pid = int(said.readline())
    os.kill(pid, signal.SIGKILL)
    asking.join(WAIT_S)
    assert not asking.is_alive()
    assert len(failed) == 1 and "stopped unexpectedly" in str(failed[0])


def test_after_max_starts_crashes_it_stays_unavailable_without_starting_more(
    stand_in: ProcessEmbedder,
) -> None:
    for _ in range(MAX_STARTS):
        with pytest.raises(EmbedderUnavailable, match="unexpectedly"):
            stand_in.query("die")
    with pytest.raises(EmbedderUnavailable, match=f"stopped {MAX_STARTS} times"):
        stand_in.query("ab")
    assert stand_in.child_pid is None


def test_an_error_inside_the_model_is_said_by_its_type_only_and_the_child_goes_on(
    stand_in: ProcessEmbedder, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with pytest.raises(EmbedderUnavailable) as raised:
        stand_in.passages(["ab", "boom"])
    assert "RuntimeError" in str(raised.value) and SECRET not in str(raised.value)
    assert SECRET not in caplog.text
    pid = stand_in.child_pid
    assert stand_in.query("abc")[3] == 1.0 and stand_in.child_pid == pid


def test_a_model_that_prints_does_not_break_the_replies(stand_in: ProcessEmbedder) -> None:
    assert stand_in.passages(["print", "ab"]).shape == (2, DIM)
    assert stand_in.query("abc")[3] == 1.0


def test_a_model_the_child_cannot_load_is_unavailable_with_its_reason(fifo: str) -> None:
    embedder = ProcessEmbedder(StandIn(fifo), worker_command("no-such-model"))
    try:
        with pytest.raises(EmbedderUnavailable, match="Unknown meaning model"):
            embedder.query("ab")
        assert embedder.child_pid is not None  # it stays, saying the same to every request
    finally:
        embedder.close()


def test_the_child_ends_when_the_app_is_killed(fifo: str) -> None:
    app = subprocess.Popen([sys.executable, "-m", "tests.embedding_worker_driver", "app", fifo], cwd=ROOT,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert app.stdout is not None and app.stdin is not None
    child = int(app.stdout.readline())
    assert not _gone(child, timeout=0)
    app.kill()
    app.wait()
    assert _gone(child)  # its stdin closed with the app: it exits on its own


def test_dropping_the_embedder_stops_its_child(fifo: str) -> None:
    embedder = ProcessEmbedder(StandIn(fifo), child_command(fifo))
    embedder.query("ab")
    pid = embedder.child_pid
    assert pid is not None
    del embedder
    assert _gone(pid)


def test_the_packaged_app_starts_the_child_through_its_own_executable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    command = worker_command("e5+use")
    assert command == [sys.executable, embedding_process.WORKER_ARGUMENT, "e5+use"]
    main_script = (ROOT / "packaging" / "hearth_main.py").read_text(encoding="utf-8")
    assert "WORKER_ARGUMENT" in main_script


def test_release_stops_the_child_and_leaves_an_in_process_embedder_alone(fifo: str) -> None:
    embedder = ProcessEmbedder(StandIn(fifo), child_command(fifo))
    embedder.query("ab")
    pid = embedder.child_pid
    assert pid is not None
    release(embedder)
    assert _gone(pid) and embedder.child_pid is None
    release(StandIn(fifo))  # nothing to stop


def test_close_during_a_request_that_never_ends_kills_the_child_and_the_request_fails(
    stand_in: ProcessEmbedder, fifo: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(embedding_process, "STOP_TIMEOUT_S", 0.2)  # how long close() grants before it kills
    failed: list[BaseException] = []

    def ask() -> None:
        try:
            stand_in.passages(["ab", "hang"])
        except EmbedderUnavailable as exc:
            failed.append(exc)

    asking = threading.Thread(target=ask)
    asking.start()
    with open(fifo, encoding="utf-8") as said:
        pid = int(said.readline())
    stand_in.close()
    asking.join(WAIT_S)
    assert not asking.is_alive() and _gone(pid)
    assert len(failed) == 1 and "closed" in str(failed[0])
