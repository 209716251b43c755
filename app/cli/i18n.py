"""The terminal's language: the CLI's human-readable lines from the same ``hearth_<lang>.ts`` as the GUI.

The CLI never imports Qt (an import-linter contract): starting Qt for ``hearth facts list`` would be slow
and needs no display. So instead of a ``QTranslator`` this module reads the ``.ts`` itself (a small XML
file, parsed once per run) and looks messages up by (context, source) exactly as Qt would. Strings are
marked the way pyside6-lupdate understands — ``translate("Cli", "...")`` and, for counts,
``CliPlurals().tr("%n ...", "", n)`` — so ``make translations`` collects them with the GUI's. No gettext:
one translation file per language for the whole app, and translators need only Qt Linguist.

The language: the ``language`` setting; "system" means the locale of the terminal (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), if Hearth ships it. Plural forms follow the language's rule in ``PLURAL_RULES``
(the ``.ts`` says how many forms a language has; which one a number takes is this table's job).
"""

from __future__ import annotations

import argparse
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable
from datetime import date
from functools import lru_cache
from importlib import resources

from app.llm.catalog import format_bytes
from app.ui.error_texts import translate_error_text
from app.ui.tr_noop import QT_TRANSLATE_NOOP

SOURCE_LANGUAGE = "en"
Messages = dict[tuple[str, str], list[str]]  # (context, source) -> forms (one unless numerus)


def _slavic(n: int) -> int:
    """Russian: 1, 21 → one; 2–4, 22–24 → few; 0, 5–20, 25 → many."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


PLURAL_RULES: dict[str, Callable[[int], int]] = {"ru": _slavic, "uk": _slavic, "be": _slavic}
_state = {"language": SOURCE_LANGUAGE}


def available_languages() -> list[str]:
    folder = resources.files("app.resources") / "i18n"
    names = sorted(p.name for p in folder.iterdir() if p.name.startswith("hearth_"))
    return [SOURCE_LANGUAGE, *(n[len("hearth_"):-len(".ts")] for n in names if n.endswith(".ts"))]


def terminal_language(environ: dict[str, str] | None = None) -> str:
    """The language code of the terminal's locale ("ru_RU.UTF-8" → "ru"; "C" and "POSIX" → "en")."""
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return SOURCE_LANGUAGE if code in ("c", "posix") else code
    return SOURCE_LANGUAGE


def set_language(setting: str, environ: dict[str, str] | None = None) -> str:
    """Use the language ``setting`` names ("system": the terminal's) if shipped, else English."""
    code = terminal_language(environ) if setting == "system" else setting
    _state["language"] = code if code in available_languages() else SOURCE_LANGUAGE
    return _state["language"]


def current_language() -> str:
    return _state["language"]


@lru_cache(maxsize=4)
def _messages(language: str) -> Messages:
    """Every finished translation of ``hearth_<language>.ts``."""
    source = resources.files("app.resources") / "i18n" / f"hearth_{language}.ts"
    found: Messages = {}
    for context in ET.fromstring(source.read_bytes()).iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
                continue
            forms = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
            if all(forms):
                found[(name, message.findtext("source") or "")] = forms
    return found


def translate(context: str, text: str) -> str:
    """``text`` in the terminal's language (itself in English or when it has no translation)."""
    if current_language() == SOURCE_LANGUAGE:
        return text
    forms = _messages(current_language()).get((context, text))
    return forms[0] if forms else text


def error_text(text: str) -> str:
    """A typed error's English message or hint, translated as the GUI translates it."""
    return translate_error_text(text, lambda source: translate("Errors", source)) if text else text


SIZE_UNITS = {"B": QT_TRANSLATE_NOOP("Cli", "B"), "KB": QT_TRANSLATE_NOOP("Cli", "KB"),
              "MB": QT_TRANSLATE_NOOP("Cli", "MB"), "GB": QT_TRANSLATE_NOOP("Cli", "GB")}


def data_size(n: float) -> str:
    """"2.1 GB" / "2,1 ГБ": ``format_bytes`` with the language's decimal comma and unit names."""
    text = format_bytes(n)
    if current_language() == SOURCE_LANGUAGE:
        return text
    number, unit = text.split(" ", 1)
    unit = translate("Cli", SIZE_UNITS.get(unit, unit))
    return _local_point(number) + " " + unit


