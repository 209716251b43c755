"""Hearth in Russian: every window and dialog walked offscreen at 1024×700, nothing clipped, no English left.

The real app (real diary with a Russian week in it, the real tiny model), started after the Russian
translation is installed — as ``hearth`` does on a Russian system. Each screen is walked widget by widget:

- *untranslated*: a text that is exactly one of the English sources in ``hearth_ru.ts`` (or matches a
  source with ``{placeholders}``), or one of Qt's own English button labels;
- *clipped*: a label, button, check box, combo box or group-box title whose size hint does not fit the
  geometry the layout gave it (a wrapped label: its height for its width), or a line edit whose
  placeholder is wider than the field.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractListModel, QLocale, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QWidget,
)

from app.config import ensure_private_dir
from app.llm import errors as llm
from app.store import errors as store
from app.ui import window_parts as parts
from app.ui.application import HearthApp
from app.ui.errors import error_for, show_exception, translated_text
from app.ui.i18n import DateText, i18n_dir, install_language, remove_translators, resolve_language
from app.ui.screenshot_diary import SEEDS
from app.ui.screenshots import seed_diary
from app.ui.sidebar import day_title
from app.ui.wrap_button import WrapButton
from tests.ui_helpers import launcher, quick_settings

SIZE = (1024, 700)
DOCK_WIDTH = 400
# Qt's own English button labels ("OK" is "OK" in Russian too, so it is not one of them).
QT_ENGLISH = {"Cancel", "Save", "Close", "Yes", "No", "Apply", "Show Details...", "Hide Details..."}
NOT_WORDS = {"Hearth", "—", "…", "✕", "●"}  # the name, and marks that are the same in every language


def _english_sources() -> tuple[set[str], list[re.Pattern[str]]]:
    """The .ts sources whose Russian differs: exact texts, and patterns for those with placeholders."""
    exact: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for message in ET.parse(i18n_dir() / "hearth_ru.ts").getroot().iter("message"):
        source = (message.findtext("source") or "").replace("&", "")
        translation = message.find("translation")
        text = translation.text if translation is not None else None
        if not source or source in NOT_WORDS or (text or "").replace("&", "") == source:
            continue
        if "{" in source:
            parts_ = [re.escape(p) for p in re.split(r"\{\w+\}", source)]
            patterns.append(re.compile(".+".join(parts_), re.DOTALL))
        elif "%n" not in source:
            exact.add(source)
    return exact | QT_ENGLISH, patterns


ENGLISH, ENGLISH_PATTERNS = _english_sources()


def _is_english(text: str) -> bool:
    text = text.replace("&", "").strip()
    return bool(text) and (text in ENGLISH or any(p.fullmatch(text) for p in ENGLISH_PATTERNS))


def _texts(widget: QWidget) -> list[str]:
    """Everything a person can read on ``widget`` (its own texts, not its children's)."""
    texts = [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
    if widget.isWindow():
        texts.append(widget.windowTitle())
    if isinstance(widget, QLabel):
        texts.append(re.sub(r"<[^>]+>", "", widget.text()))
    elif isinstance(widget, WrapButton):
        texts.append(widget.full_text())
    elif isinstance(widget, QAbstractButton):
        texts.append(widget.text())
    elif isinstance(widget, (QLineEdit, QPlainTextEdit)):
        texts.append(widget.placeholderText())
    elif isinstance(widget, QGroupBox):
        texts.append(widget.title())
    elif isinstance(widget, QComboBox):
        texts += [widget.itemText(i) for i in range(widget.count())]
    elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model, root = widget.model(), QModelIndex()
        columns = range(1 if isinstance(model, QAbstractListModel) else model.columnCount(root))
        texts += [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in columns]
        texts += [str(model.index(r, c).data() or "") for r in range(model.rowCount(root)) for c in columns]
    texts += [action.text() for action in widget.actions()]
    texts += [action.toolTip() for action in widget.actions()]
    return [t for t in texts if t]


def _clipped(widget: QWidget) -> str | None:
    """Why ``widget``'s text does not fit its geometry, or None."""
    width, height = widget.width() + 1, widget.height() + 1
    if isinstance(widget, QLabel) and widget.text():
        if widget.wordWrap():
            too_tall = widget.heightForWidth(widget.width()) > height
            return f"wrapped text too tall: {widget.text()[:60]!r}" if too_tall else None
        return "text too wide" if widget.sizeHint().width() > width else None
    if isinstance(widget, WrapButton):
        hint = widget.minimumSizeHint()
        if hint.width() > width or hint.height() > height or widget.text().endswith("…") != \
                widget.full_text().endswith("…"):
            return f"label {widget.text()!r} does not fit {widget.width()} px"
        return None
    if isinstance(widget, (QAbstractButton, QComboBox)) and widget.sizeHint().width() > width:
        return f"needs {widget.sizeHint().width()} px, has {widget.width()}"
    if isinstance(widget, QGroupBox) and widget.fontMetrics().horizontalAdvance(widget.title()) > width:
        return "title too wide"
    if isinstance(widget, QLineEdit) and widget.placeholderText() and not widget.text():
        room = widget.contentsRect().width() - 8  # the frame's and the text margins
        if widget.fontMetrics().horizontalAdvance(widget.placeholderText()) > room:
            return f"placeholder {widget.placeholderText()!r} cut at {widget.width()} px"
    return None


def _walk(top: QWidget) -> tuple[list[str], list[str]]:
    """(untranslated, clipped) descriptions for every visible widget of the window ``top``."""
    untranslated, clipped = [], []
    for widget in [top, *top.findChildren(QWidget)]:
        if not widget.isVisible() or isinstance(widget.parent(), QAbstractItemView):
            continue
        name = f"{type(widget).__name__}#{widget.objectName() or '?'}"
        untranslated += [f"{name}: {t!r}" for t in _texts(widget) if _is_english(t)]
        problem = _clipped(widget)
        if problem:
            clipped.append(f"{name}: {problem}")
    return untranslated, clipped


def _menus(window: QWidget) -> list[str]:
    texts = []
    for menu in window.findChildren(QMenu):
        texts.append(menu.title())
        texts += [a.text() for a in menu.actions() if not a.isSeparator()]
    return [t for t in texts if _is_english(t)]


def _check(top: QWidget) -> None:
    for _ in range(3):  # a text set by a finished task posts a layout request, which posts the next
        QApplication.processEvents()
    untranslated, clipped = _walk(top)
    assert not untranslated, f"English left in {top.windowTitle()!r}:\n" + "\n".join(untranslated)
    where = f"{top.windowTitle()!r} at {top.width()}×{top.height()}"
    assert not clipped, f"clipped in {where}:\n" + "\n".join(clipped)


@pytest.fixture
def russian(qapp: Any) -> Iterator[None]:
    assert install_language("ru", qapp) == "ru"
    yield
    remove_translators(qapp)


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
    _check(window)
    assert not _menus(window)
    assert window.day_header.title.text() == "Сегодня"
    assert window.day_header.date.text() == DateText().long_day(date.today())
    window.memory_dock.show()
    window.resizeDocks([window.memory_dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: window.memory_panel.model.rowCount() == len(SEEDS["ru"].facts), timeout=10_000)
    _check(window)
    assert window.memory_panel.status.text().startswith("6 фактов")
    menu = window.chat_view.build_menu(window.chat_model.rowCount() - 1)
    assert not [a.text() for a in menu.actions() if _is_english(a.text())]


def test_english_holds_at_1024_with_the_memory_dock_open(qtbot: Any, launch_english: Any) -> None:
    """The banner used to squeeze into a narrow column and cut its button even in English."""
    hearth = _started(qtbot, launch_english, "en")
    window = hearth.window
    window.memory_dock.show()
    window.resizeDocks([window.memory_dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: window.memory_panel.model.rowCount() == len(SEEDS["en"].facts), timeout=10_000)
    for _ in range(3):
        QApplication.processEvents()
    _untranslated, clipped = _walk(window)
    assert not clipped, "\n".join(clipped)
    assert window.notice_bar.action_button.text().replace("\n", " ") == "Download recommended model…"


def test_the_dialogs_in_russian(qtbot: Any, launch: Any) -> None:
    hearth = _started(qtbot, launch)
    window = hearth.window
    settings = hearth.open_settings()
    qtbot.waitExposed(settings)
    _check(settings)
    settings.close()
    manager = hearth.open_model_manager()
    qtbot.waitExposed(manager)
    hearth.runner.wait_idle()
    _check(manager)
    manager.close()
    item = window.chat_model.item(0)
    box = parts.ask_to_delete(window, item, window.day_header.title.text(), lambda: None)
    qtbot.waitExposed(box)
    _check(box)
    box.close()
    in_use = store.DiaryInUse("This diary is open in another Hearth window or `hearth chat`.")
    error = show_exception(window, in_use)
    qtbot.waitExposed(error)
    _check(error)
    assert error.text() == "Этот дневник открыт в другом окне Hearth или в `hearth chat`."
    error.close()


def test_switching_to_english_from_settings(qtbot: Any, launch: Any) -> None:
    """The choice is saved and the dialog says when it takes effect; the next start speaks English."""
    hearth = _started(qtbot, launch)
    dialog = hearth.open_settings()
    qtbot.waitExposed(dialog)
    assert not dialog.language_note.isVisible()  # Russian is what runs
    dialog.language.setCurrentIndex(dialog.language.findData("en"))
    assert dialog.language_note.isVisible() and "следующем запуске" in dialog.language_note.text()
    dialog.buttons.button(dialog.buttons.StandardButton.Save).click()
    assert hearth.settings_store.current.language == "en"
    assert install_language(hearth.settings_store.current.language) == "en"
    assert day_title(date.today()) == "Today"


def test_the_system_locale_chooses_the_language() -> None:
    assert resolve_language("system", QLocale("ru_RU")) == "ru"
    assert resolve_language("system", QLocale("en_US")) == "en"
    assert resolve_language("system", QLocale("de_DE")) == "en"  # no German yet: the source language
    assert resolve_language("ru") == "ru" and resolve_language("xx") == "en"


def test_dates_and_days_in_russian(russian: None) -> None:
    day = date(2026, 12, 1)
    assert DateText().long_day(day) == "вторник, 1 декабря 2026"
    assert day_title(day, today=date(2026, 12, 3)) == "вторник, 1 декабря"
    assert day_title(day, today=date(2027, 1, 5)) == "вторник, 1 декабря 2026"
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
        "Запросу нужно 5000 токенов, а помещается только 3500."
    title, message, _hint = error_for(PermissionError(13, "Permission denied", "/d/x"))
    assert title == "Нет доступа" and "/d/x" in message
