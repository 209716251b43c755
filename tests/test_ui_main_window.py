"""The main window driven as a person would, with the real Companion, Diary and tiny model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from app.store import Diary
from app.ui.errors import open_error_boxes
from tests.ui_helpers import (
    REPLY_TIMEOUT_MS,
    Launcher,
    PaintsAfterShow,
    click_row,
    launcher,
    quick_settings,
    seed_days,
    type_and_send,
    wait_ready,
)


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def stored_messages(data_dir: Path, conversation_id: int) -> list:
    diary = Diary.open(data_dir)
    try:
        return diary.messages(conversation_id)
    finally:
        diary.close()


def test_window_opens_on_today_ready_to_write(qtbot, launch) -> None:
    hearth = launch()
    window = hearth.window
    assert window.windowTitle() == "Hearth"
    assert not window.composer.editor.isReadOnly() and window.composer.send_button.isEnabled()
    # first run on the tiny model: the download is offered (on a turn after the companion's, its relayout
    # and repaint of the whole window are a frame of their own)
    qtbot.waitUntil(window.notice_bar.isVisible, timeout=5_000)
    assert "recommended" in window.notice_bar.text.text()
    assert window.minimumWidth() >= 700 and window.minimumHeight() >= 400
    assert window.gauge.report is not None  # the next prompt was counted off the UI thread


def test_send_streams_a_reply_and_stores_both_messages(qtbot, launch, data_dir: Path) -> None:
    hearth = launch()
    window, bridge = hearth.window, hearth.bridge
    tokens: list[str] = []
    bridge.token.connect(lambda _mid, piece: tokens.append(piece))
    with qtbot.waitSignal(bridge.reply_finished, timeout=REPLY_TIMEOUT_MS) as finished:
        type_and_send(qtbot, hearth, "I planted tulips in the garden today.")
    event = finished.args[0]
    assert tokens, "the reply streamed token by token"
    assert "".join(tokens).strip() == event.text.strip()
    assert window.composer.text() == ""  # sent, so the composer is clear
    rows = [window.chat_model.item(r) for r in range(window.chat_model.rowCount())]
    assert [(r.role, r.text) for r in rows[-2:]] == [
        ("user", "I planted tulips in the garden today."), ("assistant", event.text)]
    assert not rows[-1].streaming and rows[-1].status == "complete"
    stored = stored_messages(data_dir, window.chat_model.conversation_id)
    assert [(m.role, m.text) for m in stored[-2:]] == [(r.role, r.text) for r in rows[-2:]]
    assert window.sidebar.days.entries[0].title == "Today"
    assert "tulips" in window.sidebar.days.entries[0].detail


def test_stop_keeps_the_interrupted_reply(qtbot, launch, data_dir: Path) -> None:
    hearth = launch(quick_settings(reply_reserve=400, reply_length="long"))
    window, bridge = hearth.window, hearth.bridge
    with qtbot.waitSignal(bridge.token, timeout=REPLY_TIMEOUT_MS):
        type_and_send(qtbot, hearth, "Tell me a long story about a lighthouse keeper and the sea.")
    assert window.composer.send_button.text() == "Stop"
    with qtbot.waitSignal(bridge.reply_finished, timeout=REPLY_TIMEOUT_MS) as finished:
        qtbot.keyClick(window.composer.editor, Qt.Key.Key_Escape)
    assert finished.args[0].status == "interrupted"
    row = window.chat_model.row_of(finished.args[0].message_id)
    assert row is not None and window.chat_model.item(row).interrupted
    assert window.composer.send_button.text() == "Send"
    stored = stored_messages(data_dir, window.chat_model.conversation_id)
    assert stored[-1].status == "interrupted" and stored[-1].role == "assistant"


def test_regenerate_replaces_the_last_reply(qtbot, launch, data_dir: Path) -> None:
    hearth = launch()
    window, bridge = hearth.window, hearth.bridge
    # The empty day's question comes from a runner task whose answer is queued to the loop: the runner
    # idle is not yet the card shown (on a loaded machine the entry was sent before it, answering nothing).
    qtbot.waitUntil(window.ritual.card.isVisible, timeout=10_000)
    with qtbot.waitSignal(bridge.reply_finished, timeout=REPLY_TIMEOUT_MS):
        type_and_send(qtbot, hearth, "The cat slept on my notes again.")
    with qtbot.waitSignal(bridge.reply_finished, timeout=REPLY_TIMEOUT_MS) as finished:
        qtbot.keyClick(window.composer.editor, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    new = finished.args[0]

    def roles() -> list[str]:
        return [window.chat_model.item(r).role for r in range(window.chat_model.rowCount())]

    def answers() -> list[str]:  # after the entry (the empty day's opening question, answered, is above it)
        return roles()[roles().index("user"):]

    qtbot.waitUntil(lambda: answers().count("assistant") == 1, timeout=10_000)  # the old reply went
    assert roles()[-2:] == ["user", "assistant"]
    assert window.chat_model.item(window.chat_model.rowCount() - 1).text == new.text
    stored = stored_messages(data_dir, window.chat_model.conversation_id)
    assert [m.role for m in stored] == ["assistant", "user", "assistant"]  # the opening question answered
    assert stored[-1].id == new.message_id and stored[-1].text == new.text


def test_empty_message_is_refused_inline_and_nothing_is_stored(qtbot, launch, data_dir: Path) -> None:
    hearth = launch()
    window = hearth.window
    before = len(stored_messages(data_dir, window.chat_model.conversation_id))
    type_and_send(qtbot, hearth, "   ")
    assert window.composer.notice.isVisible()
    assert "empty" in window.composer.notice.text().lower()
    assert open_error_boxes() == []
    hearth.runner.wait_idle()
    assert len(stored_messages(data_dir, window.chat_model.conversation_id)) == before


def test_too_long_message_is_refused_inline_and_the_text_is_kept(qtbot, launch, data_dir: Path) -> None:
    hearth = launch()
    window = hearth.window
    huge = "word " * 40_001  # over the 200,000 characters one diary entry may hold
    window.composer.set_text(huge)
    with qtbot.waitSignal(window.composer.notice_shown, timeout=30_000):
        qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    assert window.composer.text() == huge  # nothing lost
    assert open_error_boxes() == []
    assert window.chat_model.rowCount() == 0
    assert stored_messages(data_dir, window.chat_model.conversation_id) == []


def test_search_jumps_to_the_message_in_its_day(qtbot, launch, data_dir: Path) -> None:
    ids = seed_days(data_dir, {
        9: [("user", "Took the ferry to the island and saw the old lighthouse."),
            ("assistant", "What was the lighthouse like up close?")] + [
            ("user", f"Filler entry number {n} about groceries.") for n in range(40)],
        2: [("user", "Rainy day, stayed in and cooked soup.")],
    })
    hearth = launch()
    window = hearth.window
    window.sidebar.search_box.setFocus()
    qtbot.keyClicks(window.sidebar.search_box, "lighthouse ferry")
    qtbot.waitUntil(lambda: window.sidebar.hits.rowCount() > 0, timeout=10_000)
    hits = window.sidebar.hits.entries
    target = next(h for h in hits if h.message_id == ids[9][0])
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000) as loaded:
        click_row(qtbot, window.sidebar.hits_view, hits.index(target))
    assert loaded.args[0] == target.conversation_id == window.companion.conversation_id
    row = window.chat_model.row_of(ids[9][0])
    assert row is not None
    index = window.chat_model.index(row)
    assert window.chat_view.selectionModel().isSelected(index)
    assert window.chat_view.viewport().rect().intersects(window.chat_view.visualRect(index))


def test_switching_days_shows_that_day_and_today_comes_back(qtbot, launch, data_dir: Path) -> None:
    seed_days(data_dir, {3: [("user", "Three days ago I repaired the bike."), ("assistant", "Nice work!")]})
    hearth = launch()
    window = hearth.window
    qtbot.waitUntil(lambda: window.sidebar.days.rowCount() >= 2)
    today_id = window.chat_model.conversation_id
    row = next(r for r, e in enumerate(window.sidebar.days.entries) if "bike" in e.detail)
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000):
        click_row(qtbot, window.sidebar.days_view, row)
    shown = [i.text for i in window.chat_model.items()]
    assert shown == ["Three days ago I repaired the bike.", "Nice work!"]
    assert window.companion.conversation_id == window.chat_model.conversation_id != today_id
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000) as back:
        qtbot.keyClick(window.composer.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert back.args[0] == today_id


def test_gauge_and_token_count_follow_the_draft_and_the_turn(qtbot, launch) -> None:
    hearth = launch()
    window = hearth.window
    start = window.gauge.report
    assert start is not None
    empty = start.tokens("new_message")  # the turn's date line etc., without a draft
    window.composer.editor.setFocus()
    qtbot.keyClicks(window.composer.editor, "Short draft")
    qtbot.waitUntil(lambda: window.gauge.report.tokens("new_message") > empty, timeout=10_000)
    short = window.gauge.report.tokens("new_message")
    exact = hearth.companion.model.count_tokens("Short draft")
    qtbot.waitUntil(lambda: window.composer.count_label.text() == f"{exact} tokens", timeout=10_000)
    qtbot.keyClicks(window.composer.editor, " that grows into a much longer draft with many more words in it")
    qtbot.waitUntil(lambda: window.gauge.report.tokens("new_message") > short, timeout=10_000)
    assert str(window.gauge.report.n_ctx) in window.gauge.toolTip().replace(",", "")
    history_before = window.gauge.report.tokens("history")
    with qtbot.waitSignal(hearth.bridge.reply_finished, timeout=REPLY_TIMEOUT_MS):
        qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.gauge.report.tokens("history") > history_before
                    and window.gauge.report.tokens("new_message") == empty, timeout=20_000)
    assert window.composer.count_label.text() == ""


def test_the_staged_window_is_built_over_several_turns_then_opens_the_diary(
    qtbot, launch, data_dir: Path
) -> None:
    """``hearth`` builds its window part by part (no frame waits for all of it), hidden: it is shown once
    every part exists and has been drawn aside once (its first paint paid for in shares); the diary opens
    once every part exists, and the day is then shown and writable as with a window built at once."""
    from app.ui.bridge import CompanionBridge
    from app.ui.main_window import MainWindow
    from app.ui.tasks import TaskRunner

    alone = MainWindow(CompanionBridge(), TaskRunner(), data_dir, staged=True)
    qtbot.addWidget(alone)
    alone.show_built()
    assert not alone.is_built and not hasattr(alone, "composer")  # the constructor built only the frame
    assert not alone.isVisible()  # hidden while its parts are added
    with qtbot.waitSignal(alone.built, timeout=10_000):
        pass
    assert alone.composer.isVisibleTo(alone) and alone.actions_["print_day"] is not None
    assert not alone.isVisible()  # its panes are drawn aside first, a turn each
    qtbot.waitUntil(alone.isVisible, timeout=10_000)
    hearth = launch(staged=True, wait=False)
    window = hearth.window
    qtbot.waitUntil(lambda: window.is_built and window.isVisible(), timeout=10_000)
    wait_ready(qtbot, hearth)
    assert window.chat_model.rowCount() == 0 and not window.composer.editor.isReadOnly()
    type_and_send(qtbot, hearth, "Built in slices, written in one go.")
    qtbot.waitUntil(lambda: window.chat_model.rowCount() >= 1, timeout=10_000)


def test_the_staged_sidebar_is_made_on_one_turn_and_placed_on_the_next(qtbot, data_dir: Path) -> None:
    """The sidebar's step is split (its fonts, the sidebar, its place in the splitter): it is made outside
    the splitter, and placed — which shows and so polishes it — on a later turn."""
    from PySide6.QtCore import QTimer

    from app.ui.bridge import CompanionBridge
    from app.ui.main_window import MainWindow
    from app.ui.tasks import TaskRunner

    seen: list[str] = []

    class Watched(MainWindow):
        def _build_sidebar(self) -> None:
            super()._build_sidebar()
            seen.append(f"made, in the splitter at {self.splitter.indexOf(self.sidebar)}")
            QTimer.singleShot(0, lambda: seen.append("next turn"))

        def _place_sidebar(self) -> None:
            seen.append("placed")
            super()._place_sidebar()

    window = Watched(CompanionBridge(), TaskRunner(), data_dir, staged=True)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.is_built, timeout=10_000)
    assert seen == ["made, in the splitter at -1", "next turn", "placed"]
    assert window.splitter.indexOf(window.sidebar) == 0 and window.splitter.indexOf(window.centre) == 1


def test_a_day_opened_during_the_staged_start_is_measured_once_at_the_width_it_is_shown(
    qtbot, launch, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The day's bubbles are measured ahead only once the hidden window is laid out: measured at the chat's
    unsized width, each was measured again, all in one turn, when the window was shown."""
    from datetime import date

    from app.ui.chat_delegate import ChatDelegate

    diary = Diary.open(data_dir)
    conversation = diary.conversation_for_day(date.today())
    for n in range(6):
        diary.add_message(conversation.id, "user", f"Entry {n}: a long walk by the river, then bread.")
    diary.close()
    widths: list[int] = []
    measure = ChatDelegate.measure

    def noted(self: ChatDelegate, item, font, width: int):  # noqa: ANN001 - the delegate's own types
        widths.append(width)
        return measure(self, item, font, width)

    monkeypatch.setattr(ChatDelegate, "measure", noted)
    hearth = launch(staged=True, wait=False)
    window = hearth.window
    qtbot.waitUntil(lambda: window.isVisible() and window.chat_model.rowCount() == 6, timeout=20_000)
    assert widths and set(widths) == {window.chat_view.content_width()}


