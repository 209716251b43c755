"""The transcript view: a ``QListView`` over ``ChatModel`` painted by ``ChatDelegate``.

Scrolling rules a person expects from a chat: a reply streaming in follows along only if the person is
at the bottom; if they scrolled up to reread something, nothing moves. Older pages are revealed when the
top is reached, and the view stays on the message that was under the eyes. A search hit is scrolled to
the centre and outlined for a moment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QFrame,
    QListView,
    QMenu,
    QStyle,
    QStyleOptionViewItem,
    QWidget,
)

from app.ui.chat_delegate import DOC_CACHE, ChatDelegate
from app.ui.chat_model import ChatItem, ChatModel
from app.ui.i18n import QT_TRANSLATE_NOOP, follow_language, refresh_model_texts
from app.ui.picture_drop import dropped_files
from app.ui.remembered_line import remembered_label, remembered_menu
from app.ui.staged import sliced

BOTTOM_SLACK = 6  # px: "at the bottom" tolerates a few pixels
TOP_PRELOAD = 240  # px from the top at which older messages are revealed
HIGHLIGHT_MS = 2500
ACTIVATION = (QEvent.Type.WindowActivate, QEvent.Type.WindowDeactivate)
EMPTY_TEXT = QT_TRANSLATE_NOOP("ChatView", "Nothing written here yet.\nHow was your day?")


class ChatView(QListView):
    """Shows one conversation; its context menu emits ``regenerate_requested`` and ``delete_requested``."""

    regenerate_requested = Signal()
    delete_requested = Signal(int)  # message id: the person asked to delete this entry (not yet confirmed)
    open_entry_requested = Signal(int)  # message id of a remembered entry to show (any day)
    picture_requested = Signal(object)  # a PictureView whose thumbnail was clicked: open the full picture
    files_dropped = Signal(list)  # paths of picture files dropped on the chat: attach them

    def __init__(self, model: ChatModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chat_model = model
        self.chat_delegate = ChatDelegate(self, width_of=self.content_width)
        self.setModel(model)
        self.setItemDelegate(self.chat_delegate)
        self._configure()
        self._stick_bottom = True
        self._in_layout = False
        self._bar_extent: int | None = None  # the style's scroll bar width, asked once per style
        self._preserve_from_bottom: int | None = None
        self._highlight_timer = QTimer(self, singleShot=True, interval=HIGHLIGHT_MS)
        self._highlight_timer.timeout.connect(self._clear_highlight)
        self._to_bottom_timer = QTimer(self, singleShot=True, interval=0)
        self._to_bottom_timer.timeout.connect(self.scrollToBottom)
        self._connect()
        self.copy_action = self._make_action("", QKeySequence.StandardKey.Copy, self.copy_selection)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Names, the Copy action, and every bubble measured and painted again (their dates, "interrupted",
        the remembered line are in the interface's language)."""
        self.copy_action.setText(self.tr("&Copy"))
        self.setAccessibleName(self.tr("Conversation"))
        self.setAccessibleDescription(self.tr("Messages of the selected day, oldest at the top"))
        self.chat_delegate.forget()
        refresh_model_texts(self.chat_model)
        self.doItemsLayout()
        self.viewport().update()

    def _configure(self) -> None:
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setAutoFillBackground(False)  # the window's paper colour shows through
        self.setAutoFillBackground(False)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setUniformItemSizes(False)
        self.setSpacing(0)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.verticalScrollBar().setSingleStep(24)
        self.setMinimumSize(320, 120)  # a 480 px window with a notice shown still has room for the rest
        self.setAcceptDrops(True)  # pictures dropped on the chat are attached (files_dropped)
        self.viewport().setAcceptDrops(True)

    def _connect(self) -> None:
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._on_scrolled)
        bar.rangeChanged.connect(self._on_range_changed)
        self.chat_model.dataChanged.connect(self._on_rows_changed)
        self.chat_model.modelReset.connect(self._on_reset)
        self.chat_model.rowsAboutToBeInserted.connect(self._before_insert)
        self.customContextMenuRequested.connect(self._show_menu)

    def _make_action(self, text: str, keys: QKeySequence.StandardKey, slot: object) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def measure_ahead(self, items: Sequence[ChatItem], then: Callable[[], None]) -> Callable[[], None]:
        """Measure ``items``' bubbles a few per event-loop turn, then ``then`` (showing them costs no long
        layout). Returns a cancel function for when a newer day makes them stale."""
        font, width = self.font(), self.content_width()
        return sliced(items, lambda item: self.chat_delegate.measure(item, font, width), then, owner=self)

    def lay_out_ahead(self, narrower_by: int, then: Callable[[], None] = lambda: None) -> Callable[[], None]:
        """Lay out the text of the bubbles shown for a view ``narrower_by`` px narrower (a panel about to
        be docked beside it), a few per event-loop turn, so that the narrowing itself only looks them up;
        then ``then``. At most half the delegate's documents: the ones for the width now stay. Returns a
        cancel function."""
        font, rows = self.font(), self.chat_model.rowCount()
        items = [self.chat_model.item(row) for row in range(max(0, rows - DOC_CACHE // 2), rows)]

        def lay_out(item: ChatItem) -> None:  # at the width of each turn (a window still being laid out)
            self.chat_delegate.lay_out_ahead(item, font, self.content_width(self.width() - narrower_by))

        return sliced(items, lay_out, then, owner=self)

    # -- geometry used by the delegate ----------------------------------------------------------
    def content_width(self, width: int | None = None) -> int:
        """Row width (of the view now, or ``width`` wide), independent of whether the scroll bar is currently
        shown (no relayout loops). Asked for every row on every layout (a streamed token that adds a line lays
        out the day), so the style's scroll bar width is kept until the style changes."""
        if self._bar_extent is None:
            self._bar_extent = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        return max(200, (self.width() if width is None else width) - 2 * self.frameWidth() - self._bar_extent)

    def viewportEvent(self, event: QEvent) -> bool:
        """The window became active or inactive (a dialog opened or closed): an item view repaints its whole
        viewport then, for selections drawn in the inactive colours — every bubble of the day, 2-3 ms in the
        turn that also paints the dialog. Hearth's bubbles are drawn from the palette and the selection
        only, so with the same colours for both states nothing would change: the repaint is skipped."""
        if event.type() in ACTIVATION and self.palette().isEqual(QPalette.ColorGroup.Active,
                                                                 QPalette.ColorGroup.Inactive):
            return QAbstractScrollArea.viewportEvent(self, event)
        return super().viewportEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.StyleChange:
            self._bar_extent = None
        super().changeEvent(event)

    def at_bottom(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - BOTTOM_SLACK

    # -- scrolling --------------------------------------------------------------------------------
    def updateGeometries(self) -> None:
        """Relayouts change the scroll range and may clamp the value; that is not the person scrolling."""
        self._in_layout = True
        try:
            super().updateGeometries()
        finally:
            self._in_layout = False

    def _on_scrolled(self, value: int) -> None:
        if self._in_layout:
            return
        self._stick_bottom = self.at_bottom()
        if not self._stick_bottom:
            self._to_bottom_timer.stop()  # the person scrolled away before the reset's scroll ran
        if value <= TOP_PRELOAD and self.chat_model.has_older() and self._preserve_from_bottom is None:
            QTimer.singleShot(0, self._reveal_older)

    def _reveal_older(self) -> None:
        if self.verticalScrollBar().value() <= TOP_PRELOAD and self.chat_model.has_older():
            self.chat_model.load_older()

    def _before_insert(self, _parent: QModelIndex, first: int, _last: int) -> None:
        if first == 0 and self.chat_model.rowCount() > 0:  # prepending older rows: keep the content put
            bar = self.verticalScrollBar()
            self._preserve_from_bottom = bar.maximum() - bar.value()

    def _on_range_changed(self, _minimum: int, maximum: int) -> None:
        bar = self.verticalScrollBar()
        if self._preserve_from_bottom is not None:
            bar.setValue(maximum - self._preserve_from_bottom)
            self._preserve_from_bottom = None
        elif self._stick_bottom:
            bar.setValue(maximum)

    def _on_reset(self) -> None:
        self._stick_bottom = True
        self._preserve_from_bottom = None
        self._to_bottom_timer.start()

    def _on_rows_changed(self, top: QModelIndex, bottom: QModelIndex) -> None:
        """A streamed token: re-measure that row; relayout only if its height changed."""
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        for row in range(top.row(), bottom.row() + 1):
            index = self.chat_model.index(row)
            item = self.chat_model.item(row)
            before = self.chat_delegate.cached_size(item.message_id)
            after = self.chat_delegate.sizeHint(option, index)
            if before is None or before.height() != after.height():
                self.chat_delegate.sizeHintChanged.emit(index)

    def scroll_to_end(self) -> None:
        self._stick_bottom = True
        self.scrollToBottom()

    def jump_to(self, message_id: int) -> bool:
        """Reveal, select and centre ``message_id``, outlined briefly; False if it is not here."""
        row = self.chat_model.reveal(message_id)
        if row is None:
            return False
        self._to_bottom_timer.stop()
        self._stick_bottom = False
        self._preserve_from_bottom = None
        self.doItemsLayout()
        index = self.chat_model.index(row)
        self.selectionModel().setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        self._stick_bottom = self.at_bottom()
        self.chat_delegate.highlight_id = message_id
        self._highlight_timer.start()
        self.viewport().update()
        return True

    def _clear_highlight(self) -> None:
        self.chat_delegate.highlight_id = None
        self.viewport().update()

    # -- copy and context menu ------------------------------------------------------------------
    def selected_text(self) -> str:
        rows = sorted(index.row() for index in self.selectionModel().selectedIndexes())
        return "\n\n".join(self.chat_model.item(row).text for row in rows)

    def copy_selection(self) -> None:
        text = self.selected_text()
        if text:
            QApplication.clipboard().setText(text)

    def current_item(self) -> ChatItem | None:
        """The entry under the cursor (the current row), else the first selected one."""
        index = self.currentIndex()
        if not index.isValid():
            rows = sorted(i.row() for i in self.selectionModel().selectedIndexes())
            index = self.chat_model.index(rows[0]) if rows else index
        return self.chat_model.item(index.row()) if index.isValid() else None

    def _show_menu(self, pos: QPoint) -> None:
        index = self.indexAt(pos)
        if not index.isValid():
            return
        if not self.selectionModel().isSelected(index):
            self.selectionModel().select(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.selectionModel().setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
        menu = self.build_menu(index.row())
        menu.exec(self.viewport().mapToGlobal(pos))

    def build_menu(self, row: int) -> QMenu:
        """The context menu for ``row``: Copy, Regenerate on the last reply, Delete (not while it streams)."""
        menu = QMenu(self)
        menu.addAction(self.copy_action)
        if row == self.chat_model.last_row_with_role("assistant"):
            regenerate = menu.addAction(self.tr("&Regenerate reply"))
            regenerate.setShortcut(QKeySequence("Ctrl+R"))
            regenerate.triggered.connect(self.regenerate_requested)
        item = self.chat_model.item(row)
        if item.remembered:
            listing = remembered_menu(menu, item.remembered, self.open_entry_requested.emit)
            listing.setTitle(remembered_label(len(item.remembered)))
            menu.addMenu(listing)
        menu.addSeparator()
        delete = menu.addAction(self.tr("&Delete entry…"))
        delete.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        delete.setEnabled(not item.streaming)
        delete.triggered.connect(lambda *_: self.delete_requested.emit(item.message_id))
        return menu

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click on a reply's "Remembered" line lists the entries recall gave it."""
        if event.button() == Qt.MouseButton.LeftButton:
            pos = event.position()
            index = self.indexAt(pos.toPoint())
            if index.isValid():
                item = self.chat_model.item(index.row())
                picture = self.chat_delegate.picture_at(item, pos.x(), pos.y())
                if picture is not None:
                    self.picture_requested.emit(picture)
                    event.accept()
                    return
                if self.chat_delegate.remembered_at(item, pos.x(), pos.y()):
                    menu = remembered_menu(self, item.remembered, self.open_entry_requested.emit)
                    menu.popup(self.viewport().mapToGlobal(pos.toPoint()))
                    event.accept()
                    return
        super().mousePressEvent(event)

    # -- pictures dropped on the chat ------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if dropped_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        files = dropped_files(event.mimeData())
        if files:
            event.acceptProposedAction()
            self.files_dropped.emit(files)
        else:
            super().dropEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.chat_model.rowCount() == 0:  # an empty day: say what this place is for
            painter = QPainter(self.viewport())
            colour = self.palette().color(QPalette.ColorRole.PlaceholderText)
            painter.setPen(colour)
            painter.drawText(self.viewport().rect().adjusted(40, 0, -40, 0),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.tr(EMPTY_TEXT))

    def resizeEvent(self, event: object) -> None:  # type: ignore[override]
        was_bottom = self.at_bottom()
        super().resizeEvent(event)  # type: ignore[arg-type]
        if event.size().width() != event.oldSize().width():  # type: ignore[attr-defined]
            # a list flowing down lays out again on height changes only: a width change alone (the memory
            # panel opened, the sidebar's edge dragged) left bubbles measured for the old width, overlapping
            self.scheduleDelayedItemsLayout()
        if was_bottom:
            self._stick_bottom = True

