"""Error dialogs: every typed error of the model, store and core layers becomes a clear title, message
and hint (what happened, what to do) — never a traceback."""

from __future__ import annotations

import errno
import inspect
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from app.core import errors as core_errors
from app.llm import errors as llm_errors
from app.store import errors as store_errors
from app.ui.errors import GENERIC_TITLE, error_for, open_error_boxes, show_error, show_exception

BASES = (llm_errors.EngineError, store_errors.StoreError, core_errors.CoreError)


def make(cls: type[BaseException]) -> BaseException:
    """An instance of any typed error, with the arguments its constructor needs."""
    if cls is llm_errors.PromptTooLong:
        return cls(5000, 3584)
    if cls is store_errors.DatabaseCorrupt:
        return cls("The diary failed its integrity check.", backup=Path("/d/backups/hearth-1.db"),
                   moved_to=Path("/d/hearth.db.corrupt"))
    return cls(f"{cls.__name__} happened at /some/file.gguf.")


def typed_errors() -> list[type[BaseException]]:
    found = []
    for module in (llm_errors, store_errors, core_errors):
        for _name, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, BASES) and obj.__module__ == module.__name__:
                found.append(obj)
    return found


@pytest.mark.parametrize("cls", typed_errors(), ids=lambda c: c.__name__)
def test_every_typed_error_has_its_own_clear_text(cls: type[BaseException]) -> None:
    exc = make(cls)
    title, message, hint = error_for(exc)
    assert title and title != GENERIC_TITLE
    assert message == str(exc)  # the error's own words, not a repr
    assert hint and hint.strip() == hint
    for text in (title, message, hint):
        assert "Traceback" not in text and "Error(" not in text


def test_leaf_errors_get_distinct_titles() -> None:
    leaves = [cls for cls in typed_errors() if cls not in BASES]
    titles = {error_for(make(cls))[0] for cls in leaves}
    assert len(titles) == len(leaves)


def test_specific_wording() -> None:
    assert error_for(llm_errors.ModelCorrupt("truncated"))[0] == "The model file is damaged"
    assert error_for(llm_errors.ChecksumMismatch("bad sha"))[0] == "The download is not the expected file"
    assert error_for(llm_errors.DownloadCancelled("paused"))[0] == "Download paused"
    title, message, hint = error_for(llm_errors.PromptTooLong(5000, 3584))
    assert title == "Message too long" and "5000" in message and "3584" in message
    title, _message, hint = error_for(core_errors.MessageRejected("Empty message", "Write something."))
    assert title == "Message not sent" and hint == "Write something."  # the raiser's own hint wins


def test_corrupt_database_names_the_backup_and_where_the_damaged_file_went() -> None:
    _title, _message, hint = error_for(make(store_errors.DatabaseCorrupt))
    assert "hearth-1.db" in hint and "/d/hearth.db.corrupt" in hint
    no_backup = store_errors.DatabaseCorrupt("damaged", backup=None, moved_to=None)
    assert "No backup" in error_for(no_backup)[2]


def test_os_and_unknown_errors_are_calm_and_generic() -> None:
    title, message, _hint = error_for(OSError(errno.ENOSPC, "No space left on device", "/d/hearth.db"))
    assert title == "The disk is full" and "/d/hearth.db" in message
    assert error_for(PermissionError(errno.EACCES, "denied", "/x"))[0] == "Permission denied"
    assert error_for(FileNotFoundError(errno.ENOENT, "missing", "/x.gguf"))[0] == "File not found"
    title, message, hint = error_for(IsADirectoryError(errno.EISDIR, "Is a directory", "/photos"))
    assert title == "A folder, not a file" and "/photos" in message and "disk" not in hint  # QA, session 21
    title, message, hint = error_for(KeyError("diary text must not leak"))
    assert title == GENERIC_TITLE and "KeyError" in message and "diary text" not in message
    assert "safe" in hint


def test_show_error_is_non_blocking_and_plain(qtbot) -> None:
    box = show_error(None, "Model file not found", "No such file: a.gguf", "Choose another model file.",
                     details="a.gguf")
    qtbot.waitUntil(box.isVisible)
    assert box in open_error_boxes()
    assert box.windowTitle() == "Model file not found"
    assert box.text() == "No such file: a.gguf"
    assert box.informativeText() == "Choose another model file."
    assert box.detailedText() == "a.gguf"
    assert box.icon() == QMessageBox.Icon.Warning
    box.accept()
    qtbot.waitUntil(lambda: box not in open_error_boxes())


def test_show_exception_never_shows_a_traceback(qtbot) -> None:
    try:
        raise llm_errors.NotAGGUF("broken.gguf is not a GGUF file.")
    except llm_errors.NotAGGUF as exc:
        box = show_exception(None, exc)
    qtbot.waitUntil(box.isVisible)
    shown = " ".join((box.windowTitle(), box.text(), box.informativeText(), box.detailedText()))
    assert "Traceback" not in shown and "line " not in shown
    assert box.windowTitle() == "This is not a model file"
    assert "broken.gguf" in box.text()
    box.accept()


def test_a_damaged_file_set_aside_is_named_once_with_its_whole_path() -> None:
    """QA: the message named the set-aside file and the hint named it again, by its path."""
    moved = Path("/d/hearth.db.corrupt-20261205")
    corrupt = store_errors.DatabaseCorrupt(
        f"The diary file is damaged and cannot be opened safely. It was moved aside to {moved.name}.",
        backup=Path("/d/backups/hearth-1.db"), moved_to=moved)
    _title, message, hint = error_for(corrupt)
    said = message + " " + hint
    assert said.count("hearth.db.corrupt-20261205") == 1 and str(moved) in message


def test_a_read_only_disk_and_a_file_in_a_folders_place_say_what_they_are() -> None:
    """QA (session 22): these came out as the OS's English words ("Read-only file system", "Not a
    directory") with "Check the disk and try again"."""
    import errno

    _title, message, hint = error_for(OSError(errno.EROFS, "Read-only file system", "/mnt/ro"))
    assert message == "The disk or folder can only be read, not written (/mnt/ro)." and "write to" in hint
    _title, message, _hint = error_for(NotADirectoryError(errno.ENOTDIR, "Not a directory", "/d/file/x"))
    assert message == "Part of this path is a file where a folder should be (/d/file/x)."
