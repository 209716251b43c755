"""Hearth in Russian: every window and dialog walked offscreen at 1024×700, nothing clipped, no English left.

The real app (real diary with a Russian week in it, the real tiny model), started after the Russian
translation is installed — as ``hearth`` does on a Russian system. Each screen is walked widget by widget
(``tests.ui_walker``): no English source text left, nothing clipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication

from app.config import ensure_private_dir
from app.llm import errors as llm
from app.store import errors as store
from app.ui import window_parts as parts
from app.ui.application import HearthApp
from app.ui.errors import error_for, show_exception, translated_text
from app.ui.i18n import DateText, remove_translators, resolve_language
from app.ui.screenshot_diary import SEEDS
from app.ui.screenshots import seed_diary
from app.ui.sidebar import day_title
from tests.ui_helpers import launcher, quick_settings
from tests.ui_walker import (
    DOCK_WIDTH,
    SIZE,
    check_screen,
    clipped_on_widest_dates,
    english_in_menus,
    is_english,
    walk,
)


@pytest.fixture
def launch(qtbot: Any, data_dir: Path, tiny_engine: Any, russian: None) -> Iterator[Any]:
    ensure_private_dir(data_dir)
    seed_diary(data_dir, language="ru")
    yield from launcher(qtbot, data_dir, tiny_engine)


@pytest.fixture
def launch_english(qtbot: Any, data_dir: Path, tiny_engine: Any, qapp: Any) -> Iterator[Any]:
    remove_translators(qapp)
    ensure_private_dir(data_dir)
    seed_diary(data_dir, language="en")
    yield from launcher(qtbot, data_dir, tiny_engine)


def _started(qtbot: Any, launch: Any, language: str = "ru") -> HearthApp:
    hearth = launch(quick_settings(language=language))  # as the person's saved choice
    window = hearth.window
    window.resize(*SIZE)
    qtbot.waitUntil(lambda: window.notice_bar.isVisible(), timeout=10_000)  # the tiny model's offer
    days = len(SEEDS[language].earlier) + 1
    qtbot.waitUntil(lambda: window.sidebar.days.rowCount() >= days, timeout=10_000)
    return hearth


def test_the_main_window_in_russian_with_and_without_the_memory_dock(qtbot: Any, launch: Any) -> None:
    hearth = _started(qtbot, launch)
    window = hearth.window
    check_screen(window)
    assert not english_in_menus(window)
    assert window.day_header.title.text() == "Сегодня"
    assert window.day_header.date.full_text() == DateText().long_day(date.today())
    window.memory_dock.show()
    window.resizeDocks([window.memory_dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: window.memory_panel.model.rowCount() == len(SEEDS["ru"].facts), timeout=10_000)
    check_screen(window)
    assert not window.sidebar.days_view.horizontalScrollBar().isVisible()  # the narrow list elides its rows
    # CI runs on any date: "понедельник, 25 сентября" squeezed the sidebar where "среда, 2 декабря" fitted
    assert not clipped_on_widest_dates(window, window.day_header)
    assert window.memory_panel.status.text().startswith("6 фактов")
    menu = window.chat_view.build_menu(window.chat_model.rowCount() - 1)
    assert not [a.text() for a in menu.actions() if is_english(a.text())]


def test_english_holds_at_1024_with_the_memory_dock_open(qtbot: Any, launch_english: Any) -> None:
    """The banner used to squeeze into a narrow column and cut its button even in English."""
    hearth = _started(qtbot, launch_english, "en")
    window = hearth.window
    window.memory_dock.show()
    window.resizeDocks([window.memory_dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: window.memory_panel.model.rowCount() == len(SEEDS["en"].facts), timeout=10_000)
    for _ in range(3):
        QApplication.processEvents()
    _untranslated, clipped = walk(window)
    assert not clipped, "\n".join(clipped)
    assert not clipped_on_widest_dates(window, window.day_header)  # "Wednesday, 27 September" as today
    assert window.notice_bar.action_button.text().replace("\n", " ") == "Download recommended model…"


def test_the_dialogs_in_russian(qtbot: Any, launch: Any) -> None:
    hearth = _started(qtbot, launch)
    window = hearth.window
    settings = hearth.open_settings()
    qtbot.waitExposed(settings)
    check_screen(settings)
    settings.close()
    manager = hearth.open_model_manager()
    qtbot.waitExposed(manager)
    hearth.runner.wait_idle()
    check_screen(manager)
    assert manager.minimumSizeHint().height() <= SIZE[1] - 10  # fits a 700 px screen, title bar aside
    manager.resize(780, 690)  # as the README's screenshot shows it
    check_screen(manager)
    manager.close()
    item = window.chat_model.item(0)
    box = parts.ask_to_delete(window, item, window.day_header.title.text(), lambda: None)
    qtbot.waitExposed(box)
    check_screen(box)
    box.close()
    in_use = store.DiaryInUse("This diary is open in another Hearth window or `hearth chat`.")
    error = show_exception(window, in_use)
    qtbot.waitExposed(error)
    check_screen(error)
    assert error.text() == "Этот дневник открыт в другом окне Hearth или в `hearth chat`."
    error.close()


def test_switching_to_english_from_settings(qtbot: Any, launch: Any) -> None:
    """The choice is saved and applied at once (``test_ui_live_language`` walks every screen after it)."""
    hearth = _started(qtbot, launch)
    dialog = hearth.open_settings()
    qtbot.waitExposed(dialog)
    dialog.language.setCurrentIndex(dialog.language.findData("en"))
    dialog.buttons.button(dialog.buttons.StandardButton.Save).click()
    assert hearth.settings_store.current.language == "en"
    qtbot.waitUntil(lambda: hearth.window.day_header.title.text() == "Today")
    assert day_title(date.today()) == "Today"


def test_the_system_locale_chooses_the_language() -> None:
    assert resolve_language("system", QLocale("ru_RU")) == "ru"
    assert resolve_language("system", QLocale("en_US")) == "en"
    assert resolve_language("system", QLocale("de_DE")) == "en"  # no German yet: the source language
    assert resolve_language("ru") == "ru" and resolve_language("xx") == "en"


def test_dates_and_days_in_russian(russian: None) -> None:
    day = date(2026, 12, 1)
    assert DateText().long_day(day) == "вторник, 1 декабря 2026"
    assert day_title(day, today=date(2026, 12, 3)) == "Вторник, 1 декабря"  # a title: capitalised
    assert day_title(day, today=date(2027, 1, 5)) == "Вторник, 1 декабря 2026"
    assert day_title(day, today=date(2026, 12, 2)) == "Вчера"


def test_typed_errors_read_in_russian_with_their_details(russian: None) -> None:
    title, message, hint = error_for(llm.ModelFileMissing("The model file /m/x.gguf does not exist."))
    assert (title, message) == ("Файл модели не найден", "Файла модели /m/x.gguf нет.")
    assert hint.startswith("Выберите другой файл модели")
    backup = Path("/d/backups/hearth-2026-12-01.db")
    corrupt = store.DatabaseCorrupt("The diary file failed its integrity check.", backup=backup,
                                    moved_to=Path("/d/hearth.db.corrupt-1"))
    title, _message, hint = error_for(corrupt)
    assert title == "Файл дневника повреждён"
    assert "`hearth restore` (hearth-2026-12-01.db)" in hint and "/d/hearth.db.corrupt-1" in hint
    assert translated_text("The prompt needs 5000 tokens but only 3500 fit.") == \
        "Запросу нужно токенов: 5000, а помещается только 3500."
    title, message, _hint = error_for(PermissionError(13, "Permission denied", "/d/x"))
    assert title == "Нет доступа" and "/d/x" in message


def test_why_recall_by_meaning_is_off_reads_in_russian(qtbot: Any, russian: None) -> None:
    from app.core.events import IndexProgress
    from app.ui.activity import IndexStatusLabel

    label = IndexStatusLabel()
    qtbot.addWidget(label)
    why = "The meaning model stopped unexpectedly (exit code -9)."
    label.show_progress(IndexProgress(0, 0, "e5", failed=why))
    said = "Модель для поиска по смыслу неожиданно остановилась (код выхода -9)."
    assert label.toolTip().splitlines()[0] == said
    assert not is_english(label.toolTip()) and not is_english(label.text())
