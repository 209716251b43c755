"""The calendar beside the day list: a month grid (days with entries marked, the dot sized by words), today's
streak and the longest, and "On this day" cards under the day header.

Plain widgets over ``app.core.ritual.lookback`` records; no I/O here (``LookBackController`` loads them off
the UI thread). The grid is painted with QPainter and driven from the keyboard as well as the mouse: arrows
move by a day or a week (into the next month too), Page Up / Page Down by a month, Home to today, Enter or
Space opens the day.
"""

from __future__ import annotations

from datetime import date, timedelta

from PySide6.QtCore import QLocale, QObject, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QFocusEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.ritual.calendar import month_grid, shift_month
from app.core.ritual.lookback import MonthView, PastEntry
from app.ui.chat_delegate import blend
from app.ui.fitting_label import first_fitting, longest_fitting
from app.ui.i18n import DateText, Plurals, capitalised, first_weekday, follow_language

CELL_H = 26
HEADER_H = 20
CARD_MIN_WIDTH = 96  # an "On this day" card this narrow still shows "Шесть м…" and a line's first words


class _DayLook:
    """The colours and fonts of the day cells, made once per paint (42 cells share them)."""

    def __init__(self, palette: QPalette, font: QFont, focused: bool) -> None:
        self.text = palette.color(QPalette.ColorRole.Text)
        self.accent = palette.color(QPalette.ColorRole.Highlight)
        window = palette.color(QPalette.ColorRole.Base)
        self.cursor = blend(window, self.accent, 0.35 if focused else 0.18)
        self.focused = focused
        self.outside = blend(window, self.text, 0.35)
        self.faint_accent = blend(window, self.accent, 0.5)
        self.plain = QFont(font)
        self.plain.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        self.bold = QFont(self.plain)
        self.bold.setWeight(QFont.Weight.DemiBold)


def weekday_names(iso_days: list[int], *, narrow: bool = False) -> list[str]:
    """The grid's column heads in the interface's language: "Mon", "Пн" — one letter ("П В С Ч П С В")
    leaves three Russian columns that could be either of two days; ``narrow`` only where three letters do
    not fit the column. Capitalised, as a heading ("пн" is how Russian writes it inside a sentence)."""
    kind = QLocale.FormatType.NarrowFormat if narrow else QLocale.FormatType.ShortFormat
    locale = QLocale()
    return [capitalised(locale.standaloneDayName(day, kind)) for day in iso_days]


class RitualPlurals(QObject):
    """The counted phrases of the calendar and the insights (see ``app.ui.i18n.Plurals``)."""

    def days(self, n: int) -> str:
        return Plurals._english(n, self.tr("%n day(s)", "", n), "{n} day", "{n} days")

    def words(self, n: int) -> str:
        return Plurals._english(n, self.tr("%n word(s)", "", n), "{n} word", "{n} words")


