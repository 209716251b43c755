"""Wires the daily ritual into the main window: the opening question, write mode, "Ask Hearth", "Go deeper".

Thin, like the window: every call to the companion runs on the window's ``TaskRunner`` and every answer
arrives on the main thread. An empty *today* shows the opening question (the companion returns a stored or
fallback one at once; a model-written one arrives later as ``bridge.opening_prompt``). Sending while it is
shown stores the question before the answer, so the day reads as asked and answered.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt

from app.core import events as ev
from app.core.ritual.export import day_markdown
from app.core.ritual.opening import DayQuestion
from app.store import Conversation
from app.ui.day_ritual import WRITE, EntryActions, OpeningQuestionCard
from app.ui.errors import show_exception
from app.ui.export_day import ask_export, day_text, print_pages, speakers, suggested_name, write_export
from app.ui.insights import InsightsDialog
from app.ui.staged import show_next_turn
from app.ui.weekly_review import WeeklyReviewDialog

if TYPE_CHECKING:
    from app.core.companion import Companion
    from app.ui.main_window import MainWindow


class RitualController(QObject):
    """The opening question card and the entry actions of one window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.card = OpeningQuestionCard(window)
        self.actions = EntryActions(window)
        self._day: date | None = None  # the day shown
        self.card.another_requested.connect(self.another_question)
        self.card.dismiss_requested.connect(self.dismiss_question)
        self.actions.deeper_requested.connect(self.go_deeper)
        self.actions.ask_requested.connect(self.ask)
        window.bridge.opening_prompt.connect(self._on_opening_prompt)
        window.composer.mode_switch.mode_changed.connect(lambda _mode: self.refresh())

    # -- the day shown ----------------------------------------------------------------------------
    def day_shown(self, conversation: Conversation | None) -> None:
        """A day was opened: ask for today's question if it is empty; show what can be asked."""
        self._day = None if conversation is None else conversation.day
        self.refresh()
        companion = self.window.companion
        if companion is None or not self._empty_today():
            self.card.show_question("", "")
            return
        self.window.runner.run(
            companion.opening_question, self._show, lambda _exc: None, token_key="opening-question"
        )

    def _empty_today(self) -> bool:
        return self._day == date.today() and self.window.chat_model.rowCount() == 0

    def _show(self, question: DayQuestion | None) -> None:
        if question is None or not self._empty_today():
            self.card.show_question("", "")
        else:
            self.card.show_question(question.text, question.source)

    def _on_opening_prompt(self, event: ev.OpeningPromptReady) -> None:
        if event.day == self._day and self._empty_today():
            self.card.show_question(event.text, event.source)

    def refresh(self) -> None:
        """Show "Go deeper" / "Ask Hearth" for the entries on screen; hide the card once the day has some."""
        model = self.window.chat_model
        last_user = model.last_row_with_role("user")
        last_reply = model.last_row_with_role("assistant")
        unanswered = last_user is not None and (last_reply is None or last_reply < last_user)
        busy = self.window.generating or self.window.companion is None
        self.actions.set_state(
            has_entry=last_user is not None,
            unanswered=unanswered,
            write_mode=self.window.composer.mode == WRITE,
            busy=busy,
        )
        if model.rowCount() and self.card.isVisible():
            self.card.show_question("", "")

    # -- writing ----------------------------------------------------------------------------------
    def submit(self, companion: Companion, text: str) -> Callable[[], int]:
        """What storing ``text`` means now: an entry to answer (Talk) or to keep (Write), answering the
        question on the card if one is shown."""
        answering = self.card.text()
        if self.window.composer.mode == WRITE:
            return lambda: companion.write(text, answering=answering)
        return lambda: companion.send(text, answering=answering)

    def ask(self) -> None:
        """ "Ask Hearth": the companion answers the last entry written in write mode."""
        self._reply_with(lambda c: c.ask())

    def go_deeper(self) -> None:
        """ "Go deeper": one reflective follow-up question about the last entry."""
        self._reply_with(lambda c: c.go_deeper())

    def _reply_with(self, call: Callable[[Companion], None]) -> None:
        window, companion = self.window, self.window.companion
        if companion is None or window.generating:
            return
        window.composer.set_generating(True)  # Stop is reachable from the start
        self.refresh()

        def failed(exc: BaseException) -> None:
            window.composer.set_generating(False)
            self.refresh()
            show_exception(window, exc)

        window.runner.run(lambda: call(companion), None, failed)

    # -- the card's buttons -----------------------------------------------------------------------
    def another_question(self) -> None:
        companion = self.window.companion
        if companion is not None:
            self.window.runner.run(
                companion.another_question, self._show, lambda _exc: None, token_key="opening-question"
            )

    def dismiss_question(self) -> None:
        companion = self.window.companion
        self.card.show_question("", "")
        if companion is not None:
            self.window.runner.run(companion.dismiss_question, None, lambda _exc: None)

    # -- looking back: insights, the weekly review, export ---------------------------------------
    def show_insights(self) -> InsightsDialog | None:
        """Insights, put together over the next event-loop turns (the statistics gathered on a worker
        meanwhile), then shown: its ``charts`` exist at once, in place once it is ``built``."""
        diary = self.window.diary
        if diary is None:
            return None
        dialog = InsightsDialog(diary, self.window.runner, self.window, staged=True)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.load()
        dialog.when_built(partial(show_next_turn, dialog))
        return dialog

    def show_weekly_review(self, day: date | None = None) -> WeeklyReviewDialog | None:
        diary = self.window.diary
        if diary is None:
            return None
        dialog = WeeklyReviewDialog(diary, self.window.runner, self.window.bridge, self.window,
                                    first_weekday=self.window.first_weekday())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.conversation_requested.connect(lambda cid: self.window.open_conversation(cid))
        dialog.show_week(day or self._day or date.today())  # read on a worker meanwhile
        show_next_turn(dialog)
        return dialog

    def print_day(self) -> None:
        """Print the day shown (the companion's replies if the person wants them) through the print dialog."""
        diary, conversation_id = self.window.diary, self.window.chat_model.conversation_id
        if diary is None or conversation_id is None:
            return
        names = speakers()
        print_pages(self.window, self.window.runner, lambda replies: day_markdown(
            diary, conversation_id, replies=replies, speakers=names, day_text=day_text))

    def export_day(self) -> None:
        """Export the day shown as Markdown or PDF (the companion's replies if the person wants them)."""
        diary, conversation_id = self.window.diary, self.window.chat_model.conversation_id
        if diary is None or conversation_id is None:
            return
        choice = ask_export(self.window, suggested_name(self._day or date.today(), week=False))
        if choice is None:
            return
        path, replies = choice
        names = speakers()
        self.window.runner.run(
            lambda: day_markdown(diary, conversation_id, replies=replies, speakers=names, day_text=day_text),
            lambda markdown: write_export(path, markdown),
            lambda exc: show_exception(self.window, exc),
        )
