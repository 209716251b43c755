"""Pieces of the main window kept out of ``main_window.py``: actions and shortcuts, the notice bar, the
day header, the remembered window layout. ``show_error`` / ``show_exception`` are ``app.ui.errors``'s,
re-exported for the app.

Every common action has a menu entry and a shortcut, so the window can be used from the keyboard alone.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, TypeGuard

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QObject, QPoint, QRect, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QFont, QKeySequence, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QStatusBar,
    QVBoxLayout,
    QWidget,
)

from app.store import Conversation
from app.ui.chat_delegate import paint_accent_card
from app.ui.chat_model import ChatItem
from app.ui.errors import keep_until_closed, show_error, show_exception
from app.ui.fitting_label import FittingLabel
from app.ui.i18n import QT_TRANSLATE_NOOP, DateText, Text, follow_language, made
from app.ui.picture_marker import MARKER, MARKER_CONTEXT, said_pictures
from app.ui.sidebar import day_title
from app.ui.small_screens import FlowRow
from app.ui.wrap_button import WrapButton

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

translate = QCoreApplication.translate


def status_label(text: str, accessible: str) -> QLabel:
    label = QLabel(text)
    label.setAccessibleName(accessible)
    label.setContentsMargins(8, 0, 8, 0)
    return label


class NoticeBar(QFrame):
    """A quiet, non-blocking banner at the top of the chat (first run: "download the better model")."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("noticeBar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.text = QLabel("", self)
        self.text.setWordWrap(True)
        self.text.setObjectName("noticeBarText")
        self.action_button = WrapButton("", self)
        self.action_button.setObjectName("noticeBarAction")
        self.close_button = WrapButton("", self)
        self.close_button.setObjectName("noticeBarClose")
        self.close_button.setFlat(True)
        self.close_button.clicked.connect(self.hide)
        self._action: Callable[[], None] | None = None
        self._message: tuple[Text, Text] = ("", "")  # (text, action text) of the notice shown
        self._important = False
        self.action_button.clicked.connect(self._run_action)
        self._build()
        self.hide()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setAccessibleName(self.tr("Notice"))
        self.close_button.setText(self.tr("Not now"))
        self.close_button.setAccessibleDescription(self.tr("Dismiss the notice"))
        text, action_text = self._message
        self.text.setText(made(text))
        self.action_button.setText(made(action_text))

    def _build(self) -> None:
        """Text on top, buttons under it on the right: a narrow column (the memory dock open, Russian's
        longer words) wraps the text instead of squeezing it beside two buttons and cutting their labels,
        and puts a button that does not fit beside the other under it (the chat column's 360 px)."""
        column = QVBoxLayout(self)
        column.setContentsMargins(24, 14, 20, 10)
        column.setSpacing(6)
        column.addWidget(self.text)
        buttons = FlowRow(right=True, spacing=10)  # the second under the first when both do not fit
        buttons.addWidget(self.action_button)
        buttons.addWidget(self.close_button)
        column.addLayout(buttons)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._claim_height(event.size().width())
        super().resizeEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # a button re-wrapped its label, the text changed
            self._claim_height(self.width())
        return super().event(event)

    def _claim_height(self, width: int) -> None:
        """Claim the height the wrapped text needs at this width: the splitter around the chat pane does
        not pass height-for-width down, so without this a narrow banner is cut at top and bottom."""
        layout = self.layout()
        needed = layout.heightForWidth(width) if layout is not None else -1
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)

    def paintEvent(self, _event: QPaintEvent) -> None:
        """A soft tint of the accent colour."""
        paint_accent_card(self, edge=(0.45, 0.35), fill=(0.16, 0.10), inset=(8.5, 6.5), radius=8)

    def show_message(
        self, text: Text, action_text: Text = "", action: Callable[[], None] | None = None, *,
        important: bool = False,
    ) -> None:
        """Show ``text`` (a maker is made again in a new language); an ``important`` notice on screen is not
        replaced by an ordinary one (a damaged diary matters more than a model offer)."""
        if self._important and self.isVisible() and not important:
            return
        self._important = important
        self._message = (text, action_text)
        self.text.setText(made(text))
        self._action = action
        self.action_button.setText(made(action_text))
        self.action_button.setVisible(bool(made(action_text) and action))
        self.show()

    def _run_action(self) -> None:
        if self._action is not None:
            self._action()


