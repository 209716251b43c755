"""One place that maps every error to what a person reads: a title, a message and a next step — Qt-free.

Every layer raises typed errors that already carry a message and a ``hint`` (``app.llm.errors``,
``app.store.errors``, ``app.core.errors``). ``describe`` turns any exception into a (title, message, hint)
triple: a short title per error type, the error's own message, and its hint (or a sensible default for
its type). OS errors get their own words; an unknown exception gets a calm generic text naming only its
type — never its text, which for a database error can hold SQL and the person's own words. The GUI
(``app.ui.errors``, dialogs) and the CLI (``app.cli.errors``, one line on stderr) both show what this
returns, each translating through its own lookup, so the two never say different things.

Matching is by class along the exception's MRO (the first class with a title wins, so a subclass's title
beats its base's): ``ChecksumMismatch`` before ``DownloadError`` before ``EngineError``. Matching on the
classes themselves, not their names, means a renamed or moved error fails loudly here instead of quietly
falling back to the generic text.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.config import DATA_DIR_HINT, DataDirError
from app.core import errors as core
from app.core.memory.facts import ExtractionFailed
from app.core.pictures.reader import TextReadFailed
from app.llm import errors as llm
from app.llm.catalog import CatalogError
from app.llm.embedding import EmbedderUnavailable
from app.llm.server_http import EndpointMissing
from app.store import errors as store
from app.store.images import ImageTooLarge, ImageUnreadable
from app.ui.error_texts import QT_TRANSLATE_NOOP, translate_error_text

GENERIC_HINT_TEXT = QT_TRANSLATE_NOOP("Errors", "Your diary is safe. Try again; if it keeps happening, "
                                                "restart Hearth.")

# error class -> (title, default hint); looked up along the exception's MRO.
TITLES: dict[type[BaseException], tuple[str, str]] = {
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
    llm.ModelStopped: (
        QT_TRANSLATE_NOOP("Errors", "The model stopped"),
        QT_TRANSLATE_NOOP("Errors", "Send the message again: Hearth starts the model anew. If it keeps "
                                    "stopping, close other programs or choose a smaller model."),
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
    llm.ServerInterrupted: (
        QT_TRANSLATE_NOOP("Errors", "The model server cut the reply short"),
        llm.ServerInterrupted.hint,
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
    ImageTooLarge: (
        QT_TRANSLATE_NOOP("Errors", "Picture too large"),
        QT_TRANSLATE_NOOP("Errors", "Attach a smaller copy: most photo apps can export one (up to 32 MB, "
                                    "100 megapixels)."),
    ),
    ImageUnreadable: (
        QT_TRANSLATE_NOOP("Errors", "The picture cannot be read"),
        QT_TRANSLATE_NOOP("Errors", "Open it in an image viewer, save it as PNG or JPEG, and attach that "
                                    "copy."),
    ),
    TextReadFailed: (
        QT_TRANSLATE_NOOP("Errors", "The picture's text was not read"),
        QT_TRANSLATE_NOOP("Errors", "The picture is kept; its text can be read again later."),
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
TypedError = store.StoreError | llm.EngineError | core.CoreError | DataDirError

GENERIC_TITLE = QT_TRANSLATE_NOOP("Errors", "Something went wrong")
GENERIC_HINT = GENERIC_HINT_TEXT


@dataclass(frozen=True)
class ErrorLookup:
    """How a front end translates: ``tr`` gives an ``Errors`` source text's translation (the source itself
    when there is none); ``english`` says the front end speaks the source language."""

    tr: Callable[[str], str]
    english: bool

    def text(self, text: str) -> str:
        """A lower layer's English message or hint: exact, else a matching pattern, else as it is."""
        return translate_error_text(text, self.tr) if text else text

    def hint(self, hint: str, default: str) -> str:
        """The error's own hint when this language can say it; else the (translated) default."""
        if not hint:
            return default
        found = self.text(hint)
        return found if found != hint or self.english else default


# The texts ``describe`` writes itself (marked here: lupdate reads only literal calls).
KEPT_AT = QT_TRANSLATE_NOOP("Errors", "The damaged file was kept at {path}.")
OUT_OF_MEMORY = QT_TRANSLATE_NOOP("Errors", "The computer ran out of memory.")
UNEXPECTED = QT_TRANSLATE_NOOP("Errors", "Hearth hit an unexpected problem ({name}).")
NO_SPACE = QT_TRANSLATE_NOOP("Errors", "There is no space left on the disk{where}.")
DENIED = (QT_TRANSLATE_NOOP("Errors", "Permission denied"),
          QT_TRANSLATE_NOOP("Errors", "Hearth is not allowed to use this file or folder{where}."),
          QT_TRANSLATE_NOOP("Errors", "Check the file's permissions, or choose another location."))
