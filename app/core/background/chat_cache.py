"""The chat's KV cache kept for the next start: where, when, and when it must go.

Why: a 3B model on a laptop CPU reads a 2,500-token prompt in a minute or more; after a restart the warm-up
hides that only if the person waits. The engine can write its chat cache to a file and read it back
(``app.llm.kv_state``, which also verifies the file fits the model and the new prompt); this class is the
policy around it:

* **Where**: ``CHAT_STATE_FILE`` in the diary's data dir (0700, the file 0600) — and *never* when the diary
  is encrypted. The cache holds the prompt's keys and values, from which the diary text can be recovered;
  a plain copy beside an encrypted diary would undo the encryption, and encrypting hundreds of MB at every
  close would cost more than the warm-up it saves. An encrypted diary warms up at start instead.
* **When**: after ``IDLE_BEFORE_KEEPING_S`` without anything new (the memory jobs done, no message), and
  at close — only if a turn or a prefix change happened since the last write.
* **When it goes**: an entry is deleted (or a reply replaced), the model changes — the file is shredded at
  once (the store shreds it too on forget-everything and when encryption is turned on).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from app.config import CHAT_STATE_FILE, shred_file
from app.core.session import CompanionSession
from app.llm.types import Completion, SavedState

IDLE_BEFORE_KEEPING_S = 60.0
MB = 1024 * 1024


class ChatCache:
    """Decides whether the chat's cache is kept, schedules it after idle time, and discards it."""

    def __init__(
        self, session: CompanionSession, keep: Callable[[], None], idle_s: float = IDLE_BEFORE_KEEPING_S
    ) -> None:
        self._session = session
        self._keep = keep
        self._idle_s = idle_s
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()
        self.dirty = False  # the chat's cache changed since it was last written

    def path(self) -> Path | None:
        """The file to keep the cache in, or None: an encrypted diary, a model without one, turned off."""
        diary = self._session.diary
        if diary.encrypted or self._session.settings.chat_cache_max_mb <= 0:
            return None
        if not self._session.model.keeps_cache:
            return None
        return Path(diary.data_dir) / CHAT_STATE_FILE

    def restore_request(self) -> SavedState | None:
        path = self.path()
        return SavedState(path) if path is not None else None

    def save_request(self) -> SavedState | None:
        path = self.path()
        max_bytes = self._session.settings.chat_cache_max_mb * MB
        return SavedState(path, save=True, max_bytes=max_bytes) if path is not None else None

    def changed(self) -> None:
        """A turn or a new prefix: the cache differs from the file; wait for idle time again."""
        with self._lock:
            self.dirty = True
            self._cancel_timer()

    def idle(self) -> None:
        """Nothing to do right now: keep the cache once this lasts ``idle_s`` (if it changed)."""
        with self._lock:
            if not self.dirty or self.path() is None:
                return
            self._cancel_timer()
            self._timer = threading.Timer(self._idle_s, self._keep)
            self._timer.daemon = True
            self._timer.start()

    def kept(self, _completion: Completion) -> None:
        """Written (or found too large to write): nothing to do until the chat changes again."""
        with self._lock:
            self.dirty = False

    def discard(self) -> None:
        """The file no longer matches the diary (an entry deleted, another model): shred it now."""
        with self._lock:
            self._cancel_timer()
            self.dirty = True
        folder = Path(self._session.diary.data_dir)
        for path in (folder / CHAT_STATE_FILE, folder / (CHAT_STATE_FILE + ".tmp")):
            shred_file(path)

    def close(self) -> None:
        with self._lock:
            self._cancel_timer()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
