"""Deleting one entry: gone from the diary, from search and from the next prompt, with an event; never the
reply being written. A scripted model gives exact prompts; the diary is real (SQLite in a temp dir)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.config import SettingsStore
from app.core.companion import Companion
from app.core.errors import CoreError
from app.core.events import BudgetReport, Event, MessageRemoved, ReplyStarted
from app.store import Diary
from tests.fakes import Clock, ScriptedModel

SECRET = "Told nobody yet: I applied for the lighthouse keeper job in Skerryvore."
OTHER = "Walked my dog Rex by the river this morning, then worked on the garden shed project."


class Rig:
    def __init__(self, data_dir: Path) -> None:
        self.diary = Diary.open(data_dir)
        self.model = ScriptedModel(n_ctx=2048)
        self.companion = Companion(self.diary, self.model, SettingsStore.load(data_dir), clock=Clock())
        self.events: list[Event] = []
        self.companion.subscribe(self.events.append)

    def idle(self) -> None:
        assert self.companion.wait_idle(timeout=30)

    def prompt_text(self) -> str:
        prompt = self.companion.context.assemble(self.companion.conversation_id, "What next?")
        return "\n".join(str(m["content"]) for m in prompt.messages)

    def close(self) -> None:
        self.companion.close()
        self.model.close()
        self.diary.close()


@pytest.fixture
def rig(data_dir: Path) -> Iterator[Rig]:
    made = Rig(data_dir)
    yield made
    made.close()


def test_a_deleted_entry_leaves_the_diary_search_and_the_next_prompt(rig: Rig) -> None:
    secret_id = rig.companion.send(SECRET)
    rig.idle()
    rig.companion.send(OTHER)
    rig.idle()
    assert "Skerryvore" in rig.prompt_text()
    reports_before = sum(isinstance(e, BudgetReport) for e in rig.events)
    conversation_id = rig.companion.conversation_id

    rig.companion.delete_message(secret_id)
    rig.idle()

    assert rig.diary.get_message(secret_id) is None
    assert rig.diary.search("Skerryvore") == []
    assert "Skerryvore" not in rig.prompt_text()
    assert MessageRemoved(secret_id, conversation_id) in rig.events
    assert sum(isinstance(e, BudgetReport) for e in rig.events) > reports_before  # the gauge is redrawn
    assert any("Rex" in m.text for m in rig.diary.messages(conversation_id))  # only that one went


def test_a_missing_entry_is_a_clear_error(rig: Rig) -> None:
    with pytest.raises(CoreError, match="no longer exists") as info:
        rig.companion.delete_message(12345)
    assert info.value.hint


def test_the_reply_being_written_cannot_be_deleted(rig: Rig) -> None:
    rig.model.scripts["reply"] = ["one two three four five six seven"]
    rig.model.release.clear()
    rig.companion.send(SECRET)
    assert rig.model.streaming.wait(10)
    reply_id = next(e.message_id for e in rig.events if isinstance(e, ReplyStarted))
    with pytest.raises(CoreError, match="still being written") as info:
        rig.companion.delete_message(reply_id)
    assert info.value.hint
    rig.model.release.set()
    rig.idle()
    rig.companion.delete_message(reply_id)  # once it is done, it can go
    assert rig.diary.get_message(reply_id) is None


def test_the_entry_a_reply_is_being_written_for_cannot_be_deleted_until_it_is_done(rig: Rig) -> None:
    """QA (session 22): deleting the entry while its reply streamed left the reply answering nothing."""
    rig.model.scripts["reply"] = ["one two three four five six seven"]
    rig.model.release.clear()
    entry_id = rig.companion.send(SECRET)
    assert rig.model.streaming.wait(10)
    with pytest.raises(CoreError, match="reply to this entry is still being written") as info:
        rig.companion.delete_message(entry_id)
    assert info.value.hint and rig.diary.get_message(entry_id) is not None
    rig.model.release.set()
    rig.idle()
    rig.companion.delete_message(entry_id)  # once the reply is done, the entry can go
    assert rig.diary.get_message(entry_id) is None