class StatusNote(QObject):
    """A passing note in the window's status bar ("Nothing was written on that day.") that a live language
    switch says again in the new language for the time it has left. ``QStatusBar.showMessage`` keeps only
    the finished string: after a switch the note stayed in the old language until it timed out (QA). So the
    note is kept as its maker and ended by a timer of its own; a message shown over it is left alone."""

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.bar = bar
        self._note: Text = ""
        self._said = ""  # the note as shown (another message in its place is not the note)
        self.timer = QTimer(self, singleShot=True)  # ends the note
        self.timer.timeout.connect(self._end)
        follow_language(bar, self.retranslate)

    def show(self, note: Text, timeout_ms: int) -> None:
        """Show ``note`` (a maker is made again after a language switch) for ``timeout_ms``."""
        self._note = note
        self._say()
        self.timer.start(timeout_ms)

    def showing(self) -> bool:
        """The note is on screen: not ended, and no other message shown in its place."""
        return self.timer.isActive() and self.bar.currentMessage() == self._said

    def retranslate(self) -> None:
        if self.showing():
            self._say()

    def _say(self) -> None:
        self._said = made(self._note)
        self.bar.showMessage(self._said)

    def _end(self) -> None:
        if self.bar.currentMessage() == self._said:
            self.bar.clearMessage()


