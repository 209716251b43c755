"""Downloading a catalog model: resumable, cancellable, sha256-verified, through huggingface-hub.

Why not plain ``hf_hub_download``: the installed huggingface-hub (2.x) writes into a process-unique temp
file that it deletes on any failure, so an interrupted 2 GB download would start again from zero; and it
reads in 10 MB chunks, too coarse for a live progress bar or a Cancel button on a slow line. So the
transfer loop is ours, and everything hub-specific is the library's: the URL (``hf_hub_url``, honouring
``HF_ENDPOINT``), the metadata (``get_hf_file_metadata``: ``X-Linked-Etag`` is the file's sha256,
``X-Linked-Size`` its size, redirects to the CDN), its HTTP session and its error mapping.

Files in ``dest_dir`` (``data_dir/models``)::

    NAME.gguf                       appears only by an atomic rename after size and sha256 matched
    NAME.gguf.<sha16>.incomplete    the partial download: append-only, resumed with a Range request
    .NAME.gguf.lock                 one download of a file at a time, across threads and processes

Processes: the transfer (``Transfer``: the lock, the part file, the connection) runs in a child process
(``app.llm.download_process``), so its hundreds of chunks a second never take the app's Python lock from
the window. The calling thread (the CLI, or the GUI's model-manager worker) only watches what the child
reports: it calls ``on_progress`` every ~0.1 s and, once ``cancel`` is set, returns within a fraction of a
second even on a stalled connection; the child has stopped by then (or was killed), and the lock is free,
so a resumed download never writes beside a stale one. A child that dies is a ``DownloadError``; the part
file it leaves is resumed by the next try.

Privacy: nothing here runs unless the person asked for a download; no token is sent, telemetry is off.
What speaks to the hub (metadata, headers, error mapping) is in ``app.llm.hub``.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import hashlib
import os
import re
import shutil
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Protocol

from app.config import ensure_private_dir
from app.llm.catalog import CatalogEntry, format_bytes
from app.llm.download_process import DownloadChild, Job
from app.llm.errors import ChecksumMismatch, DownloadCancelled, DownloadError
from app.llm.hub import (
    Target,
    TransferRetry,
    classify_failure,
    refuse_if_offline,
    request_headers,
    resolve_endpoint,
    resolve_target,
)

PROGRESS_INTERVAL_S = 0.1
RATE_WINDOW_S = 5.0
STOP_GRACE_S = 0.5  # a cancelled caller waits this long at most for the child to stop, then kills it
CONNECT_TIMEOUT_S = 10.0
READ_TIMEOUT_S = 30.0
RETRY_DELAYS_S: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)  # per attempt without new bytes (sent with the job)
HASH_BLOCK = 4 * 1024 * 1024
DISK_MARGIN = 64 * 1024 * 1024

Phase = str  # "waiting" | "connecting" | "checking" | "downloading" | "verifying" | "done"


@dataclass(frozen=True)
class DownloadProgress:
    """A snapshot for a progress bar: bytes on disk so far, of how many, how fast, how long still."""

    downloaded: int
    total: int
    rate_bps: float
    eta_s: float | None
    phase: Phase = "downloading"

    @property
    def percent(self) -> float:
        return 100.0 * self.downloaded / self.total if self.total else 0.0


ProgressCallback = Callable[[DownloadProgress], None]


class _Stopped(Exception):
    """The caller cancelled; the worker unwinds quietly (the caller already raised DownloadCancelled)."""


def local_path(entry: CatalogEntry, dest_dir: Path) -> Path | None:
    """The finished, verified download, if present (only verified files ever get this name)."""
    path = dest_dir / entry.file
    return path if path.is_file() else None


def partial_bytes(entry: CatalogEntry, dest_dir: Path) -> int:
    """Bytes of an interrupted download waiting to be resumed (0 if none)."""
    sizes = [p.stat().st_size for p in dest_dir.glob(f"{glob.escape(entry.file)}.*.incomplete")]
    return max(sizes, default=0)


def download_model(
    entry: CatalogEntry,
    dest_dir: Path,
    *,
    on_progress: ProgressCallback | None = None,
    cancel: threading.Event | None = None,
    endpoint: str | None = None,
) -> Path:
    """Download ``entry`` into ``dest_dir`` and return the verified file's path.

    Resumes a partial download left by an earlier run. Raises ``DownloadCancelled`` (partial file kept),
    ``ChecksumMismatch`` (bad file removed) or ``DownloadError`` (with a hint) — never leaves a file
    under the final name that has not been verified.
    """
    refuse_if_offline()
    job = Job(entry, ensure_private_dir(dest_dir), resolve_endpoint(endpoint), RETRY_DELAYS_S)
    transfer = DownloadChild(job)
    reporter = _ProgressReporter(on_progress)
    transfer.start()
    try:
        while not transfer.done.wait(PROGRESS_INTERVAL_S):
            if cancel is not None and cancel.is_set():
                raise DownloadCancelled(
                    f"Download of {entry.title} paused at {format_bytes(transfer.downloaded)}"
                    f" of {format_bytes(transfer.total)}."
                )
            reporter.report(transfer)
    except BaseException:  # cancelled, Ctrl+C, or the progress callback failed
        transfer.stop(STOP_GRACE_S)
        raise
    if transfer.error is not None:
        raise transfer.error
    reporter.report(transfer, force=True)
    assert transfer.result is not None
    return transfer.result


class _Watched(Protocol):
    """A transfer's state as the reporter reads it (the child's, as ``DownloadChild`` last heard it)."""

    downloaded: int
    total: int
    phase: Phase


class _ProgressReporter:
    """Turns the worker's byte counter into ``DownloadProgress`` snapshots with a smoothed rate."""

    def __init__(self, callback: ProgressCallback | None) -> None:
        self._callback = callback
        self._samples: deque[tuple[float, int]] = deque()
        self._last: tuple[int, Phase] | None = None
        self._last_time = 0.0

    def report(self, transfer: _Watched, *, force: bool = False) -> None:
        if self._callback is None:
            return
        now = time.monotonic()
        state = (transfer.downloaded, transfer.phase)
        if not force and state == self._last and now - self._last_time < 1.0:
            return
        self._last, self._last_time = state, now
        self._callback(self._snapshot(transfer, now))

    def _snapshot(self, transfer: _Watched, now: float) -> DownloadProgress:
        downloaded, total = transfer.downloaded, transfer.total
        if transfer.phase != "downloading":
            self._samples.clear()
        self._samples.append((now, downloaded))
        while self._samples and now - self._samples[0][0] > RATE_WINDOW_S:
            self._samples.popleft()
        (t0, d0), (t1, d1) = self._samples[0], self._samples[-1]
        rate = (d1 - d0) / (t1 - t0) if t1 > t0 and d1 >= d0 else 0.0
        eta = (total - downloaded) / rate if rate > 0 and total >= downloaded else None
        return DownloadProgress(downloaded, total, rate, eta, transfer.phase)


