"""Starting the desktop app: open the diary, load a model, build the companion — never on the UI thread.

``run_app`` is what ``hearth`` runs. ``HearthApp`` holds the parts a session of the app owns (diary,
engine, companion, window) so tests, the benchmark and the screenshot command start exactly the same
app, optionally with an engine they already have (``engine_factory``).

Start-up order, each step off the UI thread: the window appears at once ("Opening your diary…"); the
diary opens and the days show; the model loads (the person's choice, else the downloaded recommended
model, else the bundled tiny one); the companion is built and the composer unlocks. If the chosen model
cannot be loaded, the tiny model takes over and a dialog says what happened and what to do. A first
run on the tiny model shows a quiet banner offering the recommended download.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication

from app.config import APP_NAME, Settings
from app.ui import window_parts as parts
from app.ui.bridge import CompanionBridge
from app.ui.main_window import MainWindow
from app.ui.tasks import TaskRunner

log = logging.getLogger(__name__)


@dataclass
class LoadedModel:
    """What the model-loading step hands back: the engine, its display name, and how it was chosen."""

    engine: Any
    name: str
    is_tiny: bool
    owned: bool = True  # the app closes engines it loaded itself, never one it was given
    problem: BaseException | str | None = None  # the preferred model failed; this is the fallback


EngineFactory = Callable[[Settings, Path], LoadedModel]


def load_model(settings: Settings, data_dir: Path) -> LoadedModel:
    """Load the model the settings and data dir call for; fall back to the tiny model on failure."""
    from app.llm.engine import ModelEngine
    from app.llm.errors import ModelFileMissing
    from app.llm.selection import choose_model, engine_config
    from app.llm.tiny import TINY_NAME, tiny_model_path

    choice = choose_model(settings, data_dir)
    if choice is None:
        raise ModelFileMissing("No model is available: nothing downloaded and the built-in model is missing.")
    try:
        engine = ModelEngine(engine_config(settings, choice))
        problem = getattr(choice, "problem", "") or None
        return LoadedModel(engine, choice.name, choice.is_tiny, problem=problem)
    except Exception as exc:
        tiny = tiny_model_path()
        if choice.is_tiny or tiny is None:
            raise
        from app.llm.engine import EngineConfig

        engine = ModelEngine(EngineConfig(model_path=tiny, n_ctx=min(settings.n_ctx, 8192)))
        return LoadedModel(engine, TINY_NAME, True, problem=exc)


def has_downloaded_model(data_dir: Path) -> bool:
    try:
        from app.llm.catalog import load_catalog, models_dir
        from app.llm.download import local_path
    except ImportError:
        return False
    folder = models_dir(data_dir)
    return any(local_path(entry, folder) is not None for entry in load_catalog())


class HearthApp(QObject):
    """One running app: diary, model, companion, window, and the runner that does their slow work."""

    ready = Signal(object)  # the Companion, once the model is loaded
    failed = Signal(object)  # an exception that left the app without a companion

    def __init__(self, data_dir: Path, *, engine_factory: EngineFactory | None = None,
                 settings: Settings | None = None) -> None:
        super().__init__()
        self.data_dir = Path(data_dir)
        self.settings = settings or Settings.load(self.data_dir)
        self.engine_factory = engine_factory or load_model
        self.runner = TaskRunner(self)
        self.bridge = CompanionBridge(parent=self)
        self.window = MainWindow(self.bridge, self.runner, self.data_dir)
        self.diary: Any | None = None
        self.loaded: LoadedModel | None = None
        self._shut_down = False
        self.window.model_manager_requested.connect(self.open_model_manager)
        self.window.settings_requested.connect(self.open_settings)

    @property
    def companion(self) -> Any | None:
        return self.bridge.companion

    def start(self, *, show: bool = True) -> None:
        """Show the window and begin opening the diary and loading the model in the background."""
        if show:
            self.window.show()
        from app.store import Diary

        self.runner.run(lambda: Diary.open(self.data_dir), self._on_diary, self._on_start_failed)

    def _on_diary(self, diary: Any) -> None:
        self.diary = diary
        self.window.set_diary(diary)
        self.window.open_today()
        self.window.set_ready(False, "Loading the model…")
        self.runner.run(self._load_companion, self._on_companion, self._on_start_failed)

    def _load_companion(self) -> tuple[LoadedModel, Any]:
        from app.core.companion import Companion

        loaded = self.engine_factory(self.settings, self.data_dir)
        return loaded, Companion(self.diary, loaded.engine, self.settings)

    def _on_companion(self, result: tuple[LoadedModel, Any]) -> None:
        loaded, companion = result
        self.loaded = loaded
        self.bridge.engine = loaded.engine
        self.bridge.set_companion(companion)
        self.window.set_model_name(loaded.name)
        if loaded.problem is not None:
            title, message, hint = _error_text(loaded.problem)
            fallback = " Hearth is using its small built-in model for now." if loaded.is_tiny else ""
            parts.show_error(self.window, title, message, f"{hint}{fallback}")
        elif loaded.is_tiny and not has_downloaded_model(self.data_dir):
            self.window.show_first_run_notice()
        companion.warm_up()
        self.ready.emit(companion)

    def _on_start_failed(self, exc: BaseException) -> None:
        self.window.set_ready(False, "Hearth could not start — see the message.")
        box = parts.show_exception(self.window, exc)
        backup = getattr(exc, "backup", None)
        if backup is not None:
            self._offer_backup(box, backup)
        self.failed.emit(exc)

    def _offer_backup(self, box: Any, backup: Path) -> None:
        """A damaged diary was moved aside: one click restores the latest backup into a fresh file."""
        from PySide6.QtWidgets import QMessageBox

        button = box.addButton(f"Restore backup {backup.name}", QMessageBox.ButtonRole.AcceptRole)
        button.setAccessibleName("Restore the latest backup")
        button.clicked.connect(lambda: self.restore_backup(backup))

    def restore_backup(self, backup: Path) -> None:
        """Open a fresh diary file and copy the backup into it, off the UI thread, then carry on starting."""
        from app.store import Diary

        def work() -> Any:
            diary = Diary.open(self.data_dir)
            diary.restore(backup)
            return diary

        self.window.set_ready(False, "Restoring the backup…")
        self.runner.run(work, self._on_diary, self._on_start_failed)

    # -- dialogs ----------------------------------------------------------------------------------
    def open_model_manager(self) -> Any:
        from app.ui.model_manager import ModelManagerDialog

        dialog = ModelManagerDialog(self.bridge, self.runner, self.data_dir, self.window)
        dialog.model_changed.connect(self.swap_model)
        dialog.open()
        return dialog

    def swap_model(self, engine: Any) -> None:
        """The model manager loaded another engine: hand it to the companion, retire the old one."""
        companion, old = self.companion, self.loaded
        name = str(getattr(engine, "model_name", "") or "model")
        from app.llm.tiny import tiny_model_path

        tiny = tiny_model_path()
        path = getattr(getattr(engine, "config", None), "model_path", None)
        is_tiny = tiny is not None and path is not None and Path(path).resolve() == tiny.resolve()
        self.loaded = LoadedModel(engine, name, is_tiny)
        self.bridge.engine = engine
        self.window.set_model_name(name)
        if not is_tiny:
            self.window.notice_bar.hide()

        def swap() -> None:
            if companion is not None:
                companion.set_model(engine)
            if old is not None and old.owned and old.engine is not engine:
                old.engine.close()

        self.runner.run(swap, lambda _r: self.window.refresh_budget(),
                        lambda exc: parts.show_exception(self.window, exc))

    def open_settings(self) -> Any:
        from app.ui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(Settings.load(self.data_dir), self.data_dir, self.window)
        dialog.settings_changed.connect(self.apply_settings)
        dialog.open()
        return dialog

    def apply_settings(self, settings: Settings) -> None:
        self.settings = settings
        apply_theme(settings.theme)
        self.window.chat_view.chat_delegate.forget()
        self.window.chat_view.doItemsLayout()
        companion = self.companion
        if companion is not None and hasattr(companion, "set_settings"):
            self.runner.run(lambda: companion.set_settings(settings), lambda _r: self.window.refresh_budget())

    # -- shutdown ---------------------------------------------------------------------------------
    def shutdown(self, timeout: float = 10.0) -> None:
        """Stop the reply, let background work end, close companion, engine and diary (once)."""
        if self._shut_down:
            return
        self._shut_down = True
        companion = self.companion
        self.bridge.detach()
        if companion is not None:
            with contextlib.suppress(Exception):
                companion.stop()
        self.runner.wait_idle(timeout)
        if companion is not None:
            with contextlib.suppress(Exception):
                companion.close()
        if self.loaded is not None and self.loaded.owned:
            with contextlib.suppress(Exception):
                self.loaded.engine.close()
        if self.diary is not None:
            with contextlib.suppress(Exception):
                self.diary.close()
        self.window.close()


def _error_text(exc: BaseException | str) -> tuple[str, str, str]:
    if isinstance(exc, str):
        return ("The chosen model could not be used", exc,
                "Pick another model file or download the recommended one in the model manager "
                "(Ctrl+Shift+M).")
    try:
        from app.ui.errors import error_for
    except ImportError:  # pragma: no cover
        return "The model could not be loaded", str(exc), str(getattr(exc, "hint", ""))
    title, message, hint = error_for(exc)
    return title, message, hint


def apply_theme(theme: str) -> None:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    try:
        from app.ui.theme import apply_theme as shared
    except ImportError:  # pragma: no cover
        return
    shared(app, theme)


def make_qapplication(argv: list[str] | None = None) -> QApplication:
    """The QApplication with Hearth's name, icon and theme (reused if one exists, as in tests)."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv or sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("hearth")
    with contextlib.suppress(ImportError):
        from app.ui.theme import app_icon

        app.setWindowIcon(app_icon())
    return app


def run_app(data_dir: Path) -> int:
    """Open the desktop app on ``data_dir``; returns the exit code."""
    app = make_qapplication()
    settings = Settings.load(Path(data_dir))
    apply_theme(settings.theme)
    hearth = HearthApp(Path(data_dir), settings=settings)
    app.aboutToQuit.connect(hearth.shutdown)
    hearth.start()
    return int(app.exec())
