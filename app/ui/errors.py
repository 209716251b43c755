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

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from app.config import DATA_DIR_HINT, DataDirError
from app.core import errors as core
from app.core.memory.facts import ExtractionFailed
from app.llm import errors as llm
from app.llm.catalog import CatalogError
from app.llm.embedding import EmbedderUnavailable
from app.llm.server_http import EndpointMissing
from app.store import errors as store
from app.ui.error_texts import translate_error_text
from app.ui.i18n import QT_TRANSLATE_NOOP, SOURCE_LANGUAGE, current_language

GENERIC_HINT_TEXT = QT_TRANSLATE_NOOP("Errors", "Your diary is safe. Try again; if it keeps happening, "
                                                "restart Hearth.")

# error class -> (title, default hint); looked up along the exception's MRO.
_TITLES: dict[type[BaseException], tuple[str, str]] = {
    llm.ModelFileMissing: (
        QT_TRANSLATE_NOOP("Errors", "Model file not found"),
        QT_TRANSLATE_NOOP("Errors", "Choose another model file, or download the recommended model in the "
                                    "model manager."),
    ),
    llm.NotAGGUF: (
        QT_TRANSLATE_NOOP("Errors", "This is not a model file"),
        QT_TRANSLATE_NOOP("Errors", "Pick a .gguf model file, or download the recommended model."),
    ),
    llm.ModelCorrupt: (
        QT_TRANSLATE_NOOP("Errors", "The model file is damaged"),
        QT_TRANSLATE_NOOP("Errors", "Delete it and download it again in the model manager."),
    ),
    llm.UnsupportedModel: (
        QT_TRANSLATE_NOOP("Errors", "This kind of model is not supported"),
        QT_TRANSLATE_NOOP("Errors", "Choose a model from the catalog in the model manager."),
    ),
    llm.ContextTooLarge: (
        QT_TRANSLATE_NOOP("Errors", "Context size too large for this model"),
        QT_TRANSLATE_NOOP("Errors", "Lower the context size in the model manager to at most what the "
                                    "model was trained for."),
    ),
    llm.OutOfMemory: (
        QT_TRANSLATE_NOOP("Errors", "Not enough memory for this model"),
        QT_TRANSLATE_NOOP("Errors", "Close other programs, lower the context size, or choose a smaller "
                                    "model."),
    ),
    llm.PromptTooLong: (
        QT_TRANSLATE_NOOP("Errors", "Message too long"),
        QT_TRANSLATE_NOOP("Errors", "Shorten the message; older turns are summarized automatically."),
    ),
    llm.ChecksumMismatch: (
        QT_TRANSLATE_NOOP("Errors", "The download is not the expected file"),
        QT_TRANSLATE_NOOP("Errors", "The bad file was removed. Start the download again."),
    ),
    llm.DownloadCancelled: (
        QT_TRANSLATE_NOOP("Errors", "Download paused"),
        QT_TRANSLATE_NOOP("Errors", "Press Resume to continue where it stopped."),
    ),
    llm.DownloadError: (
        QT_TRANSLATE_NOOP("Errors", "The download failed"),
        QT_TRANSLATE_NOOP("Errors", "Check the connection and press Resume to continue."),
    ),
    llm.ServerUnreachable: (
        QT_TRANSLATE_NOOP("Errors", "The model server does not answer"),
        llm.ServerUnreachable.hint,
    ),
    llm.ServerTimeout: (
        QT_TRANSLATE_NOOP("Errors", "The model server took too long"),
        llm.ServerTimeout.hint,
    ),
    llm.ServerAuthFailed: (
        QT_TRANSLATE_NOOP("Errors", "The model server refused the API key"),
        llm.ServerAuthFailed.hint,
    ),
    llm.ServerModelNotFound: (
        QT_TRANSLATE_NOOP("Errors", "No such model on the server"),
        llm.ServerModelNotFound.hint,
    ),
    llm.ServerContextTooSmall: (
        QT_TRANSLATE_NOOP("Errors", "The server's context is too small"),
        llm.ServerContextTooSmall.hint,
    ),
    llm.ServerTLSError: (
        QT_TRANSLATE_NOOP("Errors", "The secure connection failed"),
        llm.ServerTLSError.hint,
    ),
    llm.ServerAddressRefused: (
        QT_TRANSLATE_NOOP("Errors", "Hearth will not send your diary there"),
        llm.ServerAddressRefused.hint,
    ),
    llm.ServerDisconnected: (
        QT_TRANSLATE_NOOP("Errors", "The model server went away"),
        llm.ServerDisconnected.hint,
    ),
    llm.ServerRejected: (
        QT_TRANSLATE_NOOP("Errors", "The model server refused the request"),
        llm.ServerRejected.hint,
    ),
    EndpointMissing: (
        QT_TRANSLATE_NOOP("Errors", "The model server cannot do this"),
        EndpointMissing.hint,
    ),
    llm.ServerError: (
        QT_TRANSLATE_NOOP("Errors", "The model server ran into a problem"),
        llm.ServerError.hint,
    ),
    EmbedderUnavailable: (
        QT_TRANSLATE_NOOP("Errors", "Recall by meaning is not available"),
        EmbedderUnavailable.hint,
    ),
    CatalogError: (
        QT_TRANSLATE_NOOP("Errors", "The list of recommended models could not be read"),
        QT_TRANSLATE_NOOP("Errors", "Reinstall Hearth. You can still choose a .gguf file in the model "
                                    "manager."),
    ),
    llm.EngineError: (
        QT_TRANSLATE_NOOP("Errors", "The model ran into a problem"),
        QT_TRANSLATE_NOOP("Errors", "Try again; if it keeps happening, reload the model."),
    ),
    store.EmptyText: (
        QT_TRANSLATE_NOOP("Errors", "Nothing to save"),
        QT_TRANSLATE_NOOP("Errors", "Type something first."),
    ),
    store.TextTooLong: (
        QT_TRANSLATE_NOOP("Errors", "Text too long"),
        QT_TRANSLATE_NOOP("Errors", "Shorten the text and try again; nothing was lost."),
    ),
    store.DatabaseCorrupt: (
        QT_TRANSLATE_NOOP("Errors", "The diary file is damaged"),
        QT_TRANSLATE_NOOP("Errors", "Restore the latest backup; the damaged file is kept for inspection."),
    ),
    store.DamagedFile: (
        QT_TRANSLATE_NOOP("Errors", "Part of the diary is damaged"),
        QT_TRANSLATE_NOOP("Errors", "Close Hearth and start it again: it checks the file and offers the "
                                    "latest backup."),
    ),
    store.WrongPassphrase: (
        QT_TRANSLATE_NOOP("Errors", "That passphrase does not open the diary"),
        store.WrongPassphrase.hint,
    ),
    store.PassphraseNeeded: (
        QT_TRANSLATE_NOOP("Errors", "The diary is locked"),
        store.PassphraseNeeded.hint,
    ),
    store.EncryptionFailed: (
        QT_TRANSLATE_NOOP("Errors", "The encryption change did not finish"),
        store.EncryptionFailed.hint,
    ),
    store.DiaryInUse: (
        QT_TRANSLATE_NOOP("Errors", "The diary is already open"),
        QT_TRANSLATE_NOOP("Errors", "Switch to the Hearth window that has it open, or close it (or the "
                                    "`hearth chat` in a terminal) and start Hearth again."),
    ),
    store.DiskFull: (
        QT_TRANSLATE_NOOP("Errors", "The disk is full"),
        QT_TRANSLATE_NOOP("Errors", "Free some space on the disk, then try again; nothing was lost."),
    ),
    store.NotFound: (
        QT_TRANSLATE_NOOP("Errors", "Not found"),
        QT_TRANSLATE_NOOP("Errors", "It may have been deleted already. Refresh the view."),
    ),
    store.FactForgotten: (
        QT_TRANSLATE_NOOP("Errors", "Deleted for good"),
        QT_TRANSLATE_NOOP("Errors", "You deleted this before; Hearth will not remember it again."),
    ),
    store.InvalidValue: (
        QT_TRANSLATE_NOOP("Errors", "That value is not allowed"),
        QT_TRANSLATE_NOOP("Errors", "Check the value and try again."),
    ),
    store.ImportRefused: (
        QT_TRANSLATE_NOOP("Errors", "Import refused"),
        QT_TRANSLATE_NOOP("Errors", "Import into an empty diary."),
    ),
    store.StoreError: (
        QT_TRANSLATE_NOOP("Errors", "The diary could not be saved"),
        QT_TRANSLATE_NOOP("Errors", "Try again; if it keeps happening, restart Hearth."),
    ),
    core.MessageRejected: (
        QT_TRANSLATE_NOOP("Errors", "Message not sent"),
        QT_TRANSLATE_NOOP("Errors", "Edit the message and send it again."),
    ),
    ExtractionFailed: (
        QT_TRANSLATE_NOOP("Errors", "Nothing could be remembered from this message"),
        QT_TRANSLATE_NOOP("Errors", "Your message is saved; Hearth tries again with the next one."),
    ),
    DataDirError: (
        QT_TRANSLATE_NOOP("Errors", "This folder cannot hold the diary"),
        DATA_DIR_HINT,
    ),
    core.CoreError: (
        QT_TRANSLATE_NOOP("Errors", "Hearth could not do that"),
        GENERIC_HINT_TEXT,
    ),
}
# The errors a person fixes in the composer itself (said under the editor, not in a dialog).
INLINE_REFUSALS: tuple[type[BaseException], ...] = (core.MessageRejected, store.EmptyText, store.TextTooLong)
TypedError = store.StoreError | llm.EngineError | core.CoreError | DataDirError

