"""Processes for ``tests/test_embedding_process.py``: the meaning model's child, and an app that starts one.

``python -m tests.embedding_worker_driver child FIFO`` serves ``app.llm.embedding_process.serve`` with a
stand-in model (4 dimensions, no weights) that misbehaves on cue, by the text it is given:

* ``die`` — SIGKILLs itself mid-request (a crash inside the model);
* ``hang`` — writes its process id into the FIFO and waits forever (the test kills it from outside);
* ``boom`` — raises an exception whose message holds the text (it must not reach the app's logs);
* ``print`` — prints to stdout first (a chatty library: the replies must stay whole).

``python -m tests.embedding_worker_driver app FIFO`` is an app: it starts such a child through a
``ProcessEmbedder``, has it embed one text, writes the child's process id on stdout and waits for stdin to
close — so the test can kill the app and see the child go with it.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Sequence

import numpy as np

from app.llm.embedding import Vectors
from app.llm.embedding_process import ProcessEmbedder, serve_stdio

DIM = 4
SECRET = "my secret diary words"


class StandIn:
    """A model that maps a text to a fixed unit vector by its length, and misbehaves on cue."""

    embedder_id = "stand-in:1"
    dim = DIM
    floor = 0.0

    def __init__(self, fifo: str) -> None:
        self._fifo = fifo

    def passages(self, texts: Sequence[str]) -> Vectors:
        return np.stack([self._vector(text) for text in texts])

    def query(self, text: str) -> Vectors:
        return self._vector(text)

    def _vector(self, text: str) -> Vectors:
        if text == "die":
            os.kill(os.getpid(), signal.SIGKILL)
        if text == "hang":
            with open(self._fifo, "w", encoding="utf-8") as fifo:
                fifo.write(f"{os.getpid()}\n")
            threading.Event().wait()
        if text == "boom":
            raise RuntimeError(f"could not embed {SECRET}")
        if text == "print":
            print("a library talking on stdout", flush=True)  # noqa: T201
        vector = np.zeros(DIM, dtype=np.float32)
        vector[len(text) % DIM] = 1.0
        return vector


def child_command(fifo: str) -> list[str]:
    return [sys.executable, "-m", "tests.embedding_worker_driver", "child", fifo]


def run_app(fifo: str) -> int:
    embedder = ProcessEmbedder(StandIn(fifo), child_command(fifo))
    embedder.passages(["hello"])
    print(embedder.child_pid, flush=True)  # noqa: T201
    sys.stdin.read()  # until the test closes it, or kills this process
    return 0


if __name__ == "__main__":
    role, fifo_path = sys.argv[1], sys.argv[2]
    sys.exit(serve_stdio(StandIn(fifo_path)) if role == "child" else run_app(fifo_path))
