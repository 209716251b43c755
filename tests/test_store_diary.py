"""The Diary API on a real SQLite file: conversations, messages, token counts, summaries, facts."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from app.store import (
    Diary,
    EmptyText,
    FactForgotten,
    InvalidValue,
    NotFound,
    TextTooLong,
)
from app.store.text import MAX_MESSAGE_CHARS


@pytest.fixture
def diary(data_dir: Path) -> Iterator[Diary]:
    with Diary.open(data_dir) as opened:
        yield opened


def test_open_creates_private_files(data_dir: Path) -> None:
    old = os.umask(0o000)  # even a permissive umask must not leak the diary
    try:
        with Diary.open(data_dir) as diary:
            conversation = diary.conversation_for_day(date(2026, 12, 1))
            diary.add_message(conversation.id or 0, "user", "hello")
            assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700
            for name in ("hearth.db", "hearth.db-wal", "hearth.db-shm"):
                path = data_dir / name
                assert path.exists(), name
                assert stat.S_IMODE(path.stat().st_mode) == 0o600, name
    finally:
        os.umask(old)


def test_pragmas_on_every_connection(diary: Diary) -> None:
    with diary.engine.connect() as conn:
        pragma = {
            name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("journal_mode", "synchronous", "foreign_keys", "secure_delete", "busy_timeout")
        }
    assert pragma["journal_mode"] == "wal"
    assert pragma["synchronous"] == 2  # FULL
    assert pragma["foreign_keys"] == 1
    assert pragma["secure_delete"] == 1
    assert pragma["busy_timeout"] >= 5000


def test_conversation_for_day_is_get_or_create(diary: Diary) -> None:
    first = diary.conversation_for_day(date(2026, 12, 1))
    again = diary.conversation_for_day(date(2026, 12, 1))
    other = diary.conversation_for_day(date(2026, 12, 2))
    assert first.id == again.id != other.id
    assert first.day == date(2026, 12, 1)
    assert diary.get_conversation(first.id or 0) is not None
    assert diary.get_conversation(9999) is None


def test_messages_round_trip_in_order(diary: Diary) -> None:
    conversation = diary.conversation_for_day(date(2026, 12, 1))
    cid = conversation.id or 0
    ids = [diary.add_message(cid, role, f"line {i}").id for i, role in enumerate(["user", "assistant"] * 5)]
    loaded = diary.messages(cid)
    assert [m.id for m in loaded] == ids
    assert loaded[1].role == "assistant" and loaded[1].status == "complete"
    assert [m.id for m in diary.messages(cid, after_id=ids[6])] == ids[7:]
    assert [m.id for m in diary.messages(cid, before_id=ids[3])] == ids[:3]
    assert [m.id for m in diary.messages(cid, limit=3)] == ids[-3:]  # the tail, oldest first
    assert [m.id for m in diary.messages(cid, after_id=ids[0], limit=2)] == ids[1:3]
    assert diary.message_count(cid) == 10


def test_list_conversations_newest_first_with_first_line(diary: Diary) -> None:
    older = diary.conversation_for_day(date(2026, 11, 30))
    newer = diary.conversation_for_day(date(2026, 12, 1))
    diary.add_message(older.id or 0, "user", "Walked the dog\nthen slept")
    diary.add_message(older.id or 0, "assistant", "Nice")
    diary.rename_conversation(newer.id or 0, "  Quiet day ")
    infos = diary.list_conversations()
    assert [i.id for i in infos] == [newer.id, older.id]
    assert infos[0].title == "Quiet day" and infos[0].message_count == 0 and infos[0].first_line == ""
    assert infos[1].first_line == "Walked the dog" and infos[1].message_count == 2
    assert [i.id for i in diary.list_conversations(limit=1, offset=1)] == [older.id]


def test_update_message_status_and_text_drops_stale_token_counts(diary: Diary) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    message = diary.add_message(cid, "assistant", "partial", status="interrupted")
    diary.set_token_count(message.id or 0, "tok-a", 3)
    diary.set_token_count(message.id or 0, "tok-b", 4)
    assert diary.update_message(message.id or 0, status="complete").status == "complete"
    assert diary.token_counts([message.id or 0], "tok-a") == {message.id: 3}
    updated = diary.update_message(message.id or 0, text="partial and finished")
    assert updated.text == "partial and finished"
    assert diary.get_message(message.id or 0) == updated
    assert diary.token_counts([message.id or 0], "tok-a") == {}


def test_token_counts_keyed_by_tokenizer(diary: Diary) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    ids = [diary.add_message(cid, "user", f"m{i}").id or 0 for i in range(3)]
    diary.set_token_count(ids[0], "smollm2", 5)
    diary.set_token_count(ids[0], "smollm2", 6)  # upsert
    diary.set_token_count(ids[1], "smollm2", 7)
    diary.set_token_count(ids[1], "qwen", 9)
    assert diary.token_counts(ids, "smollm2") == {ids[0]: 6, ids[1]: 7}
    assert diary.token_counts(ids, "qwen") == {ids[1]: 9}
    with pytest.raises(NotFound):
        diary.set_token_count(12345, "qwen", 1)


def test_many_counts_in_one_go_only_for_the_text_counted(diary: Diary) -> None:
    """Recall stores a turn's counts in one transaction, and counting ahead in the background does too; a
    message edited or deleted since it was counted keeps no count of its old text."""
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    ids = [diary.add_message(cid, "user", f"m{i}").id or 0 for i in range(4)]
    diary.add_message(cid, "assistant", "…")  # a reply still being written
    assert [m.id for m in diary.uncounted_messages("qwen", limit=10, skip_text="…")] == ids[::-1]
    diary.update_message(ids[1], text="m1, edited")
    diary.delete_message(ids[2])
    stored = diary.set_token_counts([(ids[0], "m0", 3), (ids[1], "m1", 4), (ids[2], "m2", 5)], "qwen")
    assert stored == 1 and diary.token_counts(ids, "qwen") == {ids[0]: 3}
    assert diary.set_token_counts([(ids[0], "m0", 6), (ids[3], "m3", 7)], "qwen") == 2  # upsert
    assert diary.token_counts(ids, "qwen") == {ids[0]: 6, ids[3]: 7}
    assert [m.id for m in diary.uncounted_messages("qwen", limit=10, skip_text="…")] == [ids[1]]
    assert [m.id for m in diary.uncounted_messages("qwen", limit=10, skip_text="")][1:] == [ids[1]]
    assert diary.set_token_counts([], "qwen") == 0
    with pytest.raises(InvalidValue):
        diary.set_token_counts([(ids[1], "m1, edited", -1)], "qwen")


def test_created_at_kept_and_aware_times_become_local(diary: Diary) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    naive = datetime(2026, 12, 1, 21, 30, 5, 123456)
    assert diary.add_message(cid, "user", "a", created_at=naive).created_at == naive
    aware = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    stored = diary.add_message(cid, "user", "b", created_at=aware)
    assert stored.created_at.tzinfo is None
    assert stored.created_at == aware.astimezone().replace(tzinfo=None)


@pytest.mark.parametrize("text", ["", "   ", "\n\t  \n"])
def test_empty_messages_and_facts_refused(diary: Diary, text: str) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    with pytest.raises(EmptyText) as err:
        diary.add_message(cid, "user", text)
    assert "empty" in str(err.value) and err.value.hint
    with pytest.raises(EmptyText):
        diary.add_fact(text)
    assert diary.message_count(cid) == 0 and diary.list_facts() == []


def test_bad_values_refused_clearly(diary: Diary) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    with pytest.raises(InvalidValue, match="role"):
        diary.add_message(cid, "robot", "hi")
    with pytest.raises(InvalidValue, match="status"):
        diary.add_message(cid, "user", "hi", status="half")
    with pytest.raises(NotFound):
        diary.add_message(9999, "user", "hi")
    with pytest.raises(InvalidValue, match="Importance"):
        diary.add_fact("x", importance=6)
    with pytest.raises(InvalidValue, match="kind"):
        diary.add_fact("x", kind="secret")


def test_the_longest_entry_is_stored_and_found(diary: Diary) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id
    big = ("lorem ipsum dolor " * 12_000)[: MAX_MESSAGE_CHARS - 13] + " zanzibarword"
    assert len(big) == MAX_MESSAGE_CHARS
    stored = diary.add_message(cid, "user", big)
    assert diary.get_message(stored.id or 0).text == big  # type: ignore[union-attr]
    assert [h.message_id for h in diary.search("zanzibarword")] == [stored.id]


def test_too_long_message_refused(diary: Diary) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    with pytest.raises(TextTooLong, match="characters"):
        diary.add_message(cid, "user", "a" * (MAX_MESSAGE_CHARS + 1))


def test_nul_bytes_and_lone_surrogates_are_replaced_not_fatal(diary: Diary) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    nul = diary.add_message(cid, "user", "before\x00after")
    assert nul.text == "before\ufffdafter"
    lone = diary.add_message(cid, "user", "bad \ud800 surrogate")
    assert lone.text == "bad \ufffd surrogate"
    pair = diary.add_message(cid, "user", "smile \ud83d\ude00")  # a valid pair, split: joined back
    assert pair.text == "smile \U0001f600"
    assert [m.text for m in diary.messages(cid)] == [nul.text, lone.text, pair.text]
    assert diary.search("surrogate")[0].message_id == lone.id


def test_fact_limits(diary: Diary) -> None:
    assert diary.add_fact("x" * 600).text == "x" * 600
    with pytest.raises(TextTooLong, match="600"):
        diary.add_fact("x" * 601)
    assert diary.add_fact("  padded  ").text == "padded"


def test_facts_order_versions_retire(diary: Diary) -> None:
    low = diary.add_fact("Likes tea", kind="preference", importance=2)
    high = diary.add_fact("Sister Anna", kind="person", importance=5)
    pinned = diary.add_fact("Allergic to nuts", kind="health", importance=1, pinned=True)
    assert [f.id for f in diary.list_facts()] == [pinned.id, high.id, low.id]
    edited = diary.edit_fact(low.id or 0, text="Likes green tea", importance=4)
    assert edited.text == "Likes green tea" and edited.importance == 4 and edited.updated_at >= low.updated_at
    versions = diary.fact_versions(low.id or 0)
    assert [(v.version, v.text, v.importance) for v in versions] == [
        (1, "Likes tea", 2),
        (2, "Likes green tea", 4),
    ]
    diary.retire_fact(high.id or 0)
    assert high.id not in [f.id for f in diary.list_facts()]
    retired = [f for f in diary.list_facts(include_retired=True) if f.id == high.id]
    assert retired and retired[0].retired
    with pytest.raises(NotFound):
        diary.edit_fact(999, text="nothing")


def test_deleted_fact_fingerprint_blocks_automatic_recreation(diary: Diary) -> None:
    fact = diary.add_fact("My dog is called Rex", kind="pet", source="automatic")
    diary.edit_fact(fact.id or 0, text="My dog Rex is a beagle")
    diary.delete_fact(fact.id or 0)
    assert diary.get_fact(fact.id or 0) is None
    assert diary.is_forgotten("my dog is called rex!")  # normalized: case, punctuation
    assert diary.is_forgotten("My  dog Rex is a BEAGLE")  # every version's text is remembered
    assert not diary.is_forgotten("My cat is called Rex")
    with pytest.raises(FactForgotten):
        diary.add_fact("My dog is called Rex.", source="automatic")
    assert diary.add_fact("My dog is called Rex", source="manual").source == "manual"  # the person may
    with pytest.raises(NotFound):
        diary.fact_versions(fact.id or 0)


def test_fingerprints_hold_nothing_readable(diary: Diary) -> None:
    fact = diary.add_fact("Secret pet name Zorblax")
    diary.delete_fact(fact.id or 0)
    rows = diary.export_json()["forgotten_facts"]
    assert rows and all("zorblax" not in str(row).lower() for row in rows)


def test_summaries_replace_per_scope(diary: Diary) -> None:
    first = diary.put_summary("rolling", "7", "first fold", 10, "tiny")
    second = diary.put_summary("rolling", "7", "second fold", 20, "tiny")
    daily = diary.put_summary("daily", "2026-12-01", "a calm day", 20, "tiny")
    assert second.id == first.id
    got = diary.get_summary("rolling", "7")
    assert got is not None and got.text == "second fold" and got.through_message_id == 20
    assert diary.get_summary("weekly", "2026-W48") is None
    assert [s.kind for s in diary.list_summaries()] == ["daily", "rolling"]
    assert diary.list_summaries("daily") == [daily]
    diary.delete_summary(daily.id or 0)
    assert diary.get_summary("daily", "2026-12-01") is None
    with pytest.raises(InvalidValue):
        diary.put_summary("yearly", "2026", "x", None, "tiny")


def test_reflections_versioned_and_revocable(diary: Diary) -> None:
    walks = diary.add_reflection("Prefers walks")
    tea = diary.add_reflection("Drinks tea when stressed")
    revised = diary.revise_reflection(walks.id or 0, "Prefers morning walks")
    assert revised.version == 2
    assert [r.text for r in diary.current_reflections()] == [
        "Drinks tea when stressed",
        "Prefers morning walks",
    ]
    with pytest.raises(InvalidValue):
        diary.revise_reflection(walks.id or 0, "stale version")
    diary.revoke_reflection(tea.id or 0)
    assert [r.id for r in diary.current_reflections()] == [revised.id]
    diary.delete_reflection(revised.id or 0)
    assert diary.current_reflections() == []
    remaining = diary.export_json()["reflections"]
    assert [(r["text"], r["revoked"]) for r in remaining] == [("Drinks tea when stressed", True)]


def test_deleting_history_drops_summaries_that_may_quote_it(diary: Diary) -> None:
    day = date(2026, 12, 1)
    cid = diary.conversation_for_day(day).id or 0
    first = diary.add_message(cid, "user", "first")
    diary.add_message(cid, "user", "second")
    diary.put_summary("rolling", str(cid), "quotes first", first.id, "tiny")
    diary.put_summary("daily", day.isoformat(), "quotes first", first.id, "tiny")
    diary.put_summary("weekly", "2026-W49", "quotes first", first.id, "tiny")
    diary.put_summary("daily", (day - timedelta(days=3)).isoformat(), "other day", None, "tiny")
    diary.delete_message(first.id or 0)
    assert [s.scope for s in diary.list_summaries()] == ["2026-11-28"]
    diary.delete_conversation(cid)
    assert diary.get_conversation(cid) is None and diary.messages(cid) == []


def test_records_are_detached_and_usable_after_close(data_dir: Path) -> None:
    diary = Diary.open(data_dir)
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    message = diary.add_message(cid, "user", "kept")
    listed = diary.messages(cid)
    diary.close()
    assert message.text == "kept" and listed[0].text == "kept" and listed[0].conversation_id == cid
