"""The Companion controller with a scripted model (exact behaviour) and a real Diary in a temp dir."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.core.companion import Companion
from app.core.errors import MessageRejected
from app.core.events import (
    BudgetReport,
    ConversationOpened,
    DigestWritten,
    ErrorRaised,
    Event,
    FactAdded,
    MessageRemoved,
    ReflectionsUpdated,
    ReplyFinished,
    SummaryUpdated,
    TokenStreamed,
)
from app.core.text import CUT_OFF_MARK, ends_mid_sentence
from app.llm.types import GenerationRequest
from app.store import Diary
from tests.fakes import Clock, ScriptedModel

ENTRY = "Walked my dog Rex by the river this morning, then worked on the garden shed project."


class Rig:
    def __init__(self, data_dir: Path, model: ScriptedModel, settings: Settings | None = None) -> None:
        self.diary = Diary.open(data_dir)
        self.model = model
        self.clock = Clock()
        self.companion = Companion(self.diary, model, settings or Settings(), clock=self.clock)
        self.events: list[Event] = []
        self.companion.subscribe(self.events.append)

    def turn(self, text: str = ENTRY) -> int:
        message_id = self.companion.send(text)
        assert self.companion.wait_idle(timeout=30)
        return message_id

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def close(self) -> None:
        self.companion.close()
        self.model.close()
        self.diary.close()


@pytest.fixture
def rig(data_dir: Path) -> Iterator[Rig]:
    r = Rig(data_dir, ScriptedModel(n_ctx=2048))
    yield r
    r.close()


def test_send_persists_first_then_streams_and_persists_the_reply(data_dir: Path) -> None:
    seen: list[list[str]] = []
    holder: dict[str, Rig] = {}

    def reply(request: GenerationRequest) -> str:
        rig = holder["rig"]
        seen.append([m.text for m in rig.diary.messages(rig.companion.conversation_id)])
        return "That sounds like a good day."

    rig = holder["rig"] = Rig(data_dir, ScriptedModel(n_ctx=2048, scripts={"reply": [reply]}))
    try:
        message_id = rig.turn()
        assert seen[0][0] == ENTRY  # committed before the model was asked
        types = [e.type for e in rig.events]
        assert types[:3] == ["message_added", "reply_started", "token"]
        assert types.index("reply_done") > types.index("token") and "budget" in types
        done = rig.of(ReplyFinished)[0]
        assert (done.text, done.status) == ("That sounds like a good day.", "complete")
        stored = rig.diary.get_message(done.message_id)
        assert stored is not None and stored.text == done.text and stored.status == "complete"
        assert done.stats["prompt_tokens"] == rig.model.count_chat_tokens(
            rig.model.requests_labelled("reply")[0].messages
        )
        assert rig.diary.get_message(message_id).text == ENTRY  # type: ignore[union-attr]
    finally:
        rig.close()


def test_no_background_work_is_queued_before_the_entry_is_stored(data_dir: Path) -> None:
    """The background worker's idle hooks write today's opening question when the day is empty: anything
    queued before the entry is stored (the day's digest check) could drain first and run them against a day
    that is about to be written in. Storing waits for the background to drain, as a slow disk would."""
    rig = Rig(data_dir, ScriptedModel(n_ctx=2048))
    add_message = rig.diary.add_message

    def add_after_the_background_drained(conversation_id: int, role: str, *args: Any, **kwargs: Any) -> Any:
        if role == "user":
            assert rig.companion.wait_idle(timeout=30)
        return add_message(conversation_id, role, *args, **kwargs)

    rig.diary.add_message = add_after_the_background_drained  # type: ignore[method-assign]
    try:
        rig.turn()
        types = [e.type for e in rig.events]
        assert types[:3] == ["message_added", "reply_started", "token"]
    finally:
        rig.close()


def test_empty_and_huge_messages_are_rejected_and_nothing_is_stored(rig: Rig) -> None:
    for bad in ("", "   \n"):
        with pytest.raises(MessageRejected) as info:
            rig.companion.send(bad)
        assert info.value.hint
    with pytest.raises(MessageRejected):
        rig.companion.send("x" * 200_001)
    assert rig.diary.messages(rig.companion.conversation_id) == []


def test_stop_keeps_the_partial_reply_marked_interrupted(rig: Rig) -> None:
    rig.model.scripts["reply"] = ["one two three four five six seven"]
    rig.model.release.clear()
    finished = threading.Event()
    rig.companion.subscribe(lambda e: finished.set() if isinstance(e, ReplyFinished) else None)
    rig.companion.send(ENTRY)
    assert rig.model.streaming.wait(10)
    assert rig.companion.busy
    asked = time.monotonic()
    rig.companion.stop()
    assert finished.wait(5)
    assert time.monotonic() - asked < 1.0
    rig.model.release.set()
    assert rig.companion.wait_idle(10)
    done = rig.of(ReplyFinished)[0]
    assert done.status == "interrupted" and done.text == "one"
    assert rig.diary.get_message(done.message_id).status == "interrupted"  # type: ignore[union-attr]
    assert not rig.companion.busy


def test_stop_also_stops_a_reply_still_waiting_in_the_queue(rig: Rig) -> None:
    rig.model.scripts["reply"] = ["one two three four five six seven", "a second full answer"]
    rig.model.release.clear()
    rig.companion.send(ENTRY)
    assert rig.model.streaming.wait(10)
    rig.companion.send("And one more thing about the shed roof before I sleep tonight.")  # queued behind
    rig.companion.stop()
    rig.model.release.set()
    assert rig.companion.wait_idle(10)
    assert [d.status for d in rig.of(ReplyFinished)] == ["interrupted", "interrupted"]
    assert all(
        m.status != "complete"
        for m in rig.diary.messages(rig.companion.conversation_id)
        if m.role == "assistant"
    )
    rig.model.scripts["reply"] = ["fresh reply"]
    rig.turn("A new message after Stop gets its answer as usual, nothing is left stopped.")
    assert rig.of(ReplyFinished)[-1].status == "complete"


def test_a_reply_with_no_words_leaves_nothing_behind(rig: Rig) -> None:
    rig.model.scripts["reply"] = [""]
    rig.turn()
    done = rig.of(ReplyFinished)[0]
    assert done.text == "" and rig.of(MessageRemoved)[0].message_id == done.message_id
    assert [m.role for m in rig.diary.messages(rig.companion.conversation_id)] == ["user"]


@pytest.mark.parametrize(
    ("text", "mid_sentence"),
    [
        ("and then we walked", True),
        ("а потом мы пошли к реке,", True),
        ("She said: «", True),
        ("It was 2023", True),
        ("We walked home.", False),
        ("Ты справишься!", False),
        ("Как ты?  ", False),
        ("Хорошего вечера 🌙", False),
        ("He called it «the best day».»", False),
        ("", False),
    ],
)
def test_where_a_reply_stops_inside_a_sentence(text: str, mid_sentence: bool) -> None:
    assert ends_mid_sentence(text) == mid_sentence


@pytest.mark.parametrize(
    ("reply", "marked"),
    [
        pytest.param("and then we walked along the river " * 60, True, id="cut-off-mid-sentence"),
        pytest.param("а потом мы долго гуляли вдоль реки, " * 60, True, id="cut-off-in-russian"),
        pytest.param("Walked. " * 400, False, id="cut-off-after-a-full-stop"),
        pytest.param("Sounds like a calm evening by the river", False, id="stopped-by-itself"),
    ],
)
def test_a_reply_cut_off_inside_a_sentence_by_its_limit_ends_with_a_mark(
    data_dir: Path, reply: str, marked: bool
) -> None:
    """The mark is streamed like the words: the window, the terminal and the diary show the same words."""
    rig = Rig(data_dir, ScriptedModel(n_ctx=2048, scripts={"reply": [reply]}), Settings(reply_length="short"))
    try:
        rig.turn()
        done = rig.of(ReplyFinished)[0]
        words = done.text.removesuffix(CUT_OFF_MARK) if marked else done.text
        assert done.status == "complete" and done.text.endswith(CUT_OFF_MARK) == marked
        assert reply.startswith(words) and not words.endswith(" ")  # the model's words, none lost
        streamed = "".join(e.text for e in rig.of(TokenStreamed) if e.message_id == done.message_id)
        assert streamed.split() == (words + " " + CUT_OFF_MARK if marked else words).split()
        stored = rig.diary.get_message(done.message_id)
        assert stored is not None and stored.text == done.text
    finally:
        rig.close()


def test_regenerate_replaces_the_last_reply(rig: Rig) -> None:
    rig.model.scripts["reply"] = ["first answer", "second answer"]
    rig.turn()
    rig.companion.regenerate()
    assert rig.companion.wait_idle(10)
    texts = [(m.role, m.text) for m in rig.diary.messages(rig.companion.conversation_id)]
    assert texts == [("user", ENTRY), ("assistant", "second answer")]
    assert len(rig.of(MessageRemoved)) == 1
    # the regenerated prompt is the first one again: same tail, same message
    first, second = rig.model.requests_labelled("reply")
    assert first.messages[:-1] == second.messages[:-1]
    assert len(rig.model.requests_labelled("facts")) == 1  # no second extraction for the same message


def test_fact_extraction_runs_after_the_reply_and_can_be_undone(rig: Rig) -> None:
    rig.model.scripts["facts"] = [{"fact": "Has a dog named Rex", "kind": "pet", "importance": 4}]
    message_id = rig.turn()
    labels = [r.label for r in rig.model.requests]
    assert labels[:2] == ["reply", "facts"]
    [added] = rig.of(FactAdded)
    fact = rig.diary.get_fact(added.fact_id)
    assert fact is not None and fact.provenance_message_id == message_id
    # noted during the conversation: after the tail, not in the (snapshot) system message
    rig.turn("Short one, but long enough to be read.")
    last = rig.model.requests_labelled("reply")[-1].messages
    assert "Has a dog named Rex" not in last[0]["content"] and "Has a dog named Rex" in last[-1]["content"]
    rig.companion.undo(added.undo_token)
    assert rig.diary.get_fact(added.fact_id) is None
    assert added.fact_id not in rig.companion.preview_budget().fact_ids_in_prompt


def test_memory_jobs_wait_while_the_window_draws_a_finished_reply(rig: Rig) -> None:
    rig.model.scripts["facts"] = [{"fact": "Has a dog named Rex", "kind": "pet", "importance": 4}]
    rig.companion.quiet_after_reply_s = 60.0  # as the GUI sets it (a fraction of a second there)
    rig.companion.send(ENTRY)
    assert rig.companion.quiet.wait_for_waiting(1, timeout=30)  # the facts job, queued, waits to start
    assert rig.of(ReplyFinished) and not rig.of(FactAdded)
    assert [r.label for r in rig.model.requests] == ["reply"]
    rig.companion.quiet.close()  # (the hold would end by itself; closing ends it now)
    assert rig.companion.wait_idle(timeout=30)
    assert len(rig.of(FactAdded)) == 1


def test_short_messages_are_not_mined_for_facts(rig: Rig) -> None:
    rig.turn("ok, thanks")
    assert rig.model.requests_labelled("facts") == []


def test_manual_memory_changes_reach_the_next_prompt(rig: Rig) -> None:
    rig.turn()
    fact = rig.companion.add_fact("Allergic to penicillin", kind="health", importance=5, pinned=True)
    report = rig.companion.preview_budget("hi")
    assert fact.id in report.fact_ids_in_prompt and report.tokens("facts") > 0
    rig.turn("Another entry about the garden shed.")
    assert "Allergic to penicillin" in rig.model.requests_labelled("reply")[-1].messages[0]["content"]
    rig.companion.delete_fact(fact.id)
    rig.turn("And one more about the shed roof.")
    assert all("penicillin" not in m["content"] for m in rig.model.requests_labelled("reply")[-1].messages)


def _run_turns(rig: Rig, n: int) -> list[tuple[int, int, bool]]:
    """(prompt tokens, evaluated tokens, a fold landed before this turn) per turn."""
    rows = []
    folds_seen = 0
    for i in range(n):
        rig.turn(f"Day note {i}: walked by the river, thought about the shed roof and the letter to Anna.")
        folds = len(rig.of(SummaryUpdated))
        stats = rig.model.last_stats("reply")
        rows.append((stats.prompt_tokens, stats.evaluated_tokens, folds != folds_seen))
        folds_seen = folds
    return rows


def test_collapse_points_are_the_only_full_reprocessing_and_happen_in_idle_time(data_dir: Path) -> None:
    model = ScriptedModel(n_ctx=1024, defaults={"reply": "I see. " * 12})
    rig = Rig(data_dir, model)
    try:
        rows = _run_turns(rig, 40)
        folds = rig.of(SummaryUpdated)
        assert len(folds) >= 2
        assert rows[0][1] == rows[0][0]  # the cold first turn evaluates everything
        # Each fold changes the prompt's prefix; the warm-up after it re-evaluates the new system message
        # and the tail in idle time (the instructions before the summary are reused) ...
        warm = [c.stats for r, c in model.completions if r.label == "warm"]
        assert len(warm) == len(folds)
        for stats in warm:
            assert 0.5 * stats.prompt_tokens < stats.evaluated_tokens < stats.prompt_tokens
        # ... so once the tail is a few turns long, no turn the person waits for is heavy.
        heavy = {i for i, (prompt, evaluated, _) in enumerate(rows) if i >= 4 and evaluated > 0.3 * prompt}
        assert heavy == set()
        for prompt, _, _ in rows:
            assert prompt <= 1024 - 512
        summary = rig.diary.get_summary("rolling", str(rig.companion.conversation_id))
        assert summary is not None and summary.through_message_id == folds[-1].through_message_id
        first_kept = rig.diary.messages(rig.companion.conversation_id, after_id=summary.through_message_id)[0]
        assert first_kept.role == "user"
        reports = rig.of(BudgetReport)
        assert all(sum(s.tokens for s in r.segments) == r.n_ctx for r in reports)
    finally:
        rig.close()


def test_a_deleted_summary_is_rebuilt_from_the_messages(data_dir: Path) -> None:
    rig = Rig(data_dir, ScriptedModel(n_ctx=1024, defaults={"reply": "I see. " * 12}))
    try:
        _run_turns(rig, 14)
        scope = str(rig.companion.conversation_id)
        summary = rig.diary.get_summary("rolling", scope)
        assert summary is not None
        rig.diary.delete_summary(summary.id)
        rig.turn("Back again after a break.")
        rebuilt = rig.diary.get_summary("rolling", scope)
        assert rebuilt is not None and rebuilt.through_message_id >= summary.through_message_id
        inputs = [r.messages[-1]["content"] for r in rig.model.requests_labelled("summary")[-3:]]
        assert any("Day note 0:" in text for text in inputs)  # rebuilt from the very first message
    finally:
        rig.close()


def test_rollover_digests_yesterday_and_follows_today(rig: Rig) -> None:
    rig.turn()
    yesterday = rig.companion.conversation_id
    rig.clock.now += timedelta(days=1)
    rig.turn("A new day, a new page: the shed roof is finally done.")
    assert rig.companion.conversation_id != yesterday
    assert rig.of(ConversationOpened)[-1].conversation_id == rig.companion.conversation_id
    assert rig.of(DigestWritten) == [DigestWritten("daily", "2026-03-02")]
    digest = rig.diary.get_summary("daily", "2026-03-02")
    assert digest is not None and digest.text == "A quiet day of writing."
    assert ENTRY in rig.model.requests_labelled("digest")[0].messages[-1]["content"]


def test_on_demand_digest_weekly_and_reflections(data_dir: Path) -> None:
    rig = Rig(data_dir, ScriptedModel(), Settings(reflections_enabled=True))
    rig.model.scripts["reflection"] = [{"observations": ["Walks by the river with Rex help the day", "Why?"]}]
    try:
        for day in range(3):
            rig.turn(f"Walked Rex by the river again, day {day}, and the shed project moved on.")
            rig.clock.now += timedelta(days=1)
        rig.turn("Monday again.")
        assert {e.scope for e in rig.of(DigestWritten)} >= {"2026-03-02", "2026-03-03", "2026-03-04"}
        assert rig.of(ReflectionsUpdated)
        assert [r.text for r in rig.diary.current_reflections()] == [
            "Walks by the river with Rex help the day"
        ]
        assert rig.companion.weekly_digest(datetime(2026, 3, 4).date()) == "A quiet day of writing."
        assert rig.diary.get_summary("weekly", "2026-W10") is not None
    finally:
        rig.close()


def test_recall_brings_earlier_days_after_the_tail(rig: Rig) -> None:
    old_day = rig.diary.conversation_for_day(datetime(2026, 2, 10).date())
    rig.diary.add_message(old_day.id, "user", "Took Rex to the vet, the hedgehog bite healed nicely.")
    rig.turn("Rex chased a hedgehog again tonight, I worried about another bite.")
    messages = rig.model.requests_labelled("reply")[-1].messages
    assert "the hedgehog bite healed nicely" in messages[-1]["content"]
    assert all("healed nicely" not in m["content"] for m in messages[:-1])
    report = rig.companion.preview_budget("What did the vet say about Rex?")
    assert report.tokens("recalled") > 0


def test_recall_can_be_switched_off(data_dir: Path) -> None:
    rig = Rig(data_dir, ScriptedModel(), Settings(recall_enabled=False))
    try:
        old_day = rig.diary.conversation_for_day(datetime(2026, 2, 10).date())
        rig.diary.add_message(old_day.id, "user", "Took Rex to the vet, the hedgehog bite healed nicely.")
        rig.turn("Rex chased a hedgehog again tonight, I worried about another bite.")
        assert "healed nicely" not in rig.model.requests_labelled("reply")[-1].messages[-1]["content"]
        assert rig.companion.preview_budget("Rex and the vet?").tokens("recalled") == 0
    finally:
        rig.close()


def _two_digests(diary: Diary) -> None:
    diary.put_summary("daily", "2026-02-27", "Walked Rex by the river and felt calm afterwards.", None, "m")
    diary.put_summary(
        "daily", "2026-02-28", "Another walk with Rex along the river, a calm evening.", None, "m"
    )


def test_reflections_run_once_a_day_when_the_background_jobs_drain(data_dir: Path) -> None:
    rig = Rig(data_dir, ScriptedModel(), Settings(reflections_enabled=True))
    rig.model.scripts["reflection"] = [{"observations": ["River walks with Rex bring calm"]}]
    try:
        _two_digests(rig.diary)
        rig.turn()  # no daily digest is due today: only the idle trigger can have reflected
        assert [e for e in rig.of(DigestWritten) if e.kind == "daily"] == []
        assert len(rig.model.requests_labelled("reflection")) == 1
        assert [r.text for r in rig.diary.current_reflections()] == ["River walks with Rex bring calm"]
        assert rig.of(ReflectionsUpdated)
        rig.turn("Cooked soup with my sister in the evening and we talked about the summer trip plans.")
        assert len(rig.model.requests_labelled("facts")) == 2  # the queue drained again...
        assert len(rig.model.requests_labelled("reflection")) == 1  # ...but today's reflection is done
    finally:
        rig.close()


def test_idle_reflections_wait_for_digests_and_the_setting(data_dir: Path) -> None:
    off = Rig(data_dir / "off", ScriptedModel(), Settings())  # reflections are off by default
    try:
        _two_digests(off.diary)
        off.turn()
        assert off.model.requests_labelled("facts") and not off.model.requests_labelled("reflection")
    finally:
        off.close()
    few = Rig(data_dir / "few", ScriptedModel(), Settings(reflections_enabled=True))
    try:
        few.turn()  # fewer than two digests: nothing to reflect on, and no empty "Reflecting…" job
        assert few.model.requests_labelled("facts") and not few.model.requests_labelled("reflection")
        assert all(getattr(e, "kind", "") != "reflection" for e in few.events)
    finally:
        few.close()


def test_a_reply_the_model_ends_before_a_word_is_said(data_dir: Path) -> None:
    """QA (session 41): after a 200,000-character entry the tiny model wrote nothing, and the terminal showed
    only "[stopped]" — a stop nobody asked for. The empty reply is removed and the person is told."""
    rig = Rig(data_dir, ScriptedModel(n_ctx=2048, scripts={"reply": [""]}))
    try:
        rig.turn()
        [done] = rig.of(ReplyFinished)
        [error] = rig.of(ErrorRaised)
        assert done.text == "" and done.status == "interrupted"
        assert error.message == "The model ended its reply before writing a word." and "again" in error.hint
        assert [m.role for m in rig.diary.messages(rig.companion.conversation_id)] == ["user"]
    finally:
        rig.close()
