"""The facts table model on its own: merging fresh lists by id, edits as requests, filter and sort."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from PySide6.QtCore import QPersistentModelIndex, Qt

from app.core.events import FactSaved
from app.ui.facts_model import (
    FROM,
    IMPORTANCE,
    IN_PROMPT,
    KIND,
    PINNED,
    SOURCE,
    TEXT,
    FactIdRole,
    FactsFilterModel,
    FactsTableModel,
    MessageIdRole,
    SortRole,
)


@dataclass
class StoredFact:
    """Shaped like ``app.store.Fact`` (the model only reads attributes)."""

    id: int
    text: str
    kind: str = "other"
    importance: int = 3
    pinned: bool = False
    source: str = "manual"
    provenance_message_id: int | None = None
    created_at: datetime = datetime(2026, 12, 1, 9, 0)
    updated_at: datetime = datetime(2026, 12, 1, 9, 0)
    retired: bool = False


def facts() -> list[StoredFact]:
    return [
        StoredFact(1, "Has a cat called Miso", "pet", 4, source="automatic", provenance_message_id=42),
        StoredFact(2, "Prefers tea to coffee", "preference", 2),
        StoredFact(3, "Sister Anna lives in Riga", "person", 3, pinned=True),
    ]


def test_rows_show_every_field(qtbot) -> None:
    model = FactsTableModel()
    model.set_facts(facts())
    row = model.row_of(1)
    cell = lambda column, role=Qt.ItemDataRole.DisplayRole: model.index(row, column).data(role)  # noqa: E731
    assert cell(TEXT) == "Has a cat called Miso" and cell(KIND) == "pet"
    assert cell(IMPORTANCE) == "★★★★☆" and cell(IMPORTANCE, Qt.ItemDataRole.EditRole) == 4
    assert cell(SOURCE) == "Automatic" and cell(FROM) == "Show message" and cell(FROM, MessageIdRole) == 42
    assert cell(PINNED, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert model.index(model.row_of(2), FROM).data() == "—"
    assert model.index(model.row_of(2), SOURCE).data() == "You"


def test_merge_keeps_rows_and_open_editors(qtbot) -> None:
    model = FactsTableModel()
    model.set_facts(facts())
    editing = QPersistentModelIndex(model.index(model.row_of(2), TEXT))
    inserted, removed, changed = [], [], []
    model.rowsInserted.connect(lambda *a: inserted.append(a[1:]))
    model.rowsRemoved.connect(lambda *a: removed.append(a[1:]))
    model.dataChanged.connect(lambda a, b, roles: changed.append(a.row()))
    fresh = facts()
    fresh[2] = StoredFact(3, "Sister Anna lives in Tallinn", "person", 3, pinned=True)
    del fresh[0]
    fresh.append(StoredFact(4, "Walks every morning", "habit"))
    model.set_facts(fresh)
    assert removed == [(0, 0)] and inserted == [(2, 2)] and len(changed) == 1
    assert editing.isValid() and editing.data() == "Prefers tea to coffee"  # no reset under an editor
    assert [r.id for r in model.rows()] == [2, 3, 4]
    assert model.index(model.row_of(3), TEXT).data() == "Sister Anna lives in Tallinn"


def test_edits_become_requests_with_only_what_changed(qtbot) -> None:
    model = FactsTableModel()
    model.set_facts(facts())
    requests: list[tuple[int, dict]] = []
    model.edit_requested.connect(lambda fact_id, changes: requests.append((fact_id, changes)))
    row = model.row_of(2)
    assert model.setData(model.index(row, TEXT), "  Prefers green tea  ")
    assert not model.setData(model.index(row, TEXT), "   ")  # empty text is refused, nothing lost
    assert not model.setData(model.index(row, KIND), "dragon")  # not a kind
    assert model.setData(model.index(row, IMPORTANCE), 9)
    checked = Qt.CheckState.Checked.value
    assert model.setData(model.index(row, PINNED), checked, Qt.ItemDataRole.CheckStateRole)
    assert not model.setData(model.index(row, IMPORTANCE), 5)  # unchanged
    assert requests == [(2, {"text": "Prefers green tea"}), (2, {"importance": 5}), (2, {"pinned": True})]
    assert model.index(row, TEXT).data() == "Prefers green tea"  # shown at once
    flags = model.flags(model.index(row, SOURCE))
    assert not flags & Qt.ItemFlag.ItemIsEditable


def test_filter_and_prompt_order(qtbot) -> None:
    model = FactsTableModel()
    proxy = FactsFilterModel()
    proxy.setSourceModel(model)
    model.set_facts(facts())
    proxy.sort(PINNED, Qt.SortOrder.DescendingOrder)
    order = [proxy.index(r, 0).data(FactIdRole) for r in range(proxy.rowCount())]
    assert order == [3, 1, 2]  # pinned first, then importance
    proxy.set_words("TEA")
    assert [proxy.index(r, 0).data(FactIdRole) for r in range(proxy.rowCount())] == [2]
    proxy.set_words("pet")  # the kind
    assert [proxy.index(r, 0).data(FactIdRole) for r in range(proxy.rowCount())] == [1]
    proxy.set_words("automatic")  # the source
    assert proxy.rowCount() == 1
    proxy.set_words("nothing like this")
    assert proxy.rowCount() == 0


def test_in_prompt_marks(qtbot) -> None:
    model = FactsTableModel()
    model.set_facts(facts())
    model.set_in_prompt((3, 1))
    marks = {row.id: model.index(i, IN_PROMPT).data() for i, row in enumerate(model.rows())}
    assert marks == {1: "●", 2: "", 3: "●"}
    tip = model.index(model.row_of(2), IN_PROMPT).data(Qt.ItemDataRole.ToolTipRole)
    assert "Not in the next prompt" in tip


def test_in_prompt_marks_tell_the_view_of_the_changed_cells_only(qtbot) -> None:
    """The marks change at each pause in typing: the view is told of the mark cells that changed, not of
    every cell of every row (which made the header measure the whole table again, 28 ms at 300 facts)."""
    model = FactsTableModel()
    model.set_facts([StoredFact(i, f"fact {i}") for i in range(1, 8)])
    model.set_in_prompt((1, 2, 3))
    told: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(lambda a, b, *_: told.append((a.row(), b.row(), a.column(), b.column())))
    model.set_in_prompt((2, 3, 4, 5, 7))
    rows = {row.id: i for i, row in enumerate(model.rows())}
    changed = sorted(rows[i] for i in (1, 4, 5, 7))
    assert all(first_col == last_col == IN_PROMPT for *_, first_col, last_col in told)
    assert sorted(r for first, last, *_ in told for r in range(first, last + 1)) == changed
    told.clear()
    model.set_in_prompt((7, 5, 4, 3, 2))  # the same marks in another order: nothing to tell
    assert told == []


def saved(fact_id: int, text: str, **fields: object) -> FactSaved:
    """The companion's event for a fact as it now is (defaults: a manual, unpinned "other")."""
    values: dict[str, object] = {"kind": "other", "importance": 3, "pinned": False, "source": "manual",
                                 "retired": False, "provenance_message_id": None,
                                 "updated_at": datetime(2026, 12, 2, 20, 15)}
    values.update(fields)
    return FactSaved(fact_id, text, **values)  # type: ignore[arg-type]


