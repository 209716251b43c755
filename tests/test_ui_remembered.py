"""Under a reply, "Remembered N entries" says which past entries recall gave the model; a click lists
them and choosing one opens its day. Real app, tiny model, real meaning model; the line survives a reload."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMenu

from app.ui.remembered_line import remembered_label
from tests.ui_helpers import REPLY_TIMEOUT_MS, Launcher, launcher, quick_settings, seed_days, type_and_send

EVIDENCE = "My sister Nora finally moved to Lisbon last week, she sent photos of the yellow trams."


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def test_plural_label() -> None:
    assert remembered_label(1) == "Remembered 1 entry"
    assert remembered_label(5) == "Remembered 5 entries"


def _reply_with_remembered(window) -> int:
    model = window.chat_model
    for row in range(model.rowCount()):
        item = model.item(row)
        if item.role == "assistant" and item.remembered:
            return row
    return -1


def test_the_line_lists_what_was_remembered_and_opens_it(qtbot, launch, data_dir: Path) -> None:
    ids = seed_days(data_dir, {3: [("user", EVIDENCE), ("assistant", "How lovely for her!")],
                               2: [("user", "Fixed the bike chain tonight.")]})  # fmt: skip
    hearth = launch(quick_settings(recall_enabled=True), meaning=True)
    window = hearth.window
    assert hearth.companion.wait_indexed(timeout=120)
    type_and_send(qtbot, hearth, "Where has my sibling relocated?")
    qtbot.waitUntil(lambda: _reply_with_remembered(window) >= 0, timeout=REPLY_TIMEOUT_MS)
    row = _reply_with_remembered(window)
    item = window.chat_model.item(row)
    assert item.remembered[0].message_id == ids[3][0]

    view = window.chat_view
    view.scrollToBottom()
    view.viewport().update()
    qtbot.waitUntil(lambda: item.message_id in view.chat_delegate._remembered_rects, timeout=5000)
    rect = view.chat_delegate._remembered_rects[item.message_id]
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(int(rect.center().x()), int(rect.center().y()))
    )
    qtbot.waitUntil(
        lambda: any(isinstance(w, QMenu) and w.isVisible() for w in QApplication.topLevelWidgets())
    )
    menu = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMenu) and w.isVisible())
    entries = [a for a in menu.actions() if a.isEnabled() and not a.isSeparator()]
    assert "Nora finally moved" in entries[0].text()
    entries[0].trigger()
    menu.close()
    qtbot.waitUntil(lambda: window.chat_model.contains(ids[3][0]), timeout=10_000)

    # Reopening the day of the reply shows the line again: it is kept with the reply.
    window.open_today()
    qtbot.waitUntil(lambda: _reply_with_remembered(window) >= 0, timeout=10_000)