NO_FILE = (QT_TRANSLATE_NOOP("Errors", "File not found"),
           QT_TRANSLATE_NOOP("Errors", "The file does not exist{where}."),
           QT_TRANSLATE_NOOP("Errors", "Check the path and try again."))
IS_FOLDER = (QT_TRANSLATE_NOOP("Errors", "A folder, not a file"),
             QT_TRANSLATE_NOOP("Errors", "This is a folder, not a file{where}."),
             QT_TRANSLATE_NOOP("Errors", "Choose a file inside it instead."))
READ_ONLY = (QT_TRANSLATE_NOOP("Errors", "Read-only"),
             QT_TRANSLATE_NOOP("Errors", "The disk or folder can only be read, not written{where}."),
             QT_TRANSLATE_NOOP("Errors", "Choose a folder on a disk Hearth can write to."))
NOT_A_FOLDER = (QT_TRANSLATE_NOOP("Errors", "A file, not a folder"),
                QT_TRANSLATE_NOOP("Errors", "Part of this path is a file where a folder should be{where}."),
                QT_TRANSLATE_NOOP("Errors", "Check the path and try again."))
FILE_FAILED = (QT_TRANSLATE_NOOP("Errors", "Could not read or write a file"),
               QT_TRANSLATE_NOOP("Errors", "Check the disk and try again."))


def _with_kept_path(message: str, hint: str, moved_to: Path, tr: Callable[[str], str]) -> tuple[str, str]:
    """Where the damaged file now is, said once and in full: the store's message names the file it was
    moved to, which becomes its whole path; a message that does not name it gets the path in the hint."""
    if moved_to.name in message:
        return message.replace(moved_to.name, str(moved_to), 1), hint  # (not in the copies' names)
    return message, f"{hint} {tr(KEPT_AT).format(path=moved_to)}"


def describe(exc: BaseException, lookup: ErrorLookup) -> tuple[str, str, str]:
    """(title, message, hint) for any exception: typed errors first, OS errors next, then generic."""
    tr = lookup.tr
    for cls in type(exc).__mro__:
        if cls in TITLES:
            title, default_hint = (tr(text) for text in TITLES[cls])
            message = message_of(exc)
            message = lookup.text(message) if message else title + "."
            hint = lookup.hint(hint_of(exc), default_hint)
            if isinstance(exc, store.DatabaseCorrupt) and exc.moved_to:
                message, hint = _with_kept_path(message, hint, exc.moved_to, tr)
            return title, message, hint
    if isinstance(exc, OSError):
        return _os_error(exc, tr)
    if isinstance(exc, MemoryError):
        title, hint = (tr(text) for text in TITLES[llm.OutOfMemory])
        return title, tr(OUT_OF_MEMORY), hint
    message = tr(UNEXPECTED).format(name=type(exc).__name__)
    return tr(GENERIC_TITLE), message, tr(GENERIC_HINT)


def hint_of(exc: BaseException) -> str:
    """What to do about ``exc``: its own hint if it is one of ours, else nothing (English source text)."""
    return exc.hint if isinstance(exc, TypedError) else ""


def message_of(exc: BaseException) -> str:
    """The error's own text: its first argument (never a repr of a tuple of arguments)."""
    if exc.args and isinstance(exc.args[0], str):
        return exc.args[0].strip()
    return str(exc).strip()


def _os_error(exc: OSError, tr: Callable[[str], str]) -> tuple[str, str, str]:
    where = f" ({exc.filename})" if exc.filename else ""
    if exc.errno == errno.ENOSPC:
        title, hint = (tr(text) for text in TITLES[store.DiskFull])
        return title, tr(NO_SPACE).format(where=where), hint
    if isinstance(exc, PermissionError):
        return tr(DENIED[0]), tr(DENIED[1]).format(where=where), tr(DENIED[2])
    if isinstance(exc, FileNotFoundError):
        return tr(NO_FILE[0]), tr(NO_FILE[1]).format(where=where), tr(NO_FILE[2])
    if isinstance(exc, IsADirectoryError):
        return tr(IS_FOLDER[0]), tr(IS_FOLDER[1]).format(where=where), tr(IS_FOLDER[2])
    if exc.errno == errno.EROFS:
        return tr(READ_ONLY[0]), tr(READ_ONLY[1]).format(where=where), tr(READ_ONLY[2])
    if isinstance(exc, NotADirectoryError | FileExistsError):  # FileExistsError: makedirs met a file
        return tr(NOT_A_FOLDER[0]), tr(NOT_A_FOLDER[1]).format(where=where), tr(NOT_A_FOLDER[2])
    reason = exc.strerror or type(exc).__name__
    return tr(FILE_FAILED[0]), f"{reason}{where}.", tr(FILE_FAILED[1])
