"""Labels that fit: a push button whose label wraps instead of being cut off, a dialog sized for its text.

A ``QPushButton`` draws its text on one line and, squeezed below its size hint, simply clips it — which
is what a long Russian label ("Скачать рекомендованную модель…") in a narrow column (the memory dock
open at 1024 px) used to look like. ``WrapButton`` asks for its one-line width, accepts down to its
two-line width, and shows the label broken at the space that makes the two lines most even; below even
that it elides. The full text stays the accessible name, so screen readers never read the broken form.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton, QStyle, QStyleOptionButton, QWidget


class WrapButton(QPushButton):
    """``setText`` sets the full label; what is shown adapts to the width the layout gives."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setText(text)

    def setText(self, text: str) -> None:  # type: ignore[override]
        self._full = text
        self.setAccessibleName(text.replace("&", ""))
        self._show(self._fitted(self.width()) if self.isVisible() else text)
        self.updateGeometry()

    def full_text(self) -> str:
        return self._full

    def sizeHint(self) -> QSize:
        """As wide as the label on one line, as tall as what is shown now."""
        single = self._size_for(self._full)
        return QSize(single.width(), self._size_for(self.text()).height())

    def minimumSizeHint(self) -> QSize:
        """As narrow as the label on two lines (as tall as what is shown: one line stays one line)."""
        two = self._size_for(_split(self._full, self.fontMetrics().horizontalAdvance))
        return QSize(two.width(), self._size_for(self.text()).height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._show(self._fitted(event.size().width()))
        super().resizeEvent(event)

    def _show(self, text: str) -> None:
        if text != self.text():
            super().setText(text)
            self.updateGeometry()

    def _fitted(self, width: int) -> str:
        """The full label if it fits ``width``, else it on two lines, else elided."""
        if self._size_for(self._full).width() <= width:
            return self._full
        two = _split(self._full, self.fontMetrics().horizontalAdvance)
        if self._size_for(two).width() <= width:
            return two
        room = width - (self._size_for("").width())
        return self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, max(room, 0))

    def _size_for(self, text: str) -> QSize:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = text  # type: ignore[attr-defined]
        contents = self.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, text)
        return self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, option, contents, self)


def _split(text: str, measure: Callable[[str], int]) -> str:
    """``text`` broken at the space that makes its two lines most even (unchanged without a space)."""
    spaces = [i for i, c in enumerate(text) if c == " "]
    if not spaces:
        return text
    best = min(spaces, key=lambda i: max(measure(text[:i]), measure(text[i + 1:])))
    return f"{text[:best]}\n{text[best + 1:]}"


def fit_to_contents(window: QWidget, width: int) -> None:
    """Size ``window`` to ``width`` and the height its wrapped labels need at that width (within the
    screen). A top-level layout's minimum size ignores height-for-width, so a dialog of long wrapped
    texts would otherwise open squeezed, its labels cut."""
    layout = window.layout()
    if layout is None:
        return
    layout.activate()
    width = max(width, window.minimumWidth())
    height = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else layout.sizeHint().height()
    screen = window.screen().availableGeometry() if window.screen() is not None else None
    if screen is not None:
        width, height = min(width, screen.width()), min(height, screen.height())
    window.resize(width, max(height, window.minimumHeight()))
