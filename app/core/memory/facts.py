"""Facts ("Memory about you", level L3): extraction in the background, validation, dedupe, reconcile.

Phases, after mem0 but deterministic where it can be: one JSON-schema-constrained call asks the model for
at most one durable fact (``null`` is a valid answer); parsing is lenient but a reply that is not JSON at
all is ``ExtractionFailed`` (the model failed) — apart from ``None`` (nothing to remember). The candidate is
then *validated* by code (length, not a question, grounded in the message, not an echo of the prompt, not
about the companion) and *reconciled* against the existing facts by code, not by the model:

* nothing new (its words are already in a fact, or it is near-identical) → nothing;
* same subject and close to an automatic, unpinned fact of the same kind → UPDATE it (``edit_fact`` keeps
  the version);
* close to a fact the person wrote or pinned → nothing: automatic memory never overwrites theirs;
* otherwise → ADD, keeping the id of the message it came from.

A deleted fact is never re-created (``diary.is_forgotten``). At most 80 automatic facts are active; past
that the least important unpinned automatic one is retired (kept in its versions, out of prompts) — or the
candidate is dropped if it matters less than all of them.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from app.core.errors import CoreError
from app.core.events import Event, FactAdded, FactRemoved, FactUpdated
from app.core.language import with_language_rule
from app.core.ports import DiaryPort
from app.core.prompt.templates import background_request, load_prompt, render_prompt
from app.core.text import content_stem_list, content_stems, is_question, word_count
from app.llm.types import GenerationRequest
from app.store import FACT_KINDS, MAX_FACT_CHARS, Fact, StoreError

MIN_MESSAGE_CHARS = 25
MAX_AUTOMATIC_FACTS = 80
PROMPT_FACTS = 14
DUPLICATE_RATIO = 0.96
RELATED_SCORE = 0.6

FACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "fact": {"anyOf": [{"type": "string", "maxLength": 240}, {"type": "null"}]},
        "kind": {"enum": list(FACT_KINDS)},
        "importance": {"enum": [1, 2, 3, 4, 5]},
    },
    "required": ["fact", "kind", "importance"],
    "additionalProperties": False,
}

_NOTHING = {"", "none", "null", "nothing", "n/a", "na", "no fact", "no", "нет", "ничего"}
_MOMENTARY = re.compile(
    r"\b(today|tonight|yesterday|this (morning|afternoon|evening)|right now|сегодня|вчера|сейчас)\b",
    re.IGNORECASE,
)
_ECHO_MARKERS = (
    "durable fact",
    "json",
    "diary message",
    "at most one",
    "as an ai",
    "language model",
    "the assistant",
    "the companion",
    "hearth",
    "these instructions",
    '"fact"',
)
# Words a fact about the person says of anyone ("the user has a dog named Rex"): not its subject.
_FACT_FILLER = frozenset({"person", "user", "named", "called", "зовут"})


class ExtractionFailed(CoreError):
    """The model's answer could not be read at all (apart from "there was nothing to remember")."""

    hint = "Nothing was remembered from this message; it is still in the diary."


@dataclass(frozen=True)
class FactCandidate:
    text: str
    kind: str = "other"
    importance: int = 3


@dataclass(frozen=True)
class Decision:
    action: str  # "add" | "update" | "none"
    reason: str
    target_id: int | None = None


def extraction_request(message_text: str) -> GenerationRequest:
    """The background job's request: constrained JSON, low temperature, the background slot."""
    return background_request(
        with_language_rule(render_prompt("extract_fact", kinds=", ".join(FACT_KINDS)), [message_text]),
        render_prompt("extract_fact_input", message=message_text),
        label="facts",
        max_tokens=160,
        temperature=0.2,
        seed=7,
        json_schema=FACT_SCHEMA,
    )


def parse_candidate(raw: str) -> FactCandidate | None:
    """The model's JSON as a candidate; ``None`` for "nothing"; ``ExtractionFailed`` if unreadable."""
    data = _lenient_json(raw)
    if not isinstance(data, dict):
        raise ExtractionFailed("The model's answer was not the expected JSON object.")
    fact = data.get("fact")
    if fact is None or not isinstance(fact, str):
        return None
    text = clean_fact_text(fact)
    if text.casefold().strip(" .!") in _NOTHING:
        return None
    kind = data.get("kind") if data.get("kind") in FACT_KINDS else "other"
    importance = data.get("importance")
    if isinstance(importance, bool) or not isinstance(importance, int) or not 1 <= importance <= 5:
        importance = 3
    return FactCandidate(text, str(kind), importance)


