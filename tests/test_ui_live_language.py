"""Switching the language in Settings changes every open screen at once — no restart.

The real app on an English diary with the real tiny model, every panel open (days, a search, the chat,
the gauge, the composer, the first-run banner, the memory dock at 1024×700). Settings ▸ Language ▸
Русский ▸ Save: the walker (``tests.ui_walker``) finds no English source text left and nothing clipped;
dates, day titles, counts and the gauge are in Russian. Back to English: no Cyrillic left anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.config import ensure_private_dir
from app.ui.application import HearthApp
from app.ui.i18n import DateText, Plurals, install_language, number, remove_translators
from app.ui.screenshot_diary import SEEDS
from app.ui.screenshots import seed_diary
from tests.ui_helpers import choose_language, launcher, quick_settings
from tests.ui_walker import CYRILLIC, DOCK_WIDTH, SIZE, check_screen, cyrillic_left, english_in_menus


@pytest.fixture
def launch(qtbot: Any, data_dir: Path, tiny_engine: Any, qapp: Any) -> Iterator[Any]:
    remove_translators(qapp)
    ensure_private_dir(data_dir)
    seed_diary(data_dir, language="en")
    yield from launcher(qtbot, data_dir, tiny_engine)
    remove_translators(qapp)


def _settle() -> None:
    for _ in range(4):  # LanguageChange is posted to each window; texts set then post layout requests
        QApplication.processEvents()


def _everything_open(qtbot: Any, launch: Any) -> HearthApp:
    """The app in English with the banner, the days, a search, the memory dock and a composer notice."""
    hearth = launch(quick_settings(language="en"))
    window = hearth.window
    window.resize(*SIZE)
    qtbot.waitUntil(lambda: window.notice_bar.isVisible(), timeout=10_000)  # the tiny model's offer
    qtbot.waitUntil(lambda: window.sidebar.days.rowCount() >= len(SEEDS["en"].earlier) + 1, timeout=10_000)
    window.memory_dock.show()
    window.resizeDocks([window.memory_dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: window.memory_panel.model.rowCount() == len(SEEDS["en"].facts), timeout=10_000)
    window.composer.request_send()  # empty: the inline notice under the editor
    assert window.composer.notice.isVisible()
    _settle()
    return hearth


def test_switching_to_russian_and_back_changes_every_open_screen(qtbot: Any, launch: Any) -> None:
    hearth = _everything_open(qtbot, launch)
    window = hearth.window
    assert not cyrillic_left(window)  # an English diary in English

    choose_language(qtbot, hearth, "ru")
    check_screen(window)  # no English left, nothing clipped at 1024×700 with the dock open
    assert not english_in_menus(window)
    assert window.day_header.title.text() == "Сегодня"
    assert window.day_header.date.full_text() == DateText().long_day(date.today())
    assert CYRILLIC.search(window.day_header.date.text())
    assert [entry.title for entry in window.sidebar.days.entries[:2]] == ["Сегодня", "Вчера"]
    assert window.memory_panel.status.text().startswith(Plurals().facts(len(SEEDS["en"].facts)))
    report = window.gauge.report
    assert report is not None
    assert window.gauge.numbers.text() == f"{number(report.used)} / {number(report.n_ctx)}"
    assert window.gauge.caption.text() == "Контекст"
    assert "Скачать" in window.notice_bar.action_button.full_text()
    assert CYRILLIC.search(window.composer.notice.text())
    assert CYRILLIC.search(window.composer.send_button.text())

    settings = hearth.open_settings()  # a dialog opened after the switch is Russian too
    qtbot.waitExposed(settings)
    check_screen(settings)
    settings.reject()

    choose_language(qtbot, hearth, "en")
    assert not cyrillic_left(window), "\n".join(cyrillic_left(window))
    assert window.day_header.title.text() == "Today"
    assert window.notice_bar.action_button.full_text() == "Download recommended model…"


@pytest.mark.parametrize("which", ["model manager", "settings"])
def test_an_open_dialog_follows_the_language(qtbot: Any, launch: Any, which: str) -> None:
    """Window-modal dialogs cannot be open while Settings saves, but they follow a switch all the same."""
    hearth = _everything_open(qtbot, launch)
    dialog = hearth.open_model_manager() if which == "model manager" else hearth.open_settings()
    qtbot.waitExposed(dialog)
    hearth.runner.wait_idle()
    _settle()
    assert not cyrillic_left(dialog)
    install_language("ru")
    _settle()
    hearth.runner.wait_idle()
    _settle()
    check_screen(dialog)
    install_language("en")
    _settle()
    assert not cyrillic_left(dialog), "\n".join(cyrillic_left(dialog))
    dialog.close()


def test_a_search_result_list_is_rewritten_in_the_new_language(qtbot: Any, launch: Any) -> None:
    hearth = _everything_open(qtbot, launch)
    sidebar = hearth.window.sidebar
    sidebar.search_box.setText("Pepper")
    sidebar.search_box.returnPressed.emit()
    qtbot.waitUntil(lambda: sidebar.hits_label.isVisible(), timeout=10_000)
    choose_language(qtbot, hearth, "ru")
    assert CYRILLIC.search(sidebar.hits_label.text())
    assert all(CYRILLIC.search(entry.title) for entry in sidebar.hits.entries)
    choose_language(qtbot, hearth, "en")
    assert not cyrillic_left(sidebar)
