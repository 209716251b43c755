"""The test hub itself: a response held by ``pause_at`` must end when the server stops.

A test that paused a download and never resumed it (the download was cancelled) used to leave the
response's thread looping at full speed once ``stop()`` let it go: the pause still held, so it went round
``wait`` → ``continue`` for the rest of the session, taking Python's lock from every later test (CI's run
took three times as long)."""

from __future__ import annotations

import socket
import threading

from tests.hub_server import HubServer, fake_gguf

SIZE = 1024 * 1024


def _handler_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "process_request_thread" in t.name}


def test_a_paused_response_ends_when_the_server_stops() -> None:
    before = _handler_threads()
    with HubServer() as hub:
        hub_file = hub.add_file("org/model", "model.gguf", fake_gguf(SIZE))
        hub.pause_at(SIZE // 2)
        port = int(hub.endpoint.rsplit(":", 1)[1])
        client = socket.create_connection(("127.0.0.1", port), timeout=10)
        path = f"/{hub_file.repo}/resolve/main/{hub_file.filename}"
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        assert hub.wait_paused()
        started = _handler_threads() - before
        assert started, "the request is served on a handler thread"
        client.close()  # the client gave up (a cancelled download); nobody resumes
    for thread in started:
        thread.join(timeout=10)
    assert not any(t.is_alive() for t in started), "a handler thread outlived the server"
