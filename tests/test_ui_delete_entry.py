"""Deleting one entry from the chat, as a person would: ask, confirm, the row goes, the diary forgets it.
Real Companion, Diary and tiny model; the confirmation is window-modal and non-blocking (``open()``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from app.ui.i18n import DateText
from app.ui.window_parts import preview
from tests.ui_helpers import REPLY_TIMEOUT_MS, Launcher, launcher, quick_settings, seed_days, type_and_send

SECRET = "I applied for the lighthouse keeper job in Skerryvore and told nobody."


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def confirm_box(qtbot, window) -> QMessageBox:
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "deleteEntryBox") is not None)
    box = window.findChild(QMessageBox, "deleteEntryBox")
    qtbot.waitUntil(box.isVisible)
    return box


def test_delete_entry_asks_then_removes_the_row_and_the_diary_text(qtbot, launch, data_dir: Path) -> None:
    ids = seed_days(data_dir, {0: [("user", SECRET), ("user", "Then I watered the tomatoes.")]})
    secret_id = ids[0][0]
    hearth = launch()
    window = hearth.window
    assert window.chat_view.jump_to(secret_id)
    action = window.actions_["delete"]
    assert action.isEnabled()
    action.trigger()
    box = confirm_box(qtbot, window)
    assert box.isModal() and "Skerryvore" in box.text()
    assert f"from {DateText().long_day(date.today())}?" in box.text()  # its date, not "from Today?" (QA)
    with qtbot.waitSignal(hearth.bridge.message_removed, timeout=10_000):
        qtbot.mouseClick(box.findChild(QPushButton, "deleteEntryConfirm"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.chat_model.contains(secret_id))
    assert window.chat_model.rowCount() == 1
    hearth.runner.wait_idle()
    diary = hearth.diary
    assert diary is not None
    assert diary.get_message(secret_id) is None and diary.search("Skerryvore") == []


def test_cancel_keeps_the_entry(qtbot, launch, data_dir: Path) -> None:
    ids = seed_days(data_dir, {0: [("user", SECRET)]})
    hearth = launch()
    window = hearth.window
    assert window.chat_view.jump_to(ids[0][0])
    window.chat_view.setFocus()
    qtbot.keyClick(window.chat_view, Qt.Key.Key_Delete)  # the Delete key works while the chat has focus
    box = confirm_box(qtbot, window)
    box.button(QMessageBox.StandardButton.Cancel).click()
    hearth.runner.wait_idle()
    assert window.chat_model.contains(ids[0][0])
    assert hearth.diary is not None and hearth.diary.get_message(ids[0][0]) is not None


def test_the_reply_being_written_cannot_be_deleted(qtbot, launch) -> None:
    hearth = launch(quick_settings(reply_reserve=400, reply_length="long"))
    window, bridge = hearth.window, hearth.bridge
    with qtbot.waitSignal(bridge.token, timeout=REPLY_TIMEOUT_MS) as first:
        type_and_send(qtbot, hearth, "Tell me a long story about a lighthouse keeper and the sea.")
    reply_id = first.args[0]
    assert window.chat_view.jump_to(reply_id)
    assert not window.actions_["delete"].isEnabled()
    row = window.chat_model.row_of(reply_id)
    assert row is not None
    menu_delete = next(a for a in window.chat_view.build_menu(row).actions() if "Delete" in a.text())
    assert not menu_delete.isEnabled()
    window.delete_entry(reply_id)
    assert window.findChild(QMessageBox, "deleteEntryBox") is None  # not even asked
    with qtbot.waitSignal(bridge.reply_finished, timeout=REPLY_TIMEOUT_MS):
        window.stop()
    assert window.actions_["delete"].isEnabled()


def test_a_pictures_stored_marker_is_said_in_the_interfaces_words() -> None:
    """QA (session 22): the Russian delete question showed "[picture: a.png, 2026-12-05]" as stored."""
    assert preview("Caption\n[picture: a.png, 2026-12-05]\nHELLO") == "Caption [picture: a.png] HELLO"
