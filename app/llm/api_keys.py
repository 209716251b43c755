"""API keys of model servers: in the system keyring, never in settings.json or a log.

``keyring`` stores a key under the service ``"Hearth model server"`` and the server's address. Where no
keyring backend works (a bare Linux session without a Secret Service, a container), ``remember`` says so
(returns False) and keeps the key in this process's memory only: it works for this session and is gone
when Hearth quits. The person is told, so they are not surprised to type it again.
"""

from __future__ import annotations

import logging
import threading

SERVICE = "Hearth model server"

log = logging.getLogger(__name__)


class ApiKeys:
    """Keys by server address: keyring first, memory for this session when there is no keyring."""

    def __init__(self) -> None:
        self._memory: dict[str, str] = {}
        self._lock = threading.Lock()

    def keyring_available(self) -> bool:
        """Whether a real keyring backend is there (not the "fail" or "null" placeholder backends)."""
        try:
            import keyring
            from keyring.backends import fail
        except ImportError:
            return False
        backend = keyring.get_keyring()
        if isinstance(backend, fail.Keyring) or type(backend).__module__.endswith(".null"):
            return False
        return _priority(backend) > 0

    def get(self, address: str) -> str | None:
        with self._lock:
            if address in self._memory:
                return self._memory[address]
        if not self.keyring_available():
            return None
        try:
            import keyring

            return keyring.get_password(SERVICE, address)
        except Exception as exc:  # noqa: BLE001 - a locked or broken keyring: no key, never a crash
            log.warning("the keyring could not be read: %s", type(exc).__name__)
            return None

    def remember(self, address: str, key: str) -> bool:
        """Keep ``key`` for ``address``; True if it went into the keyring, False if only into memory."""
        with self._lock:
            self._memory[address] = key
        if not self.keyring_available():
            return False
        try:
            import keyring

            keyring.set_password(SERVICE, address, key)
        except Exception as exc:  # noqa: BLE001
            log.warning("the keyring could not store the key: %s", type(exc).__name__)
            return False
        with self._lock:
            self._memory.pop(address, None)  # the keyring has it now
        return True

    def forget(self, address: str) -> None:
        with self._lock:
            self._memory.pop(address, None)
        if not self.keyring_available():
            return
        try:
            import keyring

            keyring.delete_password(SERVICE, address)
        except Exception:  # noqa: BLE001 - nothing stored, or the keyring refused: nothing to forget
            pass


def _priority(backend: object) -> float:
    try:
        return float(getattr(backend, "priority", 1))
    except Exception:  # noqa: BLE001 - some backends compute it and may fail
        return 0.0


api_keys = ApiKeys()  # one per process: the memory fallback lasts the session
