"""Memory about you (L3) as the person and the companion change it: edits, automatic facts, undo.

Every write ends the same way: the changed fact is announced (``FactSaved``, or ``FactRemoved``) so a view
updates one row in place, and ``changed`` tells the controller that the next prompt is different (the
snapshot is retaken, a new budget report goes out, the cache is warmed for the new prefix). An automatic
fact learned from a message keeps the snapshot — it rides in the volatile part after the tail until the
next snapshot (see ``app.core.prompt.context``) — so the chat's cached prefix survives it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Unpack

from app.core.events import Event, FactAdded, FactRemoved, FactSaved, FactUpdated
from app.core.memory.facts import (
    MIN_MESSAGE_CHARS,
    FactCandidate,
    FactMemory,
    extraction_request,
    parse_candidate,
    rejection_reason,
)
from app.core.memory.summary import Generate
from app.core.prompt.budget import REQUEST_MARGIN, shortened_to_fit
from app.core.session import CompanionSession
from app.llm.types import GenerationRequest
from app.store import Fact, FactChanges, Message


def fact_saved(fact: Fact) -> FactSaved:
    """The event that shows ``fact`` as it now is."""
    return FactSaved(
        fact_id=fact.id,
        text=fact.text,
        kind=fact.kind,
        importance=fact.importance,
        pinned=fact.pinned,
        source=fact.source,
        retired=fact.retired,
        provenance_message_id=fact.provenance_message_id,
        updated_at=fact.updated_at,
    )


class MemoryService:
    """Facts: list, add, edit, pin, delete, undo, and learning from the person's messages."""

    def __init__(self, session: CompanionSession, changed: Callable[[], None]) -> None:
        self._session = session
        self._diary = session.diary
        self._facts = FactMemory(session.diary)
        self._changed = changed

    def facts(self, include_retired: bool = False) -> list[Fact]:
        return list(self._diary.list_facts(include_retired=include_retired))

    # -- the person's own changes --------------------------------------------------------------------
    def add(self, text: str, *, kind: str = "other", importance: int = 3, pinned: bool = False) -> Fact:
        fact = self._diary.add_fact(text, kind=kind, importance=importance, pinned=pinned, source="manual")
        self._announce([fact_saved(fact)])
        return fact

    def edit(self, fact_id: int, **changes: Unpack[FactChanges]) -> Fact:
        """The person's edit of the text makes the fact theirs (manual): automatic memory leaves it alone."""
        before = self._diary.get_fact(fact_id)
        text = changes.get("text")
        fact = self._diary.edit_fact(fact_id, source="manual" if text is not None else None, **changes)
        events: list[Event] = []
        if before is not None and text is not None:
            events.append(FactUpdated(fact_id, fact.text, before.text, ""))
        self._announce([*events, fact_saved(fact)])
        return fact

    def delete(self, fact_id: int) -> None:
        self._diary.delete_fact(fact_id)
        self._announce([FactRemoved(fact_id)])

    def undo(self, undo_token: str) -> None:
        """Reverse one automatic change (the notice's "Undo")."""
        self._announce(self._with_saved(self._facts.undo(undo_token)))

    def _announce(self, events: Sequence[Event]) -> None:
        for event in events:
            self._session.emit(event)
        self._session.context.invalidate()
        self._changed()

    # -- automatic memory ----------------------------------------------------------------------------
    def worth_learning_from(self, message: Message) -> bool:
        return len(message.text.strip()) > MIN_MESSAGE_CHARS

    def learn_from(self, message: Message, generate: Generate) -> list[Event]:
        """The background job: ask the model for one durable fact in ``message`` and keep it if sound.

        Returns the events (the job runner emits them when the job succeeds).
        """
        completion = generate(self._extraction_request(message.text))
        candidate = parse_candidate(completion.text)
        if candidate is None or rejection_reason(candidate, message.text) is not None:
            return []
        return self.remember(candidate, message.id)

    def _extraction_request(self, text: str) -> GenerationRequest:
        """The request for ``text``, or for its beginning when the whole entry does not fit the model's
        context (a long entry: the model refused it, and its facts were never learned). Exact counts through
        the model's own template, as a summary's over-long line (``shortened_to_fit``)."""
        model = self._session.model
        request = extraction_request(text)
        room = model.n_ctx - request.max_tokens - REQUEST_MARGIN
        if model.count_chat_tokens(request.messages) <= room:
            return request

        def fits(part: str) -> bool:
            return model.count_chat_tokens(extraction_request(part).messages) <= room

        return extraction_request(shortened_to_fit(text, fits))

    def remember(self, candidate: FactCandidate, message_id: int) -> list[Event]:
        """Reconcile and keep one candidate; the events say what changed, with every fact as it now is."""
        events = self._facts.remember(candidate, message_id)
        for event in events:
            if isinstance(event, FactUpdated):
                self._session.context.note_automatic_update(event.fact_id)
        return self._with_saved(events)

    def _with_saved(self, events: list[Event]) -> list[Event]:
        """``events`` plus a ``FactSaved`` for each fact they added or changed."""
        saved: list[Event] = []
        for event in events:
            if isinstance(event, FactAdded | FactUpdated):
                fact = self._diary.get_fact(event.fact_id)
                if fact is not None:
                    saved.append(fact_saved(fact))
        return [*events, *saved]
