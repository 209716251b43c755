"""The message box's words, kept in the diary as they are typed, so that nothing closes them away.

A close, a crash, the diary locking itself when idle or the desktop session ending used to lose whatever was
typed and not yet stored as an entry (QA). The window hands ``DraftKeeper`` the words each time typing
pauses; the keeper writes them (``Diary.save_draft``) off the UI thread, one write at a time and always the
newest words last, so a slow write can never put older words back over newer ones. At the next start or
unlock the window puts them back in the message box.

``kept`` says whether the diary holds exactly what the window last gave; ``when_kept`` runs a step once the
writes have caught up (closing and locking wait for it), with False if the last write failed — the disk is
full, the diary was closed — so that the window can still ask what to do with the words. Nothing of the
words is ever logged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from app.store import Diary, Draft
from app.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

log = logging.getLogger(__name__)

# Typing pauses every few words (the message box settles after 250 ms); the words are written at most this
# often while typing goes on, so a long entry is not rewritten at every pause. Closing or locking writes
# at once.
KEEP_EVERY_MS = 1500


@dataclass(frozen=True)
class DraftState:
    """Words of the message box and the day (conversation) they were typed on; blank words mean none."""

    text: str
    conversation_id: int | None

    @staticmethod
    def of(text: str, conversation_id: int | None) -> DraftState:
        return DraftState(text, conversation_id) if text.strip() else NO_DRAFT


NO_DRAFT = DraftState("", None)


class DraftKeeper(QObject):
    """Writes the newest words of the message box to the diary, one write at a time (see the module)."""

    def __init__(self, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._diary: Diary | None = None
        self._wanted: DraftState | None = None  # the newest words given (None: nothing given yet)
        self._written: DraftState | None = None  # what the diary holds, as far as this keeper knows
        self._in_flight: DraftState | None = None  # the words of the write under way (None: no write)
        self._failed = False
        self._waiting: list[Callable[[bool], None]] = []
        self._soon = QTimer(self, singleShot=True, interval=KEEP_EVERY_MS)
        self._soon.timeout.connect(self._write_next)

    def set_diary(self, diary: Diary | None) -> None:
        """The diary to keep the words in (None: locked or closed; the words wait in the box)."""
        self._diary = diary
        self._written, self._failed = None, False

    def known(self, state: DraftState) -> None:
        """The diary holds ``state`` (just read from it): no write is needed for those words."""
        self._written = state

    def keep(self, text: str, conversation_id: int | None) -> None:
        """The message box now holds ``text`` on ``conversation_id``'s day: keep it (soon, off the thread)."""
        self._wanted = DraftState.of(text, conversation_id)
        if self._wanted in (self._written, self._in_flight) or self._unread_empty():
            self._soon.stop()  # (the write under way is of these very words: the box settled meanwhile)
        elif not self._soon.isActive():
            self._soon.start()  # not restarted by each pause: while typing goes on, one write per interval

    @property
    def kept(self) -> bool:
        """The diary holds the newest words given, and no write is under way or waiting."""
        idle = self._in_flight is None and not self._soon.isActive()
        return idle and not self._failed and (self._wanted in (None, self._written) or self._unread_empty())

    def _unread_empty(self) -> bool:
        """An empty box while the diary's kept words are not read back yet: nothing to write — writing it
        would delete words the next start or unlock is about to put back (review)."""
        return self._wanted == NO_DRAFT and self._written is None

    def when_kept(self, then: Callable[[bool], None]) -> None:
        """Run ``then(True)`` once the diary holds the newest words, ``then(False)`` if they could not be
        written (at once if nothing is being written)."""
        self._waiting.append(then)
        if self._soon.isActive():
            self._soon.stop()
            self._write_next()
        elif self._in_flight is None:
            self._settled()

    def keep_now(self, text: str, conversation_id: int | None) -> bool:
        """Write ``text`` on this thread, now: only for a desktop session that is ending, when no event loop
        may be left to deliver a write. True if the diary holds it."""
        self._wanted = DraftState.of(text, conversation_id)
        self._soon.stop()
        diary = self._diary
        if self.kept:
            return True
        if diary is None:
            return False
        try:
            diary.save_draft(self._wanted.text, self._wanted.conversation_id)
        except Exception as exc:  # noqa: BLE001 - said as a kind only: the words are the person's
            log.warning("The message box's words could not be kept in the diary: %s", type(exc).__name__)
            return False
        self._written, self._failed = self._wanted, False
        return True

    def _write_next(self) -> None:
        wanted, diary = self._wanted, self._diary
        if self._in_flight is not None:
            return  # the write under way ends by starting the next one
        if wanted is None or wanted == self._written or diary is None or self._unread_empty():
            self._settled()
            return
        self._in_flight = wanted
        self.runner.run(lambda: diary.save_draft(wanted.text, wanted.conversation_id),
                        lambda _none: self._wrote(diary, wanted), lambda exc: self._not_written(diary, exc),
                        small=True)  # not behind a model's load or a download: a lock waits for it

    def _wrote(self, diary: Diary, state: DraftState) -> None:
        self._in_flight = None
        if diary is self._diary:  # (not a diary locked or replaced meanwhile)
            self._written, self._failed = state, False
        self._write_next()

    def _not_written(self, diary: Diary, exc: BaseException) -> None:
        self._in_flight = None
        if diary is self._diary:
            self._failed = True
            log.warning("The message box's words could not be kept in the diary: %s", type(exc).__name__)
        self._settled()

    def _settled(self) -> None:
        waiting, self._waiting = self._waiting, []
        kept = self.kept or self._diary is None and self._wanted in (None, NO_DRAFT)
        for then in waiting:
            then(kept)


