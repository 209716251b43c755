"""A reply killed before its first word leaves a placeholder row; it never reaches a prompt, and the
controller removes such leftovers when it starts (issue 18, item 5). Partial replies the person saw stay."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from app.config import Settings
from app.core.companion import Companion
from app.core.turn import PLACEHOLDER
from app.store import Diary
from tests.fakes import Clock, ScriptedModel

DAY = date(2026, 3, 2)


def _crashed_diary(data_dir: Path) -> tuple[Diary, int, list[int]]:
    """A day on which 30 replies were killed before a word (as 139 SIGKILLs left them), and one mid-way."""
    diary = Diary.open(data_dir)
    cid = diary.conversation_for_day(DAY).id
    leftovers = []
    for i in range(30):
        diary.add_message(cid, "user", f"Entry {i} about the garden and the shed roof.")
        leftovers.append(diary.add_message(cid, "assistant", PLACEHOLDER, status="interrupted").id)
    diary.add_message(cid, "assistant", "The shed roof sounds like", status="interrupted")
    return diary, cid, leftovers


def test_leftover_placeholders_are_removed_at_start_and_never_prompted(data_dir: Path) -> None:
    diary, cid, leftovers = _crashed_diary(data_dir)
    model = ScriptedModel(n_ctx=4096)
    companion = Companion(diary, model, Settings(), clock=Clock())
    try:
        assert all(diary.get_message(i) is None for i in leftovers)
        kept = [m.text for m in diary.messages(cid)]
        assert "The shed roof sounds like" in kept  # what the person saw stays
        companion.send("A new entry about the garden.")
        assert companion.wait_idle(timeout=30)
        prompt = model.requests_labelled("reply")[-1].messages
        assert all(m["content"] != PLACEHOLDER for m in prompt)
    finally:
        companion.close()
        model.close()
        diary.close()


def test_a_placeholder_appearing_later_is_left_out_of_the_prompt(data_dir: Path) -> None:
    diary = Diary.open(data_dir)
    model = ScriptedModel(n_ctx=4096)
    companion = Companion(diary, model, Settings(), clock=Clock())
    try:
        cid = companion.conversation_id
        diary.add_message(cid, "user", "Walked Rex by the river.")
        diary.add_message(cid, "assistant", PLACEHOLDER, status="interrupted")  # another window crashed
        prompt = companion.context.assemble(cid, "And then it rained.")
        assert [m["content"] for m in prompt.messages[1:-1]] == ["Walked Rex by the river."]
    finally:
        companion.close()
        model.close()
        diary.close()
