"""The Qt model behind "Memory about you": plain fact rows adapted to a table (model/view, not a widget
per fact).

The model never writes to the diary. An edit in a cell updates the row at once (so the person sees what
they typed) and emits ``edit_requested(fact_id, changes)``; the panel runs the write off the UI thread.
What the diary then holds comes back as the companion's fact events: ``upsert`` (a ``FactSaved``) changes
or inserts one row, ``remove`` takes one out. ``set_facts`` (the first load, or after a failed write)
merges a fresh list by id the same way. Nothing resets the model, so the companion remembering something
never closes an editor the person is typing in, and the selection stays where it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypeVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QDateTime,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTime,
    Signal,
)
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from app.core.events import FactSaved
from app.core.text import stem, words
from app.store import FACT_KINDS, Fact, FactChanges
from app.ui.i18n import QT_TRANSLATE_NOOP

PINNED, TEXT, KIND, IMPORTANCE, SOURCE, IN_PROMPT, FROM, UPDATED = range(8)
HEADERS = (
    QT_TRANSLATE_NOOP("FactsTableModel", "Pin"),
    QT_TRANSLATE_NOOP("FactsTableModel", "Fact"),
    QT_TRANSLATE_NOOP("FactsTableModel", "Kind"),
    QT_TRANSLATE_NOOP("FactsTableModel", "Importance"),
    QT_TRANSLATE_NOOP("FactsTableModel", "Source"),
    QT_TRANSLATE_NOOP("FactsTableModel", "In prompt"),
    QT_TRANSLATE_NOOP("FactsTableModel", "From"),
    QT_TRANSLATE_NOOP("FactsTableModel", "Updated"),
)
# The stored kinds (``app.store.FACT_KINDS``, English keys) as the table and its editors name them.
KIND_LABELS = {
    "person": QT_TRANSLATE_NOOP("FactKinds", "person"),
    "pet": QT_TRANSLATE_NOOP("FactKinds", "pet"),
    "project": QT_TRANSLATE_NOOP("FactKinds", "project"),
    "preference": QT_TRANSLATE_NOOP("FactKinds", "preference"),
    "habit": QT_TRANSLATE_NOOP("FactKinds", "habit"),
    "health": QT_TRANSLATE_NOOP("FactKinds", "health"),
    "place": QT_TRANSLATE_NOOP("FactKinds", "place"),
    "reminder": QT_TRANSLATE_NOOP("FactKinds", "reminder"),
    "other": QT_TRANSLATE_NOOP("FactKinds", "other"),
}
FactIdRole = Qt.ItemDataRole.UserRole + 1
SortRole = Qt.ItemDataRole.UserRole + 2
MessageIdRole = Qt.ItemDataRole.UserRole + 3
FilterRole = Qt.ItemDataRole.UserRole + 4
MIN_STEM = 3  # a filter word's stem shorter than this stands only for itself (as in the store's search)
InPromptRole = Qt.ItemDataRole.UserRole + 5

AnyIndex = QModelIndex | QPersistentModelIndex
T = TypeVar("T")


@dataclass(frozen=True)
class FactRow:
    """What the table shows of one fact: a detached, immutable copy of the store's record."""

    id: int
    text: str
    kind: str
    importance: int
    pinned: bool
    source: str
    provenance_message_id: int | None
    updated_at: datetime | None
    retired: bool = False

    @classmethod
    def of(cls, fact: Fact) -> FactRow:
        """From a stored fact (``Companion.facts()``); a fact without an id was never saved."""
        if fact.id is None:
            raise ValueError("an unsaved fact has no row")
        return cls(
            id=fact.id,
            text=fact.text,
            kind=fact.kind,
            importance=fact.importance,
            pinned=fact.pinned,
            source=fact.source,
            provenance_message_id=fact.provenance_message_id,
            updated_at=fact.updated_at,
            retired=fact.retired,
        )

    def with_changes(self, changes: FactChanges) -> FactRow:
        """This row as an edit would leave it (shown at once, before the write comes back)."""
        return replace(
            self,
            text=_given(changes.get("text"), self.text),
            kind=_given(changes.get("kind"), self.kind),
            importance=_given(changes.get("importance"), self.importance),
            pinned=_given(changes.get("pinned"), self.pinned),
        )

    @classmethod
    def of_event(cls, event: FactSaved) -> FactRow:
        """From the companion's ``FactSaved``: the fact as it is after the write."""
        return cls(
            id=event.fact_id,
            text=event.text,
            kind=event.kind,
            importance=event.importance,
            pinned=event.pinned,
            source=event.source,
            provenance_message_id=event.provenance_message_id,
            updated_at=event.updated_at,
            retired=event.retired,
        )


def _given(value: T | None, current: T) -> T:
    return current if value is None else value


