"""Errors shown to a person: what happened, what to do — never a traceback, never a chat line.

Every layer raises typed errors that already carry a message and a ``hint`` (``app.llm.errors``,
``app.store.errors``, ``app.core.errors.MessageRejected``). ``error_for`` turns any exception into a
(title, message, hint) triple: a short title per error type, the error's own message, and its hint (or
a sensible default). Unknown exceptions get a calm generic text; their type name goes into the
collapsible details, the traceback goes nowhere near the person.

Matching is by class along the exception's MRO (the first class with a title wins, so a subclass's title
beats its base's): ``ChecksumMismatch`` before ``DownloadError`` before ``EngineError``. Matching on the
classes themselves, not their names, means a renamed or moved error fails loudly here instead of quietly
falling back to the generic text.
"""

from __future__ import annotations

import errno

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from app.core import errors as core
from app.llm import errors as llm
from app.store import errors as store

GENERIC_HINT_TEXT = "Your diary is safe. Try again; if it keeps happening, restart Hearth."

# error class -> (title, default hint); looked up along the exception's MRO.
_TITLES: dict[type[BaseException], tuple[str, str]] = {
    llm.ModelFileMissing: (
        "Model file not found",
        "Choose another model file, or download the recommended model in the model manager.",
    ),
    llm.NotAGGUF: ("This is not a model file", "Pick a .gguf model file, or download the recommended model."),
    llm.ModelCorrupt: ("The model file is damaged", "Delete it and download it again in the model manager."),
    llm.UnsupportedModel: (
        "This kind of model is not supported",
        "Choose a model from the catalog in the model manager.",
    ),
    llm.ContextTooLarge: (
        "Context size too large for this model",
        "Lower the context size in the model manager to at most what the model was trained for.",
    ),
    llm.OutOfMemory: (
        "Not enough memory for this model",
        "Close other programs, lower the context size, or choose a smaller model.",
    ),
    llm.PromptTooLong: ("Message too long", "Shorten the message; older turns are summarized automatically."),
    llm.ChecksumMismatch: (
        "The download is not the expected file",
        "The bad file was removed. Start the download again.",
    ),
    llm.DownloadCancelled: ("Download paused", "Press Resume to continue where it stopped."),
    llm.DownloadError: ("The download failed", "Check the connection and press Resume to continue."),
    llm.ServerUnreachable: ("The model server does not answer", llm.ServerUnreachable.hint),
    llm.ServerTimeout: ("The model server took too long", llm.ServerTimeout.hint),
    llm.ServerAuthFailed: ("The model server refused the API key", llm.ServerAuthFailed.hint),
    llm.ServerModelNotFound: ("No such model on the server", llm.ServerModelNotFound.hint),
    llm.ServerContextTooSmall: ("The server's context is too small", llm.ServerContextTooSmall.hint),
    llm.ServerTLSError: ("The secure connection failed", llm.ServerTLSError.hint),
    llm.ServerAddressRefused: ("Hearth will not send your diary there", llm.ServerAddressRefused.hint),
    llm.ServerDisconnected: ("The model server went away", llm.ServerDisconnected.hint),
    llm.ServerRejected: ("The model server refused the request", llm.ServerRejected.hint),
    llm.ServerError: ("The model server ran into a problem", llm.ServerError.hint),
    llm.EngineError: ("The model ran into a problem", "Try again; if it keeps happening, reload the model."),
    store.EmptyText: ("Nothing to save", "Type something first."),
    store.TextTooLong: ("Text too long", "Shorten the text and try again; nothing was lost."),
    store.DatabaseCorrupt: (
        "The diary file is damaged",
        "Restore the latest backup; the damaged file is kept for inspection.",
    ),
    store.DamagedFile: (
        "Part of the diary is damaged",
        "Close Hearth and start it again: it checks the file and offers the latest backup.",
    ),
    store.DiaryInUse: (
        "The diary is already open",
        "Switch to the Hearth window that has it open, or close it (or the `hearth chat` in a terminal) "
        "and start Hearth again.",
    ),
    store.DiskFull: ("The disk is full", "Free some space on the disk, then try again; nothing was lost."),
    store.NotFound: ("Not found", "It may have been deleted already. Refresh the view."),
    store.FactForgotten: ("Deleted for good", "You deleted this before; Hearth will not remember it again."),
    store.InvalidValue: ("That value is not allowed", "Check the value and try again."),
    store.ImportRefused: ("Import refused", "Import into an empty diary."),
    store.StoreError: ("The diary could not be saved", "Try again; if it keeps happening, restart Hearth."),
    core.MessageRejected: ("Message not sent", "Edit the message and send it again."),
    core.CoreError: ("Hearth could not do that", GENERIC_HINT_TEXT),
}
# The errors a person fixes in the composer itself (said under the editor, not in a dialog).
INLINE_REFUSALS: tuple[type[BaseException], ...] = (core.MessageRejected, store.EmptyText, store.TextTooLong)
TypedError = store.StoreError | llm.EngineError | core.CoreError

GENERIC_TITLE = "Something went wrong"
GENERIC_HINT = GENERIC_HINT_TEXT

# Dialogs opened with show_error(parent=None) have no Qt owner; keep them alive until closed.
_open_boxes: set[QMessageBox] = set()


def error_for(exc: BaseException) -> tuple[str, str, str]:
    """(title, message, hint) for any exception, typed errors first, OS errors next, then generic."""
    for cls in type(exc).__mro__:
        if cls in _TITLES:
            title, default_hint = _TITLES[cls]
            message = _message_of(exc) or title + "."
            hint = hint_of(exc) or default_hint
            if isinstance(exc, store.DatabaseCorrupt):
                hint = _corrupt_database_hint(exc, hint)
            return title, message, hint
    if isinstance(exc, OSError):
        return _os_error(exc)
    if isinstance(exc, MemoryError):
        title, hint = _TITLES[llm.OutOfMemory]
        return title, "The computer ran out of memory.", hint
    return GENERIC_TITLE, f"Hearth hit an unexpected problem ({type(exc).__name__}).", GENERIC_HINT


def hint_of(exc: BaseException) -> str:
    """What to do about ``exc``: its own hint if it is one of ours, else nothing."""
    return exc.hint if isinstance(exc, TypedError) else ""


def _message_of(exc: BaseException) -> str:
    """The error's own text: its first argument (never a repr of a tuple of arguments)."""
    if exc.args and isinstance(exc.args[0], str):
        return exc.args[0].strip()
    return str(exc).strip()


def _corrupt_database_hint(exc: store.DatabaseCorrupt, hint: str) -> str:
    """The store's own hint (it knows whether a backup exists) plus where the damaged file went."""
    if exc.moved_to:
        return f"{hint} The damaged file was kept at {exc.moved_to}."
    return hint


def _os_error(exc: OSError) -> tuple[str, str, str]:
    where = f" ({exc.filename})" if exc.filename else ""
    if exc.errno == errno.ENOSPC:
        title, hint = _TITLES[store.DiskFull]
        return title, f"There is no space left on the disk{where}.", hint
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
