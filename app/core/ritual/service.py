"""The daily ritual's part of the controller: the opening question, write mode and "Go deeper".

Kept apart from ``Companion`` so the façade stays a list of calls. The opening question is written by a
background job (``BackgroundJobs``: background priority, pre-empted by the person's next message); a reply
asked for in write mode ("Ask Hearth") or by "Go deeper" runs through the controller's reply worker like any
other reply, so it streams, can be stopped and is stored the same way.
"""

from __future__ import annotations

from datetime import date

from app.core.background.jobs import BackgroundJobs
from app.core.errors import CoreError
from app.core.events import Event, OpeningPromptReady
from app.core.prompt.templates import render_prompt
from app.core.ritual.opening import DayQuestion, OpeningQuestions, diary_language
from app.core.session import CompanionSession
from app.store import Message

DEEPER_ENTRY_CHARS = 1200


class DailyRitual:
    """The opening question of an empty day, and the messages "Ask Hearth" / "Go deeper" answer."""

    def __init__(self, session: CompanionSession, jobs: BackgroundJobs) -> None:
        self._session = session
        self._jobs = jobs
        self.questions = OpeningQuestions(session.diary)
        self._tried: tuple[date, int] | None = None  # the day and its row count when a write last ran

    # -- the opening question ----------------------------------------------------------------------
    def language(self) -> str:
        """The fallback questions' language: the interface's, else the recent digests', else $LANG's."""
        return diary_language(self._session.diary, self._session.settings.language, self._session.today())

    def question(self, day: date | None = None) -> DayQuestion | None:
        """The question ``day`` (default today) shows now: a stored one, else a fallback; None: dismissed."""
        return self.questions.current(day or self._session.today(), self.language())

    def another(self) -> DayQuestion | None:
        """Replace today's question: the next fallback now, a new model-written one in the background."""
        today = self._session.today()
        shown = self.questions.replace(today, self.language())
        self._announce(shown, today)
        self._tried = None
        self.schedule_question()
        return shown

    def dismiss(self) -> None:
        today = self._session.today()
        self.questions.dismiss(today, self.language())
        self._announce(None, today)

    def _announce(self, shown: DayQuestion | None, day: date) -> None:
        self._session.emit(
            OpeningPromptReady(day, shown.text if shown else "", shown.source if shown else "")
        )

    def schedule_question(self) -> None:
        """In idle time: write today's question if the day is empty and none is ready (once per state)."""
        today = self._session.today()
        state = (today, len(self._session.diary.opening_prompts(today)))
        if self._tried == state or not self.questions.needs_writing(today) or not self._day_is_empty(today):
            return
        self._tried = state
        self._jobs.schedule("opening", lambda: self._write(today), key="opening-question")

    def _day_is_empty(self, day: date) -> bool:
        conversation = self._session.diary.conversation_for_day(day)
        return not self._session.diary.messages(conversation.id, limit=1)

    def _write(self, day: date) -> list[Event]:
        if not self._day_is_empty(day):
            return []
        written = self.questions.write(day, self._jobs.generate)
        return [OpeningPromptReady(day, written.text, written.source)] if written else []

    def write_now(self) -> DayQuestion | None:
        """Write today's question now if none is ready (blocking: ``hearth prompt``), then return it."""
        today = self._session.today()
        if self.questions.needs_writing(today):
            self.questions.write(today, self._jobs.generate)
        return self.question(today)

    # -- write mode and "Go deeper" ------------------------------------------------------------------
    def unanswered_entry(self, conversation_id: int) -> Message:
        """The last entry of the person if no reply follows it ("Ask Hearth" answers it)."""
        recent = self._session.diary.messages(conversation_id, limit=30)
        if not any(m.role == "user" for m in recent):
            raise CoreError("There is nothing to answer yet.", "Write something first.")
        if recent[-1].role != "user":
            raise CoreError(
                "Hearth has already answered your last entry.", "Write more, or ask it to go deeper."
            )
        return recent[-1]

    def deeper_request(self, conversation_id: int) -> tuple[Message, str]:
        """The last entry of the person and the instruction that asks for one follow-up question about it."""
        recent = self._session.diary.messages(conversation_id, limit=30)
        entries = [m for m in recent if m.role == "user"]
        if not entries:
            raise CoreError("There is nothing to go deeper into yet.", "Write something first.")
        entry = entries[-1]
        text = entry.text if len(entry.text) <= DEEPER_ENTRY_CHARS else entry.text[:DEEPER_ENTRY_CHARS] + "…"
        return entry, render_prompt("go_deeper", entry=text)
