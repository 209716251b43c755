"""One reply: assemble, stream, persist — on the reply worker thread.

The assistant message is created *before* the model is called, marked ``interrupted`` with a placeholder,
so the GUI has an id to stream into and a crash mid-reply leaves an honest trace; it is written as the reply
streams (about twice a second, from this thread, not the model's) and marked ``complete`` at the end. A
reply stopped before its first word leaves nothing behind (the placeholder is removed).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any

from app.core.errors import CoreError
from app.core.events import (
    ErrorRaised,
    Event,
    MessageRemoved,
    Remembered,
    ReplyFinished,
    ReplyStarted,
    TokenStreamed,
)
from app.core.prompt.budget import AssembledPrompt
from app.core.prompt.context import REPLY_PLACEHOLDER
from app.core.prompt.templates import reply_max_tokens
from app.core.recall.remembered import remembered_entries
from app.core.session import CompanionSession
from app.core.text import CUT_OFF_MARK, ends_mid_sentence
from app.llm.errors import EngineError
from app.llm.types import Completion, GenerationRequest, JobHandle, Priority, SavedState
from app.store import Message, StoreError

log = logging.getLogger(__name__)

PLACEHOLDER = REPLY_PLACEHOLDER
PERSIST_EVERY_S = 0.5
QUESTION_MAX_TOKENS = 120  # "Go deeper" asks one question
EMPTY_REPLY = "The model ended its reply before writing a word."
EMPTY_REPLY_HINT = "Send the message again; if it keeps happening, choose another model."


@dataclass
class ReplyOutcome:
    message_id: int  # 0: nothing was kept
    text: str
    status: str
    completion: Completion | None
    prompt: AssembledPrompt | None


class ReplyTurn:
    """Runs replies for the controller; ``stop()`` cancels the one in flight within a second."""

    def __init__(self, session: CompanionSession) -> None:
        self._session = session
        self.diary = session.diary
        self.context = session.context
        self._handle: JobHandle | None = None
        self._writing: int | None = None  # the assistant message a reply is being streamed into
        self._answering: int | None = None  # the entry that reply answers (from the prompt's assembly on)
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        # The chat's cache kept at the last close, for a reply that finds the cache empty (right after a
        # start, before the warm-up ran); the engine uses it only if it fits this prompt.
        self.saved_state: Callable[[], SavedState | None] = lambda: None

    def stop(self) -> None:
        with self._lock:
            self._stopped.set()
            if self._handle is not None:
                self._handle.cancel()

    def arm(self) -> None:
        """A new reply was queued: clear an earlier Stop. Cleared here, not in ``run``, so a Stop pressed
        while the reply is still waiting in the queue is honoured when it starts."""
        with self._lock:
            self._stopped.clear()

    def emit(self, event: Event) -> None:
        self._session.emit(event)

    def is_writing(self, message_id: int) -> bool:
        """``message_id`` is the reply being written right now (it must not be deleted under the stream)."""
        return self._writing == message_id

    def is_answering(self, message_id: int) -> bool:
        """``message_id`` is the entry a reply is being prepared or written for (deleted under it, the reply
        would be left answering nothing; QA)."""
        return self._answering == message_id

    def run(
        self, conversation_id: int, user_message: Message, today: date, instruction: str | None = None
    ) -> ReplyOutcome:
        """Answer ``user_message``; with ``instruction`` ("Go deeper"), the whole day is the tail and the
        instruction is the new message (it is sent to the model, never stored)."""
        self._answering = user_message.id
        try:
            return self._answer(conversation_id, user_message, today, instruction)
        finally:
            self._answering = None

    def _answer(
        self, conversation_id: int, user_message: Message, today: date, instruction: str | None
    ) -> ReplyOutcome:
        try:
            if instruction is None:
                prompt = self.context.assemble(
                    conversation_id, user_message.text, before_id=user_message.id, today=today
                )
            else:
                prompt = self.context.assemble(conversation_id, instruction, today=today)
        except (CoreError, StoreError, EngineError) as exc:  # shown; the message is safe in the diary
            self.emit(ErrorRaised(str(exc), exc.hint))
            return ReplyOutcome(0, "", "interrupted", None, None)
        except Exception as exc:  # noqa: BLE001 - never a traceback; the message is safe in the diary
            log.error("assembling the prompt failed: %s", type(exc).__name__)  # no text: privacy
            self.emit(ErrorRaised("The reply could not be prepared.", "Try again, or restart Hearth."))
            return ReplyOutcome(0, "", "interrupted", None, None)
        self._keep_note(user_message.id, prompt)
        try:
            placeholder = self.diary.add_message(
                conversation_id, "assistant", PLACEHOLDER, status="interrupted"
            )
        except StoreError as exc:  # a full disk, a diary another program holds: no reply can be kept
            self.emit(ErrorRaised(str(exc), exc.hint))
            return ReplyOutcome(0, "", "interrupted", None, None)
        message_id = self._writing = placeholder.id
        try:
            short = instruction is not None
            return self._stream(conversation_id, user_message, prompt, message_id, short=short)
        finally:
            self._writing = None

    def _stream(
        self, conversation_id: int, user_message: Message, prompt: AssembledPrompt, message_id: int,
        *, short: bool = False,
    ) -> ReplyOutcome:
        self.emit(ReplyStarted(message_id, conversation_id, user_message.id))
        self._show_remembered(message_id, conversation_id, prompt)
        pieces: list[str] = []
        settings = self._session.settings
        reserve = reply_max_tokens(settings.reply_length, settings.reply_reserve)
        request = GenerationRequest(
            messages=prompt.messages,
            priority=Priority.INTERACTIVE,
            max_tokens=min(QUESTION_MAX_TOKENS, reserve) if short else reserve,
            slot="chat",
            label="reply",
            on_token=lambda piece: self._on_token(message_id, piece, pieces),
            saved_state=self.saved_state(),
        )
        completion = self._generate(request, message_id, pieces)
        text = (completion.text if completion else "".join(pieces)).strip()
        if text and completion is not None and completion.finish_reason == "length":
            text = self._marked_if_cut_off(message_id, text)
        status = (
            "complete"
            if completion is not None and completion.finish_reason != "cancelled"
            else "interrupted"
        )
        try:
            if not text:
                self.diary.delete_message(message_id)
                self.emit(MessageRemoved(message_id, conversation_id))
                if completion is not None and completion.finish_reason != "cancelled":
                    # The model ended before a word (a small one may, after a very long entry): said, not
                    # left to read as a stop the person never asked for (QA, session 41: "[stopped]").
                    self.emit(ErrorRaised(EMPTY_REPLY, EMPTY_REPLY_HINT))
                self.emit(ReplyFinished(message_id, conversation_id, "", "interrupted", _stats(completion)))
                return ReplyOutcome(0, "", "interrupted", completion, prompt)
            self.diary.update_message(message_id, text=text, status=status)
        except StoreError as exc:  # the reply was written but cannot be kept: said, and its bubble ends
            self.emit(ErrorRaised(str(exc), exc.hint))
            self.emit(ReplyFinished(message_id, conversation_id, text, "interrupted", _stats(completion)))
            return ReplyOutcome(0, text, "interrupted", completion, prompt)
        self.emit(ReplyFinished(message_id, conversation_id, text, status, _stats(completion)))
        return ReplyOutcome(message_id, text, status, completion, prompt)

    def _marked_if_cut_off(self, message_id: int, text: str) -> str:
        """A reply that reached its token limit inside a sentence ends with ``CUT_OFF_MARK``, streamed like
        its words, so the window, the terminal and the diary all show that it stopped short. The limit
        comes sooner in Russian, whose words cost Qwen2.5 about 1.6 times the tokens of English ones."""
        if not ends_mid_sentence(text):
            return text
        self.emit(TokenStreamed(message_id, CUT_OFF_MARK))
        return text + CUT_OFF_MARK

    def _persist_so_far(self, message_id: int, text: str) -> None:
        """Write the reply as streamed so far; a failure (a full disk) leaves the stream going: the end
        tries again, and says why if it fails too."""
        try:
            self.diary.update_message(message_id, text=text)
        except StoreError as exc:
            log.warning("the reply so far could not be saved: %s", type(exc).__name__)

    def _keep_note(self, message_id: int, prompt: AssembledPrompt) -> None:
        """Keep what the prompt put before the message, so every later turn holds the same bytes there."""
        recalled = [e.message_id for e in prompt.note_recalled]
        facts = [(f.id, f.text) for f in prompt.note_facts]
        try:
            self.diary.save_turn_note(message_id, recalled, facts)
        except StoreError as exc:  # only the cache suffers: the next turn evaluates a little more
            log.error("could not keep the turn's note: %s", type(exc).__name__)

    def _show_remembered(self, message_id: int, conversation_id: int, prompt: AssembledPrompt) -> None:
        """Say which past entries the model is given for this reply, and keep it with the reply."""
        if not prompt.recalled:
            return
        best_first = sorted(prompt.recalled, key=lambda e: -e.score)
        try:
            self.diary.save_remembered(message_id, [e.message_id for e in best_first])
        except StoreError as exc:  # the reply matters more than the record of what it was given
            log.error("could not record what recall gave a reply: %s", type(exc).__name__)
        self.emit(Remembered(message_id, conversation_id, remembered_entries(best_first)))

    def _on_token(self, message_id: int, piece: str, pieces: list[str]) -> None:
        pieces.append(piece)
        self.emit(TokenStreamed(message_id, piece))

    def _generate(self, request: GenerationRequest, message_id: int, pieces: list[str]) -> Completion | None:
        written = 0
        try:
            with self._lock:
                if self._stopped.is_set():
                    return None
                handle = self._handle = self.context.model.submit(request)
            while True:
                try:
                    return handle.result(timeout=PERSIST_EVERY_S)
                except TimeoutError:
                    text = "".join(pieces).strip()
                    if len(pieces) != written and text:
                        written = len(pieces)
                        self._persist_so_far(message_id, text)
        except EngineError as exc:
            self.emit(ErrorRaised(str(exc), exc.hint))
            return None
        finally:
            with self._lock:
                self._handle = None


def _stats(completion: Completion | None) -> dict[str, Any]:
    return asdict(completion.stats) if completion is not None else {}
