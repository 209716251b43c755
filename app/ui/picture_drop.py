"""What a drop or a paste brings: picture files (local paths) or a picture itself (a screenshot copied)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QImage

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".heic", ".heif")


def dropped_files(mime: QMimeData | None) -> list[Path]:
    """Local files in ``mime`` whose names say they are pictures (the store checks what they hold)."""
    if mime is None or not mime.hasUrls():
        return []
    paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return [p for p in paths if p.suffix.lower() in PICTURE_SUFFIXES]


def pasted_image(mime: QMimeData | None) -> QImage | None:
    """A picture on the clipboard itself (not a file), or None."""
    if mime is None or not mime.hasImage():
        return None
    image = mime.imageData()
    return image if isinstance(image, QImage) and not image.isNull() else None
