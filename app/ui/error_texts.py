"""The lower layers' English error texts as translation sources — without Qt, so the CLI shares them.

``app.store``, ``app.llm`` and ``app.core`` raise typed errors whose message and hint are English (they
never import Qt). The GUI (``app.ui.errors``) and the CLI (``app.cli.i18n``) translate them the same way,
through ``translate_error_text`` with their own lookup: the exact text if it is one of ``KNOWN_TEXTS``,
else the first of ``ERROR_PATTERNS`` that matches it, its names and numbers kept, else the text as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Mark ``text`` for translation in ``context`` and return it unchanged (PySide6's own is typed as
    returning ``object``, and the CLI must not import Qt); translate it where it is shown."""
    return text


# The fixed messages and hints of the lower layers' typed errors and events, English as they write them
# (the source texts of their translations). A message with names or numbers in it goes in ERROR_PATTERNS.
KNOWN_TEXTS = (
    # app.llm.errors hints
    QT_TRANSLATE_NOOP("Errors", "Hearth needs a model in GGUF format (a .gguf file). Pick a GGUF file or "
                                "download one."),
    QT_TRANSLATE_NOOP("Errors", "The file looks truncated or damaged. Delete it and download it again."),
    QT_TRANSLATE_NOOP("Errors", "This llama.cpp build cannot run this kind of model. Choose a model from "
                                "the catalog."),
    QT_TRANSLATE_NOOP("Errors", "Lower the context size in the model settings to at most what the model "
                                "was trained for."),
    QT_TRANSLATE_NOOP("Errors", "Close other programs, lower the context size, or use a smaller (more "
                                "quantized) model."),
    QT_TRANSLATE_NOOP("Errors", "Shorten the message; older parts of the conversation are summarized "
                                "automatically."),
    QT_TRANSLATE_NOOP("Errors", "Check the connection and try again; the download resumes where it stopped."),
    QT_TRANSLATE_NOOP("Errors", "The downloaded file is not the expected one; it was removed. Try the "
                                "download again."),
    QT_TRANSLATE_NOOP("Errors", "The partial download is kept; pull again to resume."),
    # app.store.errors hints
    QT_TRANSLATE_NOOP("Errors", "Write something first; an empty entry is not saved."),
    QT_TRANSLATE_NOOP("Errors", "Shorten the text and try again."),
    QT_TRANSLATE_NOOP("Errors", "It may have been deleted already; refresh the list."),
    QT_TRANSLATE_NOOP("Errors", "Switch to the Hearth window that has it open, or close it (or the "
                                "`hearth chat` in a terminal) and try again."),
    QT_TRANSLATE_NOOP("Errors", "Free some disk space and try again. Everything saved before this is safe."),
    QT_TRANSLATE_NOOP("Errors", "No backup was found. The damaged file was kept; a recovery tool may save "
                                "part of it."),
    # app.core.errors and the core's fixed messages
    QT_TRANSLATE_NOOP("Errors", "Write something, or split a very long text into several entries."),
    QT_TRANSLATE_NOOP("Errors", "There is no message to answer yet."),
    QT_TRANSLATE_NOOP("Errors", "Write something first."),
    QT_TRANSLATE_NOOP("Errors", "That entry no longer exists."),
    QT_TRANSLATE_NOOP("Errors", "It may have been deleted already."),
    QT_TRANSLATE_NOOP("Errors", "This reply is still being written."),
    QT_TRANSLATE_NOOP("Errors", "Stop it, or wait until it is done."),
    QT_TRANSLATE_NOOP("Errors", "That conversation no longer exists."),
    QT_TRANSLATE_NOOP("Errors", "Pick another day in the sidebar."),
    QT_TRANSLATE_NOOP("Errors", "There is nothing to undo."),
    QT_TRANSLATE_NOOP("Errors", "The change was already undone or is too old."),
    QT_TRANSLATE_NOOP("Errors", "The message is empty."),
    QT_TRANSLATE_NOOP("Errors", "Split it into several entries."),
    QT_TRANSLATE_NOOP("Errors", "The message does not fit the model's context."),
    QT_TRANSLATE_NOOP("Errors", "The reply could not be prepared."),
    QT_TRANSLATE_NOOP("Errors", "Try again, or restart Hearth."),
    QT_TRANSLATE_NOOP("Errors", "Cancelled."),
    # the store's and the model's fixed messages
    QT_TRANSLATE_NOOP("Errors", "This diary is open in another Hearth window or `hearth chat`."),
    QT_TRANSLATE_NOOP("Errors", "This diary was written by a newer version of Hearth."),
    QT_TRANSLATE_NOOP("Errors", "Update Hearth to open it."),
    QT_TRANSLATE_NOOP("Errors", "The diary already has entries; importing would mix two diaries."),
    QT_TRANSLATE_NOOP("Errors", "The search expression is not valid."),
    QT_TRANSLATE_NOOP("Errors", "Use plain words."),
    QT_TRANSLATE_NOOP("Errors", "The model engine is closed."),
    QT_TRANSLATE_NOOP("Errors", "Load a model again."),
    QT_TRANSLATE_NOOP("Errors", "Load the model again."),
    QT_TRANSLATE_NOOP("Errors", "The model's context is full."),
    QT_TRANSLATE_NOOP("Errors", "Start a new conversation or lower the reply length."),
    QT_TRANSLATE_NOOP("Errors", "The model file ends in the middle of its header (it is truncated)."),
    QT_TRANSLATE_NOOP("Errors", "Downloads are switched off: HF_HUB_OFFLINE is set."),
    QT_TRANSLATE_NOOP("Errors", "Unset HF_HUB_OFFLINE (or set it to 0) and pull again."),
    QT_TRANSLATE_NOOP("Errors", "Update Hearth (its model catalog may be out of date) or choose another "
                                "model."),
)
# Messages with names and numbers: (the English message as a pattern, its translatable template).
ERROR_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"The model file (?P<path>.+) does not exist\."),
     QT_TRANSLATE_NOOP("Errors", "The model file {path} does not exist.")),
    (re.compile(r"(?P<path>.+) is not a file\."), QT_TRANSLATE_NOOP("Errors", "{path} is not a file.")),
    (re.compile(r"(?P<name>.+) is not a GGUF model file \(it does not start with 'GGUF'\)\."),
     QT_TRANSLATE_NOOP("Errors", "{name} is not a GGUF model file (it does not start with 'GGUF').")),
    (re.compile(r"The prompt needs (?P<needed>\d+) tokens but only (?P<limit>\d+) fit\."),
     QT_TRANSLATE_NOOP("Errors", "The prompt needs {needed} tokens but only {limit} fit.")),
    (re.compile(r"The message has (?P<count>[\d,]+) characters; one entry holds at most (?P<limit>[\d,]+)\."),
     QT_TRANSLATE_NOOP("Errors", "The message has {count} characters; one entry holds at most {limit}.")),
    (re.compile(r"The (?P<what>.+) has (?P<count>[\d,]+) characters; "
                r"at most (?P<limit>[\d,]+) are allowed\."),
     QT_TRANSLATE_NOOP("Errors", "The text has {count} characters; at most {limit} are allowed.")),
    (re.compile(r"The (?P<what>.+) is empty\."), QT_TRANSLATE_NOOP("Errors", "The text is empty.")),
    (re.compile(r"(?P<what>.+) (?P<id>\d+) does not exist\."),
     QT_TRANSLATE_NOOP("Errors", "It does not exist any more (no. {id}).")),
    (re.compile(r"Restore the latest backup with `hearth restore` \((?P<name>.+)\)\."),
     QT_TRANSLATE_NOOP("Errors", "Restore the latest backup with `hearth restore` ({name}).")),
    (re.compile(r"The backup (?P<name>.+) is damaged\."),
     QT_TRANSLATE_NOOP("Errors", "The backup {name} is damaged.")),
    (re.compile(r"(?P<name>.+) is not a Hearth backup\."),
     QT_TRANSLATE_NOOP("Errors", "{name} is not a Hearth backup.")),
    (re.compile(r"Something went wrong in the background: (?P<name>\w+)\."),
     QT_TRANSLATE_NOOP("Errors", "Something went wrong in the background: {name}.")),
    (re.compile(r"It failed unexpectedly \((?P<name>\w+)\)\."),
     QT_TRANSLATE_NOOP("Errors", "It failed unexpectedly ({name}).")),
)


def translate_error_text(text: str, lookup: Callable[[str], str]) -> str:
    """``text`` translated by ``lookup`` (source → translation, the source itself when there is none)."""
    found = lookup(text)
    if found != text:
        return found
    for pattern, template in ERROR_PATTERNS:
        match = pattern.fullmatch(text)
        translated = lookup(template) if match else template
        if match and translated != template:  # untranslated (English): the error's own words, unchanged
            return translated.format(**match.groupdict())
    return text
