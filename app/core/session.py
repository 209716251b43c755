"""What the parts of one companion share: the diary, the prompt context, the live settings, the clock,
the event sink, and which conversation is open.

The controller is a façade over three parts — the reply turn, the memory service and the maintenance
scheduler — and each of them needs the same few things. Handing them one ``CompanionSession`` keeps
their constructors short and makes "the open conversation" one piece of state, not three copies.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime

from app.config import Settings, SettingsStore
from app.core.errors import CoreError
from app.core.events import ConversationOpened, Event
from app.core.ports import DiaryPort
from app.core.prompt.context import ConversationContext
from app.core.recall.semantic import SemanticMemory
from app.listeners import Listeners
from app.llm.types import LanguageModel

Listener = Callable[[Event], None]


class CompanionSession:
    """Shared state of a running companion; thread-safe (workers and the caller's thread use it)."""

    def __init__(
        self,
        diary: DiaryPort,
        model: LanguageModel,
        settings: SettingsStore,
        clock: Callable[[], datetime],
        semantic: SemanticMemory | None = None,
    ) -> None:
        self.diary = diary
        self.settings_store = settings
        self.context = ConversationContext(diary, model, settings, semantic)
        self.clock = clock
        self._listeners: Listeners[[Event]] = Listeners("event")
        self._lock = threading.RLock()
        self._follow_today = True
        self._conversation_id = diary.conversation_for_day(self.today()).id

    # -- events ------------------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self._listeners.subscribe(listener)

    def emit(self, event: Event) -> None:
        """Tell every listener, on this thread; a broken listener never breaks the turn."""
        self._listeners.notify(event)

    # -- what is current -----------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.settings_store.current

    @property
    def model(self) -> LanguageModel:
        return self.context.model

    def today(self) -> date:
        return self.clock().date()

    @property
    def conversation_id(self) -> int:
        return self._conversation_id

    def is_open(self, conversation_id: int) -> bool:
        return conversation_id == self._conversation_id

    def open(self, conversation_id: int | None) -> None:
        """Show and write to ``conversation_id``; None: today's (and follow the date past midnight)."""
        if conversation_id is None:
            conversation = self.diary.conversation_for_day(self.today())
            follow = True
        else:
            found = self.diary.get_conversation(conversation_id)
            if found is None:
                raise CoreError("That conversation no longer exists.", "Pick another day in the sidebar.")
            conversation, follow = found, False
        with self._lock:
            self._follow_today = follow
            self._conversation_id = conversation.id
        self.emit(ConversationOpened(self._conversation_id, conversation.day))

    def follow_the_date(self) -> None:
        """Past midnight, a person writing in "today" writes in the new day's conversation."""
        if not self._follow_today:
            return
        conversation = self.diary.conversation_for_day(self.today())
        if conversation.id != self._conversation_id:
            with self._lock:
                self._conversation_id = conversation.id
            self.emit(ConversationOpened(self._conversation_id, conversation.day))