def test_the_staged_window_is_painted_once_after_it_is_shown(qtbot, data_dir: Path) -> None:
    """Its first paint is its only one: no update Qt's ``show()`` posted is left to repaint all of it after
    the expose (the second whole paint was 10 ms of one turn at start-up)."""
    from app.ui.bridge import CompanionBridge
    from app.ui.main_window import MainWindow
    from app.ui.tasks import TaskRunner

    window = MainWindow(CompanionBridge(), TaskRunner(), data_dir, staged=True)
    qtbot.addWidget(window)
    window.show_built()
    qtbot.waitUntil(lambda: window.is_built, timeout=10_000)
    counted = PaintsAfterShow(window.splitter)
    window.when_shown(counted.start)  # right after show() returns
    counted.settle(qtbot)
    assert counted.updates_later == 0 and counted.paints == 1


def test_unlocking_a_window_never_locked_leaves_its_panes_alone(qtbot, data_dir: Path) -> None:
    """``set_locked(False)`` when the diary opens (it was never locked) does not show the splitter again:
    shown again, it would be polished and laid out whole in that slot. Locked, then unlocked, it returns."""
    from PySide6.QtCore import QEvent, QObject

    from app.ui.bridge import CompanionBridge
    from app.ui.main_window import MainWindow
    from app.ui.tasks import TaskRunner

    class Shows(QObject):
        count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.ShowToParent:
                self.count += 1
            return False

    window = MainWindow(CompanionBridge(), TaskRunner(), data_dir)
    qtbot.addWidget(window)
    shows = Shows()
    window.splitter.installEventFilter(shows)
    window.set_locked(False)
    assert shows.count == 0 and not window.splitter.isHidden()
    window.set_locked(True)
    assert window.splitter.isHidden()
    window.set_locked(False)
    assert not window.splitter.isHidden() and shows.count == 1


