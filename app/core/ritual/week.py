"""The weekly review: the week's digest as a readable page — highlights, people and places, the mood line,
links to the entries — and the same as Markdown (``hearth week``, "Export week").

The weekly digest itself is written at rollover by the maintenance scheduler (``Digests.weekly``) and can
be rewritten on demand (``Companion.weekly_digest``); this module only reads. People and places come from
"Memory about you": facts of kind *person* or *place* learned from one of the week's entries, and the people
the week's entries mention by name (``stats``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date

from app.core.ports import DiaryPort
from app.core.ritual.calendar import MONDAY, iso_week_of, week_of
from app.core.ritual.stats import DiaryStatistics
from app.store import week_scope

MOOD_SIGNS = {m: "●" * m + "○" * (5 - m) + f" {m}/5" for m in range(1, 6)}  # the week's mood line
ENGLISH_LABELS: dict[str, str] = {
    "title": "Week {scope} ({first} – {last})",
    "highlights": "Highlights",
    "no_digest": "No weekly digest yet.",
    "people": "People and places",
    "mentioned": "{name} ×{n}",
    "no_people": "No one was named this week.",
    "mood": "Mood",
    "no_mood": "No mood set this week.",
    "entries": "Entries",
    "no_entries": "Nothing was written this week.",
    "words": "{n} words",
}


@dataclass(frozen=True)
class WeekEntry:
    day: date
    conversation_id: int
    first_line: str
    words: int


@dataclass(frozen=True)
class WeeklyReview:
    scope: str
    days: tuple[date, ...]
    digest: str
    daily: tuple[tuple[date, str], ...]
    people: tuple[tuple[str, int], ...]  # (name, entries mentioning them)
    notes: tuple[str, ...]  # person/place facts learned from the week's entries
    moods: tuple[tuple[date, int], ...]
    entries: tuple[WeekEntry, ...]

    @property
    def first(self) -> date:
        return self.days[0]

    @property
    def last(self) -> date:
        return self.days[-1]

    def to_markdown(
        self,
        labels: Mapping[str, str] = ENGLISH_LABELS,
        day_text: Callable[[date], str] | None = None,
        entry_link: Callable[[WeekEntry], str] | None = None,
    ) -> str:
        """The review as Markdown; ``labels`` and ``day_text`` translate it (English by default);
        ``entry_link`` makes each entry's first line a link (the GUI opens the day)."""
        name = day_text or _english_day
        text = {**ENGLISH_LABELS, **labels}
        lines = [f"# {text['title'].format(scope=self.scope, first=self.first, last=self.last)}", ""]
        lines += [f"## {text['highlights']}", "", self.digest or text["no_digest"], ""]
        lines += [f"- **{name(d)}**: {t}" for d, t in self.daily]
        lines += ["", f"## {text['people']}", ""]
        people = [f"- {text['mentioned'].format(name=n, n=c)}" for n, c in self.people]
        lines += people + [f"- {note}" for note in self.notes] or [text["no_people"]]  # (QA: a bare heading)
        lines += ["", f"## {text['mood']}", ""]
        lines += [f"- {name(d)}: {MOOD_SIGNS.get(m, m)}" for d, m in self.moods] or [text["no_mood"]]
        lines += ["", f"## {text['entries']}", ""]
        lines += [
            f"- **{name(e.day)}** ({text['words'].format(n=e.words)}): {_line(e, entry_link)}"
            for e in self.entries
        ] or [text["no_entries"]]
        return "\n".join(lines).rstrip() + "\n"


class WeeklyReviews:
    def __init__(self, diary: DiaryPort) -> None:
        self.diary = diary

    def review(self, day: date, first_weekday: int = MONDAY) -> WeeklyReview:
        """The review of ``day``'s week, from what is stored now. ``first_weekday`` (0 Monday … 6 Sunday, the
        person's locale or choice) sets where weeks begin; the weekly digest shown is the one of the ISO week
        sharing most of its days (the same week when it starts on Monday)."""
        days = tuple(week_of(day, first_weekday))
        span = (days[0], days[-1])
        scope = week_scope(iso_week_of(list(days)))
        weekly = self.diary.get_summary("weekly", scope)
        daily = [(d, self.diary.get_summary("daily", d.isoformat())) for d in days]
        activity = self.diary.day_activity(*span)
        people = DiaryStatistics(self.diary).people(span)
        return WeeklyReview(
            scope,
            days,
            weekly.text if weekly else "",
            tuple((d, s.text) for d, s in daily if s is not None),
            tuple((p.name, p.total) for p in people),
            self._notes(span),
            tuple(sorted(self.diary.moods(*span).items())),
            tuple(WeekEntry(a.day, a.conversation_id, a.first_line, a.words) for a in activity),
        )

    def _notes(self, span: tuple[date, date]) -> tuple[str, ...]:
        """Person and place facts whose source entry was written this week."""
        facts = [
            f for f in self.diary.list_facts() if f.kind in ("person", "place") and f.provenance_message_id
        ]
        sources = self.diary.messages_by_id(f.provenance_message_id for f in facts if f.provenance_message_id)
        notes = []
        for fact in facts:
            source = sources.get(fact.provenance_message_id or 0)
            if source is not None and source.day is not None and span[0] <= source.day <= span[1]:
                notes.append(fact.text)
        return tuple(notes)


def _line(entry: WeekEntry, link: Callable[[WeekEntry], str] | None) -> str:
    text = entry.first_line.replace("[", "(").replace("]", ")")
    return f"[{text}]({link(entry)})" if link is not None else text


def _english_day(day: date) -> str:
    return f"{day:%A} {day.isoformat()}"
