"""The day's opening question: one gentle question, grounded in the person's recent days, on an empty day.

It is written in idle time (``MaintenanceScheduler.on_idle``) on the background worker at background priority,
so a message from the person pre-empts it, and stored (``opening_prompt``), so it is there the next time the
day opens. Until a model-written question is ready — or when there is nothing to ground one in, or the model
fails — a question from a fixed list is shown (``opening_fallback_<lang>.txt``, English and Russian), so the
empty day never waits for the model. "Another question" marks the shown one replaced (the next fallback shows
at once, a new one is written in the background); "dismiss" hides the question for the day.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from app.core.language import dominant_language, with_language_rule
from app.core.memory.facts import prompt_order
from app.core.memory.summary import Generate, JobCancelled
from app.core.ports import DiaryPort
from app.core.prompt.templates import background_request, load_prompt, render_prompt
from app.store import OpeningPrompt

RECENT_DIGESTS = 5
RECENT_DAYS = 14
PROMPT_FACTS = 8
MAX_QUESTION_CHARS = 200
LANGUAGES = ("en", "ru")
QUESTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"question": {"type": "string", "maxLength": MAX_QUESTION_CHARS}},
    "required": ["question"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class DayQuestion:
    """What an empty day shows: the question and where it came from ("model" or "fallback")."""

    day: date
    text: str
    source: str


def fallback_questions(language: str) -> list[str]:
    """The fixed list for ``language`` ("en" or "ru"; anything else: English)."""
    code = language if language in LANGUAGES else "en"
    return [line.strip() for line in load_prompt(f"opening_fallback_{code}").splitlines() if line.strip()]


def question_language(interface: str, recent_texts: list[str]) -> str:
    """The fallback's language: the interface's when the person chose one, else the diary's, else $LANG's."""
    if interface in LANGUAGES:
        return interface
    return dominant_language(recent_texts) or ("ru" if os.environ.get("LANG", "").startswith("ru") else "en")


def diary_language(diary: DiaryPort, interface: str, today: date | None = None) -> str:
    """``question_language`` for this diary: its newest digests and the first lines of its last two weeks."""
    today = today or date.today()
    recent = [a.first_line for a in diary.day_activity(today - timedelta(days=RECENT_DAYS), today)]
    return question_language(interface, [d.text for d in diary.list_summaries("daily")[-3:]] + recent)


def clean_question(raw: str) -> str:
    """The model's JSON answer as one question on one line; "" when it is not a usable question."""
    try:
        data = json.loads(raw)
    except ValueError:
        return ""
    text = data.get("question") if isinstance(data, dict) else None
    if not isinstance(text, str):
        return ""
    text = " ".join(text.split()).strip(" \"'«»“”")
    if not text or len(text) > MAX_QUESTION_CHARS or len(text.split()) < 3:
        return ""
    return text if text.endswith("?") else text.rstrip(".!…") + "?"


class OpeningQuestions:
    """Reads, writes and replaces the day's opening question over the diary."""

    def __init__(self, diary: DiaryPort) -> None:
        self.diary = diary

    def current(self, day: date, language: str) -> DayQuestion | None:
        """The question ``day`` shows now; None once the person dismissed it."""
        rows = self.diary.opening_prompts(day)
        if any(r.state == "dismissed" for r in rows):
            return None
        offered = [r for r in rows if r.state == "offered"]
        if offered:
            return DayQuestion(day, offered[-1].text, offered[-1].source)
        return self._fallback(day, language, rows)

    def _fallback(self, day: date, language: str, rows: list[OpeningPrompt]) -> DayQuestion:
        questions = fallback_questions(language)
        replaced = sum(1 for r in rows if r.state == "replaced")
        return DayQuestion(day, questions[(day.toordinal() + replaced) % len(questions)], "fallback")

    def needs_writing(self, day: date) -> bool:
        """No model-written question is offered for ``day`` and the person did not dismiss the day's."""
        rows = self.diary.opening_prompts(day)
        return not any(r.state == "dismissed" or (r.state == "offered" and r.source == "model") for r in rows)

    def replace(self, day: date, language: str) -> DayQuestion | None:
        """ "Another question": the one shown is marked replaced; the next one (a fallback) is returned."""
        shown = self.current(day, language)
        if shown is None:
            return None
        if shown.source == "fallback":  # record it, so the next fallback comes up and stays up
            self.diary.add_opening_prompt(day, shown.text, "fallback", "replaced")
        else:
            self.diary.set_opening_prompt_state(day, "replaced")
        return self.current(day, language)

    def dismiss(self, day: date, language: str) -> None:
        shown = self.current(day, language)
        if shown is None:
            return
        if shown.source == "fallback":
            self.diary.add_opening_prompt(day, shown.text, "fallback", "dismissed")
        else:
            self.diary.set_opening_prompt_state(day, "dismissed")

    def write(self, day: date, generate: Generate) -> DayQuestion | None:
        """Ask the model for a question grounded in recent digests and facts; store and return it.

        None when there is nothing to ground a question in, or the model's answer is not a question.
        """
        digests = [d for d in self.diary.list_summaries("daily") if d.scope < day.isoformat()]
        digests = sorted(digests, key=lambda d: d.scope)[-RECENT_DIGESTS:]
        facts = prompt_order(self.diary.list_facts())[:PROMPT_FACTS]
        if not digests and not facts:
            return None
        asked = [r.text for r in self.diary.opening_prompts(day) if r.source == "model"]
        sources = [d.text for d in digests] + [f.text for f in facts]
        request = background_request(
            with_language_rule(load_prompt("opening_prompt"), sources),
            render_prompt(
                "opening_prompt_input",
                today=f"{day:%A} {day.isoformat()}",
                digests="\n".join(f"{d.scope}: {d.text}" for d in digests) or "(none)",
                facts="\n".join(f"- {f.text}" for f in facts) or "(none)",
                avoid="\n".join(f"- {text}" for text in asked) or "(none)",
            ),
            label="opening",
            max_tokens=80,
            temperature=0.7,
            seed=day.toordinal() + len(asked),
            json_schema=QUESTION_SCHEMA,
        )
        completion = generate(request)
        if completion.finish_reason == "cancelled":
            raise JobCancelled()
        text = clean_question(completion.text)
        if not text or text in asked:
            return None
        if not self.needs_writing(day):  # dismissed, or another was written, while the model thought
            return None
        self.diary.add_opening_prompt(day, text, "model")
        return DayQuestion(day, text, "model")
