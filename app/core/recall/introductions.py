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
preposition ("в Казани", "on Netflix") is a place or a thing; one in quotes or after one (a shop, a boat, a
brand: «Ригла») is not asked about either. The forms of one person count together: "Андрей", "Андрея",
"Андреем" (two Snowball stems) and "Серёжа" beside "Сергей" (``people.name_forms``). A name must be in
``MIN_ENTRIES`` entries or more, and is left out once the entries tie it to a relation or a fact names it
(a capitalized word of the fact; a fact's first word only in a form the entries use: "Любит кофе" names no
Люба).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice

from app.core.ports import DiaryPort
from app.core.recall.people import FAMILIES, fact_plausible, is_listed_name, name_forms, names_in, stem_key
from app.core.text import fold, has_cyrillic

ENTRIES_READ = 2000  # the person's newest entries read for names (0.3-0.6 s here, off the UI thread)
MIN_ENTRIES = 4  # entries a name must be in before Hearth asks who it is
INTRODUCTIONS = 3  # names offered at most, most often written first
PLACE_SHARE = 0.25  # a word after a place's preposition (or "the") this often or more is a place or a thing

_SENTENCE_END = re.compile(r"(?:[.!?…:;]+|\n)\s*")  # in entries ("Dinner: Pasta": Pasta is no one)
_FACT_SENTENCE_END = re.compile(r"(?:[.!?…;]+|\n)\s*")  # in facts ("Собака: Барон", "Муж: Витя")
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))*")  # "O'Neil", "Анна-Мария", "Tom's"
_POSSESSIVE = re.compile(r"['’](?:s|m|d|ve|ll|re|t)$", re.IGNORECASE)  # "Tom's" is Tom; "I'm" is "I"
_PLACE_PREPOSITIONS = frozenset(
    "в во из на под до через над по in into near across around outside via to from at on by the".split()  # noqa: SIM905
)
_QUOTES_BEFORE = "«“\"„"  # a word right after one of these is a title or a brand («Ригла», "Admiral")
_OPENING_QUOTES = "«“„"  # a word after a word that opened one of these is in it too («Джон Дир»)
_PATRONYMIC = re.compile(r"(?:ович|евич|овн|евн|ичн)", re.IGNORECASE)
_POSSESSIVE_OF = re.compile(r"(?P<base>[А-ЯЁ][а-яё]+?)(?:ин|ын)(?:а|о|ы|у|ого|ой|ому|ым|ых|ом|ыми)?")
_FAMILY_PLURAL = re.compile(r"(?:ов|ев|ин|ын)ых$", re.IGNORECASE)  # "у Глебовых": a family, by its surname
# Capitalized, and no one to ask about: days ("before Christmas", "на Пасху") and God ("Слава Богу").
_NO_ONE = frozenset(
    "christmas xmas easter halloween hogmanay thanksgiving diwali hanukkah ramadan eid пасх рождеств "  # noqa: SIM905
    "масленниц масленица god jesus lord бог господ".split()
)
# Endings that mark a Russian name's oblique cases ("Витей", "Ксюшу", "Глебом"): the form shown is a
# nominative when the diary has one.
_OBLIQUE_ENDINGS = ("ей", "ой", "ом", "ем", "ём", "у", "ю", "е", "и", "ы")
_INFLECTION_MAX = 2  # letters one stem of a name may have beyond another ("андр" and "андре": Андрей, Андрея)


@dataclass(frozen=True)
class Introduction:
    """A name worth asking about: how it is written most often, and in how many entries."""

    name: str
    entries: int


