"""What the app's worker children share: how one is started, and how one is stopped.

The meaning model (``app.llm.embedding_process``) and a model download (``app.llm.download_process``) each
run in a process of their own, so their work never holds the window's Python lock. Both children read
their orders on stdin and take its end as the signal to stop; both are started the same way, as
``python -m MODULE`` or, in the packaged app (which has no ``-m``), as the executable with a worker
argument that ``packaging/hearth_main.py`` dispatches.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

# The packaged app's executable serves the app's model (``app.llm.model_process``) when its first argument is
# this. Kept here, with nothing heavy imported, because the packaged entry point reads it at every start.
MODEL_WORKER_ARGUMENT = "--hearth-model-worker"

# The child starts in the folder that holds the ``app`` package (the project, or site-packages): ``-m``
# puts its working folder first on the module path, and the app's own may hold a folder named like a module.
CHILD_CWD = None if getattr(sys, "frozen", False) else str(Path(__file__).resolve().parents[2])


# A terminal's Ctrl+C goes to its whole foreground process group. A child in a group of its own is spared it:
# only the app gets it, and the app stops its children (else a child dies first, and the app says what that
# means: "the model's process stopped", "the download failed", when the person only pressed Ctrl+C).
OWN_PROCESS_GROUP = 0 if os.name == "posix" else None


def worker_command(module: str, worker_argument: str, *args: str) -> list[str]:
    """How to start a child running ``module``'s ``main``: this interpreter with ``-m``, or the packaged
    executable with ``worker_argument``."""
    if getattr(sys, "frozen", False):
        return [sys.executable, worker_argument, *args]
    return [sys.executable, "-m", module, *args]


def stop_child(process: subprocess.Popen[bytes], timeout_s: float) -> None:
    """Close the child's stdin (its signal to stop), give it ``timeout_s`` to end on its own, then kill it.

    Closing rather than killing first lets a child finish what it is writing (an answer, a part file's
    last chunk); the kill bounds how long a stuck one can hold the caller."""
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()
    try:
        process.wait(timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
