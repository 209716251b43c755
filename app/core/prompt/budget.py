"""The prompt budget: every prompt assembled inside the model's context with exact token counts.

Layout, stable to volatile, so llama.cpp reuses the KV cache of the shared prefix turn after turn::

    [system: instructions + facts snapshot + reflections + rolling summary + date]   # changes at a fold
    [tail: the conversation since the summary's boundary, each message with its note]  # only grows
    [user: (facts noted since the snapshot, recalled entries) + new message]           # new every turn

The prompt only grows: the context a turn was given (its *note*: facts noted since the snapshot, past entries
recalled for it) stays in front of that message on every later turn, rendered again from what the store
kept of it (``app.store.turn_notes``), so the cache holds every earlier turn exactly and a turn evaluates its
own note and message only. A note holds only what the prompt does not hold yet: an entry recalled or a fact
noted in an earlier note of the tail is not repeated (a question still gets new entries for all its room).
The date line sits at the end of the system message and changes once a day. The tail starts at a fixed
point (the fold boundary), never "the last N that fit", or its first message would shift every turn; a fold
compresses the notes away with the messages they came with.

Shares (of the context budget C = n_ctx - reply reserve - instructions): facts at most 14 lines and 15 %,
reflections at most 4 and 6 %, the summary 20 %. New recall gets at most ``note_recall_fraction`` (3 %) of
C on ordinary entries (a small share keeps turns cheap; earlier notes stay in view, and the tail keeps
``recall_fraction``, 6 %, free for them) and everything left when the person asks about the past (a
question), where recall is the point. The tail's share is what the stable part,
the recall share and a typical new message leave; when the tail outgrows it a fold is due, and the tail
may still use the room kept for a long message until the fold lands — only past that are its oldest turns
left out (``dropped_messages``, ``summarizing``).

Counts are exact: each segment's tokens are the difference between the real chat-template counts of the
prompt built up to and including it, so the segments add up to ``count_chat_tokens`` of the final prompt.
A new message longer than half of C is shortened *for the prompt only* (head and end kept, a marker in
between); the diary stores it whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from app.core.errors import MessageRejected
from app.core.events import BudgetReport, Segment
from app.core.prompt.parts import (
    AssembledPrompt,
    BudgetShares,
    FactLine,
    PromptInputs,
    StableContext,
    TailMessage,
    chat_message,
    render_note,
    system_parts,
    today_line,
    wants_deep_recall,
)
from app.core.prompt.templates import render_prompt
from app.core.recall.finder import RecalledEntry
from app.llm.types import ChatMessage, LanguageModel

# Where the middle of an entry too long for the prompt was left out. No words: a diary in Russian got an
# English sentence in its prompt, and the model quoted it back (QA).
TRUNCATION_MARK = "\n[…]\n"
# Tokens a background request keeps free below the model's context: what a chat template renders
# differently at the edge of the room (a summary's chunk, a fact extraction's entry).
REQUEST_MARGIN = 16
# What a message is counted after (``message_tokens``): a system message, and a user turn before a reply.
_ANCHOR: tuple[ChatMessage, ...] = ({"role": "system", "content": "."},)
_ANCHOR_USER: tuple[ChatMessage, ...] = (*_ANCHOR, {"role": "user", "content": "."})


class _Counter:
    """Exact chat counts, memoised: the stable prefix is counted once per snapshot, not every turn."""

    def __init__(self, model: LanguageModel) -> None:
        self.model = model
        self._memo: dict[tuple[Any, ...], int] = {}

    def chat(self, messages: Sequence[ChatMessage], generation: bool) -> int:
        key = (generation, *((m["role"], m["content"]) for m in messages))
        n = self._memo.get(key)
        if n is None:
            if len(self._memo) > 256:
                self._memo.clear()
            n = self._memo[key] = self.model.count_chat_tokens(messages, add_generation_prompt=generation)
        return n

    def text(self, text: str) -> int:
        return self.model.count_tokens(text)


@dataclass
class _Fit:
    """The pieces of one prompt while ``assemble`` fits them (its working state)."""

    new_text: str
    truncated: bool
    note_facts: list[FactLine]
    tail: list[TailMessage] = field(default_factory=list)
    recalled: list[RecalledEntry] = field(default_factory=list)  # new in this note (rendered)
    found: list[RecalledEntry] = field(default_factory=list)  # all recall gave (some already in the tail)


class PromptAssembler:
    """Builds one prompt within ``n_ctx - reply_reserve`` (or within an explicit context budget)."""

    def __init__(self, model: LanguageModel, *, reply_reserve: int = 512, shares: BudgetShares | None = None):
        self.model = model
        self.reply_reserve = reply_reserve
        self.shares = shares or BudgetShares()
        self._count = _Counter(model)
        self._message_counts: dict[tuple[str, str], int] = {}

    def set_model(self, model: LanguageModel) -> None:
        self.model = model
        self._count = _Counter(model)
        self._message_counts.clear()

    # -- sizes -----------------------------------------------------------------------------------
    def message_tokens(self, role: str, text: str) -> int:
        """A message's cost inside the chat (content + the template's wrapping), memoised by text.

        Counted after a system message, as in every prompt: alone, many templates (SmolLM2's, Qwen2.5's)
        put in a default system message of their own, and every message of the tail would cost ~20 tokens
        more than it does — a fold would come at ~60 % of the tail's real share.
        """
        key = (role, text)
        n = self._message_counts.get(key)
        if n is None:
            if len(self._message_counts) > 20_000:
                self._message_counts.clear()
            before = _ANCHOR_USER if role == "assistant" else _ANCHOR  # roles alternate in some templates
            message: ChatMessage = {"role": role, "content": text}  # type: ignore[typeddict-item]
            n = self._count.chat([*before, message], False) - self._count.chat(before, False)
            self._message_counts[key] = n
        return n

    def knows(self, role: str, text: str) -> bool:
        return (role, text) in self._message_counts

    def prime(self, role: str, text: str, tokens: int) -> None:
        """A cost counted before (stored with the message under this tokenizer)."""
        self._message_counts[(role, text)] = tokens

    def system_message(self, stable: StableContext) -> ChatMessage:
        return {"role": "system", "content": "\n\n".join(text for _, text in system_parts(stable))}

    def fit_stable(self, stable: StableContext, context_budget: int | None = None) -> StableContext:
        """The snapshot trimmed to its shares: last facts dropped first, the summary cut at a word."""
        budget = self.context_budget(stable.instructions, context_budget)
        facts = list(stable.facts[: self.shares.facts_max_items])
        while facts and self._part_tokens(stable, facts=facts) > budget * self.shares.facts_fraction:
            facts.pop()
        reflections = list(stable.reflections[: self.shares.reflections_max_items])
        while reflections and (
            self._part_tokens(stable, reflections=reflections) > budget * self.shares.reflections_fraction
        ):
            reflections.pop()
        summary = stable.summary.strip()
        words = summary.split()
        while (
            words
            and self._part_tokens(stable, summary=" ".join(words)) > budget * self.shares.summary_fraction
        ):
            words = words[: max(0, int(len(words) * 0.9) - 1)]
        summary = " ".join(words) if len(words) != len(summary.split()) else summary
        return StableContext(stable.instructions, tuple(facts), tuple(reflections), summary)

    def _part_tokens(self, stable: StableContext, **override: Any) -> int:
        """Tokens one part (facts, reflections or summary) adds to the bare instructions."""
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in override.items()}
        part = replace(StableContext(stable.instructions), **values)
        bare = self.instructions_tokens(stable.instructions)
        return self._count.chat([self.system_message(part)], False) - bare

    def limit(self, instructions: str, context_budget: int | None = None) -> int:
        """The most prompt tokens allowed: n_ctx - reserve, or instructions + an explicit context budget."""
        if context_budget is not None:
            return self.instructions_tokens(instructions) + context_budget
        return self.model.n_ctx - self.reply_reserve

    def instructions_tokens(self, instructions: str) -> int:
        return self._count.chat([{"role": "system", "content": instructions}], False)

    def context_budget(self, instructions: str, context_budget: int | None = None) -> int:
        """Tokens for everything but the instructions and the reply reserve (3,284 of 4,096 by default)."""
        return self.limit(instructions, context_budget) - self.instructions_tokens(instructions)

    def tail_share(self, stable: StableContext, context_budget: int | None = None) -> int:
        """Tail tokens past which a fold is due; fixed for one snapshot, so it never flickers."""
        budget = self.context_budget(stable.instructions, context_budget)
        undated = replace(stable, today="")
        memory = self._count.chat([self.system_message(undated)], False) - self.instructions_tokens(
            stable.instructions
        )
        recall = int(budget * self.shares.recall_fraction)
        allowance = int(budget * self.shares.message_allowance_fraction)
        return max(0, budget - memory - recall - allowance)

    def tail_needs_fold(self, stable: StableContext, tail: Sequence[TailMessage]) -> bool:
        return self.tail_needs_fold_with(tail, self.tail_share(stable))

    # -- assembly --------------------------------------------------------------------------------
    def assemble(self, inputs: PromptInputs, *, context_budget: int | None = None) -> AssembledPrompt:
        """The prompt for ``inputs`` within the context, with exact counts (see the module doc)."""
        if inputs.today is not None and not inputs.stable.today:
            inputs = replace(inputs, stable=replace(inputs.stable, today=today_line(inputs.today)))
        stable = inputs.stable
        limit = self.limit(stable.instructions, context_budget)
        budget = self.context_budget(stable.instructions, context_budget)
        system = self.system_message(stable)
        frame = self._frame_tokens(system, limit)
        fit, fixed = self._fit_message_and_note(inputs, frame, limit, budget)
        recall_cap = int(budget * self.shares.recall_fraction) if inputs.recall else 0
        fit.tail, tail_cost = self._pick_tail(inputs.tail, max(0, limit - fixed - recall_cap))
        note_cap = int(budget * self.shares.note_recall_fraction) if inputs.recall else 0
        self._recall(inputs, fit, limit - fixed - tail_cost, note_cap)
        total, segments, messages = self._shrink_to_fit(inputs, system, fit, limit)
        share = self.tail_share(stable, context_budget)
        needs_fold = self.tail_needs_fold_with(inputs.tail, share)
        return AssembledPrompt(
            messages=messages,
            report=self._report(inputs, fit, segments, total, needs_fold),
            tail_ids=tuple(m.id for m in fit.tail),
            recalled=tuple(fit.found),
            note_recalled=tuple(fit.recalled),
            note_facts=tuple(fit.note_facts),
            tail_share=share,
            needs_fold=needs_fold,
            new_message_truncated=fit.truncated,
            total_tokens=total,
            limit=limit,
            system_text=system["content"],
        )

    def _frame_tokens(self, system: ChatMessage, limit: int) -> int:
        """The system message and the generation prompt; ``MessageRejected`` if not even a message fits."""
        frame = self._count.chat([system], True)
        if frame + self.message_tokens("user", "") >= limit:
            raise MessageRejected(
                f"The model's context ({self.model.n_ctx} tokens) has no room for a message after the "
                f"{self.reply_reserve}-token reply reserve and the instructions.",
                "Choose a larger context size in the model settings, or a shorter reply length.",
            )
        return frame

    def _fit_message_and_note(
        self, inputs: PromptInputs, frame: int, limit: int, budget: int
    ) -> tuple[_Fit, int]:
        """The new message (cut to its share) and the note of new facts; their cost with the frame."""
        new_text, truncated = self._fit_new_text(
            inputs.new_text, int(budget * self.shares.new_message_max_fraction)
        )
        noted = {(f.id, f.text) for m in inputs.tail for f in m.note_facts}
        fresh = [f for f in inputs.new_facts if (f.id, f.text) not in noted]
        fit = _Fit(new_text, truncated, fresh[: self.shares.new_facts_max_items])
        fixed = frame + self.message_tokens("user", render_note(fit.note_facts, ()) + new_text)
        if fixed > limit:  # an enormous note (facts): drop them before touching the message
            fit.note_facts = []
            fixed = frame + self.message_tokens("user", new_text)
        return fit, fixed

    def _recall(self, inputs: PromptInputs, fit: _Fit, room: int, cap: int) -> None:
        """Recalled entries in the room left; a plain entry gets at most ``cap``, a question all of it.

        Entries already in a note of the tail are not repeated. A plain entry's recall is not refilled in
        their place (its turn stays cheap: often nothing new is said); a question's is (recall is its point).
        """
        if inputs.recall is None:
            return
        deep = wants_deep_recall(inputs.new_text) if inputs.deep_recall is None else inputs.deep_recall
        room -= self._recall_overhead()
        room = room if deep else min(room, cap)
        if room <= 0:
            return
        noted = {e.message_id for m in fit.tail for e in m.note_recalled}
        exclude = {m.id for m in fit.tail} | (noted if deep else set())
        fit.found = list(inputs.recall(inputs.new_text, room, exclude))
        fit.recalled = [e for e in fit.found if e.message_id not in noted]

    def _shrink_to_fit(
        self, inputs: PromptInputs, system: ChatMessage, fit: _Fit, limit: int
    ) -> tuple[int, list[Segment], list[ChatMessage]]:
        """Measure exactly; while over the limit drop recall, then the oldest tail, the note, then cut."""
        for _attempt in range(64):
            measured = self._measure(inputs, system, fit.tail, fit.recalled, fit.note_facts, fit.new_text)
            total = measured[0]
            if total <= limit:
                return measured
            if fit.recalled:
                dropped = fit.recalled.pop()
                fit.found = [e for e in fit.found if e.message_id != dropped.message_id]
            elif fit.tail:
                fit.tail = fit.tail[1:]
            elif fit.note_facts:
                fit.note_facts = []
            else:
                excess = total - limit + 8
                fit.new_text, fit.truncated = self._fit_new_text(
                    fit.new_text, self._count.text(fit.new_text) - excess
                )
        raise MessageRejected(  # pragma: no cover - the frame check makes this unreachable
            "The message does not fit the model's context.", MessageRejected.hint
        )

    def _report(
        self, inputs: PromptInputs, fit: _Fit, segments: list[Segment], total: int, needs_fold: bool
    ) -> BudgetReport:
        free = max(0, self.model.n_ctx - total - self.reply_reserve)
        return BudgetReport(
            segments=(*segments, Segment("reply_reserve", self.reply_reserve), Segment("free", free)),
            n_ctx=self.model.n_ctx,
            free=free,
            summarizing=needs_fold or len(fit.tail) < len(inputs.tail),
            fact_ids_in_prompt=tuple(
                dict.fromkeys(
                    f.id for f in (*inputs.stable.facts, *_tail_facts(fit.tail), *fit.note_facts)
                )
            ),
            dropped_messages=len(inputs.tail) - len(fit.tail),
            estimated=not self.model.counts_exact,
        )

    def tail_needs_fold_with(self, tail: Sequence[TailMessage], share: int) -> bool:
        used = 0
        for message in tail:
            used += self.message_tokens(message.role, message.content)
            if used > share:
                return True
        return False

    def _recall_overhead(self) -> int:
        """The recall block's own header and separators, paid once when anything is recalled."""
        return self._count.text(render_prompt("turn_recalled", entries="")) + 4

    def _pick_tail(self, tail: Sequence[TailMessage], room: int) -> tuple[list[TailMessage], int]:
        """Newest first, whole messages, stopping at the first that does not fit (no gaps)."""
        chosen: list[TailMessage] = []
        used = 0
        for message in reversed(tail):
            cost = self.message_tokens(message.role, message.content)
            if used + cost > room:
                break
            chosen.append(message)
            used += cost
        chosen.reverse()
        return chosen, used

    def _measure(
        self,
        inputs: PromptInputs,
        system: ChatMessage,
        tail: Sequence[TailMessage],
        recalled: Sequence[RecalledEntry],
        note_facts: Sequence[FactLine],
        new_text: str,
    ) -> tuple[int, list[Segment], list[ChatMessage]]:
        """Exact tokens per segment by telescoping real counts of the prompt built step by step."""
        segments: list[Segment] = []
        running = 0
        parts = system_parts(inputs.stable)
        for index, (name, _) in enumerate(parts):
            partial: ChatMessage = {
                "role": "system",
                "content": "\n\n".join(t for _, t in parts[: index + 1]),
            }
            count = self._count.chat([partial], False)
            items = {"facts": len(inputs.stable.facts), "reflections": len(inputs.stable.reflections)}.get(
                name, 0
            )
            segments.append(Segment(name, count - running, items))
            running = count
        history_steps = [
            ("history", [chat_message(m.role, m.text) for m in tail], len(tail)),
            (
                "facts",
                [chat_message(m.role, render_note(m.note_facts, ()) + m.text) for m in tail],
                len(_tail_facts(tail)),
            ),
            (
                "recalled",
                [chat_message(m.role, m.content) for m in tail],
                sum(len(m.note_recalled) for m in tail),
            ),
        ]
        history: list[ChatMessage] = []
        for name, step_messages, items in history_steps:
            history = step_messages
            count = self._count.chat([system, *history], False)
            segments.append(Segment(name, count - running, items))
            running = count
        steps = [
            ("new_message", new_text, 1),
            ("facts", render_note(note_facts, ()) + new_text, len(note_facts)),
            ("recalled", render_note(note_facts, recalled) + new_text, len(recalled)),
        ]
        last: ChatMessage = {"role": "user", "content": new_text}
        for name, content, items in steps:
            last = {"role": "user", "content": content}
            count = self._count.chat([system, *history, last], True)
            segments.append(Segment(name, count - running, items))
            running = count
        return running, _merge(segments), [system, *history, last]

    def _fit_new_text(self, text: str, max_tokens: int) -> tuple[str, bool]:
        """The message itself when it fits, else its head and end around a marker, within ``max_tokens``."""
        if self._count.text(text) <= max_tokens:
            return text, False
        max_tokens = max(0, max_tokens - self._count.text(TRUNCATION_MARK))
        # the longest head+end (equal halves in characters) that fits
        half = longest_fitting(
            len(text) // 2, lambda n: self._count.text(text[:n] + text[len(text) - n :]) <= max_tokens
        )
        return text[:half] + TRUNCATION_MARK + text[len(text) - half :], True


