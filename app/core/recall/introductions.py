"""People the diary names often but never says who they are: worth one question to the person.

Recall answers "Где сейчас работает муж?" only if it knows that the husband is Витя. The entries often say so
("мой муж Витя", read by ``people.names_in``), or a fact does ("Муж — Витя", ``people.names_in_facts``). When
neither does, the question cannot reach the entries that only say "Витя". Session 31 counted 202 such
questions among the 309 of the tune half that ask about a relation (tests/data/heldout): they lost most of the
evidence recall missed there. Words cannot bridge that, and neither can a sentence encoder; the person can,
in a few words, once. So the memory panel (and ``hearth facts who``) asks "Who is Витя?", and the answer is
saved as a fact ("Витя — муж") that recall reads from the next question on.

A name here is a capitalized word that stands inside a sentence (not first), is written in lower case seldom
if ever, and is not a stopword, a month, a weekday, a nationality, a relation word or a patronymic
("Аркадьевна" goes with "Нина", which is asked about instead). A word that mostly follows a place's
preposition ("в Казани", "in Leeds") is a place; one in quotes or after one (a shop, a boat, a brand:
«Ригла», "the Admiral") is not asked about either. A name must be in ``MIN_ENTRIES`` entries or more, and is
left out once the entries or a fact tie it to a relation, or a fact names it at all.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from app.core.ports import DiaryPort
from app.core.recall.people import FAMILIES, fact_plausible, name_forms, names_in, stem_key
from app.core.text import fold, has_cyrillic

ENTRIES_READ = 2000  # the person's newest entries read for names (0.3-0.6 s here, off the UI thread)
MIN_ENTRIES = 4  # entries a name must be in before Hearth asks who it is
INTRODUCTIONS = 3  # names offered at most, most often written first
PLACE_SHARE = 0.25  # a word after a place's preposition (or "the") this often or more is a place or a thing

_SENTENCE_END = re.compile(r"(?:[.!?…]+|\n)\s*")
_WORD = re.compile(r"[^\W\d_][^\W\d_'’-]*")
_POSSESSIVE = re.compile(r"['’]s?$")
_PLACE_PREPOSITIONS = frozenset(
    "в во из на под до через над in into near across around outside via to from at the".split()  # noqa: SIM905
)
_QUOTES = "«“\"'„‘"
_PATRONYMIC = re.compile(r"(?:ович|евич|овн|евн|ичн)", re.IGNORECASE)
_POSSESSIVE_OF = re.compile(r"(?P<base>[А-ЯЁ][а-яё]+?)(?:ин|ын)(?:а|о|ы|у|ого|ой|ому|ым|ых|ом|ыми)?")
_FAMILY_PLURAL = re.compile(r"(?:ов|ев|ин|ын)ых$", re.IGNORECASE)  # "у Глебовых": a family, by its surname
# Days that are capitalized but are no one ("before Christmas", "на Пасху").
_HOLIDAYS = frozenset(
    "christmas xmas easter halloween hogmanay thanksgiving diwali hanukkah ramadan eid пасха рождество "  # noqa: SIM905
    "масленица".split()
)
# Endings that mark a Russian name's oblique cases ("Витей", "Ксюшу", "Глебом"): the form shown is a
# nominative when the diary has one.
_OBLIQUE_ENDINGS = ("ей", "ой", "ом", "ем", "ём", "у", "ю", "е", "и", "ы")


@dataclass(frozen=True)
class Introduction:
    """A name worth asking about: how it is written most often, and in how many entries."""

    name: str
    entries: int


@dataclass
class _Seen:
    """How a word (by its stem) is used across the entries read."""

    entries: int = 0  # entries it is capitalized in, inside a sentence
    capitalized: int = 0  # uses capitalized, not a sentence's first word
    lower: int = 0  # uses in lower case: a common word, not a name
    placed: int = 0  # after a place's preposition or "the"
    quoted: int = 0  # in quotes, or right after a quoted word
    joined: int = 0  # beside another capitalized word ("Royal Infirmary", "Calder Street"), not a patronymic
    forms: Counter[str] = field(default_factory=Counter)


def introductions(
    diary: DiaryPort, *, skip: Iterable[str] = (), limit: int = INTRODUCTIONS
) -> list[Introduction]:
    """The names worth asking about in ``diary`` (see the module doc), without those in ``skip`` (names the
    person said "not now" to). Reads the newest entries and every live fact: off the UI thread."""
    texts = diary.newest_texts(limit=ENTRIES_READ, role="user")
    facts = [fact.text for fact in diary.list_facts()]
    return people_to_introduce(texts, facts, skip=skip, limit=limit)


def people_to_introduce(
    entries: Sequence[str], facts: Iterable[str], *, skip: Iterable[str] = (), limit: int = INTRODUCTIONS
) -> list[Introduction]:
    """The names ``entries`` use most that neither they nor ``facts`` say who they are."""
    seen = _names_seen(entries)
    explained = {stem_key(name) for name in names_in(entries, FAMILIES)}
    explained |= _named_in(facts)
    explained |= {stem_key(name) for name in skip}
    found: list[Introduction] = []
    for key, s in sorted(seen.items(), key=lambda kv: (-kv[1].entries, kv[0])):
        if s.entries < MIN_ENTRIES or key in explained or not _a_person(s) or _possessive(s, seen):
            continue
        found.append(Introduction(_shown_form(s.forms), s.entries))
        if len(found) >= limit:
            break
    return found


def names_person(fact: str, name: str) -> bool:
    """Does ``fact`` name ``name`` in any of its forms ("Витя — мой муж", "Married to Viktor")? Such a fact
    answers "Who is Витя?"."""
    return stem_key(name) in _named_in([fact])


def _names_seen(entries: Iterable[str]) -> dict[str, _Seen]:
    """Every word's uses, by its stem: capitalized inside a sentence, in lower case, after a place's
    preposition, in quotes; and the entries it is in."""
    seen: dict[str, _Seen] = {}
    for text in entries:
        in_entry: set[str] = set()
        for sentence in _SENTENCE_END.split(text):
            words = [_POSSESSIVE.sub("", m.group(0)) for m in _WORD.finditer(sentence)]
            starts = [m.start() for m in _WORD.finditer(sentence)]
            for index, word in enumerate(words):
                if len(word) < 2:
                    continue
                key = _key(word)
                s = seen.setdefault(key, _Seen())
                if not word[0].isupper():
                    s.lower += 1
                    continue
                if index == 0:
                    continue
                s.capitalized += 1
                s.placed += fold(words[index - 1]) in _PLACE_PREPOSITIONS
                s.quoted += _quoted(sentence, starts[index])
                s.joined += _joined(words, index)
                s.forms[word] += 1
                in_entry.add(key)
        for key in in_entry:
            seen[key].entries += 1
    return seen


@lru_cache(maxsize=20_000)
def _key(word: str) -> str:
    """``stem_key``, remembered: a diary's 2,000 entries hold a few thousand words, each used many times."""
    return stem_key(word)


