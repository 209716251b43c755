"""``hearth screenshots DIR``: pictures of the main views, in light and dark, English and Russian, for the
README — at 1024×700, the smallest window Hearth promises to lay out well.

The app runs for real (offscreen Qt, the real diary and companion on the bundled tiny model) on a
temporary data dir seeded with a made-up but believable week of entries and facts — never the
person's own diary (``screenshot_diary``; the Russian run gets a Russian diary). Each view is captured
with ``QWidget.grab()``; the gauge's tooltip, a separate top-level window, is composited over the window
where it would appear.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, QPoint, Qt, QTimer
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QApplication, QToolTip, QWidget

from app.config import Settings, ensure_private_dir
from app.core.ritual.calendar import on_this_day
from app.store import Diary, week_scope
from app.ui.application import HearthApp, LoadedModel, apply_theme, make_qapplication
from app.ui.i18n import install_language, remove_translators
from app.ui.main_window import MainWindow
from app.ui.remembered_line import remembered_menu
from app.ui.screenshot_diary import (
    DIGESTS,
    MOODS,
    PAST_DAYS,
    PAST_LINES,
    REMEMBERED_SHOWN,
    REMEMBERING_REPLY,
    SEEDS,
    SeedDiary,
)
from app.ui.screenshots_pictures import capture_pictures
from app.ui.screenshots_ritual import capture_dialogs, capture_empty_day

if TYPE_CHECKING:
    from app.llm.engine import ModelEngine

WINDOW_SIZE = (1024, 700)
MEMORY_DOCK_WIDTH = 400
WAIT_S = 60.0


class ScreenshotError(RuntimeError):
    """A view did not come up in time (the message says which)."""


def seed_diary(data_dir: Path, now: datetime | None = None, language: str = "en", *,
               empty_today: bool = False) -> None:
    """Write the made-up week (in ``language``) and months of shorter days before it into a fresh diary in
    ``data_dir``, with moods and digests; ``empty_today`` leaves today unwritten (the opening question)."""
    now = now or datetime.now().replace(hour=21, minute=5, second=0, microsecond=0)
    seed = SEEDS[language]
    diary = Diary.open(data_dir)
    try:
        _seed_past(diary, now, language)
        earlier_entries: list[int] = []  # the first line of each earlier day, most recent first
        for days_ago, lines in sorted(seed.earlier.items(), reverse=True):
            earlier_entries.insert(0, _write_day(diary, now - timedelta(days=days_ago), lines)[0])
        today = seed.earlier[1] if empty_today else seed.today
        ids = _write_day(diary, now - timedelta(days=1 if empty_today else 0, minutes=4 * len(today)), today)
        if not empty_today:  # the reply that recalls "last week" shows what recall gave it
            diary.save_remembered(ids[REMEMBERING_REPLY], earlier_entries[:REMEMBERED_SHOWN])
        for text, kind, importance, pinned, source in seed.facts:
            diary.add_fact(text, kind=kind, importance=importance, pinned=pinned, source=source,
                           provenance_message_id=ids[0] if source == "automatic" else None)
        for days_ago, mood in MOODS.items():
            if not (empty_today and days_ago == 0):
                diary.set_mood((now - timedelta(days=days_ago)).date(), mood)
        week = (now - timedelta(days=now.weekday() + 1)).date()  # a day of last week
        diary.put_summary("weekly", week_scope(week), DIGESTS[language], None, "screenshots")
        diary.put_summary("weekly", week_scope(now.date()), DIGESTS[language], None, "screenshots")
    finally:
        diary.close()


def _seed_past(diary: Diary, now: datetime, language: str) -> None:
    """Months of shorter days, and the three days "On this day" looks at: it counts calendar months (a month
    before 31 March is 28 February), so fixed day counts gave one card on some dates and two on others."""
    lines = PAST_LINES[language]
    look_back = {(now.date() - day).days for _, day in on_this_day(now.date())}
    # The days the cards show take a line each: by the day count, 183 and 365 days are both 1 modulo 7,
    # which gave "Six months ago" and "A year ago" the same words, as if one entry showed twice.
    cards = {days_ago: n for n, days_ago in enumerate(sorted(look_back))}
    for days_ago in sorted(set(PAST_DAYS) | look_back, reverse=True):
        line = cards.get(days_ago, days_ago)
        _write_day(diary, now - timedelta(days=days_ago, hours=1), [("user", lines[line % len(lines)])])


def _write_day(diary: Diary, start: datetime, lines: list[tuple[str, str]]) -> list[int]:
    conversation_id = diary.conversation_for_day(start.date()).id or 0
    ids = []
    for n, (role, text) in enumerate(lines):
        message = diary.add_message(conversation_id, role, text, created_at=start + timedelta(minutes=3 * n))
        ids.append(message.id or 0)
    return ids


def wait_for(predicate: Callable[[], bool], what: str, timeout: float = WAIT_S) -> None:
    """Run the event loop until ``predicate()``; a loop slice, not a sleep."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise ScreenshotError(f"timed out waiting for {what}")
        loop = QEventLoop()
        QTimer.singleShot(20, loop.quit)
        loop.exec()


