"""A local stand-in for the Hugging Face hub, for testing downloads with the real huggingface-hub client.

It answers ``HEAD``/``GET {endpoint}/{repo}/resolve/{revision}/{filename}`` the way the hub answers for
an LFS file: ``X-Repo-Commit``, ``ETag`` and ``X-Linked-Etag`` (the file's sha256), ``X-Linked-Size``,
``Content-Length``, ``Accept-Ranges: bytes``, and ``206 Partial Content`` for ``Range: bytes=N-``.
Unknown repos/files get 404 with the hub's ``X-Error-Code`` so the client raises its usual errors.

Usage::

    from tests.hub_server import HubServer, fake_gguf

    with HubServer() as hub:                       # or the ``hub_server`` fixture below
        f = hub.add_file("org/Model-GGUF", "model.gguf", fake_gguf(4 << 20))
        entry = hub.catalog_entry(f)                # a CatalogEntry pointing at this file
        download_model(entry, dest, endpoint=hub.endpoint)

Knobs (set any time, from any thread):
    throttle_bps        limit the body rate (bytes per second), None = as fast as possible
    pause_at(offset)    stop sending once the file offset reaches ``offset`` and wait for ``resume()``
                        (``wait_paused()`` blocks until a response got there) — a deterministic "midway"
    drop_at(offset)     close the connection at that offset, once (a dropped connection)
    corrupt = True      serve wrong bytes (headers still announce the true sha256)
    offline = True      accept connections but close them without answering; ``stop()`` refuses them

What it saw: ``requests`` (a list of ``Served``: method, path, range start, status, bytes sent,
headers), ``bytes_served`` (body bytes of all GETs), ``wait_for_bytes(n)``.

The ``hub_server`` pytest fixture yields a started server and stops it afterwards. Import it into a test
module (``from tests.hub_server import hub_server  # noqa: F401``; ruff also wants ``# noqa: F811`` on
the parameter), list ``"tests.hub_server"`` in the root conftest's ``pytest_plugins``, or write a
three-line fixture around ``with HubServer() as hub``.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from app.llm.catalog import CatalogEntry

GGUF_MAGIC = b"GGUF"
SEND_BLOCK = 16 * 1024
_RESOLVE = re.compile(r"^/(?P<repo>[^/]+/[^/]+)/resolve/(?P<revision>[^/]+)/(?P<filename>.+)$")


def fake_gguf(size: int, seed: int = 7) -> bytes:
    """``size`` bytes that start like a GGUF file (magic + version 3), the rest pseudo-random."""
    header = GGUF_MAGIC + (3).to_bytes(4, "little")
    return header + random.Random(seed).randbytes(max(0, size - len(header)))


def catalog_toml(entries: list[CatalogEntry]) -> str:
    """The TOML text of a catalog listing ``entries`` (the format of ``app/resources/catalog.toml``)."""
    blocks = []
    for e in entries:
        langs = ", ".join(json.dumps(lang) for lang in e.languages)
        blocks.append(
            "[[model]]\n"
            + "".join(
                f"{key} = {json.dumps(getattr(e, key))}\n"
                for key in ("name", "title", "repo", "revision", "file", "size", "sha256", "license")
            )
            + f"languages = [{langs}]\nn_ctx_train = {e.n_ctx_train}\n"
            + f"default = {'true' if e.default else 'false'}\nnotes = {json.dumps(e.notes)}\n"
        )
    return "\n".join(blocks)


@dataclass
class HubFile:
    repo: str
    filename: str
    data: bytes
    commit: str
    sha256: str = ""

    def __post_init__(self) -> None:
        self.sha256 = hashlib.sha256(self.data).hexdigest()

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class Served:
    """One request as the server saw it."""

    method: str
    path: str
    range_start: int | None
    status: int = 0
    bytes_sent: int = 0
    headers: dict[str, str] = field(default_factory=dict)


class HubServer:
    """A threaded HTTP server on 127.0.0.1 (random port) that answers like the hub. See the module doc."""

    def __init__(self) -> None:
        self._files: dict[tuple[str, str], HubFile] = {}
        self._cond = threading.Condition()
        self._resume = threading.Event()
        self._pause_at: int | None = None
        self._paused = threading.Event()
        self._drop_at: int | None = None
        self.throttle_bps: int | None = None
        self.corrupt = False
        self.offline = False
        self.requests: list[Served] = []
        self.bytes_served = 0
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._port = 0

    # -- lifecycle -------------------------------------------------------------------------------------

    def start(self) -> HubServer:
        handler = type("HubHandler", (_Handler,), {"hub": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", self._port), handler)
        self._httpd.daemon_threads = True
        self._port = self._httpd.server_address[1]
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="hub-server", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop listening: new connections are refused (the port stays reserved for ``start()``). A response
        held by ``pause_at`` is let go: it goes on sending, and ends where its client has gone."""
        self._pause_at = None
        self._resume.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> HubServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    # -- content ---------------------------------------------------------------------------------------

    def add_file(self, repo: str, filename: str, data: bytes | Path, *, commit: str | None = None) -> HubFile:
        """Serve ``data`` (bytes, or a file's content) as ``repo/filename`` at every revision."""
        raw = data.read_bytes() if isinstance(data, Path) else data
        commit = commit or hashlib.sha1(repo.encode() + filename.encode()).hexdigest()
        hub_file = HubFile(repo, filename, raw, commit)
        self._files[(repo, filename)] = hub_file
        return hub_file

    def catalog_entry(self, hub_file: HubFile, *, name: str = "test-model", **changes: Any) -> CatalogEntry:
        """A catalog entry for ``hub_file`` with its true size and sha256 (override any field)."""
        values: dict[str, Any] = dict(
            name=name,
            title=f"Test model {name}",
            repo=hub_file.repo,
            file=hub_file.filename,
            size=hub_file.size,
            sha256=hub_file.sha256,
            license="test",
            languages=("en", "ru"),
            n_ctx_train=8192,
            default=False,
            notes="",
        )
        values.update(changes)
        return CatalogEntry(**values)

    def write_catalog(self, path: Path, entries: list[CatalogEntry]) -> Path:
        """Write ``entries`` as a catalog TOML (point ``HEARTH_CATALOG`` at it for the CLI or the app)."""
        path.write_text(catalog_toml(entries), encoding="utf-8")
        return path

    # -- knobs -----------------------------------------------------------------------------------------

    def pause_at(self, offset: int | None) -> None:
        """Hold every response once it has sent the file up to ``offset``, until ``resume()``."""
        self._pause_at = offset
        self._paused.clear()
        self._resume.clear()

    def wait_paused(self, timeout: float = 10) -> bool:
        return self._paused.wait(timeout)

    def resume(self) -> None:
        self._pause_at = None
        self._resume.set()

    def drop_at(self, offset: int | None) -> None:
        """Close the next connection that reaches ``offset`` (once)."""
        self._drop_at = offset

    # -- observations ----------------------------------------------------------------------------------

    def gets(self) -> list[Served]:
        return [r for r in self.requests if r.method == "GET"]

    def wait_for_bytes(self, n: int, timeout: float = 10) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self.bytes_served >= n, timeout)

    def _count(self, record: Served, n: int) -> None:
        with self._cond:
            record.bytes_sent += n
            self.bytes_served += n
            self._cond.notify_all()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    hub: HubServer

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def do_HEAD(self) -> None:
        self._answer(send_body=False)

    def do_GET(self) -> None:
        self._answer(send_body=True)

    def _answer(self, *, send_body: bool) -> None:
        hub = self.hub
        match = re.match(r"bytes=(\d+)-$", self.headers.get("Range", ""))
        record = Served(self.command, self.path, int(match.group(1)) if match else None)
        record.headers = {k.lower(): v for k, v in self.headers.items()}
        hub.requests.append(record)
        if hub.offline:
            self.close_connection = True
            return
        hub_file = self._lookup()
        if hub_file is None:
            return self._not_found(record)
        start = record.range_start or 0
        if start >= hub_file.size and record.range_start is not None:
            record.status = 416
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{hub_file.size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        record.status = 206 if record.range_start else 200
        self.send_response(record.status)
        self._file_headers(hub_file, start)
        self.end_headers()
        if send_body:
            self._send_body(hub_file, start, record)

    def _lookup(self) -> HubFile | None:
        match = _RESOLVE.match(self.path.split("?", 1)[0])
        if match is None:
            return None
        return self.hub._files.get((match.group("repo"), match.group("filename")))

    def _not_found(self, record: Served) -> None:
        match = _RESOLVE.match(self.path.split("?", 1)[0])
        known_repo = match is not None and any(repo == match.group("repo") for repo, _ in self.hub._files)
        record.status = 404
        self.send_response(404)
        self.send_header("X-Error-Code", "EntryNotFound" if known_repo else "RepoNotFound")
        self.send_header("X-Error-Message", "Entry not found" if known_repo else "Repository not found")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _file_headers(self, hub_file: HubFile, start: int) -> None:
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("X-Repo-Commit", hub_file.commit)
        self.send_header("ETag", f'"{hub_file.sha256}"')
        self.send_header("X-Linked-Etag", f'"{hub_file.sha256}"')
        self.send_header("X-Linked-Size", str(hub_file.size))
        self.send_header("Content-Length", str(hub_file.size - start))
        if start:
            self.send_header("Content-Range", f"bytes {start}-{hub_file.size - 1}/{hub_file.size}")

    def _send_body(self, hub_file: HubFile, start: int, record: Served) -> None:
        hub = self.hub
        data = bytes(b ^ 0x5A for b in hub_file.data) if hub.corrupt else hub_file.data
        offset = start
        try:
            while offset < hub_file.size:
                end = min(offset + SEND_BLOCK, hub_file.size)
                for limit in (hub._pause_at, hub._drop_at):
                    if limit is not None and offset < limit < end:
                        end = limit
                if hub._drop_at is not None and offset >= hub._drop_at:
                    hub._drop_at = None
                    self.close_connection = True
                    return
                if hub._pause_at is not None and offset >= hub._pause_at:
                    hub._paused.set()
                    hub._resume.wait()
                    continue
                self.wfile.write(data[offset:end])
                self.wfile.flush()
                hub._count(record, end - offset)
                if hub.throttle_bps:  # the simulated network, not a test waiting
                    time.sleep((end - offset) / hub.throttle_bps)
                offset = end
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


@pytest.fixture
def hub_server() -> Iterator[HubServer]:
    """A started ``HubServer``; stopped (and any paused response released) after the test."""
    with HubServer() as server:
        yield server
