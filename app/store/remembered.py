"""A passphrase remembered in the OS keyring (``keyring``), only if the person ticked "remember".

The keyring (Secret Service, macOS Keychain, Windows Credential Locker) keeps it encrypted under the
person's login; Hearth never writes it anywhere itself. Every keyring failure (no backend, a locked
keyring, a refused prompt) counts as "not remembered": unlocking then simply asks.
"""

from __future__ import annotations

import logging
from pathlib import Path

log = logging.getLogger(__name__)
SERVICE = "Hearth diary"


def _account(data_dir: Path) -> str:
    return str(Path(data_dir).resolve())


def recall(data_dir: Path) -> str | None:
    """The remembered passphrase of the diary in ``data_dir``, or None."""
    try:
        import keyring

        return keyring.get_password(SERVICE, _account(data_dir))
    except Exception as exc:  # noqa: BLE001 - any keyring trouble means "ask the person"
        log.info("keyring unavailable: %s", type(exc).__name__)
        return None


def remember(data_dir: Path, passphrase: str) -> bool:
    """Keep the passphrase in the keyring; False if there is no usable keyring."""
    try:
        import keyring

        keyring.set_password(SERVICE, _account(data_dir), passphrase)
        return True
    except Exception as exc:  # noqa: BLE001
        log.info("keyring unavailable: %s", type(exc).__name__)
        return False


def forget(data_dir: Path) -> None:
    """Remove a remembered passphrase (turning encryption off or changing it)."""
    try:
        import keyring

        keyring.delete_password(SERVICE, _account(data_dir))
    except Exception:  # noqa: BLE001 - nothing remembered, or no keyring
        pass
