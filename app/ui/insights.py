"""The Insights view: mood over time, words per day and the people mentioned most, drawn locally; each chart
can be saved as a PNG. Statistics are gathered off the UI thread (``DiaryStatistics``) whenever the view
opens or the period changes.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
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
from app.ui.staged import Once, StagedBuild
from app.ui.tasks import TaskRunner

PERIODS = (30, 90, 365)
DEFAULT_PERIOD = 1  # the last 90 days


class InsightsDialog(QDialog):
    """Three charts over a chosen period, with "Save as PNG…" under each.

    Opened from the window it is put together over several event-loop turns (``staged``), hidden, before
    ``show_next_turn`` shows it: built in one go it took one turn of 4-8 ms of the window's CPU here (its
    widgets, layouts, texts, and the style sheet matched to every child to size it), 19.8 ms on the UI
    bench's loaded machine. Its parts exist from the start (``charts``, the period: ``load`` and
    ``set_stats`` can come at any time); the steps put them in place, a row per turn."""

    charts_shown = Signal()  # every chart has the period's statistics (they get them one per frame)
    built = Signal()  # every part is in place (a staged build ends over several event-loop turns)

    def __init__(
        self, diary: DiaryPort, runner: TaskRunner, parent: QWidget | None = None, *, staged: bool = False
    ) -> None:
        """``staged``: put the dialog together a part per event-loop turn, ``built`` at the end (show it
        then: ``when_built``); otherwise all of it here."""
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
        self._built = Once()
        self._built.then(self.built.emit)  # first, before what waits for it
        # Sized now, while it has no layout to ask (its layout's minimum applies when it is laid out): sized
        # once built, it asked every child its size, matching the style sheet to each — 2 ms of a turn — and
        # undid a resize made meanwhile (the screenshots' 1024×700).
        fit_on_screen(self, QSize(760, 640))  # (an 800×600 screen has less: the charts scroll)
        build = StagedBuild(self._build_steps(), self._finish_building, owner=self)
        if staged:
            build.start()
        else:
            build.run_all()

    def _build_steps(self) -> list[Callable[[], None]]:
        """The dialog in parts, top to bottom, each a turn of its own when staged (about a millisecond)."""
        layout = QVBoxLayout(self)
        body = QWidget(self)
        column = QVBoxLayout(body)
        rows = [
            partial(self._add_chart, column, chart, button)
            for chart, button in zip(self.charts, self.save_buttons, strict=True)
        ]
        return [
            partial(self._build_top, layout),
            *rows,
            partial(self._build_bottom, layout, body, column),
            partial(follow_language, self, self.retranslate),
        ]

    def _build_top(self, layout: QVBoxLayout) -> None:
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.period)
        layout.addLayout(top)

    def _add_chart(self, column: QVBoxLayout, chart: Chart, button: QPushButton) -> None:
        """A chart and its "Save as PNG…" under it, on the right."""
        column.addWidget(chart)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(button)
        column.addLayout(row)
        button.clicked.connect(lambda _=False, c=chart: self.save_chart(c))

    def _build_bottom(self, layout: QVBoxLayout, body: QWidget, column: QVBoxLayout) -> None:
        """The charts' column scrolling under the top row (an 800×600 screen has no room for all three),
        and "Close" below."""
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.close_button)
        self.close_button.clicked.connect(self.close)
        layout.addWidget(scroll, 1)
        layout.addLayout(bottom)

    def _finish_building(self) -> None:
        """The period's choices are in (the texts' step): a change of period from now on loads it."""
        self.period.currentIndexChanged.connect(lambda _i: self.load())
        self._built.happen()

    @property
    def is_built(self) -> bool:
        return self._built.happened

    def when_built(self, then: Callable[[], None]) -> None:
        """Run ``then`` once every part is in place (now, if it is)."""
        self._built.then(then)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Insights"))
        index = self._period_index()
        self.period.blockSignals(True)  # the same period, in other words: nothing to load again
        self.period.clear()
        self.period.addItems([self.tr("Last 30 days"), self.tr("Last 90 days"), self.tr("Last year")])
        self.period.setCurrentIndex(index)
        self.period.blockSignals(False)
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
        days = PERIODS[self._period_index()]
        diary, today = self.diary, date.today()
        self.runner.run(
            lambda: DiaryStatistics(diary).collect(today, days),
            self.set_stats,
            lambda _exc: None,
            token_key="insights",
        )

    def _period_index(self) -> int:
        """The period chosen; before the choices are in (a staged build's texts), the default one."""
        index = self.period.currentIndex()
        return index if index >= 0 else DEFAULT_PERIOD

    def set_stats(self, stats: DiaryStats) -> None:
        """Show the statistics: the summary, then one chart per event-loop turn (each is painted before the
        next is given its data, so no frame waits on three charts at once)."""
        self.stats = stats
        self._show_summary()
        steps = [partial(self._chart_stats, chart, stats) for chart in self.charts]
        StagedBuild(steps, self.charts_shown.emit, owner=self).start()

    def _chart_stats(self, chart: Chart, stats: DiaryStats) -> None:
        """One chart given its figures. Put together but not yet shown (``show_next_turn`` drawing its parts
        aside), the chart is drawn now, at the size it will have: else the paint that shows the dialog would
        draw every chart whose figures came after its part was drawn aside (3-9 ms). Not while its size is
        still to come (a resize pending: not yet laid out in the scroll area) — drawn then at its small
        default size, it would only be drawn again."""
        chart.set_stats(stats)
        layout = self.layout()
        if self.is_built and not self.isVisible() and layout is not None:
            layout.activate()  # (nothing to do if laid out already, unless the chart's height changed)
            if not chart.testAttribute(Qt.WidgetAttribute.WA_PendingResizeEvent):
                chart.draw_ahead()

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
