"""The daily ritual's widgets: the Talk/Write switch, the opening question card, the entry actions.

Each widget does no I/O and sets all its texts in ``retranslate()`` (called from ``__init__``), so a live
language switch can call it again. ``RitualController`` (``app.ui.ritual_controller``) wires them to the
window and the companion.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPaintEvent, QPalette
from PySide6.QtWidgets import QButtonGroup, QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.ui.chat_delegate import paint_accent_card
from app.ui.i18n import follow_language
from app.ui.wrap_button import WrapButton

TALK, WRITE = "talk", "write"


class ModeSwitch(QWidget):
    """Two linked buttons: *Talk* (the companion answers each entry) and *Write* (silent until asked)."""

    mode_changed = Signal(str)  # TALK | WRITE

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("modeSwitch")
        self.talk_button = QPushButton(self)
        self.write_button = QPushButton(self)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        for button, name in ((self.talk_button, "modeTalk"), (self.write_button, "modeWrite")):
            button.setObjectName(name)
            button.setCheckable(True)
            button.setFlat(True)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            self.group.addButton(button)
            row.addWidget(button)
        self.talk_button.setChecked(True)
        self.group.buttonToggled.connect(self._on_toggled)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.talk_button.setText(self.tr("Talk"))
        self.talk_button.setToolTip(self.tr("Hearth answers each entry"))
        self.write_button.setText(self.tr("Write"))
        self.write_button.setToolTip(
            self.tr("A roomy page for a long entry; Hearth stays silent until you ask")
        )
        self.setAccessibleName(self.tr("Writing mode"))
        for button in (self.talk_button, self.write_button):  # each says its group (QA)
            button.setAccessibleDescription(f"{self.accessibleName()}: {button.toolTip()}")

    @property
    def mode(self) -> str:
        return WRITE if self.write_button.isChecked() else TALK

    def set_mode(self, mode: str) -> None:
        (self.write_button if mode == WRITE else self.talk_button).setChecked(True)

    def _on_toggled(self, button: QPushButton, checked: bool) -> None:
        if checked:
            self.mode_changed.emit(WRITE if button is self.write_button else TALK)


class OpeningQuestionCard(QFrame):
    """An empty day's one gentle question, with "Another question" and "Dismiss"."""

    another_requested = Signal()
    dismiss_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("openingQuestion")
        self.caption = QLabel(self)
        self.caption.setObjectName("openingQuestionCaption")
        self.caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.question = QLabel(self)
        self.question.setObjectName("openingQuestionText")
        self.question.setWordWrap(True)
        self.question.setTextFormat(Qt.TextFormat.PlainText)  # model text is never markup
        font = self.question.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setItalic(True)
        self.question.setFont(font)
        self.another_button = WrapButton("", self)
        self.another_button.setObjectName("anotherQuestion")
        self.another_button.setFlat(True)
        self.dismiss_button = WrapButton("", self)
        self.dismiss_button.setObjectName("dismissQuestion")
        self.dismiss_button.setFlat(True)
        self.another_button.clicked.connect(self.another_requested)
        self.dismiss_button.clicked.connect(self.dismiss_requested)
        self.source = ""
        self._build()
        follow_language(self, self.retranslate)
        self.hide()

    def _build(self) -> None:
        column = QVBoxLayout(self)
        column.setContentsMargins(32, 18, 28, 12)
        column.setSpacing(6)
        column.addWidget(self.caption)
        column.addWidget(self.question)
        buttons = QHBoxLayout()
        buttons.setSpacing(8)
        buttons.addStretch(1)
        buttons.addWidget(self.another_button)
        buttons.addWidget(self.dismiss_button)
        column.addLayout(buttons)

    def retranslate(self) -> None:
        self.caption.setText(self.tr("A question for today"))
        self.another_button.setText(self.tr("Another question"))
        self.another_button.setToolTip(self.tr("Show a different question"))
        self.dismiss_button.setText(self.tr("Dismiss"))
        self.dismiss_button.setToolTip(self.tr("No question today"))
        self.setAccessibleName(self.tr("Today's opening question"))

    def show_question(self, text: str, source: str) -> None:
        """Show ``text`` (hide the card when it is empty)."""
        self.source = source
        self.question.setText(text)
        self.question.setAccessibleName(text)
        self.setVisible(bool(text))

    def text(self) -> str:
        return self.question.text() if self.isVisible() else ""

    def paintEvent(self, _event: QPaintEvent) -> None:
        """A quiet card tinted with the accent colour."""
        paint_accent_card(self, edge=(0.35, 0.25), fill=(0.10, 0.06), inset=(16.5, 8.5), radius=10)


class EntryActions(QWidget):
    """Under the last entry: "Go deeper" (a follow-up question) and, in write mode, "Ask Hearth"."""

    deeper_requested = Signal()
    ask_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("entryActions")
        self.deeper_button = QPushButton(self)
        self.deeper_button.setObjectName("goDeeper")
        self.ask_button = QPushButton(self)
        self.ask_button.setObjectName("askHearth")
        bold = QFont(self.ask_button.font())
        bold.setWeight(QFont.Weight.DemiBold)
        self.ask_button.setFont(bold)
        self.deeper_button.clicked.connect(self.deeper_requested)
        self.ask_button.clicked.connect(self.ask_requested)
        row = QHBoxLayout(self)
        row.setContentsMargins(20, 2, 20, 2)
        row.setSpacing(8)
        row.addStretch(1)
        row.addWidget(self.ask_button)
        row.addWidget(self.deeper_button)
        follow_language(self, self.retranslate)
        self.set_state(has_entry=False, unanswered=False, write_mode=False, busy=False)

    def retranslate(self) -> None:
        self.deeper_button.setText(self.tr("Go deeper"))
        self.deeper_button.setToolTip(self.tr("Hearth asks one reflective question about your last entry"))
        self.ask_button.setText(self.tr("Ask Hearth"))
        self.ask_button.setToolTip(self.tr("Hearth answers what you wrote (Ctrl+Shift+Return)"))
        self.setAccessibleName(self.tr("Entry actions"))

    def set_state(self, *, has_entry: bool, unanswered: bool, write_mode: bool, busy: bool) -> None:
        """Show what can be asked now: nothing while a reply is written or the day is empty."""
        self.deeper_button.setVisible(has_entry)
        self.ask_button.setVisible(has_entry and write_mode and unanswered)
        self.deeper_button.setEnabled(not busy)
        self.ask_button.setEnabled(not busy)
        self.setVisible(has_entry)