class DayHeader(QWidget):
    """The day being shown, above the conversation: "Today  Tuesday, 1 December 2026"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dayHeader")
        self.day: date | None = None  # the day shown (``show_conversation``)
        self.title = FittingLabel(self)  # "Today", or an older day's date (abbreviated when squeezed)
        self.title.setObjectName("dayTitle")
        self.date = FittingLabel(self)  # the long date, without the year, abbreviated, or that elided
        self.date.setObjectName("dayDate")
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setWeight(QFont.Weight.DemiBold)
        self.title.setFont(font)
        self.date.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        row = QHBoxLayout(self)
        row.setContentsMargins(20, 12, 20, 4)
        row.setSpacing(12)
        row.addWidget(self.title)
        row.addWidget(self.date, 0, Qt.AlignmentFlag.AlignBottom)
        row.addStretch(1)
        self._conversation: Conversation | None = None
        self._today: date | None = None  # None: the clock's date
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setAccessibleName(self.tr("Day shown"))
        if self.title.text():  # a day is shown: its title and date in the new language
            self.show_conversation(self._conversation, self._today)

    def show_conversation(self, conversation: Conversation | None, today: date | None = None) -> None:
        """``today`` is the clock's date unless given (a test pins the widest date of the year with it).

        Every date here may be abbreviated ("Wed, 30 Sep") when the column is squeezed: a long weekday and
        month asked for the whole of their width, so at 1024 px with the memory dock open the sidebar's
        search hint was cut on some days (Russian "понедельник, 20 сентября 2027") and not on others."""
        self._conversation, self._today = conversation, today
        day = None if conversation is None else conversation.day or conversation.created_at.date()
        self.day = day
        fallback = (conversation.title if conversation else "") or self.tr("Conversation")
        today = today or date.today()
        title = day_title(day, today, fallback=fallback)
        dates = DateText()
        recent = day is not None and (today - day).days in (0, 1)  # titled "Today" / "Yesterday"
        if day is not None and not recent:  # the title is the day's date
            self.title.set_texts([title, dates.short_day(day, with_year=day.year != today.year)])
        else:
            self.title.set_texts([title])
        full = dates.long_day(day) if day is not None else ""
        shorter = [full, dates.day_this_year(day), dates.short_day(day)] if recent and day is not None else []
        self.date.set_texts(shorter)  # the longest that fits; the layout may squeeze it to "Wed, 30 Sep"
        self.setAccessibleDescription(f"{title} {full}".strip())


# name -> (text, tooltip or ""); English sources in context "MainWindow" (made again on a language change)
ACTION_TEXTS: dict[str, tuple[str, str]] = {
    "today": (QT_TRANSLATE_NOOP("MainWindow", "&Today"),
              QT_TRANSLATE_NOOP("MainWindow", "Open today's page")),
    "search": (QT_TRANSLATE_NOOP("MainWindow", "&Search…"), ""),
    "write": (QT_TRANSLATE_NOOP("MainWindow", "&Write"),
              QT_TRANSLATE_NOOP("MainWindow", "Focus the message box")),
    "settings": (QT_TRANSLATE_NOOP("MainWindow", "S&ettings…"), ""),
    "lock": (QT_TRANSLATE_NOOP("MainWindow", "&Lock diary"),
             QT_TRANSLATE_NOOP("MainWindow", "Hide the diary until its passphrase is entered again")),
    "quit": (QT_TRANSLATE_NOOP("MainWindow", "&Quit"), ""),
    "send": (QT_TRANSLATE_NOOP("MainWindow", "&Send"), ""),
    "stop": (QT_TRANSLATE_NOOP("MainWindow", "S&top reply"), ""),
    "regenerate": (QT_TRANSLATE_NOOP("MainWindow", "&Regenerate reply"), ""),
    "ask": (QT_TRANSLATE_NOOP("MainWindow", "&Ask Hearth"),
            QT_TRANSLATE_NOOP("MainWindow", "Hearth answers the entry you wrote in write mode")),
    "deeper": (QT_TRANSLATE_NOOP("MainWindow", "Go &deeper"),
               QT_TRANSLATE_NOOP("MainWindow", "One reflective question about your last entry")),
    "insights": (QT_TRANSLATE_NOOP("MainWindow", "&Insights…"),
                 QT_TRANSLATE_NOOP("MainWindow", "Mood, words and people over time")),
    "week": (QT_TRANSLATE_NOOP("MainWindow", "&Weekly review…"),
             QT_TRANSLATE_NOOP("MainWindow", "The week's review")),
    "export_day": (QT_TRANSLATE_NOOP("MainWindow", "E&xport day…"),
                   QT_TRANSLATE_NOOP("MainWindow", "Save the day shown as Markdown or PDF")),
    "print_day": (QT_TRANSLATE_NOOP("MainWindow", "&Print day…"),
                  QT_TRANSLATE_NOOP("MainWindow", "Print the day shown, with or without Hearth's replies")),
    "models": (QT_TRANSLATE_NOOP("MainWindow", "&Models…"), ""),
    "delete": (QT_TRANSLATE_NOOP("MainWindow", "&Delete entry…"),
               QT_TRANSLATE_NOOP("MainWindow", "Delete the selected entry for good")),
    "memory": (QT_TRANSLATE_NOOP("MainWindow", "&Memory about you"), ""),
}
MENUS: tuple[tuple[str, tuple[str | None, ...]], ...] = (
    (QT_TRANSLATE_NOOP("MainWindow", "&Diary"),
     ("today", "search", "write", None, "export_day", "print_day", None, "settings", "lock", None, "quit")),
    (QT_TRANSLATE_NOOP("MainWindow", "&Edit"), ("copy",)),
    (QT_TRANSLATE_NOOP("MainWindow", "&Conversation"),
     ("send", "stop", "regenerate", "ask", "deeper", None, "delete")),
    (QT_TRANSLATE_NOOP("MainWindow", "&View"), ("memory", None, "insights", "week")),
    (QT_TRANSLATE_NOOP("MainWindow", "&Model"), ("models",)),
)


def _action(window: MainWindow, keys: str | QKeySequence.StandardKey, slot: Callable[[], object], *,
            scope: QWidget | None = None) -> QAction:
    """An action with a shortcut (its text comes from ``retranslate_actions``); with ``scope`` the shortcut
    only works while focus is inside it (Ctrl+F and Ctrl+Return mean something else in the memory panel)."""
    action = QAction(window)
    action.setShortcut(QKeySequence(keys))
    action.triggered.connect(lambda *_: slot())
    if scope is None:
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        window.addAction(action)
    else:
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        scope.addAction(action)
    return action


def build_actions(window: MainWindow) -> dict[str, QAction]:
    """Menus and shortcuts for every common action (texts set by ``retranslate_actions``)."""
    actions = {
        "today": _action(window, "Ctrl+T", window.open_today),
        "search": _action(window, QKeySequence.StandardKey.Find, window.focus_search, scope=window.splitter),
        "write": _action(window, "Ctrl+L", window.composer.editor.setFocus),
        "settings": _action(window, "Ctrl+,", window.settings_requested.emit),
        "lock": _action(window, "Ctrl+Shift+L", window.lock_requested.emit),
        "quit": _action(window, "Ctrl+Q", window.quit_app),
        "send": _action(window, "Ctrl+Return", window.composer.request_send, scope=window.splitter),
        "stop": _action(window, "Esc", window.stop),
        "regenerate": _action(window, "Ctrl+R", window.regenerate),
        "ask": _action(window, "Ctrl+Shift+Return", window.ritual.ask),
        "deeper": _action(window, "Ctrl+Shift+D", window.ritual.go_deeper),
        "insights": _action(window, "Ctrl+Shift+I", window.ritual.show_insights),
        "week": _action(window, "Ctrl+Shift+W", window.ritual.show_weekly_review),
        "export_day": _action(window, "Ctrl+Shift+E", window.ritual.export_day),
        "print_day": _action(window, QKeySequence.StandardKey.Print, window.ritual.print_day),
        "models": _action(window, "Ctrl+Shift+M", window.model_manager_requested.emit),
        "delete": _action(window, QKeySequence.StandardKey.Delete, window.delete_entry,
                          scope=window.chat_view),
    }
    memory = window.memory_dock.toggleViewAction()
    memory.setShortcut(QKeySequence("Ctrl+M"))
    memory.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    window.addAction(memory)
    actions["memory"] = memory
    actions["copy"] = window.chat_view.copy_action
    bar = window.menuBar()
    for index, (_title, names) in enumerate(MENUS):
        menu = bar.addMenu("")
        menu.setObjectName(f"menu{index}")
        for name in names:
            if name is None:
                menu.addSeparator()
            else:
                menu.addAction(actions[name])
    return actions


def retranslate_actions(window: MainWindow) -> None:
    """The menus' titles and the actions' texts and tooltips in the interface's language."""
    for name, (text, tip) in ACTION_TEXTS.items():
        action = window.actions_[name]
        action.setText(translate("MainWindow", text))
        action.setToolTip(translate("MainWindow", tip) if tip else action.text().replace("&", ""))
    for index, (title, _names) in enumerate(MENUS):
        menu = window.menuBar().findChild(QMenu, f"menu{index}")
        if menu is not None:
            menu.setTitle(translate("MainWindow", title))


