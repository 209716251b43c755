"""The Settings dialog and the one settings store it shares with the companion.

The dialog alone: values saved through the ``SettingsStore`` and read back, a failed save kept open, the
data folder shown. In the running app: every setting changed through the dialog (or the store) reaches the
companion's very next prompt — no restart — and the theme is applied to the window.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QDialog

from app.config import SETTINGS_FILE, ModelSettings, Settings, SettingsStore, ensure_private_dir
from app.core.prompt.parts import AssembledPrompt
from app.core.prompt.templates import instructions_text
from app.store import Diary
from app.ui import errors as ui_errors
from app.ui.application import HearthApp
from app.ui.settings_dialog import SettingsDialog
from app.ui.theme import apply_theme, current_theme, is_dark
from tests.ui_helpers import launcher, seed_days


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Any]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def choose(combo, value: str) -> None:
    combo.setCurrentIndex(combo.findData(value))


def click_save(dialog: SettingsDialog) -> None:
    dialog.buttons.button(dialog.buttons.StandardButton.Save).click()


def recorded(store: SettingsStore) -> list[tuple[Settings, Settings]]:
    changes: list[tuple[Settings, Settings]] = []
    store.subscribe(lambda before, after: changes.append((before, after)))
    return changes


# -- the dialog alone ------------------------------------------------------------------------------


def test_settings_saved_through_the_store_and_reloaded(qtbot, data_dir: Path) -> None:
    ensure_private_dir(data_dir)
    original = Settings(extra={"geometry": "abc"}).with_model(path="/models/a.gguf", n_ctx=2048)
    original.save(data_dir)
    store = SettingsStore.load(data_dir)
    changes = recorded(store)
    dialog = SettingsDialog(store, data_dir)
    qtbot.addWidget(dialog)
    choose(dialog.reply_length, "short")
    choose(dialog.persona, "playful")
    dialog.recall.setChecked(False)
    dialog.reflections.setChecked(True)
    choose(dialog.theme, "dark")
    click_save(dialog)
    assert dialog.result() == QDialog.DialogCode.Accepted
    reloaded = Settings.load(data_dir)
    assert changes == [(original, reloaded)] and store.current == reloaded
    assert (reloaded.reply_length, reloaded.persona, reloaded.theme) == ("short", "playful", "dark")
    assert reloaded.recall_enabled is False and reloaded.reflections_enabled is True
    # what the dialog does not show is kept as it was
    assert reloaded.model == ModelSettings(path="/models/a.gguf", n_ctx=2048)
    assert reloaded.extra == {"geometry": "abc"}
    assert (data_dir / SETTINGS_FILE).stat().st_mode & 0o777 == 0o600


def test_saving_keeps_what_changed_in_the_store_while_the_dialog_was_open(qtbot, data_dir: Path) -> None:
    """The model manager saves a model's settings meanwhile: this dialog's Save must not undo them."""
    store = SettingsStore(Settings(), ensure_private_dir(data_dir))
    dialog = SettingsDialog(store, data_dir)
    qtbot.addWidget(dialog)
    choose(dialog.persona, "concise")
    store.change_model(path="/models/new.gguf", n_ctx=8192)
    click_save(dialog)
    assert store.current.persona == "concise"
    assert store.current.model == ModelSettings(path="/models/new.gguf", n_ctx=8192)


def test_a_second_dialog_shows_the_saved_values(qtbot, data_dir: Path) -> None:
    ensure_private_dir(data_dir)
    Settings(reply_length="long", persona="concise", recall_enabled=False, theme="light").save(data_dir)
    dialog = SettingsDialog(SettingsStore.load(data_dir), data_dir)
    qtbot.addWidget(dialog)
    assert dialog.reply_length.currentData() == "long"
    assert dialog.persona.currentData() == "concise"
    assert dialog.theme.currentData() == "light"
    assert not dialog.recall.isChecked() and not dialog.reflections.isChecked()


def test_cancel_saves_nothing(qtbot, data_dir: Path) -> None:
    store = SettingsStore(Settings(), ensure_private_dir(data_dir))
    changes = recorded(store)
    dialog = SettingsDialog(store, data_dir)
    qtbot.addWidget(dialog)
    choose(dialog.persona, "playful")
    dialog.buttons.button(dialog.buttons.StandardButton.Cancel).click()
    assert not (data_dir / SETTINGS_FILE).exists() and changes == [] and store.current == Settings()


def test_unknown_stored_value_is_kept_not_lost(qtbot, data_dir: Path) -> None:
    dialog = SettingsDialog(SettingsStore(Settings(persona="stoic")), data_dir)
    qtbot.addWidget(dialog)
    assert dialog.edited_settings().persona == "stoic"


def test_data_folder_shown_read_only_and_opened(qtbot, data_dir: Path, monkeypatch) -> None:
    ensure_private_dir(data_dir)
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url) or True))
    dialog = SettingsDialog(SettingsStore(), data_dir)
    qtbot.addWidget(dialog)
    assert dialog.data_dir_field.text() == str(data_dir) and dialog.data_dir_field.isReadOnly()
    dialog.open_folder_button.click()
    assert [url.toLocalFile() for url in opened] == [str(data_dir)]


def test_failed_save_says_why_and_keeps_the_dialog_open(qtbot, data_dir: Path) -> None:
    ensure_private_dir(data_dir)
    (data_dir / SETTINGS_FILE).mkdir()  # the rename onto it fails: an OSError like a full or broken disk
    store = SettingsStore(Settings(), data_dir)
    changes = recorded(store)
    dialog = SettingsDialog(store, data_dir)
    qtbot.addWidget(dialog)
    dialog.show()
    choose(dialog.persona, "concise")
    dialog.save()
    assert changes == [] and store.current == Settings()  # nobody was told of settings that were not saved
    boxes = ui_errors.open_error_boxes()
    assert len(boxes) == 1 and "Traceback" not in boxes[0].text()
    assert dialog.isVisible() and dialog.persona.currentData() == "concise"
    boxes[0].accept()


# -- in the running app: the companion's next prompt follows at once -------------------------------


def next_prompt(hearth: HearthApp, text: str = "How was my week?") -> AssembledPrompt:
    """What the companion would send for ``text`` now (assembled the way a turn assembles it)."""
    companion = hearth.companion
    assert companion is not None
    return companion.context.assemble(companion.conversation_id, text)


def save_in_dialog(hearth: HearthApp, **choices: Any) -> None:
    """Open Settings from the running app, set the combo boxes / check boxes named, press Save."""
    dialog = hearth.open_settings()
    for name, value in choices.items():
        widget = getattr(dialog, name)
        if isinstance(value, bool):
            widget.setChecked(value)
        else:
            choose(widget, value)
    click_save(dialog)
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_the_app_shares_one_store_with_the_companion_and_the_dialogs(launch) -> None:
    hearth = launch()
    manager = hearth.open_model_manager()
    assert manager.settings_store is hearth.settings_store
    hearth.settings_store.change(persona="concise")
    assert hearth.companion is not None and hearth.companion.settings is hearth.settings_store.current
    assert Settings.load(hearth.data_dir).persona == "concise"
    manager.reject()


def test_tone_and_reply_length_reach_the_next_prompt_without_a_restart(launch) -> None:
    hearth = launch()  # quick settings: warm, short
    assert instructions_text("warm", "short") in next_prompt(hearth).system_text
    save_in_dialog(hearth, persona="playful")
    system = next_prompt(hearth).system_text
    assert instructions_text("playful", "short") in system
    assert instructions_text("warm", "short") not in system
    save_in_dialog(hearth, reply_length="long")
    assert instructions_text("playful", "long") in next_prompt(hearth).system_text


def test_recall_switched_on_and_off_changes_the_next_prompt(launch, data_dir: Path) -> None:
    seed_days(data_dir, {3: [("user", "Baked rosemary bread with grandma's recipe, a little too salty.")]})
    hearth = launch()  # quick settings: recall off
    question = "Do you remember the rosemary bread I baked?"
    assert next_prompt(hearth, question).recalled == ()
    save_in_dialog(hearth, recall=True)
    recalled = next_prompt(hearth, question).recalled
    assert recalled and any("rosemary" in entry.text for entry in recalled)
    save_in_dialog(hearth, recall=False)
    assert next_prompt(hearth, question).recalled == ()


def test_reflections_switched_on_and_off_change_the_next_prompt(launch, data_dir: Path) -> None:
    observation = "Writes most on Sunday evenings, after long walks."
    ensure_private_dir(data_dir)
    with Diary.open(data_dir) as diary:
        diary.add_reflection(observation)
    hearth = launch()  # reflections are off by default
    assert observation not in next_prompt(hearth).system_text
    save_in_dialog(hearth, reflections=True)
    prompt = next_prompt(hearth)
    assert observation in prompt.system_text and prompt.report.tokens("reflections") > 0
    save_in_dialog(hearth, reflections=False)
    assert observation not in next_prompt(hearth).system_text


def test_the_reply_reserve_reaches_the_budget_and_the_gauge(qtbot, launch) -> None:
    hearth = launch()  # quick settings: 48 tokens reserved for the reply
    companion = hearth.companion
    assert companion is not None and companion.preview_budget("").tokens("reply_reserve") == 48
    hearth.settings_store.change(reply_reserve=200)
    assert companion.preview_budget("").tokens("reply_reserve") == 200
    def gauge_shows_it() -> bool:
        report = hearth.window.gauge.report
        return report is not None and report.tokens("reply_reserve") == 200

    qtbot.waitUntil(gauge_shows_it, timeout=30_000)  # the companion reported the new budget by itself
    assert Settings.load(hearth.data_dir).reply_reserve == 200


def test_the_theme_chosen_in_the_dialog_is_applied_to_the_running_app(launch) -> None:
    hearth = launch()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        save_in_dialog(hearth, theme="dark")
        assert current_theme(app) == "dark" and is_dark(app.palette())
    finally:
        apply_theme(app, "system")
