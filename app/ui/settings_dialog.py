"""The Settings dialog: how the companion answers, what it may remember, how Hearth looks.

Model settings (context size, GPU layers, threads) live in the model manager, next to the model they
apply to. The dialog shows the app's ``SettingsStore``; Save hands the edited values to the store
(``SettingsStore.update``: saved atomically, 0600, then every subscriber is told — the companion uses them
from its next prompt, the app applies the theme and the language, both at once). A failed save shows a
clear message and keeps the dialog
open, so nothing chosen is lost.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.config import Settings, SettingsStore
from app.ui.errors import show_exception
from app.ui.i18n import QT_TRANSLATE_NOOP, SYSTEM, available_languages, follow_language, language_name
from app.ui.picture_settings import PicturesGroup
from app.ui.privacy import PrivacyGroup
from app.ui.reminder import ReminderGroup
from app.ui.small_screens import ScrollPage, fit_dialog

REPLY_LENGTHS = (
    ("short", QT_TRANSLATE_NOOP("SettingsDialog", "Short — a sentence or two")),
    ("medium", QT_TRANSLATE_NOOP("SettingsDialog", "Medium — a short paragraph")),
    ("long", QT_TRANSLATE_NOOP("SettingsDialog", "Long — take your time")),
)
PERSONAS = (
    ("warm", QT_TRANSLATE_NOOP("SettingsDialog", "Warm — a kind, curious friend")),
    ("concise", QT_TRANSLATE_NOOP("SettingsDialog", "Concise — calm and to the point")),
    ("playful", QT_TRANSLATE_NOOP("SettingsDialog", "Playful — light, with a bit of humour")),
)
THEME_CHOICES = (
    ("system", QT_TRANSLATE_NOOP("SettingsDialog", "Same as the system")),
    ("light", QT_TRANSLATE_NOOP("SettingsDialog", "Light")),
    ("dark", QT_TRANSLATE_NOOP("SettingsDialog", "Dark")),
)

WEEK_STARTS = (
    ("auto", QT_TRANSLATE_NOOP("SettingsDialog", "As the language has it")),
    ("monday", QT_TRANSLATE_NOOP("SettingsDialog", "Monday")),
    ("sunday", QT_TRANSLATE_NOOP("SettingsDialog", "Sunday")),
)


def language_choices() -> tuple[tuple[str, str], ...]:
    """System, then every shipped language under its own name ("English", "Русский")."""
    system = QCoreApplication.translate("SettingsDialog", "Same as the system")
    return ((SYSTEM, system), *((code, language_name(code)) for code in available_languages()))


def _combo(choices: tuple[tuple[str, str], ...], current: str) -> QComboBox:
    """A combo box whose item data are the stored values (texts: ``_name_items``); an unknown stored value is
    kept, not lost."""
    combo = QComboBox()
    for value, _label in choices:
        combo.addItem("", value)
    index = combo.findData(current)
    if index < 0 and current:
        combo.addItem(current, current)
        index = combo.count() - 1
    combo.setCurrentIndex(max(index, 0))
    return combo


def _name_items(combo: QComboBox, choices: tuple[tuple[str, str], ...]) -> None:
    for index, (_value, label) in enumerate(choices):
        combo.setItemText(index, QCoreApplication.translate("SettingsDialog", label))


class SettingsDialog(QDialog):
    """Edits reply length, persona, recall, reflections, theme and language; shows the data folder."""

    encryption_requested = Signal(str)  # on | off | change (app.ui.locking does it)
    storage_requested = Signal()  # Pictures ▸ Storage…: the app opens the storage panel

    def __init__(self, store: SettingsStore, data_dir: Path, parent: QWidget | None = None,
                 *, encrypted: bool = False) -> None:
        super().__init__(parent)
        self._encrypted = encrypted
        self._store = store
        self._initial = store.current  # what the controls start from
        self._data_dir = Path(data_dir)
        self.setMinimumWidth(460)
        self._build()
        follow_language(self, self.retranslate)
        fit_dialog(self, self.page, self.sizeHint().width())

    def retranslate(self) -> None:
        """Every title, label, choice and name, like every widget (``app.ui.i18n``) — though Save, which
        switches the language, also closes this dialog."""
        self.setWindowTitle(self.tr("Settings — Hearth"))
        titles = (self.tr("Companion"), self.tr("Memory"), self.tr("Appearance"), self.tr("Your data"))
        for box, title in zip(self._groups, titles, strict=True):
            box.setTitle(title)
        texts = (self.tr("&Reply length:"), self.tr("&Tone:"), self.tr("T&heme:"), self.tr("&Language:"),
                 self.tr("&Week starts on:"))
        for label, text in zip(self._labels, texts, strict=True):
            label.setText(text)
        choices = (REPLY_LENGTHS, PERSONAS, THEME_CHOICES, language_choices(), WEEK_STARTS)
        combos = (self.reply_length, self.persona, self.theme, self.language, self.week_start)
        for combo, items in zip(combos, choices, strict=True):
            _name_items(combo, items)
        self.reply_length.setAccessibleName(self.tr("Reply length"))
        self.persona.setAccessibleName(self.tr("Companion tone"))
        self.theme.setAccessibleName(self.tr("Theme"))
        self.language.setAccessibleName(self.tr("Language"))
        self.week_start.setAccessibleName(self.tr("First day of the week"))
        self.recall.setText(self.tr("Re&call related past entries when I write"))
        self.recall.setAccessibleName(self.tr("Recall past entries"))
        self.reflections.setText(self.tr("Let the companion form &reflections about patterns "
                                         "(off by default)"))
        self.reflections.setAccessibleName(self.tr("Reflections"))
        self.data_note.setText(
            self.tr("Your diary, memory, settings and models are stored only on this computer, in:"))
        self.data_dir_field.setAccessibleName(self.tr("Data folder"))
        self.open_folder_button.setText(self.tr("&Open folder"))
        self.open_folder_button.setAccessibleName(self.tr("Open the data folder"))

    # -- building -----------------------------------------------------------------------------------
    def _build(self) -> None:
        """The groups on a page that scrolls when the screen is shorter than them (they need about 710 px:
        on an 800×600 screen Save and Cancel were below its edge); Save and Cancel stay in view."""
        self.page = ScrollPage(self)
        layout = QVBoxLayout(self.page.body)
        layout.setContentsMargins(0, 0, 0, 0)
        self._groups: list[QGroupBox] = []
        self._labels: list[QLabel] = []
        layout.addWidget(self._companion_group())
        layout.addWidget(self._memory_group())
        initial = self._initial
        self.pictures = PicturesGroup(initial.keep_originals_days, initial.keep_photo_location, self)
        self.pictures.storage_requested.connect(self.storage_requested)
        layout.addWidget(self.pictures)
        layout.addWidget(self._appearance_group())
        self.reminder = ReminderGroup(self._initial, self)
        layout.addWidget(self.reminder)
        layout.addWidget(self._data_group())
        self.privacy = PrivacyGroup(self._encrypted, self._initial.lock_after_minutes, self)
        self.privacy.encryption_requested.connect(self.encryption_requested.emit)
        layout.addWidget(self.privacy)
        layout.addStretch(1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addWidget(self.page, 1)
        column.addWidget(self.buttons)

    def _group(self) -> QGroupBox:
        box = QGroupBox()
        self._groups.append(box)
        return box

    def _companion_group(self) -> QGroupBox:
        box = self._group()
        form = QFormLayout(box)
        self.reply_length = _combo(REPLY_LENGTHS, self._initial.reply_length)
        self.persona = _combo(PERSONAS, self._initial.persona)
        form.addRow(self._label(self.reply_length), self.reply_length)
        form.addRow(self._label(self.persona), self.persona)
        return box

    def _memory_group(self) -> QGroupBox:
        box = self._group()
        column = QVBoxLayout(box)
        self.recall = QCheckBox()
        self.recall.setChecked(self._initial.recall_enabled)
        self.reflections = QCheckBox()
        self.reflections.setChecked(self._initial.reflections_enabled)
        column.addWidget(self.recall)
        column.addWidget(self.reflections)
        return box

    def _appearance_group(self) -> QGroupBox:
        box = self._group()
        form = QFormLayout(box)
        self.theme = _combo(THEME_CHOICES, self._initial.theme)
        form.addRow(self._label(self.theme), self.theme)
        self.language = _combo(language_choices(), self._initial.language)
        form.addRow(self._label(self.language), self.language)  # applied on Save, at once
        self.week_start = _combo(WEEK_STARTS, self._initial.week_start)  # the calendar, the weekly review
        form.addRow(self._label(self.week_start), self.week_start)
        return box

    def _data_group(self) -> QGroupBox:
        box = self._group()
        column = QVBoxLayout(box)
        self.data_note = QLabel()
        self.data_note.setWordWrap(True)
        row = QHBoxLayout()
        self.data_dir_field = QLineEdit(str(self._data_dir))
        self.data_dir_field.setReadOnly(True)
        self.open_folder_button = QPushButton()
        self.open_folder_button.clicked.connect(self.open_data_folder)
        row.addWidget(self.data_dir_field, 1)
        row.addWidget(self.open_folder_button)
        column.addWidget(self.data_note)
        column.addLayout(row)
        return box

    def _label(self, buddy: QWidget) -> QLabel:
        label = QLabel()
        label.setBuddy(buddy)
        self._labels.append(label)
        return label

    # -- behaviour ----------------------------------------------------------------------------------
    def edited_settings(self) -> Settings:
        """The store's current settings with the dialog's values; fields it does not show stay as they are.

        Read from the store at the time of asking, not when the dialog opened: a model loaded meanwhile
        (its settings saved by the model manager) must not be undone by saving this dialog.
        """
        reminder_enabled, reminder_time, keep_in_tray = self.reminder.values()
        keep_days, keep_location = self.pictures.values()
        return self._store.current.changed(
            keep_originals_days=keep_days,
            keep_photo_location=keep_location,
            reminder_enabled=reminder_enabled,
            reminder_time=reminder_time,
            keep_in_tray=keep_in_tray,
            reply_length=str(self.reply_length.currentData()),
            persona=str(self.persona.currentData()),
            recall_enabled=self.recall.isChecked(),
            reflections_enabled=self.reflections.isChecked(),
            theme=str(self.theme.currentData()),
            language=str(self.language.currentData()),
            week_start=str(self.week_start.currentData()),
            lock_after_minutes=self.privacy.lock_minutes.value(),
        )

    def save(self) -> None:
        """Hand the values to the store (a small file write) and close; on failure say why and stay open."""
        try:
            self._store.update(self.edited_settings())
        except OSError as exc:
            show_exception(self, exc)
            return
        self.accept()

    def open_data_folder(self) -> None:
        """Show the data folder in the system's file manager."""
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(self._data_dir)))