def format_when(when: datetime | None) -> str:
    """Local short date and time ("12/1/26 9:05 PM" in the person's locale); store times are local."""
    if when is None:
        return ""
    moment = QDateTime(QDate(when.year, when.month, when.day), QTime(when.hour, when.minute, when.second))
    return QLocale().toString(moment, QLocale.FormatType.ShortFormat)


def kind_label(kind: str) -> str:
    """A stored kind in the interface's language (an unknown kind is shown as stored)."""
    return QCoreApplication.translate("FactKinds", kind) if kind in KIND_LABELS else kind


def fill_kinds(combo: QComboBox) -> None:
    """The kinds as translated items whose data is the stored key."""
    for kind in FACT_KINDS:
        combo.addItem(kind_label(kind), kind)


def stars(importance: int) -> str:
    n = max(1, min(5, importance))
    return "★" * n + "☆" * (5 - n)


class FactsTableModel(QAbstractTableModel):
    """Fact rows; edits emit ``edit_requested`` (fact id, dict of changed fields)."""

    edit_requested = Signal(int, object)  # fact id, FactChanges

    def __init__(self, parent: QObject | None = None, *, show_retired: bool = False) -> None:
        super().__init__(parent)
        self._rows: list[FactRow] = []
        self._before_edit: dict[int, FactRow] = {}  # rows as they were before an edit not yet written
        self._in_prompt: frozenset[int] = frozenset()
        self.show_retired = show_retired  # retired facts (replaced by automatic memory) are hidden

    # -- the Qt model API ---------------------------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(HEADERS[section])
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.column() == PINNED:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if index.column() in (TEXT, KIND, IMPORTANCE):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.EditRole:
            return {TEXT: row.text, KIND: row.kind, IMPORTANCE: row.importance}.get(column)
        if role == Qt.ItemDataRole.CheckStateRole and column == PINNED:
            return Qt.CheckState.Checked if row.pinned else Qt.CheckState.Unchecked
        return self._extra_data(row, column, role)

    def _display(self, row: FactRow, column: int) -> str | None:
        if column == TEXT:
            return row.text
        if column == KIND:
            return kind_label(row.kind)
        if column == IMPORTANCE:
            return stars(row.importance)
        if column == SOURCE:
            return self.tr("You") if row.source == "manual" else self.tr("Automatic")
        if column == IN_PROMPT:
            return "●" if row.id in self._in_prompt else ""
        if column == FROM:
            return self.tr("Show message") if row.provenance_message_id else "—"
        if column == UPDATED:
            return format_when(row.updated_at)
        return None

    def possible_texts(self, column: int) -> tuple[str, ...]:
        """Every text a cell of a short column can show, in the interface's language (nothing for the fact
        itself or the pin's box): the memory panel sizes those columns by them, once, not by the rows."""
        if column == KIND:
            return tuple(kind_label(kind) for kind in KIND_LABELS)
        if column == IMPORTANCE:
            return tuple(stars(n) for n in range(1, 6))
        if column == SOURCE:
            return self.tr("You"), self.tr("Automatic")
        if column == IN_PROMPT:
            return ("●",)
        if column == FROM:
            return self.tr("Show message"), "—"
        if column == UPDATED:  # two-digit day, month and hour, morning and evening: the widest of a locale
            return tuple(format_when(datetime(2026, 12, 28, hour, 58)) for hour in (10, 22))
        return ()

    def _extra_data(self, row: FactRow, column: int, role: int) -> Any:
        if role == FactIdRole:
            return row.id
        if role == MessageIdRole:
            return row.provenance_message_id
        if role == InPromptRole:
            return row.id in self._in_prompt
        if role == SortRole:
            return self._sort_key(row, column)
        if role == FilterRole:
            shown = f"{row.kind} {kind_label(row.kind)} {self._display(row, SOURCE)}"
            return f"{row.text} {shown}" if column == TEXT else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.FontRole and column == TEXT and row.pinned:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == FROM and row.provenance_message_id:
                return QApplication.palette().color(QPalette.ColorRole.Link)
            if column == IN_PROMPT:
                return QApplication.palette().color(QPalette.ColorRole.Highlight)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._accessible(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (PINNED, IN_PROMPT):
            return Qt.AlignmentFlag.AlignCenter
        return None

    def _sort_key(self, row: FactRow, column: int) -> object:
        """A plain number or string per cell, so the proxy's own C++ comparison sorts (a Python ``lessThan``
        was called ~550 times for 120 facts on the panel's first fill, on the window's thread). Keys of
        several parts are packed into one float, the first part most significant: ``_packed``."""
        when = max(0.0, row.updated_at.timestamp()) if row.updated_at else 0.0
        if column == PINNED:  # the prompt's own order: pinned, importance, recency
            return _packed(int(row.pinned) * 8 + row.importance, when)
        if column == TEXT:
            return row.text.casefold()
        if column == IMPORTANCE:
            return _packed(row.importance, when)
        if column == IN_PROMPT:
            return int(row.id in self._in_prompt) * 8 + row.importance
        if column == FROM:
            return row.provenance_message_id or 0
        if column == UPDATED:
            return when
        return {KIND: row.kind, SOURCE: row.source}.get(column)

    def _tooltip(self, row: FactRow, column: int) -> str | None:
        if column == IN_PROMPT:
            if row.id in self._in_prompt:
                return self.tr("Included in the next prompt")
            return self.tr("Not in the next prompt (only the most important facts fit)")
        if column == FROM:
            if row.provenance_message_id:
                return self.tr("Open the message this was learned from")
            return self.tr("Added by you")
        if column == SOURCE:
            if row.source == "manual":
                return self.tr("You added this")
            return self.tr("The companion noticed this in your diary")
        if column == TEXT:
            who = self.tr("Added by you") if row.source == "manual" else self.tr("Noticed by the companion")
            updated = self.tr("updated {when}").format(when=format_when(row.updated_at))
            importance = self.tr("Importance {n} of 5").format(n=row.importance)  # (its column may be hidden)
            return f"{row.text}\n\n{who} · {kind_label(row.kind)} · {importance} · {updated}"
        return None

    def _accessible(self, row: FactRow, column: int) -> str | None:
        if column == PINNED:
            return self.tr("Pinned") if row.pinned else self.tr("Not pinned")
        if column == IMPORTANCE:
            return self.tr("Importance {n} of 5").format(n=row.importance)
        if column == IN_PROMPT:
            if row.id in self._in_prompt:
                return self.tr("In the next prompt")
            return self.tr("Not in the next prompt")
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        row = self._rows[index.row()]
        changes = self._changes_for(row, index.column(), value, role)
        if not changes:
            return False
        self._before_edit[row.id] = row
        self._rows[index.row()] = row.with_changes(changes)
        self._emit_row_changed(index.row())
        self.edit_requested.emit(row.id, changes)
        return True

    def undo_edit(self, fact_id: int) -> None:
        """A write of this row was refused: show it as it was before the edit (what is stored)."""
        before = self._before_edit.pop(fact_id, None)
        row = self.row_of(fact_id)
        if before is not None and row >= 0:
            self._rows[row] = before
            self._emit_row_changed(row)

    @staticmethod
    def _changes_for(row: FactRow, column: int, value: Any, role: int) -> FactChanges:
        if column == PINNED and role == Qt.ItemDataRole.CheckStateRole:
            pinned = Qt.CheckState(value) == Qt.CheckState.Checked
            return {"pinned": pinned} if pinned != row.pinned else {}
        if role != Qt.ItemDataRole.EditRole:
            return {}
        if column == TEXT:
            text = str(value).strip()
            return {"text": text} if text and text != row.text else {}
        if column == KIND and str(value) in FACT_KINDS and value != row.kind:
            return {"kind": str(value)}
        if column == IMPORTANCE and int(value) != row.importance:
            return {"importance": max(1, min(5, int(value)))}
        return {}

    # -- feeding the model ----------------------------------------------------------------------------
    def rows(self) -> list[FactRow]:
        return list(self._rows)

    def row_of(self, fact_id: int) -> int:
        """Row number of ``fact_id`` or -1."""
        return next((i for i, row in enumerate(self._rows) if row.id == fact_id), -1)

    def set_facts(self, facts: list[Fact]) -> None:
        """Merge a fresh list of facts by id: update changed rows, remove gone ones, append new ones."""
        fresh = {row.id: row for row in map(FactRow.of, facts) if self._shows(row)}
        for i in reversed(range(len(self._rows))):
            if self._rows[i].id not in fresh:
                self._remove_row(i)
        for i, row in enumerate(self._rows):
            self._replace_row(i, fresh.pop(row.id))
        if fresh:
            self._append_rows(list(fresh.values()))

    def upsert(self, event: FactSaved) -> None:
        """One fact was written: change its row in place, add it, or (retired) take it out."""
        row = FactRow.of_event(event)
        at = self.row_of(row.id)
        if not self._shows(row):
            if at >= 0:
                self._remove_row(at)
        elif at >= 0:
            self._replace_row(at, row)
        else:
            self._append_rows([row])

    def remove(self, fact_id: int) -> None:
        """The fact was deleted: its row goes (nothing happens if it is not shown)."""
        at = self.row_of(fact_id)
        if at >= 0:
            self._remove_row(at)

    def _shows(self, row: FactRow) -> bool:
        return self.show_retired or not row.retired

    def _replace_row(self, i: int, row: FactRow) -> None:
        if self._rows[i] != row:
            self._rows[i] = row
            self._emit_row_changed(i)

    def _remove_row(self, i: int) -> None:
        self.beginRemoveRows(QModelIndex(), i, i)
        del self._rows[i]
        self.endRemoveRows()

    def _append_rows(self, rows: list[FactRow]) -> None:
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        self._rows.extend(rows)
        self.endInsertRows()

    def set_in_prompt(self, fact_ids: tuple[int, ...] | list[int] | frozenset[int]) -> None:
        """Mark which facts the next prompt includes (from ``BudgetReport.fact_ids_in_prompt``)."""
        ids = frozenset(int(i) for i in fact_ids)
        changed = ids ^ self._in_prompt
        self._in_prompt = ids
        rows = [i for i, row in enumerate(self._rows) if row.id in changed]
        runs = _runs(rows)
        if len(runs) > MAX_MARK_RUNS:  # each telling walks every fact again (the panel's count): one is less
            runs = [(runs[0][0], runs[-1][1])]
        for first, last in runs:  # only its own column: every row's every cell made the sorting proxy and
            # the header's sizes go over the whole table, at each pause in typing (36 ms for 300 facts)
            self.dataChanged.emit(self.index(first, IN_PROMPT), self.index(last, IN_PROMPT))

    def in_prompt(self) -> frozenset[int]:
        return self._in_prompt

    def _emit_row_changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))