def settle(ms: int = 150) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def take_screenshots(out_dir: Path, *, themes: tuple[str, ...] = ("light", "dark"),
                     languages: tuple[str, ...] = ("en",)) -> list[Path]:
    """Save chat, memory panel, model manager and gauge-tooltip PNGs per language and theme; returns the
    paths (``chat-light.png`` in English, ``chat-ru-light.png`` in Russian, …)."""
    from app.llm.engine import EngineConfig, ModelEngine
    from app.llm.tiny import tiny_model_path

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    tiny = tiny_model_path()
    if tiny is None:
        raise ScreenshotError("the bundled tiny model is missing (install the 'tiny' extra)")
    app = make_qapplication()
    engine = ModelEngine(EngineConfig(model_path=tiny, n_ctx=4096))
    now = datetime.now().replace(hour=21, minute=5, second=0, microsecond=0)  # one evening for every run
    paths: list[Path] = []
    try:
        for language in languages:
            install_language(language, app)
            for theme in themes:
                name = theme if language == "en" else f"{language}-{theme}"
                paths += _capture_run(app, engine, out_dir, theme, name, language, now)
    finally:
        remove_translators(app)
        engine.close()
    return paths


def _capture_run(app: QApplication, engine: ModelEngine, out_dir: Path, theme: str, name: str,
                 language: str, now: datetime) -> list[Path]:
    """One theme in one language, each on diaries of its own, freshly made up: a run writes into its diary
    (a picture attached, today's entry written), and light and dark must show the same content."""
    with tempfile.TemporaryDirectory(prefix="hearth-shots-") as tmp:
        data_dir = ensure_private_dir(Path(tmp) / "data")
        seed_diary(data_dir, now, language)
        paths = _capture_theme(app, engine, data_dir, out_dir, theme, name, SEEDS[language])
        empty_dir = ensure_private_dir(Path(tmp) / "empty-today")
        seed_diary(empty_dir, now, language, empty_today=True)
        return paths + _capture_empty_today(engine, empty_dir, out_dir, theme, name, language)


def _capture_theme(app: QApplication, engine: ModelEngine, data_dir: Path, out_dir: Path,
                   theme: str, name: str, seed: SeedDiary) -> list[Path]:
    settings = Settings(theme=theme)
    apply_theme(theme)
    from app.llm.tiny import TINY_NAME

    hearth = HearthApp(data_dir, settings=settings,  # the model really running: the first-run banner shows
                       engine_factory=lambda _s, _d: LoadedModel(engine, TINY_NAME, True, owned=False))
    window = hearth.window
    window.resize(*WINDOW_SIZE)
    hearth.start()
    paths: list[Path] = []
    try:
        wait_for(lambda: hearth.companion is not None, "the companion")
        wait_for(lambda: window.chat_model.rowCount() >= len(seed.today) and window.gauge.report is not None,
                 "today's conversation and the gauge")
        hearth.runner.wait_idle()
        window.chat_view.scroll_to_end()
        settle()
        paths.append(_save(window, out_dir / f"chat-{name}.png"))
        paths.append(_save_tooltip(window, out_dir / f"gauge-tooltip-{name}.png"))
        paths.append(_save_remembered(window, out_dir / f"remembered-{name}.png"))
        paths += _capture_memory(hearth, out_dir, name)
        paths += _capture_models(hearth, out_dir, name)
        paths += capture_dialogs(hearth, out_dir, name, _save)
        language = "en" if name == theme else name.split("-", 1)[0]
        paths += capture_pictures(hearth, out_dir, name, language, _save)
    finally:
        hearth.shutdown()
        settle(50)
    return paths


def _start(engine: ModelEngine, data_dir: Path, theme: str) -> HearthApp:
    from app.llm.tiny import TINY_NAME

    apply_theme(theme)
    hearth = HearthApp(data_dir, settings=Settings(theme=theme),
                       engine_factory=lambda _s, _d: LoadedModel(engine, TINY_NAME, True, owned=False))
    hearth.window.resize(*WINDOW_SIZE)
    hearth.start()
    wait_for(lambda: hearth.companion is not None, "the companion")
    return hearth


