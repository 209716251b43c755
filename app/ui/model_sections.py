"""The parts of the model manager that only show or collect values (no downloads, no loading).

``FirstRunCard`` offers the recommended model, ``CurrentModelBox`` shows the loaded model's stats from
``engine.info()``, ``ModelSettingsBox`` holds context size, GPU layers, threads and KV cache type and
turns them into ``ModelSettings`` (``app.llm.selection.engine_config`` makes the engine's config of
them). Kept apart from ``model_manager`` so the dialog reads as behaviour.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from app.config import ModelSettings
from app.llm.catalog import CatalogEntry
from app.llm.selection import is_tiny_file
from app.ui.i18n import QT_TRANSLATE_NOOP, LiveTexts, data_size, entry_size, follow_language, number

KV_CACHE_TYPES = ("f16", "q8_0", "q4_0")
translate = QCoreApplication.translate
# The catalog's notes (app/resources/catalog.toml) as translation sources; tests/test_i18n_catalog.py fails
# when a catalog entry's notes are not here (a new model in the catalog needs its notes translated too).
CATALOG_NOTES = (
    QT_TRANSLATE_NOOP("Catalog", "Recommended. Strong in English and Russian, and good in many more "
                                 "languages; the best choice for a diary kept in more than one language."),
    QT_TRANSLATE_NOOP("Catalog", "Good English writing. Russian is not an officially supported language: it "
                                 "understands Russian but answers in it noticeably worse than Qwen2.5."),
)


def entry_notes(entry: CatalogEntry) -> str:
    """The entry's notes in the interface's language."""
    return translate("Catalog", entry.notes)
EntryRole = Qt.ItemDataRole.UserRole + 1  # the CatalogEntry of a row in the catalog view
MAX_CONTEXT = 131072
CATALOG_ROWS_SHOWN = 2  # the catalog view's least height, in rows (more when the catalog has more)


def wrapped_label(text: str = "", *, name: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setObjectName(name)
    return label


def action_button(slot: Callable[[], object]) -> QPushButton:
    """A button that runs ``slot``; its texts come from its dialog's ``retranslate`` (``name_button``)."""
    button = QPushButton()
    button.clicked.connect(slot)
    return button


def name_button(button: QPushButton, text: str, accessible: str) -> None:
    button.setText(text)
    button.setAccessibleName(accessible)
    button.setToolTip(accessible)


