"""The Insights view: mood over time, words per day and the people mentioned most, drawn locally; each chart
can be saved as a PNG. Statistics are gathered off the UI thread (``DiaryStatistics``) whenever the view
opens or the period changes.
"""

from __future__ import annotations

from datetime import date
from functools import partial
from pathlib import Path

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.core.ports import DiaryPort
from app.core.ritual.stats import DiaryStatistics, DiaryStats
from app.ui.calendar_panel import RitualPlurals
from app.ui.charts import Chart, MoodChart, PeopleChart, WordsChart
from app.ui.errors import show_error
from app.ui.i18n import follow_language
from app.ui.small_screens import fit_on_screen
from app.ui.staged import StagedBuild
from app.ui.tasks import TaskRunner

PERIODS = (30, 90, 365)


class InsightsDialog(QDialog):
    """Three charts over a chosen period, with "Save as PNG…" under each."""

    charts_shown = Signal()  # every chart has the period's statistics (they get them one per frame)

    def __init__(self, diary: DiaryPort, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("insightsDialog")
        self.diary, self.runner = diary, runner
        self.period = QComboBox(self)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.mood_chart, self.words_chart, self.people_chart = (
            MoodChart(self),
            WordsChart(self),
            PeopleChart(self),
        )
        self.charts: list[Chart] = [self.mood_chart, self.words_chart, self.people_chart]
        self.save_buttons = [QPushButton(self) for _ in self.charts]
        self.close_button = QPushButton(self)
        self.stats: DiaryStats | None = None
        self._build()
        follow_language(self, self.retranslate)
        self.period.setCurrentIndex(1)
        self.period.currentIndexChanged.connect(lambda _i: self.load())
        fit_on_screen(self, QSize(760, 640))  # (an 800×600 screen has less: the charts scroll)

    def _build(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.period)
        body = QWidget(self)
        column = QVBoxLayout(body)
        for chart, button in zip(self.charts, self.save_buttons, strict=True):
            column.addWidget(chart)
            row = QHBoxLayout()
            row.addStretch(1)
            row.addWidget(button)
            column.addLayout(row)
            button.clicked.connect(lambda _=False, c=chart: self.save_chart(c))
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.close_button)
        self.close_button.clicked.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        layout.addLayout(bottom)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Insights"))
        index = self.period.currentIndex()
        self.period.clear()
        self.period.addItems([self.tr("Last 30 days"), self.tr("Last 90 days"), self.tr("Last year")])
        self.period.setCurrentIndex(max(0, index))
        self.period.setAccessibleName(self.tr("Period"))
        self.mood_chart.title = self.tr("Mood over time")
        self.mood_chart.empty_text = self.tr("No moods yet: choose one in a day's header.")
        self.words_chart.title = self.tr("Words per day")
        self.words_chart.empty_text = self.tr("Nothing written in this period yet.")
        self.people_chart.title = self.tr("People you mention most, and when")
        self.people_chart.empty_text = self.tr('No people yet: they come from "Memory about you".')
        for chart, button in zip(self.charts, self.save_buttons, strict=True):
            button.setText(self.tr("Save as PNG…"))
            button.setAccessibleName(self.tr("Save “{chart}” as a PNG image").format(chart=chart.title))
        self.close_button.setText(self.tr("Close"))
        self._show_summary()

    def load(self) -> None:
        """Gather the statistics of the period off the UI thread."""
        days = PERIODS[max(0, self.period.currentIndex())]
        diary, today = self.diary, date.today()
        self.runner.run(
            lambda: DiaryStatistics(diary).collect(today, days),
            self.set_stats,
            lambda _exc: None,
            token_key="insights",
        )

    def set_stats(self, stats: DiaryStats) -> None:
        """Show the statistics: the summary, then one chart per event-loop turn (each is painted before the
        next is given its data, so no frame waits on three charts at once)."""
        self.stats = stats
        self._show_summary()
        steps = [partial(chart.set_stats, stats) for chart in self.charts]
        StagedBuild(steps, self.charts_shown.emit, owner=self).start()

    def _show_summary(self) -> None:
        stats = self.stats
        if stats is None:
            self.summary.setText("")
            return
        plurals = RitualPlurals()
        self.summary.setText(
            self.tr("{days} written, {words} in all · streak {current}, longest {longest}").format(
                days=plurals.days(len(stats.words)),
                words=plurals.words(stats.total_words),
                current=plurals.days(stats.streaks.current),
                longest=plurals.days(stats.streaks.longest),
            )
        )

    def save_chart(self, chart: Chart) -> None:
        name = chart.title.lower().replace(" ", "-").replace(",", "") + ".png"
        path, _filter = QFileDialog.getSaveFileName(
            self, self.tr("Save chart"), name, self.tr("PNG image (*.png)")
        )
        if not path:
            return
        if not chart.save_png(Path(path)):
            show_error(
                self,
                self.tr("The chart was not saved"),
                self.tr("That file could not be written."),
                self.tr("Choose another folder."),
            )
