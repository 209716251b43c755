"""The Settings dialog: values saved to the settings file and read back; theme applied; data folder shown."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QDialog

from app.config import SETTINGS_FILE, Settings, ensure_private_dir
from app.ui import errors as ui_errors
from app.ui.settings_dialog import SettingsDialog
from app.ui.theme import apply_theme, current_theme, is_dark


def choose(combo, value: str) -> None:
    combo.setCurrentIndex(combo.findData(value))


def test_settings_saved_and_reloaded(qtbot, data_dir: Path) -> None:
    ensure_private_dir(data_dir)
    original = Settings(model_path="/models/a.gguf", n_ctx=2048, extra={"geometry": "abc"})
    original.save(data_dir)
    dialog = SettingsDialog(Settings.load(data_dir), data_dir)
    qtbot.addWidget(dialog)
    choose(dialog.reply_length, "short")
    choose(dialog.persona, "playful")
    dialog.recall.setChecked(False)
    dialog.reflections.setChecked(True)
    choose(dialog.theme, "dark")
    with qtbot.waitSignal(dialog.settings_changed) as emitted:
        dialog.buttons.button(dialog.buttons.StandardButton.Save).click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    reloaded = Settings.load(data_dir)
    assert emitted.args[0] == reloaded
    assert (reloaded.reply_length, reloaded.persona, reloaded.theme) == ("short", "playful", "dark")
    assert reloaded.recall_enabled is False and reloaded.reflections_enabled is True
    # what the dialog does not show is kept as it was
    kept = (reloaded.model_path, reloaded.n_ctx, reloaded.extra)
    assert kept == ("/models/a.gguf", 2048, {"geometry": "abc"})
    assert (data_dir / SETTINGS_FILE).stat().st_mode & 0o777 == 0o600
    # the theme was applied to the running app
    app = QApplication.instance()
    assert current_theme(app) == "dark" and is_dark(app.palette())
    apply_theme(app, "system")


def test_a_second_dialog_shows_the_saved_values(qtbot, data_dir: Path) -> None:
    ensure_private_dir(data_dir)
    Settings(reply_length="long", persona="concise", recall_enabled=False, theme="light").save(data_dir)
    dialog = SettingsDialog(Settings.load(data_dir), data_dir)
    qtbot.addWidget(dialog)
    assert dialog.reply_length.currentData() == "long"
    assert dialog.persona.currentData() == "concise"
    assert dialog.theme.currentData() == "light"
    assert not dialog.recall.isChecked() and not dialog.reflections.isChecked()


def test_cancel_saves_nothing(qtbot, data_dir: Path) -> None:
    ensure_private_dir(data_dir)
    dialog = SettingsDialog(Settings(), data_dir)
    qtbot.addWidget(dialog)
    choose(dialog.persona, "playful")
    dialog.buttons.button(dialog.buttons.StandardButton.Cancel).click()
    assert not (data_dir / SETTINGS_FILE).exists()


def test_unknown_stored_value_is_kept_not_lost(qtbot, data_dir: Path) -> None:
    ensure_private_dir(data_dir)
    dialog = SettingsDialog(Settings(persona="stoic"), data_dir)
    qtbot.addWidget(dialog)
    assert dialog.edited_settings().persona == "stoic"


def test_data_folder_shown_read_only_and_opened(qtbot, data_dir: Path, monkeypatch) -> None:
    ensure_private_dir(data_dir)
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url) or True))
    dialog = SettingsDialog(Settings(), data_dir)
    qtbot.addWidget(dialog)
    assert dialog.data_dir_field.text() == str(data_dir) and dialog.data_dir_field.isReadOnly()
    dialog.open_folder_button.click()
    assert [url.toLocalFile() for url in opened] == [str(data_dir)]


def test_failed_save_says_why_and_keeps_the_dialog_open(qtbot, data_dir: Path) -> None:
    ensure_private_dir(data_dir)
    (data_dir / SETTINGS_FILE).mkdir()  # the rename onto it fails: an OSError like a full or broken disk
    dialog = SettingsDialog(Settings(), data_dir)
    qtbot.addWidget(dialog)
    dialog.show()
    choose(dialog.persona, "concise")
    with qtbot.assertNotEmitted(dialog.settings_changed):
        dialog.save()
    boxes = ui_errors.open_error_boxes()
    assert len(boxes) == 1 and "Traceback" not in boxes[0].text()
    assert dialog.isVisible() and dialog.persona.currentData() == "concise"
    boxes[0].accept()