def test_what_waits_for_the_staged_window_runs_once_it_is_on_screen(qtbot, data_dir: Path) -> None:
    """The passphrase dialog of an encrypted diary waits for the window it opens over (shown a few turns
    after it is built); with nothing about to show the window, it is not kept waiting."""
    from app.ui.bridge import CompanionBridge
    from app.ui.main_window import MainWindow
    from app.ui.tasks import TaskRunner

    window = MainWindow(CompanionBridge(), TaskRunner(), data_dir, staged=True)
    qtbot.addWidget(window)
    ran: list[bool] = []
    window.when_shown(lambda: ran.append(window.isVisible()))
    assert ran == [False]  # nothing asked to show it
    window.show_built()
    window.when_shown(lambda: ran.append(window.isVisible()))
    assert ran == [False]
    qtbot.waitUntil(lambda: len(ran) == 2, timeout=10_000)
    assert ran == [False, True]


def test_the_token_count_follows_a_draft_set_by_the_program(qtbot, launch) -> None:
    """``set_text`` (a draft restored or suggested) is counted like a typed one; a late count of the draft
    that was there before (an empty editor after a send) never shows under the new text."""
    hearth = launch()
    composer = hearth.window.composer
    draft = "A long evening walk along the river with my sister and her dog"
    composer.set_text(draft)
    exact = hearth.companion.model.count_tokens(draft)
    qtbot.waitUntil(lambda: composer.count_label.text() == f"{exact} tokens", timeout=10_000)
    composer.set_token_count(0, counted_chars=0)  # the empty editor's count, arriving late
    assert composer.count_label.text() == f"{exact} tokens"
    composer.set_text("")
    assert composer.count_label.text() == ""