@dataclass
class _Seen:
    """How a word (by its stem), or one person's forms together, is used across the entries read."""

    entries: set[int] = field(default_factory=set)  # the entries it is capitalized in, inside a sentence
    capitalized: int = 0  # uses capitalized, not a sentence's first word
    lower: int = 0  # uses in lower case: a common word, not a name
    placed: int = 0  # after a place's preposition or "the"
    quoted: int = 0  # in quotes, or right after a quoted word
    joined: int = 0  # beside another capitalized word ("Royal Infirmary", "Calder Street"), not a patronymic
    forms: Counter[str] = field(default_factory=Counter)  # as written inside sentences
    first_forms: Counter[str] = field(default_factory=Counter)  # as written first in a sentence

    def add(self, other: _Seen) -> None:
        self.entries |= other.entries
        self.capitalized += other.capitalized
        self.lower += other.lower
        self.placed += other.placed
        self.quoted += other.quoted
        self.joined += other.joined
        self.forms.update(other.forms)
        self.first_forms.update(other.first_forms)


@dataclass(frozen=True)
class _FactNames:
    """What the facts name: the stems of their capitalized words inside a sentence (and of those words' other
    forms), and the folded words that open a sentence (a name there only in a form the entries use)."""

    keys: frozenset[str]
    first_words: frozenset[str]

    def name(self, keys: Iterable[str], forms: Iterable[str]) -> bool:
        return bool(self.keys.intersection(keys)) or any(fold(f) in self.first_words for f in forms)


def introductions(
    diary: DiaryPort, *, skip: Iterable[str] = (), limit: int = INTRODUCTIONS, ask_again: bool = False
) -> list[Introduction]:
    """The names worth asking about in ``diary`` (see the module doc), without those in ``skip`` and those the
    person said "Not now" to (``DiaryPort.not_now_names``; all the same with ``ask_again``). Reads the newest
    entries and every live fact: off the UI thread."""
    texts = diary.newest_texts(limit=ENTRIES_READ, role="user")
    facts = [fact.text for fact in diary.list_facts()]
    not_now = () if ask_again else diary.not_now_names()
    return people_to_introduce(texts, facts, skip=[*skip, *not_now], limit=limit)


@dataclass(frozen=True)
class WhoToAsk:
    """What the memory panel shows: the names to ask about, most written first, and the names put off (said
    "Not now" to) that would otherwise be asked about, oldest first. A put-off name a fact has answered since,
    or whose entries are gone, is in neither."""

    asked: list[Introduction]
    put_off: list[str]


def who_to_ask(diary: DiaryPort, *, skip: Iterable[str] = (), limit: int = INTRODUCTIONS) -> WhoToAsk:
    """``introductions`` and the names put off, from one read of the entries and one pass over their names:
    the diary's "Not now" names, then ``skip`` (those the window skips), are held back from asking and listed
    as put off while they would be asked about. Off the UI thread."""
    texts = diary.newest_texts(limit=ENTRIES_READ, role="user")
    facts = [fact.text for fact in diary.list_facts()]
    said = diary.not_now_names()
    said += sorted(set(skip) - set(said))
    held_back = {name: _with_other_forms([name]) for name in said}
    any_held = set().union(*held_back.values())
    asked: list[Introduction] = []
    put_off_keys: set[str] = set()
    for keys, person in _unexplained(texts, facts):
        if any_held & keys:
            put_off_keys |= keys
        elif len(asked) < limit:
            asked.append(person)
        elif not said:
            break
    return WhoToAsk(asked, [name for name, forms in held_back.items() if forms & put_off_keys])


def people_to_introduce(
    entries: Sequence[str], facts: Iterable[str], *, skip: Iterable[str] = (), limit: int = INTRODUCTIONS
) -> list[Introduction]:
    """The names ``entries`` use most that neither they nor ``facts`` say who they are (nor ``skip``)."""
    skipped = _with_other_forms(skip)
    found = (person for keys, person in _unexplained(entries, facts) if not skipped & keys)
    return list(islice(found, limit))


