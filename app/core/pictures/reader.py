"""Reading the text in a picture with Tesseract, on this machine, at low priority.

Why Tesseract's own command and not pytesseract: pytesseract writes the picture to a temporary file, and a
picture from an encrypted diary must never touch the disk decrypted. Here the picture goes to ``tesseract``
through a pipe (``stdin``) and the text comes back the same way. The process runs at nice 10 with one
OpenMP thread, so a page being read never slows the window or a reply.

English and Russian (``eng+rus``) when both are installed, else whichever is; none: ``available`` is False
and the app says so once, with ``INSTALL_COMMAND``.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
import subprocess
import threading
from typing import Protocol

from PIL import Image

from app.core.errors import CoreError
from app.store import upright

log = logging.getLogger(__name__)

INSTALL_COMMAND = "sudo apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-rus"
WANTED_LANGUAGES = ("eng", "rus")
READ_TIMEOUT_S = 300.0
SMALL_EDGE = 1400  # a screenshot smaller than this is read at twice its size (Tesseract likes big letters)
LARGE_EDGE = 5000  # a photo larger than this is read at this size (time grows with the pixels)
NICE = 10


class TextReadFailed(CoreError):
    hint = "The picture is kept; its text can be read again later."


class TextReader(Protocol):
    """What the picture service needs of a text recogniser (a fake one in exact unit tests)."""

    def available(self) -> bool: ...

    def read(self, data: bytes) -> str: ...

    def cancel(self) -> None: ...


_INSTALLED: dict[str, set[str]] = {}  # tesseract command -> its languages, asked once a process


class TesseractReader:
    """``tesseract`` found on PATH (or ``command``), with the wanted languages it has."""

    def __init__(self, command: str | None = None) -> None:
        self._command = command or shutil.which("tesseract")
        self._languages: str | None = None
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._cancelled = False

    def available(self) -> bool:
        return bool(self._command) and bool(self.languages())

    def languages(self) -> str:
        """'eng+rus' (the wanted languages installed), '' when Tesseract or both languages are missing."""
        if self._languages is None:
            self._languages = "+".join(lang for lang in WANTED_LANGUAGES if lang in self._installed())
        return self._languages

    def _installed(self) -> set[str]:
        if not self._command:
            return set()
        if self._command not in _INSTALLED:
            _INSTALLED[self._command] = self._ask_languages()
        return _INSTALLED[self._command]

    def _ask_languages(self) -> set[str]:
        assert self._command is not None
        try:
            done = subprocess.run(
                [self._command, "--list-langs"], capture_output=True, text=True, timeout=30, check=False
            )
        except (OSError, subprocess.SubprocessError):
            return set()
        return {line.strip() for line in (done.stdout + done.stderr).splitlines()[1:]}

    def read(self, data: bytes) -> str:
        """The text in the picture (may be ''); ``TextReadFailed`` when Tesseract fails."""
        if not self.available() or self._command is None:
            raise TextReadFailed("Tesseract is not installed.")
        png = _prepared_png(data)
        command = [self._command, "stdin", "stdout", "-l", self.languages(), "--psm", "3"]
        env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
        with self._lock:
            if self._cancelled:
                raise TextReadFailed("Tesseract could not be started.")
            try:
                process = subprocess.Popen(
                    command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
                )
            except OSError as exc:
                raise TextReadFailed("Tesseract could not be started.") from exc
            self._process = process
        _lower_priority(process.pid)
        try:
            out, _err = process.communicate(png, timeout=READ_TIMEOUT_S)
        except subprocess.TimeoutExpired as exc:
            process.kill()
            process.communicate()
            raise TextReadFailed("Reading the picture's text took too long.") from exc
        finally:
            with self._lock:
                self._process = None
        if process.returncode != 0:
            log.warning("tesseract exited with %s", process.returncode)  # never the picture's text
            raise TextReadFailed("Tesseract could not read the picture.")
        return tidy(out.decode("utf-8", "replace"))


    def cancel(self) -> None:
        """Stop a reading in progress (Hearth is closing) and refuse new ones."""
        with self._lock:
            self._cancelled = True
            if self._process is not None:
                with contextlib.suppress(OSError):
                    self._process.kill()


def _lower_priority(pid: int) -> None:
    with contextlib.suppress(OSError, AttributeError):  # not on this system: it runs at normal priority
        os.setpriority(os.PRIO_PROCESS, pid, NICE)


def _prepared_png(data: bytes) -> bytes:
    """The picture upright, in grey, at a size Tesseract reads well, as PNG bytes (in memory only)."""
    image = upright(data).convert("L")
    edge = max(image.size)
    if edge < SMALL_EDGE:
        image = image.resize((image.width * 2, image.height * 2), Image.Resampling.LANCZOS)
    elif edge > LARGE_EDGE:
        image.thumbnail((LARGE_EDGE, LARGE_EDGE))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def tidy(text: str) -> str:
    """Tesseract's output without form feeds, trailing spaces and runs of empty lines."""
    lines = [line.rstrip() for line in text.replace("\f", "\n").splitlines()]
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip()