class DraftController(QObject):
    """The window's side of the kept words: put back when the diary opens, kept as typing pauses, put away
    when the diary locks, and written for sure before the window closes (see the module)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.keeper = DraftKeeper(window.runner, self)
        self._reopen_day: int | None = None  # the earlier day restored words were typed on, opened next
        self.closing = False  # the close waits for the words to be written
        self._give_up = False  # they could not be, and nothing could be asked: the close goes ahead
        window.conversation_loaded.connect(self._day_opened)

    # -- keeping ---------------------------------------------------------------------------------------
    def current(self) -> DraftState:
        """The words in the message box now, and the earlier day they are typed on (None: today's page,
        whichever day that is when they come back)."""
        window = self.window
        shown = window.day_header.day
        on_earlier_day = shown is not None and shown < date.today()
        conversation_id = window.chat_model.conversation_id if on_earlier_day else None
        return DraftState.of(window.composer.text(), conversation_id)

    def typed(self) -> None:
        """Typing paused (the composer settled): keep the words."""
        state = self.current()
        self.keeper.keep(state.text, state.conversation_id)

    def flush(self) -> None:
        """Write the words now (the app is shutting down: its task runner waits for the write)."""
        self.typed()
        self.keeper.when_kept(_ignore)

    def keep_now(self, _session_manager: object = None) -> None:
        """The desktop session ends (``commitDataRequest``): write the words on this thread, now."""
        state = self.current()
        self.keeper.keep_now(state.text, state.conversation_id)

    # -- the diary opens -------------------------------------------------------------------------------
    def diary_opened(self, diary: Diary) -> None:
        """Read what the diary kept (off the UI thread) and put it back in the message box."""
        self.keeper.set_diary(diary)
        self.window.runner.run(diary.draft, lambda draft: self._restore(diary, draft), _ignore)

    def _restore(self, diary: Diary, draft: Draft | None) -> None:
        if diary is not self.window.diary:
            return  # locked or replaced meanwhile
        stored = NO_DRAFT if draft is None else DraftState.of(draft.text, draft.conversation_id)
        self.keeper.known(stored)
        composer = self.window.composer
        typed = composer.text()
        if typed.strip():  # words kept in the box (a lock that could not write them, a restored backup)
            if stored.text.strip() and stored.text.strip() not in typed:
                composer.set_text(f"{typed.rstrip()}\n\n{stored.text}")  # both, never one over the other
            else:
                self.typed()
            return
        if stored == NO_DRAFT:
            return
        composer.set_text(stored.text)
        composer.show_notice(lambda: self.tr("The words you had not sent yet are back."))
        self._reopen_day = stored.conversation_id
        if self.window.opened_conversation_id is not None:
            self._day_opened(self.window.opened_conversation_id)

    def _day_opened(self, _conversation_id: int) -> None:
        """A day finished opening: the words now belong to it; restored words typed on an earlier day open
        that day (once)."""
        reopen, self._reopen_day = self._reopen_day, None
        if reopen is not None and reopen != self.window.chat_model.conversation_id:
            self.window.open_conversation(reopen)
        elif self.window.composer.text().strip():
            self.typed()

    # -- the diary locks -------------------------------------------------------------------------------
    def put_away(self, state: DraftState, then: Callable[[], None]) -> None:
        """The diary locks: keep ``state`` (taken before the window hid the day) in it, take the words out of
        the box once they are in the diary, then ``then`` (the diary closes). Words that could not be written
        stay in the box, hidden with the rest, and are offered again at unlock."""
        self.keeper.keep(state.text, state.conversation_id)

        def kept(ok: bool) -> None:
            self.keeper.set_diary(None)
            if ok:
                self.window.composer.set_text("")
            then()

        self.keeper.when_kept(kept)

    # -- the window closes -----------------------------------------------------------------------------
    def ready_to_close(self) -> bool:
        """``closeEvent``: True if the window may close now. Otherwise the words are written first and the
        window closed again — or, if they cannot be, the person is asked (``MainWindow.ask_about_draft``)."""
        window = self.window
        if window.saving_draft or (window.draft_box is not None and window.draft_box.isVisible()):
            return False
        if not window.composer.text().strip() or self._give_up:
            self._give_up = False
            return True
        self.typed()
        if self.keeper.kept:
            return True
        if not self.closing:
            self.closing = True
            self.keeper.when_kept(self._kept_for_close)
        return False

    def _kept_for_close(self, kept: bool) -> None:
        """On the next turn of the event loop: called back inside ``closeEvent`` (nothing was being written),
        a ``close()`` from here would be ignored by Qt (review: the first Quit did nothing)."""
        QTimer.singleShot(0, self, lambda: self._close_after(kept))

    def _close_after(self, kept: bool) -> None:
        self.closing = False
        window = self.window
        if not kept and window.ask_about_draft():
            return  # the answer closes the window, or not
        self._give_up = not kept
        window.close()


def _ignore(_value: object) -> None:
    """Nothing to do with a result (or a failure, said by the keeper's log)."""
