"""Facts: validation, dedupe, reconcile (ADD / UPDATE / nothing), the cap, fingerprints, undo — real Diary."""

from __future__ import annotations

import pytest

from app.core.errors import CoreError
from app.core.events import FactAdded, FactRemoved, FactUpdated
from app.core.memory.facts import (
    MAX_AUTOMATIC_FACTS,
    ExtractionFailed,
    FactCandidate,
    FactMemory,
    extraction_request,
    parse_candidate,
    reconcile,
    rejection_reason,
)
from app.llm.types import Priority
from app.store import Diary

MESSAGE = "My dog Rex turned five this week and my sister Anna came over for cake."


def test_request_is_constrained_background_json() -> None:
    request = extraction_request(MESSAGE)
    assert request.json_schema is not None and request.json_schema["required"] == [
        "fact",
        "kind",
        "importance",
    ]
    assert (
        request.priority == Priority.BACKGROUND and request.slot == "background" and request.label == "facts"
    )
    assert MESSAGE in request.messages[-1]["content"]


def test_parsing_is_lenient_but_tells_failure_from_nothing() -> None:
    assert parse_candidate('{"fact": null, "kind": "other", "importance": 3}') is None
    assert parse_candidate('{"fact": "none", "kind": "other", "importance": 3}') is None
    got = parse_candidate(
        'noise {"fact": " \\"Has a dog named Rex\\" ", "kind": "pet", "importance": 9} noise'
    )
    assert got == FactCandidate("Has a dog named Rex", "pet", 3)
    assert (
        parse_candidate('{"fact": "Has a dog named Rex", "kind": "spaceship", "importance": 4}').kind
        == "other"
    )
    with pytest.raises(ExtractionFailed):
        parse_candidate("I think the fact is that they like dogs")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Has a dog named Rex", None),
        ("Has a sister named Anna", None),
        ("What is the dog's name?", "a question"),
        ("x" * 601, "too long"),
        ("Rex", "too short"),
        (
            "Extract one durable fact about the person as JSON",
            "echoes the instructions or talks about the companion",
        ),
        ("The assistant is helpful and kind", "echoes the instructions or talks about the companion"),
        ("Loves flying to Mars on weekends", "not grounded in the message"),
        ("Went to the park today with Rex", "about a moment, not a durable fact"),
    ],
)
def test_validation(text: str, reason: str | None) -> None:
    assert rejection_reason(FactCandidate(text), MESSAGE) == reason


def test_russian_facts_are_grounded_through_word_forms() -> None:
    message = "Сегодня гуляла с собакой Рексом, ей уже пять лет."
    assert rejection_reason(FactCandidate("Есть собака по кличке Рекс"), message) is None


def _fact(diary: Diary, text: str, **kw: object) -> int:
    return int(diary.add_fact(text, **kw).id)  # type: ignore[arg-type]


def test_reconcile_decisions(diary: Diary) -> None:
    rex = _fact(diary, "Has a dog named Rex", kind="pet", source="automatic")
    anna = _fact(diary, "Sister Anna lives in Paris", kind="person", source="manual")
    facts = diary.list_facts()
    assert reconcile(FactCandidate("has a dog named Rex!", "pet"), facts).action == "none"  # normalized dup
    assert reconcile(FactCandidate("Dog named Rex", "pet"), facts).action == "none"  # nothing new
    update = reconcile(FactCandidate("Has a dog named Max", "pet"), facts)
    assert (update.action, update.target_id) == ("update", rex)
    protected = reconcile(FactCandidate("Sister Anna lives in Berlin", "person"), facts)
    assert (protected.action, protected.target_id) == ("none", anna)  # never overwrite the person's own
    assert reconcile(FactCandidate("Works as a nurse in Leeds", "other"), facts).action == "add"


def test_pinned_automatic_fact_is_never_overwritten(diary: Diary) -> None:
    _fact(diary, "Has a dog named Rex", kind="pet", source="automatic", pinned=True)
    assert reconcile(FactCandidate("Has a dog named Max", "pet"), diary.list_facts()).action == "none"


