"""Keeping the semantic index in step with the diary, on a worker of its own at the lowest priority.
Beside it, recall's token counts of entries are made ahead (``Recall.count_ahead``): counting a hundred
entries is what a first recall of them costs most.

Why its own worker: the background worker runs model jobs (a digest can take minutes on a 3B model), and a
new entry should be searchable by meaning within a moment, not after the digest. Why it yields: the machine
has a few cores and the reply is what the person waits for, so a bulk pass (an imported or old diary, a new
embedder) stops between batches while a reply is being written and resumes when it is done.

It follows the diary through the companion's own events: a saved message or fact schedules a step; a
deleted one leaves memory at once (the store has already deleted its vector in the same transaction) and
schedules a step too: a short turn after it was embedded with its end, and is embedded anew.
Progress is an ``IndexProgress`` event (the status bar and ``hearth index --status``), at most every
``PROGRESS_EVERY`` messages and once at the end.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from app.core.background.quiet import QuietTime
from app.core.background.worker import Activity, Worker
from app.core.events import (
    Event,
    FactAdded,
    FactRemoved,
    FactSaved,
    FactUpdated,
    IndexProgress,
    MessageAdded,
    MessageRemoved,
    PictureTextRead,
    ReplyFinished,
)
from app.core.recall.semantic import INDEX_BATCH, SemanticMemory
from app.llm.errors import EngineError
from app.llm.priority import INDEX_NICE
from app.store import StoreError

log = logging.getLogger(__name__)

PROGRESS_EVERY = 256  # messages between two progress events during a bulk pass


class SemanticIndexer:
    """Runs ``SemanticMemory.index_step`` until the diary is indexed, pausing while a reply runs."""

    def __init__(
        self,
        memory: SemanticMemory,
        emit: Callable[[Event], None],
        busy: Callable[[], bool],
        on_error: Callable[[BaseException], None],
        count_ahead: Callable[[], bool] | None = None,
        quiet: QuietTime | None = None,
    ) -> None:
        """``count_ahead`` stores the recall token counts of a batch of entries never counted (True while
        some may remain: ``Recall.count_ahead``); it runs beside the indexing, batch for batch. ``quiet``:
        no batch starts while the window holds background work (``app.core.background.quiet``)."""
        self.memory = memory
        self._count_ahead = count_ahead
        self._count_failed = False
        self._emit = emit
        self._busy = busy
        self._activity = Activity()
        self._quiet = quiet
        self._worker = Worker("hearth-index", self._activity, on_error, nice=INDEX_NICE, quiet=quiet)
        self._closed = threading.Event()
        self._failed = False
        self._since_progress = 0

    def start(self) -> None:
        """Load the saved vectors and index whatever is missing (in the background)."""
        self.schedule()

    def schedule(self) -> None:
        if not self._closed.is_set():
            self._worker.submit(self._run, key="index")

    def on_event(self, event: Event) -> None:
        """Follow the diary: new words are indexed, deleted ones forgotten."""
        if isinstance(event, MessageRemoved):
            self.memory.forget_messages([event.message_id])
            self.schedule()  # the turn after it was embedded with its end: the store dropped that vector too
        elif isinstance(event, FactRemoved):
            self.memory.forget_facts([event.fact_id])
        elif isinstance(
            event, (MessageAdded, ReplyFinished, FactAdded, FactUpdated, FactSaved, PictureTextRead)
        ):
            self.schedule()

    def _run(self) -> None:
        try:
            first = True
            while not self._closed.is_set():
                if not first and self._busy():
                    return  # a reply is running: the companion schedules the rest when it is done
                if not first and self._quiet is not None:
                    self._quiet.wait()  # the first batch waited in the worker, before this run began
                first = False  # one batch always: it holds what was just written (newest first)
                indexed = self.memory.index_step(INDEX_BATCH)
                counting = self._counted_batch()
                if not indexed:
                    self._report(final=True, recovered=self._failed)
                    self._failed = False
                    if counting:
                        continue
                    return
                self._since_progress += INDEX_BATCH
                if self._since_progress >= PROGRESS_EVERY:
                    self._report(final=False)
        except (EngineError, StoreError) as exc:
            # Recall goes on by words for what is not indexed; said once, not on every message. The next
            # change to the diary tries again: the meaning model's process starts anew after a crash (up to
            # its MAX_STARTS; then it refuses at once), a full disk may have room again — one failure must
            # not leave every later entry unindexed until the app restarts.
            if not self._failed:
                log.error("the semantic index stopped: %s", type(exc).__name__)
                self._emit(IndexProgress(0, 0, self.memory.embedder_id, failed=str(exc)))
            self._failed = True

    def _counted_batch(self) -> bool:
        """Count a batch of entries ahead of recall; True if more may remain. A failure (the model closed
        while being replaced, a busy store) ends the counting of this run, never the index, and the next
        run tries again: recall counts what it needs itself meanwhile."""
        if self._count_ahead is None:
            return False
        try:
            return self._count_ahead()
        except (EngineError, StoreError) as exc:
            if not self._count_failed:  # said once, not on every message
                log.warning("counting ahead of recall failed: %s", type(exc).__name__)
                self._count_failed = True
            return False

    def _report(self, *, final: bool, recovered: bool = False) -> None:
        """``recovered``: the index works again after a failure: said even if nothing new was indexed."""
        if final and self._since_progress == 0 and not recovered:
            return  # nothing new since the last report
        self._since_progress = 0
        counts = self.memory.counts()
        self._emit(IndexProgress(counts.indexed, counts.total, self.memory.embedder_id))

    def wait_indexed(self, timeout: float | None = None) -> bool:
        """Block until the worker has nothing queued (tests, ``hearth index``)."""
        return self._activity.wait_idle(timeout)

    def close(self) -> None:
        self._closed.set()
        self._worker.close()
