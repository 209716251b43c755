"""The window a person opens every evening: days on the left, the conversation, the composer, the gauge.

The window is a thin adapter: every question to the diary or the companion goes through the one
``TaskRunner`` (nothing here waits on SQLite, the model or a download), every answer from the companion
arrives as a bridge signal on the main thread. Results that a newer request made stale (an old search,
a day the person already left) are dropped by the runner's ``token_key``.

The next prompt's budget flows one way: the composer's settled draft goes to ``Companion.set_draft``,
and the companion, which owns "the next prompt", sends one ``BudgetReport`` after every change to it (a
reply, a fold, a fact, a setting, the draft). The gauge, the draft's token count and the memory panel
only draw that report; nothing here counts tokens.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from datetime import date, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDockWidget,
    QLineEdit,
    QListView,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.core import events as ev
from app.core.recall.remembered import remembered_for
from app.llm.tiny import TINY_NAME
from app.store import Conversation, Diary, Message
from app.ui import window_parts as parts
from app.ui.activity import ActivityIndicator, IndexStatusLabel
from app.ui.bridge import CompanionBridge
from app.ui.chat_model import ChatItem, ChatModel
from app.ui.chat_view import ChatView
from app.ui.composer import Composer
from app.ui.day_ritual import WRITE
from app.ui.draft_keeper import DraftController
from app.ui.errors import INLINE_REFUSALS, error_for, show_error, show_exception, translated_event_text
from app.ui.gauge import BudgetGauge
from app.ui.i18n import QT_TRANSLATE_NOOP, DateText, Text, first_weekday, follow_language, made
from app.ui.lookback_controller import LookBackController
from app.ui.memory_ahead import MemoryAhead
from app.ui.memory_panel import MemoryPanel
from app.ui.picture_views import PictureView, picture_views
from app.ui.pictures import PictureController
from app.ui.remembered_notice import RememberedNotice
from app.ui.ritual_controller import RitualController
from app.ui.sidebar import Sidebar, SidebarEntry
from app.ui.small_screens import ChatRoom
from app.ui.staged import Once, StagedBuild, later, paint_aside_steps, show_painted_once
from app.ui.tasks import TaskRunner
from app.ui.unscrubbed import deleted_everywhere, tell_if_any

if TYPE_CHECKING:
    from app.core.companion import Companion

T = TypeVar("T")
TINY_SHOWN = QT_TRANSLATE_NOOP("MainWindow", "SmolLM2-135M-Instruct (bundled tiny model)")  # = TINY_NAME
SEARCH_LIMIT = 50
DAYS_LIMIT = 500
# PySide makes the Python type of a Qt widget class on its first use. The first widget Qt itself created that
# Python is handed (an item view's viewport) makes every one of them at once, as it looks for the most
# derived type: 16-25 ms in one step. Made a quarter per step beforehand, each step costs 2-5 ms.
WIDGET_TYPES = (
    "QAbstractButton", "QAbstractItemView", "QAbstractScrollArea", "QAbstractSlider", "QAbstractSpinBox",
    "QCalendarWidget", "QCheckBox", "QColorDialog", "QColumnView", "QComboBox", "QCommandLinkButton",
    "QDateEdit", "QDateTimeEdit", "QDial", "QDialog", "QDialogButtonBox", "QDockWidget", "QDoubleSpinBox",
    "QErrorMessage", "QFileDialog", "QFocusFrame", "QFontComboBox", "QFontDialog", "QFrame", "QGraphicsView",
    "QGroupBox", "QHeaderView", "QInputDialog", "QKeySequenceEdit", "QLCDNumber", "QLabel", "QLineEdit",
    "QListView", "QListWidget", "QMainWindow", "QMdiArea", "QMdiSubWindow", "QMenu", "QMenuBar",
    "QMessageBox", "QPlainTextEdit", "QProgressBar", "QProgressDialog", "QPushButton", "QRadioButton",
    "QRhiWidget", "QRubberBand", "QScrollArea", "QScrollBar", "QSizeGrip", "QSlider", "QSpinBox",
    "QSplashScreen", "QSplitter", "QSplitterHandle", "QStackedWidget", "QStatusBar", "QTabBar", "QTabWidget",
    "QTableView", "QTableWidget", "QTextBrowser", "QTextEdit", "QTimeEdit", "QToolBar", "QToolBox",
    "QToolButton", "QTreeView", "QTreeWidget", "QUndoView", "QWidget", "QWizard", "QWizardPage",
)
WIDGET_TYPE_STEPS = 4
# a day: its id, messages, record, what recall gave each of its replies, and its entries' pictures
Loaded = tuple[
    int, list[Message], Conversation | None, dict[int, tuple[ev.RememberedEntry, ...]],
    dict[int, tuple[PictureView, ...]],
]


class MainWindow(QMainWindow):
    """Sidebar | chat (view, gauge, composer); the memory panel docks on the right."""

    conversation_loaded = Signal(int)  # conversation id, after its messages are in the chat model
    built = Signal()  # every part exists (a staged build ends over several event-loop turns)
    model_manager_requested = Signal()
    settings_requested = Signal()
    lock_requested = Signal()  # Diary ▸ Lock (app.ui.locking)

    def __init__(
        self, bridge: CompanionBridge, runner: TaskRunner, data_dir: Path, parent: QWidget | None = None,
        *, staged: bool = False,
    ) -> None:
        """``staged``: build the window one part per event-loop turn (the app's start-up: no single step
        keeps the loop busy for a frame); ``built`` fires at the end. Otherwise everything is built here."""
        super().__init__(parent)
        self.bridge, self.runner, self.data_dir = bridge, runner, Path(data_dir)
        self.diary: Diary | None = None
        self.memory_dock = QDockWidget(self)
        self._memory_panel: MemoryPanel | None = None  # built when first shown or ahead (MemoryAhead)
        self.memory_shown_before = False  # the dock was opened: hidden, it keeps the width it had
        self._last_report: ev.BudgetReport | None = None
        self._sending = False
        self._days_after_reply = False  # sent: days and budget refreshed once its reply began
        self._replies_begun: set[int] = set()  # replies started and not yet finished
        self._loading = False  # a conversation is being opened
        self._opening: int | None = None  # which (None: today), while ``_loading``
        # the day whose opening finished (conversation_loaded); None while a day is being opened
        self.opened_conversation_id: int | None = None
        self._pending_jump: int | None = None
        self._not_ready_reason: Text = ""
        self._model_name = ""
        self.hide_on_close: Callable[[], bool] = lambda: False  # the daily reminder keeps Hearth in the tray
        self.closing_for_good = False  # set by the app's shutdown: no question about an unsaved draft then
        self.quitting = False  # Quit was chosen: the window closes even if it would hide to the tray
        self.draft_box: QMessageBox | None = None  # "Your entry is not saved yet", while it is asked
        self.saving_draft = False  # its "Save to diary" is being written
        self.drafts = DraftController(self)  # the message box's words, kept in the diary as they are typed
        self.week_start = "auto"  # the setting (auto: the language's locale); HearthApp keeps it current
        self._built = Once()
        self._built.then(self.built.emit)  # first, before what waits for it
        self._cancel_measuring: Callable[[], None] = _nothing  # a day's bubbles being measured ahead
        self._showing = False  # show_built was asked, the window is not on screen yet
        self._when_shown: list[Callable[[], None]] = []
        self._staged = staged
        self._when_laid_out: list[Callable[[], None]] | None = None  # waiting for the staged show's layout
        self.memory_ahead = MemoryAhead(self, active=staged)
        self._slices = StagedBuild(self._build_steps(), self._finish_building)
        if staged:
            self._slices.start()
        else:
            self._slices.run_all()

    def _build_steps(self) -> list[Callable[[], None]]:
        """The window in parts, in the order they are stacked (each small enough for one frame)."""
        warm_types = [partial(_make_widget_types, part) for part in range(WIDGET_TYPE_STEPS)]
        return [self._build_frame, *warm_types, self._warm_item_views, self._warm_fonts, _warm_painter_types,
                self._build_sidebar, self._place_sidebar, self._build_header, self._build_lookback,
                self._build_chat, self._build_composer, self._build_ritual, self._build_status]

    @property
    def is_built(self) -> bool:
        return self._built.happened

    def when_built(self, then: Callable[[], None]) -> None:
        """Run ``then`` once every part of the window exists (now, if it does)."""
        self._built.then(then)

    def show_built(self) -> None:
        """Show the window once every part exists. Staged, the first paint is paid for in shares first."""
        self._showing = True
        self.when_built(self._show_warmed if self._staged else self._show_now)

    def when_shown(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the window is on screen (now, if it is or if nothing is about to show it): a
        dialog asked for meanwhile would open over no window."""
        if self._showing:
            self._when_shown.append(then)
        else:
            then()

    def _show_now(self) -> None:
        show_painted_once(self)
        self._showing = False
        waiting, self._when_shown = self._when_shown, []
        for then in waiting:
            then()

    def _show_warmed(self) -> None:
        """Show the built window after a few more event-loop turns that each pay one share of its first
        paint, so that the paint that shows it is a warm one.

        The first paint of a window is the dearest it will ever have: every widget's style sheet rules are
        matched, every layout set, every glyph of every font size rasterised — about 29 ms of one turn here.
        A window shown while its parts are still being added repaints all of itself after each part, and the
        part and the paint land in one turn (12-27 ms). Hidden until built, each pane is polished and laid out
        on a turn of its own, then drawn once into a scratch image (what it costs the first time stays
        cached: the style's matches, the glyphs), and the real first paint costs what a later one does."""
        panes = [pane for pane in (self.menuBar(), self.sidebar, self.notice_bar, self.day_header,
                                   self.lookback.strip, self.remembered, self.ritual.card, self.chat_view,
                                   self.ritual.actions, self.gauge, self.composer, self.statusBar())
                 if pane.isVisibleTo(self)]
        polish = [pane.ensurePolished for pane in panes]
        self._when_laid_out = []
        StagedBuild([*polish, self._lay_out], partial(self._paint_panes_aside, panes), owner=self).start()

    def _paint_panes_aside(self, panes: Sequence[QWidget]) -> None:
        """Once laid out (the panes' sizes are known only now), each pane is drawn aside a band per turn."""
        bands = [step for pane in panes for step in paint_aside_steps(pane)]
        StagedBuild(bands, self._show_now, owner=self).start()

    def _lay_out(self) -> None:
        """Every pane's size and position at the window's size (before a pane is drawn aside at it, and the
        day's bubbles are measured at the chat's width). The splitter sizes its two sides when it gets its
        own size, which a hidden widget is sent only when shown: it is asked to now."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.splitter.refresh()
        self.column.activate()
        waiting, self._when_laid_out = self._when_laid_out or [], None
        for then in waiting:
            then()

    def _finish_building(self) -> None:
        self.actions_: dict[str, QAction] = parts.build_actions(self)
        self._connect()
        self.pictures = PictureController(self)  # attach, show and open pictures (issue 17)
        self.set_ready(False, lambda: self.tr("Opening your diary…"))
        ChatRoom(self)  # room for the chat column whatever is docked beside it (before the saved layout)
        parts.restore_layout(self)
        self.composer.editor.setFocus(Qt.FocusReason.OtherFocusReason)  # the window opens ready to write
        follow_language(self, self.retranslate)
        self._built.happen()

    def retranslate(self) -> None:
        """Menus, the dock's title, the status bar and the editor's hint (its children do their own)."""
        parts.retranslate_actions(self)
        self.memory_dock.setWindowTitle(self.tr("Memory about you"))
        for button, name, description in (  # Qt names the dock's buttons only when it builds them
                ("qt_dockwidget_closebutton", "Close", "Closes the dock widget"),
                ("qt_dockwidget_floatbutton", "Float", "Undocks and re-attaches the dock widget")):
            found = self.memory_dock.findChild(QAbstractButton, button)
            if found is not None:
                found.setAccessibleName(QCoreApplication.translate("QDockWidget", name))
                found.setAccessibleDescription(QCoreApplication.translate("QDockWidget", description))
        self.model_label.setAccessibleName(self.tr("Current model"))
        self.set_model_name(self._model_name)
        self.set_ready(not self.composer.editor.isReadOnly(), self._not_ready_reason)

    # -- building ---------------------------------------------------------------------------------
    def _build_frame(self) -> None:
        self.setWindowTitle("Hearth")
        self.setObjectName("hearthMainWindow")
        self.setMinimumSize(760, 480)
        self.centre = QWidget(self)
        self.centre.setObjectName("chatPane")
        self.column = QVBoxLayout(self.centre)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(0)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)
        self._build_memory_dock()

    def _warm_item_views(self) -> None:
        """The first item view of the process costs a frame's worth of one-time set-up (PySide makes the
        Python side of Qt's item-view types on first use): pay it in a step of its own."""
        warm = QListView(self)
        warm.viewport()
        warm.deleteLater()

    def _warm_fonts(self) -> None:
        """The first text measured in the process loads the font database and the font's engine (3-4 ms,
        the larger part of the sidebar's step, whose search box measures its text): pay it in a step of its
        own."""
        QFontMetrics(self.font()).height()

    def _build_sidebar(self) -> None:
        self.sidebar = Sidebar(self)

    def _place_sidebar(self) -> None:
        """The splitter shows what it is given, which polishes it (the style sheet matched over the whole
        sidebar: 2-3 ms) — a step apart from making it."""
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(self.centre)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([260, 740])

    def _build_header(self) -> None:
        self.notice_bar = parts.NoticeBar(self)
        self.day_header = parts.DayHeader(self)
        self.column.addWidget(self.notice_bar)
        self.column.addWidget(self.day_header)

    def _build_lookback(self) -> None:
        self.lookback = LookBackController(self)  # the calendar and "On this day"
        self.remembered = RememberedNotice(self.bridge, self.runner)
        self.column.addWidget(self.lookback.strip)
        self.column.addWidget(self.remembered)

    def _build_chat(self) -> None:
        self.chat_model = ChatModel(self)
        self.chat_view = ChatView(self.chat_model, self)
        self.column.addWidget(self.chat_view, 1)

    def _build_composer(self) -> None:
        self.composer = Composer(self)
        self.gauge = BudgetGauge(self)

    def _build_ritual(self) -> None:
        self.ritual = RitualController(self)  # the opening question, write mode, "Go deeper"
        self.column.insertWidget(self.column.indexOf(self.chat_view), self.ritual.card)
        self.column.addWidget(self.ritual.actions)
        self.column.addWidget(self.gauge)
        self.column.addWidget(self.composer)

    def _build_status(self) -> None:
        self.activity = ActivityIndicator(self)
        self.index_label = IndexStatusLabel(self)
        self.statusBar().addWidget(self.activity, 1)
        self.statusBar().addPermanentWidget(self.index_label)
        self.model_label = parts.status_label("", "")
        self.statusBar().addPermanentWidget(self.model_label)
        self.status_note = parts.StatusNote(self.statusBar())  # passing notes, said again after a switch

    def _build_memory_dock(self) -> None:
        self.memory_dock.setObjectName("memoryDock")
        areas = Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.LeftDockWidgetArea
        self.memory_dock.setAllowedAreas(areas)
        self.memory_dock.visibilityChanged.connect(self._on_memory_visibility)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.memory_dock)
        self.memory_dock.hide()

    def _on_memory_visibility(self, visible: bool) -> None:
        if visible:
            self.memory_shown_before = True
            self.memory_panel.setVisible(True)  # built on its first showing (unless built ahead)
            _paint_on_the_next_turn(self.memory_panel.view.viewport())

    @property
    def memory_panel_built(self) -> bool:
        return self._memory_panel is not None

    @property
    def memory_panel(self) -> MemoryPanel:
        """The "Memory about you" panel, built the first time it is needed and placed in its dock: a table,
        filters and an editor nobody sees at start-up would cost the first frame tens of milliseconds. A
        staged start-up builds it at idle after a day opens (``MemoryAhead``), so that opening it only shows
        it."""
        return self.dock_memory_panel()

    def dock_memory_panel(self) -> MemoryPanel:
        """The panel (built if it is not yet), placed in its dock if it is not yet."""
        panel = self.build_memory_panel()
        if self.memory_dock.widget() is not panel:
            self.memory_dock.setWidget(panel)
        return panel

    def build_memory_panel(self) -> MemoryPanel:
        """The panel, built (once) but not yet placed in its dock: ``MemoryAhead`` builds it on one turn and
        docks it (``dock_memory_panel``) on the next. Together they were one turn of 13-19 ms of the window's
        CPU in the UI bench, the start-up's most frequent tick near 16 ms (the build ~2/3 of it, the dock's
        size hints the rest). Until docked it is a hidden child of the hidden dock."""
        if self._memory_panel is None:
            panel = self._memory_panel = MemoryPanel(self.bridge, self.runner, self.memory_dock)
            panel.hide()  # until docked and its dock opened (``_on_memory_visibility`` shows it)
            panel.open_message_requested.connect(self.open_message)
            if self._last_report is not None:
                panel.show_budget(self._last_report)
        return self._memory_panel

    def _connect(self) -> None:
        b = self.bridge
        b.companion_changed.connect(self._on_companion_changed)
        b.message_added.connect(self._on_message_added)
        b.message_removed.connect(self._on_message_removed)
        b.conversation_opened.connect(self._on_conversation_opened)
        b.reply_started.connect(self._on_reply_started)
        b.token.connect(self.chat_model.append_token)
        b.reply_finished.connect(self._on_reply_finished)
        b.budget.connect(self._on_budget)
        b.job_started.connect(self.activity.job_started)
        b.job_finished.connect(self.activity.job_finished)
        b.job_failed.connect(self.activity.job_failed)
        b.error.connect(self._on_error_event)
        b.remembered.connect(self._on_remembered)
        b.index_progress.connect(self.index_label.show_progress)
        self.runner.task_failed.connect(lambda exc: show_exception(self, exc))
        self.composer.send_requested.connect(self.send)
        self.composer.stop_requested.connect(self.stop)
        self.composer.draft_settled.connect(self._on_draft_settled)
        self.chat_view.regenerate_requested.connect(self.regenerate)
        self.chat_view.delete_requested.connect(self.delete_entry)
        self.chat_view.open_entry_requested.connect(self.open_message)
        self.chat_view.selectionModel().currentChanged.connect(lambda *_: parts.update_action_state(self))
        self.sidebar.conversation_activated.connect(self.open_conversation)
        self.sidebar.today_requested.connect(self.open_today)
        self.sidebar.search_changed.connect(self.search)
        self.sidebar.hit_activated.connect(self._on_hit)

    # -- state ------------------------------------------------------------------------------------
    @property
    def companion(self) -> Companion | None:
        return self.bridge.companion

    def set_ready(self, ready: bool, reason: Text = "") -> None:
        """Enable writing once a companion exists; otherwise say why not (loading, failed) — a maker of the
        reason (``lambda: self.tr(...)``) is said again in the new language after a switch."""
        self.composer.editor.setReadOnly(not ready)
        self.composer.send_button.setEnabled(ready)
        self._not_ready_reason = "" if ready else reason
        if ready:
            self.composer.editor.setPlaceholderText(self.composer.ready_placeholder())
        else:
            self.composer.editor.setPlaceholderText(made(reason))
        parts.update_action_state(self)

    def set_diary(self, diary: Diary) -> None:
        """The diary is open: show the days (the companion may still be loading its model)."""
        self.diary = diary
        self.actions_["lock"].setEnabled(diary.encrypted)
        self.reload_days()
        self.drafts.diary_opened(diary)

    def set_locked(self, locked: bool) -> None:
        """Hide everything of the diary (the days, the chat, memory) while it is locked, or show it again."""
        if locked:
            self._cancel_measuring()
            self.chat_model.set_conversation(None, [])
            self.sidebar.set_conversations([])
            self.sidebar.hits.set_entries([])
            self.sidebar.search_box.clear()
            self.memory_dock.hide()
            self.ritual.day_shown(None)
            self.lookback.clear()
            self.set_ready(False, lambda: self.tr("The diary is locked."))
        if self.splitter.isHidden() != locked:  # (shown again though never hidden, it would be polished
            self.splitter.setVisible(not locked)  # and laid out whole at once: 10 ms when the diary opens)
        self.actions_["lock"].setEnabled(not locked and self.diary is not None and self.diary.encrypted)

    def set_model_name(self, name: str) -> None:
        """The model in the status bar (the bundled tiny model's name is said in the interface's language)."""
        self._model_name = name
        self.model_label.setText(self.tr(TINY_SHOWN) if name == TINY_NAME else name)

    def first_weekday(self) -> int:
        """Where weeks begin in the calendar and the weekly review (0 Monday … 6 Sunday)."""
        return first_weekday(self.week_start)

    def set_week_start(self, week_start: str) -> None:
        """The setting (or the language it follows) changed: lay the month out again."""
        self.week_start = week_start
        if self.is_built:
            self.lookback.refresh()

    @property
    def generating(self) -> bool:
        return self.composer.generating

    def _run(self, fn: Callable[[], T], done: Callable[[T], None] | None = None, key: str | None = None,
             on_error: Callable[[BaseException], None] | None = None) -> None:
        self.runner.run(fn, done, on_error or (lambda exc: show_exception(self, exc)), token_key=key)

    # -- days and conversations -------------------------------------------------------------------
    def reload_days(self) -> None:
        diary = self.diary
        if diary is None:
            return
        self._run(lambda: diary.list_conversations(limit=DAYS_LIMIT),
                  lambda infos: self.sidebar.set_conversations(infos, self.chat_model.conversation_id),
                  key="days")
        self.lookback.refresh()

    def open_today(self) -> None:
        self.open_conversation(None)

    def open_conversation(self, conversation_id: int | None, then_jump_to: int | None = None) -> None:
        """Show a day (None: today). The companion writes to the day that is shown."""
        companion, diary = self.companion, self.diary
        if diary is None:
            return
        self._pending_jump = then_jump_to
        self._loading, self._opening = True, conversation_id
        self.opened_conversation_id = None
        self._cancel_measuring()  # an earlier day still being measured must not show after this one was asked

        def load() -> Loaded:
            cid = conversation_id
            if companion is not None:
                companion.open_conversation(cid)  # the companion reports the new day's budget itself
                cid = companion.conversation_id
            elif cid is None:
                cid = _stored_id(diary.conversation_for_day(date.today()))
            messages = diary.messages(cid)
            replies = [m.id for m in messages if m.role == "assistant"]
            pictures = picture_views(diary, [m.id for m in messages if m.role == "user"])
            return cid, messages, diary.get_conversation(cid), remembered_for(diary, replies), pictures

        self._run(load, self._on_conversation_loaded, key="conversation", on_error=self._on_load_failed)

    def _on_load_failed(self, exc: BaseException) -> None:
        self._loading = False
        show_exception(self, exc)

    def _on_conversation_loaded(self, result: Loaded) -> None:
        """The day's messages arrived: measure the bubbles on screen a few per event-loop turn, then show."""
        conversation_id, messages, conversation, remembered, pictures = result
        items = [ChatItem.from_message(m) for m in messages]
        for item in items:
            item.remembered = remembered.get(item.message_id, ())
            item.pictures = pictures.get(item.message_id, ())
        self._cancel_measuring()
        shown = items[-self.chat_model.page_size:]

        def measure() -> None:
            self._cancel_measuring = self.chat_view.measure_ahead(
                shown, lambda: self._show_loaded(conversation_id, items, conversation))

        waiting = self._when_laid_out
        if waiting is None:
            measure()
            return
        # the window is still being shown in stages: the chat's width is known once it is laid out (measured
        # before, at its unsized width, every bubble was measured again in one turn: 5-6 ms)
        waiting.append(measure)
        self._cancel_measuring = partial(_drop, waiting, measure)

    def _show_loaded(self, conversation_id: int, items: list[ChatItem],
                     conversation: Conversation | None) -> None:
        """The day's bubbles and header now; what the day offers around it on the next turn (two slices)."""
        self._cancel_measuring = _nothing
        self._loading = False
        self.chat_model.set_conversation(conversation_id, items)
        self.day_header.show_conversation(conversation)
        shown = (conversation.day or conversation.created_at.date()) if conversation is not None else None
        self.composer.show_day(shown if shown is not None and shown != date.today() else None)
        if self._pending_jump is not None:
            self.chat_view.jump_to(self._pending_jump)
            self._pending_jump = None
        self._focus_composer()
        later(lambda: self._around_the_day(conversation_id, conversation), self)

    def _focus_composer(self) -> None:
        """A day opened: the message box takes the keyboard, so the person can write at once. Not from a
        text field (the search box, whose hits open days) or anything outside the sidebar and the chat (the
        memory panel, a dialog): a day that opens while the person types there must not take their words."""
        focused = QApplication.focusWidget()
        if focused is None or (self.splitter.isAncestorOf(focused) and not isinstance(focused, QLineEdit)):
            self.composer.editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def _around_the_day(self, conversation_id: int, conversation: Conversation | None) -> None:
        """The opening question, "On this day", the mood, the day list — then the day counts as opened."""
        if self.chat_model.conversation_id != conversation_id:
            return  # another day was opened meanwhile: it does this itself
        self.ritual.day_shown(conversation)
        self.lookback.day_shown(conversation)
        self.sidebar.set_current(conversation_id)
        self.reload_days()
        self.opened_conversation_id = conversation_id
        self.conversation_loaded.emit(conversation_id)
        self.memory_ahead.day_shown()  # (only on the app's staged start-up)

    def open_message(self, message_id: int) -> None:
        """Jump to a message anywhere in the diary (a search hit, a fact's source)."""
        if self.chat_model.contains(message_id):
            self.chat_view.jump_to(message_id)
            return
        diary = self.diary
        if diary is None:
            return

        def found(message: Message | None) -> None:
            if message is not None:
                self.open_conversation(message.conversation_id, message_id)

        self._run(lambda: diary.get_message(message_id), found)

    # -- search -----------------------------------------------------------------------------------
    def search(self, query: str) -> None:
        diary = self.diary
        if diary is None or not query.strip():
            return
        self._run(lambda: diary.search(query, limit=SEARCH_LIMIT),
                  lambda hits: self.sidebar.set_search_results(query, hits), key="search")

    def _on_hit(self, entry: SidebarEntry) -> None:
        if entry.message_id is None:
            return
        if entry.conversation_id == self.chat_model.conversation_id:
            self.chat_view.jump_to(entry.message_id)
        else:
            self.open_conversation(entry.conversation_id, entry.message_id)

    # -- writing ----------------------------------------------------------------------------------
    def send(self, text: str) -> None:
        """Store the message (off the UI thread: SQLite fsyncs) and let the reply stream in."""
        companion = self.companion
        if companion is None or self._sending:
            return
        if self.generating:
            self.composer.show_notice(
                lambda: self.tr("A reply is still being written — wait for it or press Stop (Esc)."))
            return
        self._sending = True
        self.chat_model.show_newest()
        self.chat_view.scroll_to_end()
        self._run(self.ritual.submit(companion, text), lambda mid: self._on_sent(text, mid),
                  on_error=lambda exc: self._on_send_failed(text, exc))

    def _on_sent(self, text: str, message_id: int) -> None:
        """The message is stored. The day list (and "look back") is reloaded, and the emptied draft recounted,
        once its reply has begun, not now: their queries and the recount, on other threads, would take turns
        for Python's lock with the reply's own context assembly and with the window, in the very frames that
        show the message (the UI bench's send frames waited 12-24 ms for the lock with four threads asking
        for it). An entry kept in Write mode gets no reply: both happen at once."""
        self._sending = False
        answered = self.composer.mode != WRITE
        self.composer.accept_sent(text, settle=not answered)
        self.drafts.typed()  # now, not when the reply begins: a write armed with the sent words is disarmed
        if not self.chat_model.contains(message_id):
            self.chat_model.append(ChatItem(message_id, "user", text, datetime.now()))
        self.chat_view.scroll_to_end()
        self.ritual.refresh()
        if answered:
            self._days_after_reply = True
        else:
            self.reload_days()

    def _after_reply_began(self) -> None:
        """A reply began, ended or failed: the day list and the draft's recount waited for it (_on_sent).
        On a later turn of the event loop, not in the one that adds the reply's bubble."""
        if self._days_after_reply:
            self._days_after_reply = False
            later(self._refresh_after_send, self)

    def _refresh_after_send(self) -> None:
        self.reload_days()
        self.composer.settle()

    def _on_send_failed(self, text: str, exc: BaseException) -> None:
        self._sending = False
        if isinstance(exc, INLINE_REFUSALS):  # the person can fix these in place
            self.composer.show_notice(lambda: self._refusal_text(exc))
        else:
            show_exception(self, exc)

    def _refusal_text(self, exc: BaseException) -> str:
        _title, message, hint = error_for(exc)
        kept = self.tr("Your text is still here.")
        return f"{message} {hint} {kept}"

    def stop(self) -> None:
        companion = self.companion
        if companion is not None and self.generating:
            self._run(companion.stop)

    def regenerate(self) -> None:
        companion = self.companion
        if companion is None or self.generating or self._sending:
            return
        if self.chat_model.last_row_with_role("assistant") is None:
            return
        self.composer.set_generating(True)
        self._run(companion.regenerate, on_error=self._on_regenerate_failed)

    def _on_regenerate_failed(self, exc: BaseException) -> None:
        self.composer.set_generating(False)
        show_exception(self, exc)

    def delete_entry(self, message_id: int | None = None) -> None:
        """Ask, then delete ``message_id`` (default: the entry under the cursor) off the UI thread; the row
        goes when the companion reports ``MessageRemoved``. Never the reply being written."""
        row = self.chat_model.row_of(message_id) if message_id is not None else None
        item = self.chat_model.item(row) if row is not None else self.chat_view.current_item()
        companion = self.companion
        if companion is None or item is None or item.streaming:
            return
        target = item.message_id
        task = deleted_everywhere(companion.diary, lambda: companion.delete_message(target))
        shown = self.day_header.day  # its date, not "Today": "Delete this entry from Today?" (QA)
        day = DateText().long_day(shown) if shown is not None else self.day_header.title.full_text()
        parts.ask_to_delete(self, item, day, lambda: self._run(task, self._on_deleted))

    def _on_deleted(self, unscrubbed: list[Path]) -> None:
        self.reload_days()
        if self.companion is not None:
            tell_if_any(self, self.runner, self.companion.diary, unscrubbed)

    def copy_selection(self) -> None:
        self.chat_view.copy_selection()

    # -- companion events -------------------------------------------------------------------------
    def _on_companion_changed(self, companion: Companion | None) -> None:
        """A companion is ready: it writes to the day on screen and budgets for the draft in the editor.
        No reply of the one before is still ours to wait for (the diary was locked, or a backup restored,
        while one streamed: its end is never delivered), so the composer is not left on Stop."""
        self._replies_begun.clear()
        self.composer.set_generating(False)
        self.set_ready(companion is not None, lambda: self.tr("Loading the model…"))
        if companion is None:
            return
        if self.composer.text():
            companion.set_draft(self.composer.text())
        if self.diary is not None:  # the day being opened, if one is (not the one it replaces)
            self.open_conversation(self._opening if self._loading else self.chat_model.conversation_id)

    def _on_message_added(self, event: ev.MessageAdded) -> None:
        if event.conversation_id == self.chat_model.conversation_id:
            self.chat_model.append(ChatItem(event.message_id, event.role, event.text, event.created_at))
            self.ritual.refresh()

    def _on_reply_started(self, event: ev.ReplyStarted) -> None:
        self._replies_begun.add(event.message_id)
        self.composer.set_generating(True)  # even for another day's reply: Stop must stay reachable
        parts.update_action_state(self)
        self._after_reply_began()
        if event.conversation_id != self.chat_model.conversation_id:
            return
        item = ChatItem(event.message_id, "assistant", "", datetime.now(), streaming=True)
        self.chat_model.append(item)
        self.ritual.refresh()

    def _on_message_removed(self, event: ev.MessageRemoved) -> None:
        if event.conversation_id == self.chat_model.conversation_id:
            self.chat_model.remove(event.message_id)
            self.ritual.refresh()

    def _on_conversation_opened(self, event: ev.ConversationOpened) -> None:
        """A new day began while the window followed today: show it (ignored while the window opens one)."""
        if not self._loading and event.conversation_id != self.chat_model.conversation_id:
            self.open_conversation(event.conversation_id)

    def _on_reply_finished(self, event: ev.ReplyFinished) -> None:
        self._replies_begun.discard(event.message_id)
        self._after_reply_began()
        self.chat_model.finish(event.message_id, event.text, event.status)
        self._reply_over()

    def _reply_over(self) -> None:
        """No reply runs now: Send comes back, and the actions and the ritual that waited for it."""
        self.composer.set_generating(False)
        parts.update_action_state(self)
        self.ritual.refresh()

    def _on_remembered(self, event: ev.Remembered) -> None:
        if event.conversation_id == self.chat_model.conversation_id:
            self.chat_model.set_remembered(event.reply_id, event.entries)

    def _on_error_event(self, event: ev.ErrorRaised) -> None:
        self._after_reply_began()  # the reply may never begin
        if not self._replies_begun and self.composer.generating:
            # A reply asked for (Ask Hearth, Go deeper, Regenerate: Stop is shown from the click) that could
            # not begin — its prompt could not be made, the model's server is gone: no ReplyFinished follows,
            # and Send would wait for it for good.
            self._reply_over()
        message, hint = translated_event_text(event.message, event.hint)
        show_error(self, self.tr("Hearth needs your attention"), message, hint)

    # -- the next prompt's budget -----------------------------------------------------------------
    def _on_draft_settled(self, text: str) -> None:
        """Typing paused (or the draft was just sent): the companion recounts the next prompt with it, and
        the diary keeps the words."""
        self.drafts.typed()
        companion = self.companion
        if companion is not None:
            companion.set_draft(text)

    def _on_budget(self, report: ev.BudgetReport) -> None:
        """Draw the companion's report of the next prompt: the gauge and the draft's own token count."""
        self._last_report = report  # for the memory panel, if it is built later
        self.gauge.set_report(report)
        self.composer.set_token_count(report.draft_tokens, counted_chars=report.draft_chars)

    def refresh_budget(self) -> None:
        """Ask the companion for a fresh report (it arrives on ``bridge.budget``; nothing is counted here)."""
        companion = self.companion
        if companion is not None:
            companion.refresh_budget()

    # -- panels and dialogs -----------------------------------------------------------------------
    def focus_search(self) -> None:
        self.sidebar.focus_search()

    def show_first_run_notice(self) -> None:
        self.notice_bar.show_message(
            lambda: self.tr("You're using the small built-in model, so Hearth works right away and offline. "
                            "For warmer, wiser replies, download the recommended model."),
            lambda: self.tr("Download recommended model…"),
            self.model_manager_requested.emit,
        )

    # -- geometry ---------------------------------------------------------------------------------
    def quit_app(self) -> None:
        """Diary ▸ Quit and the tray's Quit: close for good, even when closing the window would keep Hearth
        in the tray (QA: the menu's Quit only hid the window). An unsaved entry asks first, over the window
        shown again; answered Cancel, the window stays and its close button hides to the tray again."""
        self.quitting = True
        if self.composer.text().strip() and not self.isVisible():
            self.showNormal()
        self.close()
        asking = self.saving_draft or (self.draft_box is not None and self.draft_box.isVisible())
        if self.isVisible() and not asking and not self.drafts.closing:  # still here, not asking: as it was
            self.quitting = False

    def ask_about_draft(self) -> bool:
        """Closing with words in the message box that the diary could not keep as a draft (the disk is full,
        the diary is damaged): ask — Save (as an entry, unanswered, as Write mode keeps one), Discard or
        Cancel. True while the question is open (the close waits for the answer)."""
        text, companion = self.composer.text(), self.companion
        if not text.strip() or companion is None or self.composer.editor.isReadOnly():
            return False
        if self.saving_draft or (self.draft_box is not None and self.draft_box.isVisible()):
            return True  # asked already, or being saved: the close comes once it is
        box, save, discard = self._draft_question()
        answering = self.ritual.card.text()  # the day's question it answers, as Write mode stores it

        def saved(_message_id: int) -> None:
            self.saving_draft = False
            self._saved_then_close(text)

        def not_saved(exc: BaseException) -> None:
            self.saving_draft = False
            show_exception(self, exc)

        def answered(button: QAbstractButton) -> None:
            self.draft_box = None
            if button is discard:
                self.composer.set_text("")
                self.close()
            elif button is save:
                self.saving_draft = True  # a second close meanwhile must not save it twice (review)
                self.runner.run(lambda: companion.write(text, answering=answering), saved, not_saved)
            else:  # Cancel: go on writing; a Quit that asked is no longer under way
                self.quitting = False

        box.buttonClicked.connect(answered)
        self.draft_box = box
        box.open()
        return True

    def _draft_question(self) -> tuple[QMessageBox, QAbstractButton, QAbstractButton]:
        """"Your entry is not saved yet": (the box, its Save button, its Discard button); Cancel: go on."""
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Your entry is not saved yet"),
                          self.tr("What you have written is not in your diary yet."),
                          QMessageBox.StandardButton.NoButton, self)
        box.setInformativeText(self.tr("Hearth could not keep it for next time. Save it to the diary as an "
                                       "entry before closing? Hearth answers it only if you ask."))
        save = box.addButton(self.tr("Save to diary"), QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(self.tr("Discard"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save)
        return box, save, discard

    def _saved_then_close(self, text: str) -> None:
        if self.composer.text() == text:
            self.composer.set_text("")
        self.close()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        """Tab and Shift+Tab in reading order (``window_parts.next_in_reading_order``); a child that does not
        use Tab itself hands it up to here."""
        target = parts.next_in_reading_order(self, QApplication.focusWidget(), next)
        if target is None:
            return super().focusNextPrevChild(next)
        reason = Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason
        target.setFocus(reason)
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.quitting and self.hide_on_close():
            event.ignore()
            self.hide()
            return
        if not self.closing_for_good and not self.drafts.ready_to_close():
            event.ignore()  # the words are written first (or the person answers); then it closes
            return
        with contextlib.suppress(OSError):
            parts.save_layout(self)
        super().closeEvent(event)


def _nothing() -> None:
    """Nothing to cancel."""


def _paint_on_the_next_turn(widget: QWidget) -> None:
    """``widget`` drawn a turn after the rest: the memory panel's rows, when the dock opens. Opening it
    lays out and paints the window again around it (the chat narrower, the panel), one turn of 18-20 ms of
    the window's CPU with 120 facts in the UI bench even when readied (``MemoryAhead``); the rows' paint
    on a turn of its own leaves 10-12 ms. The rows are blank for that one frame."""
    widget.setUpdatesEnabled(False)
    later(lambda: widget.setUpdatesEnabled(True), widget)  # (which asks for the paint)


def _drop(waiting: list[Callable[[], None]], then: Callable[[], None]) -> None:
    """Cancel ``then`` if it is still waiting."""
    if then in waiting:
        waiting.remove(then)


def _warm_painter_types() -> None:
    """``QPainter.fillRect`` has an overload taking a gradient preset: its first call makes the Python type of
    ``QGradient`` with its 180 presets (2.5-3 ms), which the gauge's first report paid at start-up."""
    getattr(QtGui, "QGradient", None)


def _make_widget_types(part: int) -> None:
    """One of ``WIDGET_TYPE_STEPS`` shares of the widget classes' Python types (a name a PySide version does
    not have is skipped; one it adds is made by the item view's step)."""
    for name in WIDGET_TYPES[part::WIDGET_TYPE_STEPS]:
        getattr(QtWidgets, name, None)


def _stored_id(conversation: Conversation) -> int:
    """The id of a conversation the diary returned (stored rows always have one)."""
    if conversation.id is None:
        raise ValueError("the diary returned an unsaved conversation")
    return conversation.id
