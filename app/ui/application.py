"""Starting the desktop app: open the diary, load a model, build the companion — never on the UI thread.

``run_app`` is what ``hearth`` runs. ``HearthApp`` holds the parts a session of the app owns (diary,
engine, companion, window) so tests, the benchmark and the screenshot command start exactly the same
app, optionally with an engine they already have (``engine_factory``).

One ``SettingsStore`` per running app: the companion, the settings dialog and the model manager all
hold it. A dialog writes to the store; the companion, subscribed to it, uses the new settings from its
next prompt (and reports the new budget); the app, subscribed too, applies the theme on the UI thread.

Start-up order, each step off the UI thread: the window appears at once ("Opening your diary…"); the
diary opens and the days show; the model loads (``app.llm.loading``: the person's choice, else the
downloaded recommended model, else the bundled tiny one); the companion is built and the composer
unlocks. If the chosen model cannot be loaded, the tiny model takes over and a dialog says what happened
and what to do. A first run on the tiny model shows a quiet banner offering the recommended download.
"""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from app.config import APP_NAME, ModelSettings, Settings, SettingsStore
from app.core.companion import Companion
from app.llm.catalog import load_catalog, models_dir
from app.llm.download import local_path
from app.llm.embedding import Embedder, default_embedder
from app.llm.loading import (
    GRACE_BEFORE_HANG_UP_S,
    LoadedModel,
    describe_engine,
    import_local_engine,
    load_preferred_model,
)
from app.store import (
    DatabaseCorrupt,
    Diary,
    DiaryKey,
    DiaryLock,
    HeldEntries,
    LostWrites,
    Rescue,
    StoreError,
    WrongPassphrase,
)
from app.store.cipher import file_salt, is_encrypted_file, verify_key
from app.ui import damage_texts, theme
from app.ui.bridge import CompanionBridge
from app.ui.errors import error_for, show_error, show_exception, translated_text
from app.ui.i18n import DateText, Plurals, install_language
from app.ui.locking import LockController
from app.ui.main_window import MainWindow
from app.ui.model_download import ModelDownload
from app.ui.model_manager import ModelManagerDialog
from app.ui.picture_settings import StorageDialog
from app.ui.privacy import UnlockDialog
from app.ui.reminder import DailyReminder
from app.ui.settings_dialog import SettingsDialog
from app.ui.staged import later
from app.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from app.llm.loading import RunningModel

EngineFactory = Callable[[ModelSettings, Path], LoadedModel]  # runs off the UI thread
SetAside = tuple[Path, Path | None]  # the damaged file that was set aside, the latest backup
translate = QCoreApplication.translate
# How long a thread running Python may keep Python's lock once another thread asks for it (CPython's default:
# 5 ms). The window asks for it again for every slot, event handler and delegate call Qt makes into Python
# — a streamed token, a repaint of the chat's rows — and while a worker runs Python (the ORM, the embedder's
# tokenizer, a memory job) each ask waited up to the whole interval: a list view repainting every 10 ms beside
# one busy Python thread was 80–270 ms late at 5 ms (p99), 16–22 ms at 1 ms. Workers then switch a little
# more often, and only while the window waits for the lock.
UI_SWITCH_INTERVAL_S = 0.001
# Measured and not kept (session 28): Qt's raster fills kept on the window's thread (QT_NO_GUI_THREADPOOL; Qt
# hands a gradient or translucent fill of 96+ lines to a pool of one thread per core and waits for it, about
# half of the memory panel's opening samples under py-spy). UI bench, old and new taking turns, 4 pairs:
# start-up 5.3 / 2.8 / 15.4 / 21.4 ms with the pool, 18.6 / 12.6 / 14.0 / 19.2 without it — the fills' work
# moved onto the window's thread (one start-up turn used 25 ms of its CPU), and the wait was not the stall.
# While the window waits for a task of its own (a day's messages, the Insights' figures: ``TaskRunner``'s
# ``foreground_changed``) the companion's background work is held (``app.core.background.quiet``), and for
# a moment after the last one is delivered, while the view draws what came. A hold ends by itself after
# BACKGROUND_HOLD_S: a long load delays the memory jobs, never stops them. UI bench, 3B-shaped model, 18
# interleaved pairs with the holds and without (session 20; the first 6 with this hold alone): the ritual
# views' worst tick 5.5 against 9.3 ms (median; lower in 15 pairs, over 16 ms in 1 run against 2); the
# steady state's, with both holds (12 pairs), 6.4 against 9.5 (lower in 8, over 16 in none against 1).
# Start-up: no change (8.0 against 8.4; each start-up over 16 ms, both ways, was a slow spell of the host,
# canary 35-155). Every phase within 16 ms: 13 runs of 18 against 10.
BACKGROUND_HOLD_S = 2.0
# Measured and not kept (session 30): the model's loading started only once the first day was drawn (or
# after a second), so its process would not start beside the diary's first queries. UI bench, 4 pairs
# taking turns: start-up 16.4 / 6.7 / 15.5 / 8.6 ms without, 15.5 / 11.3 / 22.6 / 6.5 with; the worst
# start-up ticks came two seconds in, after the model had loaded, either way.
DRAW_AFTER_LOAD_MS = 100
# And for this long after a reply's end, while the window draws its last words, what was remembered and the
# gauge: the memory jobs the reply sets off (facts, a fold, its vector) start after it.
REPLY_DRAW_S = 0.25