class CatalogView(QTreeWidget):
    """The catalog's rows. It asks for the height of its rows (at least ``CATALOG_ROWS_SHOWN``), not Qt's
    192 px, and takes no less: on a short screen the dialog's page scrolls rather than squeeze the list to
    a sliver (it showed half a row at 800×600), and at 780×690 there is no empty list below two models to
    push the page into scrolling. It grows with a taller dialog."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        rows = max(self.topLevelItemCount(), CATALOG_ROWS_SHOWN)
        row = self.sizeHintForRow(0) if self.topLevelItemCount() else self.fontMetrics().lineSpacing() + 4
        header = self.header().sizeHint().height() if not self.isHeaderHidden() else 0
        return QSize(hint.width(), header + rows * max(row, 1) + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self.sizeHint().height())


def fill_catalog_view(view: QTreeWidget, catalog: list[CatalogEntry]) -> None:
    """One row per catalog entry (title, size, languages, state); the recommended one preselected."""
    view.clear()
    for entry in catalog:
        item = QTreeWidgetItem(["", "", _languages(entry.languages), ""])
        item.setData(0, EntryRole, entry)
        item.setToolTip(2, ", ".join(entry.languages))
        view.addTopLevelItem(item)
        if entry.default:
            view.setCurrentItem(item)
    retranslate_catalog_view(view)


def retranslate_catalog_view(view: QTreeWidget) -> None:
    """The catalog rows' titles, sizes and notes in the interface's language (the state column is the
    dialog's)."""
    for index in range(view.topLevelItemCount()):
        item = view.topLevelItem(index)
        entry: CatalogEntry | None = item.data(0, EntryRole) if item is not None else None
        if item is None or entry is None:
            continue
        title = entry.title + ("  — " + translate("ModelManager", "recommended") if entry.default else "")
        item.setText(0, title)
        item.setText(1, entry_size(entry))
        licence = translate("ModelManager", "Licence: {licence}").format(licence=entry.license)
        item.setToolTip(0, f"{entry_notes(entry)}\n{licence}")
    for column in range(3):
        view.resizeColumnToContents(column)


def _languages(codes: tuple[str, ...], shown: int = 4) -> str:
    """"en, ru, zh, de +9": the catalog's first languages are the ones that matter most."""
    extra = len(codes) - shown
    return ", ".join(codes[:shown]) + (f" +{extra}" if extra > 0 else "")


def format_info(info: dict[str, Any]) -> str:
    """"2.1 GB · 3.1B parameters · context 4,096 tokens (trained for 32,768) · 12.3 tokens/s"."""
    parts = []
    if info.get("size_bytes"):
        parts.append(data_size(int(info["size_bytes"])))
    if info.get("n_params"):
        n = int(info["n_params"])
        size = (translate("ModelManager", "{n}B parameters").format(n=f"{n / 1e9:.1f}") if n >= 1e9
                else translate("ModelManager", "{n}M parameters").format(n=f"{n / 1e6:.0f}"))
        parts.append(size)
    if info.get("n_ctx"):
        context = translate("ModelManager", "context {n} tokens").format(n=number(int(info["n_ctx"])))
        if info.get("n_ctx_train"):
            trained = number(int(info["n_ctx_train"]))
            context += " " + translate("ModelManager", "(trained for {n})").format(n=trained)
        parts.append(context)
    speed = info.get("last_tokens_per_s")
    parts.append(translate("ModelManager", "{n} tokens/s").format(n=f"{float(speed):.1f}") if speed
                 else translate("ModelManager", "speed shown after the first reply"))
    return " · ".join(parts)


class FirstRunCard(QFrame):
    """"Get the recommended model" with one prominent button (styled by ``#recommendedDownload``)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("firstRunCard")
        column = QVBoxLayout(self)
        self.title = wrapped_label(name="firstRunTitle")
        self.text = wrapped_label()
        self.button = QPushButton()
        self.button.setObjectName("recommendedDownload")
        self._offer: tuple[CatalogEntry, bool] | None = None
        column.addWidget(self.title)
        column.addWidget(self.text)
        column.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Get the recommended model"))
        self.button.setAccessibleName(self.tr("Download the recommended model"))
        if self._offer is not None:
            self.offer(self._offer[0], has_model=self._offer[1])

    def offer(self, entry: CatalogEntry, *, has_model: bool) -> None:
        self._offer = (entry, has_model)
        now = (
            self.tr("Hearth is running on its small built-in model: it works offline right away, but its "
                    "replies are simple.") if has_model else self.tr("Hearth has no model yet.")
        )
        offer = self.tr("{title} writes much better replies and remembers more. It downloads once "
                        "({size}) and then works offline; nothing else ever leaves this computer.")
        self.text.setText(f"{now} {offer.format(title=entry.title, size=entry_size(entry))}")
        self.button.setText(self.tr("Download {model}").format(model=title_and_size(entry)))


def title_and_size(entry: CatalogEntry) -> str:
    """"Qwen2.5 3B Instruct · Q4_K_M · 2.1 GB": the catalog's title ends in its quantisation in brackets, and
    the size in brackets after it read as "(Q4_K_M) (2.1 GB)"."""
    name, bracket, variant = entry.title.partition(" (")
    parts = [name, variant.removesuffix(")")] if bracket and entry.title.endswith(")") else [entry.title]
    return " · ".join([*parts, entry_size(entry)])


class CurrentModelBox(QGroupBox):
    """Name, file and stats of the loaded model."""

    def __init__(self) -> None:
        super().__init__()
        form = QFormLayout(self)
        self.name = wrapped_label(name="modelName")
        self.path = wrapped_label()
        self.stats = wrapped_label(name="modelStats")
        self.status = wrapped_label()
        self.labels = [QLabel(), QLabel(), QLabel()]
        self.live = LiveTexts()  # the status line and the stats, made again in a new language
        for label, field in zip(self.labels, (self.name, self.path, self.stats), strict=True):
            form.addRow(label, field)
        form.addRow(self.status)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setTitle(self.tr("Current model"))
        for label, text in zip(self.labels, (self.tr("Model:"), self.tr("File:"), self.tr("Stats:")),
                               strict=True):
            label.setText(text)
        self.live.refresh()

    def show_none(self) -> None:
        self.live.set(self.name, lambda: self.tr("No model loaded"))
        self.live.set(self.path, lambda: "")
        self.live.set(self.stats, lambda: self.tr("Download the recommended model, or choose a .gguf file."))

    def show_info(self, info: dict[str, Any]) -> None:
        name = str(info.get("name") or self.name.text())
        self.live.set(self.name, lambda: name)
        path = info.get("path")
        if path and is_tiny_file(Path(str(path))):  # its place inside Hearth's install says nothing
            self.live.set(self.path, lambda: self.tr("Built into Hearth"))
        else:
            where = str(path or info.get("address", ""))
            self.live.set(self.path, lambda: where)
        self.live.set(self.stats, lambda: format_info(info))

    def say(self, make: Callable[[], str]) -> None:
        """The status line under the stats ("Loading…", "Loaded."), made again after a language switch."""
        self.live.set(self.status, make)


class ModelSettingsBox(QGroupBox):
    """Context size, GPU layers, threads and KV cache type, with an "Apply and reload" button."""

    def __init__(self, settings: ModelSettings) -> None:
        super().__init__()
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.n_ctx = _spin(512, MAX_CONTEXT, settings.n_ctx, step=512)
        self.n_gpu_layers = _spin(-1, 999, settings.n_gpu_layers)
        self.n_threads = _spin(0, max(1, os.cpu_count() or 1) * 2, settings.n_threads)
        self.kv_cache = QComboBox()
        self.kv_cache.addItems(list(KV_CACHE_TYPES))
        self.kv_cache.setCurrentText(settings.kv_cache_type)
        self.apply_button = QPushButton()
        fields = (self.n_ctx, self.n_gpu_layers, self.n_threads, self.kv_cache)
        self.labels = [_buddy(field) for field in fields]
        for label in self.labels:
            form.addRow(label, label.buddy())
        form.addRow(self.apply_button)
        self.apply_button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setTitle(self.tr("Model settings"))
        for spin in (self.n_ctx, self.n_gpu_layers, self.n_threads):
            spin.setLocale(QLocale())  # the language's grouping ("4 096"), after a switch too
        self.n_ctx.setAccessibleName(self.tr("Context size in tokens"))
        self.n_ctx.setToolTip(
            self.tr("How many tokens the model sees at once; 4,096 is what Hearth is tuned for"))
        self.n_gpu_layers.setAccessibleName(self.tr("GPU layers"))
        self.n_gpu_layers.setSpecialValueText(self.tr("All layers"))
        self.n_gpu_layers.setToolTip(self.tr("Layers to run on the GPU: 0 = CPU only (works everywhere)"))
        self.n_threads.setAccessibleName(self.tr("CPU threads"))
        self.n_threads.setSpecialValueText(self.tr("Automatic"))
        self.kv_cache.setAccessibleName(self.tr("KV cache type"))
        self.kv_cache.setToolTip(self.tr("q8_0 and q4_0 use less memory for the context, at a small cost in "
                                         "quality"))
        self.apply_button.setText(self.tr("&Apply and reload"))
        self.apply_button.setAccessibleName(self.tr("Reload the model with these settings"))
        texts = (self.tr("Conte&xt size:"), self.tr("G&PU layers:"), self.tr("&Threads:"),
                 self.tr("&KV cache:"))
        for label, text in zip(self.labels, texts, strict=True):
            label.setText(text)

    def for_file(self, path: Path) -> ModelSettings:
        """The values shown, for the model file ``path`` (what is saved once it loads with them)."""
        return ModelSettings(
            path=str(path),
            n_ctx=self.n_ctx.value(),
            n_gpu_layers=self.n_gpu_layers.value(),
            n_threads=self.n_threads.value(),
            kv_cache_type=self.kv_cache.currentText(),
        )


def _spin(low: int, high: int, value: int, *, step: int = 1) -> QSpinBox:
    """A spin box that writes its number grouped as the interface's language does ("4,096", "4 096"), as
    the stats beside it do."""
    spin = QSpinBox()
    spin.setGroupSeparatorShown(True)
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setValue(value)
    return spin


def _buddy(widget: QSpinBox | QComboBox) -> QLabel:
    label = QLabel()
    label.setBuddy(widget)
    return label
