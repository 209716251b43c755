"""The transcript as a Qt list model over plain Python data (no widget per message).

A conversation can hold thousands of messages. The model keeps all of them as small ``ChatItem``
records but exposes only a window of them as rows — the newest page at first. Scrolling to the top
reveals older pages (``load_older``), scrolling to the bottom of a window that was moved back (a search
hit) reveals newer ones (Qt's ``fetchMore``), so a relayout never measures more rows than the person has
actually scrolled through.
Streaming appends a token to one item, bumps its ``version`` (the delegate's size cache key) and emits
``dataChanged`` for that row only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from app.core.events import RememberedEntry
from app.store import Message
from app.ui.i18n import DateText
from app.ui.picture_views import PictureView

PAGE_SIZE = 150


# Every look of every item has its own version, never reused: the delegate caches sizes, laid-out documents
# and drawn bubbles by (message id, version), and a day opened again makes new items — at a fixed 0 they
# would have been taken for the first look of a message whose text changed since (a picture's text read in).
_VERSIONS = itertools.count(1)


@dataclass
class ChatItem:
    """One message as the chat pane shows it."""

    message_id: int
    role: str  # "user" | "assistant" | "system"
    text: str
    created_at: datetime
    status: str = "complete"  # "complete" | "interrupted"
    streaming: bool = False
    version: int = field(default_factory=lambda: next(_VERSIONS), compare=False)
    remembered: tuple[RememberedEntry, ...] = ()  # what recall gave the model for this reply
    pictures: tuple[PictureView, ...] = ()  # pictures attached to this entry (thumbnails decoded)

    @classmethod
    def from_message(cls, message: Message) -> ChatItem:
        """From a stored ``Message`` (stored rows always have an id)."""
        if message.id is None:
            raise ValueError("an unsaved message has no place in the transcript")
        return cls(message.id, message.role, message.text, message.created_at, message.status or "complete")

    @property
    def interrupted(self) -> bool:
        return self.status == "interrupted"


class ChatRole(IntEnum):
    ITEM = Qt.ItemDataRole.UserRole + 1
    MESSAGE_ID = Qt.ItemDataRole.UserRole + 2
    ROLE = Qt.ItemDataRole.UserRole + 3
    STATUS = Qt.ItemDataRole.UserRole + 4
    STREAMING = Qt.ItemDataRole.UserRole + 5


AnyIndex = QModelIndex | QPersistentModelIndex


class ChatModel(QAbstractListModel):
    """Messages of one conversation, oldest first; ``_items[_start:_end]`` are the rows."""

    older_loaded = Signal(int)  # rows prepended at the top

    def __init__(self, parent: QObject | None = None, *, page_size: int = PAGE_SIZE) -> None:
        super().__init__(parent)
        self.page_size = page_size
        self.conversation_id: int | None = None
        self._items: list[ChatItem] = []
        self._position: dict[int, int] = {}  # message_id -> index in _items
        self._start = 0  # _items[_start:_end] are the rows
        self._end = 0

    # -- Qt interface -----------------------------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else self._end - self._start

    def canFetchMore(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008 - Qt's signature
        return not parent.isValid() and self._end < len(self._items)

    def fetchMore(self, parent: AnyIndex = QModelIndex()) -> None:  # noqa: B008 - Qt's signature
        """Reveal newer messages below (the window was moved back to a search hit)."""
        count = min(self.page_size, len(self._items) - self._end)
        if parent.isValid() or count <= 0:
            return
        first = self.rowCount()
        self.beginInsertRows(QModelIndex(), first, first + count - 1)
        self._end += count
        self.endInsertRows()

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < self.rowCount():
            return None
        item = self._items[self._start + index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return item.text
        if role == Qt.ItemDataRole.ToolTipRole:
            return DateText().day_and_time(item.created_at)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            who = self.tr("You") if item.role == "user" else self.tr("Companion")
            return f"{who}, {DateText.time(item.created_at)}: {item.text}"
        return self._custom_data(item, role)

    @staticmethod
    def _custom_data(item: ChatItem, role: int) -> Any:
        if role == ChatRole.ITEM:
            return item
        if role == ChatRole.MESSAGE_ID:
            return item.message_id
        if role == ChatRole.ROLE:
            return item.role
        if role == ChatRole.STATUS:
            return item.status
        if role == ChatRole.STREAMING:
            return item.streaming
        return None

    # -- reading ----------------------------------------------------------------------------------
    def item(self, row: int) -> ChatItem:
        return self._items[self._start + row]

    def items(self) -> list[ChatItem]:
        """Every message of the conversation, loaded as rows or not."""
        return list(self._items)

    def row_of(self, message_id: int) -> int | None:
        """The row showing ``message_id``, or None (unknown or not revealed yet)."""
        pos = self._position.get(message_id)
        if pos is None or not self._start <= pos < self._end:
            return None
        return pos - self._start

    def contains(self, message_id: int) -> bool:
        return message_id in self._position

    def last_row_with_role(self, role: str) -> int | None:
        for pos in range(self._end - 1, self._start - 1, -1):
            if self._items[pos].role == role:
                return pos - self._start
        return None

    def has_older(self) -> bool:
        return self._start > 0

    def shows_newest(self) -> bool:
        """True when the newest message is a row (the window is at the end)."""
        return self._end == len(self._items)

    # -- changing ---------------------------------------------------------------------------------
    def set_conversation(self, conversation_id: int | None, items: Iterable[ChatItem]) -> None:
        """Show another conversation (or reload this one); the newest page becomes the rows. The day shown
        reloaded unchanged while its newest message is a row (the companion, once loaded, opens it again)
        keeps its rows, older ones revealed included: a reset would lay out and repaint the whole
        transcript for nothing."""
        items = list(items)
        if conversation_id == self.conversation_id and self.shows_newest() and items == self._items:
            return
        self.beginResetModel()
        self.conversation_id = conversation_id
        self._items = items
        self._reindex()
        self._end = len(self._items)
        self._start = max(0, self._end - self.page_size)
        self.endResetModel()

    def show_newest(self) -> None:
        """Move the window back to the newest page (after a jump into the past)."""
        if not self.shows_newest():
            self.set_conversation(self.conversation_id, self._items)

    def load_older(self, count: int | None = None) -> int:
        """Reveal up to ``count`` older messages at the top; returns how many rows were added."""
        count = min(self._start, count or self.page_size)
        if count <= 0:
            return 0
        self.beginInsertRows(QModelIndex(), 0, count - 1)
        self._start -= count
        self.endInsertRows()
        self.older_loaded.emit(count)
        return count

    def reveal(self, message_id: int) -> int | None:
        """Make ``message_id`` a row; returns its row.

        Close above the window: older rows are revealed. Farther away: the window moves to a page
        around the message (a reset), so a jump months back never measures thousands of rows.
        """
        pos = self._position.get(message_id)
        if pos is None:
            return None
        if self._start <= pos < self._end:
            return pos - self._start
        if self._start - self.page_size <= pos < self._start:
            self.load_older(self._start - pos + self.page_size // 3)
        else:
            self.beginResetModel()
            self._start = max(0, pos - self.page_size // 2)
            self._end = min(len(self._items), self._start + self.page_size)
            self.endResetModel()
        return self.row_of(message_id)

    def append(self, item: ChatItem) -> int:
        """Add a message at the bottom (or refresh it if it is already here); returns its row."""
        row = self.row_of(item.message_id)
        if row is not None:
            self._items[self._start + row] = item
            self._changed(row)
            return row
        pos = self._position.get(item.message_id)
        if pos is not None:  # known but outside the window: keep the data, show nothing
            self._items[pos] = item
            return -1
        if not self.shows_newest():
            self._position[item.message_id] = len(self._items)
            self._items.append(item)
            return -1
        row = self.rowCount()
        self.beginInsertRows(QModelIndex(), row, row)
        self._position[item.message_id] = len(self._items)
        self._items.append(item)
        self._end = len(self._items)
        self.endInsertRows()
        return row

    def append_token(self, message_id: int, piece: str) -> bool:
        """Stream a piece of a reply into its row; only that row is reported changed."""
        pos = self._position.get(message_id)
        if pos is None:
            return False
        item = self._items[pos]
        item.text += piece
        item.streaming = True
        item.version = next(_VERSIONS)
        row = self.row_of(message_id)
        if row is not None:
            self._changed(row)
        return True

    def finish(self, message_id: int, text: str, status: str) -> None:
        """The reply is complete or was stopped: final text, status, no streaming cursor."""
        pos = self._position.get(message_id)
        if pos is None:
            return
        item = self._items[pos]
        item.text, item.status, item.streaming = text, status, False
        item.version = next(_VERSIONS)
        row = self.row_of(message_id)
        if row is not None:
            self._changed(row)

    def set_remembered(self, reply_id: int, entries: tuple[RememberedEntry, ...]) -> None:
        """Show under a reply which past entries recall gave the model for it."""
        pos = self._position.get(reply_id)
        if pos is None:
            return
        item = self._items[pos]
        item.remembered = entries
        item.version = next(_VERSIONS)
        row = self.row_of(reply_id)
        if row is not None:
            self._changed(row)

    def set_pictures(
        self, message_id: int, pictures: tuple[PictureView, ...], text: str | None = None
    ) -> None:
        """Show an entry's pictures (and its text, once a picture's text was read into it)."""
        pos = self._position.get(message_id)
        if pos is None:
            return
        item = self._items[pos]
        item.pictures = pictures
        if text is not None:
            item.text = text
        item.version = next(_VERSIONS)
        row = self.row_of(message_id)
        if row is not None:
            self._changed(row)

    def remove(self, message_id: int) -> None:
        pos = self._position.get(message_id)
        if pos is None:
            return
        row = self.row_of(message_id)
        if row is not None:
            self.beginRemoveRows(QModelIndex(), row, row)
        del self._items[pos]
        self._end -= 1 if pos < self._end else 0
        self._start -= 1 if pos < self._start else 0
        self._reindex()
        if row is not None:
            self.endRemoveRows()

    def _changed(self, row: int) -> None:
        index = self.index(row)
        self.dataChanged.emit(index, index)

    def _reindex(self) -> None:
        self._position = {item.message_id: pos for pos, item in enumerate(self._items)}