def _possessive(s: _Seen, seen: dict[str, _Seen]) -> bool:
    """Is it a Russian possessive of a name the diary has ("Дашин", "Надины" beside "Даша", "Надя")?"""
    for form in s.forms:
        match = _POSSESSIVE_OF.fullmatch(form)
        if not match:
            continue
        for key in (stem_key(match["base"] + v) for v in ("а", "я")):
            if key in seen and seen[key].capitalized > seen[key].lower:
                return True
    return False


def _joined(words: Sequence[str], index: int) -> bool:
    """Does the capitalized word at ``index`` stand beside another capitalized word (not the sentence's first,
    not a patronymic: "Нина Аркадьевна" is Нина)?"""
    before = index > 1 and words[index - 1][:1].isupper()
    following = words[index + 1] if index + 1 < len(words) else ""
    after = following[:1].isupper() and not _PATRONYMIC.search(following)
    return bool(before and not _PATRONYMIC.search(words[index])) or after


def _quoted(sentence: str, start: int) -> bool:
    """Is the word at ``start`` in quotes or right after a quoted word («Джон Дир», "the «Admiral»")?"""
    opening = sentence.rfind(" ", 0, max(0, start - 1))
    right_after = start > 0 and sentence[start - 1] in _QUOTES
    return right_after or any(q in sentence[opening + 1 : start] for q in _QUOTES)


def _a_person(s: _Seen) -> bool:
    """Written as a name (capitalized nearly always), not a place, a brand or a patronymic."""
    forms = s.forms
    shown = _shown_form(forms)
    return (
        s.capitalized > 0
        and s.lower <= 0.1 * s.capitalized
        and s.placed < PLACE_SHARE * s.capitalized
        and s.quoted < PLACE_SHARE * s.capitalized
        and s.joined < 0.5 * s.capitalized
        and fold(shown) not in _HOLIDAYS
        and fact_plausible(shown)
        and not any(_PATRONYMIC.search(form) or _FAMILY_PLURAL.search(form) for form in forms)
    )


def _named_in(facts: Iterable[str]) -> set[str]:
    """The stems of every word in the facts, and of every other form of a name they hold ("Серёжа" for
    "Сергей"): a fact that names someone at all is taken to say who they are."""
    keys: set[str] = set()
    for fact in facts:
        for match in _WORD.finditer(fact):
            word = _POSSESSIVE.sub("", match.group(0))
            keys.add(stem_key(word))
            if word[:1].isupper():
                keys.update(stem_key(form) for form in name_forms(word))
    return keys


def _shown_form(forms: Counter[str]) -> str:
    """The form to ask about: the commonest that is not a Russian oblique case ("Витя", not "Витей")."""
    if not forms:
        return ""
    ranked = [form for form, _ in forms.most_common()]
    nominative = [f for f in ranked if not (has_cyrillic(f) and fold(f).endswith(_OBLIQUE_ENDINGS))]
    shown = (nominative or ranked)[0]
    shorter = [f for f in ranked if len(f) < len(shown) and shown.startswith(f)]  # "Егор" for "Егора"
    if shorter:
        return shorter[0]
    if has_cyrillic(shown) and fold(shown).endswith(("а", "я")):  # a genitive, if the name table knows it
        base = [f for f in name_forms(shown) if len(f) == len(shown) and f[:-1] == shown[:-1]]
        return base[0] if base else shown  # "Андрея" → "Андрей", "Геннадия" → "Геннадий"
    return shown


__all__ = ["Introduction", "introductions", "names_person", "people_to_introduce"]