def set_aside_state(diary: Diary, data_dir: Path) -> SetAside | HeldEntries | None:
    """Worker thread: the newest damaged file set aside, if the diary opened in its place is empty, and
    the backup to offer (``Diary.set_aside``); else, for an empty diary, the newest backup that holds
    entries (``Diary.emptied``: its file went missing or was emptied outside Hearth)."""
    return diary.set_aside() or diary.emptied()


def has_downloaded_model(data_dir: Path) -> bool:
    folder = models_dir(data_dir)
    return any(local_path(entry, folder) is not None for entry in load_catalog())


def settle_heap() -> None:
    """Take every object alive now out of the cycle collector's full passes (``gc.freeze``).

    Python's collector runs its oldest generation — every container object of the process: Qt wrappers,
    SQLAlchemy's mappers, the templates, the embedders' tables — on whichever thread allocates at the wrong
    moment, holding Python's lock throughout: 65–130 ms here, with the app's heap after start-up. When a
    worker (the indexer loading its model, a memory job) ran one, the window waited for the whole pass (the
    UI bench's worst steady stall). Objects that live as long as the app are frozen once they exist, so the
    passes walk only what was made since: what dies is still freed by reference counting, and cycles made
    later are still collected; a cycle already made and dropped later stays (it would be startup leftovers).
    """
    gc.freeze()


