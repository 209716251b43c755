"""Facts for the recall benchmark: LoCoMo's observations stored as the diary's facts, each with its source.

In the app, facts about the person (memory level L3) are extracted by the local model from the person's own
messages and saved with the message they came from (``provenance_message_id``); the semantic index embeds
them, and a fact near a question lends its similarity to its source message ("fact-augmented keys",
``app.core.recall.semantic.SemanticMemory.hits``). The benchmark's diaries have no model-made facts, but
LoCoMo's files carry GPT-made ones with their source turns: ``session_N_observation`` =
``{speaker: [[fact, "D1:3"], ...]}``. They are saved here through the store's own fact API, as automatic
facts, the way the memory pipeline saves them (``app.core.memory.facts``), and the app's indexer embeds
them like any other fact.

What they stand in for: a 3B model's own extraction would find fewer and vaguer facts than GPT's
observations, so a figure with them is an **upper bound** of what this path can give, not the target figure.

* **Whose facts.** Hearth extracts facts about the person, who is ``speaker_a``; ``speaker_b``'s (the
  companion's side) can be added as an extra figure.
* **As many as the app keeps.** Automatic memory keeps at most ``MAX_AUTOMATIC_FACTS`` live facts and
  retires the least important, oldest first, to make room (all of these have the same importance): the
  benchmark saves them in diary order and retires the same way. ``cap=0`` keeps every fact (the path's
  ceiling without the app's limit).
* **Odd entries.** A fact citing several turns (``["D15:3", "D15:5"]`` or ``"D22:10, D22:12"``) leads to
  the first of them that is in the diary (the app keeps one source per fact); one whose turns are not in
  the diary, or that is not a ``[text, ids]`` pair, is skipped and counted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.core.memory.facts import MAX_AUTOMATIC_FACTS
from app.core.recall.introductions import introductions
from app.core.text import has_cyrillic
from app.store import Diary, StoreError
from tests.bench.locomo_ids import evidence_ids

SPEAKERS = ("a", "b", "both")
_OBSERVATION = re.compile(r"session_(\d+)_observation")


@dataclass(frozen=True)
class FactOptions:
    """Which observations become facts: whose (``SPEAKERS``), and how many stay live (0: all)."""

    speakers: str = "a"
    cap: int = MAX_AUTOMATIC_FACTS


@dataclass
class FactCounts:
    saved: int = 0  # facts saved (live or retired)
    live: int = 0  # facts recall can use
    skipped: int = 0  # malformed, or their source is not in the diary


def observations(sample: Mapping[str, Any], speakers: str) -> list[tuple[str, list[str]]]:
    """(fact, source turn ids) of the chosen speakers, in session order, then in the file's order."""
    wanted = {
        "a": [sample.get("speaker_a")],
        "b": [sample.get("speaker_b")],
        "both": [sample.get("speaker_a"), sample.get("speaker_b")],
    }[speakers]
    numbered = sorted(
        (int(m.group(1)), value)
        for key, value in sample.items()
        if (m := _OBSERVATION.fullmatch(key)) and isinstance(value, dict)
    )
    found: list[tuple[str, list[str]]] = []
    for _, by_speaker in numbered:
        for speaker, facts in by_speaker.items():
            if speaker not in wanted or not isinstance(facts, list):
                continue
            found += [_fact(item) for item in facts]
    return found


def _fact(item: Any) -> tuple[str, list[str]]:
    """``[text, "D1:3"]`` or ``[text, ["D1:3", "D1:5"]]`` → (text, ids); anything else → ("", [])."""
    if not isinstance(item, list | tuple) or len(item) != 2 or not isinstance(item[0], str):
        return "", []
    sources = item[1] if isinstance(item[1], list) else [item[1]]
    return item[0].strip(), evidence_ids(sources)


def save_facts(
    sample: Mapping[str, Any], diary: Diary, message_ids: Mapping[str, int], options: FactOptions
) -> FactCounts:
    """Save the sample's observations as automatic facts with their source messages (see the module doc)."""
    counts = FactCounts()
    live: list[int] = []
    for text, sources in observations(sample, options.speakers):
        source = next((message_ids[s] for s in sources if s in message_ids), None)
        if not text or source is None:
            counts.skipped += 1
            continue
        try:
            fact = diary.add_fact(text, source="automatic", provenance_message_id=source)
        except StoreError:  # too long, or a duplicate the store refuses: the app would not keep it either
            counts.skipped += 1
            continue
        counts.saved += 1
        live.append(fact.id or 0)
        if options.cap and len(live) > options.cap:
            diary.retire_fact(live.pop(0))
    counts.live = len(live)
    return counts


# -- "Who is Витя?": the person's answers to the memory panel's questions ----------------------------------
WHO_ASKED = 3  # questions the person is taken to answer, one after another, as the panel asks them


@dataclass(frozen=True)
class WhoAnswers:
    """What the diarist would answer to "Who is {name}?", by file name, then by name: the relation as they
    would finish the panel's "{name} is my " / "{name} — " (None: "Not now", not a person, or unclear).
    Written for the tune half by a reader of the diaries (never of their questions): see
    ``tests/data/who_answers.json``."""

    by_file: Mapping[str, Mapping[str, str | None]]
    asked: int = WHO_ASKED


@dataclass
class WhoCounts:
    asked: int = 0  # questions the panel asked
    answered: int = 0  # facts saved ("Tom is my husband")
    not_now: int = 0  # "Not now": the answer is None
    unknown: int = 0  # a name the answers do not list (the detector asked about someone unforeseen)

    def add(self, other: WhoCounts) -> None:
        """Count ``other``'s (a diary's, into a file's or the run's) with these."""
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)


def answer_who(diary: Diary, answers: Mapping[str, str | None], asked: int = WHO_ASKED) -> WhoCounts:
    """Play the panel's questions and the person's answers: ask (``introductions``, the app's own detector,
    which skips names a fact or "Not now" settled), answer with a fact of kind person in the words "Say who…"
    starts, or say "Not now"; then the next question, up to ``asked``."""
    counts = WhoCounts()
    while counts.asked < asked:
        found = introductions(diary, limit=1)
        if not found:
            break
        name = found[0].name
        counts.asked += 1
        if name not in answers:
            counts.unknown += 1
        relation = answers.get(name)
        if relation:
            diary.add_fact(who_fact(name, relation), kind="person", source="manual")
            counts.answered += 1
        else:
            diary.add_not_now_name(name)
            counts.not_now += 1
    return counts


def who_fact(name: str, relation: str) -> str:
    """The fact as the panel's "Say who…" starts it and the person finishes it."""
    if has_cyrillic(name):
        return f"{name} — {relation}"
    return f"{name} is my {relation}"
