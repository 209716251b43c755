"""The sidebar: a "Today" entry, the diary's days newest first, and search over all history.

Plain list models over the store's records, painted by one two-line delegate (date, then the first
line or the search snippet). The sidebar does no I/O: it emits what the person asked for
(``conversation_activated``, ``today_requested``, ``search_changed`` — debounced — and ``hit_activated``)
and the window answers with ``set_conversations`` / ``set_search_results`` from background tasks.

A search snippet arrives with the matched words between the store's ``SNIPPET_OPEN`` / ``SNIPPET_CLOSE``
markers. They are parsed once, into plain text plus the spans of the matches: the text is what the list
says (display, tooltip, screen readers), the spans are what the delegate paints in bold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.store import SNIPPET_CLOSE, SNIPPET_OPEN, ConversationInfo, SearchHit
from app.ui.i18n import DateText, Plurals, capitalised, follow_language
from app.ui.picture_marker import MARKER, MARKER_CONTEXT, said_in_snippet

SEARCH_DEBOUNCE_MS = 300
ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1
MIN_ENTRY_WIDTH = 120  # a row's width hint, below the narrowest sidebar: the list never scrolls sideways
AnyIndex = QModelIndex | QPersistentModelIndex
Span = tuple[int, int]  # [start, end) of a match in an entry's detail
translate = QCoreApplication.translate
_MATCH = re.compile(f"{re.escape(SNIPPET_OPEN)}(.*?){re.escape(SNIPPET_CLOSE)}", re.DOTALL)


@dataclass(frozen=True)
class SidebarEntry:
    """One line pair in a sidebar list: a day (conversation) or a search hit.

    ``detail`` is plain text; ``marks`` are the spans of it that matched the search (painted bold).
    """

    title: str
    detail: str
    conversation_id: int
    message_id: int | None = None
    marks: tuple[Span, ...] = ()

    def detail_runs(self) -> list[tuple[str, bool]]:
        """The detail as (text, matched) pieces in reading order: what the delegate paints."""
        runs: list[tuple[str, bool]] = []
        at = 0
        for start, end in self.marks:
            if start > at:
                runs.append((self.detail[at:start], False))
            runs.append((self.detail[start:end], True))
            at = end
        if at < len(self.detail):
            runs.append((self.detail[at:], False))
        return runs


def parse_snippet(snippet: str) -> tuple[str, tuple[Span, ...]]:
    """The store's marked snippet as plain text (whitespace collapsed) and the spans of its matches."""
    flat = " ".join(snippet.split())
    parts: list[str] = []
    marks: list[Span] = []
    length = at = 0
    for match in _MATCH.finditer(flat):
        parts.append(flat[at:match.start()])
        length += match.start() - at
        word = match.group(1)
        marks.append((length, length + len(word)))
        parts.append(word)
        length += len(word)
        at = match.end()
    parts.append(flat[at:])
    text = "".join(parts)
    if SNIPPET_OPEN in text or SNIPPET_CLOSE in text:  # an unbalanced marker: never show it
        return text.replace(SNIPPET_OPEN, "").replace(SNIPPET_CLOSE, ""), ()
    return text, tuple(marks)


def day_title(day: date | None, today: date | None = None, fallback: str = "") -> str:
    """"Today", "Yesterday", or "Tuesday, 1 December" (with the year when it is not this year), in the
    interface's language and locale. A title: capitalised as "Сегодня" and "Вчера" above it are (QA: the
    day list read "Вчера", then "четверг, 3 декабря"; Russian writes a weekday in lower case only inside a
    sentence)."""
    if day is None:
        return fallback or translate("Sidebar", "Conversation")
    today = today or date.today()
    if day == today:
        return translate("Sidebar", "Today")
    if (today - day).days == 1:
        return translate("Sidebar", "Yesterday")
    dates = DateText()
    title = dates.day_this_year(day) if day.year == today.year else dates.long_day(day)
    return capitalised(title)


def conversation_entry(info: ConversationInfo, today: date | None = None) -> SidebarEntry:
    day = info.day or info.created_at.date()
    first = info.first_line.strip().splitlines()
    title = day_title(day, today, info.title)
    return SidebarEntry(title, first[0] if first else translate("Sidebar", "No entries yet"), info.id)


def hit_entry(hit: SearchHit, today: date | None = None) -> SidebarEntry:
    """A search hit's row: its day and who wrote it, then its snippet (a picture's marker in the
    interface's words, not as stored)."""
    snippet = said_in_snippet(hit.snippet or hit.text, translate(MARKER_CONTEXT, MARKER))
    detail, marks = parse_snippet(snippet)
    who = translate("Sidebar", "You") if hit.role == "user" else translate("Sidebar", "Companion")
    title = f"{day_title(hit.day, today)} · {who}"
    return SidebarEntry(title, detail, hit.conversation_id, hit.message_id, marks)