class HearthApp(QObject):
    """One running app: diary, model, companion, window, and the runner that does their slow work."""

    ready = Signal(object)  # the Companion, once the model is loaded
    failed = Signal(object)  # an exception that left the app without a companion
    _settings_changed = Signal(object, object)  # (before, after); queued to the UI thread if need be
    _index_repaired = Signal()  # a search (on a worker) found the search index damaged and rebuilt it

    def __init__(self, data_dir: Path, *, engine_factory: EngineFactory | None = None,
                 settings: SettingsStore | Settings | None = None,
                 embedder_factory: Callable[[], Embedder | None] = default_embedder,
                 staged_window: bool = False) -> None:
        """``settings``: the store to share; plain ``Settings`` starts one on ``data_dir``; None loads it.
        ``embedder_factory``: the meaning model for recall (None from it: recall by words only).
        ``staged_window``: build the window over several event-loop turns (the real app: the loop never
        stalls for a frame while the window is made); the diary opens once it is built."""
        super().__init__()
        self.data_dir = Path(data_dir)
        self.settings_store = _settings_store(settings, self.data_dir)
        self.engine_factory = engine_factory or load_preferred_model
        self.embedder_factory = embedder_factory
        self.runner = TaskRunner(self)
        self._release_background: Callable[[], None] | None = None
        self.runner.foreground_changed.connect(lambda _loading: self._hold_background())
        self.bridge = CompanionBridge(parent=self)
        self.window = MainWindow(self.bridge, self.runner, self.data_dir, staged=staged_window)
        self.window.week_start = self.settings_store.current.week_start
        self.reminder = DailyReminder(self.window, theme.app_icon())  # off unless the person turned it on
        self.reminder.apply(self.settings_store.current)
        self.window.hide_on_close = lambda: self.reminder.keeps_running
        self.diary: Diary | None = None
        self.diary_lock = DiaryLock(self.data_dir)
        self.loaded: LoadedModel | None = None
        self._loading = False  # a model is being loaded onto ``self.diary``
        self.backup_dialog: UnlockDialog | None = None  # an encrypted backup's passphrase, while asked
        self._restore_after_load: Path | None = None  # "Restore backup" chosen while it was
        self._shut_down = False
        self._settings_changed.connect(self._show_settings)
        self._index_repaired.connect(self._say_index_repaired)
        self._unsubscribe_settings = self.settings_store.subscribe(self._settings_changed.emit)
        self.window.model_manager_requested.connect(self.open_model_manager)
        self.window.settings_requested.connect(self.open_settings)
        self.locker = LockController(self)  # encryption at rest: unlock, lock, on/off/change
        settle_heap()  # the modules, the settings, the window's first part

    @property
    def companion(self) -> Companion | None:
        return self.bridge.companion

    def _hold_background(self) -> None:
        """Hold the companion's background work while the window loads something, and for
        ``DRAW_AFTER_LOAD_MS`` after (see ``BACKGROUND_HOLD_S``)."""
        companion, loading = self.companion, self.runner.foreground_busy
        if loading and companion is not None and self._release_background is None:
            self._release_background = companion.quiet.hold(BACKGROUND_HOLD_S)
        elif not loading and self._release_background is not None:
            release, self._release_background = self._release_background, None
            QTimer.singleShot(DRAW_AFTER_LOAD_MS, release)

    def start(self, *, show: bool = True) -> None:
        """Show the window and begin opening the diary and loading the model in the background."""
        if show:
            self.window.show_built()
        self.window.when_built(self._open)

    def _open(self) -> None:
        """The window is built: ask for the passphrase, or open the diary in the background."""
        if Diary.is_encrypted(self.data_dir):
            self.window.when_shown(self.locker.start)  # nothing of the diary is shown before its passphrase
            return
        self.runner.run(self._open_diary, self._on_diary, self._on_start_failed)

    def _open_diary(self) -> Diary:
        """Worker thread: take the diary's one-writer lock (``DiaryInUse`` if another Hearth has it), open."""
        self.diary_lock.acquire()
        return Diary.open(self.data_dir)

    def _on_diary(self, diary: Diary) -> None:
        self.diary = diary
        diary.on_index_repaired = self._index_repaired.emit  # from whichever thread searched: queued
        if diary.index_repairs:  # the start's deeper check rebuilt it
            self._say_index_repaired()
        if diary.lost_writes is not None:  # a damaged write-ahead log lost the last writes (a copy kept)
            self._show_lost_writes(diary.lost_writes, diary.rescued)
        elif diary.rescued is not None:  # the start copied a damaged file into a new one
            rescued = diary.rescued
            self.window.notice_bar.show_message(lambda: self._rescued_text(rescued), important=True)
        self.window.set_diary(diary)
        self.window.open_today()
        self.locker.follow_settings()
        self.window.set_ready(False, lambda: self.tr("Loading the model…"))
        self._loading = True
        self.runner.run(lambda: self._load_companion(diary), self._on_companion, self._on_load_failed,
                        background=True)  # reading the model's files, allocating its cache: not the window's
        if diary.lost_writes is None:  # (that notice names the copies kept, and the backup to offer)
            self.runner.run(lambda: set_aside_state(diary, self.data_dir), self._show_set_aside_notice,
                            lambda _exc: None)  # only a notice: never in the way of starting

    def _say_index_repaired(self) -> None:
        """A quiet note in the status bar: nothing to do, nothing lost — but not hidden either."""
        self.window.activity.show_note(self.tr("The search index was damaged and has been rebuilt from "
                                               "your entries. Nothing was lost."))

    def _show_set_aside_notice(self, state: SetAside | HeldEntries | None) -> None:
        """An empty diary next to a damaged file that was set aside: say so, offer the latest backup. An
        empty diary while a backup holds entries: say so, offer that backup."""
        if state is None:
            return
        if isinstance(state, HeldEntries):
            held = state
            self.window.notice_bar.show_message(lambda: self._emptied_text(held),
                                                lambda: self.tr("Restore backup"),
                                                lambda: self._restore_set_aside(held.backup), important=True)
            return
        aside, backup = state
        if backup is None:
            self.window.notice_bar.show_message(lambda: self._set_aside_text(aside, None), important=True)
            return
        made_at = datetime.fromtimestamp(backup.stat().st_mtime)
        self.window.notice_bar.show_message(lambda: self._set_aside_text(aside, backup, made_at),
                                            lambda: self.tr("Restore backup"),
                                            lambda: self._restore_set_aside(backup), important=True)

    def _show_lost_writes(self, lost: LostWrites, rescued: Rescue | None = None) -> None:
        """The last writes could not be read back from a damaged write-ahead log: say what may be missing
        and where their copies are kept, and offer the backup made since, which may hold them. A start that
        also rescued the damaged diary file says both in one notice (one important notice replaces another:
        the rescue's went unseen)."""
        def text() -> str:
            said = self._lost_writes_text(lost)
            return said if rescued is None else f"{self._rescued_text(rescued)} {said}"

        backup = lost.backup
        if backup is None:
            self.window.notice_bar.show_message(text, important=True)
            return
        self.window.notice_bar.show_message(text, lambda: self.tr("Restore backup"),
                                            lambda: self._restore_set_aside(backup), important=True)

    def _lost_writes_text(self, lost: LostWrites) -> str:
        """The lost-writes notice in the interface's language (made again after a language switch)."""
        def backup_offer(made: str) -> str:  # (the notice's button restores it)
            return self.tr("The backup made on {made} may hold what is missing; restoring it backs up the "
                           "diary as it is now first.").format(made=made)

        return damage_texts.lost_writes_text(lost, _damage_tr, DateText().backup_time, backup_offer)

    def _rescued_text(self, rescued: Rescue) -> str:
        """The rescue notice in the interface's language (made again after a language switch)."""
        return damage_texts.rescued_text(rescued, _damage_tr)

    def _set_aside_text(self, aside: Path, backup: Path | None, made_at: datetime | None = None) -> str:
        """The set-aside notice in the interface's language (made again after a language switch)."""
        offer = None
        if backup is not None and made_at is not None:
            offer = self.tr("Your latest backup ({name}, {made}) can be restored.").format(
                name=backup.name, made=DateText().backup_time(made_at))
        return damage_texts.set_aside_text(aside, _damage_tr, offer)

    def _emptied_text(self, held: HeldEntries) -> str:
        """The empty-diary notice in the interface's language (made again after a language switch)."""
        made = datetime.fromtimestamp(held.backup.stat().st_mtime) if held.backup.exists() else None
        said = self.tr("Your diary is empty, but a backup made on {made} holds {entries}. If you did not "
                       "mean to start over, restore it.")
        return said.format(made=DateText().backup_time(made) if made else held.backup.name,
                           entries=Plurals().entries(held.entries))

    def _restore_set_aside(self, backup: Path) -> None:
        """Retire the running companion and the diary (off the UI thread), then ``restore_backup`` — from a
        notice: an empty diary after damage, or one that lost its last writes to a damaged log.

        While the model is still loading onto the empty diary, the restore waits for it: the companion it
        brings is retired unseen, so nothing runs on the old diary while the backup is copied in."""
        self.window.notice_bar.hide()
        self.window.set_ready(False, lambda: self.tr("Restoring the backup…"))
        if self._loading:
            self._restore_after_load = backup  # _on_companion / _on_load_failed carry it on
            return
        companion, diary, loaded = self.companion, self.diary, self.loaded
        self._retire_then_restore(backup, companion, diary, loaded)

    def _retire_then_restore(self, backup: Path, companion: Companion | None, diary: Diary | None,
                             loaded: LoadedModel | None) -> None:
        self.bridge.set_companion(None)
        self.diary, self.loaded = None, None
        self.window.drafts.keeper.set_diary(None)  # no late write into the diary being replaced

        def retire() -> None:
            if companion is not None:
                companion.close()
            if loaded is not None and loaded.owned:
                loaded.engine.close()
            if diary is not None:
                diary.close()

        key = diary.key if diary is not None else None  # an unlocked diary is restored under its key
        self.runner.run(retire, lambda _: self.restore_backup(backup, key), self._on_start_failed)

    def _load_companion(self, diary: Diary) -> tuple[LoadedModel, Companion]:
        """Worker thread: load the model the settings call for and build the companion on the shared store."""
        loaded = self.engine_factory(self.settings_store.current.model, self.data_dir)
        return loaded, Companion(diary, loaded.engine, self.settings_store, embedder=self.embedder_factory())

    def _on_companion(self, result: tuple[LoadedModel, Companion]) -> None:
        self._loading = False
        loaded, companion = result
        if self._restore_after_load is not None:  # the person chose the backup meanwhile
            backup, self._restore_after_load = self._restore_after_load, None
            self._retire_then_restore(backup, companion, self.diary, loaded)
            return
        self.loaded = loaded
        self.bridge.engine = loaded.engine
        self.bridge.set_companion(companion)
        companion.quiet_after_reply_s = REPLY_DRAW_S
        self._hold_background()  # the window may be loading the day already
        self.window.set_model_name(loaded.name)
        if loaded.problem is not None:
            title, message, hint = _error_text(loaded.problem)
            tiny = self.tr("Hearth is using its small built-in model for now.")
            fallback = f" {tiny}" if loaded.is_tiny else ""
            show_error(self.window, title, message, f"{hint}{fallback}")
        elif loaded.is_tiny and not has_downloaded_model(self.data_dir):
            later(self.window.show_first_run_notice, self.window)  # its relayout on a turn of its own
        settle_heap()  # the model, the companion, the diary's mappers and caches
        companion.warm_up()
        self.ready.emit(companion)

    def _on_load_failed(self, exc: BaseException) -> None:
        self._loading = False
        if self._restore_after_load is not None:  # the restored diary loads the model again (and says why)
            backup, self._restore_after_load = self._restore_after_load, None
            self._retire_then_restore(backup, None, self.diary, None)
            return
        self._on_start_failed(exc)

    def _on_start_failed(self, exc: BaseException) -> None:
        self.window.set_ready(False, lambda: self.tr("Hearth could not start — see the message."))
        box = show_exception(self.window, exc)
        if isinstance(exc, DatabaseCorrupt) and exc.backup is not None:
            self._offer_backup(box, exc.backup)
        self.failed.emit(exc)

    def _offer_backup(self, box: QMessageBox, backup: Path) -> None:
        """A damaged diary was moved aside: one click restores the latest backup into a fresh file."""
        button = box.addButton(self.tr("Restore backup {name}").format(name=backup.name),
                               QMessageBox.ButtonRole.AcceptRole)
        button.setAccessibleName(self.tr("Restore the latest backup"))
        button.clicked.connect(lambda: self.restore_backup(backup))

    def restore_backup(self, backup: Path, key: DiaryKey | None = None) -> None:
        """Open the diary file (with ``key``, the diary's own, when it was unlocked) and copy the backup into
        it, off the UI thread, then carry on starting. An encrypted backup and a plain diary (an encrypted
        diary set aside as damaged makes a new, plain one): its passphrase is asked first, and the diary is
        made anew under it (``_restore_encrypted``)."""
        if is_encrypted_file(backup) and not Diary.is_encrypted(self.data_dir):
            self._ask_backup_passphrase(backup)
            return

        def work() -> Diary:
            diary = Diary.open(self.data_dir, key)
            try:
                diary.restore(backup)
            except BaseException:
                diary.close()  # said by the start's failure; not left open with no window on it (review)
                raise
            return diary

        self.window.set_ready(False, lambda: self.tr("Restoring the backup…"))
        self.runner.run(work, self._on_diary, self._on_start_failed)

    def _ask_backup_passphrase(self, backup: Path) -> UnlockDialog:
        """The backup's passphrase, asked in the window (as `hearth restore` asks it in a terminal).
        Cancelled, the new empty diary opens as it was, and the notice can be used again later."""
        dialog = UnlockDialog(self.window, for_backup=True)
        dialog.unlock_requested.connect(lambda text, _keep: self._restore_encrypted(dialog, backup, text))
        dialog.rejected.connect(lambda: self.runner.run(lambda: Diary.open(self.data_dir), self._on_diary,
                                                        self._on_start_failed))
        self.backup_dialog = dialog
        dialog.open()
        return dialog

    def _restore_encrypted(self, dialog: UnlockDialog, backup: Path, passphrase: str) -> None:
        """Worker: check the passphrase against the backup, make the empty diary anew under it (never one
        holding anything of the person's: ``Diary.made_anew``), restore into it. A restore that fails after
        that leaves the new, empty, encrypted diary open, and says why."""
        data_dir = self.data_dir

        def work() -> tuple[Diary, BaseException | None]:
            key = DiaryKey(passphrase, salt=file_salt(backup))
            verify_key(backup, key)
            diary = Diary.open(data_dir)
            if not diary.nothing_written():
                diary.close()
                raise StoreError("The backup is encrypted and this diary is not.",
                                 "Turn encryption on here with the backup's passphrase (Settings ▸ Privacy),"
                                 " then restore it.")
            diary = diary.made_anew(key)
            try:
                diary.restore(backup)
            except Exception as exc:  # noqa: BLE001 - said; the new diary stays open, under the key
                return diary, exc
            return diary, None

        def failed(exc: BaseException) -> None:
            if isinstance(exc, WrongPassphrase):
                dialog.failed(self.tr("That passphrase does not open the backup."))
                return
            dialog.set_busy(False)
            dialog.reject()  # nothing was changed: the empty diary opens again
            show_exception(self.window, exc)

        def done(result: tuple[Diary, BaseException | None]) -> None:
            diary, problem = result
            dialog.succeeded()
            self._on_diary(diary)
            if problem is not None:
                show_exception(self.window, problem)

        self.window.set_ready(False, lambda: self.tr("Restoring the backup…"))
        self.runner.run(work, done, failed)

    # -- dialogs ----------------------------------------------------------------------------------
    def open_model_manager(self) -> ModelManagerDialog:
        dialog = ModelManagerDialog(self.bridge, self.runner, self.settings_store, self.data_dir, self.window)
        dialog.model_changed.connect(self.swap_model)
        dialog.open()
        return dialog

    def swap_model(self, engine: RunningModel) -> None:
        """The model manager loaded another engine: hand it to the companion, retire the old one."""
        companion, old = self.companion, self.loaded
        self.loaded = describe_engine(engine)
        self.bridge.engine = engine
        self.window.set_model_name(self.loaded.name)
        if not self.loaded.is_tiny:
            self.window.notice_bar.hide()

        def swap() -> None:
            if companion is not None:
                companion.set_model(engine)
            if old is not None and old.owned and old.engine is not engine:
                old.engine.close()

        # the companion reports the new model's budget itself once it has switched
        self.runner.run(swap, None, lambda exc: show_exception(self.window, exc))

    def open_settings(self) -> SettingsDialog:
        encrypted = self.diary is not None and self.diary.encrypted
        dialog = SettingsDialog(self.settings_store, self.data_dir, self.window, encrypted=encrypted)
        dialog.encryption_requested.connect(lambda action: self._open_encryption(dialog, action))
        dialog.storage_requested.connect(lambda: self.open_storage(dialog))
        dialog.open()
        return dialog

    def open_storage(self, parent: QWidget | None = None) -> StorageDialog | None:
        """The storage panel: space by level of memory (raw pictures, entries, summaries, facts, vectors)."""
        if self.diary is None:
            return None
        dialog = StorageDialog(self.diary, self.runner, self.data_dir, parent or self.window)
        dialog.open()
        return dialog

    def _open_encryption(self, settings_dialog: SettingsDialog, action: str) -> None:
        """Settings ▸ Privacy: the encryption dialog replaces the settings dialog."""
        settings_dialog.reject()
        self.locker.open_encryption_dialog(action)

    def apply_settings(self, settings: Settings) -> None:
        """Make ``settings`` the app's settings (saved; the companion and the window follow)."""
        self.settings_store.update(settings)

    def _show_settings(self, before: Settings, after: Settings) -> None:
        """UI thread: the language (every open widget retranslates itself), the theme, and the chat laid
        out again in it (bubbles were measured in the old one).

        Everything else is the companion's: it listens to the same store and reports the new budget.
        """
        if after.lock_after_minutes != before.lock_after_minutes:
            self.locker.follow_settings()
        if after.language != before.language:
            install_language(after.language)  # Qt sends LanguageChange to every widget
        if after.language != before.language or after.week_start != before.week_start:
            self.window.set_week_start(after.week_start)  # "auto" follows the language's locale
        self.reminder.apply(after)
        if after.theme == before.theme:
            return
        apply_theme(after.theme)
        self.window.chat_view.chat_delegate.forget()
        self.window.chat_view.doItemsLayout()

    # -- shutdown ---------------------------------------------------------------------------------
    def shutdown(self, timeout: float = 10.0) -> None:
        """Stop the reply, let background work end, close companion, engine and diary (once)."""
        if self._shut_down:
            return
        self._shut_down = True
        gc.unfreeze()  # what is left of this app is collected as usual (tests start many in one process)
        self._unsubscribe_settings()
        companion = self.companion
        self.bridge.detach()
        if companion is not None:
            with contextlib.suppress(Exception):
                companion.stop()
        for download in self.runner.findChildren(ModelDownload):
            download.cancel()  # its child process stops; the part file stays for the next start
        loaded = self.loaded
        if companion is not None and loaded is not None and not companion.wait_idle(GRACE_BEFORE_HANG_UP_S):
            loaded.hang_up()  # a server that stopped answering would hold the close for minutes
        self.window.drafts.flush()  # the message box's words, written before the diary closes
        self.runner.wait_idle(timeout)  # (after the hang-up: the window's own tasks may wait on it too)
        if companion is not None:
            with contextlib.suppress(Exception):
                companion.close()
        if self.loaded is not None and self.loaded.owned:
            with contextlib.suppress(Exception):
                self.loaded.engine.close()
        if self.diary is not None:
            with contextlib.suppress(Exception):
                self.diary.close()
        self.diary_lock.release()
        self.window.closing_for_good = True
        self.window.close()


