"""The chat's cache kept for the next start: resumed after a restart (real tiny model), shredded when an
entry is deleted, on forget-everything and when encryption is turned on, never written for an encrypted
diary."""

from __future__ import annotations

import stat
from datetime import date, datetime
from pathlib import Path

from app.config import CHAT_STATE_FILE, Settings
from app.core.companion import Companion
from app.core.events import Event, JobStarted, ReplyFinished
from app.llm.embedding import make_embedder
from app.llm.engine import EngineConfig, ModelEngine
from app.llm.types import GenerationRequest
from app.store import Diary, DiaryKey
from tests.conftest import TEST_PASSPHRASE
from tests.fakes import Clock, ClosableEmbedder, FakeJob, ScriptedModel

SETTINGS = Settings(reply_length="short", recall_enabled=False)
DAY = date(2026, 3, 2)


def open_hearth(diary: Diary, model_path: Path) -> tuple[Companion, ModelEngine, list[Event]]:
    engine = ModelEngine(EngineConfig(model_path=model_path, n_ctx=2048))
    companion = Companion(diary, engine, SETTINGS, clock=Clock(datetime(2026, 3, 2, 20, 0)))
    events: list[Event] = []
    companion.subscribe(events.append)
    return companion, engine, events


def test_a_restart_resumes_from_the_kept_cache_and_a_deleted_entry_shreds_it(
    data_dir: Path, tiny_model_path: Path
) -> None:
    diary = Diary.open(data_dir)
    companion, engine, _ = open_hearth(diary, tiny_model_path)
    first = companion.send("Walked the dog by the river after work and met Anna there.")
    assert companion.wait_idle(timeout=600)
    companion.close()  # keeps the cache (a turn happened since the start)
    engine.close()
    kept = data_dir / CHAT_STATE_FILE
    assert kept.exists() and stat.S_IMODE(kept.stat().st_mode) == 0o600

    companion, engine, events = open_hearth(diary, tiny_model_path)  # the restart; no warm-up waited for
    try:
        text = "Anna is moving to Riga in May, and I will miss her."
        second = companion.send(text)
        assert companion.wait_idle(timeout=600)
        stats = [e for e in events if isinstance(e, ReplyFinished)][-1].stats
        prompt = companion.context.assemble(companion.conversation_id, text, before_id=second, today=DAY)
        before = engine.count_chat_tokens(prompt.messages[:-1], add_generation_prompt=False)
        new_turn = stats["prompt_tokens"] - before  # the new message (and its note) with the template
        assert stats["state_tokens"] > 0  # resumed from the file
        assert stats["evaluated_tokens"] <= new_turn + 64
        companion.delete_message(first)
        assert not kept.exists()  # it held the deleted entry
    finally:
        companion.close(keep_cache_s=0)
        engine.close()
        diary.close()


class CachingModel(ScriptedModel):
    """A scripted model that says it keeps a cache, so the companion's requests show what it would do."""

    @property
    def keeps_cache(self) -> bool:
        return True

    def submit(self, request: GenerationRequest) -> FakeJob:
        self.saved_states = [*getattr(self, "saved_states", []), request.saved_state]
        return super().submit(request)


def test_closing_keeps_the_cache_with_recall_by_meaning_on(data_dir: Path) -> None:
    """Closing stops the meaning model's process before the cache is written; the cache's prompt (an empty
    message) must not ask it anything, or no cache is ever kept when recall by meaning is on."""
    diary = Diary.open(data_dir)
    model = CachingModel(n_ctx=2048)
    embedder = ClosableEmbedder(make_embedder())
    companion = Companion(diary, model, Settings(reply_length="short"), clock=Clock(), embedder=embedder)
    try:
        assert companion.wait_indexed(timeout=120)
        companion.send("Walked the dog by the river after work and met Anna there.")
        assert companion.wait_idle(timeout=60)
        kept_before = [s for s in model.saved_states if s is not None and s.save]
        companion.close()  # keeps the cache: a turn happened since the start
        assert embedder.closed
        kept = [s for s in model.saved_states if s is not None and s.save]
        assert len(kept) == len(kept_before) + 1
    finally:
        companion.close(keep_cache_s=0)
        model.close()
        diary.close()


def test_no_cache_is_asked_for_with_an_encrypted_diary(data_dir: Path) -> None:
    diary = Diary.open(data_dir, DiaryKey(TEST_PASSPHRASE).derive())
    model = CachingModel(n_ctx=2048)
    companion = Companion(diary, model, SETTINGS, clock=Clock())
    try:
        companion.warm_up()
        companion.send("A quiet day.")
        assert companion.wait_idle(timeout=30)
        assert companion.maintenance.keep_cache_now(10) is None
        assert model.saved_states and all(state is None for state in model.saved_states)
    finally:
        companion.close()
        model.close()
        diary.close()
    assert not (data_dir / CHAT_STATE_FILE).exists()


def test_a_plain_diary_asks_to_restore_and_to_keep(data_dir: Path) -> None:
    diary = Diary.open(data_dir)
    model = CachingModel(n_ctx=2048)
    companion = Companion(diary, model, SETTINGS, clock=Clock())
    try:
        companion.warm_up()
        companion.send("A quiet day.")
        assert companion.wait_idle(timeout=30)
        companion.maintenance.keep_cache_now(10)
        states = [s for s in model.saved_states if s is not None]
        assert any(not s.save for s in states) and any(s.save for s in states)
        assert all(s.path == data_dir / CHAT_STATE_FILE for s in states)
        assert all(s.max_bytes == SETTINGS.chat_cache_max_mb << 20 for s in states if s.save)
    finally:
        companion.close(keep_cache_s=0)
        model.close()
        diary.close()


def test_forget_everything_and_encryption_on_shred_the_kept_cache(data_dir: Path) -> None:
    kept = data_dir / CHAT_STATE_FILE
    diary = Diary.open(data_dir)
    kept.write_bytes(b"kv" * 1000)
    diary.forget_everything()
    assert not kept.exists()
    kept.write_bytes(b"kv" * 1000)
    diary.change_key(DiaryKey(TEST_PASSPHRASE).derive())  # closes it
    assert not kept.exists()


def test_the_idle_timer_firing_during_a_reply_queues_no_cache_job(data_dir: Path) -> None:
    """A slow reply outlasts the idle timer: keeping the cache then would only flash "Getting ready…" (and
    arm the timer again, once a minute), so nothing is queued until the reply has ended."""
    diary = Diary.open(data_dir)
    model = CachingModel(n_ctx=2048, scripts={"reply": ["one two three four five six"]})
    companion = Companion(diary, model, SETTINGS, clock=Clock())
    events: list[Event] = []
    companion.subscribe(events.append)
    try:
        companion.send("A quiet day.")
        assert companion.wait_idle(timeout=30)
        model.release.clear()
        companion.send("Another entry, answered slowly.")
        assert model.streaming.wait(10)
        companion.maintenance.keep_cache()  # the idle timer fires mid-reply
        model.release.set()
        assert companion.wait_idle(timeout=30)
        assert not [e for e in events if isinstance(e, JobStarted) and e.kind == "warm"]
        assert companion.maintenance.chat_cache.dirty  # still to be kept, once idle again
    finally:
        companion.close(keep_cache_s=0)
        model.close()
        diary.close()