def test_the_window_draws_the_companions_reports_and_never_counts(qtbot, launch, monkeypatch) -> None:
    """One-way budget: the draft goes to the companion; gauge, counter and memory panel draw its reports."""
    hearth = launch()
    window, companion = hearth.window, hearth.companion
    recounts: list[str] = []
    monkeypatch.setattr(companion, "preview_budget", lambda draft="": recounts.append(draft))
    received: list = []
    hearth.bridge.budget.connect(received.append)
    window.composer.editor.setFocus()
    qtbot.keyClicks(window.composer.editor, "A long walk with Rex")
    draft_tokens = companion.model.count_tokens("A long walk with Rex")
    qtbot.waitUntil(lambda: bool(received) and received[-1].draft_tokens == draft_tokens, timeout=10_000)
    assert window.gauge.report is received[-1] and window.memory_panel.last_report is received[-1]
    assert window.composer.count_label.text() == f"{draft_tokens} tokens"

    facts_before = received[-1].tokens("facts")
    hearth.runner.run(lambda: companion.add_fact("Has a dog called Rex", kind="pet"))  # a change elsewhere
    qtbot.waitUntil(lambda: window.gauge.report.tokens("facts") > facts_before, timeout=20_000)
    assert window.gauge.report is received[-1] and window.memory_panel.last_report is received[-1]
    assert received[-1].draft_tokens == draft_tokens  # the companion kept the draft: nothing was recounted
    assert recounts == []


