"""One writer per diary: the window and ``hearth chat`` each hold the diary's lock while they run.

Two processes writing into one diary interleave their entries into one conversation without either
knowing, and ``forget-everything`` under a running chat lets the chat carry on into a fresh diary. The
lock is an OS file lock (``filelock``: ``flock``/``LockFileEx``), so it is released when the process
ends, even by a crash or SIGKILL: a stale lock never keeps a person out of their diary.
"""

from __future__ import annotations

from pathlib import Path

import filelock

from app.config import LOCK_FILE
from app.store.errors import DiaryInUse


class DiaryLock:
    """Held while a window or a chat works on the diary in ``data_dir``; ``acquire`` never waits."""

    def __init__(self, data_dir: Path) -> None:
        # not thread-local: the window takes it on a worker thread and lets go on the UI thread
        self._lock = filelock.FileLock(str(Path(data_dir) / LOCK_FILE), timeout=0, thread_local=False)

    def acquire(self) -> DiaryLock:
        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise DiaryInUse("This diary is open in another Hearth window or `hearth chat`.") from None
        return self

    def release(self) -> None:
        if self._lock.is_locked:
            self._lock.release()

    @property
    def held(self) -> bool:
        return bool(self._lock.is_locked)

    def __enter__(self) -> DiaryLock:
        return self.acquire()

    def __exit__(self, *_exc: object) -> None:
        self.release()
