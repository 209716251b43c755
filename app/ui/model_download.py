"""A model download driven from the GUI: off the UI thread, throttled progress, cancel and resume.

``app.llm.download.download_model`` does the real work (resumable, sha256-verified) on the
``TaskRunner``; it reports progress from its worker thread many times a second. This controller keeps
only the newest report and hands it to the main thread at most every ``PROGRESS_INTERVAL_S`` (a progress
bar needs ten updates a second, not a thousand), then re-emits the outcome as signals. Cancelling sets a
``threading.Event`` the download checks between chunks; the partial file stays, so a later ``start``
of the same entry resumes where it stopped.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal

from app.llm.catalog import CatalogEntry
from app.llm.download import DownloadProgress, download_model
from app.llm.errors import DownloadCancelled
from app.ui.i18n import Plurals, data_size
from app.ui.tasks import TaskRunner

PROGRESS_INTERVAL_S = 0.1


def format_duration(seconds: float) -> str:
    """"about 3 min left"-style wording: people want an estimate, not a stopwatch."""
    if seconds < 60:
        return Plurals().seconds_left(max(1, round(seconds)))
    if seconds < 3600:
        return Plurals().minutes_left(round(seconds / 60))
    hours, minutes = divmod(round(seconds / 60), 60)
    return QCoreApplication.translate("ModelDownload", "about {hours} h {minutes} min left").format(
        hours=hours, minutes=f"{minutes:02d}")


def format_progress(progress: DownloadProgress) -> str:
    """"42% · 0.9 of 2.1 GB · 3.4 MB/s · about 5 min left"."""
    parts = [f"{progress.percent:.0f}%"]
    if progress.total:
        parts.append(QCoreApplication.translate("ModelDownload", "{done} of {total}").format(
            done=data_size(progress.downloaded), total=data_size(progress.total)))
    else:
        parts.append(data_size(progress.downloaded))
    if progress.rate_bps > 0:
        rate = QCoreApplication.translate("ModelDownload", "{size}/s")  # QA: "5,2 МБ/s"
        parts.append(rate.format(size=data_size(progress.rate_bps)))
    if progress.eta_s is not None and progress.downloaded < progress.total:
        parts.append(format_duration(progress.eta_s))
    return " · ".join(parts)


class ModelDownload(QObject):
    """One download at a time. Signals arrive on the main thread.

    ``progress(DownloadProgress)``, ``finished(Path)``, ``cancelled(DownloadCancelled)`` when the person
    cancelled (the partial file is kept), ``failed(exception)`` for every other error.
    """

    started = Signal(object)  # the CatalogEntry
    progress = Signal(object)
    finished = Signal(object)
    cancelled = Signal(object)
    failed = Signal(object)

    def __init__(self, runner: TaskRunner, dest_dir: Path, *, endpoint: str | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.dest_dir = Path(dest_dir)
        self.endpoint = endpoint
        self.entry: CatalogEntry | None = None
        self.last_progress: DownloadProgress | None = None
        self.reporter: QObject | None = None  # the dialog that loads the result / shows the error
        self._cancel: threading.Event | None = None
        self._lock = threading.Lock()
        self._latest: DownloadProgress | None = None
        self._last_sent = 0.0

    @property
    def running(self) -> bool:
        return self._cancel is not None

    def start(self, entry: CatalogEntry) -> bool:
        """Start (or resume) downloading ``entry``; False if a download is already running."""
        if self.running:
            return False
        cancel = threading.Event()
        self._cancel = cancel
        self.entry = entry
        self.last_progress = None
        self._last_sent = 0.0
        dest, endpoint = self.dest_dir, self.endpoint

        def work() -> Path:
            return download_model(entry, dest, on_progress=self._on_progress, cancel=cancel,
                                  endpoint=endpoint)

        self.runner.run(work, on_done=self._on_done, on_error=self._on_error, background=True)
        self.started.emit(entry)
        return True

    def cancel(self) -> None:
        """Ask the download to stop; ``cancelled`` follows once it has (within one chunk)."""
        if self._cancel is not None:
            self._cancel.set()

    def _on_progress(self, progress: DownloadProgress) -> None:
        """Worker thread: remember the newest report; schedule delivery if the last one is old enough."""
        now = time.monotonic()
        with self._lock:
            self._latest = progress
            due = now - self._last_sent >= PROGRESS_INTERVAL_S or progress.downloaded >= progress.total > 0
            if due:
                self._last_sent = now
        if due:
            self.runner.call_in_main(self._deliver_progress)

    def _deliver_progress(self) -> None:
        with self._lock:
            progress, self._latest = self._latest, None
        if progress is not None and self._cancel is not None:
            self.last_progress = progress
            self.progress.emit(progress)

    def _on_done(self, path: Path) -> None:
        self._deliver_progress()
        self._cancel = None
        self.finished.emit(Path(path))

    def _on_error(self, exc: BaseException) -> None:
        self._deliver_progress()
        self._cancel = None
        if isinstance(exc, DownloadCancelled):
            self.cancelled.emit(exc)
        else:
            self.failed.emit(exc)