def test_background_jobs_show_in_the_status_bar(qtbot, launch) -> None:
    hearth = launch()
    window = hearth.window
    labels: list[str] = []
    hearth.bridge.job_started.connect(lambda _e: labels.append(window.activity.text()))
    with qtbot.waitSignal(hearth.bridge.job_started, timeout=REPLY_TIMEOUT_MS):
        type_and_send(qtbot, hearth, "My brother Tom moved to Lisbon last week.")
    assert labels and all(label.endswith("…") or "more" in label for label in labels if label)
    assert any(label for label in labels)
    qtbot.waitUntil(lambda: window.activity.text() == "", timeout=REPLY_TIMEOUT_MS)


def test_a_broken_model_file_falls_back_to_the_tiny_model_with_a_clear_dialog(
    qtbot, launch, tmp_path: Path
) -> None:
    from app.llm.loading import load_preferred_model

    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + (3).to_bytes(4, "little") + b"\0" * 64)  # a header and nothing else
    hearth = launch(quick_settings().with_model(path=str(broken)), engine_factory=load_preferred_model)
    boxes = open_error_boxes()
    assert len(boxes) == 1
    assert "Traceback" not in boxes[0].text() + boxes[0].informativeText()
    assert "built-in model" in boxes[0].informativeText()
    assert hearth.loaded is not None and hearth.loaded.is_tiny and hearth.loaded.owned
    assert not hearth.window.composer.editor.isReadOnly()
    assert hearth.window.chat_model.rowCount() == 0  # never an error line in the chat


def test_when_no_model_can_load_the_window_says_so_and_stays_usable(qtbot, launch) -> None:
    from app.llm.errors import ModelCorrupt

    def fail(_settings, _data_dir):
        raise ModelCorrupt("The model file is truncated.")

    hearth = launch(engine_factory=fail, wait=False)
    with qtbot.waitSignal(hearth.failed, timeout=30_000):
        pass
    boxes = open_error_boxes()
    assert boxes and boxes[-1].text() == "The model file is truncated."
    assert boxes[-1].informativeText()  # a way forward
    assert hearth.window.composer.editor.isReadOnly()
    assert hearth.window.isVisible()


def test_an_error_event_is_a_dialog_never_a_chat_line(qtbot, launch) -> None:
    from app.core.events import ErrorRaised

    hearth = launch()
    rows = hearth.window.chat_model.rowCount()
    error = ErrorRaised(message="The diary could not be saved.", hint="Free some disk space.")
    hearth.bridge.error.emit(error)
    box = open_error_boxes()[-1]
    assert box.text() == "The diary could not be saved." and box.informativeText() == "Free some disk space."
    assert hearth.window.chat_model.rowCount() == rows


def test_shortcuts_and_accessible_names(qtbot, launch) -> None:
    hearth = launch()
    window = hearth.window
    expected = {"today": "Ctrl+T", "regenerate": "Ctrl+R", "memory": "Ctrl+M", "settings": "Ctrl+,",
                "stop": "Esc", "search": QKeySequence(QKeySequence.StandardKey.Find).toString()}
    for name, keys in expected.items():
        assert window.actions_[name].shortcut().toString() == keys, name
    for name in ("quit", "models", "send", "copy"):
        assert not window.actions_[name].shortcut().isEmpty(), name
    for widget in (window.composer.editor, window.composer.send_button, window.sidebar.search_box,
                   window.sidebar.days_view, window.chat_view, window.gauge, window.sidebar.today_button):
        assert widget.accessibleName(), widget
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.sidebar.search_box.hasFocus()
    assert not window.memory_dock.isVisible()
    qtbot.keyClick(window.sidebar.search_box, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert window.memory_dock.isVisible()


def test_window_geometry_is_remembered(qtbot, launch) -> None:
    first = launch()
    first.window.resize(780, 520)  # inside the offscreen screen (800x600)
    first.shutdown()
    second = launch()
    assert (second.window.width(), second.window.height()) == (780, 520)
