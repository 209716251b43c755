"""HTTP to a model server with the standard library: JSON calls, server-sent events, typed failures.

Why ``http.client`` and not a client library: Hearth needs three things — JSON requests, one SSE stream
it can abort from another thread within a second, and every failure as a typed error with a hint — and
the standard library does all three without a new dependency.

- ``HttpClient.get_json`` / ``post_json``: one call each; short JSON calls reuse one keep-alive
  connection per thread (token counting calls them often, from the budget thread).
- ``HttpClient.open_stream`` returns an ``EventStream``: ``events()`` yields each ``data:`` payload as a
  dict; ``abort()`` (any thread) shuts the socket down, so a blocked read returns at once — Stop works
  while the server is still processing the prompt and has sent nothing yet.
- ``HttpClient.hang_up()`` does the same to every request still waiting, and refuses new ones: a server
  that stopped answering (frozen, or on a network that went away without a word) would otherwise hold a
  closing Hearth for each call's whole timeout.

The API key travels only in the ``Authorization`` header and never appears in a message, a log or a repr.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import ssl
import threading
import weakref
from collections.abc import Iterator
from typing import Any

from app.llm.errors import (
    ServerAuthFailed,
    ServerContextTooSmall,
    ServerDisconnected,
    ServerError,
    ServerModelNotFound,
    ServerRejected,
    ServerTimeout,
    ServerTLSError,
    ServerUnreachable,
)
from app.llm.server_address import ServerAddress

JsonObject = dict[str, Any]
MAX_ERROR_BODY = 4000


class EndpointMissing(ServerRejected):
    """The server has no such route (404/405/501): a capability it lacks, not a failure of the request."""


class HttpClient:
    """Requests to one server address (the only one this client can reach)."""

    def __init__(
        self,
        address: ServerAddress,
        api_key: str | None = None,
        *,
        timeout_s: float = 300.0,
        connect_timeout_s: float = 5.0,
    ) -> None:
        self.address = address
        self._api_key = api_key or None
        self.timeout_s = timeout_s
        self.connect_timeout_s = connect_timeout_s
        self._local = threading.local()
        self._sockets: weakref.WeakSet[socket.socket] = weakref.WeakSet()  # connected, maybe waiting
        self._sockets_lock = threading.Lock()
        self.hung_up = False

    def __repr__(self) -> str:  # never the key
        return f"HttpClient({self.address.url!r})"

    # -- JSON calls --------------------------------------------------------------------------------
    def get_json(self, route: str, *, timeout_s: float | None = None) -> JsonObject:
        return self._call("GET", route, None, timeout_s)

    def post_json(self, route: str, body: JsonObject, *, timeout_s: float | None = None) -> JsonObject:
        return self._call("POST", route, body, timeout_s)

    def _call(self, method: str, route: str, body: JsonObject | None, timeout_s: float | None) -> JsonObject:
        """One request on this thread's keep-alive connection; a stale connection is retried once."""
        for attempt in (0, 1):
            conn = self._thread_connection()
            try:
                response = self._send(conn, method, route, body, read_timeout_s=timeout_s)
                data = response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as exc:
                self._drop_thread_connection()
                if attempt == 0:
                    continue
                raise ServerDisconnected(f"{self.address.url} closed the connection.") from exc
            except ServerError:
                self._drop_thread_connection()
                raise
            except Exception as exc:  # noqa: BLE001 - every transport failure becomes a typed error
                self._drop_thread_connection()
                raise self.transport_error(exc) from exc
            if response.will_close:
                self._drop_thread_connection()
            return _json_of(response.status, data, route)
        raise AssertionError("unreachable")  # pragma: no cover

    def post_json_on(self, stream: EventStream, route: str, body: JsonObject, *,
                     timeout_s: float | None = None) -> JsonObject:
        """One JSON request on ``stream``'s own connection, so that ``stream.abort()`` ends it at once (Stop
        while Hearth waits for the answer); raises ``StreamAborted`` then. The connection is closed after."""
        conn = stream.conn
        try:
            response = self._send(conn, "POST", route, body, stream=stream, read_timeout_s=timeout_s,
                                  accept="application/json")
            data = response.read()
        except ServerError:
            raise
        except Exception as exc:  # noqa: BLE001 - every transport failure becomes a typed error
            if stream.aborted:
                raise StreamAborted from exc
            raise self.transport_error(exc) from exc
        finally:
            conn.close()
        if stream.aborted:
            raise StreamAborted
        return _json_of(response.status, data, route)

    def _thread_connection(self) -> http.client.HTTPConnection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self.new_connection()
        return conn

    def _drop_thread_connection(self) -> None:
        conn = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            conn.close()

    # -- streams -----------------------------------------------------------------------------------
    def new_stream(self) -> EventStream:
        """A stream not yet sent: hand it to whoever may ``abort()`` it, then ``open_stream`` it."""
        return EventStream(self.new_connection(), self.address.url)

    def open_stream(self, stream: EventStream, route: str, body: JsonObject) -> EventStream:
        """POST ``body`` on ``stream``; errors before the first event are raised as typed errors.

        Raises ``StreamAborted`` if ``stream.abort()`` was called meanwhile (Stop while connecting or while
        the server processes the prompt and has not answered yet).
        """
        conn = stream.conn
        try:
            response = self._send(conn, "POST", route, body, stream=stream)
        except ServerError:
            conn.close()
            raise
        except Exception as exc:  # noqa: BLE001
            conn.close()
            if stream.aborted:
                raise StreamAborted from exc
            raise self.transport_error(exc) from exc
        if stream.aborted:
            conn.close()
            raise StreamAborted
        if response.status != 200:
            data = response.read()
            conn.close()
            raise error_for_status(response.status, data, route)
        stream.response = response
        return stream

    def hang_up(self) -> None:
        """End every request still waiting (each raises ``ServerDisconnected`` at once) and send no more."""
        with self._sockets_lock:
            self.hung_up = True
            waiting = list(self._sockets)
        for sock in waiting:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    # -- plumbing ----------------------------------------------------------------------------------
    def new_connection(self) -> http.client.HTTPConnection:
        a = self.address
        if a.scheme == "https":
            return http.client.HTTPSConnection(
                a.host, a.port, timeout=self.connect_timeout_s, context=ssl.create_default_context()
            )
        return http.client.HTTPConnection(a.host, a.port, timeout=self.connect_timeout_s)

    def _send(
        self,
        conn: http.client.HTTPConnection,
        method: str,
        route: str,
        body: JsonObject | None,
        *,
        stream: EventStream | None = None,
        read_timeout_s: float | None = None,
        accept: str | None = None,
    ) -> http.client.HTTPResponse:
        headers = {"Accept": accept or ("text/event-stream" if stream else "application/json")}
        payload = None
        if body is not None:
            payload = json.dumps(body, ensure_ascii=False).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        if self.hung_up:
            raise ServerDisconnected(f"The connection to {self.address.url} was closed.")
        if conn.sock is None:
            conn.timeout = self.connect_timeout_s
            conn.connect()
        assert conn.sock is not None
        conn.sock.settimeout(read_timeout_s or self.timeout_s)  # connected: now the wait for the answer
        with self._sockets_lock:
            self._sockets.add(conn.sock)
            if self.hung_up:  # between the check above and here: this one is ended too
                with contextlib.suppress(OSError):
                    conn.sock.shutdown(socket.SHUT_RDWR)
        if stream is not None:
            stream.attach(conn.sock)
        conn.request(method, self.address.path(route), body=payload, headers=headers)
        return conn.getresponse()

    def transport_error(self, exc: BaseException) -> ServerError:
        """What a socket-level failure means to the person."""
        url = self.address.url
        if isinstance(exc, ssl.SSLError | ssl.CertificateError):
            return ServerTLSError(f"The secure connection to {url} failed ({_reason(exc)}).")
        if isinstance(exc, TimeoutError | socket.timeout):
            return ServerTimeout(f"{url} did not answer within {self.timeout_s:.0f} s.")
        if isinstance(exc, ConnectionRefusedError):
            return ServerUnreachable(f"Nothing is listening at {url} (connection refused).")
        if isinstance(exc, socket.gaierror):
            return ServerUnreachable(f"The name {self.address.host} cannot be found.")
        if isinstance(exc, http.client.HTTPException | ConnectionError):
            return ServerDisconnected(f"{url} closed the connection ({type(exc).__name__}).")
        if isinstance(exc, OSError):
            return ServerUnreachable(f"{url} cannot be reached ({_reason(exc)}).")
        return ServerRejected(f"{url} sent something Hearth cannot read ({type(exc).__name__}).")


