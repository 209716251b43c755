"""The daily ritual's views for ``hearth screenshots``: the opening question on an empty day, write mode,
Insights, the weekly review (the calendar and "On this day" are in every picture of the main window).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from app.ui.day_ritual import WRITE

if TYPE_CHECKING:
    from app.ui.application import HearthApp

SaveFn = Callable[[QWidget, Path], Path]  # screenshots._save
DIALOG_SIZE = (1024, 700)
WRITE_DRAFT = {
    "en": "It has been a strange, full week. The deadline moved up, and for two days I felt like I was "
    "running just to stay in place.\n\nBut the evenings were good: the bookshelf, pottery, "
    "Pepper by the river. I want to remember that the busy days did not swallow everything.",
    "ru": "Странная, насыщенная неделя. Дедлайн сдвинули, и два дня я будто бежал, чтобы остаться на месте."
    "\n\nНо вечера были хорошие: полка, гончарный, Барон у реки. Хочу запомнить, что суета "
    "съела не всё.",
}
WRITTEN = {
    "en": "Morning pages: slept well for once, and the house was quiet before everyone woke up.",
    "ru": "Утренние страницы: впервые за неделю выспался, и дома было тихо, пока все спали.",
}


def capture_dialogs(hearth: HearthApp, out_dir: Path, name: str, save: SaveFn) -> list[Path]:
    """Insights and the weekly review at 1024×700."""
    from app.ui.screenshots import settle, wait_for

    paths = []
    insights = hearth.window.ritual.show_insights()
    if insights is not None:
        insights.resize(*DIALOG_SIZE)
        hearth.runner.wait_idle()
        wait_for(lambda: all(chart.stats is not None for chart in insights.charts), "the charts")
        settle(250)
        paths.append(save(insights, out_dir / f"insights-{name}.png"))
        insights.close()
    review = hearth.window.ritual.show_weekly_review()
    if review is not None:
        review.resize(*DIALOG_SIZE)
        hearth.runner.wait_idle()
        settle(250)
        paths.append(save(review, out_dir / f"week-{name}.png"))
        review.close()
    return paths


def capture_empty_day(hearth: HearthApp, out_dir: Path, name: str, language: str, save: SaveFn) -> list[Path]:
    """Today still empty: the opening question; then write mode with an entry kept and a long draft."""
    from app.ui.screenshots import settle, wait_for

    window = hearth.window
    wait_for(lambda: window.ritual.card.isVisible() and window.gauge.report is not None,
             "the opening question and the gauge")
    hearth.runner.wait_idle()
    settle()
    paths = [save(window, out_dir / f"question-{name}.png")]
    companion = hearth.companion
    assert companion is not None
    window.composer.mode_switch.set_mode(WRITE)
    window.composer.set_text(WRITTEN[language])
    window.composer.request_send()
    wait_for(lambda: window.chat_model.rowCount() >= 2, "the written entry")  # the question, then the entry
    window.composer.set_text(WRITE_DRAFT[language])
    wait_for(lambda: window.composer.count_label.text() != "", "the draft's token count")
    hearth.runner.wait_idle()
    settle(250)
    paths.append(save(window, out_dir / f"write-{name}.png"))
    return paths