class Transfer(threading.Thread):
    """The worker: lock, resolve, resume, stream, verify, rename. Reports through plain attributes.

    It runs in the download's child process (``app.llm.download_process.main``), never in the app's."""

    def __init__(
        self, entry: CatalogEntry, dest_dir: Path, endpoint: str, retry_delays_s: tuple[float, ...]
    ) -> None:
        super().__init__(name=f"hearth-download-{entry.name}", daemon=True)
        self.entry, self.dest_dir, self.endpoint = entry, dest_dir, endpoint
        self.retry_delays_s = retry_delays_s
        self.stop = threading.Event()
        self.done = threading.Event()
        self.phase: Phase = "connecting"  # "waiting" only once another download holds the file's lock
        self.downloaded = 0
        self.total = entry.size
        self.result: Path | None = None
        self.error: BaseException | None = None
        self._part: Path | None = None
        self._hasher: Any = hashlib.sha256()

    def run(self) -> None:
        try:
            self.result = self._locked_download()
            self.phase = "done"
        except _Stopped:
            pass
        except BaseException as exc:  # reported to the app by the child's main thread
            self.error = exc
        finally:
            self.done.set()

    def _locked_download(self) -> Path:
        import filelock  # a dependency of huggingface-hub

        lock = filelock.FileLock(str(self.dest_dir / f".{self.entry.file}.lock"))
        while True:  # wait for another download of the same file, but stay cancellable
            if self.stop.is_set():
                raise _Stopped
            try:
                lock.acquire(timeout=0.25)
                break
            except filelock.Timeout:
                self.phase = "waiting"  # (QA: every download said so first, with no other one running)
                continue
        try:
            final = self.dest_dir / self.entry.file
            if final.is_file() and final.stat().st_size == (self.entry.size or final.stat().st_size):
                self.downloaded = self.total = final.stat().st_size
                return final  # finished by an earlier run or another process
            return self._download(final)
        finally:
            lock.release()

    def _download(self, final: Path) -> Path:
        failures = 0
        while True:
            before = self.downloaded
            try:
                self.phase = "connecting"
                target = resolve_target(self.entry, self.endpoint)
                self.total = target.size
                if self._part is None:
                    self._open_part(target)
                    _check_disk_space(self.dest_dir, target.size - self.downloaded)
                if self.downloaded < target.size:
                    self._stream(target)
                if self.downloaded >= target.size:
                    break
                raise TransferRetry(f"the connection closed after {self.downloaded} of {target.size} bytes")
            except _Stopped:
                raise
            except Exception as exc:
                retryable, error = classify_failure(exc, self.entry, self.endpoint)
                if not retryable:
                    raise error from exc
                failures = 0 if self.downloaded > before else failures + 1
                if failures > len(self.retry_delays_s):
                    raise error from exc
                if self.stop.wait(self.retry_delays_s[failures - 1] if failures else 0.0):
                    raise _Stopped from exc
        return self._verify_and_publish(target, final)

    def _open_part(self, target: Target) -> None:
        """The partial file for exactly this sha256 (stale partials of other versions are removed)."""
        part = self.dest_dir / f"{self.entry.file}.{target.sha256[:16]}.incomplete"
        for stale in self.dest_dir.glob(f"{glob.escape(self.entry.file)}.*.incomplete"):
            if stale != part:
                stale.unlink(missing_ok=True)
        size = part.stat().st_size if part.exists() else 0
        if size > target.size:
            part.unlink()
            size = 0
        self.phase, self.downloaded = "checking", size
        self._part, self._hasher = part, hashlib.sha256()
        if size:
            with part.open("rb") as fh:
                while block := fh.read(HASH_BLOCK):
                    if self.stop.is_set():
                        raise _Stopped
                    self._hasher.update(block)

    def _start_over(self) -> None:
        assert self._part is not None
        self._part.unlink(missing_ok=True)
        self.downloaded, self._hasher = 0, hashlib.sha256()

    def _stream(self, target: Target) -> None:
        """One GET from ``self.downloaded`` on, appended to the part file and hashed as it arrives."""
        import httpx2
        from huggingface_hub.utils import get_session, hf_raise_for_status

        assert self._part is not None
        headers = request_headers()
        if self.downloaded:
            headers["Range"] = f"bytes={self.downloaded}-"
        timeout = httpx2.Timeout(CONNECT_TIMEOUT_S, read=READ_TIMEOUT_S)
        with get_session().stream("GET", target.url, headers=headers, timeout=timeout) as response:
            if response.status_code == 416:
                self._start_over()
                raise TransferRetry("the server could not resume the download")
            hf_raise_for_status(response)
            if self.downloaded and response.status_code == 200:
                self._start_over()  # the server ignored the Range header: it sends the whole file
            elif response.status_code == 206 and not _range_starts_at(response, self.downloaded):
                raise TransferRetry("the server resumed at the wrong offset")
            self.phase = "downloading"
            with _append(self._part) as fh:
                for chunk in response.iter_bytes():
                    if self.stop.is_set():
                        raise _Stopped
                    _write_all(fh, chunk)
                    self._hasher.update(chunk)
                    self.downloaded += len(chunk)
                    if self.downloaded > target.size:
                        break
                fh.flush()
                os.fsync(fh.fileno())

    def _verify_and_publish(self, target: Target, final: Path) -> Path:
        assert self._part is not None
        self.phase = "verifying"
        digest = self._hasher.hexdigest()
        if self.downloaded != target.size or digest != target.sha256:
            self._part.unlink(missing_ok=True)
            raise ChecksumMismatch(  # that it was removed is the hint's to say (QA: it was said twice)
                f"The downloaded {self.entry.file} is not the expected file (sha256 {digest[:12]}…,"
                f" {self.downloaded} bytes; expected {target.sha256[:12]}…, {target.size} bytes)."
            )
        os.replace(self._part, final)
        return final


