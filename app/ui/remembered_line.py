"""The quiet "Remembered 5 entries" line under a reply, and the menu that lists them.

Hearth shows the person which of their own words the model was given for a reply: the line sits beside
the reply's time (painted by the chat delegate, no widget per message); a click opens a menu of the
entries — date, who wrote it, first words — and choosing one jumps to it, on whatever day it was written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMenu, QWidget

from app.core.events import RememberedEntry
from app.ui.i18n import DateText, Plurals


def remembered_label(count: int) -> str:
    """``Remembered 1 entry`` / ``Remembered 5 entries`` (and the translation's plural forms)."""
    return Plurals().remembered_entries(count)


def entry_text(entry: RememberedEntry) -> str:
    """``Tue, 8 May 2023 · you: Nora finally moved…`` for the menu; the date as the day header writes its
    short form ("пн, 8 мая 2023" in Russian), not an English pattern with Russian names in it."""
    if entry.day is None:
        day = QCoreApplication.translate("Remembered", "undated")
    else:
        day = DateText().short_day(entry.day, with_year=True)
    if entry.role == "user":
        who = QCoreApplication.translate("Remembered", "you")
    else:
        who = QCoreApplication.translate("Remembered", "Hearth")
    return f"{day} · {who}: {entry.preview}"


def remembered_menu(
    parent: QWidget, entries: Sequence[RememberedEntry], open_entry: Callable[[int], None]
) -> QMenu:
    """A menu of the entries recall gave a reply; choosing one calls ``open_entry(message_id)``."""
    menu = QMenu(parent)
    title = menu.addAction(
        QCoreApplication.translate("Remembered", "What Hearth was given from your diary for this reply")
    )
    title.setEnabled(False)
    menu.addSeparator()
    for entry in entries:
        action = menu.addAction(entry_text(entry).replace("&", "&&"))
        action.triggered.connect(lambda *_, mid=entry.message_id: open_entry(mid))
    return menu
