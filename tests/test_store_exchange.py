"""Export and import: JSON round-trips exactly; Markdown reads as a journal."""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

import pytest

from app.store import Diary, ImportRefused, InvalidValue


def _populate(diary: Diary) -> None:
    day1 = diary.conversation_for_day(date(2026, 11, 30))
    day2 = diary.conversation_for_day(date(2026, 12, 1))
    diary.rename_conversation(day2.id or 0, "Snow")
    first = diary.add_message(
        day1.id or 0, "user", "Walked Rex by the river.", created_at=datetime(2026, 11, 30, 8, 5)
    )
    diary.add_message(
        day1.id or 0, "assistant", "How was the river today?", created_at=datetime(2026, 11, 30, 8, 6)
    )
    diary.add_message(day2.id or 0, "user", "Первый снег! Café closed.\n\nSecond paragraph.")
    reply = diary.add_message(day2.id or 0, "assistant", "Снег — как красиво", status="interrupted")
    diary.set_token_count(first.id or 0, "smollm2", 9)
    diary.put_summary("rolling", str(day1.id), "Walk with Rex.", first.id, "tiny")
    diary.put_summary("weekly", "2026-W49", "A snowy week.", reply.id, "tiny")
    fact = diary.add_fact(
        "Has a dog named Rex", kind="pet", importance=4, pinned=True, provenance_message_id=first.id
    )
    diary.edit_fact(fact.id or 0, text="Has a beagle named Rex")
    gone = diary.add_fact("Old secret", source="automatic")
    diary.delete_fact(gone.id or 0)
    diary.retire_fact(diary.add_fact("Lived in Oslo", kind="place").id or 0)
    reflection = diary.add_reflection("Walks in the morning")
    diary.revise_reflection(reflection.id or 0, "Walks most mornings")


def test_json_round_trips_exactly(tmp_path: Path) -> None:
    with Diary.open(tmp_path / "a") as source:
        _populate(source)
        exported = source.export_json()
    text = json.dumps(exported, ensure_ascii=False)
    with Diary.open(tmp_path / "b") as target:
        target.import_json(json.loads(text))
        again = target.export_json()
        assert again == exported
        assert target.is_forgotten("old secret")
        assert {h.message_id for h in target.search("снег")} == {3, 4}
        assert target.token_counts([1], "smollm2") == {1: 9}
        cid = target.add_message(1, "user", "after import").id
        assert cid == len(exported["messages"]) + 1  # ids continue after the imported ones


def test_json_export_has_every_kind_of_record(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        _populate(diary)
        exported = diary.export_json()
    for key in (
        "conversations",
        "messages",
        "summaries",
        "facts",
        "fact_versions",
        "forgotten_facts",
        "reflections",
        "token_counts",
    ):
        assert exported[key], key
    assert len(exported["fact_versions"]) == 3 and len(exported["reflections"]) == 2


def test_import_refuses_a_non_empty_diary_and_bad_documents(tmp_path: Path) -> None:
    with Diary.open(tmp_path / "a") as source:
        _populate(source)
        exported = source.export_json()
        with pytest.raises(ImportRefused):
            source.import_json(exported)
    with Diary.open(tmp_path / "b") as target:
        with pytest.raises(InvalidValue):
            target.import_json({"format": "something else"})
        with pytest.raises(InvalidValue):
            target.import_json({**exported, "messages": "nope"})
        assert target.export_json()["messages"] == []  # nothing half-imported


def test_markdown_is_a_journal_by_day(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        _populate(diary)
        md = diary.export_markdown()
    assert md.index("## Monday, 30 November 2026") < md.index("## Tuesday, 1 December 2026 — Snow")
    assert "**You** · 08:05" in md and "Walked Rex by the river." in md
    assert "**Hearth** · 08:06" in md and "How was the river today?" in md
    assert "Первый снег! Café closed.\n\nSecond paragraph." in md
    assert "_(interrupted)_" in md
    assert "## Memory about you" in md and "Has a beagle named Rex" in md and "(pinned)" in md
    assert "Old secret" not in md
    assert "Walks most mornings" in md and "Walks in the morning" not in md
