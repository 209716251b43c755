"""Locking and unlocking the window, and encryption on/off/change from Settings — all off the UI thread.

``LockController`` belongs to one ``HearthApp``. At start, an encrypted diary is unlocked before the
window shows anything of it (a passphrase remembered in the keyring is tried first). Locking — from the
menu, or after the idle minutes of the settings — hides the diary, closes the companion (its background
jobs stop; the next companion schedules them again), drops the chat's KV cache in the model, closes the
diary and forgets the key; the model stays loaded, so unlocking is quick. Turning encryption on, off or
changing the passphrase retires the companion the same way, re-writes the diary (``Diary.change_key``)
with each step shown in the dialog, and opens it again under the new key; files kept after damage, which
it does not re-write, are then named with a choice to delete them (``unscrubbed.tell_kept_after_change``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal

from app.core.companion import Companion
from app.store import Diary, DiaryKey, StoreError, WrongPassphrase, new_key, unlock
from app.store import remembered as keyring_store
from app.ui.errors import show_exception, translated_text
from app.ui.privacy import EncryptionDialog, IdleWatcher, UnlockDialog
from app.ui.unscrubbed import tell_kept_after_change

if TYPE_CHECKING:
    from app.ui.application import HearthApp

STEP_TEXT = {
    "export": "Copying the diary…",
    "verify": "Checking the copy…",
    "mark": "Marking the diary encrypted…",
    "swap": "Putting the copy in place…",
    "shred": "Shredding the old file…",
    "backups": "Re-writing the backups…",
    "done": "Done.",
}


class LockController(QObject):
    """Unlock at start, lock on demand or when idle, and change the encryption of the open diary."""

    locked_changed = Signal(bool)

    def __init__(self, app: HearthApp) -> None:
        super().__init__(app)
        self.app = app
        self.locked = False
        self.dialog: UnlockDialog | None = None
        self.idle = IdleWatcher(self)
        self.idle.idle.connect(self.lock)
        app.window.lock_requested.connect(self.lock)

    # -- unlocking -------------------------------------------------------------------------------
    def start(self) -> None:
        """The diary is encrypted: try a remembered passphrase, else ask."""
        self._set_locked(True)
        self._run_unlock(None, remember=False, quiet=True)  # the keyring may be slow: not on this thread

    def ask(self) -> UnlockDialog:
        if self.dialog is None:
            self.dialog = UnlockDialog(self.app.window)
            self.dialog.unlock_requested.connect(lambda text, keep: self._run_unlock(text, keep, False))
        self.dialog.open()
        return self.dialog

    def _run_unlock(self, passphrase: str | None, remember: bool, quiet: bool) -> None:
        """Unlock on a worker (the KDF); ``passphrase`` None: the one remembered in the keyring, if any."""
        app = self.app

        def work() -> tuple[Diary, Companion | None]:
            if not app.diary_lock.held:
                app.diary_lock.acquire()
            typed = passphrase if passphrase is not None else keyring_store.recall(app.data_dir)
            if typed is None:
                raise WrongPassphrase("Nothing remembered.")
            diary = unlock(app.data_dir, typed)
            if remember:
                keyring_store.remember(app.data_dir, typed)
            if app.loaded is None:
                return diary, None  # first start: the app loads the model next
            return diary, Companion(diary, app.loaded.engine, app.settings_store)

        app.runner.run(work, self._unlocked, lambda exc: self._unlock_failed(exc, quiet))

    def _unlock_failed(self, exc: BaseException, quiet: bool) -> None:
        if quiet and isinstance(exc, WrongPassphrase):  # none remembered, or it no longer opens it: ask
            self.ask()
            return
        if isinstance(exc, WrongPassphrase) and self.dialog is not None:
            self.dialog.failed(translated_text(str(exc)))
            return
        if self.dialog is not None:
            self.dialog.set_busy(False)
        show_exception(self.app.window, exc)

    def _unlocked(self, result: tuple[Diary, Companion | None]) -> None:
        diary, companion = result
        if self.dialog is not None:
            self.dialog.succeeded()
        self._set_locked(False)
        if companion is None:
            self.app._on_diary(diary)
            return
        self._resume(diary, companion)

    def _resume(self, diary: Diary, companion: Companion) -> None:
        app = self.app
        app.diary = diary
        app.window.set_diary(diary)
        app.window.open_today()
        app.bridge.set_companion(companion)
        companion.warm_up()

    # -- locking ---------------------------------------------------------------------------------
    def lock(self) -> None:
        """Hide the diary and forget the key (only an encrypted diary locks)."""
        diary = self.app.diary
        if self.locked or diary is None or not diary.encrypted:
            return
        drafts = self.app.window.drafts
        words = drafts.current()  # before the window hides the day they are typed on
        self._set_locked(True)
        drafts.put_away(words, self._close_diary)  # into the diary before it closes (QA: lost at a lock)

    def _close_diary(self) -> None:
        """The words in the message box are in the diary: close it, forget the key, ask for it again."""
        self.app.runner.run(self._retire(forget_key=True), lambda _: self.ask(),
                            lambda exc: show_exception(self.app.window, exc))

    def _retire(self, *, forget_key: bool) -> Callable[[], Diary | None]:
        """Detach the companion and diary from the window now; the returned work closes them (worker)."""
        app = self.app
        companion, diary, loaded = app.companion, app.diary, app.loaded
        app.bridge.set_companion(None)
        app.diary = None
        app.window.drafts.keeper.set_diary(None)  # no late write into a diary being closed or re-keyed

        def work() -> Diary | None:
            if companion is not None:
                companion.close()
            if loaded is not None:
                with contextlib.suppress(Exception):  # a closed or foreign engine: nothing cached
                    loaded.engine.forget_cache("chat")
            if diary is not None:
                diary.purge()
                diary.close()
                if forget_key and diary.key is not None:
                    diary.key.forget()
            return diary

        return work

    def _set_locked(self, locked: bool) -> None:
        self.locked = locked
        self.app.window.set_locked(locked)
        minutes = self.app.settings_store.current.lock_after_minutes
        encrypted = self.app.diary is not None and self.app.diary.encrypted
        self.idle.set_minutes(0 if locked or not encrypted else minutes)
        self.locked_changed.emit(locked)

    def follow_settings(self) -> None:
        """The idle minutes changed (or the diary's encryption): restart the idle timer."""
        self._set_locked(self.locked)

    # -- encryption on / off / change ------------------------------------------------------------------
    def open_encryption_dialog(self, action: str) -> EncryptionDialog:
        encrypted = self.app.diary is not None and self.app.diary.encrypted
        dialog = EncryptionDialog(encrypted, action, self.app.window)
        dialog.change_requested.connect(
            lambda current, new, keep: self._change(dialog, action, current, new, keep))
        dialog.open()
        return dialog

    def _change(self, dialog: EncryptionDialog, action: str, current: str | None, new: str | None,
                remember: bool) -> None:
        app = self.app
        diary = app.diary
        if diary is None:
            dialog.failed(self.tr("The diary is not open."))
            return
        say = app.runner.call_in_main

        def check_and_derive() -> DiaryKey | None:
            """Worker: the current passphrase must match (KDF), the new key is derived (KDF)."""
            if current is not None and diary.key is not None and not diary.key.matches(DiaryKey(current)):
                raise WrongPassphrase("The current passphrase is not right; nothing was changed.")
            return new_key(new) if new is not None else None

        def checked(target: DiaryKey | None) -> None:
            retire = self._retire(forget_key=False)

            def work() -> tuple[Diary, Companion | None, list[Path]]:
                old = retire()
                assert old is not None
                kept = old.change_key(target, lambda step: say(lambda: dialog.show_step(_step_text(step))))
                if diary.key is not None:
                    diary.key.forget()
                if target is None or not remember:
                    keyring_store.forget(app.data_dir)
                if target is not None and remember and new is not None:
                    keyring_store.remember(app.data_dir, new)
                reopened = Diary.open(app.data_dir, target)
                engine = app.loaded.engine if app.loaded is not None else None
                companion = Companion(reopened, engine, app.settings_store) if engine else None
                return reopened, companion, kept

            app.runner.run(work, lambda result: self._changed(dialog, result),
                           lambda exc: self._change_failed(dialog, exc, diary.key))

        app.runner.run(check_and_derive, checked, lambda exc: dialog.failed(_message(exc)))

    def _changed(self, dialog: EncryptionDialog, result: tuple[Diary, Companion | None, list[Path]]) -> None:
        """The change is done: the diary back in the window; files kept after damage, which the change
        could not re-write, named with a choice (``tell_kept_after_change``)."""
        diary, companion, kept = result
        dialog.accept()
        if companion is None:
            self.app._on_diary(diary)
        else:
            self._resume(diary, companion)
        self.follow_settings()
        tell_kept_after_change(self.app.window, self.app.runner, diary, kept)

    def _change_failed(self, dialog: EncryptionDialog, exc: BaseException, old_key: DiaryKey | None) -> None:
        """The change stopped before the swap: the diary is as it was; open it again under its old key."""
        dialog.failed(_message(exc))
        app = self.app
        if app.diary is not None:
            return

        def reopen() -> tuple[Diary, Companion | None]:
            diary = Diary.open(app.data_dir, old_key)
            engine = app.loaded.engine if app.loaded is not None else None
            return diary, Companion(diary, engine, app.settings_store) if engine else None

        app.runner.run(reopen, self._unlocked, app._on_start_failed)


def _step_text(step: str) -> str:
    text = STEP_TEXT["backups"] if step.startswith("backup:") else STEP_TEXT.get(step, step)
    return QCoreApplication.translate("LockController", text)


def _message(exc: BaseException) -> str:
    """The error's message and hint in the interface's language (the store writes them in English)."""
    if isinstance(exc, StoreError):
        return f"{translated_text(str(exc))} {translated_text(exc.hint)}".strip()
    return translated_text(str(exc))