def _check_disk_space(dest_dir: Path, needed: int) -> None:
    free = shutil.disk_usage(dest_dir).free
    if needed > 0 and free < needed + DISK_MARGIN:  # the margin said too (QA: "needs 21 MB, 82 MB is free")
        raise DownloadError(
            f"Not enough disk space: the download needs {format_bytes(needed)} more and"
            f" {format_bytes(DISK_MARGIN)} to spare; {format_bytes(free)} is free in {dest_dir}.",
            "Free some disk space, then download the model again.",
        )


def _range_starts_at(response: Any, offset: int) -> bool:
    match = re.match(r"bytes (\d+)-", response.headers.get("Content-Range", ""))
    return match is not None and int(match.group(1)) == offset


def _write_all(fh: BinaryIO, chunk: bytes) -> None:
    """An unbuffered write may take only part of the chunk: write until all of it is in the file."""
    view = memoryview(chunk)
    while view:
        written = fh.write(view)
        if not written:
            raise OSError(errno.ENOSPC, "the disk took no more of the download")
        view = view[written:]


@contextlib.contextmanager
def _append(path: Path) -> Any:
    """Open the part file for appending, private to the person (0600), unbuffered.

    Unbuffered, what the progress reports as downloaded is in the file: a download paused on a stalled
    connection (the worker blocked in a read) keeps every byte it counted, and resumes from there.
    """
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    fh: BinaryIO = os.fdopen(fd, "ab", buffering=0)
    try:
        yield fh
    finally:
        fh.close()
