"""Closing the window with words in the message box that are not in the diary: the person is asked.

QA (session 22): a Write-mode evening's entry, not yet saved with Ctrl+Enter, was gone at the next start
without a word. Real app, diary and tiny model.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.store import Diary
from tests.ui_helpers import Launcher, launcher, wait_ready

DRAFT = "Long evening by the sea.\n\nThe gulls were loud and the tea went cold twice."


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def _close_with_a_draft(qtbot, launch: Launcher):
    hearth = launch()
    wait_ready(qtbot, hearth)
    window = hearth.window
    window.composer.set_text(DRAFT)
    window.close()
    box = window.draft_box
    assert box is not None and box.isVisible() and window.isVisible()  # the close waits for the answer
    return hearth, window, box


def _entries(data_dir: Path) -> list[str]:
    with Diary.open(data_dir) as diary:
        return [hit.text for hit in diary.search("gulls")]


def test_save_keeps_the_draft_as_an_entry_then_closes(qtbot, launch: Launcher, data_dir: Path) -> None:
    hearth, window, box = _close_with_a_draft(qtbot, launch)
    save = next(b for b in box.buttons() if b.text() == "Save to diary")
    save.click()
    window.close()  # closed again while it is being saved: no second question, no second copy (review)
    assert window.draft_box is None
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20_000)
    hearth.shutdown()
    assert _entries(data_dir) == [DRAFT]


def test_discard_closes_without_saving(qtbot, launch: Launcher, data_dir: Path) -> None:
    hearth, window, box = _close_with_a_draft(qtbot, launch)
    next(b for b in box.buttons() if b.text() == "Discard").click()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20_000)
    hearth.shutdown()
    assert _entries(data_dir) == []


def test_cancel_goes_on_writing(qtbot, launch: Launcher) -> None:
    _hearth, window, box = _close_with_a_draft(qtbot, launch)
    box.reject()
    assert window.isVisible() and window.composer.text() == DRAFT and window.draft_box is not None
    window.composer.set_text("")
    window.close()  # nothing unsaved now: it closes at once
    assert not window.isVisible()


def test_quit_with_an_entry_asks_then_quits_for_good_even_with_the_tray(qtbot, launch: Launcher,
                                                                        data_dir: Path) -> None:
    """Quit (the menu's or the tray's) with an unsaved entry: the question, then Save closes for good —
    not hidden to the tray — and Cancel leaves the close button hiding to the tray as before."""
    hearth = launch()
    wait_ready(qtbot, hearth)
    window = hearth.window
    window.hide_on_close = lambda: True  # the tray keeps it (offscreen has no tray to show)
    window.composer.set_text(DRAFT)
    window.quit_app()
    box = window.draft_box
    assert box is not None and box.isVisible() and window.quitting
    next(b for b in box.buttons() if box.buttonRole(b) == box.ButtonRole.RejectRole).click()
    assert window.isVisible() and not window.quitting
    window.quit_app()
    box = window.draft_box
    assert box is not None
    next(b for b in box.buttons() if b.text() == "Save to diary").click()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20_000)
    assert window.quitting  # closed for good, not hidden
    hearth.shutdown()
    assert _entries(data_dir) == [DRAFT]
