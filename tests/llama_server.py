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


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LlamaServer:
    """``python -m llama_cpp.server`` as a child process; ``url`` once ``start()`` returned."""

    def __init__(self, model_path: Path, *, n_ctx: int = 4096, api_key: str | None = None) -> None:
        self.model_path = model_path
        self.n_ctx = n_ctx
        self.api_key = api_key
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> LlamaServer:
        args = [sys.executable, "-m", "llama_cpp.server", "--model", str(self.model_path),
                "--model_alias", ALIAS, "--host", "127.0.0.1", "--port", str(self.port),
                "--n_ctx", str(self.n_ctx), "--verbose", "False", "--n_threads", "2"]  # fmt: skip
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
            raise RuntimeError(f"llama_cpp.server exited with {self.proc.returncode}: {err[-2000:]}")
        self.stop()
        raise RuntimeError(f"llama_cpp.server did not answer within {READY_WITHIN_S} s")

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
