"""The window holds the companion's background work while it loads something of its own, never a reply."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.ui.application import REPLY_DRAW_S
from tests.ui_helpers import REPLY_TIMEOUT_MS, Launcher, launcher


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def test_background_work_is_held_while_the_window_loads_and_then_let_go(qtbot, launch) -> None:
    hearth = launch()
    companion = hearth.companion
    assert companion is not None
    qtbot.waitUntil(lambda: not companion.quiet.held)  # the day's loads, shown a moment ago
    assert companion.quiet_after_reply_s == REPLY_DRAW_S > 0  # and a moment after each reply's end
    gate = threading.Event()
    hearth.runner.run(lambda: gate.wait(30))  # a view's data, still on its way
    assert companion.quiet.held
    hearth.runner.run(lambda: None, background=True)  # long work nobody waits on to see: no hold of its own
    gate.set()
    qtbot.waitUntil(lambda: not companion.quiet.held)  # delivered, drawn: the workers go on


def test_a_reply_is_never_held(qtbot, launch) -> None:
    hearth = launch()
    companion = hearth.companion
    assert companion is not None
    release = companion.quiet.hold(600)  # as long as the reply may take: held all through it
    try:
        with qtbot.waitSignal(hearth.bridge.reply_finished, timeout=REPLY_TIMEOUT_MS):
            companion.send("A quiet evening; I read on the balcony.")
        assert companion.quiet.held  # the whole reply came while background work was held
    finally:
        release()
    qtbot.waitUntil(lambda: not companion.quiet.held)  # and the reply's own moment after it ends too
