"""Charts drawn locally with QPainter (no network, no chart library): mood over time, words per day, and the
people mentioned most with the days they were mentioned. Each chart is a plain widget over a
``DiaryStats`` and can be saved as a PNG (``save_png``).
"""

from __future__ import annotations

from datetime import date
from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate, QEvent, QLineF, QLocale, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.core.ritual.stats import DiaryStats
from app.ui.chat_delegate import blend
from app.ui.mood_picker import mood_color

MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 44, 16, 30, 26


class Chart(QWidget):
    """A titled plot area; subclasses draw ``plot`` inside it.

    Drawn once into a pixmap, and painted from it until its size, figures, texts, colours or font change
    (``_drawing``): drawing a chart takes 1-2 ms, and it was done in every paint (Insights: all three in
    the paint that shows it, and again when the dialog was repainted — its charts scrolled, another chart's
    height changed)."""

    _REDRAWN_ON = frozenset(
        {
            QEvent.Type.PaletteChange,
            QEvent.Type.FontChange,
            QEvent.Type.StyleChange,
            QEvent.Type.LanguageChange,
            QEvent.Type.LocaleChange,
        }
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stats: DiaryStats | None = None
        self._title = ""
        self._empty_text = ""
        self._drawn: QPixmap | None = None  # the chart as last drawn, and what it was drawn for
        self._drawn_for: tuple[QSize, float, QPalette.ColorGroup] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumHeight(170)

    @property
    def title(self) -> str:
        return self._title

    @title.setter
    def title(self, text: str) -> None:
        self._title = text
        self._redraw()

    @property
    def empty_text(self) -> str:
        """What the chart says when the period has nothing for it."""
        return self._empty_text

    @empty_text.setter
    def empty_text(self, text: str) -> None:
        self._empty_text = text
        self._redraw()

    def sizeHint(self) -> QSize:
        return QSize(640, 200)

    def set_stats(self, stats: DiaryStats) -> None:
        self.stats = stats
        self._redraw()

    def has_data(self) -> bool:
        return False

    def save_png(self, path: Path) -> bool:
        """Save the chart as drawn now; False if the file could not be written."""
        return self.grab().save(str(path), "PNG")

    def _redraw(self) -> None:
        """What the chart shows changed: drawn afresh at its next paint."""
        self._drawn = None
        self.update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in self._REDRAWN_ON:
            self._drawn = None
        super().changeEvent(event)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._drawing())
        painter.end()

    def draw_ahead(self) -> None:
        """Draw the chart now, at its size now, for the paints to come (a hidden chart's first paint)."""
        self._drawing()

    def _drawing(self) -> QPixmap:
        """The chart drawn at its size, pixel ratio and colours now (an inactive window's may differ): the
        last drawing if those have not changed since, and nothing it shows has (``_redraw``)."""
        if self.size().isEmpty():
            return QPixmap()  # (nothing to draw on; painting a null pixmap draws nothing)
        ratio = self.devicePixelRatioF()
        drawn_for = (self.size(), ratio, self.palette().currentColorGroup())
        if self._drawn is None or self._drawn_for != drawn_for:
            pixmap = QPixmap(self.size() * ratio)
            pixmap.setDevicePixelRatio(ratio)
            # Cleared first: at a fractional scale its last column and row are only partly painted over,
            # and a new pixmap holds whatever its memory held (a dark edge at 150%).
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            self.draw(painter)
            painter.end()
            self._drawn, self._drawn_for = pixmap, drawn_for
        return self._drawn

    def draw(self, painter: QPainter) -> None:
        """The whole chart: its title, then its plot (or what it says when it has nothing to plot)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        if self.stats is None:
            return  # the period's figures are on their way: the chart is drawn (title and all) with them, on
            # a turn of its own, not in the frame that first shows the dialog with every chart in it
        bold = QFont(self.font())
        bold.setWeight(QFont.Weight.DemiBold)
        painter.setFont(bold)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.drawText(
            QRectF(12, 4, self.width() - 24, MARGIN_T - 6), Qt.AlignmentFlag.AlignVCenter, self.title
        )
        painter.setFont(self.font())
        area = QRectF(
            MARGIN_L, MARGIN_T, self.width() - MARGIN_L - MARGIN_R, self.height() - MARGIN_T - MARGIN_B
        )
        if not self.has_data():
            painter.setPen(self.muted())
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.empty_text)
            return
        self.plot(painter, area)

    def plot(self, painter: QPainter, area: QRectF) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- helpers ------------------------------------------------------------------------------------
    def muted(self) -> QColor:
        palette = self.palette()
        return blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.55)

    def grid_pen(self) -> QPen:
        palette = self.palette()
        return QPen(
            blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.15)
        )

    def x_of(self, day: date, area: QRectF) -> float:
        assert self.stats is not None
        span = max(1, (self.stats.last - self.stats.first).days)
        return area.left() + area.width() * (day - self.stats.first).days / span

    def date_axis(self, painter: QPainter, area: QRectF) -> None:
        """The first and last day under the plot, as ``axis_dates`` writes them."""
        assert self.stats is not None
        painter.setPen(self.muted())
        first, last = axis_dates(self.stats.first, self.stats.last)
        for text, align in ((first, Qt.AlignmentFlag.AlignLeft), (last, Qt.AlignmentFlag.AlignRight)):
            painter.drawText(QRectF(area.left(), area.bottom() + 4, area.width(), MARGIN_B - 6), align, text)


def axis_dates(first: date, last: date, today: date | None = None) -> tuple[str, str]:
    """"9 Jul" / "9 июл.": the month by name, as no reader can take "07/09/2026" for 7 September (the
    locale's short format is numeric, and its order differs from country to country). The year is added to
    both ends when the period is not all within this year (a span over New Year, or a past year)."""
    this_year = (today or date.today()).year
    with_year = not first.year == last.year == this_year
    pattern = (QCoreApplication.translate("Chart", "d MMM yyyy") if with_year
               else QCoreApplication.translate("Chart", "d MMM"))
    locale = QLocale()
    return (locale.toString(QDate(first.year, first.month, first.day), pattern),
            locale.toString(QDate(last.year, last.month, last.day), pattern))


class MoodChart(Chart):
    """The person's moods over the period: dots on a 1–5 scale, joined by a line."""

    def has_data(self) -> bool:
        return bool(self.stats and self.stats.moods)

    def plot(self, painter: QPainter, area: QRectF) -> None:
        assert self.stats is not None
        for level in range(1, 6):
            y = self._y(level, area)
            painter.setPen(self.grid_pen())
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(self.muted())
            painter.drawText(QRectF(4, y - 8, MARGIN_L - 10, 16), Qt.AlignmentFlag.AlignRight, str(level))
        points = [QPointF(self.x_of(d, area), self._y(m, area)) for d, m in self.stats.moods]
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 2))
        # One line per pair of days, not one path: an antialiased 2 px path is stroked as a whole (its
        # joins, its crossings) — 3 ms a paint for 45 moods, against 0.2 ms for the separate lines, whose
        # ends meet under the dots drawn over them.
        painter.drawLines([QLineF(a, b) for a, b in pairwise(points)])
        painter.setPen(Qt.PenStyle.NoPen)
        for point, (_day, mood) in zip(points, self.stats.moods, strict=True):
            painter.setBrush(mood_color(mood))
            painter.drawEllipse(point, 4.5, 4.5)
        self.date_axis(painter, area)

    @staticmethod
    def _y(level: int, area: QRectF) -> float:
        return area.bottom() - area.height() * (level - 1) / 4