class ModelSpy:
    """Counts what a model told its views: resets, inserted / removed row ranges, changed rows."""

    def __init__(self, model: FactsTableModel) -> None:
        self.resets: list[str] = []
        self.inserted: list[tuple[int, int]] = []
        self.removed: list[tuple[int, int]] = []
        self.changed: list[tuple[int, int]] = []
        model.modelAboutToBeReset.connect(lambda: self.resets.append("about"))
        model.modelReset.connect(lambda: self.resets.append("reset"))
        model.rowsInserted.connect(lambda _p, first, last: self.inserted.append((first, last)))
        model.rowsRemoved.connect(lambda _p, first, last: self.removed.append((first, last)))
        model.dataChanged.connect(lambda a, b, _roles=(): self.changed.append((a.row(), b.row())))


def test_fact_events_change_one_row_in_place(qtbot) -> None:
    model = FactsTableModel()
    model.set_facts(facts())
    editing = QPersistentModelIndex(model.index(model.row_of(3), TEXT))
    spy = ModelSpy(model)

    model.upsert(saved(2, "Prefers green tea", kind="preference", importance=2))  # an edit
    row = model.row_of(2)
    assert spy.changed == [(row, row)] and not spy.inserted and not spy.removed
    assert model.index(row, TEXT).data() == "Prefers green tea"

    model.upsert(saved(7, "Walks Rex every morning", kind="habit", source="automatic",
                       provenance_message_id=99))  # a new automatic fact: one row at the end
    assert spy.inserted == [(3, 3)] and model.index(3, FROM).data(MessageIdRole) == 99
    assert model.index(3, SOURCE).data() == "Automatic"

    model.upsert(saved(2, "Prefers green tea", kind="preference", importance=2))  # nothing new
    assert len(spy.changed) == 1

    model.upsert(saved(1, "Has a cat called Miso", kind="pet", retired=True))  # replaced: it leaves
    assert spy.removed == [(0, 0)] and model.row_of(1) == -1
    model.remove(7)
    model.remove(404)  # not shown: nothing happens
    assert spy.removed == [(0, 0), (2, 2)]
    assert spy.resets == []
    assert editing.isValid() and editing.data() == "Sister Anna lives in Riga"  # an open editor survives
    assert [r.id for r in model.rows()] == [2, 3]


