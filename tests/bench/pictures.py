"""Pictures benchmark: ``python -m tests.bench.pictures --pictures 12 --json``.

Draws pictures with text (Qt offscreen, English and Russian) of three kinds — a screenshot-sized page
(1400×500 PNG), a phone photo of a page (3000×4000 JPEG) and a dense page of small print (2480×3508 PNG,
A4 at 300 dpi) — attaches them to a fresh diary and measures:
- ``prepare_ms``: checking a picture, stripping its location and making its thumbnail (per kind);
- ``ocr_s``: Tesseract (eng+rus, nice 10, one thread) per picture of each kind, and the words it found;
- the storage panel's figures (bytes per level) before and after the retention sweep drops originals.
Prints the load average with the figures: timings on a shared machine are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QImageWriter, QPainter

from app.core.pictures.reader import TesseractReader
from app.store import Diary, prepare_image

WORDS_EN = ["the", "harbour", "museum", "opens", "daily", "lighthouse", "tour", "on", "saturday",
            "tickets", "at", "the", "desk"]
WORDS_RU = ["музей", "гавани", "открыт", "ежедневно", "экскурсия", "на", "маяк", "в", "субботу",
            "билеты", "в", "кассе"]


def draw(width: int, height: int, lines: list[str], pixel: int, fmt: bytes) -> bytes:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#f6f2e8"))
    painter = QPainter(image)
    font = QFont("DejaVu Sans")
    font.setPixelSize(pixel)
    painter.setFont(font)
    painter.setPen(QColor("#202020"))
    step = int(pixel * 1.6)
    for n, line in enumerate(lines):
        painter.drawText(QRectF(pixel, pixel + n * step, width - 2 * pixel, step), Qt.AlignmentFlag.AlignLeft,
                         line)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    QImageWriter(buffer, QByteArray(fmt)).write(image)
    return bytes(data.data())


def kinds(n: int) -> dict[str, bytes]:
    words = WORDS_EN if n % 2 == 0 else WORDS_RU
    line = " ".join(words[n % 3:] + words[: n % 3])
    return {
        "screenshot": draw(1400, 500, [line[:60], line[60:], str(n)], 30, b"PNG"),
        "photo": draw(3000, 4000, [line[:40], line[40:], f"page {n}"], 110, b"JPEG"),
        "a4_page": draw(2480, 3508, [line] * 40, 48, b"PNG"),
    }


def run(pictures: int) -> dict[str, Any]:
    reader = TesseractReader()
    if not reader.available():
        raise SystemExit("Tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng "
                         "tesseract-ocr-rus)")
    prepare: dict[str, list[float]] = {}
    ocr: dict[str, list[float]] = {}
    sizes: dict[str, list[int]] = {}
    words_found: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory() as tmp, Diary.open(Path(tmp)) as diary:
        when = datetime(2026, 1, 1, 12, 0)
        conversation = diary.conversation_for_day(when.date())
        for n in range(pictures):
            for kind, data in kinds(n).items():
                started = time.perf_counter()
                image = prepare_image(data, f"{kind}-{n}.png")
                prepare.setdefault(kind, []).append((time.perf_counter() - started) * 1000)
                message = diary.add_entry_with_pictures(conversation.id, kind, [image], when)
                picture = diary.pictures([message.id])[message.id][0]
                started = time.perf_counter()
                text = reader.read(image.data)
                ocr.setdefault(kind, []).append(time.perf_counter() - started)
                sizes.setdefault(kind, []).append(len(image.data))
                words_found.setdefault(kind, []).append(len(text.split()))
                diary.set_picture_text(picture.id, "done", text, when)
        before = diary.storage_figures()
        dropped = diary.drop_originals_before(when + timedelta(days=31))
        after = diary.storage_figures()
    return {
        "pictures_per_kind": pictures,
        "file_bytes": {k: int(statistics.mean(v)) for k, v in sizes.items()},
        "prepare_ms_median": {k: round(statistics.median(v), 1) for k, v in prepare.items()},
        "ocr_s_median": {k: round(statistics.median(v), 2) for k, v in ocr.items()},
        "ocr_s_max": {k: round(max(v), 2) for k, v in ocr.items()},
        "words_found_median": {k: statistics.median(v) for k, v in words_found.items()},
        "storage_before": before.__dict__,
        "originals_dropped": dropped,
        "storage_after": after.__dict__,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pictures", type=int, default=6, help="pictures of each kind")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication([])  # noqa: F841 - fonts for drawing the pictures
    load_start = [round(x, 2) for x in os.getloadavg()]
    result = run(args.pictures)
    result["load_average_start"] = load_start
    print(json.dumps(result, indent=1, ensure_ascii=False) if args.json else result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