class StreamAborted(Exception):
    """Raised out of ``EventStream.events`` when ``abort()`` ended the stream (Stop, or a pre-emption)."""


class EventStream:
    """One server-sent-events response; iterate ``events()``, ``abort()`` from any thread."""

    def __init__(self, conn: http.client.HTTPConnection, url: str) -> None:
        self.conn = conn
        self._url = url
        self.sock: socket.socket | None = None
        self.response: http.client.HTTPResponse | None = None
        self.aborted = False
        self.finished = False  # the server sent [DONE]
        self._lock = threading.Lock()

    def attach(self, sock: socket.socket) -> None:
        """The stream's socket is connected; an ``abort()`` that came during the connect applies now."""
        with self._lock:
            self.sock = sock
            aborted = self.aborted
        if aborted:
            raise StreamAborted

    def abort(self) -> None:
        """End the stream now: the reading thread gets ``StreamAborted`` within a moment."""
        with self._lock:
            self.aborted = True
            sock = self.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def events(self) -> Iterator[JsonObject]:
        """Each ``data:`` payload until ``[DONE]``; ``ServerDisconnected`` if the server vanished."""
        assert self.response is not None
        try:
            for payload in self._payloads(self.response):
                if payload == "[DONE]":
                    self.finished = True
                    return
                try:
                    event = json.loads(payload)
                except ValueError:
                    continue  # a keep-alive or a comment the server formatted oddly
                if isinstance(event, dict):
                    yield event
        finally:
            self.close()

    def _payloads(self, response: http.client.HTTPResponse) -> Iterator[str]:
        while True:
            try:
                line = response.readline()
            except Exception as exc:  # noqa: BLE001 - a reset, a truncated chunk, a shut-down socket
                if self.aborted:
                    raise StreamAborted from exc
                raise ServerDisconnected(f"{self._url} stopped sending in the middle of the reply.") from exc
            if self.aborted:
                raise StreamAborted
            if not line:
                return
            text = line.decode("utf-8", errors="replace").strip()
            if text.startswith("data:"):
                yield text[len("data:") :].strip()

    def close(self) -> None:
        self.conn.close()


