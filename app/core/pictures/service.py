"""Pictures in entries: attached at once, their text read in the background, originals kept a while.

Why a worker of its own: reading a page takes seconds of CPU; the reply worker and the model's background
jobs must not wait behind it, and it must not wait behind a digest. It reads one picture at a time in a
``tesseract`` process at nice 10 with one thread (a reply keeps the other cores). It is scheduled by each
attached entry and at start (pictures a crash left unread, or attached while Tesseract was missing).

Retention (the seed's lifetimes for level 0): with ``keep_originals_days`` set, each pass drops the
originals of pictures added longer ago than that, but only those whose text was read; the thumbnail and
the text stay, so search and recall keep finding them.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timedelta

from app.config import Settings
from app.core.background.worker import Activity, Worker
from app.core.errors import CoreError
from app.core.events import MessageAdded, PictureTextRead, TextReaderMissing
from app.core.pictures.reader import INSTALL_COMMAND, TextReader, TextReadFailed
from app.core.ports import DiaryPort
from app.core.session import CompanionSession
from app.store import Message, PreparedImage, StoreError

log = logging.getLogger(__name__)

RETENTION_DAYS = (0, 365, 90, 30)  # "forever", 1 year, 90 days, 30 days (Settings.keep_originals_days)
BATCH = 4


class PictureService:
    """Attach pictures to the open conversation and read their text at low priority."""

    def __init__(
        self,
        session: CompanionSession,
        reader: TextReader,
        on_error: Callable[[BaseException], None],
    ) -> None:
        self.session = session
        self.reader = reader
        self._activity = Activity()
        self._worker = Worker("hearth-pictures", self._activity, on_error)
        self._closed = threading.Event()
        self._told_missing = False
        self._retry_unavailable = True  # once a run: pictures attached while Tesseract was missing
        self._unsubscribe = session.settings_store.subscribe(self._settings_changed)

    def _settings_changed(self, before: Settings, after: Settings) -> None:
        """A shorter time for keeping originals applies now, not at the next picture."""
        if before.keep_originals_days != after.keep_originals_days:
            self.schedule()

    def attach(self, images: Sequence[PreparedImage], caption: str = "") -> Message:
        """Commit an entry of the person's with ``images`` (already checked) to the open conversation."""
        conversation_id = self.session.conversation_id
        try:
            message = self.session.diary.add_entry_with_pictures(
                conversation_id, caption, images, self.session.clock()
            )
        except StoreError as exc:
            raise CoreError(str(exc), exc.hint) from exc
        self.session.emit(
            MessageAdded(message.id, conversation_id, "user", message.text, message.created_at)
        )
        self.schedule()
        return message

    def schedule(self) -> None:
        if not self._closed.is_set():
            self._worker.submit(self._run, key="pictures")

    def _run(self) -> None:
        retry = self._retry_unavailable
        self._retry_unavailable = False
        for event in read_waiting(
            self.session.diary, self.reader, self.session.clock, retry_unavailable=retry,
            stop=self._closed.is_set,
        ):
            if event.state == "unavailable":
                self._say_missing()
            self.session.emit(event)
        self.sweep()

    def _say_missing(self) -> None:
        if not self._told_missing:
            self._told_missing = True
            self.session.emit(TextReaderMissing(INSTALL_COMMAND))

    def sweep(self) -> int:
        """Drop the originals past the retention setting whose text was read; how many."""
        days = self.session.settings.keep_originals_days
        return sweep_originals(self.session.diary, days, self.session.clock())

    def wait_read(self, timeout: float | None = None) -> bool:
        """Block until every attached picture's text was read or given up on (tests, ``--wait``)."""
        return self._activity.wait_idle(timeout)

    def close(self) -> None:
        self._unsubscribe()
        self._closed.set()
        self.reader.cancel()
        self._worker.close()


def read_waiting(
    diary: DiaryPort,
    reader: TextReader,
    clock: Callable[[], datetime],
    *,
    retry_unavailable: bool = False,
    stop: Callable[[], bool] = lambda: False,
) -> Iterator[PictureTextRead]:
    """Read every picture still waiting for its text (the worker, and ``hearth attach --wait``).

    Whether Tesseract is there is asked only when some picture waits: asking starts its process, and a start
    with no picture to read (most diaries, most days) starts nothing beside the window's first frames."""
    retry = (retry_unavailable and bool(diary.pictures_waiting(limit=1, retry_unavailable=True))
             and reader.available())
    while not stop():
        waiting = diary.pictures_waiting(limit=BATCH, retry_unavailable=retry)
        retry = False
        if not waiting:
            return
        for attachment_id in waiting:
            if stop():
                return
            event = _read_one(diary, reader, clock, attachment_id, stop)
            if event is not None:
                yield event


def _read_one(
    diary: DiaryPort, reader: TextReader, clock: Callable[[], datetime], attachment_id: int,
    stop: Callable[[], bool],
) -> PictureTextRead | None:
    data = diary.picture_original(attachment_id)
    if data is None:
        state, text = "failed", ""  # no original left to read (cannot happen for a pending one)
    elif not reader.available():
        state, text = "unavailable", ""
    else:
        try:
            state, text = "done", reader.read(data)
        except (TextReadFailed, StoreError) as exc:
            log.warning("a picture's text could not be read: %s", type(exc).__name__)
            state, text = "failed", ""
    if stop():
        return None  # closing: the reading was cut short; the picture is read at the next start
    message_id = diary.set_picture_text(attachment_id, state, text, clock())
    return None if message_id is None else PictureTextRead(attachment_id, message_id, state, text)


def sweep_originals(diary: DiaryPort, days: int, now: datetime) -> int:
    """Retention: drop originals added more than ``days`` before ``now`` whose text was read (0: keep)."""
    if days <= 0:
        return 0
    return diary.drop_originals_before(now - timedelta(days=days))