GENERIC_TITLE = QT_TRANSLATE_NOOP("Errors", "Something went wrong")
GENERIC_HINT = GENERIC_HINT_TEXT
translate = QCoreApplication.translate


# Dialogs opened with show_error(parent=None) have no Qt owner; keep them alive until closed.
_open_boxes: set[QMessageBox] = set()


def error_for(exc: BaseException) -> tuple[str, str, str]:
    """(title, message, hint) for any exception, typed errors first, OS errors next, then generic —
    in the interface's language (see ``translated_text`` for the error's own English message)."""
    for cls in type(exc).__mro__:
        if cls in _TITLES:
            title, default_hint = (translate("Errors", text) for text in _TITLES[cls])
            message = _message_of(exc)
            message = translated_text(message) if message else title + "."
            hint = _translated_hint(hint_of(exc), default_hint)
            if isinstance(exc, store.DatabaseCorrupt):
                hint = _corrupt_database_hint(exc, hint)
            return title, message, hint
    if isinstance(exc, OSError):
        return _os_error(exc)
    if isinstance(exc, MemoryError):
        title, hint = (translate("Errors", text) for text in _TITLES[llm.OutOfMemory])
        return title, translate("Errors", "The computer ran out of memory."), hint
    message = translate("Errors", "Hearth hit an unexpected problem ({name}).")
    message = message.format(name=type(exc).__name__)
    return translate("Errors", GENERIC_TITLE), message, translate("Errors", GENERIC_HINT)


