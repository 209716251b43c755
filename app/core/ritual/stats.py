"""The diary in numbers, for the Insights view and ``hearth stats --json``: streaks, words per day, moods,
and the people mentioned most (and on which days).

People come from "Memory about you": every fact of kind *person* names someone; their name is looked up in
the person's own entries with the full-text index (a prefix match, so "Anna" also finds "Anna's", and for a
Cyrillic name "Анна" the stem "Анн" also finds "Анной"). Moods are only ever the person's own choices.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from typing import Any

from app.core.ports import DiaryPort
from app.core.ritual.calendar import Streaks, streaks
from app.store import Fact

DEFAULT_DAYS = 90
TOP_PEOPLE = 8
MENTION_LIMIT = 2000
_NOT_NAMES = {
    "the",
    "their",
    "they",
    "his",
    "her",
    "my",
    "our",
    "a",
    "an",
    "he",
    "she",
    "i",
    "has",
    "have",
    "is",
    "person",
    "friend",
    "sister",
    "brother",
    "mother",
    "father",
    "mom",
    "mum",
    "dad",
    "son",
    "daughter",
    "husband",
    "wife",
    "partner",
    "boss",
    "colleague",
    "grandma",
    "grandpa",
    "aunt",
    "uncle",
    "cousin",
    "он",
    "она",
    "они",
    "их",
    "его",
    "её",
    "ее",
    "мой",
    "моя",
    "мои",
    "наш",
    "наша",
    "есть",
    "у",
    "друг",
    "подруга",
    "сестра",
    "брат",
    "мама",
    "папа",
    "мать",
    "отец",
    "сын",
    "дочь",
    "муж",
    "жена",
    "бабушка",
    "дедушка",
    "тётя",
    "тетя",
    "дядя",
    "коллега",
    "начальник",
}
_WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)?")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


@dataclass(frozen=True)
class PersonMentions:
    name: str
    fact_id: int
    total: int
    days: tuple[tuple[date, int], ...]  # (day, entries mentioning them), oldest first


@dataclass(frozen=True)
class DiaryStats:
    first: date
    last: date
    streaks: Streaks
    words: tuple[tuple[date, int], ...]  # days with entries: (day, words the person wrote)
    moods: tuple[tuple[date, int], ...]
    people: tuple[PersonMentions, ...]

    @property
    def total_words(self) -> int:
        return sum(w for _, w in self.words)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: dates as ISO strings."""
        return {
            "first": self.first.isoformat(),
            "last": self.last.isoformat(),
            "streaks": asdict(self.streaks),
            "days_written": len(self.words),
            "total_words": self.total_words,
            "words_per_day": [{"day": d.isoformat(), "words": w} for d, w in self.words],
            "moods": [{"day": d.isoformat(), "mood": m} for d, m in self.moods],
            "people": [
                {
                    "name": p.name,
                    "fact_id": p.fact_id,
                    "mentions": p.total,
                    "days": [{"day": d.isoformat(), "entries": n} for d, n in p.days],
                }
                for p in self.people
            ],
        }


def person_name(fact_text: str) -> str | None:
    """The name a *person* fact is about: its first capitalised word that is not a pronoun or the like."""
    for word in _WORD.findall(fact_text):
        if word[0].isupper() and word.lower() not in _NOT_NAMES and len(word) > 1:
            return word
    return None


def name_match(name: str) -> str:
    """An FTS5 prefix query for ``name`` (a Cyrillic name loses its ending: "Анна" → "Анн"*)."""
    stem = name[:-1] if _CYRILLIC.search(name) and len(name) > 3 else name
    return '"' + stem.replace('"', "") + '"*'


class DiaryStatistics:
    def __init__(self, diary: DiaryPort) -> None:
        self.diary = diary

    def collect(self, today: date, days: int = DEFAULT_DAYS) -> DiaryStats:
        """The last ``days`` days up to ``today`` (the streaks look at the whole diary)."""
        first = today - timedelta(days=max(1, days) - 1)
        activity = self.diary.day_activity(first, today)
        return DiaryStats(
            first,
            today,
            streaks(self.diary.days_written(date.min, today), today),
            tuple((a.day, a.words) for a in activity),
            tuple(sorted(self.diary.moods(first, today).items())),
            self.people((first, today)),
        )

    def people(self, span: tuple[date, date]) -> tuple[PersonMentions, ...]:
        """The people of "Memory about you" by how many of the person's entries in ``span`` name them."""
        found: dict[str, PersonMentions] = {}
        for fact in self.diary.list_facts():
            mentions = self._mentions(fact, span)
            if mentions is not None and mentions.total and mentions.name not in found:
                found[mentions.name] = mentions
        ranked = sorted(found.values(), key=lambda p: (-p.total, p.name))
        return tuple(ranked[:TOP_PEOPLE])

    def _mentions(self, fact: Fact, span: tuple[date, date]) -> PersonMentions | None:
        name = person_name(fact.text) if fact.kind == "person" else None
        if name is None:
            return None
        hits = self.diary.ranked_messages(
            name_match(name), limit=MENTION_LIMIT, exclude_conversation_id=None, days=span
        )
        per_day = Counter(h.day for h in hits if h.role == "user" and h.day is not None)
        days = tuple(sorted(per_day.items()))
        return PersonMentions(name, fact.id, sum(per_day.values()), days)
