"""The "Remembered: … — Undo" banner shown when the companion notes a fact on its own.

Non-blocking by design: a dialog would interrupt someone in the middle of writing about their day. The
banner sits in the window's layout (the main window places it), appears on the bridge's ``fact_added``
and ``fact_updated`` signals and hides itself after a few seconds. Only automatic changes carry an undo
token; events without one (the person's own edits, an undo being applied) show nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QEnterEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from app.core.events import FactAdded, FactUpdated
from app.ui.bridge import CompanionBridge
from app.ui.errors import show_exception
from app.ui.i18n import Plurals, follow_language
from app.ui.tasks import TaskRunner

UndoItem = tuple[str, str, bool]  # (text, undo token, was an update)


class RememberedNotice(QWidget):
    """A banner — "Remembered: … — Undo" — for facts the companion noted on its own; it hides itself.

    Facts arriving while it is shown join the same notice ("Remembered 3 things: …"), and Undo undoes
    all of them. The timer pauses while the pointer is over the banner, so it never vanishes under a
    hand reaching for Undo. Undo runs ``Companion.undo`` off the UI thread.
    """

    undone = Signal()

    def __init__(
        self, bridge: CompanionBridge, runner: TaskRunner, parent: QWidget | None = None, *,
        timeout_ms: int = 8000,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.runner = runner
        self._items: list[UndoItem] = []
        self._undoing = False
        self.setObjectName("rememberedNotice")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(timeout_ms)
        self._timer.timeout.connect(self.dismiss)
        self._build()
        bridge.fact_added.connect(self._on_fact_added)
        bridge.fact_updated.connect(self._on_fact_updated)
        self.hide()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setAccessibleName(self.tr("Remembered notice"))
        self.undo_button.setAccessibleName(self.tr("Undo: forget what was just remembered"))
        self.close_button.setAccessibleName(self.tr("Close the notice"))
        self.undo_button.setText(self.tr("Undoing…") if self._undoing else self.tr("Undo"))
        self._render()

    def _on_fact_added(self, event: FactAdded) -> None:
        if event.undo_token:
            self.show_fact(event.text, event.undo_token)

    def _on_fact_updated(self, event: FactUpdated) -> None:
        if event.undo_token:
            self.show_fact(event.text, event.undo_token, updated=True)

    def _build(self) -> None:
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 4, 4)
        self.label = QLabel()
        self.label.setObjectName("noticeText")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.undo_button = QPushButton()
        self.undo_button.setObjectName("noticeUndo")
        self.undo_button.clicked.connect(self.undo)
        self.close_button = QPushButton("✕")
        self.close_button.setObjectName("noticeClose")
        self.close_button.clicked.connect(self.dismiss)
        row.addWidget(self.label, 1)
        row.addWidget(self.undo_button)
        row.addWidget(self.close_button)

    def show_fact(self, text: str, undo_token: str, *, updated: bool = False) -> None:
        """Show (or extend) the notice for one remembered fact."""
        self._items.append((text, undo_token, updated))
        self._render()
        self.show()
        if not self._undoing:
            self._timer.start()

    def _render(self) -> None:
        if not self._items:
            return
        texts = [text for text, _token, _updated in self._items]
        if len(texts) == 1:
            verb = self.tr("Updated:") if self._items[0][2] else self.tr("Remembered:")
            message = f"{verb} {_shorten(texts[0])}"
        else:
            shortened = "; ".join(_shorten(t, 40) for t in texts)
            message = f"{Plurals().things_remembered(len(texts))} {shortened}"
        self.label.setText(message)
        self.label.setToolTip("\n".join(texts))
        self.label.setAccessibleName(message)
        self.undo_button.setText(self.tr("Undoing…") if self._undoing else self.tr("Undo"))
        self.undo_button.setEnabled(not self._undoing)

    def text(self) -> str:
        return self.label.text()

    def undo(self) -> None:
        """Undo every change in this notice (newest first) in the companion, off the UI thread."""
        companion = self.bridge.companion
        if not self._items or self._undoing or companion is None:
            return
        batch, self._items = self._items, []
        self._undoing = True
        self._timer.stop()
        self.undo_button.setEnabled(False)
        self.undo_button.setText(self.tr("Undoing…"))

        def work() -> list[tuple[UndoItem, BaseException]]:
            failed: list[tuple[UndoItem, BaseException]] = []
            for item in reversed(batch):
                try:
                    companion.undo(item[1])
                except Exception as exc:  # noqa: BLE001 - reported together below
                    failed.append((item, exc))
            return failed

        self.runner.run(work, on_done=self._on_undone, on_error=self._on_undo_crashed)

    def _on_undone(self, failed: list[tuple[UndoItem, BaseException]]) -> None:
        self._undoing = False
        if failed:
            show_exception(self.window(), failed[0][1])
        if self._items:  # more arrived while undoing: keep showing those
            self._render()
            self._timer.start()
        else:
            self.dismiss()
        if len(failed) == 0:
            self.undone.emit()

    def _on_undo_crashed(self, exc: BaseException) -> None:
        self._undoing = False
        self._render()
        self._timer.start()
        show_exception(self.window(), exc)

    def dismiss(self) -> None:
        self._timer.stop()
        self._items.clear()
        self.hide()

    def enterEvent(self, event: QEnterEvent) -> None:
        self._timer.stop()
        super().enterEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if self._items and not self._undoing:
            self._timer.start()
        super().leaveEvent(event)


def _shorten(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
