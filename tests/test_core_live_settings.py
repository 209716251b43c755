"""The controller's seams: live settings reach the next prompt, one budget report per change, backups.

A scripted model gives exact prompts; the diary is real (SQLite in a temp dir).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings, SettingsStore
from app.core.companion import Companion
from app.core.events import BudgetReport, Event, FactSaved
from app.core.prompt.templates import load_prompt
from app.store import Diary
from tests.fakes import Clock, ScriptedModel

ENTRY = "Walked my dog Rex by the river this morning, then worked on the garden shed project."


class Live:
    """A companion on a ``SettingsStore`` that writes to the data dir, as the app runs it."""

    def __init__(self, data_dir: Path) -> None:
        self.diary = Diary.open(data_dir)
        self.model = ScriptedModel(n_ctx=2048)
        self.store = SettingsStore.load(data_dir)
        self.clock = Clock()
        self.companion = Companion(self.diary, self.model, self.store, clock=self.clock)
        self.events: list[Event] = []
        self.companion.subscribe(self.events.append)

    def system_text(self, draft: str = "How was the walk?") -> str:
        prompt = self.companion.context.assemble(self.companion.conversation_id, draft)
        return str(prompt.messages[0]["content"])

    def reports(self) -> list[BudgetReport]:
        return [e for e in self.events if isinstance(e, BudgetReport)]

    def idle(self) -> None:
        assert self.companion.wait_idle(timeout=30)

    def close(self) -> None:
        self.companion.close()
        self.model.close()
        self.diary.close()


@pytest.fixture
def live(data_dir: Path) -> Iterator[Live]:
    rig = Live(data_dir)
    yield rig
    rig.close()


def test_persona_and_reply_length_change_the_next_prompt_at_once(live: Live, data_dir: Path) -> None:
    assert load_prompt("persona_warm") in live.system_text()
    live.store.change(persona="concise", reply_length="short")
    text = live.system_text()
    assert load_prompt("persona_concise") in text and load_prompt("length_short") in text
    assert Settings.load(data_dir).persona == "concise"  # saved too, for the next start
    live.companion.send(ENTRY)
    live.idle()
    reply = live.model.requests_labelled("reply")[-1]
    assert load_prompt("persona_concise") in reply.messages[0]["content"]
    live.store.change(reply_length="long")
    live.companion.send("One more line about the shed roof and the rain.")
    live.idle()
    assert live.model.requests_labelled("reply")[-1].max_tokens > reply.max_tokens


def test_recall_and_reflections_switch_in_the_running_companion(live: Live) -> None:
    old_day = live.diary.conversation_for_day(datetime(2026, 2, 10).date())
    live.diary.add_message(old_day.id, "user", "Took Rex to the vet, the hedgehog bite healed nicely.")
    live.diary.add_reflection("River walks with Rex bring calm")
    question = "What did the vet say about Rex and the hedgehog?"
    assert live.companion.preview_budget(question).tokens("recalled") > 0
    assert "River walks" not in live.system_text()  # reflections are off by default
    live.store.change(recall_enabled=False, reflections_enabled=True)
    assert live.companion.preview_budget(question).tokens("recalled") == 0
    assert "River walks with Rex bring calm" in live.system_text()


def test_the_reply_reserve_follows_the_setting(live: Live) -> None:
    assert live.companion.preview_budget("hi").tokens("reply_reserve") == 512
    live.store.change(reply_reserve=256)
    assert live.companion.preview_budget("hi").tokens("reply_reserve") == 256


def test_a_settings_change_sends_a_new_budget_report(live: Live) -> None:
    live.idle()
    before = len(live.reports())
    live.store.change(reply_reserve=300)
    live.idle()
    assert live.reports()[before:] and live.reports()[-1].tokens("reply_reserve") == 300


def test_the_draft_is_reported_by_the_controller(live: Live) -> None:
    for draft in ("W", "Wa", "Walked", "Walked Rex by the river"):
        live.companion.set_draft(draft)
    live.idle()
    last = live.reports()[-1]
    assert last.draft_tokens == live.model.count_tokens("Walked Rex by the river")
    assert len(live.reports()) <= 4  # coalesced: never more reports than changes


def test_a_fact_edit_sends_one_report_and_the_fact_as_it_is(live: Live) -> None:
    fact = live.companion.add_fact("Has a dog named Rex", kind="pet")
    live.idle()
    before = len(live.reports())
    live.companion.edit_fact(fact.id, text="Has a old dog named Rex", importance=5)
    live.idle()
    saved = [e for e in live.events if isinstance(e, FactSaved) and e.fact_id == fact.id]
    assert saved[-1].text == "Has a old dog named Rex" and saved[-1].importance == 5
    assert saved[-1].source == "manual"
    assert len(live.reports()) - before == 1


def test_a_daily_backup_at_start_and_after_the_days_first_entry_rotated(live: Live) -> None:
    live.companion.warm_up()
    live.idle()
    assert len(live.diary.list_backups()) == 1
    live.companion.send(ENTRY)  # the same day: the start's backup is today's
    live.idle()
    assert len(live.diary.list_backups()) == 1
    for day in range(1, 10):
        live.clock.now = datetime(2026, 3, 2, 20, 0) + timedelta(days=day)
        live.companion.send(f"Day {day}: a walk by the river, some work on the shed.")
        live.idle()
        live.companion.send("And a second line the same evening.")
        live.idle()
    backups = live.diary.list_backups()
    assert len(backups) == 7  # one per day, the seven newest kept
    newest = Diary.open(live.diary.data_dir / "restored")
    try:
        newest.restore(backups[0])
        texts = [m.text for c in newest.list_conversations() for m in newest.messages(c.id)]
        assert "Day 9: a walk by the river, some work on the shed." in texts
    finally:
        newest.close()


class WaitingModel(ScriptedModel):
    """Counts that wait while ``hold`` is set, as a count waits out a reply on llama-cpp-python's server."""

    def __init__(self) -> None:
        super().__init__(n_ctx=2048)
        self.hold = threading.Event()
        self.waiting = threading.Event()
        self.go_on = threading.Event()

    def count_chat_tokens(self, messages: Any, *, add_generation_prompt: bool = True) -> int:
        if self.hold.is_set():
            self.waiting.set()
            assert self.go_on.wait(30)
        return super().count_chat_tokens(messages, add_generation_prompt=add_generation_prompt)


