"""The memory panel made ready at idle on a staged start-up (``MemoryAhead``), so that opening it only shows
it: built and filled with the dock hidden, and the day's bubbles laid out for the chat's width beside it.
Real app, real diary, the session's tiny model, Qt offscreen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.core.events import FactRemoved
from app.store import Diary
from app.ui import chat_delegate
from app.ui.bridge import CompanionBridge
from app.ui.chat_delegate import ChatDelegate
from app.ui.errors import open_error_boxes
from app.ui.memory_ahead import Stage
from app.ui.memory_panel import FILL_STEP, MemoryPanel
from app.ui.staged import later
from app.ui.tasks import TaskRunner
from tests.ui_helpers import Launcher, launcher, wait_ready

FACTS = 5
ENTRIES = 6


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def _seed(data_dir: Path) -> None:
    diary = Diary.open(data_dir)
    try:
        conversation = diary.conversation_for_day(date.today())
        for n in range(ENTRIES):
            diary.add_message(conversation.id, "user", f"Entry {n}: a long walk by the river, then bread.")
        for n in range(FACTS):
            diary.add_fact(f"Fact {n}: the allotment has {n + 2} rows of beans")
    finally:
        diary.close()


def test_a_staged_start_readies_the_memory_panel_and_opening_it_lays_out_no_bubble_again(
    qtbot, launch, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seed(data_dir)
    ahead: list[int] = []
    lay_out_ahead = ChatDelegate.lay_out_ahead

    def noted(self: ChatDelegate, item: Any, font: Any, width: int) -> None:
        ahead.append(width)
        lay_out_ahead(self, item, font, width)

    monkeypatch.setattr(ChatDelegate, "lay_out_ahead", noted)
    hearth = launch(staged=True, wait=False)
    window = hearth.window
    wait_ready(qtbot, hearth)
    qtbot.waitUntil(lambda: window.memory_panel_built and window.memory_panel.model.rowCount() == FACTS,
                    timeout=20_000)
    panel = window.memory_panel
    assert not window.memory_dock.isVisible() and not panel.isVisible()
    qtbot.waitUntil(lambda: len(ahead) >= ENTRIES, timeout=10_000)  # after the panel is laid out
    assert max(ahead) < window.chat_view.content_width()  # for the chat beside the dock
    qtbot.waitUntil(lambda: window.memory_ahead.ready, timeout=10_000)  # (the UI bench waits for it)
    rendered: list[str] = []
    render = chat_delegate.render_document
    monkeypatch.setattr(chat_delegate, "render_document",
                        lambda text, *args: rendered.append(text) or render(text, *args))
    width_before = window.chat_view.width()
    window.actions_["memory"].trigger()
    rows = panel.view.viewport()
    assert not rows.updatesEnabled()  # the rows are drawn on the next turn, after the window around them
    qtbot.waitUntil(rows.updatesEnabled, timeout=5_000)
    chat = window.chat_view
    first = window.chat_model.item(0).message_id

    def laid_out_beside_the_dock() -> bool:  # the chat's delayed layout has measured its bubbles again
        size = chat.chat_delegate.cached_size(first)
        return chat.width() < width_before and size is not None and size.width() == chat.content_width()

    qtbot.waitUntil(lambda: panel.isVisible() and laid_out_beside_the_dock(), timeout=10_000)
    assert window.memory_panel is panel and panel.model.rowCount() == FACTS
    assert rendered == []  # every bubble's text was laid out ahead at the width the chat now has


def test_a_fact_list_that_fails_while_the_panel_is_hidden_is_said_and_fetched_again_when_shown(
    qtbot, data_dir: Path
) -> None:
    """Built ahead, nobody opened it: no error box about it; shown, it fetches again (and says what fails)."""
    panel = MemoryPanel(CompanionBridge(), TaskRunner())
    qtbot.addWidget(panel)
    fetches: list[bool] = []
    panel.reload = lambda: fetches.append(True)  # type: ignore[method-assign]
    panel._on_fetch_error(OSError("the diary could not be read"))
    assert not open_error_boxes() and fetches == []
    panel.show()
    assert fetches == [True]


def _stored(n: int) -> list[Any]:
    from tests.test_ui_memory_model import StoredFact

    return [StoredFact(i + 1, f"Fact {i + 1}: the allotment has beans") for i in range(n)]


def test_a_hidden_empty_panel_takes_a_long_list_a_step_a_turn_and_a_shown_one_at_once(qtbot) -> None:
    """Readied hidden at start-up, 120 facts went in in one 14 ms turn beside the start-up's own work."""
    panel = MemoryPanel(CompanionBridge(), TaskRunner())
    qtbot.addWidget(panel)
    loaded: list[int] = []
    panel.loaded.connect(lambda: loaded.append(panel.model.rowCount()))
    steps: list[int] = []
    panel.model.rowsInserted.connect(lambda *_args: steps.append(panel.model.rowCount()))
    panel._on_facts(_stored(4 * FILL_STEP + 5), panel._fact_events)
    assert panel.model.rowCount() == FILL_STEP and not loaded  # the rest on later turns
    qtbot.waitUntil(lambda: loaded == [4 * FILL_STEP + 5], timeout=5_000)
    assert steps == [FILL_STEP, 2 * FILL_STEP, 3 * FILL_STEP, 4 * FILL_STEP, 4 * FILL_STEP + 5]
    panel.show()
    panel._on_facts(_stored(3), panel._fact_events)  # a merge on screen: at once
    assert panel.model.rowCount() == 3 and loaded[-1] == 3


