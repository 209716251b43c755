"""Pictures in the window: attach (button, drop, paste), show their thumbnails and text, open the viewer.

Every step that touches bytes runs on the task runner (reading and checking the files, writing the entry,
decoding thumbnails, decoding and scaling the full picture); the UI thread only hands results to the chat
model and the viewer. Whatever is in the composer when pictures are attached becomes their caption, and
the composer keeps it if the attaching fails (a picture too large, a damaged one: said inline, nothing
stored). Without Tesseract the pictures are attached anyway and the window says once how to install it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject
from PySide6.QtGui import QImage, QImageReader, QImageWriter
from PySide6.QtWidgets import QFileDialog

from app.core import events as ev
from app.store import ImageUnreadable, PreparedImage, prepare_image, read_image_file
from app.ui.errors import error_for
from app.ui.picture_viewer import PictureViewer
from app.ui.picture_views import PictureView, full_picture, picture_views

if TYPE_CHECKING:
    from app.core.companion import Companion
    from app.ui.main_window import MainWindow

FILTER = "*.png *.jpg *.jpeg *.webp *.gif *.heic *.heif"


class PictureController(QObject):
    """The window's pictures: one per window, wired in ``MainWindow._connect``."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.viewer: PictureViewer | None = None
        self._told_missing = False
        composer, view, bridge = window.composer, window.chat_view, window.bridge
        composer.attach_requested.connect(self.choose_files)
        composer.editor.files_dropped.connect(self.attach_files)
        composer.editor.image_pasted.connect(self.attach_image)
        view.files_dropped.connect(self.attach_files)
        view.picture_requested.connect(self.open_picture)
        bridge.message_added.connect(self._on_message_added)
        bridge.event.connect(self._on_event)

    # -- attaching --------------------------------------------------------------------------------
    def choose_files(self) -> None:
        title = self.tr("Attach pictures")
        kinds = self.tr("Pictures ({patterns})").format(patterns=FILTER)
        paths, _ = QFileDialog.getOpenFileNames(self.window, title, str(Path.home()), kinds)
        if paths:
            self.attach_files([Path(p) for p in paths])

    def attach_files(self, paths: Sequence[Path]) -> None:
        """Check and attach these files as one entry (off the UI thread)."""
        companion = self.window.companion
        if companion is None or not paths:
            return
        keep = companion.settings.keep_photo_location
        files = list(paths)
        self._attach(companion, lambda: [_prepared_file(p, keep) for p in files])

    def attach_image(self, image: QImage) -> None:
        """A picture pasted from the clipboard: saved as PNG (off the UI thread) and attached."""
        companion = self.window.companion
        if companion is None or image.isNull():
            return
        copy = image.copy()
        name = f"pasted-{datetime.now():%Y-%m-%d-%H%M%S}.png"
        self._attach(companion, lambda: [prepare_image(_png_bytes(copy), name)])

    def _attach(self, companion: Companion, prepare: Callable[[], list[PreparedImage]]) -> None:
        caption = self.window.composer.text()

        def work() -> tuple[int, dict[int, tuple[PictureView, ...]]]:
            message_id = companion.attach(prepare(), caption)
            return message_id, picture_views(companion.diary, [message_id])

        self.window.chat_model.show_newest()
        self.window.runner.run(work, lambda result: self._attached(caption, *result), self._failed)

    def _attached(self, caption: str, message_id: int, views: dict[int, tuple[PictureView, ...]]) -> None:
        if caption:
            self.window.composer.accept_sent(caption)
        self.window.composer.clear_notice()
        self.window.chat_model.set_pictures(message_id, views.get(message_id, ()))
        self.window.chat_view.scroll_to_end()
        self.window.reload_days()

    def _failed(self, exc: BaseException) -> None:
        _title, message, hint = error_for(exc)
        kept = self.tr("Nothing was attached.")
        self.window.composer.show_notice(lambda: f"{message} {hint} {kept}")

    # -- showing ----------------------------------------------------------------------------------
    def _on_message_added(self, event: ev.MessageAdded) -> None:
        """An entry with pictures (from this window or ``hearth attach``): load its thumbnails."""
        if event.role == "user" and "[picture: " in event.text:
            self.refresh(event.message_id)

    def _on_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.PictureTextRead):
            self.refresh(event.message_id, with_text=True)
        elif isinstance(event, ev.TextReaderMissing) and not self._told_missing:
            self._told_missing = True
            said = self.tr("Pictures are kept, but their text cannot be read yet: Tesseract is not "
                           "installed. Install it with: {command}")
            command = event.install_command
            self.window.notice_bar.show_message(lambda: said.format(command=command))

    def refresh(self, message_id: int, *, with_text: bool = False) -> None:
        companion = self.window.companion
        if companion is None or not self.window.chat_model.contains(message_id):
            return
        diary = companion.diary

        def load() -> tuple[dict[int, tuple[PictureView, ...]], str | None]:
            message = diary.get_message(message_id) if with_text else None
            return picture_views(diary, [message_id]), message.text if message is not None else None

        def show(result: tuple[dict[int, tuple[PictureView, ...]], str | None]) -> None:
            views, text = result
            self.window.chat_model.set_pictures(message_id, views.get(message_id, ()), text)
            if self.viewer is not None and self.viewer.isVisible():
                self.viewer.update_text(views.get(message_id, ()))

        self.window.runner.run(load, show, lambda _exc: None, token_key=f"pictures-{message_id}")

    def open_picture(self, picture: PictureView) -> None:
        """The full picture in the viewer (decoded and scaled off the UI thread)."""
        companion = self.window.companion
        if companion is None:
            return
        diary = companion.diary
        if self.viewer is None:
            self.viewer = PictureViewer(self.window)
        self.viewer.show_picture(picture, None, loading=True)
        self.window.runner.run(lambda: full_picture(diary, picture),
                               lambda result: self._show_full(picture, *result), token_key="viewer")

    def _show_full(self, picture: PictureView, image: QImage, original: bool) -> None:
        if self.viewer is not None:
            self.viewer.show_picture(picture, image, original=original)


def _prepared_file(path: Path, keep_location: bool) -> PreparedImage:
    """A file checked by the store; a HEIC (or another kind) that Qt can read is taken as PNG."""
    data = read_image_file(path)
    try:
        return prepare_image(data, path.name, keep_location=keep_location)
    except ImageUnreadable:
        image = _qt_read(data)
        if image is None:
            raise
        return prepare_image(_png_bytes(image), path.stem + ".png")


def _qt_read(data: bytes) -> QImage | None:
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAutoTransform(True)
    image = reader.read()
    return None if image.isNull() else image


def _png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    QImageWriter(buffer, QByteArray(b"PNG")).write(image)
    return bytes(data.data())