def update_action_state(window: MainWindow) -> None:
    """Enable what makes sense now (Stop while generating, Regenerate when idle, …)."""
    actions = window.actions_
    ready = window.companion is not None
    generating = window.generating
    actions["send"].setEnabled(ready and not generating)
    actions["stop"].setEnabled(ready and generating)
    actions["regenerate"].setEnabled(ready and not generating)
    actions["ask"].setEnabled(ready and not generating)
    actions["deeper"].setEnabled(ready and not generating)
    current = window.chat_view.current_item()
    actions["delete"].setEnabled(ready and current is not None and not current.streaming)


PREVIEW_CHARS = 60


def preview(text: str, limit: int = PREVIEW_CHARS) -> str:
    """The first ``limit`` printable characters of an entry, on one line; a picture's stored marker
    ("[picture: NAME, DATE]", English whatever the language) said in the interface's words (QA)."""
    text = said_pictures(text, translate(MARKER_CONTEXT, MARKER))
    flat = "".join(c if c.isprintable() else " " for c in text)
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[:limit].rstrip() + "…"


def ask_to_delete(window: QWidget, item: ChatItem, day: str, on_yes: Callable[[], None]) -> QMessageBox:
    """A window-modal, non-blocking confirmation (``open()``): the event loop, and streaming, go on."""
    box = QMessageBox(window)
    box.setObjectName("deleteEntryBox")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("DeleteEntry", "Delete entry"))
    box.setTextFormat(Qt.TextFormat.PlainText)  # diary text is never markup
    question = translate("DeleteEntry", "Delete this entry from {day}?").format(day=day)
    box.setText(f"{question}\n\n“{preview(item.text)}”")
    box.setInformativeText(translate("DeleteEntry", "It is removed from the diary, from search and from the "
                                     "backups. This cannot be undone."))
    delete = box.addButton(translate("DeleteEntry", "Delete"), QMessageBox.ButtonRole.DestructiveRole)
    delete.setObjectName("deleteEntryConfirm")
    box.setDefaultButton(box.addButton(QMessageBox.StandardButton.Cancel))
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    destructive = QMessageBox.ButtonRole.DestructiveRole
    box.buttonClicked.connect(lambda button: on_yes() if box.buttonRole(button) == destructive else None)
    keep_until_closed(box)  # found and closed like every other non-blocking box (tests, shutdown)
    box.open()
    return box


