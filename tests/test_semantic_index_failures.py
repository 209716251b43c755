"""The meaning model failing under the app: its process killed mid-batch (an out-of-memory kill, a crash)
starts anew, and the index carries on with the next entry instead of staying off until a restart; a process
that stops answering (stopped, swapping) costs a turn a few seconds at most, never the reply.

Real parts: a real diary, and a real child process behind ``ProcessEmbedder`` serving the stand-in model of
``tests.embedding_worker_driver`` (it hangs on cue and says its process id through a FIFO, so the test kills
it mid-request without sleeping).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import wait
from datetime import date

import pytest

from app.core.background.indexing import SemanticIndexer
from app.core.events import Event, IndexProgress, MessageAdded, MessageRemoved
from app.core.recall import finder
from app.core.recall.finder import Recall
from app.core.recall.semantic import SemanticMemory
from app.llm.embedding_process import ProcessEmbedder
from app.store import Diary
from tests.embedding_worker_driver import StandIn, child_command

WAIT_S = 60.0


def test_a_meaning_model_killed_mid_batch_stops_the_index_only_until_the_next_entry(
    diary: Diary, fifo: str
) -> None:
    embedder = ProcessEmbedder(StandIn(fifo), child_command(fifo))
    cid = diary.conversation_for_day(date(2026, 3, 1)).id or 0
    hanging = diary.add_message(cid, "user", "hang").id or 0
    events: list[Event] = []
    indexer = SemanticIndexer(SemanticMemory(diary, embedder), events.append, lambda: False, events.append)
    try:
        indexer.start()
        with open(fifo, encoding="utf-8") as said:  # the child is inside the batch
            os.kill(int(said.readline()), signal.SIGKILL)
        assert indexer.wait_indexed(WAIT_S)
        failed = [e for e in events if isinstance(e, IndexProgress) and e.failed]
        assert len(failed) == 1 and "stopped unexpectedly" in failed[0].failed

        # The person deletes the entry and writes on: the index picks up again with a new child.
        diary.delete_message(hanging)
        indexer.on_event(MessageRemoved(hanging, cid))
        written = diary.add_message(cid, "user", "the next entry")
        indexer.on_event(MessageAdded(written.id or 0, cid, "user", written.text, written.created_at))
        assert indexer.wait_indexed(WAIT_S)
        assert indexer.memory.counts().complete and indexer.memory.counts().indexed == 1
        assert isinstance(events[-1], IndexProgress) and not events[-1].failed  # "off" is no longer shown
        assert len([e for e in events if isinstance(e, IndexProgress) and e.failed]) == 1
    finally:
        indexer.close()
        embedder.close()


def test_a_meaning_model_that_stops_answering_leaves_the_turn_to_words_and_later_turns_do_not_wait(
    diary: Diary, fifo: str, tiny_engine: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(finder, "MEANING_WAIT_S", 2.0)
    embedder = ProcessEmbedder(StandIn(fifo), child_command(fifo))
    cid = diary.conversation_for_day(date(2026, 3, 1)).id or 0
    shelves = diary.add_message(cid, "user", "Helped Tom hang the new shelves in the hall.").id
    memory = SemanticMemory(diary, embedder)
    while memory.index_step():
        pass
    recall = Recall(diary, tiny_engine, memory)  # type: ignore[arg-type]
    today = diary.conversation_for_day(date(2026, 3, 20)).id or 0
    stalled: list[int] = []

    def read_pid() -> None:
        with open(fifo, encoding="utf-8") as said:  # the child is inside the query, and stays there
            stalled.append(int(said.readline()))

    reader = threading.Thread(target=read_pid)
    reader.start()
    try:
        found = recall.find("hang", 200, conversation_id=today, exclude_message_ids=set())
        assert [e.message_id for e in found] == [shelves]  # by words, after MEANING_WAIT_S
        started = time.monotonic()
        again = recall.find("hang", 200, conversation_id=today, exclude_message_ids=set())
        assert time.monotonic() - started < finder.MEANING_WAIT_S  # not asked while that lookup waits
        assert [e.message_id for e in again] == [shelves]
    finally:
        reader.join(60)
        if stalled:
            os.kill(stalled[0], signal.SIGKILL)  # the stalled lookup ends (the next one starts a new child)
    wait(finder._STALLED, timeout=60)  # noqa: SLF001
    assert recall.find("shelves", 200, conversation_id=today, exclude_message_ids=set())
    assert embedder.child_pid not in (None, *stalled)  # asked again once the stalled lookup ended
    embedder.close()
