"""The parts a prompt is made of: the budget's inputs and outputs, and the text of the system message.

Split from ``app.core.prompt.budget`` so the data (what goes in, what comes out, how each part reads)
stands apart from the arithmetic that fits it into the context window. ``budget`` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

from app.core.events import BudgetReport
from app.core.prompt.templates import render_prompt
from app.core.recall.finder import RecalledEntry, render_recall
from app.core.text import asks_question
from app.llm.types import ChatMessage

# (the new message, the token budget, the ids already in the tail) → the entries recalled, best first
RecallFn = Callable[[str, int, set[int]], Sequence[RecalledEntry]]

@dataclass(frozen=True)
class BudgetShares:
    facts_max_items: int = 14
    reflections_max_items: int = 4
    new_facts_max_items: int = 3
    facts_fraction: float = 0.15
    reflections_fraction: float = 0.06
    summary_fraction: float = 0.20
    recall_fraction: float = 0.06
    # What a plain entry's note may add of new recall: half of the above, because the prompt only grows —
    # earlier notes stay in view until a fold, so ten turns show ~10x this, and each turn stays cheap.
    note_recall_fraction: float = 0.03
    message_allowance_fraction: float = 0.08  # room kept for the new message when sizing the tail's share
    new_message_max_fraction: float = 0.5


@dataclass(frozen=True)
class FactLine:
    id: int
    text: str


@dataclass(frozen=True)
class StableContext:
    """The system message's parts; byte-identical across the turns of one snapshot (``today``: of one day).

    The date line is last: when the day changes, instructions, facts, reflections and summary stay cached.
    """

    instructions: str
    facts: tuple[FactLine, ...] = ()
    reflections: tuple[str, ...] = ()
    summary: str = ""
    today: str = ""  # the rendered date line ("" when the prompt carries no date)


@dataclass(frozen=True)
class TailMessage:
    """A message of the tail, with the note the prompt put before it when it was the new message."""

    id: int
    role: str
    text: str
    note_facts: tuple[FactLine, ...] = ()
    note_recalled: tuple[RecalledEntry, ...] = ()

    @property
    def content(self) -> str:
        """What the prompt holds for this message: its note (if any), then its text, as on its own turn."""
        return render_note(self.note_facts, self.note_recalled) + self.text


@dataclass
class PromptInputs:
    stable: StableContext
    tail: Sequence[TailMessage]  # oldest first, everything since the fold boundary
    new_text: str
    today: date | None = None
    new_facts: Sequence[FactLine] = ()
    recall: RecallFn | None = None
    deep_recall: bool | None = None  # None: decided from the text (a question about the past)


@dataclass
class AssembledPrompt:
    messages: list[ChatMessage]
    report: BudgetReport
    tail_ids: tuple[int, ...]
    recalled: tuple[RecalledEntry, ...]  # all recall gave this message (some may be in the tail's notes)
    tail_share: int
    needs_fold: bool  # the tail since the boundary outgrew its share
    note_recalled: tuple[RecalledEntry, ...] = ()  # the new message's note: what it adds to the prompt
    note_facts: tuple[FactLine, ...] = ()
    new_message_truncated: bool = False
    total_tokens: int = 0
    limit: int = 0
    system_text: str = ""


def chat_message(role: str, text: str) -> ChatMessage:
    return {"role": role, "content": text}  # type: ignore[typeddict-item]


def wants_deep_recall(text: str) -> bool:
    """A question (about the past) gets all the room left for recall; a plain entry a small share."""
    return asks_question(text)


def render_fact_lines(facts: Sequence[FactLine]) -> str:
    return "\n".join(f"- {fact.text}" for fact in facts)


def system_parts(stable: StableContext) -> list[tuple[str, str]]:
    """(segment name, text) of the system message in order; empty parts left out."""
    parts = [("instructions", stable.instructions)]
    if stable.facts:
        parts.append(("facts", render_prompt("facts_block", facts=render_fact_lines(stable.facts))))
    if stable.reflections:
        lines = "\n".join(f"- {text}" for text in stable.reflections)
        parts.append(("reflections", render_prompt("reflections_block", reflections=lines)))
    if stable.summary.strip():
        parts.append(("summary", render_prompt("summary_block", summary=stable.summary.strip())))
    if stable.today:
        parts.append(("instructions", stable.today))  # counted with the instructions, as the gauge shows it
    return parts


def render_note(facts: Sequence[FactLine], recalled: Sequence[RecalledEntry]) -> str:
    """The context put before a person's message ("" when there is none): facts noted, entries recalled."""
    sections = []
    if facts:
        sections.append(render_prompt("turn_new_facts", facts=render_fact_lines(facts)))
    if recalled:
        sections.append(render_prompt("turn_recalled", entries=render_recall(recalled).rstrip("\n")))
    if not sections:
        return ""
    return render_prompt("turn_context", sections="\n\n".join(sections)) + "\n\n"


def today_line(today: date) -> str:
    return render_prompt("turn_date", date=f"{today:%A}, {today.day} {today:%B %Y}")
