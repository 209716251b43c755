"""The lower layers' English error texts as translation sources — without Qt, so the CLI shares them.

``app.store``, ``app.llm`` and ``app.core`` raise typed errors whose message and hint are English (they
never import Qt). The GUI (``app.ui.errors``) and the CLI (``app.cli.i18n``) translate them the same way,
through ``translate_error_text`` with their own lookup: the exact text if it is one of ``KNOWN_TEXTS``
(or ``error_messages.MORE_TEXTS``), else the first of ``ERROR_PATTERNS`` that matches it, its names and
numbers kept (and translated themselves when they are known texts), else — for a message of several
sentences ("The diary file is damaged and cannot be opened safely. It was moved aside to …") — each
sentence on its own, else the text as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from app.ui.error_messages import MESSAGE_TEMPLATES, MORE_TEXTS
from app.ui.tr_noop import QT_TRANSLATE_NOOP as QT_TRANSLATE_NOOP  # re-exported for the GUI and the CLI

# The fixed messages and hints of the lower layers' typed errors and events, English as they write them
# (the source texts of their translations). A message with names or numbers in it goes in ERROR_PATTERNS.
KNOWN_TEXTS: tuple[str, ...] = (
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
    QT_TRANSLATE_NOOP("Errors", "The reply to this entry is still being written."),
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
    (re.compile(r"The file in (?P<variable>\w+) is empty\."),
     QT_TRANSLATE_NOOP("Errors", "The file in {variable} is empty.")),
    (re.compile(r"The (?P<what>.+) is empty\."), QT_TRANSLATE_NOOP("Errors", "The text is empty.")),
    (re.compile(r"Fact (?P<id>\d+) does not exist\."),
     QT_TRANSLATE_NOOP("Errors", "Fact {id} does not exist.")),
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


def pattern_of(template: str) -> re.Pattern[str]:
    """The English message a template stands for: its text, any text where a ``{placeholder}`` is."""
    pieces = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(pieces))
    return re.compile(regex, re.DOTALL)


ERROR_PATTERNS += tuple((pattern_of(template), template) for template in MESSAGE_TEMPLATES)
KNOWN_TEXTS += MORE_TEXTS
_SENTENCE_END = re.compile(r"(?<=[.)])\s+(?=[A-Z])")


def translate_error_text(text: str, lookup: Callable[[str], str]) -> str:
    """``text`` translated by ``lookup`` (source → translation, the source itself when there is none).

    A template's ``{value}`` is first taken within one sentence: a template that ends a sentence with a
    value ("It was moved aside to {name}.") would otherwise swallow the sentences after it, left in English
    (session 25: the copies of a damaged log named after it). Only when the sentences do not read one by
    one may a value span several (a server's own words)."""
    found = _translate_whole(text, lookup, one_sentence=True)
    if found is not None:
        return found
    for cut in _SENTENCE_END.finditer(text):  # several sentences: each one known on its own
        head = _translate_whole(text[:cut.start()], lookup)
        if head is not None:
            tail = translate_error_text(text[cut.end():], lookup)
            if tail != text[cut.end():]:
                return f"{head} {tail}"
    return _translate_whole(text, lookup) or text


def _translate_whole(text: str, lookup: Callable[[str], str], *, one_sentence: bool = False) -> str | None:
    """``text`` as one known text or pattern, translated; None if it is neither (or has no translation).
    ``one_sentence``: no pattern whose values run over a sentence's end."""
    found = lookup(text)
    if found != text:
        return found
    for pattern, template in ERROR_PATTERNS:
        match = pattern.fullmatch(text)
        if match and one_sentence and any(_SENTENCE_END.search(value or "") for value in match.groups()):
            continue
        translated = lookup(template) if match else template
        if match and translated != template:  # untranslated (English): the error's own words, unchanged
            values = {name: _translate_value(value, lookup) for name, value in match.groupdict().items()}
            return translated.format(**values)
    return None


def _translate_value(value: str, lookup: Callable[[str], str]) -> str:
    """A matched name or number as it is — or translated, if it is itself a known text ("the text is
    empty")."""
    if _GROUPED_NUMBER.fullmatch(value):
        return value.replace(",", "\u00a0")  # "300,000" is English; translated, "300 000" (as Russian writes)
    size = _SIZE.fullmatch(value)
    if size:  # "21.0 MB" (``format_bytes``) as the language writes a size: "21,0 МБ" (QA)
        return lookup(SIZE_UNITS[size["unit"]]).format(number=size["number"], decimal=size["decimal"] or "")
    if not value or value[0].isdigit() or "/" in value or "\\" in value:
        return value  # numbers and paths are never texts to translate
    return _translate_whole(value, lookup) or value


_GROUPED_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+")
_SIZE = re.compile(r"(?P<number>\d+)(?:\.(?P<decimal>\d))? (?P<unit>B|KB|MB|GB)")
SIZE_UNITS = {  # how a translation writes a size; {decimal} is empty for whole bytes
    "B": QT_TRANSLATE_NOOP("Errors", "{number} B"),
    "KB": QT_TRANSLATE_NOOP("Errors", "{number}.{decimal} KB"),
    "MB": QT_TRANSLATE_NOOP("Errors", "{number}.{decimal} MB"),
    "GB": QT_TRANSLATE_NOOP("Errors", "{number}.{decimal} GB"),
}
