"""The optional daily reminder: off by default, once a day after the chosen time, only on an unwritten day;
its settings in the Settings dialog."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time
from pathlib import Path

import pytest

from app.config import Settings, SettingsStore
from app.core.ritual.reminder import parse_time, reminder_due
from app.ui.settings_dialog import SettingsDialog
from tests.ui_helpers import Launcher, launcher, seed_days


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def test_when_the_reminder_speaks() -> None:
    at = parse_time("20:30")
    assert at == time(20, 30) and parse_time("soon") == time(20, 0) and parse_time("25:00") == time(20, 0)
    evening = datetime(2026, 3, 2, 20, 45)
    assert reminder_due(evening, at, None, wrote_today=False)
    assert not reminder_due(datetime(2026, 3, 2, 20, 29), at, None, wrote_today=False)
    assert not reminder_due(evening, at, date(2026, 3, 2), wrote_today=False)  # once a day
    assert not reminder_due(evening, at, None, wrote_today=True)
    assert reminder_due(datetime(2026, 3, 3, 21, 0), at, date(2026, 3, 2), wrote_today=False)


def test_the_reminder_is_off_by_default_and_set_in_settings(qtbot, data_dir: Path) -> None:
    assert not Settings().reminder_enabled and not Settings().keep_in_tray
    store = SettingsStore(Settings())
    dialog = SettingsDialog(store, data_dir)
    qtbot.addWidget(dialog)
    group = dialog.reminder
    assert not group.time.isEnabled()
    group.enabled.setChecked(True)
    assert group.time.isEnabled()
    group.time.setTime(group.time.time().fromString("07:15", "HH:mm"))
    group.keep.setChecked(True)
    dialog.save()
    current = store.current
    assert (current.reminder_enabled, current.reminder_time, current.keep_in_tray) == (True, "07:15", True)


def test_the_reminder_asks_only_on_an_unwritten_day(qtbot, launch, data_dir: Path, monkeypatch) -> None:
    hearth = launch()
    reminder = hearth.reminder
    assert not reminder.tray.isVisible() and not reminder.timer.isActive()  # off by default
    shown: list[str] = []
    monkeypatch.setattr(reminder.tray, "showMessage", lambda _title, text, *_a: shown.append(text))
    reminder.settings = Settings(reminder_enabled=True, reminder_time="00:00")
    reminder.check(datetime.combine(date.today(), time(23, 59)))
    qtbot.waitUntil(lambda: reminder.last_reminded == date.today(), timeout=10_000)
    assert shown == ["Time for today's entry?"]
    reminder.check(datetime.combine(date.today(), time(23, 59)))  # not twice a day
    hearth.runner.wait_idle()
    assert len(shown) == 1
    seed_days(data_dir, {0: [("user", "Written already.")]})
    reminder.last_reminded = None
    reminder.check(datetime.combine(date.today(), time(23, 59)))
    qtbot.waitUntil(lambda: reminder.last_reminded == date.today(), timeout=10_000)
    assert len(shown) == 1  # today has an entry: no reminder


def test_quit_quits_even_when_closing_keeps_hearth_in_the_tray(qtbot, launch) -> None:
    """QA (session 22): with "keep in the tray" on, Diary ▸ Quit (Ctrl+Q) only hid the window."""
    hearth = launch()
    window = hearth.window
    window.hide_on_close = lambda: True  # the tray keeps it (offscreen has no tray to show)
    window.close()
    assert not window.isVisible() and not window.quitting  # the close button hides it
    window.showNormal()
    window.actions_["quit"].trigger()
    assert not window.isVisible() and window.quitting  # Quit closes it for good
