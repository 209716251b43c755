"""QA 24: a passing note in the status bar ("Nothing was written on that day.", after a click on an empty
day of the calendar) stayed in the old language after Settings ▸ Language switched the interface live.
The note is kept as its maker now: a switch while it shows says it again in the new language, for the time
it has left; a note that has ended stays gone, and another message shown over it is left alone.
The real app on a real diary with the real tiny model, switched as a person does. Real Qt offscreen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.ui import lookback_controller
from app.ui.application import HearthApp
from app.ui.i18n import remove_translators
from tests.ui_helpers import choose_language, launcher, quick_settings

NOTE_EN = "Nothing was written on that day."
NOTE_RU = "В этот день записей нет."
LONG_MS = 120_000  # longer than the test: the note is still showing when the language changes
SHORT_MS = 200


@pytest.fixture
def launch(qtbot: Any, data_dir: Path, tiny_engine: Any, qapp: Any) -> Iterator[Any]:
    remove_translators(qapp)
    yield from launcher(qtbot, data_dir, tiny_engine)
    remove_translators(qapp)


def _click_an_empty_day(hearth: HearthApp) -> None:
    """What a click on a day without entries in the calendar does."""
    hearth.window.lookback.open_day(date.today() - timedelta(days=3))


def test_a_note_showing_is_said_again_in_the_new_language(qtbot: Any, launch: Any,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    hearth = launch(quick_settings(language="en"))
    bar = hearth.window.statusBar()
    monkeypatch.setattr(lookback_controller, "NOTICE_MS", LONG_MS)
    _click_an_empty_day(hearth)
    assert bar.currentMessage() == NOTE_EN
    choose_language(qtbot, hearth, "ru")
    assert bar.currentMessage() == NOTE_RU
    choose_language(qtbot, hearth, "en")
    assert bar.currentMessage() == NOTE_EN


def test_a_note_ends_on_time_and_does_not_come_back_with_a_switch(qtbot: Any, launch: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    hearth = launch(quick_settings(language="en"))
    bar = hearth.window.statusBar()
    monkeypatch.setattr(lookback_controller, "NOTICE_MS", SHORT_MS)
    _click_an_empty_day(hearth)
    assert bar.currentMessage() == NOTE_EN
    qtbot.waitUntil(lambda: bar.currentMessage() == "")
    choose_language(qtbot, hearth, "ru")
    assert bar.currentMessage() == ""


def test_a_message_shown_over_the_note_is_left_alone(qtbot: Any, launch: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    hearth = launch(quick_settings(language="en"))
    bar = hearth.window.statusBar()
    monkeypatch.setattr(lookback_controller, "NOTICE_MS", SHORT_MS)
    note = hearth.window.status_note
    _click_an_empty_day(hearth)
    with qtbot.waitSignal(note.timer.timeout):
        bar.showMessage("Downloading… 40%")  # someone else's message, after the note
        choose_language(qtbot, hearth, "ru")
        assert bar.currentMessage() == "Downloading… 40%"
    assert bar.currentMessage() == "Downloading… 40%"  # the note's end does not clear it