def _capture_empty_today(engine: ModelEngine, data_dir: Path, out_dir: Path, theme: str, name: str,
                         language: str) -> list[Path]:
    """A second diary whose today is still empty: the opening question and write mode."""
    hearth = _start(engine, data_dir, theme)
    try:
        return capture_empty_day(hearth, out_dir, name, language, _save)
    finally:
        hearth.shutdown()
        settle(50)


def _capture_memory(hearth: HearthApp, out_dir: Path, name: str) -> list[Path]:
    """The window at the same 1024×700 with "Memory about you" open: the squeeze layouts must survive."""
    window = hearth.window
    window.memory_dock.show()
    window.resizeDocks([window.memory_dock], [MEMORY_DOCK_WIDTH], Qt.Orientation.Horizontal)
    hearth.runner.wait_idle()
    settle()
    path = _save(window, out_dir / f"memory-{name}.png")
    window.memory_dock.hide()
    return [path]


def _capture_models(hearth: HearthApp, out_dir: Path, name: str) -> list[Path]:
    dialog = hearth.open_model_manager()
    if dialog is None:
        return []
    dialog.resize(780, 690)
    hearth.runner.wait_idle()
    settle(250)
    path = _save(dialog, out_dir / f"models-{name}.png")
    dialog.close()
    return [path]


def _save(widget: QWidget, path: Path) -> Path:
    if not widget.grab().save(str(path), "PNG"):
        raise ScreenshotError(f"could not write {path}")
    return path


def _save_remembered(window: MainWindow, path: Path) -> Path:
    """The window with the "Remembered 3 entries" menu open under its line, as a click opens it."""
    view, model = window.chat_view, window.chat_model
    row = next((r for r in range(model.rowCount()) if model.item(r).remembered), None)
    if row is None:
        raise ScreenshotError("no reply has a Remembered line")
    reply = model.item(row)
    view.scrollTo(model.index(row, 0), QAbstractItemView.ScrollHint.PositionAtCenter)
    settle()  # painted where it now is: the line's rect is the new one
    where = view.chat_delegate.remembered_rect(reply.message_id)
    if where is None:
        raise ScreenshotError("the Remembered line was not painted")
    menu = remembered_menu(view, reply.remembered, lambda _message_id: None)
    menu.ensurePolished()
    menu.resize(menu.sizeHint())  # not adjustSize(): that caps a window at 2/3 of the (800-wide) screen
    # Drawn, not popped up: the offscreen "screen" is 800×600 and would squeeze a popup into it.
    picture = menu.grab()
    at = window.mapFromGlobal(view.viewport().mapToGlobal(where.bottomLeft().toPoint()))
    at.setX(max(8, min(at.x(), window.width() - picture.width() - 8)))  # inside the window, as on a screen
    menu.deleteLater()
    saved = _save_with_popup(window, picture, at, path)
    view.scroll_to_end()
    return saved


def _save_tooltip(window: MainWindow, path: Path) -> Path:
    """The window with the gauge's tooltip drawn where it appears (above the bar)."""
    gauge = window.gauge
    anchor = gauge.bar.mapToGlobal(QPoint(gauge.bar.width() // 3, 0))
    QToolTip.showText(anchor, gauge.toolTip(), gauge.bar)
    settle(200)
    tip = next((w for w in QApplication.topLevelWidgets()
                if w.metaObject().className() == "QTipLabel" and w.isVisible()), None)
    if tip is None:
        QToolTip.hideText()
        return _save(window, path)
    tip_pixmap: QPixmap = tip.grab()
    at = window.mapFromGlobal(anchor)
    top_left = QPoint(max(8, at.x() - 40), max(8, at.y() - tip_pixmap.height() - 10))
    saved = _save_with_popup(window, tip_pixmap, top_left, path)
    QToolTip.hideText()
    return saved


def _save_with_popup(window: QWidget, popup: QPixmap, top_left: QPoint, path: Path) -> Path:
    """The window with a popup's picture drawn on it at ``top_left`` (window coordinates): an offscreen
    grab of the window does not include its popups (tooltips, menus), which are windows of their own."""
    shot = window.grab()
    painter = QPainter(shot)
    painter.drawPixmap(top_left, popup)
    painter.end()
    if not shot.save(str(path), "PNG"):
        raise ScreenshotError(f"could not write {path}")
    return path
