"""Shared helpers for the GUI tests: start the real app on the session's tiny engine, seed a diary, type.

``launch`` starts ``HearthApp`` exactly as ``hearth`` does (diary opened and companion built off the UI
thread), except that the model comes from the session-wide ``tiny_engine`` (not closed by the app).
A test module defines ``launch`` as ``yield from launcher(qtbot, data_dir, tiny_engine)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QWidget

from app.config import ModelSettings, Settings, SettingsStore, ensure_private_dir
from app.llm.embedding import default_embedder
from app.llm.loading import LoadedModel
from app.ui.application import HearthApp

START_TIMEOUT_MS = 60_000
REPLY_TIMEOUT_MS = 120_000

Launcher = Callable[..., HearthApp]


def quick_settings(**changes: Any) -> Settings:
    """Short replies keep the real tiny model's turns to a second or two on this shared machine."""
    values: dict[str, Any] = {"reply_reserve": 48, "reply_length": "short", "recall_enabled": False}
    values.update(changes)
    return Settings(**values)


def tiny_factory(engine: Any) -> Callable[[ModelSettings, Path], LoadedModel]:
    return lambda _settings, _data_dir: LoadedModel(engine, "SmolLM2 (tiny)", True, owned=False)


def launcher(qtbot: Any, data_dir: Path, tiny_engine: Any) -> Iterator[Launcher]:
    """The body of a ``launch`` fixture: yields a function that starts the app; shuts all down after."""
    started: list[HearthApp] = []

    def _launch(settings: Settings | SettingsStore | None = None, engine_factory: Any = None, *,
                wait: bool = True, meaning: bool = False, staged: bool = False) -> HearthApp:
        """``meaning``: load the real meaning model for recall (the tests that need it; it costs seconds).
        ``staged``: build the window over several event-loop turns, as ``hearth`` does."""
        ensure_private_dir(data_dir)
        hearth = HearthApp(data_dir, settings=settings or quick_settings(),
                           engine_factory=engine_factory or tiny_factory(tiny_engine),
                           embedder_factory=default_embedder if meaning else lambda: None,
                           staged_window=staged)
        started.append(hearth)
        hearth.start()
        qtbot.waitExposed(hearth.window)
        if wait:
            wait_ready(qtbot, hearth)
        return hearth

    close_error_boxes()
    yield _launch
    for hearth in started:
        hearth.shutdown()
    close_error_boxes()


def close_error_boxes() -> None:
    """Error dialogs and confirmations are window-modal and non-blocking: close what a test left open."""
    from app.ui.errors import open_boxes

    for box in open_boxes():
        box.close()


def wait_ready(qtbot: Any, hearth: HearthApp) -> None:
    """Until the companion exists, today's conversation is on screen and opened — the last opening asked
    for has finished (``conversation_loaded`` sent: it comes a turn after the bubbles, and the companion's
    arrival opens the day again; a test waiting for the next day's signal must not catch today's) — and its
    budget drawn, nothing running.

    The budget comes from the companion's own worker (not the runner), so it is waited for by itself.
    """
    window = hearth.window
    qtbot.waitUntil(lambda: hearth.companion is not None and window.chat_model.conversation_id is not None
                    and window.chat_model.conversation_id == hearth.companion.conversation_id
                    and window.opened_conversation_id == window.chat_model.conversation_id
                    and window.gauge.report is not None,
                    timeout=START_TIMEOUT_MS)
    hearth.runner.wait_idle()


def seed_days(data_dir: Path, days: dict[int, list[tuple[str, str]]]) -> dict[int, list[int]]:
    """Write ``{days_ago: [(role, text), ...]}`` into the diary; returns the message ids per day."""
    from app.store import Diary

    ensure_private_dir(data_dir)
    diary = Diary.open(data_dir)
    ids: dict[int, list[int]] = {}
    try:
        now = datetime.now().replace(second=0, microsecond=0)
        for days_ago, lines in days.items():
            start = (now - timedelta(days=days_ago)).replace(hour=19, minute=0)
            if days_ago == 0:  # the last minutes, but never before midnight (at 00:01 that was yesterday)
                start = max(now - timedelta(minutes=len(lines) + 1), now.replace(hour=0, minute=0))
            conversation = diary.conversation_for_day(start.date())
            ids[days_ago] = [
                _add(diary, conversation.id, role, text, start + timedelta(minutes=n))
                for n, (role, text) in enumerate(lines)
            ]
    finally:
        diary.close()
    return ids


def _add(diary: Any, conversation_id: int, role: str, text: str, when: datetime) -> int:
    return int(diary.add_message(conversation_id, role, text, created_at=when).id)


def type_and_send(qtbot: Any, hearth: HearthApp, text: str) -> None:
    """Type into the composer with real key events and press Enter."""
    editor = hearth.window.composer.editor
    editor.setFocus()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def click_row(qtbot: Any, view: Any, row: int) -> None:
    index = view.model().index(row, 0)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())


class PaintsAfterShow(QObject):
    """Counts, from ``start()`` on, the paints of ``watched`` and the "update later" events Qt's ``show()``
    posts to every widget it shows (each one, delivered after the window's expose, repaints its widget)."""

    def __init__(self, watched: QWidget) -> None:
        super().__init__()
        self.watched = watched
        self.paints = 0
        self.updates_later = 0

    def start(self) -> None:
        app = QCoreApplication.instance()
        assert app is not None
        app.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint and obj is self.watched:
            self.paints += 1
        if event.type() == QEvent.Type.UpdateLater and isinstance(obj, QWidget) \
                and obj.window() is self.watched.window():
            self.updates_later += 1
        return False

    def settle(self, qtbot) -> None:  # noqa: ANN001 - pytest-qt's fixture
        """Wait for the first paint, then deliver whatever is still posted (a late update among it)."""
        qtbot.waitUntil(lambda: self.paints >= 1, timeout=5_000)
        QCoreApplication.sendPostedEvents()
        app = QCoreApplication.instance()
        assert app is not None
        app.removeEventFilter(self)


def choose_language(qtbot: Any, hearth: HearthApp, code: str) -> None:
    """Settings ▸ Language ▸ ``code`` ▸ Save, as a person does it; then the LanguageChange events each
    widget was posted are handled."""
    dialog = hearth.open_settings()
    qtbot.waitExposed(dialog)
    dialog.language.setCurrentIndex(dialog.language.findData(code))
    dialog.buttons.button(dialog.buttons.StandardButton.Save).click()
    assert hearth.settings_store.current.language == code
    for _ in range(4):
        QCoreApplication.processEvents()
