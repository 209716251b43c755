"""Errors shown to a person: what happened, what to do — never a traceback, never a chat line.

Every layer raises typed errors that already carry a message and a ``hint`` (``app.llm.errors``,
``app.store.errors``, ``app.core.errors.MessageRejected``). ``error_for`` turns any exception into a
(title, message, hint) triple: a short title per error type, the error's own message, and its hint (or
a sensible default). Unknown exceptions get a calm generic text; their type name goes into the
collapsible details, the traceback goes nowhere near the person.

Matching is by class name along the exception's MRO, restricted to classes defined inside ``app``:
this module then needs no import of the store or core (no import cycles, and the GUI can show a store
error before the store has finished opening).
"""

from __future__ import annotations

import errno

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

GENERIC_HINT_TEXT = "Your diary is safe. Try again; if it keeps happening, restart Hearth."

# class name -> (title, default hint). The first match along the MRO wins, so subclasses come first
# naturally (ChecksumMismatch before DownloadError before EngineError).
_TITLES: dict[str, tuple[str, str]] = {
    # app.llm.errors
    "ModelFileMissing": (
        "Model file not found",
        "Choose another model file, or download the recommended model in the model manager.",
    ),
    "NotAGGUF": ("This is not a model file", "Pick a .gguf model file, or download the recommended model."),
    "ModelCorrupt": ("The model file is damaged", "Delete it and download it again in the model manager."),
    "UnsupportedModel": (
        "This kind of model is not supported",
        "Choose a model from the catalog in the model manager.",
    ),
    "ContextTooLarge": (
        "Context size too large for this model",
        "Lower the context size in the model manager to at most what the model was trained for.",
    ),
    "OutOfMemory": (
        "Not enough memory for this model",
        "Close other programs, lower the context size, or choose a smaller model.",
    ),
    "PromptTooLong": ("Message too long", "Shorten the message; older turns are summarized automatically."),
    "ChecksumMismatch": (
        "The download is not the expected file",
        "The bad file was removed. Start the download again.",
    ),
    "DownloadCancelled": ("Download paused", "Press Resume to continue where it stopped."),
    "DownloadError": ("The download failed", "Check the connection and press Resume to continue."),
    "EngineError": ("The model ran into a problem", "Try again; if it keeps happening, reload the model."),
    # app.store.errors
    "EmptyText": ("Nothing to save", "Type something first."),
    "TextTooLong": ("Text too long", "Shorten the text and try again; nothing was lost."),
    "DatabaseCorrupt": (
        "The diary file is damaged",
        "Restore the latest backup; the damaged file is kept for inspection.",
    ),
    "DiskFull": ("The disk is full", "Free some space on the disk, then try again; nothing was lost."),
    "NotFound": ("Not found", "It may have been deleted already. Refresh the view."),
    "FactForgotten": ("Deleted for good", "You deleted this before; Hearth will not remember it again."),
    "InvalidValue": ("That value is not allowed", "Check the value and try again."),
    "ImportRefused": ("Import refused", "Import into an empty diary."),
    "StoreError": ("The diary could not be saved", "Try again; if it keeps happening, restart Hearth."),
    # app.core.errors
    "MessageRejected": ("Message not sent", "Edit the message and send it again."),
    "NoConversation": ("No day is open", "Open a day in the sidebar first."),
    "CoreError": ("Hearth could not do that", GENERIC_HINT_TEXT),
}

GENERIC_TITLE = "Something went wrong"
GENERIC_HINT = GENERIC_HINT_TEXT

# Dialogs opened with show_error(parent=None) have no Qt owner; keep them alive until closed.
_open_boxes: set[QMessageBox] = set()


def error_for(exc: BaseException) -> tuple[str, str, str]:
    """(title, message, hint) for any exception, typed errors first, OS errors next, then generic."""
    for cls in type(exc).__mro__:
        if cls.__module__.split(".")[0] == "app" and cls.__name__ in _TITLES:
            title, default_hint = _TITLES[cls.__name__]
            message = _message_of(exc) or title + "."
            hint = str(getattr(exc, "hint", "") or "") or default_hint
            if cls.__name__ == "DatabaseCorrupt":
                hint = _corrupt_database_hint(exc, hint)
            return title, message, hint
    if isinstance(exc, OSError):
        return _os_error(exc)
    if isinstance(exc, MemoryError):
        return _TITLES["OutOfMemory"][0], "The computer ran out of memory.", _TITLES["OutOfMemory"][1]
    return GENERIC_TITLE, f"Hearth hit an unexpected problem ({type(exc).__name__}).", GENERIC_HINT


def _message_of(exc: BaseException) -> str:
    """The error's own text: its first argument (never a repr of a tuple of arguments)."""
    if exc.args and isinstance(exc.args[0], str):
        return exc.args[0].strip()
    return str(exc).strip()


def _corrupt_database_hint(exc: BaseException, hint: str) -> str:
    """The store's own hint (it knows whether a backup exists) plus where the damaged file went."""
    moved_to = getattr(exc, "moved_to", None)
    if moved_to:
        return f"{hint} The damaged file was kept at {moved_to}."
    return hint


def _os_error(exc: OSError) -> tuple[str, str, str]:
    where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
    if exc.errno == errno.ENOSPC:
        return (
            _TITLES["DiskFull"][0],
            f"There is no space left on the disk{where}.",
            _TITLES["DiskFull"][1],
        )
    if isinstance(exc, PermissionError):
        return (
            "Permission denied",
            f"Hearth is not allowed to use this file or folder{where}.",
            "Check the file's permissions, or choose another location.",
        )
    if isinstance(exc, FileNotFoundError):
        return "File not found", f"The file does not exist{where}.", "Check the path and try again."
    reason = exc.strerror or type(exc).__name__
    return "Could not read or write a file", f"{reason}{where}.", "Check the disk and try again."


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
    _open_boxes.add(box)
    box.finished.connect(lambda _result, b=box: _open_boxes.discard(b))
    box.open()
    return box


def show_exception(parent: QWidget | None, exc: BaseException, *, details: str | None = None) -> QMessageBox:
    """``show_error`` with the text from :func:`error_for`."""
    title, message, hint = error_for(exc)
    return show_error(parent, title, message, hint, details=details)


def open_error_boxes() -> list[QMessageBox]:
    """Error dialogs currently shown (tests, and the screenshot command)."""
    return [box for box in _open_boxes if box.isVisible()]
