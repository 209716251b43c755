"""What the prompt is made of for one conversation, gathered from the diary — with a stable snapshot.

The system message (instructions, facts, reflections, rolling summary) must stay byte-identical from turn to
turn, or llama.cpp re-evaluates the whole prompt every time. So it is a *snapshot*, taken when the
conversation is opened and retaken only when the prefix breaks anyway (a fold landed: the summary changed)
or when it must: the person changed, pinned or deleted a fact in it, a fact in it was retired or deleted
elsewhere, reflections or the persona changed. Facts learned automatically since the snapshot (new ones,
and new wordings of facts in it) are noted once, before the next message, and stay there (with the tail's
other notes, see ``app.core.prompt.budget``) until the next snapshot.

Settings are read live from the ``SettingsStore`` at every assembly (persona, reply length, recall,
reflections); ``apply_settings`` is told of a change so the reply reserve follows and the snapshot is
retaken at once.

This is also the entry point for benchmarks: ``ConversationContext(diary, model, settings).assemble(
conversation_id, text, context_budget=3284)`` assembles exactly what the companion would send.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date

from app.config import Settings, SettingsStore
from app.core.memory.facts import PROMPT_FACTS, prompt_order
from app.core.ports import DiaryPort
from app.core.prompt.budget import (
    AssembledPrompt,
    FactLine,
    PromptAssembler,
    PromptInputs,
    StableContext,
    TailMessage,
)
from app.core.prompt.templates import instructions_text
from app.core.recall.finder import Recall, RecalledEntry
from app.core.recall.semantic import SemanticMemory
from app.core.text import REPLY_PLACEHOLDER
from app.llm.types import LanguageModel
from app.store import Fact, Message, TurnNote

log = logging.getLogger(__name__)

# Stored counts of a message wrapped by the chat template, after a system message ("+chat-message": the
# older counts of a message alone, which included some templates' default system message; not used).
CHAT_COUNT_SUFFIX = "+in-chat"


@dataclass
class Snapshot:
    stable: StableContext
    boundary: int  # the rolling summary's through_message_id (0: none)
    fact_texts: dict[int, str]
    reflections: tuple[str, ...]
    summary_text: str = ""  # as stored (the stable part may hold it trimmed to its share)
    auto_updated: set[int] = field(default_factory=set)  # snapshot facts reworded by automatic memory


class ConversationContext:
    """Gathers snapshot, tail, new facts and recall for the assembler; thread-safe."""

    def __init__(
        self,
        diary: DiaryPort,
        model: LanguageModel,
        settings: SettingsStore | Settings,
        semantic: SemanticMemory | None = None,
    ) -> None:
        self.diary = diary
        self._settings = SettingsStore.of(settings)
        self.assembler = PromptAssembler(model, reply_reserve=self.settings.reply_reserve)
        self.recall = Recall(diary, model, semantic)
        self._snapshots: dict[int, Snapshot] = {}
        # Conversations whose recorded snapshot must not be used (memory or settings changed since);
        # None: all of them, for the rest of this run.
        self._retake: set[int] | None = set()
        # Held while a snapshot is taken or used, which may read the diary and count tokens — and a count
        # may wait out a reply on a model server (``app.llm.server_gate``). Changes asked for
        # meanwhile (the window's thread changing a setting, memory invalidating) do not wait for it: they
        # are queued and applied by the next ``snapshot`` before it looks at anything.
        self._lock = threading.RLock()
        self._pending: deque[Callable[[], None]] = deque()

    @property
    def settings(self) -> Settings:
        return self._settings.current

    def apply_settings(self, settings: Settings) -> None:
        """The settings changed: the reply reserve follows, and every snapshot is retaken. Never waits
        (called on the window's thread)."""
        self.assembler.reply_reserve = settings.reply_reserve
        self._pending.append(self._forget_all)

    @property
    def model(self) -> LanguageModel:
        return self.assembler.model

    def set_model(self, model: LanguageModel) -> None:
        with self._lock:
            self.assembler.set_model(model)
            self.recall.set_model(model)
            self._forget_all()

    # -- the snapshot ----------------------------------------------------------------------------
    def invalidate(self, conversation_id: int | None = None) -> None:
        """Retake the snapshot on the next assembly (the person changed their memory). Never waits."""
        if conversation_id is None:
            self._pending.append(self._forget_all)
        else:
            self._pending.append(lambda: self._forget(conversation_id))

    def note_automatic_update(self, fact_id: int) -> None:
        """A fact was reworded by automatic memory: keep the snapshot, show the new wording after the tail.
        Never waits."""
        self._pending.append(lambda: self._reworded(fact_id))

    def _apply_pending(self) -> None:
        """Apply the changes queued since the last snapshot, in order (under ``_lock``)."""
        while self._pending:
            self._pending.popleft()()

    def _forget_all(self) -> None:
        self._snapshots.clear()
        self._retake = None

    def _forget(self, conversation_id: int) -> None:
        self._snapshots.pop(conversation_id, None)
        if self._retake is not None:
            self._retake.add(conversation_id)

    def _reworded(self, fact_id: int) -> None:
        for snapshot in self._snapshots.values():
            if fact_id in snapshot.fact_texts:
                snapshot.auto_updated.add(fact_id)

    def snapshot(self, conversation_id: int) -> Snapshot:
        """The conversation's snapshot: the one in use, else the one recorded (a restart must render the
        same system message, or the kept cache is worth nothing), else a new one (recorded)."""
        with self._lock:
            self._apply_pending()
            facts = {f.id: f for f in self.diary.list_facts()}
            current = self._snapshots.get(conversation_id)
            if current is None and self._retake is not None and conversation_id not in self._retake:
                current = self._recorded(conversation_id, facts)
            if current is None or not self._still_valid(conversation_id, current, facts):
                current = self._take(conversation_id, facts)
                self._record(conversation_id, current)
            self._snapshots[conversation_id] = current
            return current

    def _recorded(self, conversation_id: int, facts: dict[int, Fact]) -> Snapshot | None:
        """The snapshot recorded for the conversation, with the wordings it had; None if there is none or
        the person changed one of its facts since (then it is retaken)."""
        recorded = self.diary.prompt_snapshot(conversation_id)
        if recorded is None or any(f.edited_by_person for f in recorded):
            return None
        snapshot = self._take(conversation_id, {}, [FactLine(f.fact_id, f.text) for f in recorded])
        snapshot.auto_updated = {
            f.fact_id for f in recorded if f.fact_id in facts and facts[f.fact_id].text != f.text
        }
        return snapshot

    def _record(self, conversation_id: int, snapshot: Snapshot) -> None:
        try:
            self.diary.save_prompt_snapshot(conversation_id, list(snapshot.fact_texts.items()))
        except Exception as exc:  # noqa: BLE001 - only a restart's cache suffers
            log.error("could not record the prompt's snapshot: %s", type(exc).__name__)

    def _boundary(self, conversation_id: int) -> tuple[str, int]:
        summary = self.diary.get_summary("rolling", str(conversation_id))
        return ("", 0) if summary is None else (summary.text, summary.through_message_id or 0)

    def _instructions(self) -> str:
        return instructions_text(self.settings.persona, self.settings.reply_length)

    def _reflection_texts(self) -> tuple[str, ...]:
        if not self.settings.reflections_enabled:
            return ()
        return tuple(r.text for r in self.diary.current_reflections())

    def _still_valid(self, conversation_id: int, snap: Snapshot, facts: dict[int, Fact]) -> bool:
        summary, boundary = self._boundary(conversation_id)
        if boundary != snap.boundary or summary != snap.summary_text:
            return False
        if self._instructions() != snap.stable.instructions or self._reflection_texts() != snap.reflections:
            return False
        for fact_id, text in snap.fact_texts.items():
            fact = facts.get(fact_id)
            if fact is None or fact.retired:
                return False
            if fact.text != text and fact_id not in snap.auto_updated:
                return False
        return True

    def _take(
        self, conversation_id: int, facts: dict[int, Fact], chosen: list[FactLine] | None = None
    ) -> Snapshot:
        summary, boundary = self._boundary(conversation_id)
        if chosen is None:
            chosen = [FactLine(f.id, f.text) for f in prompt_order(list(facts.values()))[:PROMPT_FACTS]]
        reflections = self._reflection_texts()
        stable = StableContext(
            instructions=self._instructions(),
            facts=tuple(chosen),
            reflections=reflections,
            summary=summary,
        )
        stable = self.assembler.fit_stable(stable)
        return Snapshot(stable, boundary, {f.id: f.text for f in stable.facts}, reflections, summary)

    def new_facts(self, snap: Snapshot) -> list[FactLine]:
        """Facts learned (or reworded automatically) since the snapshot, most important first."""
        facts = prompt_order(self.diary.list_facts())
        fresh = [f for f in facts if f.id not in snap.fact_texts or f.id in snap.auto_updated]
        return [FactLine(f.id, f.text) for f in fresh]

    # -- the tail --------------------------------------------------------------------------------
    def tail(self, conversation_id: int, boundary: int, before_id: int | None = None) -> list[TailMessage]:
        """Every message since the fold boundary (oldest first), with exact costs primed from the store."""
        rows = self.diary.messages(conversation_id, after_id=boundary or None, before_id=before_id)
        kept = [m for m in rows if m.text.strip() and not _unfinished(m)]
        notes = self.diary.turn_notes(m.id for m in kept if m.role == "user")
        tail = [_with_note(TailMessage(m.id, m.role, m.text), notes.get(m.id)) for m in kept]
        self._prime_counts(tail)
        return tail

    def _prime_counts(self, tail: list[TailMessage]) -> None:
        """Counts of plain messages come from the store; a message with a note is counted with it."""
        key = self.model.tokenizer_id + CHAT_COUNT_SUFFIX
        unknown = [m for m in tail if not self.assembler.knows(m.role, m.content)]
        for message in [m for m in unknown if m.note_facts or m.note_recalled]:
            self.assembler.message_tokens(message.role, message.content)
        unknown = [m for m in unknown if not (m.note_facts or m.note_recalled)]
        if not unknown:
            return
        stored = self.diary.token_counts([m.id for m in unknown], key)
        counted: list[tuple[int, str, int]] = []
        for message in unknown:
            n = stored.get(message.id)
            if n is not None:
                self.assembler.prime(message.role, message.text, n)
            else:
                n = self.assembler.message_tokens(message.role, message.text)
                counted.append((message.id, message.text, n))
        with contextlib.suppress(Exception):  # a deleted message, a busy store: it is only a cache
            self.diary.set_token_counts(counted, key)  # one commit, not one per message

    # -- assembly ----------------------------------------------------------------------------------
    def assemble(
        self,
        conversation_id: int,
        text: str,
        *,
        before_id: int | None = None,
        today: date | None = None,
        context_budget: int | None = None,
        deep_recall: bool | None = None,
    ) -> AssembledPrompt:
        """The prompt for ``text`` as the next message (``before_id``: the tail ends before that message)."""
        snap = self.snapshot(conversation_id)
        tail = self.tail(conversation_id, snap.boundary, before_id)
        recall_fn = None
        if self.settings.recall_enabled:

            def recall_fn(query: str, budget: int, exclude: set[int]) -> list[RecalledEntry]:
                return list(
                    self.recall.find(
                        query,
                        budget,
                        conversation_id=conversation_id,
                        exclude_message_ids=exclude,
                        today=today or date.today(),
                    )
                )

        inputs = PromptInputs(
            stable=snap.stable,
            tail=tail,
            new_text=text,
            today=today,
            new_facts=self.new_facts(snap),
            recall=recall_fn,
            deep_recall=deep_recall,
        )
        return self.assembler.assemble(inputs, context_budget=context_budget)


def _with_note(message: TailMessage, note: TurnNote | None) -> TailMessage:
    """The message with the note its turn was given, rendered from what the store kept of it."""
    if note is None:
        return message
    recalled = tuple(
        RecalledEntry(e.message_id, e.conversation_id, e.day, e.role, e.text, 0, 0.0) for e in note.recalled
    )
    facts = tuple(FactLine(fact_id, text) for fact_id, text in note.facts)
    return replace(message, note_facts=facts, note_recalled=recalled)


def _unfinished(message: Message) -> bool:
    """A reply with no words yet: one being written now, or one a crash left behind."""
    unfinished = message.status == "interrupted" and message.text == REPLY_PLACEHOLDER
    return unfinished and message.role == "assistant"
