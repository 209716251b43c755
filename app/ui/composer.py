"""Where the person writes: Enter sends, Shift+Enter starts a new line — or, in *Write* mode, a roomy page
where Enter starts a new line and Ctrl+Enter saves the entry (the companion stays silent until "Ask Hearth").

The composer never talks to the companion itself. It emits ``send_requested`` with the text and keeps
the text until the window calls ``accept_sent`` (the message is safely in SQLite) — so a refused or failed
send loses nothing. ``draft_settled`` fires when typing pauses (debounced) and at once after a send,
which is when the window hands the draft to the companion; the companion's next ``BudgetReport`` carries
the draft's token count back, and ``set_token_count`` shows it.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QMimeData, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QIcon,
    QImage,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.ui.day_ritual import WRITE, ModeSwitch
from app.ui.i18n import DateText, Plurals, Text, follow_language, made, number
from app.ui.picture_drop import dropped_files, pasted_image

DEBOUNCE_MS = 250
MIN_LINES = 2
MAX_LINES = 8
WRITE_MIN_LINES, WRITE_MAX_LINES = 10, 18  # write mode: room for a long entry


class DraftEdit(QPlainTextEdit):
    """A plain-text editor where Enter means "send" (Shift+Enter a new line) and Esc means "stop"."""

    submit = Signal()
    escape = Signal()
    files_dropped = Signal(list)  # picture files dropped or pasted (as files): attach them
    image_pasted = Signal(QImage)  # a picture pasted from the clipboard itself: attach it
    write_mode = False  # Enter starts a new line; Ctrl+Enter submits

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        if dropped_files(source) or pasted_image(source) is not None:
            return True
        return super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        """A picture (or picture files) pasted or dropped is attached; text is inserted as ever."""
        files = dropped_files(source)
        image = None if files else pasted_image(source)
        if files:
            self.files_dropped.emit(files)
        elif image is not None:
            self.image_pasted.emit(image)
        else:
            super().insertFromMimeData(source)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.write_mode:
                if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                    self.submit.emit()
                else:
                    super().keyPressEvent(event)
                return
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.insertPlainText("\n")
            else:
                self.submit.emit()
            return
        if key == Qt.Key.Key_Escape:
            self.escape.emit()
            return
        super().keyPressEvent(event)

    def sizeHint(self) -> QSize:
        low, high = (WRITE_MIN_LINES, WRITE_MAX_LINES) if self.write_mode else (MIN_LINES, MAX_LINES)
        lines = max(low, min(high, self.document().blockCount()))
        height = self.fontMetrics().lineSpacing() * lines + 2 * int(self.document().documentMargin()) + 8
        return QSize(super().sizeHint().width(), height)


class AccentButton(QPushButton):
    """The primary button: a solid pill in the theme's accent colour (drawn from the palette)."""

    def paintEvent(self, _event: QPaintEvent) -> None:
        palette = self.palette()
        accent = palette.color(QPalette.ColorRole.Highlight)
        if not self.isEnabled():
            accent.setAlpha(110)
        elif self.isDown():
            accent = accent.darker(115)
        elif self.underMouse():
            accent = accent.lighter(108)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(accent)
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        painter.drawRoundedRect(rect, 7, 7)
        if self.hasFocus():
            ring = palette.color(QPalette.ColorRole.HighlightedText)
            ring.setAlpha(160)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), 5, 5)
        font = self.font()
        font.setWeight(QFont.Weight.DemiBold)
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.text())

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(max(hint.width(), 88), max(hint.height(), 32))