def test_a_fact_removed_while_the_list_goes_in_fetches_the_list_again(qtbot) -> None:
    panel = MemoryPanel(CompanionBridge(), TaskRunner())
    qtbot.addWidget(panel)
    fetches: list[bool] = []
    panel.reload = lambda: fetches.append(True)  # type: ignore[method-assign]
    panel._on_facts(_stored(3 * FILL_STEP), panel._fact_events)
    panel._on_fact_removed(FactRemoved(fact_id=2))  # gone from the table, still in the list going in
    qtbot.waitUntil(lambda: fetches == [True], timeout=5_000)
    assert panel.model.row_of(2) < 0 and panel.model.rowCount() == FILL_STEP - 1  # nothing more went in


def test_a_newer_list_ends_the_older_one_going_in(qtbot) -> None:
    panel = MemoryPanel(CompanionBridge(), TaskRunner())
    qtbot.addWidget(panel)
    panel._on_facts(_stored(3 * FILL_STEP), panel._fact_events)
    panel._on_facts(_stored(FILL_STEP + 1), panel._fact_events)  # (the table has rows: merged at once)
    assert panel.model.rowCount() == FILL_STEP + 1
    after: list[bool] = []
    later(lambda: after.append(True))  # runs after the older list's next step, scheduled before it
    qtbot.waitUntil(lambda: after == [True], timeout=5_000)
    assert panel.model.rowCount() == FILL_STEP + 1


def test_a_window_built_at_once_readies_nothing_ahead(qtbot, launch, data_dir: Path) -> None:
    """Tests build the window at once and open the panel when they need it (only the app's start-up
    readies it)."""
    _seed(data_dir)
    hearth = launch()
    window = hearth.window
    wait_ready(qtbot, hearth)
    window.memory_ahead._on_companion(hearth.companion)
    window.memory_ahead.day_shown()
    assert not window.memory_ahead.active and window.memory_ahead.stage is Stage.IDLE
    assert not window.memory_panel_built


def _built_ahead(qtbot, launch, data_dir: Path) -> tuple[Any, MemoryPanel]:
    """A window built at once, its panel built as ``MemoryAhead`` builds it: on this turn, not docked yet."""
    _seed(data_dir)
    hearth = launch()
    window = hearth.window
    wait_ready(qtbot, hearth)
    window.memory_ahead._build()
    return window, window.build_memory_panel()


def _docked_on_the_next_turn(qtbot, window: Any, panel: MemoryPanel) -> bool:
    """Whether ``panel`` is the dock's widget on the next event-loop turn (the docking turn's, queued
    before it)."""
    docked: list[bool] = []
    later(lambda: docked.append(window.memory_dock.widget() is panel))
    qtbot.waitUntil(lambda: docked != [], timeout=5_000)
    return docked == [True]


def test_the_panel_built_ahead_is_docked_on_a_later_turn(qtbot, launch, data_dir: Path) -> None:
    """Built on one turn, placed in its dock on the next: together they were one 13-19 ms turn."""
    window, panel = _built_ahead(qtbot, launch, data_dir)
    assert window.memory_panel_built and window.memory_dock.widget() is not panel
    assert panel.isHidden()  # (not a stray child drawn over the dock)
    assert _docked_on_the_next_turn(qtbot, window, panel)  # before its facts are in
    assert not panel.isVisible() and not window.memory_dock.isVisible()  # (the dock's widget, shown with it)
    qtbot.waitUntil(lambda: panel.model.rowCount() == FACTS, timeout=10_000)


def test_opening_the_dock_between_the_build_and_its_docking_shows_the_panel(qtbot, launch,
                                                                             data_dir: Path) -> None:
    window, panel = _built_ahead(qtbot, launch, data_dir)
    window.actions_["memory"].trigger()  # before the docking turn
    assert window.memory_dock.widget() is panel
    assert _docked_on_the_next_turn(qtbot, window, panel)  # (the docking turn had nothing to do)
    qtbot.waitUntil(lambda: panel.isVisible() and panel.model.rowCount() == FACTS, timeout=10_000)
