"""The download's progress in a terminal: one refreshing stderr line, in the terminal's language."""

from __future__ import annotations

import time
from typing import TextIO

from app.cli.i18n import data_size, translate
from app.llm.download import DownloadProgress
from app.ui.tr_noop import QT_TRANSLATE_NOOP


class ProgressLine:
    """One refreshing stderr line: bar, percent, bytes, rate, ETA (throttled when not a terminal)."""

    WIDTH = 24

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.is_tty = stream.isatty()
        self._last_write = 0.0
        self._last_len = 0

    def update(self, p: DownloadProgress) -> None:
        now = time.monotonic()
        if not self.is_tty and now - self._last_write < 1.0 and p.phase != "done":
            return
        self._last_write = now
        text = format_progress(p, self.WIDTH)
        pad = " " * max(0, self._last_len - len(text))
        self._last_len = len(text)
        self.stream.write(f"\r{text}{pad}")
        self.stream.flush()

    def finish(self) -> None:
        if self._last_len:
            self.stream.write("\n")
            self.stream.flush()
            self._last_len = 0


def format_progress(p: DownloadProgress, width: int = 24) -> str:
    filled = int(width * min(p.percent, 100.0) / 100)
    bar = "#" * filled + "-" * (width - filled)
    text = f"[{bar}] {p.percent:5.1f}%  {data_size(p.downloaded)} / {data_size(p.total)}"
    if p.phase == "downloading":
        rate = translate("Cli", "{size}/s").format(size=data_size(p.rate_bps))
        left = translate("Cli", "ETA {time}").format(time=format_duration(p.eta_s))
        text += f"  {rate}  {left}"
    else:
        phase = PHASE_WORDS.get(p.phase)
        text += "  " + (translate("Cli", phase) if phase else p.phase)
    return text


PHASE_WORDS = {
    "waiting": QT_TRANSLATE_NOOP("Cli", "waiting for another download of this file"),
    "connecting": QT_TRANSLATE_NOOP("Cli", "connecting…"),
    "checking": QT_TRANSLATE_NOOP("Cli", "checking the part already downloaded…"),
    "verifying": QT_TRANSLATE_NOOP("Cli", "verifying…"),
    "done": QT_TRANSLATE_NOOP("Cli", "done, sha256 verified"),
}


def format_duration(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    seconds = int(seconds + 0.5)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
