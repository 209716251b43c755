"""Which language a piece of the diary is written in — so memory keeps it in that language.

Every memory prompt (summaries, digests, facts, reflections) says "write in the language of the text"; a
small model follows that far better when the prompt also *names* the language. ``language_rule`` does:
for text that is mostly Cyrillic it adds "The text to work from is in Russian: write in Russian." (and the
same for English). Counting scripts is enough for the two languages Hearth is written for, and it never
guesses: mixed or letterless text gets no rule, and the general instruction stands alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from app.core.prompt.templates import render_prompt

_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[A-Za-z]")
LANGUAGE_NAMES = {"ru": "Russian", "en": "English"}
DOMINANCE = 0.6  # the share of letters one script needs before its language is named


def dominant_language(texts: Iterable[str]) -> str | None:
    """"ru" or "en" when one script clearly dominates the letters of ``texts``; None otherwise."""
    cyrillic = latin = 0
    for text in texts:
        cyrillic += len(_CYRILLIC.findall(text))
        latin += len(_LATIN.findall(text))
    total = cyrillic + latin
    if total == 0:
        return None
    if cyrillic / total >= DOMINANCE:
        return "ru"
    if latin / total >= DOMINANCE:
        return "en"
    return None


def language_rule(texts: Iterable[str]) -> str:
    """The sentence that names the source's language for a memory prompt, or "" when it is unclear."""
    code = dominant_language(texts)
    return "" if code is None else render_prompt("language_rule", language=LANGUAGE_NAMES[code])


def with_language_rule(system: str, texts: Iterable[str]) -> str:
    """``system`` with the language rule on its own last line (unchanged when there is none)."""
    rule = language_rule(texts)
    return f"{system}\n{rule}" if rule else system