def _unexplained(entries: Sequence[str], facts: Iterable[str]) -> Iterator[tuple[set[str], Introduction]]:
    """The people ``entries`` name in at least ``MIN_ENTRIES`` of them that neither they nor ``facts`` say
    who they are, most written first, each with the stem keys of its forms."""
    seen = _names_seen(entries)
    explained = _with_other_forms(names_in(entries, FAMILIES))
    from_facts = _fact_names(facts)
    for keys, person in _people(seen):
        if len(person.entries) < MIN_ENTRIES:
            return  # the people come most written first: no one after is in enough entries
        if explained & keys or from_facts.name(keys, person.forms):
            continue
        shown = _shown_form(person)
        if _a_person(person, shown):
            yield set(keys), Introduction(shown, len(person.entries))


def names_person(fact: str, name: str) -> bool:
    """Does ``fact`` name ``name`` in any of its forms ("Витя — мой муж", "Замужем за Виктором")? Such a fact
    answers "Who is Витя?"."""
    return _fact_names([fact]).name(_with_other_forms([name]), [name])


def _with_other_forms(names: Iterable[str]) -> set[str]:
    return {stem_key(form) for name in names for form in (name, *name_forms(name))}


def _names_seen(entries: Iterable[str]) -> dict[str, _Seen]:
    """Every word's uses, by its stem: capitalized inside a sentence, in lower case, after a place's
    preposition, in quotes; and the entries it is in."""
    seen: dict[str, _Seen] = {}
    for number, text in enumerate(entries):
        for sentence in _SENTENCE_END.split(text):
            found = list(_WORD.finditer(sentence))
            words = [_POSSESSIVE.sub("", m.group(0)) for m in found]
            for index, word in enumerate(words):
                if len(word) < 2:
                    continue
                s = seen.setdefault(stem_key(word), _Seen())
                if not word[0].isupper():
                    s.lower += 1
                elif index == 0:
                    s.first_forms[word] += 1
                else:
                    s.capitalized += 1
                    s.placed += fold(words[index - 1]) in _PLACE_PREPOSITIONS
                    s.quoted += _quoted(sentence, found[index].start())
                    s.joined += _joined(words, index)
                    s.forms[word] += 1
                    s.entries.add(number)
    return seen


def _people(seen: dict[str, _Seen]) -> list[tuple[frozenset[str], _Seen]]:
    """The capitalized stems grouped by person (one name's forms, its other names), most entries first."""
    names = {key for key, s in seen.items() if s.capitalized and not _another_word(s, seen)}
    parent = {key: key for key in names}

    def root(key: str) -> str:
        while parent[key] != key:
            key = parent[key]
        return key

    def join(a: str, b: str) -> None:
        parent[root(a)] = root(b)

    for key in names:
        for form in seen[key].forms:
            for other in (stem_key(f) for f in name_forms(form)):
                if other in names:
                    join(key, other)
        for cut in range(1, _INFLECTION_MAX + 1):  # "андре" with "андр": Андрея with Андрей
            shorter = key[:-cut]
            if len(shorter) >= 3 and shorter in names and has_cyrillic(key):
                join(key, shorter)
    groups: dict[str, list[str]] = {}
    for key in names:
        groups.setdefault(root(key), []).append(key)
    people: list[tuple[frozenset[str], _Seen]] = []
    for keys in groups.values():
        person = _Seen()
        for key in keys:
            person.add(seen[key])
        people.append((frozenset(keys), person))
    return sorted(people, key=lambda kp: (-len(kp[1].entries), min(kp[0])))


def _another_word(s: _Seen, seen: dict[str, _Seen]) -> bool:
    """A word made from a name, not a name: a patronymic ("Аркадьевна"), a family by its surname ("у
    Глебовых"), a possessive ("Дашин" beside "Даша"). Kept apart, so it joins no one's forms."""
    return any(
        _PATRONYMIC.search(form) or _FAMILY_PLURAL.search(form) or _possessive(form, seen) for form in s.forms
    )