class EntryListModel(QAbstractListModel):
    """A list of ``SidebarEntry`` rows."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.entries: list[SidebarEntry] = []

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.entries)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.entries):
            return None
        entry = self.entries[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return f"{entry.title}: {entry.detail}"
        if role == Qt.ItemDataRole.ToolTipRole:  # both lines whole: a narrow list elides each of them
            return f"{entry.title}\n{entry.detail}"
        if role == ENTRY_ROLE:
            return entry
        return None

    def set_entries(self, entries: list[SidebarEntry]) -> None:
        self.beginResetModel()
        self.entries = list(entries)
        self.endResetModel()

    def row_of_conversation(self, conversation_id: int) -> int | None:
        for row, entry in enumerate(self.entries):
            if entry.conversation_id == conversation_id and entry.message_id is None:
                return row
        return None


class EntryDelegate(QStyledItemDelegate):
    """Two lines: a bold title and a muted detail, each elided to the row (the tooltip has both whole).

    The title was drawn whole and cut at the row's edge: in an 800 px window the sidebar is 220-260 px wide,
    and a day of another year ("Понедельник, 29 сентября 2025") or a search hit ("Понедельник, 29 сентября ·
    Собеседник") ran past it (QA)."""

    PAD_H, PAD_V, GAP = 14, 8, 2

    def _fonts(self, option: QStyleOptionViewItem) -> tuple[QFont, QFont]:
        bold = QFont(option.font)  # type: ignore[attr-defined]
        bold.setWeight(QFont.Weight.DemiBold)
        small = QFont(option.font)  # type: ignore[attr-defined]
        small.setPointSizeF(max(7.0, small.pointSizeF() * 0.9))
        return bold, small

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        bold, small = self._fonts(option)
        height = QFontMetrics(bold).height() + QFontMetrics(small).height() + self.GAP + 2 * self.PAD_V
        return QSize(MIN_ENTRY_WIDTH, height)  # as wide as the list: both lines are elided to fit

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        entry: SidebarEntry | None = index.data(ENTRY_ROLE)
        if entry is None:
            return
        rect: QRect = option.rect  # type: ignore[attr-defined]
        palette: QPalette = option.palette  # type: ignore[attr-defined]
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        hovered = bool(option.state & QStyle.StateFlag.State_MouseOver)  # type: ignore[attr-defined]
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if selected or hovered:
            fill = palette.color(QPalette.ColorRole.Highlight)
            fill.setAlpha(60 if selected else 22)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect.adjusted(6, 2, -6, -2), 8, 8)
        bold, small = self._fonts(option)
        inner = rect.adjusted(self.PAD_H, self.PAD_V, -self.PAD_H, -self.PAD_V)
        title_h = QFontMetrics(bold).height()
        painter.setFont(bold)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        title = QFontMetrics(bold).elidedText(entry.title, Qt.TextElideMode.ElideRight, inner.width())
        painter.drawText(inner.adjusted(0, 0, 0, -(inner.height() - title_h)), 0, title)
        self._paint_detail(painter, entry, small, palette, inner.adjusted(0, title_h + self.GAP, 0, 0))
        painter.restore()

    @staticmethod
    def _paint_detail(painter: QPainter, entry: SidebarEntry, font: QFont, palette: QPalette,
                      rect: QRect) -> None:
        """The muted detail line, matched words in bold full-strength text, elided where it runs out.

        Pieces are drawn one after another; the first that does not fit is elided and ends the line. When
        not even "…" fits after the previous piece, the "…" goes into the row's right padding.
        """
        muted = palette.color(QPalette.ColorRole.Text)
        muted.setAlpha(150)
        strong = QFont(font)
        strong.setWeight(QFont.Weight.Bold)
        x, right = rect.left(), rect.right() + 1
        for text, matched in entry.detail_runs():
            run_font = strong if matched else font
            metrics = QFontMetrics(run_font)
            shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, right - x) or "…"
            width = metrics.horizontalAdvance(shown)
            painter.setFont(run_font)
            painter.setPen(palette.color(QPalette.ColorRole.Text) if matched else muted)
            painter.drawText(QRect(x, rect.top(), width, rect.height()), 0, shown)
            x += width
            if shown != text:
                break