def error_for_status(status: int, data: bytes, route: str) -> ServerError:
    """A non-200 answer as a typed error, using the server's own words where it gave some."""
    message = _server_message(data)
    said = f" The server said: {message.rstrip('.')}." if message else ""
    lowered = message.lower()
    if status in (401, 403):
        return ServerAuthFailed(f"The server refused access (HTTP {status}).{said}")
    too_long = ("exceed", "too long", "n_ctx", "maximum context length")  # llama.cpp's, OpenAI's wordings
    if "context" in lowered and any(words in lowered for words in too_long):
        return ServerContextTooSmall(f"The prompt does not fit the server's context.{said}")
    if status == 404 and "model" in lowered:
        return ServerModelNotFound(f"The server has no such model.{said}")
    if status in (404, 405, 501):
        return EndpointMissing(f"The server has no {route} (HTTP {status}).")
    if status in (408, 504):
        return ServerTimeout(f"The server gave up waiting (HTTP {status}).{said}")
    return ServerRejected(f"The server answered HTTP {status}.{said}")


def _json_of(status: int, data: bytes, route: str) -> JsonObject:
    if status != 200:
        raise error_for_status(status, data, route)
    try:
        value = json.loads(data)
    except ValueError as exc:
        raise ServerRejected(f"The server's answer to {route} is not JSON.") from exc
    if not isinstance(value, dict):
        raise ServerRejected(f"The server's answer to {route} is not a JSON object.")
    return value


def _server_message(data: bytes) -> str:
    """``{"error": {"message": …}}``, ``{"detail": …}`` or the plain text, shortened."""
    text = data[:MAX_ERROR_BODY].decode("utf-8", errors="replace").strip()
    try:
        value = json.loads(text)
    except ValueError:
        return text[:300]
    if isinstance(value, dict):
        error = value.get("error", value.get("detail", value.get("message", "")))
        if isinstance(error, dict):
            error = error.get("message", "")
        if isinstance(error, list):  # FastAPI validation errors
            error = "; ".join(str(e.get("msg", e)) if isinstance(e, dict) else str(e) for e in error)
        return str(error)[:300]
    return text[:300]


def _reason(exc: BaseException) -> str:
    return str(getattr(exc, "reason", None) or getattr(exc, "strerror", None) or exc)[:200]
