""""Memory about you": every fact Hearth keeps about the person, to see, correct, pin or erase.

``MemoryPanel`` is a table (``FactsTableModel`` behind a filter proxy, one delegate for the editors),
not a widget per fact. Every write (add, edit, pin, delete) goes through the ``Companion`` on the
``TaskRunner`` — the UI thread never waits for SQLite. The panel never reloads after its own writes and
never counts tokens: the flow is one way. The companion says what it stored (``FactSaved``,
``FactRemoved`` on the bridge; the table changes that one row), and after every change to the next
prompt it sends one ``BudgetReport``, from which the panel only draws which facts the prompt includes
("In prompt"). The whole list is fetched once per companion, and again only after a failed write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.core.events import BudgetReport, FactRemoved, FactSaved
from app.core.recall.introductions import Introduction, WhoToAsk, names_person
from app.store import Fact, FactChanges
from app.ui.bridge import CompanionBridge
from app.ui.errors import show_exception
from app.ui.facts_model import (
    FROM,
    IMPORTANCE,
    IN_PROMPT,
    KIND,
    PINNED,
    SOURCE,
    TEXT,
    UPDATED,
    FactDelegate,
    FactIdRole,
    FactsFilterModel,
    FactsTableModel,
    MessageIdRole,
    fill_kinds,
    kind_label,
)
from app.ui.i18n import QT_TRANSLATE_NOOP, Plurals, follow_language, refresh_model_texts
from app.ui.small_screens import FittingLineEdit, FlowRow
from app.ui.staged import later
from app.ui.tasks import TaskRunner
from app.ui.unscrubbed import deleted_everywhere, tell_if_any
from app.ui.wrap_button import WrapButton

if TYPE_CHECKING:
    from app.core.companion import Companion

NARROW_WIDTH = 760  # px; below this the secondary columns are hidden
CELL_SLACK = 6  # px beside a short column's widest text and its margins (no text touches the next column)
FILL_STEP = 30  # facts added to a hidden, empty table per event-loop turn (``_fill_in_steps``)
VERY_NARROW_WIDTH = 560  # px; below this "From", "In prompt" and "Kind" go too (the fact's tooltip has them)
TIGHT_WIDTH = 320  # px; below this "Importance" goes too: the fact's text keeps room to wrap in
PUT_OFF_SHOWN = 4  # names the panel lists as put off ("Put off for now: …"); more end in "…"
MIN_WIDTH = 200  # px: docked beside the sidebar and a 360 px chat column in an 800 px window
DELETE_TITLE = QT_TRANSLATE_NOOP("MemoryPanel", "Delete this fact?")
DELETE_WARNING = QT_TRANSLATE_NOOP("MemoryPanel", "It will be gone for good: Hearth removes it and every "
                                   "earlier version of it, and will not learn it again from your diary.")


class MemoryPanel(QWidget):
    """Lists, filters and edits the facts of the bridge's current companion."""

    open_message_requested = Signal(int)  # the diary message a fact was learned from
    loaded = Signal()  # a fetched list of facts is in the table

    def __init__(self, bridge: CompanionBridge, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.runner = runner
        self._key = f"memory-panel-{id(self)}"
        self._pending_select = -1
        self._fact_events = 0  # fact events applied so far (a list fetched before one of them is stale)
        self._fetch_failed = False  # a fetch failed while the panel was hidden: fetched again when shown
        self._fills = 0  # lists fetched so far: a fill in steps stops when a newer one comes
        self.last_report: BudgetReport | None = None  # the newest one drawn
        self.who: Introduction | None = None  # the name the panel asks about ("Who is Витя?")
        self._not_now: set[str] = set()  # names said "Not now" to here (the diary keeps them too)
        self._put_off: list[str] = []  # the names said "Not now" to, shown when no one is asked about
        self._who_wanted = True  # ask (again) when next shown: a new companion, or a question answered
        self._who_filled = ""  # the start of a fact "Say who…" last put in the new-fact field
        self.model = FactsTableModel(self)
        self.proxy = FactsFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self._build()
        self._connect()
        follow_language(self, self.retranslate)
        self.reload()

    def retranslate(self) -> None:
        """Every label, button, placeholder and name; the table's cells and headers; the status line."""
        self.setAccessibleName(self.tr("Memory about you"))
        self.title.setText(
            self.tr("<b>Memory about you</b> — what Hearth knows. Correct it, pin it, or delete it."))
        self.filter_edit.set_hints([self.tr("Filter (Ctrl+F): words in a fact, a kind…"),
                                    self.tr("Filter facts")])
        self.filter_edit.setAccessibleName(self.tr("Filter facts"))
        self.view.setAccessibleName(self.tr("Facts"))
        # Who is who as well: a fact such as "Nora is my sister" lets recall find the entries that only say
        # "Nora" when the person asks about "my sister" (app.core.recall.people.names_in_facts).
        self.add_edit.set_hints([
            self.tr("Something Hearth should remember — who's who too: “Nora is my sister” (Ctrl+N)"),
            self.tr("A fact to remember, like “Nora is my sister” (Ctrl+N)"),
            self.tr("New fact"),
        ])
        self.add_edit.setAccessibleName(self.tr("New fact"))
        self.add_kind.setAccessibleName(self.tr("Kind of the new fact"))
        for index in range(self.add_kind.count()):
            self.add_kind.setItemText(index, kind_label(str(self.add_kind.itemData(index))))
        names = (
            (self.pin_button, self.tr("&Pin"), self.tr("Pin or unpin the selected fact")),
            (self.source_button, self.tr("Show &message"), self.tr("Open the diary message this came from")),
            (self.delete_button, self.tr("&Delete…"), self.tr("Delete the selected fact for good")),
            (self.add_button, self.tr("&Add"), self.tr("Add this fact")),
        )
        for button, text, accessible in names:
            button.setText(text)
            button.setAccessibleName(accessible)
            button.setToolTip(accessible)
        self.who_answer.setText(self.tr("Say who…"))
        self.who_answer.setToolTip(self.tr("Start a fact about who this is in the field below"))
        self.who_later.setText(self.tr("Not now"))
        self.who_later.setToolTip(self.tr("Ask about someone else"))
        self.who_again.setText(self.tr("Ask again"))
        self.who_again.setToolTip(self.tr("Ask who they are again"))
        self._show_who_text()
        refresh_model_texts(self.model)
        self._fit_columns()
        self._update_status()  # (and the Pin/Unpin label)

    def changeEvent(self, event: QEvent) -> None:
        """Another font or style (a theme): the short columns measured again."""
        super().changeEvent(event)
        built = getattr(self, "view", None) is not None  # (a style can change while it is being built)
        if built and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_columns()

    def _fit_columns(self) -> None:
        """Each short column on screen as wide as the widest text it can hold
        (``FactsTableModel.possible_texts``) or its header, whichever is wider; the pin's column as its box.
        A hidden column is left as it is (Qt gives its header no size): it is sized when it shows again
        (``resizeEvent``)."""
        view = self.view
        header = view.horizontalHeader()
        style = view.style()
        text_margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1  # as Qt's
        margins = 2 * text_margin + CELL_SLACK
        metrics = view.fontMetrics()
        for column in range(self.model.columnCount()):
            if column == TEXT or view.isColumnHidden(column):
                continue
            if column == PINNED:
                cell = style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, view) + margins
            else:
                cell = max((metrics.horizontalAdvance(text) for text in self.model.possible_texts(column)),
                           default=0) + margins
            header.resizeSection(column, max(cell, header.sectionSizeHint(column)))

    # -- building -----------------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        layout.addLayout(self._build_toolbar())
        layout.addWidget(self._build_view(), 1)
        layout.addWidget(self._build_who_row())
        layout.addLayout(self._build_add_row())
        self.status = QLabel()
        self.status.setObjectName("memoryStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.setMinimumSize(MIN_WIDTH, 320)  # columns hide, buttons wrap onto more lines

    def _build_toolbar(self) -> QVBoxLayout:
        """The filter on its own line, the buttons under it (on more lines in a narrow dock)."""
        column = QVBoxLayout()
        row = FlowRow()
        self.filter_edit = FittingLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.set_filter)
        self.pin_button = self._button(self.toggle_pin_selected)
        self.source_button = self._source_button()
        self.delete_button = self._button(self.delete_selected)
        column.addWidget(self.filter_edit)
        for button in (self.pin_button, self.source_button, self.delete_button):
            row.addWidget(button)
        column.addLayout(row)
        return column

    def _source_button(self) -> WrapButton:
        """"Show message" ("Показать сообщение"), the one label with a space to break at ("Pin" and
        "Delete…" are a word each): on two lines it fits beside "Pin" in a 200 px panel, so the three
        buttons take two lines, not three (QA). Its policy lets the flow row count it at its two-line width
        (a push button's own counts only its one-line width as its least)."""
        button = WrapButton()
        button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        button.clicked.connect(self.open_selected_message)
        return button

    def _build_view(self) -> QTableView:
        view = QTableView()
        view.setObjectName("factsView")
        view.setModel(self.proxy)
        view.setItemDelegate(FactDelegate(view))
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        view.setAlternatingRowColors(True)
        view.setSortingEnabled(True)
        view.sortByColumn(PINNED, Qt.SortOrder.DescendingOrder)
        view.verticalHeader().hide()
        view.setWordWrap(True)
        # Rows keep a fixed height (two lines; the tooltip and the editor have a fact whole). Rows as tall as
        # their wrapped text (ResizeToContents) were measured and not kept: the window's thread laid out
        # every fact's text on each change and each width step, 196 ms for 300 facts against 62, 790 ms
        # for 2,000 against 123.
        # The short columns hold a few set values (a box, a kind, stars, a mark, a date): each is as wide
        # as the widest it can hold, measured once from those values (``_fit_columns``), not from the rows.
        # Sized to the rows (ResizeToContents), the header measured the rows on screen again at every change
        # the table was told of, on the window's thread: marking which facts the next prompt holds at each
        # pause in typing (6 ms; 28 ms with 300 facts when it measured up to 1,000 rows), the first layout
        # of the panel built ahead (9-10 ms of one turn, offscreen), each width step; and the columns
        # changed width as rows scrolled by.
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(TEXT, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(36)
        view.clicked.connect(self._on_clicked)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._show_context_menu)
        view.selectionModel().selectionChanged.connect(self._update_buttons)
        view.setTabKeyNavigation(False)  # arrows move between cells; Tab leaves the table (QA: a Tab trap)
        self.view = view
        return view

    def _build_add_row(self) -> QVBoxLayout:
        """The new fact on its own line (its placeholder is a whole sentence), kind and Add under it."""
        column = QVBoxLayout()
        row = FlowRow(right=True)
        self.add_edit = FittingLineEdit()  # no length limit: a fact too long is refused whole, never cut
        self.add_edit.returnPressed.connect(self.add_from_field)
        self.add_kind = QComboBox()
        fill_kinds(self.add_kind)
        self.add_kind.setCurrentIndex(self.add_kind.findData("other"))
        self.add_button = self._button(self.add_from_field)
        column.addWidget(self.add_edit)
        row.addWidget(self.add_kind)
        row.addWidget(self.add_button)
        column.addLayout(row)
        return column

    def _build_who_row(self) -> QWidget:
        """"Who is Витя? (14 entries)" with "Say who…" and "Not now": hidden until there is a name to ask
        about (``app.core.recall.introductions``). With no one to ask about, the names said "Not now" to, with
        "Ask again"."""
        self.who_row = QWidget()
        self.who_row.setObjectName("whoRow")
        column = QVBoxLayout(self.who_row)
        column.setContentsMargins(0, 0, 0, 0)
        self.who_label = QLabel()
        self.who_label.setObjectName("whoQuestion")
        self.who_label.setWordWrap(True)
        row = FlowRow(right=True)
        self.who_answer = self._button(self.answer_who)
        self.who_later = self._button(self.not_now_who)
        self.who_again = self._button(self.ask_again_who)
        row.addWidget(self.who_answer)
        row.addWidget(self.who_later)
        row.addWidget(self.who_again)
        column.addWidget(self.who_label)
        column.addLayout(row)
        self.who_row.hide()
        return self.who_row

    @staticmethod
    def _button(slot: Callable[[], None]) -> QPushButton:
        button = QPushButton()
        button.clicked.connect(slot)
        return button

    def _connect(self) -> None:
        self.model.edit_requested.connect(self._apply_edit)
        self.model.rowsInserted.connect(self._update_status)
        self.model.rowsRemoved.connect(self._update_status)
        self.model.dataChanged.connect(self._update_status)
        self.bridge.fact_saved.connect(self._on_fact_saved)
        self.bridge.fact_removed.connect(self._on_fact_removed)
        self.bridge.message_removed.connect(self._on_message_removed)
        self.bridge.companion_changed.connect(self._on_companion_changed)
        self.bridge.budget.connect(self.show_budget)
        shortcuts = (
            (QKeySequence.StandardKey.Find, lambda: self.filter_edit.setFocus()),
            (QKeySequence.StandardKey.New, lambda: self.add_edit.setFocus()),
            (QKeySequence.StandardKey.Delete, self.delete_selected),
            (QKeySequence("Ctrl+P"), self.toggle_pin_selected),
            (QKeySequence("Ctrl+Return"), self.open_selected_message),
        )
        for keys, slot in shortcuts:
            action = QAction(self)
            action.setShortcut(keys)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
        self._update_buttons()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """In a narrow dock the fact text matters most: "Source" and "Updated" move into its tooltip."""
        width = event.size().width()
        hidden_before = self._hidden_columns()
        for column in (SOURCE, UPDATED):
            self.view.setColumnHidden(column, width < NARROW_WIDTH)
        for column in (FROM, IN_PROMPT, KIND):
            self.view.setColumnHidden(column, width < VERY_NARROW_WIDTH)
        self.view.setColumnHidden(IMPORTANCE, width < TIGHT_WIDTH)
        if hidden_before - self._hidden_columns():
            self._fit_columns()  # shown again: sized by their header too (a hidden one has no size hint)
        super().resizeEvent(event)

    def _hidden_columns(self) -> set[int]:
        return {c for c in range(self.model.columnCount()) if self.view.isColumnHidden(c)}

    # -- reading ------------------------------------------------------------------------------------
    @property
    def companion(self) -> Companion | None:
        return self.bridge.companion

    def reload(self) -> None:
        """Fetch the whole list off the UI thread (a new companion, or to show what a failed write left).

        An older fetch still running is dropped when it returns; a fetch that fact events overtook is
        done again, so a list read before a write never undoes that write's row.
        """
        companion = self.companion
        if companion is None:
            self.model.set_facts([])
            self._show_who(None)
            return
        self._who_wanted = True
        if self.isVisible():
            self.ask_who()
        seen = self._fact_events
        self._fetch_failed = False
        self.runner.run(companion.facts, on_done=lambda facts: self._on_facts(facts, seen),
                        on_error=self._on_fetch_error, token_key=self._key + "-facts")

    def _on_facts(self, facts: list[Fact], events_seen: int) -> None:
        self._fills += 1
        self._fill_in_steps(facts, events_seen, self._fills, FILL_STEP)

    def _fill_in_steps(self, facts: list[Fact], events_seen: int, fill: int, shown: int) -> None:
        """The fetched list into the table: at once when the panel is on screen or the table has rows (a
        merge), else ``FILL_STEP`` more facts a turn. Readied hidden at start-up (``MemoryAhead``), the
        first fill of 120 facts took one turn of 14 ms of the window's CPU — the proxy sorting each new row
        in with the model's keys — beside the start-up's own work (a 16-23 ms tick in the UI bench). A
        fact event that overtook the list fetches it again; a newer list ends this one."""
        if fill != self._fills:
            return  # a newer list is being shown
        if events_seen != self._fact_events:
            self.reload()
            return
        if self.isVisible() or self.model.rowCount() > shown - FILL_STEP or shown >= len(facts):
            self.model.set_facts(facts)
            self._select_pending()
            self.loaded.emit()
            return
        self.model.set_facts(facts[:shown])  # (a longer prefix of the same list: rows only added)
        later(partial(self._fill_in_steps, facts, events_seen, fill, shown + FILL_STEP), self)

    def _on_fetch_error(self, exc: BaseException) -> None:
        """Said when the panel is on screen; built ahead and still hidden (``MemoryAhead``), it says nothing
        about a panel nobody opened, and fetches again when it is shown."""
        if self.isVisible():
            self._on_error(exc)
        else:
            self._fetch_failed = True

    def showEvent(self, event: QShowEvent) -> None:
        """Shown after a fetch failed while hidden: fetch again (its error, if any, is said now)."""
        super().showEvent(event)
        if self._fetch_failed:
            self.reload()
        elif self._who_wanted:
            self.ask_who()

    def _on_fact_saved(self, event: FactSaved) -> None:
        self._fact_events += 1
        self.model.upsert(event)
        self._select_pending()
        if self.who is not None and names_person(event.text, self.who.name):
            self._who_wanted = True  # answered: the next name, if any
            self._show_who(None)
            if self.isVisible():
                self.ask_who()

    def _on_fact_removed(self, event: FactRemoved) -> None:
        self._fact_events += 1
        self.model.remove(event.fact_id)

    def show_budget(self, report: BudgetReport) -> None:
        """Mark the facts the next prompt includes (slot for the bridge's ``budget``; draws, never counts)."""
        self.last_report = report
        self.model.set_in_prompt(report.fact_ids_in_prompt)

    def _on_companion_changed(self, _companion: Companion | None) -> None:
        self.model.set_in_prompt(())
        self._not_now.clear()
        self._show_who(None)
        self.reload()

    def set_filter(self, text: str) -> None:
        self.proxy.set_words(text)
        self._update_status()

    # -- who is who ---------------------------------------------------------------------------------
    def ask_who(self) -> None:
        """Find, off the UI thread, a name the entries use often without saying who it is."""
        companion = self.companion
        self._who_wanted = False
        if companion is None:
            return
        skip = tuple(self._not_now)
        self.runner.run(lambda: companion.people_to_introduce(skip),
                        on_done=lambda found: self._on_who(companion, found),
                        on_error=lambda _exc: self._show_who(None), token_key=self._key + "-who",
                        background=True)

    def _on_who(self, asked: Companion, found: WhoToAsk) -> None:
        if asked is not self.companion:
            return  # another diary's (a lock, a restore, a switch while it ran)
        self._show_who(next((i for i in found.asked if i.name not in self._not_now), None), found.put_off)

    def _on_message_removed(self, _event: object) -> None:
        """An entry was deleted: the name asked about may have gone with it. (The diary's "Not now" list is
        emptied too, ``app.store.not_now``; the names said "Not now" to in this window stay skipped.)"""
        self._who_wanted = True
        if self.isVisible():
            self.ask_who()

    def _show_who(self, who: Introduction | None, put_off: Sequence[str] = ()) -> None:
        self.who = who
        self._put_off = [] if who is not None else list(put_off)
        self._show_who_text()
        self.who_answer.setVisible(who is not None)
        self.who_later.setVisible(who is not None)
        self.who_again.setVisible(bool(self._put_off))
        self.who_row.setVisible(who is not None or bool(self._put_off))

    def _show_who_text(self) -> None:
        who = self.who
        if who is None:
            self._show_put_off_text()
            return
        entries = Plurals().entries(who.entries)
        self.who_label.setText(self.tr("Who is {name}? ({entries})").format(name=who.name, entries=entries))
        self.who_label.setToolTip(self.tr(
            "Your entries name {name} but never say who they are. A fact such as “{example}” lets Hearth "
            "find them when you ask about your friend.").format(
                name=who.name, example=self._who_template(who.name) + self.tr("friend")))
        self.who_label.setAccessibleName(self.who_label.text())

    def _show_put_off_text(self) -> None:
        """"Put off for now: Rosa, Wales": the first few names said "Not now" to, oldest first."""
        if not self._put_off:
            return
        names = ", ".join(self._put_off[:PUT_OFF_SHOWN]) + ("…" if len(self._put_off) > PUT_OFF_SHOWN else "")
        self.who_label.setText(self.tr("Put off for now: {names}").format(names=names))
        self.who_label.setToolTip(self.tr(
            "You said “Not now” when asked who they are. Hearth will not ask again until you say so."))
        self.who_label.setAccessibleName(self.who_label.text())

    def _who_template(self, name: str) -> str:
        return self.tr("{name} is my ").format(name=name)

    def answer_who(self) -> None:
        """"Say who…": the new-fact field starts the fact ("Витя is my "), of kind Person, for the person to
        finish; saving it answers the question (``_on_fact_saved``). Words the person typed there stay (the
        field only gets focus); only a start this panel put there is replaced."""
        if self.who is None:
            return
        typed = self.add_edit.text()
        if not typed.strip() or typed == self._who_filled:
            self._who_filled = self._who_template(self.who.name)
            self.add_edit.setText(self._who_filled)
            self.add_kind.setCurrentIndex(self.add_kind.findData("person"))
        self.add_edit.setFocus()
        self.add_edit.end(False)

    def not_now_who(self) -> None:
        """Ask about someone else; this name is not asked about again (kept in the diary), and at once, while
        the diary notes it."""
        companion = self.companion
        if self.who is None or companion is None:
            return
        name = self.who.name
        self._not_now.add(name)
        self._show_who(None)
        self.runner.run(lambda: companion.not_now_person(name), on_done=lambda _none: self.ask_who(),
                        on_error=self._on_error, small=True)

    def ask_again_who(self) -> None:
        """"Ask again": every name said "Not now" to may be asked about once more (the diary forgets them)."""
        companion = self.companion
        if companion is None:
            return
        self._not_now.clear()
        self._show_who(None)
        self.runner.run(companion.ask_again_about_people, on_done=lambda _none: self.ask_who(),
                        on_error=self._on_error, small=True)

    # -- writing ------------------------------------------------------------------------------------
    def add_from_field(self) -> None:
        """Add the typed fact; the field is cleared only once it is saved (a failure loses nothing)."""
        text = self.add_edit.text().strip()
        companion = self.companion
        if not text or companion is None:
            return
        kind = str(self.add_kind.currentData())

        def done(fact: Fact) -> None:
            if self.add_edit.text().strip() == text:
                self.add_edit.clear()
            if fact.id is not None:
                self._pending_select = fact.id  # its row comes with the FactSaved event, before or after
                self._select_pending()

        self.runner.run(lambda: companion.add_fact(text, kind=kind), on_done=done, on_error=self._on_error)

    def _apply_edit(self, fact_id: int, changes: FactChanges) -> None:
        """Write an edit made in a cell; on failure say why and show the stored value again."""
        companion = self.companion
        if companion is None:
            return
        pinned = changes.get("pinned")
        if set(changes) == {"pinned"} and pinned is not None:
            write: Callable[[], Fact] = lambda: companion.pin_fact(fact_id, pinned)  # noqa: E731
        else:
            write = lambda: companion.edit_fact(fact_id, **changes)  # noqa: E731
        if "text" in changes:
            self.runner.run(write, on_error=lambda exc: self._text_refused(fact_id, exc))
            return
        self.runner.run(write, on_error=self._on_write_error)

    def _text_refused(self, fact_id: int, exc: BaseException) -> None:
        """A fact's new text was refused (too long): say why; once the message is closed, the row shows the
        stored text again and its cell opens holding what the person typed, to shorten (QA: the list was
        reloaded at once and the edit was gone; review: a row left showing the refused text looked saved)."""
        row = self.model.row_of(fact_id)
        typed = self.model.rows()[row].text if row >= 0 else ""
        self.model.undo_edit(fact_id)
        box = show_exception(self, exc)
        box.finished.connect(lambda _result: self._edit_again(fact_id, typed))

    def _edit_again(self, fact_id: int, typed: str) -> None:
        index = self._text_index(fact_id)
        if index is None:
            return
        delegate = self.view.itemDelegate()
        if isinstance(delegate, FactDelegate):
            delegate.typed_again = typed
        self.view.setCurrentIndex(index)
        self.view.edit(index)

    def toggle_pin_selected(self) -> None:
        index = self._selected(PINNED)
        if index is not None:
            pinned = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
            checked = Qt.CheckState.Unchecked if pinned else Qt.CheckState.Checked
            self.proxy.setData(index, checked.value, Qt.ItemDataRole.CheckStateRole)

    def delete_selected(self) -> None:
        """Ask first (it cannot be undone), then delete off the UI thread; ``FactRemoved`` drops the row."""
        index = self._selected(TEXT)
        companion = self.companion
        if index is None or companion is None:
            return
        fact_id = int(index.data(FactIdRole))
        text = str(index.data(Qt.ItemDataRole.DisplayRole))
        answer = QMessageBox.question(
            self, self.tr(DELETE_TITLE), f"“{text}”\n\n{self.tr(DELETE_WARNING)}",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        diary = companion.diary
        task = deleted_everywhere(diary, lambda: companion.delete_fact(fact_id))
        self.runner.run(task, lambda left: tell_if_any(self, self.runner, diary, left), self._on_write_error)

    def _select_pending(self) -> None:
        if self._pending_select >= 0 and self.select_fact(self._pending_select):
            self._pending_select = -1

    def _text_index(self, fact_id: int) -> QModelIndex | None:
        """The text cell of ``fact_id``'s row as shown (None: no such row, or the filter hides it)."""
        row = self.model.row_of(fact_id)
        if row < 0:
            return None
        index = self.proxy.mapFromSource(self.model.index(row, TEXT))
        return index if index.isValid() else None

    def select_fact(self, fact_id: int) -> bool:
        """Select and show the row of ``fact_id`` (if it passes the filter)."""
        index = self._text_index(fact_id)
        if index is None:
            return False
        self.view.selectRow(index.row())
        self.view.scrollTo(index)
        return True

    # -- navigation ---------------------------------------------------------------------------------
    def open_selected_message(self) -> None:
        index = self._selected(FROM)
        if index is not None:
            self._open_message(index)

    def _on_clicked(self, index: QModelIndex) -> None:
        if index.column() == FROM:
            self._open_message(index)

    def _open_message(self, index: QModelIndex | QPersistentModelIndex) -> None:
        message_id = index.data(MessageIdRole)
        if message_id:
            self.open_message_requested.emit(int(message_id))

    def _selected(self, column: int) -> QModelIndex | None:
        rows = self.view.selectionModel().selectedRows(column)
        return rows[0] if rows else None

    def _show_context_menu(self, pos: QPoint) -> None:
        index = self.view.indexAt(pos)
        if not index.isValid():
            return
        self.view.selectRow(index.row())
        menu = QMenu(self)
        menu.addAction(self.tr("Edit"), lambda: self.view.edit(index.siblingAtColumn(TEXT)))
        menu.addAction(self.tr("Pin / unpin"), self.toggle_pin_selected)
        show = menu.addAction(self.tr("Show message"), self.open_selected_message)
        show.setEnabled(bool(index.data(MessageIdRole)))
        menu.addSeparator()
        menu.addAction(self.tr("Delete…"), self.delete_selected)
        menu.popup(self.view.viewport().mapToGlobal(pos))

    # -- feedback -----------------------------------------------------------------------------------
    def _update_buttons(self, *_args: object) -> None:
        index = self._selected(TEXT)
        for button in (self.pin_button, self.delete_button):
            button.setEnabled(index is not None)
        self.source_button.setEnabled(index is not None and bool(index.data(MessageIdRole)))
        if index is not None:
            pinned = self._selected(PINNED)
            state = pinned.data(Qt.ItemDataRole.CheckStateRole) if pinned is not None else None
            checked = state == Qt.CheckState.Checked
            self.pin_button.setText(self.tr("Un&pin") if checked else self.tr("&Pin"))

    def _update_status(self, *_args: object) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        in_prompt = sum(1 for row in self.model.rows() if row.id in self.model.in_prompt())
        plurals = Plurals()
        parts = [plurals.facts(total)]
        if shown != total:
            parts.append(plurals.shown(shown))
        parts.append(plurals.in_next_prompt(in_prompt))
        self.status.setText(" · ".join(parts))
        self._update_buttons()

    def _on_error(self, exc: BaseException) -> None:
        show_exception(self, exc)

    def _on_write_error(self, exc: BaseException) -> None:
        show_exception(self, exc)
        self.reload()  # show what is really stored


__all__ = ["MemoryPanel"]