MAX_MARK_RUNS = 4  # changed marks told run by run up to this many runs; beyond, as one range (review)
SECONDS_SPAN = float(1 << 33)  # past any local timestamp in seconds (the year 2242)


def _packed(rank: int, when: float) -> float:
    """``(rank, when)`` as one float ordered the same way: a small whole ``rank`` (< 64) above a timestamp
    in seconds. A float holds 53 bits, so the seconds keep 1/10,000 s of their fraction — finer than the
    diary's times."""
    return rank * SECONDS_SPAN + min(when, SECONDS_SPAN - 1)


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Ascending row numbers as (first, last) runs of neighbours: [1, 2, 3, 7] → [(1, 3), (7, 7)]."""
    found: list[tuple[int, int]] = []
    for row in rows:
        if found and found[-1][1] == row - 1:
            found[-1] = (found[-1][0], row)
        else:
            found.append((row, row))
    return found


class FactsFilterModel(QSortFilterProxyModel):
    """Filters by the words typed in the filter box (text, kind, source); sorts by ``SortRole``'s plain keys
    with Qt's own comparison (no Python ``lessThan``: see ``FactsTableModel._sort_key``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(TEXT)
        self.setFilterRole(FilterRole)
        self.setSortRole(SortRole)
        self.setDynamicSortFilter(True)
        self._wanted: list[tuple[str, str]] = []  # the filter's words and their stems

    def set_words(self, text: str) -> None:
        """Show the facts holding every word of ``text`` in some form: "Машу" finds "Маша", "Казань"
        finds "в Казани" (QA: a fixed string missed them; search already finds a word's forms)."""
        if not hasattr(self, "beginFilterChange"):  # Qt before 6.10 (pyproject allows 6.7)
            self._wanted = [(word, stem(word)) for word in words(text)]
            self.invalidateFilter()
            return
        self.beginFilterChange()
        self._wanted = [(word, stem(word)) for word in words(text)]
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:  # noqa: N802 - Qt's
        wanted = self._wanted
        if not wanted:
            return True
        shown = self.sourceModel().index(source_row, TEXT, source_parent).data(FilterRole) or ""
        folded = " ".join(words(str(shown)))
        found = folded.split()
        return all(word in folded or (len(base) >= MIN_STEM and any(w.startswith(base) for w in found))
                   for word, base in wanted)


class FactDelegate(QStyledItemDelegate):
    """Editors that fit each column: a line for the text, a list of kinds, 1–5 for importance."""

    typed_again: str | None = None  # the next text editor opens with this, not the stored text

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex) -> QWidget:
        if index.column() == KIND:
            combo = QComboBox(parent)
            fill_kinds(combo)
            combo.setAccessibleName(self.tr("Kind"))
            return combo
        if index.column() == IMPORTANCE:
            spin = QSpinBox(parent)
            spin.setRange(1, 5)
            spin.setAccessibleName(self.tr("Importance, 1 to 5"))
            return spin
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        if self.typed_again is not None and isinstance(editor, QLineEdit):  # a refused text, to shorten
            editor.setText(self.typed_again)
            self.typed_again = None
            return
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(str(value))))
        elif isinstance(editor, QSpinBox):
            editor.setValue(int(value or 3))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
        elif isinstance(editor, QSpinBox):
            model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)
