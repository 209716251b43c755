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
