"""Errors shown to a person: what happened, what to do — never a traceback, never a chat line.

What each error says lives in one Qt-free place, ``app.ui.error_map`` (the CLI prints the same through
``app.cli.errors``); this module translates it with Qt and shows it in a dialog. ``error_for`` turns any
exception into a (title, message, hint) triple; unknown exceptions get a calm generic text, their type
name goes into the collapsible details, the traceback goes nowhere near the person.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from app.core import errors as core
from app.store import errors as store
from app.ui.error_map import GENERIC_HINT, GENERIC_TITLE, ErrorLookup, describe, hint_of
from app.ui.error_texts import translate_error_text
from app.ui.i18n import SOURCE_LANGUAGE, current_language

__all__ = ["GENERIC_HINT", "GENERIC_TITLE", "INLINE_REFUSALS", "error_for", "hint_of", "keep_until_closed",
           "open_boxes", "open_error_boxes", "show_error", "show_exception", "translated",
           "translated_event_text", "translated_text"]

# The errors a person fixes in the composer itself (said under the editor, not in a dialog).
INLINE_REFUSALS: tuple[type[BaseException], ...] = (core.MessageRejected, store.EmptyText, store.TextTooLong)
translate = QCoreApplication.translate


# Dialogs opened with show_error(parent=None) have no Qt owner; keep them alive until closed.
_open_boxes: set[QMessageBox] = set()


def _lookup() -> ErrorLookup:
    return ErrorLookup(lambda text: translate("Errors", text), current_language() == SOURCE_LANGUAGE)


def error_for(exc: BaseException) -> tuple[str, str, str]:
    """(title, message, hint) for any exception (``error_map.describe``), in the interface's language."""
    return describe(exc, _lookup())


def translated(context: str, text: str) -> str:
    """``text`` in the interface's language: its translation, a translated pattern, or ``text`` itself."""
    if not text:
        return text
    found = translate(context, text)
    return found if found != text else (translated_text(text) if context == "Errors" else text)


def translated_text(text: str) -> str:
    """An English error text from the store, model or core in the interface's language (``error_texts``:
    the exact text if it is a known one, else a matching pattern's template, else as is). The lower
    layers never import Qt, so their messages stay English source texts; this is where they are translated.
    """
    return translate_error_text(text, lambda source: translate("Errors", source))


def translated_event_text(message: str, hint: str) -> tuple[str, str]:
    """An ``ErrorRaised`` event's message and hint, translated (the core writes them in English)."""
    return translated_text(message), _lookup().hint(hint, translate("Errors", GENERIC_HINT))


def show_error(
    parent: QWidget | None, title: str, message: str, hint: str, *, details: str | None = None
) -> QMessageBox:
    """Show a warning dialog (window-modal, non-blocking) and return it.

    ``open()`` rather than ``exec()``: the event loop keeps running (streaming, downloads) while the
    message is up, and tests can inspect the returned box instead of patching a blocking static.
    """
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(message)
    box.setInformativeText(hint)
    box.setTextFormat(Qt.TextFormat.PlainText)  # file names and model output are never markup
    box.setAccessibleName(title)
    box.setAccessibleDescription(f"{message} {hint}")
    if details:
        box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    keep_until_closed(box)
    box.open()
    return box


def keep_until_closed(box: QMessageBox) -> QMessageBox:
    """Hold a non-blocking box (error, confirmation) until it is closed: one without a Qt owner would
    be collected, and tests and shutdown find every open one through ``open_boxes``."""
    _open_boxes.add(box)
    box.finished.connect(lambda _result, b=box: _open_boxes.discard(b))
    return box


def show_exception(parent: QWidget | None, exc: BaseException, *, details: str | None = None) -> QMessageBox:
    """``show_error`` with the text from :func:`error_for`."""
    title, message, hint = error_for(exc)
    return show_error(parent, title, message, hint, details=details)


def open_error_boxes() -> list[QMessageBox]:
    """Error dialogs currently shown (tests, and the screenshot command)."""
    return [box for box in open_boxes() if box.icon() == QMessageBox.Icon.Warning]


def open_boxes() -> list[QMessageBox]:
    """Every non-blocking box currently shown: errors and confirmations (``keep_until_closed``)."""
    return [box for box in _open_boxes if box.isVisible()]