class Composer(QWidget):
    """The draft editor, its token count, an inline message line and the Send / Stop button."""

    send_requested = Signal(str)
    stop_requested = Signal()
    attach_requested = Signal()  # the picture button: choose pictures to attach
    draft_settled = Signal(str)  # typing paused, or a send emptied the editor: the draft to budget for
    notice_shown = Signal(str)  # an inline message appeared (empty / too long / busy)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = DraftEdit(self)
        self.send_button = AccentButton(self)
        self.attach_button = QToolButton(self)
        self.count_label = QLabel("", self)
        self.notice = QLabel("", self)
        self.mode_switch = ModeSwitch(self)
        self._generating = False
        self.past_day: date | None = None  # the day on screen when it is not today (``show_day``)
        self._count: tuple[int, int | None] | None = None  # the draft's tokens and limit shown
        self._notice: Text = ""
        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._build()
        self._connect()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """The hints and names; the placeholder is the window's (``MainWindow.set_ready``)."""
        self.editor.setAccessibleName(self.tr("Message"))
        self.editor.setAccessibleDescription(
            self.tr("Your diary entry; Enter sends it, Shift+Enter adds a line"))
        self.count_label.setAccessibleName(self.tr("Draft length in tokens"))
        self.notice.setAccessibleName(self.tr("Composer message"))
        self.attach_button.setToolTip(self.tr("Attach pictures… (or drop them here, or paste one)"))
        self.attach_button.setAccessibleName(self.tr("Attach pictures"))
        self.set_generating(self._generating)
        if self._count is not None:
            self.set_token_count(*self._count)
        if self.notice.isVisible():
            self.notice.setText(made(self._notice))

    def _build(self) -> None:
        self.editor.setObjectName("composerEditor")
        self.editor.setPlaceholderText(self.ready_placeholder())
        self.editor.setTabChangesFocus(True)
        self.editor.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.send_button.setObjectName("sendButton")
        self.send_button.setDefault(True)
        self.send_button.setMinimumWidth(88)
        self.count_label.setObjectName("draftTokenCount")
        self.notice.setObjectName("composerNotice")
        self.notice.setWordWrap(True)
        self.notice.hide()
        row = QHBoxLayout()
        row.setSpacing(8)
        self.attach_button.setObjectName("attachButton")
        self.attach_button.setIcon(picture_icon(self.palette().color(QPalette.ColorRole.Text)))
        self.attach_button.setAutoRaise(True)
        row.addWidget(self.attach_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.editor, 1)
        row.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignBottom)
        footer = QHBoxLayout()
        footer.addWidget(self.mode_switch, 0, Qt.AlignmentFlag.AlignTop)
        footer.addWidget(self.notice, 1)
        footer.addStretch(0)
        footer.addWidget(self.count_label, 0, Qt.AlignmentFlag.AlignRight)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 8, 16, 10)
        layout.setSpacing(4)
        layout.addLayout(row)
        layout.addLayout(footer)

    def _connect(self) -> None:
        self.editor.submit.connect(self.request_send)
        self.editor.escape.connect(self._on_escape)
        self.editor.textChanged.connect(self._on_text_changed)
        self.send_button.clicked.connect(self._on_button)
        self.attach_button.clicked.connect(self.attach_requested)
        self._debounce.timeout.connect(self._settle)
        self.mode_switch.mode_changed.connect(self._on_mode)

    # -- state ------------------------------------------------------------------------------------
    def text(self) -> str:
        return self.editor.toPlainText()

    @property
    def mode(self) -> str:
        """TALK (each entry is answered) or WRITE (entries are saved; Hearth answers when asked)."""
        return self.mode_switch.mode

    def ready_placeholder(self) -> str:
        """What the empty editor says once the companion is ready; on an earlier day, that what is written
        goes to that day (QA: nothing said so, and an entry was filed under the day on screen)."""
        if self.past_day is not None:
            day = DateText().long_day(self.past_day)
            if self.mode == WRITE:
                return self.tr("Add to {day}; Hearth stays quiet until you ask.  (Ctrl+Enter saves the "
                               "entry)").format(day=day)
            return self.tr("Add to {day}…  (Enter sends, Shift+Enter for a new line)").format(day=day)
        if self.mode == WRITE:
            return self.tr("Write as much as you like; Hearth stays quiet until you ask.  "
                           "(Ctrl+Enter saves the entry)")
        return self.tr("Write about your day…  (Enter sends, Shift+Enter for a new line)")

    def show_day(self, day: date | None) -> None:
        """The day on screen, None for today: the placeholder says where an entry goes."""
        self.past_day = day
        if not self.editor.isReadOnly():
            self.editor.setPlaceholderText(self.ready_placeholder())

    def _on_mode(self, mode: str) -> None:
        self.editor.write_mode = mode == WRITE
        if not self.editor.isReadOnly():
            self.editor.setPlaceholderText(self.ready_placeholder())
        self.set_generating(self._generating)
        self.editor.updateGeometry()
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def _idle_texts(self) -> tuple[str, str, str]:
        """The button's label, accessible name and tooltip when no reply is being written."""
        if self.mode == WRITE:
            return self.tr("Save"), self.tr("Save the entry"), self.tr("Save the entry (Ctrl+Enter)")
        return self.tr("Send"), self.tr("Send message"), self.tr("Send (Enter)")

    def set_text(self, text: str) -> None:
        """Put ``text`` in the editor (a draft restored or suggested): it is counted at once, as if typing
        had paused."""
        self.editor.setPlainText(text)
        self.editor.moveCursor(self.editor.textCursor().MoveOperation.End)
        self._settle()

    def set_generating(self, generating: bool) -> None:
        """While a reply streams the button becomes Stop (Esc does the same)."""
        self._generating = generating
        label, name, tip = self._idle_texts()
        self.send_button.setText(self.tr("Stop") if generating else label)
        self.send_button.setAccessibleName(self.tr("Stop the reply") if generating else name)
        self.send_button.setToolTip(self.tr("Stop the reply (Esc)") if generating else tip)
        self.send_button.setProperty("stopping", generating)
        self.send_button.style().unpolish(self.send_button)
        self.send_button.style().polish(self.send_button)

    @property
    def generating(self) -> bool:
        return self._generating

    def set_token_count(self, tokens: int, limit: int | None = None, *,
                        counted_chars: int | None = None) -> None:
        """Show the draft's exact size; over ``limit`` it is marked (and sending will explain why).

        ``counted_chars``: the length of the draft that was counted. A count of another draft (one that was
        in the editor before a send or ``set_text``) is not shown: the count of this one follows."""
        if counted_chars is not None and counted_chars != len(self.text()):
            return
        self._count = (tokens, limit)
        if not self.text():
            self.count_label.setText("")
            return
        over = limit is not None and tokens > limit
        text = Plurals().tokens(tokens).replace(str(tokens), number(tokens))
        if over and limit is not None:
            text += " " + self.tr("— over the {limit} limit").format(limit=number(limit))
        self.count_label.setText(text)
        self.count_label.setProperty("warning", over)
        self.count_label.style().unpolish(self.count_label)
        self.count_label.style().polish(self.count_label)

    def show_notice(self, message: Text) -> None:
        """An inline, non-blocking message under the editor (empty or too long, busy …); a maker of it is
        said again in the new language after a switch."""
        self._notice = message
        self.notice.setText(made(message))
        self.notice.show()
        self.notice_shown.emit(made(message))

    def clear_notice(self) -> None:
        self.notice.clear()
        self.notice.hide()

    def accept_sent(self, text: str, *, settle: bool = True) -> None:
        """The message is stored: clear the editor unless the person already typed something else.

        The draft settles at once rather than after the debounce: the next prompt no longer holds the
        sent text, and the gauge should say so as soon as the companion has recounted it. ``settle=False``:
        the window settles it itself (``settle``) once the reply has begun — the recount is Python work
        that would take turns for Python's lock with the reply's own in the frames that show the message.
        """
        if self.text().strip() == text.strip():
            self.editor.clear()
        self.clear_notice()
        if settle:
            self._settle()
        else:
            self._debounce.stop()  # (the editor's clearing started it)

    def settle(self) -> None:
        """Report the draft now (``draft_settled``), as if typing had paused."""
        self._settle()

    # -- events -----------------------------------------------------------------------------------
    def request_send(self) -> None:
        text = self.text()
        if not text.strip():
            self.show_notice(lambda: self.tr("Write something first — an empty message is not sent."))
            return
        self.clear_notice()
        self.send_requested.emit(text)

    def _on_button(self) -> None:
        if self._generating:
            self.stop_requested.emit()
        else:
            self.request_send()
            self.editor.setFocus()  # back to writing: a second Space on the button would be Stop (QA)

    def _on_escape(self) -> None:
        if self._generating:
            self.stop_requested.emit()

    def _settle(self) -> None:
        self._debounce.stop()
        self.draft_settled.emit(self.text())

    def _on_text_changed(self) -> None:
        self.editor.updateGeometry()
        if not self.text():
            self.count_label.setText("")  # nothing to count (a count of the old text would be wrong)
        if self.notice.isVisible() and self.text().strip():
            self.clear_notice()
        self._debounce.start()


def picture_icon(colour: QColor, size: int = 20) -> QIcon:
    """A small framed landscape (a picture), drawn in ``colour`` so both themes fit."""
    image = QImage(size * 2, size * 2, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(2, 2)
    pen = QPen(colour, 1.6)
    painter.setPen(pen)
    painter.drawRoundedRect(QRectF(2.5, 4.5, size - 5, size - 9), 2.5, 2.5)
    painter.drawEllipse(QRectF(size * 0.58, size * 0.32, 3.2, 3.2))
    mountains = QPainterPath()
    mountains.moveTo(3.5, size - 6.0)
    mountains.lineTo(size * 0.38, size * 0.45)
    mountains.lineTo(size * 0.58, size * 0.65)
    mountains.lineTo(size * 0.7, size * 0.55)
    mountains.lineTo(size - 3.5, size - 6.0)
    painter.drawPath(mountains)
    painter.end()
    return QIcon(QPixmap.fromImage(image))
