"""Settings ▸ Pictures: how long original pictures are kept, whether where a photo was taken is kept, and the
storage panel (space by level of memory, the seed's table: raw files, entries, summaries, facts, vectors).

Originals are deleted past the chosen time only once their text was read; the thumbnail and the text
stay (the sweep runs after each reading pass and at start, ``app.core.pictures.service``). The figures
are read off the UI thread.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.core.pictures.service import RETENTION_DAYS
from app.llm.catalog import format_bytes
from app.store import Diary, StorageFigures
from app.store.db import DB_FILE
from app.ui.i18n import QT_TRANSLATE_NOOP, follow_language
from app.ui.tasks import TaskRunner

RETENTION_LABELS = {
    0: QT_TRANSLATE_NOOP("PicturesGroup", "forever"),
    365: QT_TRANSLATE_NOOP("PicturesGroup", "1 year"),
    90: QT_TRANSLATE_NOOP("PicturesGroup", "90 days"),
    30: QT_TRANSLATE_NOOP("PicturesGroup", "30 days"),
}
LEVELS = (
    ("originals", QT_TRANSLATE_NOOP("StorageDialog", "Level 0 — original pictures")),
    ("thumbnails", QT_TRANSLATE_NOOP("StorageDialog", "Level 0 — thumbnails")),
    ("messages", QT_TRANSLATE_NOOP("StorageDialog", "Level 1 — entries, with the text read in pictures")),
    ("summaries", QT_TRANSLATE_NOOP("StorageDialog", "Level 2 — summaries and digests")),
    ("facts", QT_TRANSLATE_NOOP("StorageDialog", "Level 3 — facts")),
    ("vectors", QT_TRANSLATE_NOOP("StorageDialog", "Recall index (vectors)")),
)


class PicturesGroup(QGroupBox):
    """The pictures' settings in the Settings dialog; ``values()`` gives (days, keep location)."""

    storage_requested = Signal()

    def __init__(self, days: int, keep_location: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.keep_originals = QComboBox(self)
        for value in RETENTION_DAYS:
            self.keep_originals.addItem("", value)
        index = self.keep_originals.findData(days)
        if index < 0:
            self.keep_originals.addItem("", days)  # a value set by hand is kept, not lost
            index = self.keep_originals.count() - 1
        self.keep_originals.setCurrentIndex(index)
        self.keep_location = QCheckBox(self)
        self.keep_location.setChecked(keep_location)
        self.storage_button = QPushButton(self)
        self.storage_button.clicked.connect(self.storage_requested)
        self.keep_label = QLabel(self)
        self.keep_label.setBuddy(self.keep_originals)
        row = QHBoxLayout()
        row.addWidget(self.keep_originals, 1)
        row.addWidget(self.storage_button)
        form = QFormLayout(self)
        form.addRow(self.keep_label, row)
        form.addRow(self.keep_location)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setTitle(self.tr("Pictures"))
        self.keep_label.setText(self.tr("&Keep original pictures for:"))
        for index in range(self.keep_originals.count()):
            days = int(self.keep_originals.itemData(index))
            label = RETENTION_LABELS.get(days)
            text = self.tr(label) if label else self.tr("{n} days").format(n=days)
            self.keep_originals.setItemText(index, text)
        self.keep_originals.setAccessibleName(self.tr("Keep original pictures for"))
        self.keep_location.setText(self.tr("Keep &where photos were taken (location in the photo's data)"))
        self.keep_originals.setToolTip(self.tr(
            "After that time only originals whose text was read are deleted; the thumbnail and the text "
            "stay, so search and the companion still find them."))
        self.storage_button.setText(self.tr("&Storage…"))
        self.storage_button.setAccessibleName(self.tr("Space used by each level of memory"))

    def values(self) -> tuple[int, bool]:
        return int(self.keep_originals.currentData()), self.keep_location.isChecked()


class StorageDialog(QDialog):
    """Space by level of memory, read off the UI thread (the figures come with ``figures_ready``)."""

    figures_ready = Signal(object)  # StorageFigures, shown

    def __init__(
        self, diary: Diary, runner: TaskRunner, data_dir: Path, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("storageDialog")
        self._values: dict[str, QLabel] = {}
        self._names: dict[str, QLabel] = {}
        form = QFormLayout()
        for key, _label in (*LEVELS, ("disk", ""), ("count", "")):
            self._names[key], self._values[key] = QLabel(self), QLabel("…", self)
            form.addRow(self._names[key], self._values[key])
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self._figures: StorageFigures | None = None
        follow_language(self, self.retranslate)
        runner.run(lambda: (diary.storage_figures(), _on_disk(data_dir)), lambda got: self._show(*got))

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Storage — Hearth"))
        for key, label in LEVELS:
            self._names[key].setText(self.tr(label))
        self._names["disk"].setText(self.tr("The diary file on disk, all included"))
        self._names["count"].setText(self.tr("Pictures (originals deleted by the setting)"))
        self.note.setText(self.tr("Deleting originals frees the most space and barely changes what the "
                                  "companion knows: it reads the pictures' text, which stays."))

    def _show(self, figures: StorageFigures, on_disk: int) -> None:
        self._figures = figures
        for key, _label in LEVELS:
            self._values[key].setText(format_bytes(getattr(figures, key)))
        self._values["disk"].setText(format_bytes(on_disk))
        self._values["count"].setText(f"{figures.pictures} ({figures.originals_dropped})")
        self.figures_ready.emit(figures)


def _on_disk(data_dir: Path) -> int:
    return sum(p.stat().st_size for p in Path(data_dir).glob(DB_FILE + "*") if p.is_file())