def _settings_store(settings: SettingsStore | Settings | None, data_dir: Path) -> SettingsStore:
    if isinstance(settings, SettingsStore):
        return settings
    if settings is None:
        return SettingsStore.load(data_dir)
    return SettingsStore(settings, data_dir)


def _damage_tr(text: str) -> str:
    """A damage notice's source text (``damage_texts``) in the interface's language."""
    return QCoreApplication.translate(damage_texts.CONTEXT, text)


def _error_text(problem: BaseException | str) -> tuple[str, str, str]:
    if isinstance(problem, str):
        return (translate("HearthApp", "The chosen model could not be used"), translated_text(problem),
                translate("HearthApp", "Pick another model file or download the recommended one in the "
                          "model manager (Ctrl+Shift+M)."))
    return error_for(problem)


def apply_theme(name: str) -> None:
    """Apply the theme ``name`` to the running QApplication (nothing to do without one)."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        theme.apply_theme(app, name)


def make_qapplication(argv: list[str] | None = None) -> QApplication:
    """The QApplication with Hearth's name, icon and theme (reused if one exists, as in tests)."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv or sys.argv[:1])
    sys.setswitchinterval(UI_SWITCH_INTERVAL_S)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("hearth")
    app.setWindowIcon(theme.app_icon())
    return app


def run_app(data_dir: Path) -> int:
    """Open the desktop app on ``data_dir``; returns the exit code."""
    app = make_qapplication()
    settings = SettingsStore.load(Path(data_dir))  # the one read of the settings file in the GUI
    install_language(settings.current.language, app)  # before any widget (later: Settings switches live)
    apply_theme(settings.current.theme)
    import_local_engine(settings.current.model)  # before the event loop, not on a worker beside the window
    hearth = HearthApp(Path(data_dir), settings=settings, staged_window=True)
    app.aboutToQuit.connect(hearth.shutdown)
    app.commitDataRequest.connect(hearth.window.drafts.keep_now)  # the desktop session ends: keep the words
    hearth.start()
    return int(app.exec())