class CliPlurals:
    """Counted phrases of the CLI; ``tr`` mirrors ``QObject.tr`` so lupdate marks them as plurals."""

    def tr(self, text: str, _disambiguation: str = "", n: int = -1) -> str:
        if current_language() == SOURCE_LANGUAGE:
            return text.replace("%n", str(n))
        forms = _messages(current_language()).get((type(self).__name__, text))
        if not forms:
            return text.replace("%n", str(n))
        rule = PLURAL_RULES.get(current_language(), lambda k: 0 if k == 1 else 1)
        return forms[min(rule(n), len(forms) - 1)].replace("%n", str(n))

    def messages_imported(self, n: int) -> str:
        if current_language() == SOURCE_LANGUAGE:
            return f"Imported {n} message{'s' if n != 1 else ''}."
        return self.tr("Imported %n message(s).", "", n)

    def entries(self, n: int) -> str:
        if current_language() == SOURCE_LANGUAGE:
            return f"{n} entr{'y' if n == 1 else 'ies'}"
        return self.tr("%n entry(-ies)", "", n)

    def remembered(self, n: int) -> str:
        """"(remembered 3 entries: {shown}{more})"; the entries are filled in by the caller."""
        if current_language() == SOURCE_LANGUAGE:
            return f"(remembered {n} entr{'y' if n == 1 else 'ies'}: {{shown}}{{more}})"
        return self.tr("(remembered %n entries: {shown}{more})", "", n)

    def indexed(self, total: int, *, complete: bool) -> str:
        """"{indexed} of 21 messages indexed by meaning ({name}): …" — the count after "of" takes the form
        ("из 21 сообщения")."""
        if current_language() == SOURCE_LANGUAGE:
            state = "complete" if complete else "in progress (run `hearth index` to finish now)"
            messages = "message" if total == 1 else "messages"
            return f"{{indexed}} of {total} {messages} indexed by meaning ({{name}}): {state}"
        if complete:
            return self.tr("{indexed} of %n message(s) indexed by meaning ({name}): complete", "", total)
        return self.tr("{indexed} of %n message(s) indexed by meaning ({name}): in progress (run `hearth "
                       "index` to finish now)", "", total)


def iso_day(text: str) -> date:
    """An argparse type for YYYY-MM-DD: a day that does not exist ("2026-13-01") is said plainly, in the
    terminal's language, instead of as Python's "invalid fromisoformat value"."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        message = translate("Cli", "{text} is not a day: use YYYY-MM-DD, for example 2026-03-01")
        raise argparse.ArgumentTypeError(message.format(text=repr(text))) from None


def decimal(value: float, places: int = 1) -> str:
    """``3.1`` / ``3,1``: a number with the language's decimal separator (Russian writes a comma)."""
    return _local_point(f"{value:.{places}f}")


def _local_point(number: str) -> str:
    """A number written with ``.`` in the terminal language's decimal separator."""
    return number if current_language() == SOURCE_LANGUAGE else number.replace(".", ",")


_DAY_MONTHS = (  # the month in the form a date takes ("1 декабря"), so one pattern per month
    QT_TRANSLATE_NOOP("Cli", "{day} January"),
    QT_TRANSLATE_NOOP("Cli", "{day} February"),
    QT_TRANSLATE_NOOP("Cli", "{day} March"),
    QT_TRANSLATE_NOOP("Cli", "{day} April"),
    QT_TRANSLATE_NOOP("Cli", "{day} May"),
    QT_TRANSLATE_NOOP("Cli", "{day} June"),
    QT_TRANSLATE_NOOP("Cli", "{day} July"),
    QT_TRANSLATE_NOOP("Cli", "{day} August"),
    QT_TRANSLATE_NOOP("Cli", "{day} September"),
    QT_TRANSLATE_NOOP("Cli", "{day} October"),
    QT_TRANSLATE_NOOP("Cli", "{day} November"),
    QT_TRANSLATE_NOOP("Cli", "{day} December"),
)
WEEKDAYS = (
    QT_TRANSLATE_NOOP("Cli", "Monday"), QT_TRANSLATE_NOOP("Cli", "Tuesday"),
    QT_TRANSLATE_NOOP("Cli", "Wednesday"), QT_TRANSLATE_NOOP("Cli", "Thursday"),
    QT_TRANSLATE_NOOP("Cli", "Friday"), QT_TRANSLATE_NOOP("Cli", "Saturday"),
    QT_TRANSLATE_NOOP("Cli", "Sunday"),
)  # fmt: skip


def weekday_name(day: date) -> str:
    """"Wednesday" / "Среда"."""
    return translate("Cli", WEEKDAYS[day.weekday()])


def day_month(day: date) -> str:
    """"1 December" / "1 декабря"."""
    return translate("Cli", _DAY_MONTHS[day.month - 1]).format(day=day.day)


def long_day(day: date) -> str:
    """"Tuesday, 1 December 2026" / "Вторник, 1 декабря 2026": a day as a heading says it."""
    return f"{weekday_name(day)}, {day_month(day)} {day.year}"


def week_span(first: date, last: date) -> str:
    """"Week of 30 November – 6 December 2026": the days a person reads, not the ISO week ("2026-W49");
    the year said once unless the week crosses into the next."""
    start = day_month(first) + (f" {first.year}" if first.year != last.year else "")
    end = f"{day_month(last)} {last.year}"
    return translate("Cli", "Week of {first} – {last}").format(first=start, last=end)


def quoted(text: str) -> str:
    """``text`` in the language's quotation marks ("…" in English, «…» in Russian)."""
    return translate("Cli", "\u201c{text}\u201d").format(text=text)


YES_WORDS = {"y", "yes", "д", "да"}  # an answer to "[y/N]" in English or Russian, whatever the interface


def is_yes(answer: str) -> bool:
    """A yes to a terminal's "[y/N]": y or yes, and д or да, since a Russian keyboard layout is often on."""
    return answer.strip().lower() in YES_WORDS
