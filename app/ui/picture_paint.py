"""How an entry with pictures is drawn in its bubble: a strip of thumbnails, then the caption and, under
it, the text read in each picture — and one line saying the companion reads that text, not the pixels.

The delegate asks ``shown_text`` for the Markdown of the bubble and ``strip_layout`` for where the
thumbnails go; both are pure functions of the item, so the delegate's size cache stays valid.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from app.store import caption_of
from app.ui.picture_views import PictureView
from app.ui.tr_noop import QT_TRANSLATE_NOOP

THUMB_W = 160  # the largest a thumbnail is drawn, in logical pixels
THUMB_H = 120
THUMB_GAP = 6
STRIP_GAP = 8  # between the strip and the text below it
BUBBLE_TEXT_CHARS = 600  # of a picture's text in the bubble; the viewer shows all of it
_SPECIAL = re.compile(r"([\\`*_\[\]{}()#+\-.!|<>~])")

TEXT_HEADING = QT_TRANSLATE_NOOP("Pictures", "Text in this picture")
STATE_LINES = {
    "pending": QT_TRANSLATE_NOOP("Pictures", "Reading the text in this picture…"),
    "unavailable": QT_TRANSLATE_NOOP("Pictures", "Its text will be read once Tesseract is installed."),
    "failed": QT_TRANSLATE_NOOP("Pictures", "The text in this picture could not be read."),
    "empty": QT_TRANSLATE_NOOP("Pictures", "No text was found in this picture."),
}
READS_TEXT_ONLY = QT_TRANSLATE_NOOP(
    "Pictures", "Hearth reads the text in your pictures (and their names and dates), not the pictures."
)


def tr(text: str) -> str:
    return QCoreApplication.translate("Pictures", text)


def escaped(text: str) -> str:
    """``text`` shown literally by the Markdown renderer (what a picture says is never markup)."""
    return _SPECIAL.sub(r"\\\1", text)


def shown_text(text: str, pictures: tuple[PictureView, ...]) -> str:
    """The bubble's Markdown: the caption, then what was read in each picture, then the note."""
    if not pictures:
        return text
    parts = [caption_of(text)] if caption_of(text).strip() else []
    for picture in pictures:
        parts.append(_picture_part(picture, len(pictures) > 1))
    parts.append(f"*{escaped(tr(READS_TEXT_ONLY))}*")
    return "\n\n".join(parts)


def _picture_part(picture: PictureView, named: bool) -> str:
    said = picture.ocr_text.strip()
    if picture.ocr_state == "done" and said:
        short = said if len(said) <= BUBBLE_TEXT_CHARS else said[:BUBBLE_TEXT_CHARS].rstrip() + "…"
        heading = f"**{escaped(tr(TEXT_HEADING))}**" + (f" · {escaped(picture.file_name)}" if named else "")
        lines = "  \n".join(escaped(line.strip()) for line in short.splitlines() if line.strip())
        return f"{heading}  \n{lines}"
    state = "empty" if picture.ocr_state == "done" else picture.ocr_state
    line = tr(STATE_LINES.get(state, STATE_LINES["failed"]))
    return f"*{escaped(line)}*" + (f" · {escaped(picture.file_name)}" if named else "")


def thumb_size(picture: PictureView) -> tuple[float, float]:
    """The thumbnail's drawn size: within ``THUMB_W``×``THUMB_H``, its proportions kept."""
    w, h = max(1, picture.thumbnail.width()), max(1, picture.thumbnail.height())
    scale = min(THUMB_W / w, THUMB_H / h, 1.0)
    return max(24.0, w * scale), max(24.0, h * scale)


def strip_layout(pictures: tuple[PictureView, ...], max_width: float) -> tuple[list[QRectF], float, float]:
    """Where each thumbnail goes (relative to the strip's top left), and the strip's width and height."""
    rects: list[QRectF] = []
    x = y = row_h = width = 0.0
    for picture in pictures:
        w, h = thumb_size(picture)
        if x > 0 and x + w > max_width:
            x, y = 0.0, y + row_h + THUMB_GAP
            row_h = 0.0
        rects.append(QRectF(x, y, w, h))
        width = max(width, x + w)
        row_h = max(row_h, h)
        x += w + THUMB_GAP
    height = y + row_h + STRIP_GAP if pictures else 0.0
    return rects, width, height


def paint_strip(painter: QPainter, pictures: tuple[PictureView, ...], rects: list[QRectF],
                border: QColor) -> None:
    """The thumbnails, rounded, each scaled into its rectangle (QImage: no pixmap cache needed)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    for picture, rect in zip(pictures, rects, strict=True):
        path = QPainterPath()
        path.addRoundedRect(rect, 6, 6)
        painter.setClipPath(path)
        painter.drawImage(rect, picture.thumbnail)
        painter.setClipping(False)
        painter.setPen(border)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, 6, 6)
    painter.restore()