class MonthGrid(QWidget):
    """Six weeks of days; the cursor is a date the keyboard moves, ``day_activated`` opens it."""

    day_activated = Signal(object)  # date
    month_requested = Signal(int, int)  # year, month (the cursor left the month shown)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("monthGrid")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        today = date.today()
        self.view = MonthView(today.year, today.month, month_grid(today.year, today.month, first_weekday()))
        self.current_day = today
        self.today = today

    def sizeHint(self) -> QSize:
        return QSize(7 * 30, HEADER_H + 6 * CELL_H + 4)

    def minimumSizeHint(self) -> QSize:
        return QSize(7 * 24, HEADER_H + 6 * CELL_H + 4)

    def set_view(self, view: MonthView, today: date | None = None) -> None:
        self.view = view
        self.today = today or date.today()
        if (self.current_day.year, self.current_day.month) != (view.year, view.month):
            self.current_day = (
                date(view.year, view.month, 1)
                if self.today.month != view.month or self.today.year != view.year
                else self.today
            )
        self._describe()
        self.update()

    def _describe(self) -> None:
        mark = self.view.marks.get(self.current_day)
        words = RitualPlurals().words(mark.words) if mark else self.tr("no entries")
        self.setAccessibleDescription(f"{DateText().long_day(self.current_day)}: {words}")

    # -- geometry -----------------------------------------------------------------------------------
    def _cell(self, row: int, col: int) -> QRectF:
        width = self.width() / 7
        return QRectF(col * width, HEADER_H + row * CELL_H, width, CELL_H)

    def _at(self, x: float, y: float) -> date | None:
        if y < HEADER_H:
            return None
        row, col = int((y - HEADER_H) // CELL_H), int(x // (self.width() / 7))
        if 0 <= row < len(self.view.grid) and 0 <= col < 7:
            return self.view.grid[row][col]
        return None

    # -- painting -----------------------------------------------------------------------------------
    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        self._paint_weekdays(painter, palette)
        look = _DayLook(palette, self.font(), self.hasFocus())  # once per paint, not per day
        for row, week in enumerate(self.view.grid):
            for col, day in enumerate(week):
                self._paint_day(painter, look, self._cell(row, col), day)

    def _paint_weekdays(self, painter: QPainter, palette: QPalette) -> None:
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() * 0.8))
        painter.setFont(small)
        muted = palette.color(QPalette.ColorRole.Text)
        muted.setAlpha(130)
        painter.setPen(muted)
        for col, name in enumerate(self.column_heads(painter.fontMetrics())):
            painter.drawText(
                QRectF(self._cell(0, col).x(), 0, self.width() / 7, HEADER_H),
                Qt.AlignmentFlag.AlignCenter,
                name,
            )

    def column_heads(self, metrics: QFontMetrics) -> list[str]:
        """The weekdays over the columns: short names, or one letter if a short one would not fit."""
        days = [day.isoweekday() for day in self.view.grid[0]]
        names = weekday_names(days)
        if max(metrics.horizontalAdvance(name) for name in names) > self.width() / 7 - 2:
            return weekday_names(days, narrow=True)
        return names

    def _paint_day(self, painter: QPainter, look: _DayLook, cell: QRectF, day: date) -> None:
        inside = day.month == self.view.month
        if day == self.current_day:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(look.cursor)
            painter.drawRoundedRect(cell.adjusted(2, 1, -2, -1), 6, 6)
        if day == self.today:
            painter.setPen(look.accent)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(cell.adjusted(2.5, 1.5, -2.5, -1.5), 6, 6)
        if day == self.current_day and look.focused:  # the keyboard's day, plain even on today's ring (QA)
            painter.setPen(QPen(look.text, 1.5, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(cell.adjusted(4.5, 3.5, -4.5, -3.5), 5, 5)
        painter.setPen(look.text if inside else look.outside)
        mark = self.view.marks.get(day)
        painter.setFont(look.bold if mark is not None else look.plain)
        painter.drawText(cell.adjusted(0, 0, 0, -6), Qt.AlignmentFlag.AlignCenter, str(day.day))
        if mark is not None:
            radius = 1.5 + mark.size
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(look.accent if inside else look.faint_accent)
            painter.drawEllipse(QPointF(cell.center().x(), cell.bottom() - 5), radius, radius)

    # -- input --------------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        steps = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1, Qt.Key.Key_Up: -7, Qt.Key.Key_Down: 7}
        if key in steps:
            self.move_to(self.current_day + timedelta(days=steps[Qt.Key(key)]))
        elif key == Qt.Key.Key_PageUp:
            self.move_to(shift_month(self.current_day, -1))
        elif key == Qt.Key.Key_PageDown:
            self.move_to(shift_month(self.current_day, 1))
        elif key == Qt.Key.Key_Home:
            self.move_to(self.today)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.day_activated.emit(self.current_day)
        else:
            super().keyPressEvent(event)

    def move_to(self, day: date) -> None:
        """Put the cursor on ``day``; a day in another month asks for that month."""
        self.current_day = day
        self._describe()
        if (day.year, day.month) != (self.view.year, self.view.month):
            self.month_requested.emit(day.year, day.month)
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        day = self._at(event.position().x(), event.position().y())
        if day is None:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.move_to(day)
        self.day_activated.emit(day)

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)


class CalendarPanel(QWidget):
    """Month title with ‹ ›, the grid, and the streak line."""

    day_activated = Signal(object)  # date
    month_requested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("calendarPanel")
        self.previous_button = QToolButton(self)
        self.next_button = QToolButton(self)
        self.title = QLabel(self)
        self.title.setObjectName("calendarTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        bold = QFont(self.title.font())
        bold.setWeight(QFont.Weight.DemiBold)
        self.title.setFont(bold)
        self.grid = MonthGrid(self)
        self.streak = QLabel(self)
        self.streak.setObjectName("calendarStreak")
        self.streak.setWordWrap(True)
        self.streak.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        for button, arrow in ((self.previous_button, "‹"), (self.next_button, "›")):
            button.setText(arrow)
            button.setAutoRaise(True)
        self.previous_button.clicked.connect(lambda: self._step(-1))
        self.next_button.clicked.connect(lambda: self._step(1))
        self.grid.day_activated.connect(self.day_activated)
        self.grid.month_requested.connect(self.month_requested)
        self._build()
        follow_language(self, self.retranslate)

    def _build(self) -> None:
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.previous_button)
        header.addWidget(self.title, 1)
        header.addWidget(self.next_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addLayout(header)
        column.addWidget(self.grid)
        column.addWidget(self.streak)

    def retranslate(self) -> None:
        self.previous_button.setToolTip(self.tr("Previous month (Page Up)"))
        self.previous_button.setAccessibleName(self.tr("Previous month"))
        self.next_button.setToolTip(self.tr("Next month (Page Down)"))
        self.next_button.setAccessibleName(self.tr("Next month"))
        self.grid.setAccessibleName(self.tr("Calendar"))
        self.grid.setToolTip(
            self.tr(
                "Days with entries are marked; the bigger the dot, the more you wrote. "
                "Arrows move, Enter opens a day."
            )
        )
        self.setAccessibleName(self.tr("Calendar"))
        self._show_texts()

    def set_view(self, view: MonthView, today: date | None = None) -> None:
        self.grid.set_view(view, today)
        self._show_texts()

    def _show_texts(self) -> None:
        view = self.grid.view
        month = QLocale().standaloneMonthName(view.month, QLocale.FormatType.LongFormat)
        self.title.setText(f"{capitalised(month)} {view.year}")
        plurals = RitualPlurals()
        self.streak.setText(
            self.tr("Streak: {current} · longest: {longest}").format(
                current=plurals.days(view.streaks.current), longest=plurals.days(view.streaks.longest)
            )
        )

    def _step(self, months: int) -> None:
        view = self.grid.view
        target = shift_month(date(view.year, view.month, 1), months)
        self.month_requested.emit(target.year, target.month)


class OnThisDayStrip(QFrame):
    """Small cards under the day header: the entries of a month, six months and a year before."""

    conversation_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("onThisDay")
        self.caption = QLabel(self)
        self.caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.row = QHBoxLayout()
        self.row.setSpacing(8)
        column = QVBoxLayout(self)
        column.setContentsMargins(20, 2, 20, 4)
        column.setSpacing(2)
        column.addWidget(self.caption)
        column.addLayout(self.row)
        self.cards: list[PastCard] = []
        self.entries: list[PastEntry] = []
        self.squeezed = False  # the chat column is too short for the strip (``set_squeezed``)
        follow_language(self, self.retranslate)
        self.hide()

    def retranslate(self) -> None:
        self.caption.setText(self.tr("On this day"))
        self.setAccessibleName(self.tr("On this day"))
        self.set_entries(self.entries)

    def ago_text(self, ago: str) -> str:
        return {
            "month": self.tr("A month ago"),
            "half_year": self.tr("Six months ago"),
            "year": self.tr("A year ago"),
        }.get(ago, ago)

    def short_ago_text(self, ago: str) -> str:
        """What a narrow card says instead of ``ago_text`` (the strip's heading, "On this day", says the
        rest): with the memory dock open at 1024 px a card is about 110 px wide, and "Six months ago" or
        "Полгода назад" came out as "Six mont…", "Полгода н…"."""
        return {
            "month": self.tr("1 month"),
            "half_year": self.tr("6 months"),
            "year": self.tr("1 year"),
        }.get(ago, ago)

    def set_entries(self, entries: list[PastEntry]) -> None:
        """One card per entry (none: the strip hides)."""
        self.entries = list(entries)
        for card in self.cards:
            self.row.removeWidget(card)
            card.deleteLater()
        self.cards = [self._card(entry) for entry in self.entries]
        for card in self.cards:
            card.row = self.cards
            self.row.addWidget(card, 1)
        self.setVisible(bool(self.cards) and not self.squeezed)

    def set_squeezed(self, squeezed: bool) -> None:
        """Step aside while the chat column is too short to show the strip and the conversation too (a
        760×480 window): the cards are a way back to older days, the calendar beside is another."""
        if squeezed != self.squeezed:
            self.squeezed = squeezed
            self.setVisible(bool(self.cards) and not squeezed)

    def _card(self, entry: PastEntry) -> PastCard:
        title = f"{self.ago_text(entry.ago)} · {DateText().long_day(entry.day)}"
        card = PastCard([self.ago_text(entry.ago), self.short_ago_text(entry.ago)], entry.first_line, self)
        card.setToolTip(f"{title}\n{entry.first_line}")
        card.setAccessibleName(title)
        card.setAccessibleDescription(entry.first_line)
        card.clicked.connect(lambda: self.conversation_requested.emit(entry.conversation_id))
        return card


class PastCard(QAbstractButton):
    """One "On this day" card: how long ago (``titles``: the longest wording that fits the card, see
    ``longest_fitting``), and the entry's first line, elided to the card's width (the full line is the
    tooltip), so three cards fit in a narrow chat column in any language."""

    def __init__(self, titles: list[str], line: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("onThisDayCard")
        self.titles, self.line = titles, line
        self.row: list[PastCard] = [self]  # the cards shown beside it (``shown_title``), set by the strip
        self.setText(f"{titles[0]}: {line}")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def sizeHint(self) -> QSize:
        """The least a card needs (it grows with the row): 120 px made three cards ask for a 416 px chat
        column, and at 1024 px with the memory dock open that cut the sidebar's search hint. The days with
        entries a month, six months and a year back decide how many cards there are: it came and went."""
        return QSize(CARD_MIN_WIDTH, self.fontMetrics().lineSpacing() * 2 + 14)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def shown_title(self) -> str:
        """The title as painted. Every card of the row says it the same way, in the longest wording that
        fits them all ("1 month · 6 months · 1 year", not "1 month · 6 months · A year ago"); the shortest
        is elided only where even it does not fit."""
        metrics = QFontMetrics(self._title_font())
        level = max(card._title_level(metrics) for card in self.row)
        return longest_fitting(self.titles[level:], metrics, self._inner().width())

    def _title_level(self, metrics: QFontMetrics) -> int:
        """How far down ``titles`` this card must go for one to fit (0: the longest fits)."""
        fit = first_fitting(self.titles, metrics, self._inner().width())
        return len(self.titles) - 1 if fit is None else fit

    def _title_font(self) -> QFont:
        bold = QFont(self.font())
        bold.setWeight(QFont.Weight.DemiBold)
        return bold

    def _inner(self) -> QRect:
        """Where the card's two lines go: inside its rounded border."""
        return self.rect().adjusted(10, 6, -10, -6)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Window)
        accent = palette.color(QPalette.ColorRole.Highlight)
        text = palette.color(QPalette.ColorRole.Text)
        hot = self.underMouse() or self.hasFocus()
        painter.setPen(blend(base, accent, 0.8) if hot else blend(base, text, 0.2))
        painter.setBrush(blend(base, accent, 0.08))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8)
        inner = self._inner()
        metrics = self.fontMetrics()
        painter.setFont(self._title_font())
        painter.setPen(text)
        title = self.shown_title()
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, title)
        painter.setFont(self.font())
        painter.setPen(blend(base, text, 0.7))
        line = metrics.elidedText(self.line, Qt.TextElideMode.ElideRight, inner.width())
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom, line)


__all__ = ["CalendarPanel", "MonthGrid", "OnThisDayStrip", "PastCard", "RitualPlurals"]
