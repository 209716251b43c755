"""Holidays a message names: "at Christmas", "on Valentine's Day", "на Новый год", "на мужской праздник".

People date their lives by holidays more than by numbers: "What did I give Vitya for the men's holiday?"
asks about the entries written around 23 February, though no word of the question is in them ("Подарили
Вите на двадцать третье набор головок"). Recall reads a named holiday as a span of days, as it reads "on 3
October" (``app.core.recall.dates``), and favours the entries written then and in the week after.

Why this shape:

* **Only holidays whose day is known.** A fixed day (Christmas, 8 March), a rule (US Thanksgiving: the
  fourth Thursday of November), or Easter's computus (Western, and Orthodox for the Russian words). A
  holiday whose day depends on the country (Mother's Day), on a lunar calendar (Chinese New Year, Eid), or on
  the person (a birthday) is left out: a wrong span pushes the right entries out of the prompt.
  Thanksgiving is both the US and the Canadian one: the diary does not say which country it is written in.
* **The latest one, as for a date without a year**: "at Christmas" is the latest Christmas not after the
  day the message is written on (one that started by then: New Year's Eve counts on 31 December), or the
  one of the year named beside it ("Christmas 2023"), in numbers or in words: "Christmas last year" is the
  latest that began in the year before the message's. One ahead is not a day of the diary: "next
  Christmas", "Christmas next year", "на Новый год в следующем году" name none.
* **One span per holiday, as long as the holiday.** A day is read as precisely as "on 3 October"; a
  holiday of several days ("the May holidays", Maslenitsa) as a week.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta

Days = tuple[date, date]  # first and last day, inclusive
Rule = Callable[[int], tuple[Days, ...]]  # a year → the holiday's spans in it (two for Thanksgiving)


def western_easter(year: int) -> date:
    """Easter Sunday, Gregorian (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    m = (32 + 2 * e + 2 * i - h - k) % 7
    n = (a + 11 * h + 19 * m) // 433
    month = (h + m - 7 * n + 90) // 25
    return date(year, month, (h + m - 7 * n + 33 * month + 19) % 32)


def orthodox_easter(year: int) -> date:
    """Easter Sunday of the Orthodox church (the Julian computus, in Gregorian dates: 1900-2099)."""
    a, b, c = year % 4, year % 7, year % 19
    d = (19 * c + 15) % 30
    e = (2 * a + 4 * b - d + 34) % 7
    month = (d + e + 114) // 31
    julian = date(year, month, (d + e + 114) % 31 + 1)
    return julian + timedelta(days=13)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The ``n``-th ``weekday`` (0 = Monday) of the month; ``n`` = -1: the last."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _fixed(month: int, day: int, days: int = 1) -> Rule:
    def rule(year: int) -> tuple[Days, ...]:
        start = date(year, month, day)
        return ((start, start + timedelta(days=days - 1)),)

    return rule


def _around(moveable: Callable[[int], date], first: int, last: int) -> Rule:
    def rule(year: int) -> tuple[Days, ...]:
        day = moveable(year)
        return ((day + timedelta(days=first), day + timedelta(days=last)),)

    return rule


def _new_year(year: int) -> tuple[Days, ...]:
    """The night the year ``year`` begins: 31 December of the year before and 1 January."""
    return ((date(year - 1, 12, 31), date(year, 1, 1)),)


def _new_year_holidays(year: int) -> tuple[Days, ...]:
    return ((date(year - 1, 12, 31), date(year, 1, 8)),)  # Russia's New Year days off


def _thanksgiving(year: int) -> tuple[Days, ...]:
    canada = _nth_weekday(year, 10, 0, 2)  # second Monday of October
    usa = _nth_weekday(year, 11, 3, 4)  # fourth Thursday of November
    return ((canada, canada), (usa, usa))


def _ru(stem: str) -> str:
    """A Russian word by its stem: any ending."""
    return rf"{stem}\w*"


_DAY_RU = r"(?:день|дн[яюёе]м?)"  # "день", "дня", "дню", "дне", "днём"
_AP = "['’]?"  # an apostrophe, straight or typographic, or none

# Most specific first: a match hides the shorter ones inside it ("New Year's Eve" is not "New Year").
_HOLIDAY_TABLE: list[tuple[str, Rule]] = [
    (r"christmas eve", _fixed(12, 24)),
    (r"christmas day", _fixed(12, 25)),
    (r"boxing day", _fixed(12, 26)),
    (r"christmas|xmas", _fixed(12, 24, 3)),
    (rf"new year{_AP}s eve|hogmanay", _fixed(12, 31)),
    (rf"new year{_AP}s day", _fixed(1, 1)),
    # "New Year" as a name (capitals), or "new year's": not "a new year at school"
    (r"(?-i:New Year)(?:['’]?s)?|new year['’]s", _new_year),
    (rf"valentine{_AP}s(?: day)?|st\.? valentine", _fixed(2, 14)),
    (rf"st\.? patrick{_AP}s day|paddy{_AP}s day", _fixed(3, 17)),
    (r"good friday", _around(western_easter, -2, -2)),
    (r"easter monday", _around(western_easter, 1, 1)),
    (r"easter(?: sunday)?", _around(western_easter, -2, 1)),
    (r"memorial day", _around(lambda year: _nth_weekday(year, 5, 0, -1), 0, 0)),  # last Monday of May
    # The US spelling only: "Labour Day" is 1 May, or another day, in most countries that spell it so.
    (r"labor day", _around(lambda year: _nth_weekday(year, 9, 0, 1), 0, 0)),  # first Monday of September
    (r"canada day", _fixed(7, 1)),
    (r"(?:the )?fourth of july", _fixed(7, 4)),  # not "Independence Day": every country has one
    (r"thanksgiving", _thanksgiving),
    (r"halloween", _fixed(10, 31)),
    (r"bonfire night|guy fawkes(?: night)?", _fixed(11, 5)),
    (rf"{_ru('стар')} {_ru('нов')} {_ru('год')}", _fixed(1, 13, 2)),
    (rf"{_ru('новогодн')} (?:{_ru('праздник')}|{_ru('каникул')}|{_ru('выходн')})", _new_year_holidays),
    # "Новый год" as a name (a capital), or "на новый год": not "в новом году" (in the year to come)
    (rf"(?-i:Нов)(?:ый|ого|ом|ому|ым) год(?:а|у|ом|е)?|(?-i:на новый год)|{_ru('новогодн')}", _new_year),
    (_ru("рождеств"), _fixed(1, 6, 2)),  # Russian Christmas: Orthodox, 7 January (and its eve)
    (rf"{_DAY_RU} защитника отечества|{_ru('мужск')} (?:{_ru('праздник')}|{_DAY_RU})", _fixed(2, 23)),
    (rf"{_ru('восьм')} {_ru('март')}|{_ru('женск')} (?:{_ru('праздник')}|{_DAY_RU})", _fixed(3, 8)),
    (rf"{_ru('маслениц')}|{_ru('масленичн')}", _around(orthodox_easter, -55, -49)),
    (r"пасх(?!алк)\w*", _around(orthodox_easter, 0, 0)),  # not "пасхалка" (a hidden joke in a game)
    (
        rf"на майских|на майские|{_ru('майск')} (?:{_ru('праздник')}|{_ru('выходн')}|{_ru('каникул')})",
        _fixed(5, 1, 10),
    ),
    (_ru("первома"), _fixed(5, 1)),
    (rf"{_DAY_RU} победы", _fixed(5, 9)),
    (rf"{_DAY_RU} знаний", _fixed(9, 1)),
    (rf"{_DAY_RU} росси[ийю]", _fixed(6, 12)),
    (rf"{_DAY_RU} народного единства", _fixed(11, 4)),
    (rf"{_ru('татьянин')} {_DAY_RU}", _fixed(1, 25)),
    (rf"{_ru('хэллоуин')}|{_ru('хеллоуин')}", _fixed(10, 31)),
    (rf"{_DAY_RU} (?:святого )?валентина|{_ru('валентинов')} {_DAY_RU}", _fixed(2, 14)),
]
# A year in words, before or after the holiday: "Christmas last year", "next year's Easter", "в прошлом году
# на Пасху", "на Новый год в следующем году". Part of the holiday's words, as "Christmas 2023" is: one date.
# Read by patterns of their own at the holiday's two ends, not inside each holiday's: folded into ~45
# patterns they cost ~150 ms of regular-expression compiling when recall was first imported.
_YEAR_WORDS = (
    r"(?:the )?year before last|(?:last|this|next) year"
    r"|в (?:позапрошлом|прошлом|этом|следующем|будущем|наступающем) году"
    r"|(?:позапрошлого|прошлого|этого|следующего|будущего|наступающего) года"
)
_YEAR_BEFORE = re.compile(
    rf"(?<![^\W\d_])(?:(?P<words>{_YEAR_WORDS})(?:['’]?s)?"
    rf"|(?:in|в|во)\s+(?P<number>(?:19|20)\d\d)(?:\s+году)?),?\s+(?:(?:at|on|for|in|на|в|во)\s+(?:the\s+)?)?$",
    re.IGNORECASE,
)
_BEFORE_CHARS = 50  # the longest words before a holiday that say its year, and some
# After a comma the year's words are the holiday's only if the clause ends there ("Christmas, last year."):
# "over Christmas, next year we'll stay home" says when the staying home is.
_YEAR_AFTER = re.compile(
    rf",?\s+(?:in\s+|of\s+|в\s+)?(?P<year>(?:19|20)\d\d)\b"
    rf"|(?:,(?=\s+(?:of\s+)?(?:{_YEAR_WORDS})\s*(?:[^\w\s]|$)))?\s+(?:of\s+)?"
    rf"(?P<words>{_YEAR_WORDS})(?![^\W\d_])",
    re.IGNORECASE,
)
_HOLIDAYS = [
    (re.compile(rf"(?<![^\W\d_])(?:{pattern})(?![^\W\d_])", re.IGNORECASE), rule)
    for pattern, rule in _HOLIDAY_TABLE
]
# What the year in words means, by its first telling word; any other (next year's) is ahead.
_YEAR_MEANINGS = [
    ("before last", "year before last"), ("позапрошл", "year before last"),
    ("last", "last year"), ("прошл", "last year"), ("this", "this"), ("эт", "this"),
]  # fmt: skip
# "Next Christmas", "на следующий Новый год": not a day the diary has. Nor another calendar's new year.
_AHEAD = re.compile(
    r"\b(?:next|coming|upcoming|following)\s+$"
    r"|(?:следующ|будущ|предстоящ|ближайш|грядущ|наступающ)\w*\s+(?:\w+\s+)?$"
    r"|\b(?:chinese|lunar|jewish|islamic|persian|китайск\w*|лунн\w*|еврейск\w*)\s+$",
    re.IGNORECASE,
)
# "This Christmas": this year's, once it began (one still ahead is not in the diary); "last Christmas", "на
# прошлый Новый год": the latest one that is over (on 25 December, last year's).
_THIS = re.compile(r"\bthis\s+$|(?<![^\W\d_])(?:этот|эту|это|этом|этой|этого)\s+$", re.IGNORECASE)
_LAST = re.compile(r"\b(?:last|past)\s+$|(?<![^\W\d_])(?:прошл|позапрошл)\w*\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class YearBeside:
    """A year said beside a date or a holiday: where the words together begin and end in the text, and the
    year in words ("last year", "в прошлом году") or in numbers ("Christmas 2023", "в 2021 году на Пасху")."""

    start: int
    end: int
    words: str | None
    number: str | None

    @property
    def which(self) -> str | None:
        """What the year in words means: "year before last", "last year" or "this"; None for one ahead
        ("next year", "в следующем году") and when none is said in words."""
        if not self.words:
            return None
        return next((which for word, which in _YEAR_MEANINGS if word in self.words.lower()), None)


def year_beside(text: str, start: int, end: int) -> YearBeside:
    """The year said just before ``text[start:end]`` ("last year on 3 May", "в 2021 году на Пасху") or just
    after it ("8 марта прошлого года", "Christmas 2023"); the year after counts when both say one ("I moved
    last year, in March this year I…": March this year)."""
    before = _YEAR_BEFORE.search(text, max(0, start - _BEFORE_CHARS), start)
    after = _YEAR_AFTER.match(text, end)
    if after and before:
        before = None
    return YearBeside(
        before.start() if before else start,
        after.end() if after else end,
        (before and before["words"]) or (after and after["words"]) or None,
        (before and before["number"]) or (after and after["year"]) or None,
    )


@dataclass(frozen=True)
class NamedHoliday:
    start: int  # where its words are in the text
    end: int
    spans: tuple[Days, ...]


def holidays_in(text: str, anchor: date | None) -> Iterator[NamedHoliday]:
    """The holidays ``text`` names, with their days: the year beside them, else the latest before
    ``anchor`` (without either, none). A holiday inside a longer one's words is not read again."""
    taken: list[tuple[int, int]] = []
    for pattern, rule in _HOLIDAYS:
        for match in pattern.finditer(text):
            year = year_beside(text, match.start(), match.end())
            if any(a < year.end and year.start < b for a, b in taken):
                continue
            taken.append((year.start, year.end))
            which = _which(year, text[max(0, year.start - 30) : year.start])
            spans = _resolved(rule, year.number, anchor, which) if which else ()
            if spans:
                yield NamedHoliday(year.start, year.end, spans)


def _which(year: YearBeside, before: str) -> str | None:
    """Which one the words around a holiday mean (see ``_resolved``); None for one still ahead ("next
    Christmas", "Christmas next year"), which the diary does not have yet."""
    if year.words:
        return year.which
    if _AHEAD.search(before):
        return None
    return "this" if _THIS.search(before) else "last" if _LAST.search(before) else "latest"


def _resolved(
    rule: Rule, year_text: str | None, anchor: date | None, which: str = "latest"
) -> tuple[Days, ...]:
    """The holiday's spans in the year named, else each one's latest that began by ``anchor`` — for
    ``which`` "this", only one that ends in the anchor's year (and began in it, but in January: New Year's
    night); for "last", only one that is over; for "last
    year" ("year before last"), only one that began in the year before the anchor's (the one before that):
    "на Новый год в прошлом году", asked in October, is the night that began on 31 December last year."""
    if year_text:
        return rule(int(year_text))
    if anchor is None:
        return ()
    years_back = {"last year": 1, "year before last": 2}.get(which)
    latest: dict[int, Days] = {}
    for year in range(anchor.year - 2, anchor.year + 2):  # New Year's night begins the year before
        for i, days in enumerate(rule(year)):
            begun, over = days[0] <= anchor, days[1] < anchor
            # "This New Year" in October is the coming night, not last winter's: one that began the year
            # before is this year's only in January, just after it.
            this_year = days[1].year == anchor.year and (days[0].year == anchor.year or anchor.month == 1)
            that_year = years_back is None or days[0].year == anchor.year - years_back
            if begun and (which != "last" or over) and (which != "this" or this_year) and that_year:
                latest[i] = days
    return tuple(latest[i] for i in sorted(latest))
