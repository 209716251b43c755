"""Rolling summary (level L2): the oldest half of a conversation's tail folded into a short running text.

Folding happens in a background job, never in the reply's path: when the verbatim tail since the summary's
boundary outgrows its share of the prompt, its oldest messages (about half, at most down to half the share)
are summarized together with the previous summary, and the summary is stored with the id of the last message
it covers. The tail then starts right after that id. Until the fold lands the prompt still fits: the
assembler leaves the oldest verbatim turns out.

A deleted summary (the person deleted a message it covered; the store drops it) is rebuilt the same way
from the messages: with no summary the whole conversation is "tail", and the fold runs chunk by chunk until
the rest fits. ``Summarizer`` is the shared incremental map-fold used here and by the digests.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core.language import with_language_rule
from app.core.ports import DiaryPort
from app.core.prompt.budget import (
    REQUEST_MARGIN,
    PromptAssembler,
    StableContext,
    TailMessage,
    shortened_to_fit,
)
from app.core.prompt.templates import background_request, render_prompt
from app.llm.types import Completion, GenerationRequest, LanguageModel

SUMMARY_MAX_WORDS = 250
ROLE_NAMES = {"user": "Person", "assistant": "Companion", "system": "Note"}


class JobCancelled(Exception):
    """The background job was cancelled (the app is closing or the model is being swapped)."""


def trim_words(text: str, max_words: int) -> str:
    """At most ``max_words`` words, cut back to the last full sentence when one ends in the last third."""
    words = text.split()
    if len(words) <= max_words:
        return " ".join(words)
    cut = " ".join(words[:max_words])
    end = max(cut.rfind(". "), cut.rfind("! "), cut.rfind("? "), cut.rfind("."))
    return cut[: end + 1] if end > len(cut) * 2 // 3 else cut


def transcript_line(role: str, text: str) -> str:
    return f"{ROLE_NAMES.get(role, role)}: {text.strip()}"


Generate = Callable[[GenerationRequest], Completion]


@dataclass
class Summarizer:
    """Incremental summarization that always fits the model: messages go in chunks, each a request of its own.

    ``generate`` runs one request to completion (the job runner's, which honours cancellation).
    """

    model: LanguageModel
    generate: Generate
    max_words: int = SUMMARY_MAX_WORDS

    @property
    def reply_tokens(self) -> int:
        return max(64, min(640, self.model.n_ctx // 6))

    def fold(
        self, previous: str, lines: Sequence[str], system_name: str, input_name: str, **values: str
    ) -> str:
        """Fold ``lines`` (transcript or digests) into ``previous``; returns the new text (<= max_words)."""
        system = with_language_rule(render_prompt(system_name, max_words=self.max_words), [previous, *lines])
        current = previous.strip()
        pending = list(lines)
        while pending:
            chunk, pending = self._chunk(system, current, pending, input_name, values)
            request = self._request(system, self._input(input_name, current, chunk, values))
            completion = self.generate(request)
            if completion.finish_reason == "cancelled":
                raise JobCancelled()
            text = trim_words(completion.text.strip(), self.max_words)
            current = text or current
        return current

    def _input(self, name: str, previous: str, chunk: Sequence[str], values: dict[str, str]) -> str:
        body = "\n".join(chunk)
        fields = {"previous": previous or "(none yet)", "messages": body, "digests": body, **values}
        return render_prompt(name, **fields)

    def _request(self, system: str, user: str) -> GenerationRequest:
        return background_request(
            system,
            user,
            label="summary" if "summar" in system.lower() else "digest",
            max_tokens=self.reply_tokens,
            temperature=0.3,
            seed=11,
        )

    def _chunk(
        self, system: str, previous: str, lines: list[str], input_name: str, values: dict[str, str]
    ) -> tuple[list[str], list[str]]:
        """As many lines as fit one request; a single line too long for any request is shortened."""
        room = self.model.n_ctx - self.reply_tokens - REQUEST_MARGIN
        chunk: list[str] = []
        for index, line in enumerate(lines):
            trial = [*chunk, line]
            request = self._request(system, self._input(input_name, previous, trial, values))
            if self.model.count_chat_tokens(request.messages) <= room:
                chunk = trial
                continue
            if chunk:
                return chunk, lines[index:]
            return [self._shorten(system, previous, line, input_name, values, room)], lines[index + 1 :]
        return chunk, []

    def _shorten(
        self, system: str, previous: str, line: str, input_name: str, values: dict[str, str], room: int
    ) -> str:
        def fits(shortened: str) -> bool:
            request = self._request(system, self._input(input_name, previous, [shortened], values))
            return self.model.count_chat_tokens(request.messages) <= room

        return shortened_to_fit(line, fits)


@dataclass(frozen=True)
class FoldPlan:
    folded: list[TailMessage]  # messages to fold, oldest first
    kept: list[TailMessage]  # messages left in the tail


def plan_fold(tail: Sequence[TailMessage], costs: Sequence[int], share: int) -> FoldPlan | None:
    """Which oldest messages to fold: about half of the tail, and enough that the rest is <= share / 2.

    The kept tail starts with a person's message (chat templates that insist on alternation start there).
    """
    total = sum(costs)
    if total <= share or not tail:
        return None
    target = min(total // 2, share // 2)
    cut, remaining = 0, total
    while cut < len(tail) and remaining > target:
        remaining -= costs[cut]
        cut += 1
    while cut < len(tail) and tail[cut].role != "user":
        cut += 1
    if cut == 0:
        return None
    return FoldPlan(list(tail[:cut]), list(tail[cut:]))


class RollingSummary:
    """Decides and performs the folds of one diary; the controller runs ``fold`` as a background job."""

    def __init__(
        self,
        diary: DiaryPort,
        assembler: PromptAssembler,
        tail: Callable[[int, int], Sequence[TailMessage]] | None = None,
    ) -> None:
        self.diary = diary
        self.assembler = assembler
        self._tail = tail or self._plain_tail  # (conversation, boundary) → the tail as the prompt holds it
        self._lock = threading.Lock()

    def _plain_tail(self, conversation_id: int, through: int) -> list[TailMessage]:
        rows = self.diary.messages(conversation_id, after_id=through or None)
        return [TailMessage(m.id, m.role, m.text) for m in rows if m.text.strip()]

    def boundary(self, conversation_id: int) -> tuple[str, int]:
        """(summary text, id of the last message it covers); ("", 0) when there is none."""
        summary = self.diary.get_summary("rolling", str(conversation_id))
        if summary is None:
            return "", 0
        return summary.text, summary.through_message_id or 0

    def fold(self, conversation_id: int, stable: StableContext, summarizer: Summarizer) -> int | None:
        """Fold if the tail outgrew its share; returns the new boundary id, or None if nothing was due."""
        with self._lock:
            previous, through = self.boundary(conversation_id)
            tail = list(self._tail(conversation_id, through))
            costs = [self.assembler.message_tokens(m.role, m.content) for m in tail]  # notes included
            share = self.assembler.tail_share(stable)
            plan = plan_fold(tail, costs, share)
            if plan is None:
                return None
            lines = [transcript_line(m.role, m.text) for m in plan.folded]
            text = summarizer.fold(previous, lines, "summarize", "summarize_input")
            if not text.strip():
                return None
            last_id = plan.folded[-1].id
            if self.diary.get_message(last_id) is None:  # deleted meanwhile: the summary may quote it
                return None
            self.diary.put_summary(
                "rolling", str(conversation_id), text, last_id, summarizer.model.model_name
            )
            return int(last_id)