def test_add_update_and_undo(diary: Diary) -> None:
    memory = FactMemory(diary)
    [added] = memory.remember(FactCandidate("Has a dog named Rex", "pet", 4), provenance_message_id=None)
    assert isinstance(added, FactAdded) and added.undo_token
    fact = diary.get_fact(added.fact_id)
    assert fact is not None and fact.source == "automatic" and fact.importance == 4
    [updated] = memory.remember(FactCandidate("Has a dog named Max", "pet", 3), provenance_message_id=None)
    assert isinstance(updated, FactUpdated) and updated.previous_text == "Has a dog named Rex"
    assert [v.text for v in diary.fact_versions(added.fact_id)] == [
        "Has a dog named Rex",
        "Has a dog named Max",
    ]
    memory.undo(updated.undo_token)
    assert diary.get_fact(added.fact_id).text == "Has a dog named Rex"  # type: ignore[union-attr]
    assert memory.undo(added.undo_token) == [FactRemoved(added.fact_id)]
    assert diary.get_fact(added.fact_id) is None
    # undone = deleted by the person: never learned again
    assert memory.remember(FactCandidate("Has a dog named Rex", "pet", 4), provenance_message_id=None) == []
    with pytest.raises(CoreError):
        memory.undo(added.undo_token)


def test_a_deleted_fact_is_never_recreated(diary: Diary) -> None:
    fact_id = _fact(diary, "Has a dog named Rex", kind="pet", source="automatic")
    diary.delete_fact(fact_id)
    memory = FactMemory(diary)
    assert memory.remember(FactCandidate("has a dog named rex.", "pet"), provenance_message_id=None) == []
    assert diary.list_facts() == []


def test_provenance_is_kept(diary: Diary) -> None:
    conversation = diary.conversation_for_day(__import__("datetime").date(2026, 3, 2))
    message = diary.add_message(conversation.id, "user", MESSAGE)  # type: ignore[arg-type]
    [event] = FactMemory(diary).remember(FactCandidate("Has a dog named Rex", "pet"), message.id)
    assert diary.get_fact(event.fact_id).provenance_message_id == message.id  # type: ignore[union-attr,attr-defined]


def test_at_most_eighty_automatic_facts(diary: Diary) -> None:
    words = [f"hobby{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(MAX_AUTOMATIC_FACTS)]
    for word in words:
        _fact(diary, f"Enjoys {word} regularly", source="automatic", importance=2)
    manual = _fact(diary, "Enjoys painting", source="manual", importance=1)
    memory = FactMemory(diary)
    events = memory.remember(FactCandidate("Collects vintage stamps", "other", 1), provenance_message_id=None)
    assert events == []  # less important than every automatic fact: dropped, nothing retired
    events = memory.remember(FactCandidate("Collects vintage stamps", "other", 3), provenance_message_id=None)
    assert isinstance(events[0], FactRemoved) and isinstance(events[1], FactAdded)
    retired = diary.get_fact(events[0].fact_id)
    assert retired is not None and retired.retired and retired.text == f"Enjoys {words[0]} regularly"
    automatic = [f for f in diary.list_facts() if f.source == "automatic"]
    assert len(automatic) == MAX_AUTOMATIC_FACTS
    assert diary.get_fact(manual) is not None and not diary.get_fact(manual).retired  # type: ignore[union-attr]
    versions_before = len(diary.fact_versions(retired.id))

    # Undoing the add brings back the fact it retired (the cap holds again: 80 active automatic facts).
    undo_events = memory.undo(events[1].undo_token)
    assert [type(e) for e in undo_events] == [FactRemoved, FactAdded]
    assert undo_events[1].fact_id == retired.id and undo_events[1].undo_token == ""
    back = diary.get_fact(retired.id)
    assert back is not None and not back.retired and len(diary.fact_versions(retired.id)) == versions_before
    automatic = [f for f in diary.list_facts() if f.source == "automatic"]
    assert len(automatic) == MAX_AUTOMATIC_FACTS and "Collects vintage stamps" not in {
        f.text for f in automatic
    }


def test_undo_leaves_a_retired_fact_alone_once_the_person_deleted_it(diary: Diary) -> None:
    for i in range(MAX_AUTOMATIC_FACTS):
        _fact(
            diary,
            f"Enjoys hobby{chr(97 + i // 26)}{chr(97 + i % 26)} regularly",
            source="automatic",
            importance=2,
        )
    memory = FactMemory(diary)
    removed, added = memory.remember(
        FactCandidate("Collects vintage stamps", "other", 3), provenance_message_id=None
    )
    diary.delete_fact(removed.fact_id)
    assert memory.undo(added.undo_token) == [FactRemoved(added.fact_id)]  # type: ignore[union-attr]
    assert diary.get_fact(removed.fact_id) is None
