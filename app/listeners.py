"""Subscribers of one kind of notification: subscribe, unsubscribe, notify — thread-safe, never fatal.

The settings store and the companion both tell listeners about changes from whatever thread made them;
a broken listener is logged (its type only: no diary text in logs) and the others are still told.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, ParamSpec

P = ParamSpec("P")

log = logging.getLogger(__name__)


class Listeners(Generic[P]):
    """A list of callbacks taking ``P``; ``notify(*args)`` calls each outside the lock."""

    def __init__(self, what: str) -> None:
        self._what = what
        self._lock = threading.Lock()
        self._listeners: list[Callable[P, None]] = []

    def subscribe(self, listener: Callable[P, None]) -> Callable[[], None]:
        """Add ``listener``; returns the function that removes it again."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def notify(self, *args: P.args, **kwargs: P.kwargs) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - one broken listener must not stop the others
                log.error("a %s listener failed: %s", self._what, type(exc).__name__)
