"""A prompt that only grows: each turn's note (recalled entries, facts noted since the snapshot) stays in
front of its message on every later turn, byte for byte — after a restart too — and is not repeated."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path

from app.config import Settings
from app.core.companion import Companion
from app.llm.types import ChatMessage
from app.store import Diary
from tests.fakes import Clock, ScriptedModel

PAST = [
    "Walked along the river with Anna and talked about her move to Riga.",
    "Anna called about Riga again; the river path was flooded after the rain.",
    "Repaired the shed roof with Tom; the river was high all week.",
]


def seed(diary: Diary, today: date) -> list[int]:
    ids = []
    for back, text in enumerate(PAST, start=3):
        day = today - timedelta(days=back)
        conversation = diary.conversation_for_day(day)
        moment = datetime.combine(day, datetime.min.time()) + timedelta(hours=20)
        ids.append(diary.add_message(conversation.id, "user", text, created_at=moment).id)
    return ids


class Session:
    def __init__(self, data_dir: Path, clock: Clock) -> None:
        self.diary = Diary.open(data_dir)
        self.model = ScriptedModel(n_ctx=4096)
        self.companion = Companion(self.diary, self.model, Settings(), clock=clock)

    def turn(self, text: str) -> list[ChatMessage]:
        self.companion.send(text)
        assert self.companion.wait_idle(timeout=30)
        return list(self.model.requests_labelled("reply")[-1].messages)

    def close(self) -> None:
        self.companion.close()
        self.model.close()
        self.diary.close()


def test_the_prompt_only_grows_and_comes_back_the_same_after_a_restart(data_dir: Path) -> None:
    clock = Clock(datetime(2026, 3, 2, 19, 0))
    first = Session(data_dir, clock)
    seed(first.diary, clock().date())
    try:
        one = first.turn("Walked by the river again and thought about Anna moving to Riga.")
        assert "Related past entries" in one[-1]["content"]  # recall found the earlier days
        first.diary.add_fact("Has a friend Anna who moves to Riga", source="automatic", importance=4)
        two = first.turn("Anna says the river in Riga is wide. I miss her already.")
        assert two[: len(one)] == one  # every earlier turn, its note included, byte for byte
        assert "Noted about the person today" in two[-1]["content"]
        assert "Has a friend Anna who moves to Riga" in two[-1]["content"]
        for line in PAST:  # what the first note gave is not repeated
            if line in one[-1]["content"]:
                assert line not in two[-1]["content"]
    finally:
        first.close()
    second = Session(data_dir, clock)  # a restart: the notes come back from the store
    try:
        three = second.turn("Tomorrow I will call Anna.")
        assert three[: len(two)] == two
        assert three[-1]["content"].count("Has a friend Anna") == 0  # noted once, stays in its turn
    finally:
        second.close()


def test_deleting_a_recalled_entry_or_a_noted_fact_removes_its_line(data_dir: Path) -> None:
    clock = Clock(datetime(2026, 3, 2, 19, 0))
    session = Session(data_dir, clock)
    past_ids = seed(session.diary, clock().date())
    try:
        session.turn("Walked by the river again and thought about Anna moving to Riga.")
        fact = session.diary.add_fact("Has a friend Anna who moves to Riga", source="automatic")
        session.turn("Anna says the river in Riga is wide.")
        session.diary.delete_fact(fact.id)
        for message_id in past_ids:
            session.diary.delete_message(message_id)
        conversation_id = session.companion.conversation_id
        prompt = session.companion.context.assemble(conversation_id, "", today=clock().date())
        text = "\n".join(m["content"] for m in prompt.messages)
        assert "Has a friend Anna" not in text
        assert not any(line in text for line in PAST)
        report = prompt.report
        assert sum(s.tokens for s in report.segments) == report.n_ctx  # the gauge stays exact
    finally:
        session.close()


def test_the_budget_counts_the_tails_notes_exactly(data_dir: Path) -> None:
    clock = Clock(datetime(2026, 3, 2, 19, 0))
    session = Session(data_dir, clock)
    seed(session.diary, clock().date())
    try:
        session.diary.add_fact("Likes long walks by the river", source="automatic")
        session.turn("Walked by the river again and thought about Anna moving to Riga.")
        session.turn("Anna says the river in Riga is wide.")
        prompt = session.companion.context.assemble(
            session.companion.conversation_id, "And the shed roof leaks again.", today=clock().date()
        )
        report = prompt.report
        by_name = {s.name: s for s in report.segments}
        assert sum(s.tokens for s in report.segments) == report.n_ctx
        assert prompt.total_tokens == session.model.count_chat_tokens(prompt.messages)
        assert by_name["recalled"].items >= 1 and by_name["facts"].items >= 1
        assert report.free == report.n_ctx - prompt.total_tokens - report.segments[-2].tokens
    finally:
        session.close()
