"""Unlocking an encrypted diary: the passphrase becomes a ``DiaryKey`` and opens the diary, or fails clean.

``unlock`` runs SQLCipher's KDF (a noticeable fraction of a second), so the GUI calls it off the UI
thread. ``UnlockThrottle`` makes each failed attempt after the first few wait longer (1 s, 2 s, 4 s …
up to 30 s): it slows down someone guessing at the window or the terminal; the file itself is protected
by the KDF, not by this. Its clock and sleep are injectable, so tests never sleep.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from app.store.cipher import DiaryKey
from app.store.diary import Diary
from app.store.errors import InvalidValue

MIN_PASSPHRASE_CHARS = 8
FREE_ATTEMPTS = 2
MAX_DELAY_S = 30.0


def new_key(passphrase: str) -> DiaryKey:
    """A key for a new passphrase (turning encryption on, changing it); refuses a short one."""
    if len(passphrase) < MIN_PASSPHRASE_CHARS:
        raise InvalidValue(
            f"A passphrase needs at least {MIN_PASSPHRASE_CHARS} characters.",
            "A few unrelated words make a strong one that is easy to remember.",
        )
    return DiaryKey(passphrase).derive()


def unlock(data_dir: Path, passphrase: str) -> Diary:
    """Open the encrypted diary in ``data_dir`` with ``passphrase`` (slow: the KDF runs here).

    ``WrongPassphrase`` if it does not open it; the file is untouched.
    """
    if not passphrase:
        from app.store.errors import WrongPassphrase

        raise WrongPassphrase("Enter the diary's passphrase.")
    return Diary.open(Path(data_dir), DiaryKey(passphrase))


@dataclass
class UnlockThrottle:
    """A growing delay after repeated wrong passphrases (per window or terminal session)."""

    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    failures: int = 0
    _not_before: float = field(default=0.0, repr=False)

    def delay(self) -> float:
        """Seconds the next attempt must wait after ``failures`` wrong ones."""
        if self.failures <= FREE_ATTEMPTS:
            return 0.0
        return min(MAX_DELAY_S, float(2 ** (self.failures - FREE_ATTEMPTS - 1)))

    def failed(self) -> float:
        """Count a wrong passphrase; returns how long the next attempt must wait."""
        self.failures += 1
        wait = self.delay()
        self._not_before = self.clock() + wait
        return wait

    def succeeded(self) -> None:
        self.failures = 0
        self._not_before = 0.0

    def remaining(self) -> float:
        """Seconds until the next attempt is allowed (the GUI greys its button that long)."""
        return max(0.0, self._not_before - self.clock())

    def wait(self) -> None:
        """Block until the next attempt is allowed (the terminal; never on the UI thread)."""
        left = self.remaining()
        if left > 0:
            self.sleep(left)
