"""Quiet time: the window holds background work while it loads and draws; a hold ends by itself."""

from __future__ import annotations

import threading

from app.core.background.quiet import QuietTime
from app.core.background.worker import Activity, Worker


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_nothing_held_waits_for_nothing() -> None:
    quiet = QuietTime()
    assert not quiet.held
    quiet.wait()  # returns at once


def test_a_hold_ends_when_released_or_by_itself() -> None:
    clock = FakeClock()
    quiet = QuietTime(clock)
    release = quiet.hold(2.0)
    assert quiet.held
    release()
    release()  # a second release does nothing
    assert not quiet.held
    quiet.hold(2.0)
    clock.now += 1.9
    assert quiet.held
    clock.now += 0.2  # past its end: lapsed, though nobody released it
    assert not quiet.held
    quiet.wait()


def test_every_hold_must_end() -> None:
    quiet = QuietTime()
    first, second = quiet.hold(60), quiet.hold(60)
    first()
    assert quiet.held
    second()
    assert not quiet.held


def test_closing_ends_the_holds_and_ignores_later_ones() -> None:
    quiet = QuietTime()
    quiet.hold(60)
    quiet.close()
    assert not quiet.held
    quiet.hold(60)
    assert not quiet.held
    quiet.wait()


def test_a_worker_starts_no_task_while_held_and_runs_it_once_released() -> None:
    quiet = QuietTime()
    release = quiet.hold(60)
    order: list[str] = []
    ran = threading.Event()
    failures: list[BaseException] = []
    worker = Worker("test-quiet", Activity(), failures.append, quiet=quiet)
    try:
        worker.submit(lambda: (order.append("task"), ran.set()))
        assert quiet.wait_for_waiting(1, timeout=10)  # the worker took the task and waits to start it
        order.append("released")
        release()
        assert ran.wait(10)
    finally:
        worker.close()
    assert order == ["released", "task"]
    assert failures == []


def test_a_worker_without_quiet_time_is_never_held() -> None:
    quiet = QuietTime()
    quiet.hold(60)
    ran = threading.Event()
    worker = Worker("test-unheld", Activity(), lambda _exc: None)  # the replies' worker: no ``quiet``
    try:
        worker.submit(ran.set)
        assert ran.wait(10)
    finally:
        worker.close()
    assert quiet.held


def test_a_step_waits_no_longer_than_its_limit_however_many_holds_follow() -> None:
    clock = FakeClock()
    quiet = QuietTime(clock)
    quiet.hold(60)
    quiet.wait(at_most=0)  # returns, though background work is still held
    assert quiet.held


def test_a_keyed_task_waiting_out_a_hold_is_not_queued_twice() -> None:
    quiet = QuietTime()
    release = quiet.hold(60)
    runs: list[int] = []
    done = threading.Event()
    worker = Worker("test-quiet-key", Activity(), lambda _exc: None, quiet=quiet)
    try:
        assert worker.submit(lambda: (runs.append(1), done.set()), key="fold-1")
        assert quiet.wait_for_waiting(1, timeout=10)
        assert not worker.submit(lambda: runs.append(2), key="fold-1")  # the same fold, asked again meanwhile
        release()
        assert done.wait(10)
    finally:
        worker.close()
    assert runs == [1]
