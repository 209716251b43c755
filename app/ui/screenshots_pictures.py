"""An entry with a photo for ``hearth screenshots``: a notice photographed at the harbour, its text read by
Tesseract (when installed) and shown under it; then the picture opened in the viewer.

The "photo" is drawn here (a page of paper with a few lines, slightly turned, on a dark table), in the
language of the run, so the words under it are really what Tesseract read.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QImageWriter, QPainter
from PySide6.QtWidgets import QWidget

from app.store import prepare_image

if TYPE_CHECKING:
    from app.ui.application import HearthApp

SaveFn = Callable[[QWidget, Path], Path]
NOTICE = {
    "en": ("Harbour Museum", ["Open daily 10:00 - 17:00", "Lighthouse tour on Saturday at 15:00",
                              "Tickets at the desk"]),
    "ru": ("Музей гавани", ["Открыто ежедневно 10:00 - 17:00", "Экскурсия на маяк в субботу в 15:00",
                            "Билеты в кассе"]),
}
CAPTION = {
    "en": "The notice at the harbour museum: let's go on Saturday.",
    "ru": "Объявление у музея гавани: сходим в субботу.",
}


def notice_photo(language: str) -> bytes:
    """A photographed notice as JPEG bytes (paper on a table, slightly turned)."""
    title, lines = NOTICE[language]
    image = QImage(1600, 1100, QImage.Format.Format_RGB32)
    image.fill(QColor("#5b4636"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(800, 550)
    painter.rotate(-2.0)
    painter.fillRect(QRectF(-640, -430, 1280, 860), QColor("#f4efe4"))
    font = QFont("DejaVu Serif")
    font.setPixelSize(84)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("#1f2a44"))
    painter.drawText(QRectF(-560, -360, 1120, 130), Qt.AlignmentFlag.AlignCenter, title)
    font.setPixelSize(54)
    font.setBold(False)
    painter.setFont(font)
    painter.setPen(QColor("#222222"))
    for n, line in enumerate(lines):
        painter.drawText(QRectF(-560, -150 + n * 120, 1120, 100), Qt.AlignmentFlag.AlignCenter, line)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"JPEG"))
    writer.setQuality(90)
    writer.write(image)
    return bytes(data.data())


def capture_pictures(hearth: HearthApp, out_dir: Path, name: str, language: str, save: SaveFn) -> list[Path]:
    """Attach the notice to today's entry, wait for its text, save the chat and the viewer."""
    from app.ui.screenshots import settle, wait_for

    companion, window = hearth.companion, hearth.window
    if companion is None:
        return []
    file_name = "museum.jpg" if language == "en" else "музей.jpg"
    message_id = companion.attach([prepare_image(notice_photo(language), file_name)], CAPTION[language])
    wait_for(lambda: companion.pictures.wait_read(0), "the picture's text", timeout=120)
    window.pictures.refresh(message_id, with_text=True)

    def shown() -> bool:
        row = window.chat_model.row_of(message_id)
        item = window.chat_model.item(row) if row is not None else None
        return item is not None and bool(item.pictures) and item.pictures[0].ocr_state != "pending"

    wait_for(shown, "the picture in the chat")
    hearth.runner.wait_idle()
    window.chat_view.scroll_to_end()
    settle(250)
    paths = [save(window, out_dir / f"pictures-{name}.png")]
    row = window.chat_model.row_of(message_id)
    if row is not None:
        window.pictures.open_picture(window.chat_model.item(row).pictures[0])
        viewer = window.pictures.viewer
        hearth.runner.wait_idle()
        settle(300)
        if viewer is not None:
            viewer.resize(900, 680)
            settle(200)
            paths.append(save(viewer, out_dir / f"picture-viewer-{name}.png"))
            viewer.close()
    return paths
