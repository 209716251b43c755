"""Pictures as the chat shows them: thumbnails decoded off the UI thread, the full picture for the viewer.

``picture_views`` and ``full_picture`` run on the task runner's threads (``QImage`` may be made and
scaled on any thread; only ``QPixmap`` belongs to the UI thread). The chat's delegate paints the
thumbnails from these records — no widget per picture.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader

from app.core.ports import DiaryPort
from app.store import PictureInfo

VIEWER_MAX = QSize(1600, 1200)  # the viewer never holds more than this many pixels of a picture


@dataclass(frozen=True)
class PictureView:
    """One attached picture: its thumbnail and what was read in it."""

    attachment_id: int
    message_id: int
    file_name: str
    thumbnail: QImage
    width: int
    height: int
    ocr_state: str  # pending | done | failed | unavailable
    ocr_text: str
    original_kept: bool

    @classmethod
    def of(cls, info: PictureInfo) -> PictureView:
        image = QImage.fromData(info.thumbnail)
        return cls(info.id, info.message_id, info.file_name, image, info.width, info.height,
                   info.ocr_state, info.ocr_text, info.original_kept)


def picture_views(diary: DiaryPort, message_ids: Iterable[int]) -> dict[int, tuple[PictureView, ...]]:
    """The pictures of these entries, thumbnails decoded (call off the UI thread)."""
    found = diary.pictures(message_ids)
    return {mid: tuple(PictureView.of(info) for info in infos) for mid, infos in found.items()}


def full_picture(diary: DiaryPort, picture: PictureView) -> tuple[QImage, bool]:
    """The picture for the viewer, upright (EXIF) and at most ``VIEWER_MAX``; (image, True) from the
    original, (thumbnail, False) once retention removed the original. Call off the UI thread."""
    data = diary.picture_original(picture.attachment_id)
    if data is None:
        return picture.thumbnail, False
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAutoTransform(True)  # EXIF orientation, as the thumbnail
    image = reader.read()
    if image.isNull():
        return picture.thumbnail, False
    if image.width() > VIEWER_MAX.width() or image.height() > VIEWER_MAX.height():
        image = image.scaled(VIEWER_MAX, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    return image, True
