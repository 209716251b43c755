"""The next prompt: the controller owns the draft being typed and reports the budget it would get.

One-way flow (the gauge and the memory panel only draw what they receive): whenever something changes
what the next prompt holds — the draft, a reply, a fold, a fact, a setting, the model, the open
conversation — ``refresh`` recomputes it on a worker of its own and emits one ``BudgetReport``. Rapid
refreshes coalesce: a queued refresh reads the latest draft when it runs, so typing produces one report
per pause, never a backlog.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import replace

from app.core.background.worker import Worker
from app.core.events import BudgetReport
from app.core.session import CompanionSession

log = logging.getLogger(__name__)


class NextPrompt:
    """Holds the draft; ``report`` computes (blocking), ``refresh`` computes and emits (in the background)."""

    def __init__(self, session: CompanionSession, worker: Worker) -> None:
        self._session = session
        self._worker = worker
        self._draft = ""
        self._lock = threading.Lock()

    @property
    def draft(self) -> str:
        with self._lock:
            return self._draft

    def set_draft(self, text: str) -> None:
        with self._lock:
            self._draft = text
        self.refresh()

    def refresh(self) -> None:
        self._worker.submit(self._publish, key="budget")

    def report(self, draft: str = "") -> BudgetReport:
        """The next prompt's budget with ``draft`` as the new message (exact counts, recall included)."""
        session = self._session
        prompt = session.context.assemble(session.conversation_id, draft, today=session.today())
        draft_tokens = session.model.count_tokens(draft) if draft else 0
        return replace(prompt.report, draft_tokens=draft_tokens, draft_chars=len(draft))

    def _publish(self) -> None:
        try:
            report = self.report(self.draft)
        except Exception as exc:  # noqa: BLE001 - the gauge can wait for the next change
            log.error("could not compute the budget report: %s", type(exc).__name__)
            return
        self._session.emit(report)
