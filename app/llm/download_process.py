"""A model download's transfer in a process of its own, so the bytes never hold the window's Python lock.

Why: every Python thread of the app shares one lock (the GIL). The transfer loop (read a chunk, hash it,
write it, count it) needs it hundreds of times a second, on a thread lowered to nice 15; the UI bench's
long ticks were the window's thread waiting for the lock while that thread, holding it, waited for a core
behind llama.cpp's. A child process has its own interpreter and lock: the app's threads only wait on a
pipe, which releases it. (``app.llm.embedding_process`` does the same for the meaning model.)

The parent's side is ``DownloadChild``, with what ``app.llm.download`` watches: ``phase``, ``downloaded``,
``total``, ``done``, then ``result`` or ``error``. The child (``main``) runs ``app.llm.download.Transfer``
— the lock file, the resumable part file, the Range requests, sha256, the atomic rename — exactly as a
thread of the app used to.

* The job goes down the child's stdin as one JSON line; stdin then stays open, and its end is the stop
  signal: the app cancelled (``stop``), or the app's process ended, however it ended. The child then
  stops the transfer at its next chunk, or at once if the connection is stalled: what it counted is in the
  part file (written unbuffered), and the lock is released with the process.
* Up its stdout come JSON lines: the progress when it changed (at most every ``PROGRESS_INTERVAL_S``),
  then the outcome — the file's path, or the typed error (``DownloadError``, ``ChecksumMismatch``) with
  its message and hint, which the parent raises as before.
* A child that ends without an outcome (killed, crashed) is a ``DownloadError`` saying so, with its exit
  code; the part file stays for the next try to resume. An app that exits while a download runs stops its
  child (``atexit``), and one that is killed leaves the child a closed stdin.
* Its stderr is not kept: the outcome comes by the pipe, so a library's message or a traceback there is
  never shown, and nothing about the transfer is logged (no URL, no header).
* It runs at its caller's priority: a child inherits the nice value of the thread that starts it (the
  GUI's lowered background worker; the CLI's own). Its process group is its own, so a terminal's Ctrl+C
  reaches only the app, which stops it.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import json
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Protocol

from app.llm import child_process
from app.llm.catalog import CatalogEntry
from app.llm.errors import ChecksumMismatch, DownloadCancelled, DownloadError

log = logging.getLogger(__name__)

# The packaged app's executable runs the child when its first argument is this (packaging/hearth_main.py).
WORKER_ARGUMENT = "--hearth-download-worker"
PROGRESS_INTERVAL_S = 0.1
CHILD_STOP_GRACE_S = 0.2  # the child waits this long for its transfer to let go before it exits anyway
_ERRORS: dict[str, type[DownloadError]] = {
    cls.__name__: cls for cls in (DownloadError, ChecksumMismatch, DownloadCancelled)
}


def worker_command() -> list[str]:
    """How to start the child: this interpreter, or the packaged executable (it has no ``python -m``)."""
    return child_process.worker_command("app.llm.download_process", WORKER_ARGUMENT)



@dataclass(frozen=True)
class Job:
    """What the child downloads, where, from which hub, and how patiently it retries."""

    entry: CatalogEntry
    dest_dir: Path
    endpoint: str
    retry_delays_s: tuple[float, ...]

    def to_line(self) -> bytes:
        fields = {"entry": dataclasses.asdict(self.entry), "dest_dir": str(self.dest_dir),
                  "endpoint": self.endpoint, "retry_delays_s": list(self.retry_delays_s)}
        return json.dumps(fields).encode("utf-8") + b"\n"

    @classmethod
    def from_line(cls, line: bytes) -> Job:
        fields = json.loads(line.decode("utf-8"))
        entry = dict(fields["entry"])
        entry["languages"] = tuple(entry["languages"])
        return cls(CatalogEntry(**entry), Path(fields["dest_dir"]), str(fields["endpoint"]),
                   tuple(float(d) for d in fields["retry_delays_s"]))


# -- the app's side -------------------------------------------------------------------------------------
class DownloadChild:
    """The transfer of one ``Job`` in a child process, seen from the app (see the module's docstring)."""

    def __init__(self, job: Job, command: Sequence[str] | None = None) -> None:
        self.job = job
        self.phase = "waiting"
        self.downloaded = 0
        self.total = job.entry.size
        self.result: Path | None = None
        self.error: DownloadError | None = None
        self.done = threading.Event()
        self._command = list(command) if command is not None else worker_command()
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def start(self) -> None:
        """Start the child and hand it the job; its messages are read by a thread that waits on the pipe."""
        try:
            process = subprocess.Popen(
                self._command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                cwd=child_process.CHILD_CWD, process_group=child_process.OWN_PROCESS_GROUP,
            )
        except OSError as exc:
            raise DownloadError(f"The download could not start ({type(exc).__name__}).") from None
        self._process = process
        _running.add(process)
        assert process.stdin is not None
        with contextlib.suppress(OSError):  # a child that died at once: the reader says how
            process.stdin.write(self.job.to_line())
            process.stdin.flush()
        watch = threading.Thread(target=self._read, args=(process,), name="hearth-download", daemon=True)
        watch.start()

    def stop(self, grace_s: float) -> None:
        """Ask the child to stop (it keeps what it downloaded), give it ``grace_s``, then kill it: either
        way the part file is whole up to what was counted and the lock is free when this returns."""
        if self._process is not None:
            child_process.stop_child(self._process, grace_s)

    def _read(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        try:
            for line in process.stdout:
                self._take(line)
        except (OSError, ValueError):  # ValueError: a pipe closed by stop()
            pass
        finally:
            code = process.wait()
            _running.discard(process)
            with contextlib.suppress(OSError):
                process.stdout.close()
            if self.result is None and self.error is None:
                if not _asked_to_stop(process):
                    log.error("the download's process stopped (exit code %s)", code)
                self.error = DownloadError(
                    f"The download stopped unexpectedly (its process ended with exit code {code});"
                    " what was downloaded is kept.",
                    "Start the download again: it resumes where it stopped.",
                )
            self.done.set()

    def _take(self, line: bytes) -> None:
        try:
            message = json.loads(line.decode("utf-8"))
            if "progress" in message:
                phase, downloaded, total = message["progress"]
                self.phase, self.downloaded, self.total = str(phase), int(downloaded), int(total)
            elif "result" in message:
                self.result = Path(message["result"])
            elif "error" in message:
                error = _ERRORS.get(str(message["error"]), DownloadError)
                self.error = error(str(message["message"]), str(message["hint"]))
        except (ValueError, TypeError, KeyError):
            log.warning("the download's process sent something unexpected")


_running: set[subprocess.Popen[bytes]] = set()


def _asked_to_stop(process: subprocess.Popen[bytes]) -> bool:
    return process.stdin is None or process.stdin.closed


@atexit.register
def _stop_all() -> None:
    """The app is exiting with a download still running: stop its child (a killed app closes the pipe)."""
    for process in list(_running):
        child_process.stop_child(process, CHILD_STOP_GRACE_S * 2)


# -- the child's side -----------------------------------------------------------------------------------
def main(argv: Sequence[str]) -> int:
    """The child: read the job, run the transfer, report it; stop when stdin ends."""
    from app.llm.download import Transfer

    messages = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a library that prints must not write into the messages
    line = _read_line(0)
    if not line:
        return 0  # the app went away before it said what to download
    job = Job.from_line(line)
    transfer = Transfer(job.entry, job.dest_dir, job.endpoint, job.retry_delays_s)
    threading.Thread(target=_stop_at_end_of_input, args=(0, transfer.stop), daemon=True).start()
    transfer.start()
    last: tuple[str, int, int] | None = None
    while not transfer.done.wait(PROGRESS_INTERVAL_S):
        if transfer.stop.is_set():
            transfer.done.wait(CHILD_STOP_GRACE_S)
            os._exit(0)  # the transfer may be stuck in a read: what it wrote is in the file
        last = _send_progress(messages, transfer, last)
    if transfer.stop.is_set():
        return 0  # stopped just as it ended: nobody reads the outcome
    _send_progress(messages, transfer, last)
    if transfer.result is not None:
        _send(messages, {"result": str(transfer.result)})
    else:
        error = _as_download_error(transfer.error)
        _send(messages, {"error": type(error).__name__, "message": str(error), "hint": error.hint})
    return 0


def _send_progress(
    messages: IO[bytes], transfer: _Reports, last: tuple[str, int, int] | None
) -> tuple[str, int, int]:
    state = (transfer.phase, transfer.downloaded, transfer.total)
    if state != last:
        _send(messages, {"progress": list(state)})
    return state


class _Reports(Protocol):
    """What the child reports of its transfer (``app.llm.download.Transfer``)."""

    phase: str
    downloaded: int
    total: int


def _send(messages: IO[bytes], message: dict[str, object]) -> None:
    with contextlib.suppress(OSError):  # the app is gone: nobody to tell
        messages.write(json.dumps(message).encode("utf-8") + b"\n")
        messages.flush()


def _as_download_error(error: BaseException | None) -> DownloadError:
    if isinstance(error, DownloadError):
        return error
    return DownloadError(f"The download failed: {error}")


def _read_line(fd: int) -> bytes:
    data = b""
    while not data.endswith(b"\n"):
        block = os.read(fd, 65536)
        if not block:
            return b""
        data += block
    return data


def _stop_at_end_of_input(fd: int, stop: threading.Event) -> None:
    with contextlib.suppress(OSError):
        while os.read(fd, 4096):
            pass
    stop.set()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
