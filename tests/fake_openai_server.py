"""A scripted OpenAI-compatible server on 127.0.0.1 for exact tests of the client (never the only test).

Routes answer from ``routes`` (path → ``(status, json)`` or a callable taking the request body); the chat
route streams ``chunks`` as server-sent events (or what ``chunks()`` returns for each request, when it is a
callable). ``hang`` makes every request wait (a server that accepts
the connection but never answers) until ``release`` is set; ``chat_reject`` may answer a chat request
with an error instead. Every request is recorded in ``requests``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Route = tuple[int, Any] | Callable[[dict[str, Any]], tuple[int, Any]]


class FakeServer:
    def __init__(
        self,
        routes: dict[str, Route] | None = None,
        chunks: list[dict[str, Any]] | Callable[[], list[dict[str, Any]]] | None = None,
    ) -> None:
        models: Route = (200, {"data": [{"id": "fake-model"}]})
        self.routes: dict[str, Route] = {"/v1/models": models, **(routes or {})}
        self.chunks = chunks if chunks is not None else default_chunks()
        self.requests: list[tuple[str, str, dict[str, Any], dict[str, str]]] = []
        self.hang = False
        self.release = threading.Event()
        self.hanging = threading.Event()  # set when a request arrived and hangs (``hang``)
        self.end_stream_early = False  # close the stream after the chunks without [DONE]
        self.chat_reject: Callable[[dict[str, Any]], tuple[int, Any] | None] | None = None
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def __enter__(self) -> FakeServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                self._answer({})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                self._answer(body)

            def _answer(self, body: dict[str, Any]) -> None:
                server.requests.append((self.command, self.path, body, dict(self.headers)))
                if server.hang:
                    server.hanging.set()
                    server.release.wait(30)
                    return
                rejected = server.chat_reject(body) if server.chat_reject and "messages" in body else None
                if rejected is not None:
                    self._json(*rejected)
                    return
                streamed = body.get("stream") and self.path not in server.routes
                if self.path == "/v1/chat/completions" and streamed:
                    self._stream()
                    return
                route = server.routes.get(self.path)
                if route is None:
                    self._json(404, {"error": {"message": f"no route {self.path}"}})
                    return
                status, value = route(body) if callable(route) else route
                self._json(status, value)

            def _json(self, status: int, value: Any) -> None:
                data = json.dumps(value).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _stream(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                chunks = server.chunks() if callable(server.chunks) else server.chunks
                for chunk in chunks:
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.flush()
                if not server.end_stream_early:
                    self.wfile.write(b"data: [DONE]\n\n")
                self.close_connection = True

        return Handler


def default_chunks(words: tuple[str, ...] = ("Hello", " there", ".")) -> list[dict[str, Any]]:
    chunks: list[dict[str, Any]] = [
        {"choices": [{"delta": {"content": w}, "finish_reason": None}]} for w in words
    ]
    chunks.append({"choices": [{"delta": {}, "finish_reason": "stop"}]})
    return chunks
