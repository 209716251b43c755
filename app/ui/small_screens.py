"""Parts that keep Hearth whole in a small window or on a small screen (760×480, 800×600).

- ``FlowRow``: a row of buttons that wraps onto more lines when its width runs out, instead of cutting
  them. A ``QHBoxLayout`` asks for all of them side by side: the memory panel's "Pin · Show message ·
  Delete…" (Russian: "Закрепить · Показать сообщение · Удалить…") held the docked panel at 340 px, and at
  800 px the chat column beside it was squeezed to about 220 px, its bubbles overlapping.
- ``FittingLineEdit``: a line edit whose placeholder is the longest of its hints that fits the field.
- ``ScrollPage`` and ``fit_on_screen``: a dialog's body scrolls when the screen is shorter than it (the
  settings needed 707 px and the model manager 642 px: on an 800×600 screen they were cut or squeezed),
  and a dialog opens at the size it asks for only as far as the screen has room.
- ``ChatRoom``: the main window's chat column keeps its width whatever is docked beside it, and its
  conversation stays in view in a short window.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMargins, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QLayout,
    QLayoutItem,
    QLineEdit,
    QScrollArea,
    QStyle,
    QWidget,
)

from app.ui.fitting_label import longest_fitting

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

DEFAULT_GAP = 6  # px, when the style names no layout spacing (Fusion asks each pair of widgets instead)
PAGE_MIN_HEIGHT = 160  # px: the least of a scrolling dialog body shown (a few rows of it)
SCREEN_MARGIN = 48  # px left above and below a dialog sized to the screen (its title bar, a panel)
PLACEHOLDER_MARGINS = 8  # px: a line edit's text margins and frame, inside its contents rect
CHAT_MIN_WIDTH = 360  # px: the chat column's least width (a bubble keeps a few words a line)


class FlowRow(QLayout):
    """Items left to right (``right``: packed to the right edge, as a dialog's buttons), wrapping."""

    def __init__(self, parent: QWidget | None = None, *, right: bool = False, spacing: int = -1) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._right = right
        self._spacing = spacing
        if parent is None:
            self.setContentsMargins(QMargins(0, 0, 0, 0))

    # -- QLayout ------------------------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # type: ignore[override]
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # type: ignore[override]
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), place=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, place=True)

    def sizeHint(self) -> QSize:
        """Every item on one line."""
        shown = self._shown()
        width = sum(item.sizeHint().width() for item in shown) + self.gap() * max(len(shown) - 1, 0)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:
        """As narrow as the widest item (one item a line)."""
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        return size.grownBy(self.contentsMargins())

    # -- laying out ---------------------------------------------------------------------------------
    def gap(self) -> int:
        """The space between items, across and down: the style's, unless one was given."""
        if self._spacing >= 0:
            return self._spacing
        parent = self.parentWidget()
        metric = -1 if parent is None else parent.style().pixelMetric(
            QStyle.PixelMetric.PM_LayoutHorizontalSpacing, None, parent)
        return metric if metric >= 0 else DEFAULT_GAP

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _lines(self, width: int) -> list[list[QLayoutItem]]:
        """The items broken into lines whose minimums fit ``width`` (an item wider alone on its line)."""
        lines: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            least = item.minimumSize().width()
            if lines[-1] and used + self.gap() + least > width:
                lines.append([])
                used = 0
            used += (self.gap() if lines[-1] else 0) + least
            lines[-1].append(item)
        return [line for line in lines if line]

    def _widths(self, line: list[QLayoutItem], width: int) -> list[int]:
        """Each item of ``line`` as wide as it asks if they all fit ``width``; else its minimum (a push
        button's is what it asks) and a share of what is left, by how much more it asks for."""
        room = width - self.gap() * (len(line) - 1)
        least = [item.minimumSize().width() for item in line]
        asked = [max(item.sizeHint().width(), low) for item, low in zip(line, least, strict=True)]
        if sum(asked) <= room:
            return asked
        spare, wants = max(room - sum(least), 0), [high - low for high, low in zip(asked, least, strict=True)]
        total = sum(wants) or 1
        return [min(low + spare * want // total, room) for low, want in zip(least, wants, strict=True)]

    def _arrange(self, rect: QRect, *, place: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``place``); returns the height they take."""
        inner = rect.marginsRemoved(self.contentsMargins())
        y = inner.y()
        for line in self._lines(inner.width()):
            widths = self._widths(line, inner.width())
            height = max(item.sizeHint().height() for item in line)
            x = inner.x()
            if self._right:
                x += inner.width() - sum(widths) - self.gap() * (len(line) - 1)
            for item, width in zip(line, widths, strict=True):
                if place:
                    item.setGeometry(QRect(QPoint(x, y), QSize(width, height)))
                x += width + self.gap()
            y += height + self.gap()
        used = y - inner.y() - self.gap() if y > inner.y() else 0
        margins = self.contentsMargins()
        return used + margins.top() + margins.bottom()


class FittingLineEdit(QLineEdit):
    """``set_hints`` gives the placeholders, longest first; the field shows the longest that fits its width
    ("Filter (Ctrl+F): words in a fact, a kind…" in a wide panel, "Filter facts" in a narrow one)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._hints: list[str] = []

    def set_hints(self, hints: Sequence[str]) -> None:
        self._hints = list(hints)
        self._fit()

    def hints(self) -> list[str]:
        return list(self._hints)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width() - PLACEHOLDER_MARGINS
        self.setPlaceholderText(longest_fitting(self._hints, self.fontMetrics(), room))


class PageBody(QWidget):
    """What a ``ScrollPage`` scrolls: asked its height for a width, it answers the least its rows take (a
    wrapped label's lines counted), not what they would like. ``QScrollArea`` sizes a body by its
    height-for-width, and the model manager's page, asked for its preferred height, scrolled by a few
    pixels in the 780×690 dialog its rows fitted at their least."""

    def heightForWidth(self, width: int) -> int:
        layout = self.layout()
        if not isinstance(layout, QBoxLayout) or layout.direction() not in _DOWN:
            return super().heightForWidth(width)
        margins = layout.contentsMargins()
        inner = width - margins.left() - margins.right()
        items = [layout.itemAt(i) for i in range(layout.count())]
        shown = [item for item in items if item is not None and not item.isEmpty()]
        rows = sum(_least_height(item, inner) for item in shown)
        return rows + max(layout.spacing(), 0) * max(len(shown) - 1, 0) + margins.top() + margins.bottom()


_DOWN = (QBoxLayout.Direction.TopToBottom, QBoxLayout.Direction.BottomToTop)


def _least_height(item: QLayoutItem, width: int) -> int:
    """An item's least height at ``width``: its height for that width if it wraps, else its minimum."""
    least = item.minimumSize().height()
    return max(least, item.heightForWidth(width)) if item.hasHeightForWidth() else least


class ScrollPage(QScrollArea):
    """A dialog's body (``body``, a ``PageBody`` to lay out) that scrolls up and down when the dialog is
    shorter than it, instead of squeezing its rows into each other. It asks for the body's whole height
    (``QScrollArea`` caps its size hint at 24 lines) and accepts ``PAGE_MIN_HEIGHT``; never narrower than
    the body, so it never scrolls sideways."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scrollPage")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the first field, not a nameless frame
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body = PageBody()
        self.setWidget(self.body)

    def body_height(self, width: int) -> int:
        """The body's whole height at ``width``: its rows as they would like (their wrapped lines counted)."""
        layout = self.body.layout()
        if layout is not None and layout.hasHeightForWidth():
            return layout.totalHeightForWidth(width)
        return self.body.sizeHint().height()

    def sizeHint(self) -> QSize:
        width = self.body.sizeHint().width()
        return QSize(width, self.body_height(width))

    def minimumSizeHint(self) -> QSize:
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        width = self.body.minimumSizeHint().expandedTo(self.body.minimumSize()).width() + bar
        return QSize(width, min(PAGE_MIN_HEIGHT, self.sizeHint().height()))


def fit_on_screen(window: QWidget, size: QSize) -> None:
    """Resize ``window`` to ``size``, or as much of it as its screen has room for (a dialog taller than an
    800×600 screen opened with its buttons below the screen's edge), never below its minimum."""
    screen = window.screen()
    if screen is not None:
        room = screen.availableGeometry().size() - QSize(0, SCREEN_MARGIN)
        size = size.boundedTo(room)
    window.resize(size.expandedTo(window.minimumSizeHint()).expandedTo(window.minimumSize()))


def fit_dialog(dialog: QWidget, page: ScrollPage, width: int) -> None:
    """Size ``dialog`` ``width`` wide and as tall as its page's whole body needs at that width, as far as
    the screen has room (below that, the page scrolls)."""
    layout = dialog.layout()
    if layout is None:
        return
    layout.activate()
    margins = layout.contentsMargins()
    rest = layout.sizeHint().height() - page.sizeHint().height()  # the margins, the spacing, the buttons
    height = page.body_height(width - margins.left() - margins.right()) + rest
    fit_on_screen(dialog, QSize(width, height))


class ChatRoom(QObject):
    """Keeps the main window's chat column at least ``CHAT_MIN_WIDTH`` wide, whatever is docked beside it,
    and its panes apart in a short window.

    The window's minimum size is set (760×480), and Qt then never raises it for what the layout needs:
    with the memory panel docked beside the sidebar the panes' minimums came to more than an 800 px
    window, and Qt squeezed the chat column to about 220 px, its bubbles and composer under the dock.
    Here the chat column has a minimum of its own and the window's minimum follows what its panes need
    (the sidebar's, the chat column's, a docked panel's; a floating one needs none): as the window
    narrows, the chat column keeps its width and the sidebar and the dock give way, down to their own
    minimums. An 800 px window holds all three; a 760 px one grows to about 790 px while the memory panel
    is docked open, and back when it closes (if nobody resized it meanwhile).

    Down the column, at 480 px the panes' minimums came to more than the window's height, and the
    conversation, the gauge and the composer were drawn over each other. There the "On this day" strip
    steps aside while the column is too short for it (``OnThisDayStrip.set_squeezed``). The height the
    window promises stays as it is; the conversation's own minimum is 120 px (``ChatView``), which leaves
    room for the first run's notice or the opening question above it."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.smallest = window.minimumWidth()  # what the window promises without a dock (760 px)
        self._grown: tuple[int, int] | None = None  # (the width before, the width grown to)
        window.centre.setMinimumWidth(CHAT_MIN_WIDTH)
        window.installEventFilter(self)
        window.centre.installEventFilter(self)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.window and kind == QEvent.Type.LayoutRequest:
            self.fit()  # a dock shown, hidden, floated or docked; a pane's minimum changed
        elif watched is self.window.centre and kind in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.fit_strip()
        return False

    def fit_strip(self) -> None:
        """Show "On this day" only while the chat column is tall enough for it and everything else."""
        centre, strip = self.window.centre, self.window.lookback.strip
        if not strip.cards:
            return
        needed = centre.minimumSizeHint().height()
        if not strip.isVisibleTo(centre):  # what the column would need with it back
            needed += strip.sizeHint().height() + max(self.window.column.spacing(), 0)
        strip.set_squeezed(centre.height() < needed)

    def fit(self) -> None:
        """The window's minimum width: the promised one, or what its panes need if that is more. A window
        widened for it narrows again when that is no longer needed, unless it was resized meanwhile."""
        window = self.window
        width = max(self.smallest, window.minimumSizeHint().width())
        if width == window.minimumWidth():
            return
        before = window.width()
        window.setMinimumWidth(width)  # (Qt widens a narrower window to it)
        if window.isMaximized() or window.isFullScreen():
            self._grown = None
        elif width > before:
            self._grown = (self._grown[0] if self._grown else before, window.width())
        elif self._grown is not None and before == self._grown[1]:
            window.resize(max(self._grown[0], width), window.height())
            self._grown = (self._grown[0], window.width()) if window.width() > self._grown[0] else None


__all__ = ["CHAT_MIN_WIDTH", "ChatRoom", "FittingLineEdit", "FlowRow", "PageBody", "ScrollPage", "fit_dialog",
           "fit_on_screen"]