def longest_fitting(limit: int, fits: Callable[[int], bool]) -> int:
    """The largest ``n`` in ``0..limit`` with ``fits(n)``, 0 if none: ``fits`` holds up to some ``n`` and
    never after (a text cut to ``n`` characters, counted in tokens). A binary search: a few counts however
    long the text, where cutting a word at a time would count it hundreds of times."""
    low, high = 0, limit
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


def shortened_to_fit(text: str, fits: Callable[[str], bool]) -> str:
    """The longest beginning of ``text`` that, marked as cut (" …"), ``fits``: a single entry too long for any
    background request (a summary's line, a fact extraction) is read from its beginning."""
    return text[: longest_fitting(len(text), lambda n: fits(text[:n] + " …"))] + " …"


def _tail_facts(tail: Sequence[TailMessage]) -> list[FactLine]:
    return [f for m in tail for f in m.note_facts]


def _merge(segments: Sequence[Segment]) -> list[Segment]:
    """One segment per name in SEGMENT_NAMES order, tokens and items summed (the date joins instructions)."""
    from app.core.events import SEGMENT_NAMES

    merged: dict[str, Segment] = {}
    for seg in segments:
        old = merged.get(seg.name)
        merged[seg.name] = (
            seg if old is None else Segment(seg.name, old.tokens + seg.tokens, old.items + seg.items)
        )
    return [
        merged.get(name, Segment(name, 0)) for name in SEGMENT_NAMES if name not in ("reply_reserve", "free")
    ]
