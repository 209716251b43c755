"""Waiting for a process to end, for the tests of the app's child processes (meaning model, download)."""

from __future__ import annotations

import os
import select


def process_gone(pid: int, timeout: float) -> bool:
    """Wait up to ``timeout`` s for process ``pid`` to end: any process, not only a child of this one (a
    pidfd is readable once it has ended), so no sleep-and-poll."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([fd], [], [], timeout)
        return bool(readable)
    finally:
        os.close(fd)
