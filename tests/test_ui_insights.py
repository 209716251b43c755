"""Insights opened without one long event-loop turn (the real window, offscreen Qt, the tiny model): put
together a part per turn while hidden, shown once built, each chart drawn once and painted from that
drawing; closing it at any point of that is safe."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication

from app.core.ritual.calendar import Streaks
from app.core.ritual.stats import DiaryStats
from app.store import Diary
from app.ui import staged
from app.ui.charts import MoodChart
from app.ui.i18n import install_language, remove_translators
from app.ui.insights import InsightsDialog
from tests.ui_helpers import Launcher, launcher, seed_days


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    seed_days(data_dir, {n: [("user", f"Day {n}: walked with Anna by the river.")] for n in (1, 2, 3, 5, 8)})
    with Diary.open(data_dir) as diary:
        diary.add_fact("Anna is their sister", kind="person")
        for n, mood in ((1, 4), (2, 2), (5, 5)):
            diary.set_mood(date.today() - timedelta(days=n), mood)
    yield from launcher(qtbot, data_dir, tiny_engine)


def nothing_pending(hearth) -> bool:  # type: ignore[no-untyped-def]
    """No staged step left to run (``staged.later`` holds each until it has run) and no task running."""
    return not staged._waiting and not hearth.runner.busy


def test_insights_is_put_together_over_several_turns_then_shown(qtbot, launch) -> None:
    hearth = launch()
    dialog = hearth.window.ritual.show_insights()
    assert dialog is not None
    assert len(dialog.charts) == 3  # they exist at once: the UI bench and the screenshots wait on them
    assert not dialog.is_built and not dialog.isVisible()
    assert all(chart.parentWidget() is dialog for chart in dialog.charts)  # not yet in the charts' column
    with qtbot.waitSignal(dialog.built, timeout=10_000):
        pass
    assert not dialog.isVisible()  # shown on later turns (polished, laid out, drawn aside first)
    qtbot.waitUntil(dialog.isVisible, timeout=10_000)
    qtbot.waitUntil(lambda: all(chart.stats is not None for chart in dialog.charts), timeout=10_000)
    assert dialog.period.currentIndex() == 1 and dialog.period.count() == 3  # the last 90 days
    assert dialog.stats is not None and (dialog.stats.last - dialog.stats.first).days == 89
    assert len(dialog.stats.words) == 5 and [p.name for p in dialog.stats.people] == ["Anna"]
    assert all(chart.isVisible() and chart.parentWidget() is not dialog for chart in dialog.charts)
    assert dialog.summary.text().startswith("5 days written")
    assert dialog.size() == QSize(760, 640)  # sized as before (offscreen's screen has the room)
    qtbot.waitUntil(dialog.isActiveWindow, timeout=10_000)
    assert dialog.period.hasFocus()  # the keyboard starts on the period, as before
    dialog.period.setCurrentIndex(0)  # a change of period loads it
    qtbot.waitUntil(
        lambda: dialog.stats is not None and (dialog.stats.last - dialog.stats.first).days == 29,
        timeout=10_000,
    )
    dialog.close()


def test_insights_follows_a_change_of_language_once_built(qtbot, launch, qapp) -> None:
    hearth = launch()
    dialog = hearth.window.ritual.show_insights()
    assert dialog is not None
    qtbot.waitUntil(
        lambda: dialog.isVisible() and all(c.stats is not None for c in dialog.charts), timeout=10_000
    )
    english = dialog.mood_chart.grab().toImage()
    dialog.period.setCurrentIndex(2)  # the last year
    year = timedelta(days=300)
    qtbot.waitUntil(lambda: dialog.stats is not None and dialog.stats.last - dialog.stats.first > year)
    loads: list[int] = []
    dialog.period.currentIndexChanged.connect(loads.append)
    try:
        assert install_language("ru", qapp) == "ru"
        qtbot.waitUntil(lambda: dialog.mood_chart.title == "Настроение по дням", timeout=5_000)
        assert dialog.period.currentIndex() == 2 and dialog.period.itemText(1) == "Последние 90 дней"
        assert loads == []  # the same period in other words: nothing loaded again
        assert dialog.mood_chart.grab().toImage() != english  # drawn again with its new title
    finally:
        remove_translators(qapp)
    dialog.close()


def _nothing_in(days: int) -> DiaryStats:
    """The figures of a period with nothing written in it."""
    return DiaryStats(date.today() - timedelta(days=days), date.today(), Streaks(0, 0), (), (), ())


class _Shows(QObject):
    """Counts the times a widget is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        self.count += event.type() == QEvent.Type.Show
        return False


@pytest.mark.parametrize("stage", ["at once", "built", "shown"])
def test_closing_insights_while_it_opens_is_safe(qtbot, launch, stage: str) -> None:
    """Closed before any step ran, once put together (hidden, its show's steps to come), or shown with its
    charts' figures still going in: the steps left and its statistics, which arrive after it is gone, end
    quietly (pytest-qt fails on an "already deleted" error in a slot); it is never shown after."""
    hearth = launch()
    dialog = hearth.window.ritual.show_insights()
    assert dialog is not None
    shows = _Shows()
    dialog.installEventFilter(shows)
    if stage == "at once":
        dialog.close()
    elif stage == "built":
        dialog.built.connect(dialog.close)
    else:
        qtbot.waitUntil(dialog.isVisible, timeout=10_000)
        dialog.set_stats(_nothing_in(89))
        dialog.close()  # three charts' steps to come
    qtbot.waitUntil(lambda: not shiboken6.isValid(dialog), timeout=10_000)
    qtbot.waitUntil(lambda: nothing_pending(hearth), timeout=10_000)
    assert not any(isinstance(w, InsightsDialog) for w in QApplication.topLevelWidgets())
    assert shows.count == (1 if stage == "shown" else 0)
    again = hearth.window.ritual.show_insights()  # and it opens again
    assert again is not None
    qtbot.waitUntil(
        lambda: again.isVisible() and all(c.stats is not None for c in again.charts), timeout=10_000
    )
    again.close()


def test_a_chart_is_drawn_once_and_again_only_when_what_it_shows_changes(qtbot) -> None:
    chart = MoodChart()
    qtbot.addWidget(chart)
    chart.resize(600, 200)
    chart.title = "Mood"
    chart.set_stats(
        DiaryStats(
            date(2026, 1, 1),
            date(2026, 1, 30),
            Streaks(0, 0),
            (),
            ((date(2026, 1, 2), 3), (date(2026, 1, 9), 5)),
            (),
        )
    )
    first = chart.grab().toImage()
    drawn = chart._drawn
    assert chart.grab().toImage() == first and chart._drawn is drawn  # painted from the same drawing
    chart.title = "Mood over time"
    assert chart._drawn is None and chart.grab().toImage() != first  # its title changed
    palette = chart.palette()
    palette.setColor(QPalette.ColorRole.Base, Qt.GlobalColor.black)
    chart.setPalette(palette)  # its colours changed (a theme)
    dark = chart.grab().toImage()
    assert dark.pixelColor(2, 2).name() == "#000000"
    chart.resize(400, 200)  # its size changed
    assert chart.grab().toImage().size().width() == 400
    blank = QImage(dark.size(), dark.format())
    assert dark != blank
