"""On an earlier day, the message box says that what is written goes to that day.

QA (session 22): a message sent while an old day was open was filed under that day, and nothing said so.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.ui_helpers import Launcher, launcher, seed_days, wait_ready


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def test_the_placeholder_names_an_earlier_day_and_not_today(qtbot, launch: Launcher, data_dir: Path) -> None:
    seed_days(data_dir, {3: [("user", "Rain on the harbour all afternoon.")]})
    hearth = launch()
    wait_ready(qtbot, hearth)
    window = hearth.window
    assert window.composer.editor.placeholderText().startswith("Write about your day")
    earlier = date.today() - timedelta(days=3)
    cid = hearth.diary.conversation_for_day(earlier).id if hearth.diary is not None else None
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000):
        window.open_conversation(cid)
    qtbot.waitUntil(lambda: window.composer.editor.placeholderText().startswith("Add to "))
    assert str(earlier.day) in window.composer.editor.placeholderText()
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000):
        window.open_today()
    qtbot.waitUntil(lambda: window.composer.editor.placeholderText().startswith("Write about your day"))
