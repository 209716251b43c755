"""The UI bench's model download, served from a process of its own.

A person's download comes from another machine; a test hub in the app's own process (``tests.hub_server``)
would be Python code sending the file in 64 KiB slices beside the window's thread, holding the same lock
the window needs — the bench would partly measure its own server. Here the hub runs in a child process
(spawned, not forked: the parent runs Qt), serving the same throttled file; the parent makes the catalog
entry from the same bytes. The child stops when asked, or when the parent goes away (its pipe closes).

The child runs at the lowest priority (nice 19): it stands in for a machine of its own, whose CPU the
window never shares. At the window's priority its sending thread (a 64 KiB slice every few milliseconds,
woken by its throttle's timer) took a core from the window's thread on the bench's two cores, a cost no
real download has.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any

from tests.hub_server import HubServer, fake_gguf

REPO, FILENAME = "bench/Model-GGUF", "bench.gguf"
START_TIMEOUT_S = 60.0


def _serve(conn: Connection, throttle_bps: int, size: int) -> None:
    with contextlib.suppress(OSError):  # where it is not allowed, the hub shares the cores as it is
        os.nice(19 - os.nice(0))
    hub = HubServer()
    hub.throttle_bps = throttle_bps
    hub.add_file(REPO, FILENAME, fake_gguf(size))
    hub.start()
    conn.send(hub.endpoint)
    with contextlib.suppress(EOFError):  # EOFError: the parent is gone
        conn.recv()  # "stop"
    hub.stop()


class HubInChild:
    """``with HubInChild(bps, size) as hub:`` — ``hub.endpoint`` and ``hub.entry`` (its catalog entry)."""

    def __init__(self, throttle_bps: int, size: int) -> None:
        self._throttle_bps = throttle_bps
        self._size = size
        self.endpoint = ""
        self.entry: Any = None

    def __enter__(self) -> HubInChild:
        context = multiprocessing.get_context("spawn")
        self._conn, child_end = context.Pipe()
        self._process = context.Process(
            target=_serve, args=(child_end, self._throttle_bps, self._size), name="bench-hub", daemon=True
        )
        self._process.start()
        child_end.close()
        if not self._conn.poll(START_TIMEOUT_S):
            self._process.kill()
            raise SystemExit(f"the bench's hub process did not start within {START_TIMEOUT_S:.0f} s")
        self.endpoint = str(self._conn.recv())
        local = HubServer()  # not started: only its catalog entry for the same bytes
        self.entry = local.catalog_entry(local.add_file(REPO, FILENAME, fake_gguf(self._size)))
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        with contextlib.suppress(OSError):  # the child is already gone
            self._conn.send("stop")
        self._process.join(5)
        if self._process.is_alive():
            self._process.kill()
        self._conn.close()
