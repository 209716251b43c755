"""Typed errors of the store. Each says what happened (``str(err)``) and what to do (``hint``).

The GUI and CLI show ``str(err)`` and ``err.hint`` as they are; none of them contains diary text.
"""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """Base of every store error."""

    hint: str = ""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        if hint:
            self.hint = hint

    @property
    def message(self) -> str:
        return str(self)


class EmptyText(StoreError):
    hint = "Write something first; an empty entry is not saved."


class TextTooLong(StoreError):
    hint = "Shorten the text and try again."


class InvalidValue(StoreError):
    hint = "Check the value and try again."


class NotFound(StoreError):
    hint = "It may have been deleted already; refresh the list."


class DamagedFile(StoreError):
    """SQLite reported damage (``SQLITE_CORRUPT``/``NOTADB``) during a query; the search index is checked
    and rebuilt where that is the damage (it is derived data), otherwise the file needs its backup."""

    hint = "Close Hearth and start it again: it checks the file and offers the latest backup."


class DiaryInUse(StoreError):
    """Another Hearth window or ``hearth chat`` holds the diary's one-writer lock (``app.store.lock``)."""

    hint = (
        "Switch to the Hearth window that has it open, or close it (or the `hearth chat` in a terminal) "
        "and try again."
    )


class FactForgotten(StoreError):
    """Automatic memory tried to re-create a fact the person deleted."""

    hint = "The person deleted this fact; automatic memory must not bring it back."


class DiskFull(StoreError):
    hint = "Free some disk space and try again. Everything saved before this is safe."


class ImportRefused(StoreError):
    hint = (
        "Import into an empty diary: use another --data-dir, or run `hearth forget-everything --yes` first."
    )


class DatabaseCorrupt(StoreError):
    """The diary file failed its integrity check; it was moved aside, never overwritten."""

    def __init__(self, message: str, *, backup: Path | None, moved_to: Path | None,
                 kept: tuple[Path, ...] = ()) -> None:
        if backup is not None:
            hint = f"Restore the latest backup with `hearth restore` ({backup.name})."
        else:
            hint = "No backup was found. The damaged file was kept; a recovery tool may save part of it."
        super().__init__(message, hint)
        self.backup = backup
        self.moved_to = moved_to
        self.kept = kept  # copies of a damaged log and its diary file, named in the message (lost_writes)


class WrongPassphrase(StoreError):
    """The passphrase does not open the encrypted diary (or the diary was locked meanwhile). Nothing
    was written: the file is exactly as it was. The message never contains the passphrase."""

    def __init__(self, message: str = "That passphrase does not open this diary.", hint: str = "") -> None:
        super().__init__(message, hint)

    hint = (
        "Check the passphrase (and the keyboard layout) and try again. A forgotten passphrase cannot be "
        "recovered, by design; `hearth forget-everything --yes` erases the diary to start over."
    )


class PassphraseNeeded(StoreError):
    """The diary is encrypted and no passphrase was given."""

    hint = (
        "Enter the passphrase (scripts: put it in a file and name it in HEARTH_PASSPHRASE_FILE). "
        "A forgotten passphrase cannot be recovered, by design; `hearth forget-everything --yes` erases "
        "the diary to start over."
    )


class EncryptionFailed(StoreError):
    """Turning encryption on or off, or changing the passphrase, stopped before the swap: the diary is
    as it was before (the new copy was removed)."""

    hint = "Nothing was lost. Free some disk space or close other Hearth windows, then try again."