def hint_of(exc: BaseException) -> str:
    """What to do about ``exc``: its own hint if it is one of ours, else nothing (English source text)."""
    return exc.hint if isinstance(exc, TypedError) else ""


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
    return translated_text(message), _translated_hint(hint, translate("Errors", GENERIC_HINT))


def _translated_hint(hint: str, default: str) -> str:
    """The error's own hint when the interface can say it; else the (translated) default for its type."""
    if not hint:
        return default
    found = translated_text(hint)
    return found if found != hint or current_language() == SOURCE_LANGUAGE else default


def _message_of(exc: BaseException) -> str:
    """The error's own text: its first argument (never a repr of a tuple of arguments)."""
    if exc.args and isinstance(exc.args[0], str):
        return exc.args[0].strip()
    return str(exc).strip()


def _corrupt_database_hint(exc: store.DatabaseCorrupt, hint: str) -> str:
    """The store's own hint (it knows whether a backup exists) plus where the damaged file went."""
    if exc.moved_to:
        kept = translate("Errors", "The damaged file was kept at {path}.").format(path=exc.moved_to)
        return f"{hint} {kept}"
    return hint


def _os_error(exc: OSError) -> tuple[str, str, str]:
    where = f" ({exc.filename})" if exc.filename else ""
    if exc.errno == errno.ENOSPC:
        title, hint = (translate("Errors", text) for text in _TITLES[store.DiskFull])
        message = translate("Errors", "There is no space left on the disk{where}.")
        return title, message.format(where=where), hint
    if isinstance(exc, PermissionError):
        return (
            translate("Errors", "Permission denied"),
            translate("Errors", "Hearth is not allowed to use this file or folder{where}.")
            .format(where=where),
            translate("Errors", "Check the file's permissions, or choose another location."),
        )
    if isinstance(exc, FileNotFoundError):
        return (translate("Errors", "File not found"),
                translate("Errors", "The file does not exist{where}.").format(where=where),
                translate("Errors", "Check the path and try again."))
    reason = exc.strerror or type(exc).__name__
    return (translate("Errors", "Could not read or write a file"), f"{reason}{where}.",
            translate("Errors", "Check the disk and try again."))


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
