"""Pictures the tests draw themselves (Qt offscreen): words in English and Russian that Tesseract must read.

Big, dark, plain letters on white, as on a photographed page or a screenshot; PNG bytes or a file.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None,
    reason="Tesseract is not installed: apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-rus "
    "(make test and .ci/run do it where they run as root with apt)",
)


def page_png(lines: list[str], *, width: int = 1400, height: int = 0, point: int = 36) -> bytes:
    """A white page with ``lines`` in black, as PNG bytes (a QGuiApplication must exist: use ``qapp``)."""
    height = height or 140 + 90 * len(lines)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    font = QFont("DejaVu Sans")
    font.setPointSize(point)
    painter.setFont(font)
    painter.setPen(QColor("black"))
    for number, line in enumerate(lines):
        painter.drawText(QRect(60, 60 + 90 * number, width - 120, 80), Qt.AlignmentFlag.AlignLeft, line)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def write_page(path: Path, lines: list[str], **options: int) -> Path:
    path.write_bytes(page_png(lines, **options))
    return path


def jpeg_with_location(png: bytes, *, orientation: int = 1) -> bytes:
    """``png`` as a JPEG whose EXIF says where it was taken (GPS) and how to turn it (orientation)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x0132] = "2026:11:30 18:45:00"
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (59.0, 56.0, 30.0), 3: "E", 4: (30.0, 18.0, 45.0)})
    exif[0x8825] = gps
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif.tobytes(), quality=90)
    return out.getvalue()
