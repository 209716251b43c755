"""The model manager: which model runs, how fast, a better one to download, or a file of your own.

Loading a model takes from a fraction of a second (the tiny model) to many seconds (a 3B model from a
slow disk), and a download takes minutes — both run on the ``TaskRunner``; the dialog only shows
progress. Loading goes through ``app.llm.loading.load_model_file`` like every other load. A loaded
engine is handed out through ``model_changed(engine)``: the app swaps it into the companion
(``Companion.set_model``) and closes the previous one. The model settings (file, context size, GPU
layers, threads, KV cache) go to the app's ``SettingsStore`` once a model loads with them, so a setting
that does not work is never saved. Every failure is a message with a way forward (``app.ui.errors``).

First run: while Hearth runs on the bundled tiny model (or none) and the recommended model is not
downloaded yet, a card at the top offers it with one big button.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from app.config import ModelSettings, SettingsStore
from app.llm.catalog import CatalogEntry, CatalogError, load_catalog, models_dir
from app.llm.download import DownloadProgress, local_path, partial_bytes
from app.llm.errors import EngineError
from app.llm.loading import LoadedModel, load_model_file, load_server_model
from app.llm.selection import is_tiny_file
from app.ui.bridge import CompanionBridge
from app.ui.errors import show_error, show_exception, translated_text
from app.ui.i18n import LiveTexts, data_size, entry_size, follow_language
from app.ui.model_download import ModelDownload, format_progress
from app.ui.model_sections import (
    CatalogView,
    CurrentModelBox,
    EntryRole,
    FirstRunCard,
    ModelSettingsBox,
    action_button,
    entry_notes,
    fill_catalog_view,
    name_button,
    retranslate_catalog_view,
    wrapped_label,
)
from app.ui.server_box import ServerBox, ServerChoice
from app.ui.small_screens import ScrollPage, fit_dialog
from app.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from app.llm.loading import RunningModel


PREFERRED_WIDTH = 760  # px: wide enough for the Russian labels on one line, small beside 1024

class ModelManagerDialog(QDialog):
    """Current model and its stats, the catalog with downloads, a local file picker, model settings."""

    model_changed = Signal(object)  # the newly loaded engine (a ModelEngine)

    def __init__(
        self,
        bridge: CompanionBridge,
        runner: TaskRunner,
        settings_store: SettingsStore,
        data_dir: Path,
        parent: QWidget | None = None,
        *,
        catalog: list[CatalogEntry] | None = None,
        endpoint: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.runner = runner
        self.settings_store = settings_store
        self.data_dir = Path(data_dir)
        self._catalog_error = "The model catalog lists no models."  # (English: translated where shown)
        self.catalog = catalog if catalog is not None else self._load_catalog()
        self.engine: RunningModel | None = bridge.engine
        self.loading = False
        self.load_after_download = True
        self.download = self._shared_download(runner, endpoint)
        self.live = LiveTexts()  # status lines made from state, made again after a language switch
        self.setMinimumWidth(620)  # (the page scrolls when the dialog is shorter than it)
        self._build()
        self._connect()
        follow_language(self, self.retranslate)
        fit_dialog(self, self.page, PREFERRED_WIDTH)

    def retranslate(self) -> None:
        """Titles, headers, buttons; the catalog rows, the states and status lines in the new language."""
        self.setWindowTitle(self.tr("Models — Hearth"))
        self.catalog_box.setTitle(self.tr("Download a model"))
        self.catalog_view.setHeaderLabels([self.tr("Model"), self.tr("Size"), self.tr("Languages"),
                                           self.tr("On this computer")])
        self.catalog_view.setAccessibleName(self.tr("Model catalog"))
        self.progress_bar.setAccessibleName(self.tr("Download progress"))
        name_button(self.download_button, self.tr("&Download"), self.tr("Download the selected model"))
        name_button(self.cancel_button, self.tr("&Cancel download"), self.tr("Cancel the download"))
        name_button(self.use_button, self.tr("&Use this model"),
                    self.tr("Load the selected downloaded model"))
        name_button(self.pick_button, self.tr("Choose a .&gguf file…"),
                    self.tr("Use a model file from this computer"))
        retranslate_catalog_view(self.catalog_view)
        self.live.refresh()
        self.refresh()

    def _shared_download(self, runner: TaskRunner, endpoint: str | None) -> ModelDownload:
        """One download per models folder for the whole app, owned by the runner, not by a dialog.

        The window may open a new model manager each time; a download started in one that was closed
        keeps running and shows (and can be cancelled) in the next.
        """
        name = f"hearth-model-download:{models_dir(self.data_dir)}"
        found = runner.findChild(ModelDownload, name)
        if found is not None:
            if endpoint is not None:
                found.endpoint = endpoint
            return found
        download = ModelDownload(runner, models_dir(self.data_dir), endpoint=endpoint, parent=runner)
        download.setObjectName(name)
        return download

    def _load_catalog(self) -> list[CatalogEntry]:
        try:
            return load_catalog()
        except CatalogError as exc:  # a packaging bug; the rest of the dialog still works
            self._catalog_error = str(exc)
            return []

    # -- building -----------------------------------------------------------------------------------
    def _build(self) -> None:
        """Everything but Close on a page that scrolls when the screen is shorter than it (about 640 px:
        on an 800×600 screen the catalog was squeezed to a sliver and the offer's text cut)."""
        self.page = ScrollPage(self)
        layout = QVBoxLayout(self.page.body)
        layout.setContentsMargins(0, 0, 0, 0)
        self.first_run_card = FirstRunCard()
        self.first_run_card.button.clicked.connect(self.download_recommended)
        self.current = CurrentModelBox()
        self.model_settings = ModelSettingsBox(self.settings_store.current.model)
        self.model_settings.apply_button.clicked.connect(self.apply_settings)
        layout.addWidget(self.first_run_card)
        layout.addWidget(self.current)
        self.server_box = ServerBox(self.runner, self.settings_store.current.model, self.use_server)
        layout.addWidget(self._build_catalog(), 1)  # (selecting a catalog row updates the server box too)
        side_by_side = QHBoxLayout()  # one above the other, the dialog would not fit a 700 px screen
        side_by_side.addWidget(self.server_box, 3)
        side_by_side.addWidget(self.model_settings, 2)
        layout.addLayout(side_by_side)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addWidget(self.page, 1)
        column.addWidget(buttons)

    def _build_catalog(self) -> QGroupBox:
        box = self.catalog_box = QGroupBox()
        column = QVBoxLayout(box)
        self.catalog_view = CatalogView()
        self.catalog_view.setRootIsDecorated(False)
        self.catalog_view.currentItemChanged.connect(self._update_buttons)
        self.entry_notes = wrapped_label()
        self.progress_bar = QProgressBar()
        self.progress_bar.setObjectName("downloadProgress")
        self.progress_bar.setRange(0, 1000)
        self.progress_bar.setTextVisible(False)
        self.download_status = wrapped_label(name="downloadStatus")
        row = QHBoxLayout()
        self.download_button = action_button(self.download_selected)
        self.cancel_button = action_button(self.cancel_download)
        self.use_button = action_button(self.use_selected)
        self.pick_button = action_button(self.pick_local_file)
        for button in (self.download_button, self.cancel_button, self.use_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(self.pick_button)
        for widget in (self.catalog_view, self.entry_notes, self.progress_bar, self.download_status):
            column.addWidget(widget)
        column.addLayout(row)
        self._fill_catalog()
        return box

    def _fill_catalog(self) -> None:
        self.catalog_view.clear()
        if not self.catalog:
            self.catalog_view.setEnabled(False)
            self.live.set(self.entry_notes, lambda: self.tr(
                "The list of recommended models could not be read ({error}). You can still choose a "
                ".gguf file from this computer.").format(error=translated_text(self._catalog_error)))
        fill_catalog_view(self.catalog_view, self.catalog)

    def _connect(self) -> None:
        self.download.started.connect(self._update_buttons)  # bound methods: the download outlives us
        self.download.progress.connect(self._on_progress)
        self.download.finished.connect(self._on_downloaded)
        self.download.cancelled.connect(self._on_download_cancelled)
        self.download.failed.connect(self._on_download_failed)
        self.bridge.companion_changed.connect(self._on_companion_changed)

    # -- state --------------------------------------------------------------------------------------
    def downloaded_path(self, entry: CatalogEntry) -> Path | None:
        """The entry's verified file in the models folder (only verified downloads get the final name)."""
        return local_path(entry, models_dir(self.data_dir))

    def selected_entry(self) -> CatalogEntry | None:
        item = self.catalog_view.currentItem()
        return item.data(0, EntryRole) if item is not None else None

    def recommended_entry(self) -> CatalogEntry | None:
        return next((entry for entry in self.catalog if entry.default), None)

    def is_first_run(self) -> bool:
        """No model, or only the tiny one, and the recommended model is not here yet."""
        recommended = self.recommended_entry()
        if recommended is None or self.downloaded_path(recommended) is not None:
            return False
        if self.engine is None:
            return True
        path = self.engine.model_path
        return path is not None and is_tiny_file(path)

    def refresh(self) -> None:
        """Redraw every section from the current state (cheap; stats are fetched off the UI thread)."""
        self._refresh_first_run()
        self._refresh_catalog_status()
        self._refresh_current()
        self._update_buttons()

    def _refresh_first_run(self) -> None:
        recommended = self.recommended_entry()
        self.first_run_card.setVisible(self.is_first_run())
        if recommended is not None:
            self.first_run_card.offer(recommended, has_model=self.engine is not None)

    def _refresh_catalog_status(self) -> None:
        for i in range(self.catalog_view.topLevelItemCount()):
            item = self.catalog_view.topLevelItem(i)
            if item is not None:
                item.setText(3, self._entry_state(item.data(0, EntryRole)))

    def _entry_state(self, entry: CatalogEntry) -> str:
        """The "On this computer" column: in use, downloaded, downloading, paused, or not downloaded (an
        empty cell read as "unknown"). Its size is the column beside it."""
        if self.download.running and self.download.entry == entry:
            return self.tr("Downloading…")
        path = self.downloaded_path(entry)
        if path is not None:
            running = self.engine.model_path if self.engine is not None else None
            in_use = running is not None and Path(running) == path
            return self.tr("In use") if in_use else self.tr("Downloaded")
        partial = self._partial_bytes(entry)
        if partial and entry.size:
            paused = self.tr("Paused at {done} of {total}")
            return paused.format(done=data_size(partial), total=entry_size(entry))
        if partial:
            return self.tr("Paused at {done}").format(done=data_size(partial))
        return self.tr("Not downloaded")

    def _partial_bytes(self, entry: CatalogEntry) -> int:
        """Bytes of an unfinished download of ``entry`` (so the button can say Resume)."""
        return partial_bytes(entry, models_dir(self.data_dir))

    def _refresh_current(self) -> None:
        engine = self.engine
        if engine is None:
            self.current.show_none()
            return
        name = engine.model_name
        self.current.live.set(self.current.name, lambda: name)
        self.runner.run(engine.info, on_done=self.current.show_info, on_error=lambda _exc: None,
                        token_key=f"model-info-{id(self)}")

    def _update_buttons(self, *_args: object) -> None:
        entry = self.selected_entry()
        running = self.download.running
        downloaded = entry is not None and self.downloaded_path(entry) is not None
        if self.catalog:
            self.entry_notes.setText(entry_notes(entry) if entry is not None else "")
        self.download_button.setEnabled(entry is not None and not running and not downloaded)
        resumable = entry is not None and self._partial_bytes(entry) > 0
        self.download_button.setText(self.tr("&Resume download") if resumable else self.tr("&Download"))
        self.cancel_button.setEnabled(running)
        self.use_button.setEnabled(downloaded and not self.loading)
        self.first_run_card.button.setEnabled(not running)
        for widget in (self.pick_button, self.model_settings.apply_button):
            widget.setEnabled(not self.loading)
        self.server_box.set_busy(self.loading)
        self.progress_bar.setVisible(running or self.download.last_progress is not None)

    # -- downloading --------------------------------------------------------------------------------
    def download_recommended(self) -> None:
        entry = self.recommended_entry()
        if entry is not None:
            self.start_download(entry)

    def download_selected(self) -> None:
        entry = self.selected_entry()
        if entry is not None:
            self.start_download(entry)

    def start_download(self, entry: CatalogEntry) -> None:
        """Start or resume ``entry`` (the person asked for it: the only network access Hearth makes)."""
        if self.download.start(entry):
            self.download.reporter = self
            self.live.set(self.download_status,
                          lambda: self.tr("Starting the download of {title}…").format(title=entry.title))
            self.progress_bar.setValue(0)
            self.refresh()

    def cancel_download(self) -> None:
        self.download.cancel()
        self.cancel_button.setEnabled(False)
        self.live.set(self.download_status, lambda: self.tr("Cancelling…"))

    def _on_progress(self, progress: DownloadProgress) -> None:
        self.progress_bar.setValue(round(progress.percent * 10))
        self.live.set(self.download_status, lambda: format_progress(progress))

    def _on_downloaded(self, path: Path) -> None:
        entry = self.download.entry
        self.progress_bar.setValue(1000)
        self.live.set(self.download_status,
                      lambda: self.tr("Downloaded and verified: {name}").format(name=path.name))
        self.refresh()
        if self.download.reporter is self and self.load_after_download and entry is not None:
            self.load_model(path, entry.title)

    def _on_download_cancelled(self, _exc: BaseException) -> None:
        self.live.set(self.download_status, lambda: self._paused_text(self.download.last_progress))
        self.refresh()

    def _paused_text(self, done: DownloadProgress | None) -> str:
        if done is not None:
            paused = self.tr("Paused at {percent}%.").format(percent=f"{done.percent:.0f}")
        else:
            paused = self.tr("Paused.")
        resume = self.tr("Press Resume to continue where it stopped.")
        return f"{paused} {resume}"

    def _on_download_failed(self, exc: BaseException) -> None:
        def stopped() -> str:
            hint = translated_text(exc.hint) if isinstance(exc, EngineError) else ""
            said = self.tr("The download stopped.")
            return f"{said} {hint}".strip()

        self.live.set(self.download_status, stopped)
        self.refresh()
        if self.download.reporter is self:
            show_exception(self, exc)

    def showEvent(self, event: QShowEvent) -> None:
        """The dialog on screen is the one that reports how a shared download ends."""
        self.download.reporter = self
        if self.download.running and self.download.last_progress is not None:
            self._on_progress(self.download.last_progress)
        self.refresh()
        super().showEvent(event)

    # -- loading ------------------------------------------------------------------------------------
    def use_selected(self) -> None:
        entry = self.selected_entry()
        path = self.downloaded_path(entry) if entry is not None else None
        if entry is not None and path is not None:
            self.load_model(path, entry.title)

    def pick_local_file(self) -> None:
        chosen = self.settings_store.current.model.path
        start = str(Path(chosen).parent) if chosen else str(Path.home())
        path, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Choose a model file"), start, self.tr("GGUF models (*.gguf);;All files (*)")
        )
        if path:
            self.load_model(Path(path), Path(path).name)

    def apply_settings(self) -> None:
        """Reload the current model with the settings shown (or say why that is not possible yet)."""
        if self.engine is not None and self.engine.model_path is None:
            self.server_box.use_server()  # a model server: connect again with the context size shown
            return
        path = self._current_path()
        if path is None:
            show_error(self, self.tr("No model to reload"), self.tr("There is no model loaded yet."),
                       self.tr("Download the recommended model, or choose a .gguf file first."))
            return
        self.load_model(path, self.engine.model_name if self.engine is not None else path.name)

    def _current_path(self) -> Path | None:
        if self.engine is not None and self.engine.model_path is not None:
            return self.engine.model_path
        chosen = self.settings_store.current.model.path
        return Path(chosen) if chosen else None

    def load_model(self, path: Path, title: str) -> None:
        """Load ``path`` off the UI thread; on success save the choice and emit ``model_changed``."""
        if self.loading:
            return
        model = self.model_settings.for_file(path)
        self.loading = True
        self.current.say(lambda: self.tr("Loading {title}…").format(title=title))
        self._update_buttons()
        self.runner.run(lambda: load_model_file(model, path, title),
                        on_done=lambda loaded: self._on_loaded(loaded, model), on_error=self._on_load_failed)

    def use_server(self, choice: ServerChoice) -> None:
        """Connect to the server the person chose, off the UI thread; saved and handed on like a file."""
        if self.loading:
            return
        model = replace(choice.settings, n_ctx=self.model_settings.n_ctx.value())
        self.loading = True
        self.current.say(lambda: self.tr("Connecting to %1…").replace("%1", model.server_url))
        self._update_buttons()
        self.runner.run(lambda: load_server_model(model, choice.api_key), on_error=self._on_load_failed,
                        on_done=lambda loaded: self._on_loaded(loaded, self._named(model, loaded)))

    @staticmethod
    def _named(model: ModelSettings, loaded: LoadedModel) -> ModelSettings:
        """Save the model the server gave (its first, when none was named), so the next start asks for it."""
        return replace(model, server_model=loaded.engine.model_name)

    def _on_loaded(self, loaded: LoadedModel, model: ModelSettings) -> None:
        """Show the model, save its settings (the person's explicit choice, even the tiny one), hand it on."""
        self.loading = False
        self.engine = loaded.engine
        self.current.say(lambda: self.tr("Loaded."))
        try:
            self.settings_store.change(model=model)
        except OSError as exc:
            show_exception(self, exc)
        self.refresh()
        self.model_changed.emit(loaded.engine)

    def _on_load_failed(self, exc: BaseException) -> None:
        self.loading = False
        self.current.say(lambda: self.tr("The model could not be loaded; the previous one keeps running."))
        self._update_buttons()
        show_exception(self, exc)

    def _on_companion_changed(self, _companion: object) -> None:
        """The app finished loading while the dialog was open: show the engine it handed to the bridge."""
        engine = self.bridge.engine
        if engine is not None and engine is not self.engine:
            self.engine = engine
            self.refresh()

