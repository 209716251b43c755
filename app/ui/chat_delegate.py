"""Paints one message as a bubble: Markdown text, time, and an "interrupted" mark.

Measuring a Markdown document is the expensive part of a long transcript, so sizes are cached per
message, keyed by the item's ``version`` (bumped on every streamed token) and the available width; laid-out
documents are kept in a small LRU for painting the rows on screen. Colours come from the palette, so the
light and dark themes both work without per-theme code here.

A finished bubble is drawn once into a picture of its row and copied from it after that: the chat is
repainted whole when it scrolls — a reply streaming in at the bottom, a message sent — and drawing each
bubble's text again was 2-5 ms of the window's thread per repaint, twice in one frame at times (the UI
bench's slowest frames); a copy is a few hundredths of a millisecond. The bubble being written and a bubble
with pictures (their thumbnails arrive later) are drawn directly.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QTextDocument,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from app.ui.chat_model import ChatItem, ChatRole
from app.ui.i18n import DateText
from app.ui.markdown import render_document
from app.ui.picture_paint import paint_strip, shown_text, strip_layout
from app.ui.picture_views import PictureView
from app.ui.remembered_line import remembered_label

ROW_MARGIN_V = 5
ROW_MARGIN_H = 18
PAD_H = 14
PAD_V = 9
META_GAP = 3
RADIUS = 12.0
MAX_BUBBLE = 720
BUBBLE_SHARE = 0.78
STREAM_CURSOR = " ▍"
DOC_CACHE = 160
PIXMAP_CACHE = 48  # finished bubbles kept drawn: a screenful or two (a 700x150 row is ~0.4 MB)
AnyIndex = QModelIndex | QPersistentModelIndex


def blend(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved ``t`` of the way towards ``b`` (0..1)."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * t),
        round(a.green() + (b.green() - a.green()) * t),
        round(a.blue() + (b.blue() - a.blue()) * t),
    )


def paint_accent_card(widget: QWidget, edge: tuple[float, float], fill: tuple[float, float],
                      inset: tuple[float, float], radius: float) -> None:
    """A rounded card tinted with the accent colour, drawn from ``widget``'s palette so both themes fit.

    ``edge`` and ``fill`` are how far the border and the inside move from the window colour towards the
    accent, (dark theme, light theme); ``inset`` is the card's horizontal and top margin in pixels.
    """
    palette = widget.palette()
    window = palette.color(QPalette.ColorRole.Window)
    accent = palette.color(QPalette.ColorRole.Highlight)
    which = 0 if window.lightness() < 128 else 1
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(blend(window, accent, edge[which]))
    painter.setBrush(blend(window, accent, fill[which]))
    card = QRectF(widget.rect()).adjusted(inset[0], inset[1], -inset[0], -2.5)
    painter.drawRoundedRect(card, radius, radius)


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


class ChatDelegate(QStyledItemDelegate):
    """Bubble layout for ``ChatModel`` rows; assistant on the left, the person on the right."""

    def __init__(self, parent: QWidget | None = None, *, width_of: Callable[[], int] | None = None) -> None:
        """``width_of`` gives the width rows are laid out for (the view's, steady with or without its
        scroll bar); without it the row's own width is used."""
        super().__init__(parent)
        self._width_of = width_of
        self._sizes: dict[int, tuple[int, int, QSize]] = {}  # message_id -> (version, width, size)
        self._docs: OrderedDict[tuple[int, int, int], tuple[QTextDocument, float]] = OrderedDict()
        self.highlight_id: int | None = None  # a search hit being pointed at
        self._remembered_rects: dict[int, QRectF] = {}  # reply id -> where its "Remembered" line was painted
        self._picture_rects: dict[int, list[QRectF]] = {}  # entry id -> where its thumbnails were painted
        # what a finished bubble looked like -> its row drawn, and its "Remembered" line's place in the row
        self._drawn: OrderedDict[tuple[object, ...], tuple[QPixmap, QRectF | None]] = OrderedDict()

    # -- geometry ---------------------------------------------------------------------------------
    @staticmethod
    def bubble_limit(width: int) -> int:
        """The widest a bubble may be in a view ``width`` pixels wide."""
        return max(160, min(MAX_BUBBLE, int((width - 2 * ROW_MARGIN_H) * BUBBLE_SHARE)))

    def content_width(self, option: QStyleOptionViewItem) -> int:
        """The width rows are laid out for; asks the view, so it does not flip with the scroll bar."""
        if self._width_of is not None:
            return self._width_of()
        return option.rect.width() or 600  # type: ignore[attr-defined]

    def _meta_font(self, font: QFont) -> QFont:
        small = QFont(font)
        small.setPointSizeF(max(7.0, font.pointSizeF() * 0.82))
        return small

    def _document(self, item: ChatItem, font: QFont, text_width: int) -> tuple[QTextDocument, float]:
        key = (item.message_id, item.version, text_width)
        cached = self._docs.get(key)
        if cached is not None:
            self._docs.move_to_end(key)
            return cached
        text = shown_text(item.text, item.pictures) + (STREAM_CURSOR if item.streaming else "")
        if not text.strip():
            text = "…"
        doc = render_document(text, font, text_width)
        entry = (doc, min(float(text_width), doc.idealWidth()))
        self._docs[key] = entry
        while len(self._docs) > DOC_CACHE:
            self._docs.popitem(last=False)
        return entry

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        item: ChatItem | None = index.data(ChatRole.ITEM)
        if item is None:
            return QSize(0, 0)
        return self.measure(item, option.font, self.content_width(option))  # type: ignore[attr-defined]

    def measure(self, item: ChatItem, font: QFont, width: int) -> QSize:
        """The row's size in a view ``width`` wide (kept: the view asks again on every layout). A day's
        bubbles can be measured ahead, a few per event-loop turn, before they are shown."""
        cached = self._sizes.get(item.message_id)
        if cached is not None and cached[0] == item.version and cached[1] == width:
            return cached[2]
        text_width = self.bubble_limit(width) - 2 * PAD_H
        doc, _ = self._document(item, font, text_width)
        meta_h = QFontMetrics(self._meta_font(font)).height()
        strip_h = strip_layout(item.pictures, text_width)[2]
        height = int(doc.size().height() + strip_h) + 2 * PAD_V + META_GAP + meta_h + 2 * ROW_MARGIN_V
        size = QSize(width, height)
        self._sizes[item.message_id] = (item.version, width, size)
        return size

    def lay_out_ahead(self, item: ChatItem, font: QFont, width: int) -> None:
        """Lay out ``item``'s text for a view ``width`` wide, before the view is (its measured size for the
        width now is kept): when the view narrows, ``measure`` finds the document made. A bubble being
        written changes at every token: not ahead."""
        if not item.streaming:
            self._document(item, font, self.bubble_limit(width) - 2 * PAD_H)

    def cached_size(self, message_id: int) -> QSize | None:
        entry = self._sizes.get(message_id)
        return entry[2] if entry else None

    def forget(self) -> None:
        """Drop every cached size/document/drawn bubble (font, theme or language changed)."""
        self._sizes.clear()
        self._docs.clear()
        self._drawn.clear()

    # -- painting ---------------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        item: ChatItem | None = index.data(ChatRole.ITEM)
        if item is None:
            return
        if item.streaming or item.pictures:
            self._paint_bubble(painter, option, item)
        else:
            self._paint_drawn(painter, option, item)

    def _paint_drawn(self, painter: QPainter, option: QStyleOptionViewItem, item: ChatItem) -> None:
        """Copy the bubble from its drawing (made now if this look of it was not drawn yet)."""
        rect: QRect = option.rect  # type: ignore[attr-defined]
        key = self._look(option, item)
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._draw(option, item, painter.device().devicePixelRatioF())
            self._drawn[key] = drawn
            while len(self._drawn) > PIXMAP_CACHE:
                self._drawn.popitem(last=False)
        else:
            self._drawn.move_to_end(key)
        pixmap, remembered = drawn
        painter.drawPixmap(rect.topLeft(), pixmap)
        if remembered is not None:
            self._remembered_rects[item.message_id] = remembered.translated(QPointF(rect.topLeft()))

    def _look(self, option: QStyleOptionViewItem, item: ChatItem) -> tuple[object, ...]:
        """Everything a finished bubble's pixels depend on (a language change ``forget``s them all); what it
        says is its ``version``, never reused (``chat_model._VERSIONS``)."""
        rect: QRect = option.rect  # type: ignore[attr-defined]
        palette: QPalette = option.palette  # type: ignore[attr-defined]
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        return (item.message_id, item.version, rect.width(), rect.height(), palette.cacheKey(),
                option.font.key(), selected or item.message_id == self.highlight_id,  # type: ignore[attr-defined]
                _keyboards(option))

    def _draw(self, option: QStyleOptionViewItem, item: ChatItem,
              ratio: float) -> tuple[QPixmap, QRectF | None]:
        """The bubble drawn alone into a transparent picture of its row."""
        rect: QRect = option.rect  # type: ignore[attr-defined]
        pixmap = QPixmap(rect.size() * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        at_origin = QStyleOptionViewItem(option)
        at_origin.rect = QRect(0, 0, rect.width(), rect.height())  # type: ignore[attr-defined]
        painter = QPainter(pixmap)
        try:
            self._remembered_rects.pop(item.message_id, None)
            self._paint_bubble(painter, at_origin, item)
        finally:
            painter.end()
        return pixmap, self._remembered_rects.get(item.message_id)

    def _paint_bubble(self, painter: QPainter, option: QStyleOptionViewItem, item: ChatItem) -> None:
        rect = option.rect  # type: ignore[attr-defined]
        palette: QPalette = option.palette  # type: ignore[attr-defined]
        font: QFont = option.font  # type: ignore[attr-defined]
        text_width = self.bubble_limit(self.content_width(option)) - 2 * PAD_H
        doc, ideal = self._document(item, font, text_width)
        thumbs, strip_w, strip_h = strip_layout(item.pictures, text_width)
        bubble_w = int(max(ideal, strip_w)) + 2 * PAD_H + 1
        bubble_h = int(doc.size().height() + strip_h) + 2 * PAD_V
        mine = item.role == "user"
        x = rect.right() - ROW_MARGIN_H - bubble_w if mine else rect.left() + ROW_MARGIN_H
        bubble = QRectF(x, rect.top() + ROW_MARGIN_V, bubble_w, bubble_h)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill, text_colour = self._colours(palette, mine)
        border = self._border(palette, item, selected)
        painter.setPen(border if border is not None else Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(bubble, RADIUS, RADIUS)
        if _keyboards(option):  # the entry the keyboard is on (Delete, Ctrl+C act on it): a dotted ring (QA)
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Text), 1.2, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(bubble.adjusted(-2.5, -2.5, 2.5, 2.5), RADIUS + 2, RADIUS + 2)

        painter.translate(QPointF(bubble.left() + PAD_H, bubble.top() + PAD_V))
        if item.pictures:
            paint_strip(painter, item.pictures, thumbs, blend(fill, text_colour, 0.25))
            origin = QPointF(bubble.left() + PAD_H, bubble.top() + PAD_V)
            self._picture_rects[item.message_id] = [r.translated(origin) for r in thumbs]
            painter.translate(QPointF(0, strip_h))
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette.setColor(QPalette.ColorRole.Text, text_colour)
        context.palette.setColor(QPalette.ColorRole.Link, palette.color(QPalette.ColorRole.Link))
        doc.documentLayout().draw(painter, context)
        painter.restore()
        self._paint_meta(painter, option, item, bubble, mine)

    def _colours(self, palette: QPalette, mine: bool) -> tuple[QColor, QColor]:
        """Paper-like bubbles for the companion, a warm tint of the accent for the person."""
        window = palette.color(QPalette.ColorRole.Window)
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        accent = palette.color(QPalette.ColorRole.Highlight)
        dark = is_dark(palette)
        if mine:
            return blend(window if dark else base, accent, 0.30 if dark else 0.17), text
        return (blend(window, text, 0.08) if dark else base), text

    def _border(self, palette: QPalette, item: ChatItem, selected: bool) -> QColor | None:
        if selected or item.message_id == self.highlight_id:
            return palette.color(QPalette.ColorRole.Highlight)
        if item.role != "user" and not is_dark(palette):
            window, text = palette.color(QPalette.ColorRole.Window), palette.color(QPalette.ColorRole.Text)
            return blend(window, text, 0.10)
        return None

    def _paint_meta(
        self, painter: QPainter, option: QStyleOptionViewItem, item: ChatItem, bubble: QRectF, mine: bool
    ) -> None:
        palette: QPalette = option.palette  # type: ignore[attr-defined]
        small = self._meta_font(option.font)  # type: ignore[attr-defined]
        metrics = QFontMetrics(small)
        parts = [DateText.time(item.created_at)]
        if item.streaming:
            parts.append(self.tr("writing…"))
        elif item.interrupted:
            parts.append(self.tr("interrupted"))
        text = "  ·  ".join(parts)
        muted = blend(palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base), 0.45)
        width = metrics.horizontalAdvance(text) + 2
        top = bubble.bottom() + META_GAP
        left = bubble.right() - width - 4 if mine else bubble.left() + 4
        painter.save()
        painter.setFont(small)
        painter.setPen(QColor("#c2410c") if item.interrupted and not item.streaming else muted)
        painter.drawText(QRectF(left, top, width, metrics.height()), Qt.AlignmentFlag.AlignLeft, text)
        if item.remembered and not mine:
            after = QRectF(left + width, top, 0, metrics.height())
            self._paint_remembered(painter, palette, metrics, item, after)
        painter.restore()

    def _paint_remembered(
        self, painter: QPainter, palette: QPalette, metrics: QFontMetrics, item: ChatItem, after: QRectF
    ) -> None:
        """``·  Remembered 5 entries`` in the link colour after the time; a click opens the list."""
        label = remembered_label(len(item.remembered))
        gap = metrics.horizontalAdvance("  ·  ")
        rect = QRectF(after.left() + gap, after.top(), metrics.horizontalAdvance(label) + 2, after.height())
        separator = QRectF(after.left(), after.top(), gap, after.height())
        painter.drawText(separator, Qt.AlignmentFlag.AlignLeft, "  ·  ")
        painter.setPen(palette.color(QPalette.ColorRole.Link))
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft, label)
        self._remembered_rects[item.message_id] = rect

    def remembered_rect(self, reply_id: int) -> QRectF | None:
        """Where the reply's "Remembered" line was last painted (viewport coordinates), if it was."""
        return self._remembered_rects.get(reply_id)

    def remembered_at(self, item: ChatItem, x: float, y: float) -> bool:
        """The point (viewport coordinates) is on ``item``'s "Remembered" line as last painted."""
        rect = self._remembered_rects.get(item.message_id)
        return bool(item.remembered) and rect is not None and rect.adjusted(-4, -3, 4, 3).contains(x, y)

    def picture_at(self, item: ChatItem, x: float, y: float) -> PictureView | None:
        """The picture whose thumbnail was last painted under the point (viewport coordinates)."""
        for picture, rect in zip(item.pictures, self._picture_rects.get(item.message_id, []), strict=False):
            if rect.contains(x, y):
                return picture
        return None


def _keyboards(option: QStyleOptionViewItem) -> bool:
    """The row is the view's current one and the view has the keyboard."""
    return bool(option.state & QStyle.StateFlag.State_HasFocus)  # type: ignore[attr-defined]
