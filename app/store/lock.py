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

_HELD_HERE: set[Path] = set()  # data dirs whose lock this process holds (``DiaryLock.held_here``)


class DiaryLock:
    """Held while a window or a chat works on the diary in ``data_dir``; ``acquire`` never waits."""

    def __init__(self, data_dir: Path) -> None:
        # not thread-local: the window takes it on a worker thread and lets go on the UI thread
        self._folder = Path(data_dir).resolve()
        self._lock = filelock.FileLock(str(Path(data_dir) / LOCK_FILE), timeout=0, thread_local=False)

    def acquire(self) -> DiaryLock:
        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise DiaryInUse("This diary is open in another Hearth window or `hearth chat`.") from None
        _HELD_HERE.add(self._folder)
        return self

    def release(self) -> None:
        if self._lock.is_locked:
            self._lock.release()
            if not self._lock.is_locked:
                _HELD_HERE.discard(self._folder)

    @staticmethod
    def held_here(data_dir: Path) -> bool:
        """This process holds the diary's lock (the window, ``hearth chat``, a command that changes it)."""
        return Path(data_dir).resolve() in _HELD_HERE

    @property
    def held(self) -> bool:
        return bool(self._lock.is_locked)

    def __enter__(self) -> DiaryLock:
        return self.acquire()

    def __exit__(self, *_exc: object) -> None:
        self.release()
