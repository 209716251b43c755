"""``StreamGate``: Hearth's token counts and its streams take turns on llama-cpp-python's server (which ends
a stream when another request waits). Exact tests with threads and events; the real server's are in
``test_server_engine``."""

from __future__ import annotations

import threading
from collections.abc import Callable

from app.llm.owner import Job
from app.llm.server_gate import StreamGate
from app.llm.types import GenerationRequest, Priority

CHAT = [{"role": "user", "content": "hi"}]


def job(priority: Priority) -> Job:
    return Job(GenerationRequest(messages=CHAT, priority=priority), [0], 0)  # type: ignore[arg-type]


def started(target: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def test_a_reply_waits_for_a_count_in_flight_and_counts_wait_for_the_reply() -> None:
    """QA: a count already talking to the server when the reply opened its stream cut the reply."""
    gate, order = StreamGate(), []
    in_count, finish_count, in_reply, finish_reply = (threading.Event() for _ in range(4))

    def count(name: str, inside: threading.Event | None, until: threading.Event | None) -> None:
        with gate.request():
            order.append(name)
            if inside is not None and until is not None:
                inside.set()
                assert until.wait(10)

    def reply() -> None:
        with gate.stream(job(Priority.INTERACTIVE)):
            order.append("reply")
            in_reply.set()
            assert finish_reply.wait(10)

    first = started(lambda: count("count in flight", in_count, finish_count))
    assert in_count.wait(10)
    replying = started(reply)
    assert not in_reply.wait(0.2)  # the reply waits for the count in flight
    finish_count.set()
    assert in_reply.wait(10)
    later = started(lambda: count("count during the reply", None, None))
    later.join(0.2)
    assert later.is_alive()  # a new count waits for the reply's end
    finish_reply.set()
    for thread in (first, replying, later):
        thread.join(10)
    assert order == ["count in flight", "reply", "count during the reply"]


def test_a_count_pre_empts_a_background_stream_which_restarts_after_the_counts() -> None:
    gate, background = StreamGate(), job(Priority.BACKGROUND)
    streaming, counted = threading.Event(), threading.Event()

    def stream() -> None:
        with gate.stream(background):
            streaming.set()
            assert background.preempt_requested.wait(10)  # as the stream's watcher would, it gives way

    def count() -> None:
        with gate.request():
            counted.set()

    streamer = started(stream)
    assert streaming.wait(10)
    counter = started(count)
    assert counted.wait(10) and background.preempt_requested.is_set()
    streamer.join(10)
    counter.join(10)


def test_a_background_stream_starts_only_when_no_count_waits_or_runs() -> None:
    gate, background = StreamGate(), job(Priority.BACKGROUND)
    inside, finish, opened = threading.Event(), threading.Event(), threading.Event()

    def count() -> None:
        with gate.request():
            inside.set()
            assert finish.wait(10)

    def stream() -> None:
        with gate.stream(background):
            opened.set()

    counter = started(count)
    assert inside.wait(10)
    streamer = started(stream)
    assert not opened.wait(0.2)
    finish.set()
    assert opened.wait(10)
    for thread in (counter, streamer):
        thread.join(10)


def test_the_streaming_thread_itself_never_waits_and_close_frees_every_waiter() -> None:
    gate = StreamGate()
    with gate.stream(job(Priority.INTERACTIVE)), gate.request():  # a listener of a streamed token counting
        pass
    held, freed = threading.Event(), threading.Event()

    def reply() -> None:
        with gate.stream(job(Priority.INTERACTIVE)):
            held.set()
            assert freed.wait(10)

    replying = started(reply)
    assert held.wait(10)
    waiting_count = started(lambda: gate.request().__enter__())
    waiting_count.join(0.2)
    assert waiting_count.is_alive()
    gate.close()
    waiting_count.join(10)
    assert not waiting_count.is_alive()
    freed.set()
    replying.join(10)


def test_a_background_stream_waiting_for_counts_gives_way_when_pre_empted_and_a_stop_ends_a_wait() -> None:
    """Review, session 21: a background job waiting (on the owner's one thread) for a run of counts held
    up the reply queued behind it, and opened its stream though pre-empted."""
    from app.llm.owner import Preempted

    gate, background, reply = StreamGate(), job(Priority.BACKGROUND), job(Priority.INTERACTIVE)
    inside, finish = threading.Event(), threading.Event()
    outcome: list[str] = []

    def count() -> None:
        with gate.request():
            inside.set()
            assert finish.wait(10)

    def stream(which: Job, name: str) -> None:
        try:
            with gate.stream(which):
                outcome.append(f"{name} opened")
        except Preempted:
            outcome.append(f"{name} pre-empted")

    counter = started(count)
    assert inside.wait(10)
    waiting = started(lambda: stream(background, "background"))
    background.preempt_requested.set()  # as ModelOwner.submit does when a reply arrives
    waiting.join(10)
    assert outcome == ["background pre-empted"]
    stopping = started(lambda: stream(reply, "reply"))
    reply.cancel_requested.set()  # Stop while the reply waits for the count in flight
    stopping.join(10)
    assert outcome == ["background pre-empted", "reply opened"]  # run_stream_job then returns "cancelled"
    finish.set()
    counter.join(10)  # (a job pre-empted when its turn comes sends nothing: run_stream_job checks first)
