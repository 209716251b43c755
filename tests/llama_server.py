"""A real OpenAI-compatible model server for tests: llama-cpp-python's ``llama_cpp.server`` on the tiny model.

Started on a free 127.0.0.1 port, ready once ``/v1/models`` answers (polled while waiting on the process,
so a server that dies at start fails the test at once instead of after a timeout), stopped at the end.
"""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ALIAS = "smollm2"
READY_WITHIN_S = 120.0
# The servers compute on as many threads as the suite's own engines (``HEARTH_THREADS``, set by conftest).
LLAMA_THREADS = os.environ.get("HEARTH_THREADS", "1")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LlamaServer:
    """``python -m llama_cpp.server`` as a child process; ``url`` once ``start()`` returned."""

    name = "llama_cpp.server"

    def __init__(
        self, model_path: Path, *, n_ctx: int = 4096, api_key: str | None = None, interrupt: bool = True
    ) -> None:
        self.model_path = model_path
        self.n_ctx = n_ctx
        self.api_key = api_key
        self.interrupt = interrupt
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> LlamaServer:
        args = [sys.executable, "-m", "llama_cpp.server", "--model", str(self.model_path),
                "--model_alias", ALIAS, "--host", "127.0.0.1", "--port", str(self.port),
                "--n_ctx", str(self.n_ctx), "--verbose", "False",
                "--n_threads", LLAMA_THREADS, "--n_threads_batch", LLAMA_THREADS,
                # On by default, as people run it: the server then ends a streaming reply early when
                # any other request waits (a token count included). Hearth's counts wait for a reply
                # (``app.llm.server_gate``); a test may turn it off to see the difference.
                "--interrupt_requests", str(self.interrupt)]  # fmt: skip
        if self.api_key:
            args += ["--api_key", self.api_key]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + READY_WITHIN_S
        while time.monotonic() < deadline:
            if self._answers():
                return
            try:
                self.proc.wait(timeout=0.1)  # the poll interval doubles as a check that it is still alive
            except subprocess.TimeoutExpired:
                continue
            err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
            raise RuntimeError(f"{self.name} exited with {self.proc.returncode}: {err[-2000:]}")
        self.stop()
        raise RuntimeError(f"{self.name} did not answer within {READY_WITHIN_S} s")

    def _answers(self) -> bool:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
        try:
            headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
            conn.request("GET", "/v1/models", headers=headers)
            return conn.getresponse().status == 200
        except OSError:
            return False
        finally:
            conn.close()

    def kill(self) -> None:
        """Go away at once, as a crashed or unplugged server does (SIGKILL: no goodbye)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()
        if self.proc.stderr:
            self.proc.stderr.close()

    def __enter__(self) -> LlamaServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


LLAMA_CPP_SERVER_BIN = Path(__file__).resolve().parents[1] / ".cache" / "llama-server" / "llama-server"


class LlamaCppServer(LlamaServer):
    """llama.cpp's own ``llama-server`` (built by ``make llama-server`` into .cache/) on the tiny model.

    Two slots of ``n_ctx`` tokens each (one for the chat, one for background work, as Hearth asks a llama.cpp
    server with two slots or more), and ``--cache-reuse 16`` — what Hearth's own engine does in process —
    so the pipeline benchmark on this server compares like with like. The API is on loopback only.
    """

    name = "llama-server"

    def __init__(self, model_path: Path, *, n_ctx: int = 4096, api_key: str | None = None,
                 binary: Path = LLAMA_CPP_SERVER_BIN) -> None:  # fmt: skip
        super().__init__(model_path, n_ctx=n_ctx, api_key=api_key)
        self.binary = binary

    def start(self) -> LlamaCppServer:
        args = [str(self.binary), "--model", str(self.model_path), "--alias", ALIAS,
                "--host", "127.0.0.1", "--port", str(self.port), "--ctx-size", str(2 * self.n_ctx),
                "--parallel", "2", "--no-kv-unified", "--cache-reuse", "16",
                "--threads", LLAMA_THREADS, "--threads-batch", LLAMA_THREADS,
                "--log-disable"]  # fmt: skip
        if self.api_key:
            args += ["--api-key", self.api_key]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self._wait_ready()
        return self


def llama_cpp_server_missing() -> str | None:
    """Why the llama.cpp server tests cannot run here, or None (CI builds it: `make llama-server`)."""
    if LLAMA_CPP_SERVER_BIN.is_file() and os.access(LLAMA_CPP_SERVER_BIN, os.X_OK):
        return None
    return f"llama.cpp's llama-server is not built ({LLAMA_CPP_SERVER_BIN}); run `make llama-server`"