def _lenient_json(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        match = re.search(r"\{.*\}", raw, re.DOTALL)
        if match is None:
            return None
        try:
            return json.loads(match.group(0))
        except ValueError:
            return None


def clean_fact_text(text: str) -> str:
    text = unicodedata.normalize("NFC", text).strip().strip("\"'`«»“”").strip()
    text = re.sub(r"^[-*•]\s*", "", text)
    return re.sub(r"\s+", " ", text)


def rejection_reason(candidate: FactCandidate, source_text: str) -> str | None:
    """Why the candidate is not a fact worth keeping (``None``: it is)."""
    text = candidate.text
    lowered = text.casefold()
    if len(text) > MAX_FACT_CHARS:
        return "too long"
    if word_count(text) < 2:
        return "too short"
    if is_question(text):
        return "a question"
    if _MOMENTARY.search(text):
        return "about a moment, not a durable fact"
    if any(marker in lowered for marker in _ECHO_MARKERS):
        return "echoes the instructions or talks about the companion"
    instructions = load_prompt("extract_fact").casefold()
    if SequenceMatcher(None, lowered, instructions).find_longest_match().size >= max(24, len(lowered) // 2):
        return "copies the instructions"
    if not _content_stems(text) & _content_stems(source_text):
        return "not grounded in the message"
    return None


def _stem_list(text: str) -> list[str]:
    return content_stem_list(text, ignore=_FACT_FILLER)


def _content_stems(text: str) -> set[str]:
    return content_stems(text, ignore=_FACT_FILLER)


def normalized(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", text)).strip()


def similarity(a: str, b: str) -> float:
    """max(character ratio of the normalized texts, Jaccard of their content stems)."""
    na, nb = normalized(a), normalized(b)
    ratio = SequenceMatcher(None, na, nb).ratio()
    sa, sb = _content_stems(a), _content_stems(b)
    jaccard = len(sa & sb) / len(sa | sb) if sa | sb else 0.0
    return max(ratio, jaccard)


def same_subject(a: str, b: str) -> bool:
    """Both start from the same content word ("dog", "sister", "training"): one may supersede the other.

    "Lives in Leeds" and "Works in Leeds" share a word but not a subject: both may be true.
    """
    la, lb = _stem_list(a), _stem_list(b)
    return bool(la and lb and la[0] == lb[0])


def is_duplicate(candidate: str, existing: str) -> bool:
    """Nothing new: same normalized text, near-identical, or every content word already there."""
    if normalized(candidate) == normalized(existing):
        return True
    stems = _content_stems(candidate)
    if stems and stems <= _content_stems(existing):
        return True
    return SequenceMatcher(None, normalized(candidate), normalized(existing)).ratio() >= DUPLICATE_RATIO


def reconcile(candidate: FactCandidate, facts: Sequence[Fact]) -> Decision:
    """ADD, UPDATE (an automatic, unpinned fact) or nothing; see the module docstring."""
    active = [f for f in facts if not f.retired]
    for fact in active:
        if is_duplicate(candidate.text, fact.text):
            return Decision("none", "already known", fact.id)
    related = [f for f in active if same_subject(candidate.text, f.text)]
    scored = sorted(((similarity(candidate.text, f.text), f) for f in related), key=lambda p: -p[0])
    if scored and scored[0][0] >= RELATED_SCORE:
        best = scored[0][1]
        if best.source != "automatic" or best.pinned:
            return Decision("none", "close to a fact the person wrote or pinned", best.id)
        if best.kind == candidate.kind or "other" in (best.kind, candidate.kind):
            return Decision("update", "supersedes an older automatic fact", best.id)
    return Decision("add", "new")


def prompt_order(facts: Sequence[Fact]) -> list[Fact]:
    """Active facts as the prompt takes them: pinned, then importance, then most recently updated."""
    active = [f for f in facts if not f.retired]
    return sorted(
        active, key=lambda f: (not f.pinned, -f.importance, -f.updated_at.timestamp(), -(f.id or 0))
    )


@dataclass(frozen=True)
class _UndoAction:
    action: str  # "add" | "update"
    fact_id: int
    previous: tuple[str, str, int] | None = None  # text, kind, importance before an update
    retired_id: int | None = None  # the fact an add retired to stay under the cap (back on undo)


class FactMemory:
    """Applies reconciled candidates to the diary and remembers how to undo each automatic change."""

    def __init__(self, diary: DiaryPort) -> None:
        self.diary = diary
        self._undo: dict[str, _UndoAction] = {}
        self._lock = threading.Lock()

    def remember(self, candidate: FactCandidate, provenance_message_id: int | None) -> list[Event]:
        """Reconcile and apply one candidate; the events describe what changed (empty: nothing)."""
        if self.diary.is_forgotten(candidate.text):
            return []
        with self._lock:
            facts = self.diary.list_facts(include_retired=False)
            decision = reconcile(candidate, facts)
            try:
                if decision.action == "update" and decision.target_id is not None:
                    return self._update(decision.target_id, candidate)
                if decision.action == "add":
                    return self._add(candidate, provenance_message_id, facts)
            except StoreError:  # forgotten (raced with a delete), too long …: nothing is remembered
                return []
        return []

    def _add(self, candidate: FactCandidate, provenance: int | None, facts: Sequence[Fact]) -> list[Event]:
        events: list[Event] = []
        retired_id: int | None = None
        automatic = [f for f in facts if f.source == "automatic" and not f.retired]
        if len(automatic) >= MAX_AUTOMATIC_FACTS:
            pool = [f for f in automatic if not f.pinned]
            if not pool:
                return []
            least = min(pool, key=lambda f: (f.importance, f.updated_at, f.id or 0))
            if candidate.importance < least.importance:
                return []
            self.diary.retire_fact(least.id)
            retired_id = least.id
            events.append(FactRemoved(least.id))
        fact = self.diary.add_fact(
            candidate.text,
            kind=candidate.kind,
            importance=candidate.importance,
            source="automatic",
            provenance_message_id=provenance,
        )
        token = self._token(_UndoAction("add", fact.id, retired_id=retired_id))
        events.append(FactAdded(fact.id, fact.text, fact.kind, token))
        return events

    def _update(self, fact_id: int, candidate: FactCandidate) -> list[Event]:
        old = self.diary.get_fact(fact_id)
        if old is None:
            return []
        fact = self.diary.edit_fact(
            fact_id,
            text=candidate.text,
            kind=candidate.kind,
            importance=max(old.importance, candidate.importance),
        )
        token = self._token(_UndoAction("update", fact_id, (old.text, old.kind, old.importance)))
        return [FactUpdated(fact_id, fact.text, old.text, token)]

    def _token(self, action: _UndoAction) -> str:
        token = secrets.token_urlsafe(9)
        self._undo[token] = action
        return token

    def _reinstate(self, fact_id: int | None) -> list[Event]:
        """The fact an undone add had retired, back in use — unless the person changed it since."""
        retired = self.diary.get_fact(fact_id) if fact_id is not None else None
        if retired is None or not retired.retired:
            return []
        self.diary.reinstate_fact(retired.id)
        return [FactAdded(retired.id, retired.text, retired.kind, "")]

    def undo(self, token: str) -> list[Event]:
        """Reverse an automatic add (deleted, so it is not re-learned; a fact it retired comes back) or
        update (previous text back)."""
        with self._lock:
            action = self._undo.pop(token, None)
            if action is None:
                raise CoreError("There is nothing to undo.", "The change was already undone or is too old.")
            if self.diary.get_fact(action.fact_id) is None:
                return []
            if action.action == "add":
                self.diary.delete_fact(action.fact_id)
                return [FactRemoved(action.fact_id), *self._reinstate(action.retired_id)]
            assert action.previous is not None
            current = self.diary.get_fact(action.fact_id)
            text, kind, importance = action.previous
            fact = self.diary.edit_fact(action.fact_id, text=text, kind=kind, importance=importance)
            return [FactUpdated(fact.id, fact.text, current.text if current else "", "")]
