"""The day's mood, chosen by the person in the day header: five steps, painted as five dots.

Only the person sets it (the model never does). Click a dot, or focus the picker and use the arrows or
the digits 1–5; Delete or Backspace (or clicking the chosen dot again) clears it. ``mood_chosen`` carries
the new mood (0: none); the window stores it off the UI thread.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QWidget

from app.ui.chat_delegate import blend
from app.ui.i18n import follow_language

STEP = 18
RADIUS = 5.5
MOOD_COLORS = ("#7a8bb5", "#8fa7c9", "#c9b98f", "#9cc48a", "#e0a23c")  # low (blue-grey) to bright (amber)


def mood_color(mood: int) -> QColor:
    return QColor(MOOD_COLORS[max(1, min(5, mood)) - 1])


class MoodDots(QWidget):
    mood_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moodDots")
        self.mood = 0
        self._hover = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.names: tuple[str, ...] = ("", "", "", "", "")
        self.unset = ""

    def sizeHint(self) -> QSize:
        return QSize(5 * STEP + 4, STEP + 4)

    def set_mood(self, mood: int) -> None:
        self.mood = mood if 1 <= mood <= 5 else 0
        self.describe()
        self.update()

    def describe(self) -> None:
        """The chosen mood's name as tooltip and accessible description (or "how was your day?")."""
        name = self.names[self.mood - 1] if self.mood else self.unset
        self.setAccessibleDescription(name)
        self.setToolTip(name)

    def _dot_at(self, x: float) -> int:
        step = int((x - 2) // STEP) + 1
        return step if 1 <= step <= 5 else 0

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Window)
        line = blend(base, palette.color(QPalette.ColorRole.Text), 0.35)
        shown = self._hover or self.mood
        for step in range(1, 6):
            centre = QPointF(2 + (step - 0.5) * STEP, 2 + STEP / 2)
            painter.setPen(line)
            painter.setBrush(mood_color(shown) if step <= shown else Qt.BrushStyle.NoBrush)
            radius = RADIUS if step != self.mood else RADIUS + 1
            painter.drawEllipse(centre, radius, radius)
        if self.hasFocus():
            ring = palette.color(QPalette.ColorRole.Highlight)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._hover = self._dot_at(event.position().x())
        self.update()

    def leaveEvent(self, _event: object) -> None:
        self._hover = 0
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        step = self._dot_at(event.position().x())
        if step:
            self.choose(0 if step == self.mood else step)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_5:
            self.choose(key - Qt.Key.Key_0)
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Up):
            self.choose(min(5, self.mood + 1))
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Down):
            self.choose(max(1, self.mood - 1) if self.mood else 1)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.choose(0)
        else:
            super().keyPressEvent(event)

    def choose(self, mood: int) -> None:
        if mood == self.mood:
            return
        self.set_mood(mood)
        self.mood_chosen.emit(self.mood)

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)


class MoodPicker(QWidget):
    """ "Mood" and the five dots, for the day header."""

    mood_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moodPicker")
        self.dots = MoodDots(self)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.dots)
        self.dots.mood_chosen.connect(self.mood_chosen)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.dots.names = (
            self.tr("Mood: very low"),
            self.tr("Mood: low"),
            self.tr("Mood: okay"),
            self.tr("Mood: good"),
            self.tr("Mood: very good"),
        )
        self.dots.unset = self.tr("Your mood for this day: click a dot, 1 (low) to 5 (bright)")
        self.dots.setAccessibleName(self.tr("Your mood today, 1 to 5 (Delete clears it)"))
        self.dots.describe()

    def set_mood(self, mood: int) -> None:
        self.dots.set_mood(mood)
