"""The one background-work helper and the event bridge: threads, stale results, queued delivery."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication

from app.core import events as ev
from app.ui.bridge import CompanionBridge
from app.ui.tasks import TaskRunner


def on_main_thread() -> bool:
    app = QApplication.instance()
    assert app is not None
    return QThread.currentThread() is app.thread()


def test_result_arrives_on_the_main_thread_and_work_runs_elsewhere(qtbot) -> None:
    runner = TaskRunner()
    seen: dict[str, object] = {}

    def work() -> int:
        seen["worker_is_main"] = on_main_thread()
        return 42

    def done(value: int) -> None:
        seen["value"] = value
        seen["done_is_main"] = on_main_thread()

    with qtbot.waitSignal(runner.busy_changed, check_params_cb=lambda busy: busy is False):
        runner.run(work, done)
    assert seen == {"worker_is_main": False, "value": 42, "done_is_main": True}


def test_stale_result_with_same_token_key_is_dropped(qtbot) -> None:
    runner = TaskRunner()
    gate = threading.Event()
    results: list[str] = []
    runner.run(lambda: (gate.wait(5), "old")[1], results.append, token_key="draft")
    runner.run(lambda: "new", results.append, token_key="draft")
    qtbot.waitUntil(lambda: runner.pending() == 1)
    gate.set()
    assert runner.wait_idle(5)
    assert results == ["new"]


def test_different_keys_do_not_cancel_each_other(qtbot) -> None:
    runner = TaskRunner()
    results: list[str] = []
    runner.run(lambda: "a", results.append, token_key="search")
    runner.run(lambda: "b", results.append, token_key="preview")
    assert runner.wait_idle(5)
    assert sorted(results) == ["a", "b"]


def test_errors_go_to_on_error_or_to_task_failed(qtbot) -> None:
    runner = TaskRunner()
    caught: list[BaseException] = []
    runner.run(lambda: 1 / 0, on_error=caught.append)
    assert runner.wait_idle(5)
    assert isinstance(caught[0], ZeroDivisionError)
    with qtbot.waitSignal(runner.task_failed) as blocker:
        runner.run(lambda: [][1])
    assert isinstance(blocker.args[0], IndexError)


def test_call_in_main_marshals_from_a_worker_thread(qtbot) -> None:
    runner = TaskRunner()
    where: list[bool] = []
    runner.run(lambda: runner.call_in_main(lambda: where.append(on_main_thread())))
    qtbot.waitUntil(lambda: where == [True])


class EventSource:
    """Just the subscribe half of the Companion (its listeners are called from any thread)."""

    def __init__(self) -> None:
        self.listeners: list[Callable[[ev.Event], None]] = []

    def subscribe(self, listener: Callable[[ev.Event], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    def emit_from_thread(self, event: ev.Event) -> None:
        thread = threading.Thread(target=lambda: [fn(event) for fn in list(self.listeners)])
        thread.start()
        thread.join()


def test_bridge_reemits_worker_events_on_the_main_thread(qtbot) -> None:
    source = EventSource()
    bridge = CompanionBridge(source)
    got: list[tuple[int, str, bool]] = []
    bridge.token.connect(lambda mid, text: got.append((mid, text, on_main_thread())))
    with qtbot.waitSignal(bridge.event):
        source.emit_from_thread(ev.TokenStreamed(message_id=7, text="hello"))
    assert got == [(7, "hello", True)]


@pytest.mark.parametrize(
    ("event", "signal"),
    [
        (ev.ReplyStarted(message_id=1, conversation_id=2, user_message_id=3), "reply_started"),
        (ev.ReplyFinished(message_id=1, conversation_id=2, text="x", status="complete"), "reply_finished"),
        (ev.BudgetReport(segments=(), n_ctx=4096, free=4096), "budget"),
        (ev.FactAdded(fact_id=1, text="t", kind="pet", undo_token="u"), "fact_added"),
        (ev.JobStarted(job_id=1, kind="summary", label="Summarizing…"), "job_started"),
        (ev.JobFailed(job_id=1, kind="facts", message="m"), "job_failed"),
        (ev.ErrorRaised(message="m", hint="h"), "error"),
    ],
)
def test_bridge_routes_each_event_type(qtbot, event: ev.Event, signal: str) -> None:
    source = EventSource()
    bridge = CompanionBridge(source)
    with qtbot.waitSignal(getattr(bridge, signal)) as blocker:
        source.emit_from_thread(event)
    assert blocker.args == [event]


def test_events_of_a_replaced_companion_are_dropped(qtbot) -> None:
    old, new = EventSource(), EventSource()
    bridge = CompanionBridge(old)
    late_listener = old.listeners[0]
    bridge.set_companion(new)
    assert old.listeners == []
    seen: list[ev.Event] = []
    bridge.event.connect(seen.append)
    late_listener(ev.ErrorRaised(message="stale"))  # an event already on its way when the swap happened
    with qtbot.waitSignal(bridge.event):
        new.emit_from_thread(ev.ErrorRaised(message="fresh"))
    assert [e.message for e in seen] == ["fresh"]  # type: ignore[attr-defined]


def test_foreground_changed_says_when_the_window_waits_for_its_own_tasks(qtbot) -> None:
    runner = TaskRunner()
    seen: list[bool] = []
    runner.foreground_changed.connect(seen.append)
    gate = threading.Event()
    runner.run(lambda: gate.wait(5), background=True)  # long work the window does not wait on
    assert seen == []
    runner.run(lambda: "a")
    runner.run(lambda: "b")
    assert seen == [True]  # once for both
    assert runner.foreground_busy
    qtbot.waitUntil(lambda: seen == [True, False])  # the window's two are delivered; the long one runs on
    assert runner.pending() == 1 and not runner.foreground_busy
    gate.set()
    assert runner.wait_idle(5)
    assert seen == [True, False]


def test_a_result_for_a_dialog_closed_meanwhile_is_dropped(qtbot) -> None:
    """QA (session 22): Insights closed before its numbers arrived: "Internal C++ object already deleted"."""
    import shiboken6
    from PySide6.QtWidgets import QLabel

    runner = TaskRunner()
    label = QLabel()
    release = threading.Event()
    runner.run(lambda: release.wait(10) and "numbers", label.setText)
    shiboken6.delete(label)  # the dialog deleted itself on close
    release.set()
    assert runner.wait_idle(10)  # delivered: no "already deleted" error on the way