class Sidebar(QWidget):
    """Search box, Today button, and a stack of two lists (days / search results)."""

    conversation_activated = Signal(int)
    today_requested = Signal()
    search_changed = Signal(str)
    hit_activated = Signal(object)  # SidebarEntry of a search hit

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search_box = QLineEdit(self)
        self.today_button = QPushButton(self)
        self.days = EntryListModel(self)
        self.hits = EntryListModel(self)
        self.days_view = self._list_view(self.days)
        self.hits_view = self._list_view(self.hits)
        self.hits_label = QLabel("", self)
        self.stack = QStackedWidget(self)
        self._debounce = QTimer(self, singleShot=True, interval=SEARCH_DEBOUNCE_MS)
        # what the lists were made from, so a language switch can write their days again
        self._infos: list[ConversationInfo] = []
        self._hits: list[SearchHit] | None = None
        self._build()
        self._connect()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.days_view.setAccessibleName(self.tr("Days"))
        self.days_view.setAccessibleDescription(self.tr("Your diary, newest day first"))
        self.hits_view.setAccessibleName(self.tr("Search results"))
        self.hits_view.setAccessibleDescription(self.tr("Messages matching the search"))
        self.search_box.setPlaceholderText(self.tr("Search all entries  (Ctrl+F)"))
        self.search_box.setAccessibleName(self.tr("Search the diary"))
        self.today_button.setText(self.tr("Today"))
        self.today_button.setAccessibleName(self.tr("Go to today"))
        self.today_button.setToolTip(self.tr("Today's page (Ctrl+T)"))
        current = self.days_view.currentIndex()
        self._show_days(current.row() if current.isValid() else None)
        self._show_hits()

    def _list_view(self, model: EntryListModel) -> QListView:
        view = QListView(self)
        view.setModel(model)
        view.setItemDelegate(EntryDelegate(view))
        view.setFrameShape(QFrame.Shape.NoFrame)
        view.viewport().setAutoFillBackground(False)
        view.setMouseTracking(True)
        view.setUniformItemSizes(True)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # rows elide, never scroll
        return view

    def _build(self) -> None:
        self.setObjectName("sidebar")
        self.setMinimumWidth(220)
        self.search_box.setClearButtonEnabled(True)
        self.today_button.setObjectName("todayButton")
        self.hits_label.setObjectName("searchStatus")
        self.hits_label.setContentsMargins(14, 0, 14, 0)
        self.hits_label.hide()
        results = QWidget(self)
        results_layout = QVBoxLayout(results)
        results_layout.setContentsMargins(0, 0, 0, 0)
        results_layout.addWidget(self.hits_label)
        results_layout.addWidget(self.hits_view, 1)
        self.stack.addWidget(self.days_view)
        self.stack.addWidget(results)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 12, 10, 10)
        layout.setSpacing(8)
        layout.addWidget(self.search_box)
        layout.addWidget(self.today_button)
        layout.addWidget(self.stack, 1)

    def _connect(self) -> None:
        self.today_button.clicked.connect(self.today_requested)
        self.search_box.textChanged.connect(self._on_search_text)
        self.search_box.returnPressed.connect(self._emit_search)
        self._debounce.timeout.connect(self._emit_search)
        self.days_view.activated.connect(self._on_day)
        self.days_view.clicked.connect(self._on_day)
        self.hits_view.activated.connect(self._on_hit)
        self.hits_view.clicked.connect(self._on_hit)

    # -- filled by the window -------------------------------------------------------------------
    def set_conversations(self, infos: list[ConversationInfo], current_id: int | None = None) -> None:
        self._infos = list(infos)
        self._show_days()
        if current_id is not None:
            self.set_current(current_id)

    def _show_days(self, current_row: int | None = None) -> None:
        today = date.today()
        self.days.set_entries([conversation_entry(info, today) for info in self._infos])
        if current_row is not None and current_row < self.days.rowCount():
            self.days_view.setCurrentIndex(self.days.index(current_row))

    def set_current(self, conversation_id: int) -> None:
        row = self.days.row_of_conversation(conversation_id)
        if row is None:
            self.days_view.clearSelection()
            return
        self.days_view.setCurrentIndex(self.days.index(row))

    def set_search_results(self, query: str, hits: list[SearchHit]) -> None:
        if query != self.query():
            return  # the box changed since this search started
        self._hits = list(hits)
        self._show_hits()
        self.hits_label.show()

    def _show_hits(self) -> None:
        if self._hits is None:
            return
        today = date.today()
        self.hits.set_entries([hit_entry(hit, today) for hit in self._hits])
        count = len(self._hits)
        self.hits_label.setText(self.tr("No entries match.") if not count else Plurals().matches(count))

    def query(self) -> str:
        return self.search_box.text().strip()

    def focus_search(self) -> None:
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()

    # -- events -----------------------------------------------------------------------------------
    def _on_search_text(self, text: str) -> None:
        if text.strip():
            self.stack.setCurrentIndex(1)
            self._debounce.start()
        else:
            self._debounce.stop()
            self._hits = None
            self.hits.set_entries([])
            self.hits_label.hide()
            self.stack.setCurrentIndex(0)

    def _emit_search(self) -> None:
        self._debounce.stop()
        if self.query():
            self.search_changed.emit(self.query())

    def _on_day(self, index: QModelIndex) -> None:
        entry: SidebarEntry | None = index.data(ENTRY_ROLE)
        if entry is not None:
            self.conversation_activated.emit(entry.conversation_id)

    def _on_hit(self, index: QModelIndex) -> None:
        entry: SidebarEntry | None = index.data(ENTRY_ROLE)
        if entry is not None:
            self.hit_activated.emit(entry)