def test_a_setting_changed_while_a_snapshot_waits_on_a_count_does_not_wait_for_it(data_dir: Path) -> None:
    """The window's thread changes settings; a worker may be taking the prompt's snapshot meanwhile, its
    count waiting for a model server. The change is queued, not waited for, and the next prompt has it."""
    diary, model = Diary.open(data_dir), WaitingModel()
    store = SettingsStore.load(data_dir)
    companion = Companion(diary, model, store, clock=Clock())
    try:
        assert companion.wait_idle(timeout=30)
        conversation = companion.conversation_id
        companion.context.invalidate()
        model.hold.set()
        taking = threading.Thread(target=lambda: companion.context.assemble(conversation, "Hi"), daemon=True)
        taking.start()
        assert model.waiting.wait(30)  # the snapshot's count waits, its lock held
        changing = threading.Thread(target=lambda: store.change(persona="concise"), daemon=True)
        changing.start()
        changing.join(10)
        assert not changing.is_alive()  # the change did not wait for the snapshot
        companion.context.invalidate(conversation)
        companion.context.note_automatic_update(1)
        model.hold.clear()
        model.go_on.set()
        taking.join(30)
        text = str(companion.context.assemble(conversation, "Hi").messages[0]["content"])
        assert load_prompt("persona_concise") in text
    finally:
        model.go_on.set()
        companion.close()
        model.close()
        diary.close()
