"""A picture's stored marker said in the interface's words wherever an entry's raw text is shown.

The store writes each picture into its entry's text as ``[picture: NAME, DATE]`` — in English whatever
the language, because search, recall and the model read that text (``app.store.attachments``). Where a
person reads the raw text — the delete question, the sidebar's search hits, ``hearth search`` — the marker
is said as "[picture: NAME]" / "[картинка: NAME]" (QA: search hits showed the stored form in Russian).

No Qt here, so the CLI says it the same way: the caller passes ``MARKER`` translated by its own lookup
(``QCoreApplication.translate`` or ``app.cli.i18n.translate``, context ``MARKER_CONTEXT``).

A search snippet needs more care than whole text: the store marks matched words inside it (``⟦png⟧``,
``⟦picture⟧``, ``⟦2026⟧``), and its 16-word window can cut a marker at either end ("…png, 2026-12-05]",
"[picture: receipt…"). ``said_in_snippet`` says those in the interface's words too; a mark on the file
name is kept (it is what matched), the marks on the stored word and the date go with them.
"""

from __future__ import annotations

import re

from app.store import SNIPPET_CLOSE, SNIPPET_OPEN
from app.ui.tr_noop import QT_TRANSLATE_NOOP

MARKER_CONTEXT = "DeleteEntry"  # the delete question said it first; one translation for every place
MARKER = QT_TRANSLATE_NOOP("DeleteEntry", "[picture: {name}]")
ELLIPSIS = "…"  # what the store's snippets put where they cut the text

_MARKS = re.escape(SNIPPET_OPEN + SNIPPET_CLOSE)
_M = f"[{_MARKS}]*"  # a match mark, or none
_WORD = f"{_M}picture{_M}"
_DATE = rf"{_M}\d{{4}}{_M}-{_M}\d{{2}}{_M}-{_M}\d{{2}}{_M}"
_WHOLE = re.compile(rf"\[{_WORD}: (?P<name>[^\n]*?), {_DATE}\]")
_CUT_HEAD = re.compile(rf"^{ELLIPSIS}(?P<word>{_WORD}: )?(?P<name>[^\n\[\]]*?), {_DATE}\]")
_CUT_DATE = re.compile(rf"^{ELLIPSIS}[\d{_MARKS}]*-[\d{_MARKS}-]*\]")  # "…12-05]": the date's end
_CUT_TAIL = re.compile(rf"\[{_WORD}(?:: (?P<name>[^\n\]]*?))?(?P<dated>, [\d{_MARKS}-]*)?{ELLIPSIS}$")


def said_pictures(text: str, marker: str) -> str:
    """``text`` with every whole stored marker said as ``marker`` (``MARKER`` translated) says it."""
    return _WHOLE.sub(lambda found: marker.format(name=found["name"]), text)


def said_in_snippet(snippet: str, marker: str) -> str:
    """A search snippet with its markers said as ``marker`` says them, also one cut by the snippet's ends:
    a name that may be cut says so ("[картинка: …ceipt.png]", "[картинка: recei…]"); a cut date just goes."""
    text = said_pictures(snippet, marker)
    head = _CUT_HEAD.match(text)
    if head is not None:
        name = head["name"] if head["word"] else ELLIPSIS + head["name"]
        text = (ELLIPSIS if head["word"] else "") + marker.format(name=name) + text[head.end():]
    else:
        text = _CUT_DATE.sub(ELLIPSIS, text, count=1)
    tail = _CUT_TAIL.search(text)
    if tail is not None:
        name = tail["name"] or ""
        said = marker.format(name=name) + ELLIPSIS if tail["dated"] else marker.format(name=name + ELLIPSIS)
        text = text[:tail.start()] + said
    return text