def _layout_store(window: MainWindow) -> QSettings:
    return QSettings(str(window.data_dir / "window.ini"), QSettings.Format.IniFormat)


def restore_layout(window: MainWindow) -> None:
    """Size, docks and the sidebar's width as the person left them (a sensible size the first time)."""
    store = _layout_store(window)
    geometry, state, splitter = (store.value(key) for key in ("geometry", "state", "splitter"))
    if _saved(geometry):
        window.restoreGeometry(geometry)
    else:
        window.resize(1080, 720)
    if _saved(state):
        window.restoreState(state)
    if _saved(splitter):
        window.splitter.restoreState(splitter)


def save_layout(window: MainWindow) -> None:
    store = _layout_store(window)
    store.setValue("geometry", window.saveGeometry())
    store.setValue("state", window.saveState())
    store.setValue("splitter", window.splitter.saveState())
    store.sync()


def _saved(value: object) -> TypeGuard[QByteArray]:
    return isinstance(value, QByteArray) and not value.isEmpty()




def next_in_reading_order(window: MainWindow, current: QWidget | None, forward: bool) -> QWidget | None:
    """Where Tab (``forward``) or Shift+Tab goes from ``current``: the window's focusable, visible widgets in
    reading order — the sidebar, the day column from its top down to the message box and the Talk/Write
    switch, the memory panel, left to right within a row. Built in parts, the window's own order was the
    build's: the message box first, the notice bar after the day list, the question and "On this day"
    after the composer, the conversation last (QA, session 23). None: nothing to move to."""
    stops = reading_order(window)
    if not stops:
        return None
    if current not in stops:
        return stops[0] if forward else stops[-1]
    at = stops.index(current)
    return stops[(at + (1 if forward else -1)) % len(stops)]


def reading_order(window: MainWindow) -> list[QWidget]:
    """The Tab stops of the window (not of its dialogs or a floating panel), in reading order."""
    regions: list[QWidget] = [window.sidebar, window.centre, window.memory_dock]
    placed: list[tuple[int, QRect, QWidget]] = []
    for widget in window.findChildren(QWidget):
        if not _tab_stop(widget) or widget.window() is not window:
            continue
        inside = (n for n, r in enumerate(regions) if r is widget or r.isAncestorOf(widget))
        region = next(inside, len(regions))
        placed.append((region, QRect(widget.mapTo(window, QPoint(0, 0)), widget.size()), widget))
    placed.sort(key=lambda entry: (entry[0], entry[1].top(), entry[1].left()))
    order: list[QWidget] = []
    row: list[tuple[int, QRect, QWidget]] = []
    for entry in placed:  # widgets whose heights overlap the row's first are one row, read left to right
        if row and (entry[0] != row[0][0] or entry[1].top() >= row[0][1].bottom()):
            order += [w for _r, _g, w in sorted(row, key=lambda e: e[1].left())]
            row = []
        row.append(entry)
    order += [w for _r, _g, w in sorted(row, key=lambda e: e[1].left())]
    return order


def _tab_stop(widget: QWidget) -> bool:
    return (bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus) and widget.isVisible() and widget.isEnabled()
            and widget.focusProxy() is None)

__all__ = ["DayHeader", "NoticeBar", "StatusNote", "ask_to_delete", "build_actions", "next_in_reading_order",
           "preview", "reading_order", "restore_layout", "retranslate_actions", "save_layout", "show_error",
           "show_exception", "status_label", "update_action_state"]