def test_retired_facts_stay_when_they_are_shown(qtbot) -> None:
    model = FactsTableModel(show_retired=True)
    model.set_facts(facts())
    model.upsert(saved(1, "Has a cat called Miso", kind="pet", retired=True))
    assert model.row_of(1) == 0 and model.rows()[0].retired


def test_every_column_sorts_by_plain_keys_in_qts_own_comparison(qtbot) -> None:
    """The proxy compares ``SortRole``'s numbers and strings itself: no Python ``lessThan`` runs (~550
    calls on the window's thread for 120 facts), and the orders are the tuples' they replaced — pinned,
    importance, then recency to the second's fraction; importance, then recency; in the prompt, then
    importance."""
    assert "lessThan" not in FactsFilterModel.__dict__
    model = FactsTableModel()
    proxy = FactsFilterModel()
    proxy.setSourceModel(model)
    later = datetime(2026, 12, 1, 9, 0, 0, 500_000)
    model.set_facts([
        StoredFact(1, "b older", importance=5, updated_at=datetime(2026, 12, 1, 9, 0)),
        StoredFact(2, "A newer by half a second", importance=5, updated_at=later),
        StoredFact(3, "c pinned, least important", importance=1, pinned=True),
        StoredFact(4, "d", importance=4, updated_at=datetime(2031, 1, 1)),
    ])
    model.set_in_prompt((3, 4))

    def order(column: int) -> list[int]:
        proxy.sort(column, Qt.SortOrder.DescendingOrder)
        return [proxy.index(r, 0).data(FactIdRole) for r in range(proxy.rowCount())]

    assert order(PINNED) == [3, 2, 1, 4]
    assert order(IMPORTANCE) == [2, 1, 4, 3]
    assert order(IN_PROMPT) == [4, 3, 2, 1]
    assert order(TEXT) == [4, 3, 1, 2]  # case folded: "A newer" before "b older"
    keys = {proxy.index(r, PINNED).data(SortRole) for r in range(proxy.rowCount())}
    assert all(isinstance(key, float) for key in keys)