def _possessive(form: str, seen: dict[str, _Seen]) -> bool:
    """Is ``form`` a Russian possessive of a name the diary has ("Дашин", "Надины" beside "Даша", "Надя")?"""
    match = _POSSESSIVE_OF.fullmatch(form)
    if not match:
        return False
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
    """Is the word at ``start`` in quotes or right after a quoted word («Джон Дир»)? An apostrophe is no quote
    ("it's Sarah's birthday")."""
    if start > 0 and sentence[start - 1] in _QUOTES_BEFORE:
        return True
    previous = sentence[: start].rstrip().rsplit(maxsplit=1)
    return bool(previous) and previous[-1][:1] in _OPENING_QUOTES and not any(
        q in previous[-1] for q in "»”")


def _a_person(s: _Seen, shown: str) -> bool:
    """Written as a name (capitalized nearly always), not a place, a brand, a holiday or God; ``shown`` is the
    form it would be asked about by (``_shown_form``)."""
    return (
        s.capitalized > 0
        and s.lower <= 0.1 * s.capitalized
        and s.placed < PLACE_SHARE * s.capitalized
        and s.quoted < PLACE_SHARE * s.capitalized
        and s.joined < 0.5 * s.capitalized
        and stem_key(shown) not in _NO_ONE
        and fold(shown) not in _NO_ONE
        and (fact_plausible(shown) or is_listed_name(shown))  # "Женя" shares "жена"'s stem
    )


def _fact_names(facts: Iterable[str]) -> _FactNames:
    """See ``_FactNames``: a fact that names someone at all is taken to say who they are."""
    keys: set[str] = set()
    first_words: set[str] = set()
    for fact in facts:
        for sentence in _FACT_SENTENCE_END.split(fact):
            for index, match in enumerate(_WORD.finditer(sentence)):
                word = _POSSESSIVE.sub("", match.group(0))
                if len(word) < 2 or not word[:1].isupper():
                    continue
                if index > 0 or is_listed_name(word) or name_forms(word):
                    keys |= _with_other_forms([word])
                else:
                    first_words.add(fold(word))
    return _FactNames(frozenset(keys), frozenset(first_words))


def _by_use(forms: Counter[str], first: Counter[str]) -> list[str]:
    """``forms`` commonest first; between two as common, the one more often opening a sentence (a subject:
    "Матвей" before "Матвеем"), then the shorter. A person's forms are gathered from several stems, in no set
    order, so the order must not depend on how they were gathered."""
    return sorted(forms, key=lambda form: (-forms[form], -first[form], len(form), form))


def _shown_form(s: _Seen) -> str:
    """The form to ask about: the commonest that is not a Russian oblique case ("Витя", not "Витей"); a
    shorter form the diary has ("Максим" for "Максима", even if only first in a sentence); a genitive the name
    table knows in its nominative ("Андрея" → "Андрей", but "Евгения" is a name of its own), or the diary
    writes in it ("Тимофея" → "Тимофей", which ends like an oblique "Витей")."""
    opening = _by_use(s.first_forms, s.first_forms)
    ranked = _by_use(s.forms, s.first_forms) or opening
    if not ranked:
        return ""
    nominative = [f for f in ranked if not (has_cyrillic(f) and fold(f).endswith(_OBLIQUE_ENDINGS))]
    shown = (nominative or ranked)[0]
    every = [*ranked, *opening]
    shorter = [f for f in every if len(f) < len(shown) and shown.startswith(f)]  # "Егор" for "Егора"
    if shorter:
        return shorter[0]
    if has_cyrillic(shown) and fold(shown).endswith(("а", "я")) and not is_listed_name(shown):
        base = [f for f in name_forms(shown) if len(f) == len(shown) and f[:-1] == shown[:-1]]
        base += [f for f in every if shown.endswith("я") and f == shown[:-1] + "й"]  # "Тимофея" → "Тимофей"
        return base[0] if base else shown
    if not nominative and has_cyrillic(shown) and len(shown) > 4:  # only oblique forms: a guess
        if shown.endswith("ом"):
            return shown[:-2]  # "Бароном" → "Барон"
        if shown.endswith("ой"):
            return shown[:-2] + "а"  # "Ниной" → "Нина"
    return shown


__all__ = ["Introduction", "introductions", "names_person", "people_to_introduce"]