class WordsChart(Chart):
    """Words the person wrote each day: one bar per day."""

    def has_data(self) -> bool:
        return bool(self.stats and self.stats.words)

    def plot(self, painter: QPainter, area: QRectF) -> None:
        assert self.stats is not None
        most = max(w for _, w in self.stats.words) or 1
        painter.setPen(self.grid_pen())
        painter.drawLine(QPointF(area.left(), area.bottom()), QPointF(area.right(), area.bottom()))
        painter.setPen(self.muted())
        painter.drawText(QRectF(4, area.top() - 8, MARGIN_L - 10, 16), Qt.AlignmentFlag.AlignRight, str(most))
        days = max(1, (self.stats.last - self.stats.first).days + 1)
        width = max(2.0, area.width() / days * 0.7)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette().color(QPalette.ColorRole.Highlight))
        for day, words in self.stats.words:
            height = area.height() * words / most
            x = self.x_of(day, area)
            painter.drawRoundedRect(QRectF(x - width / 2, area.bottom() - height, width, height), 1.5, 1.5)
        self.date_axis(painter, area)


class PeopleChart(Chart):
    """The people mentioned most: a bar of how many entries name them, and a tick for each day they did."""

    ROW = 24

    def has_data(self) -> bool:
        return bool(self.stats and self.stats.people)

    def sizeHint(self) -> QSize:
        rows = len(self.stats.people) if self.stats else 3
        return QSize(640, MARGIN_T + MARGIN_B + self.ROW * max(3, rows))

    def set_stats(self, stats: DiaryStats) -> None:
        super().set_stats(stats)
        self.setMinimumHeight(self.sizeHint().height())
        self.updateGeometry()

    def plot(self, painter: QPainter, area: QRectF) -> None:
        assert self.stats is not None
        most = max(p.total for p in self.stats.people) or 1
        names_w = 96.0
        bar_w = area.width() * 0.25
        timeline = QRectF(area.left() + names_w + bar_w + 16, area.top(), 0, area.height())
        timeline.setRight(area.right())
        accent = self.palette().color(QPalette.ColorRole.Highlight)
        for row, person in enumerate(self.stats.people):
            y = area.top() + row * self.ROW
            painter.setPen(self.palette().color(QPalette.ColorRole.Text))
            name = painter.fontMetrics().elidedText(
                person.name, Qt.TextElideMode.ElideRight, int(names_w) - 6
            )
            painter.drawText(
                QRectF(8, y, names_w + MARGIN_L - 14, self.ROW), Qt.AlignmentFlag.AlignVCenter, name
            )
            width = bar_w * person.total / most
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(accent)
            painter.drawRoundedRect(
                QRectF(area.left() + names_w, y + 6, max(2.0, width), self.ROW - 12), 3, 3
            )
            painter.setPen(self.muted())
            painter.drawText(
                QRectF(area.left() + names_w + width + 4, y, 40, self.ROW),
                Qt.AlignmentFlag.AlignVCenter,
                str(person.total),
            )
            painter.setPen(QPen(accent, 2))
            for day, _n in person.days:
                x = self.x_of(day, timeline)
                painter.drawLine(QPointF(x, y + 6), QPointF(x, y + self.ROW - 6))
        painter.setPen(self.grid_pen())
        painter.drawLine(QPointF(timeline.left(), area.bottom()), QPointF(timeline.right(), area.bottom()))
        self.date_axis(painter, timeline)
