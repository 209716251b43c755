"""A one-line label that says as much as its width allows, from a list of ever shorter texts.

The day header's date ("четверг, 3 декабря 2026 г.") asked the layout for its whole width: a long
weekday and month pushed the chat column's minimum up, and with the memory dock open at 1024 px the
sidebar lost what the chat column took (its search field's hint was cut on a Thursday, not on a
Wednesday). ``FittingLabel`` prefers its longest text, accepts down to its shortest, shows the longest
that fits, and elides the shortest only if squeezed below even that.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


def first_fitting(texts: Sequence[str], metrics: QFontMetrics, width: int) -> int | None:
    """The index of the first of ``texts`` that fits ``width`` in ``metrics``; None if none does."""
    return next((i for i, text in enumerate(texts) if metrics.horizontalAdvance(text) <= width), None)


def longest_fitting(texts: Sequence[str], metrics: QFontMetrics, width: int) -> str:
    """The first of ``texts`` (longest first) that fits ``width`` in ``metrics``, else the last elided to it.

    Shared by ``FittingLabel`` and widgets that paint their own text (the "On this day" cards): a shorter
    wording says more than a longer one cut in the middle of a word."""
    fit = first_fitting(texts, metrics, width)
    if fit is not None:
        return texts[fit]
    if not texts:
        return ""
    return metrics.elidedText(texts[-1], Qt.TextElideMode.ElideRight, max(width, 0))


class FittingLabel(QLabel):
    """``set_texts`` gives the texts, longest first; what is shown adapts to the width the layout gives."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._texts: list[str] = []

    def set_texts(self, texts: list[str]) -> None:
        """The longest text first; the first is the accessible name whatever is shown."""
        self._texts = [t for t in texts if t]
        self.setAccessibleName(self._texts[0] if self._texts else "")
        self._show(self._fitted(self.width()) if self.isVisible() else self.full_text())
        self.updateGeometry()

    def full_text(self) -> str:
        return self._texts[0] if self._texts else ""

    def texts(self) -> list[str]:
        return list(self._texts)

    def sizeHint(self) -> QSize:
        return self._size_for(self.full_text())

    def minimumSizeHint(self) -> QSize:
        return self._size_for(self._texts[-1] if self._texts else "")

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._show(self._fitted(event.size().width()))
        super().resizeEvent(event)

    def _show(self, text: str) -> None:
        if text != self.text():
            self.setText(text)

    def _fitted(self, width: int) -> str:
        """The longest text that fits ``width``, else the shortest elided."""
        return longest_fitting(self._texts, self.fontMetrics(), width - self._size_for("").width())

    def _size_for(self, text: str) -> QSize:
        margins = self.contentsMargins()
        extra = margins.left() + margins.right() + 2 * self.margin()
        return QSize(self.fontMetrics().horizontalAdvance(text) + extra, self.fontMetrics().height())
