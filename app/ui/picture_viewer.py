"""The full picture, with the text read in it and what the companion sees of it.

A plain dialog: the picture (already decoded and scaled off the UI thread) fitted to the window, its
name and date, "Text in this picture" (selectable, all of it), and the line that says the companion
reads that text, not the pixels. Once retention removed the original, the thumbnail is shown and the
dialog says so.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.ui.i18n import follow_language
from app.ui.picture_paint import READS_TEXT_ONLY, STATE_LINES, TEXT_HEADING, tr
from app.ui.picture_views import PictureView


class PictureViewer(QDialog):
    """One picture at a time; ``show_picture`` again replaces it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pictureViewer")
        self.image_label = QLabel(self)
        self.image_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.image_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.image_label.setMinimumSize(240, 180)
        self.name_label = QLabel(self)
        self.note_label = QLabel(self)
        self.note_label.setWordWrap(True)
        self.heading = QLabel(self)
        self.text_box = QPlainTextEdit(self)
        self.text_box.setReadOnly(True)
        self.text_box.setMaximumHeight(160)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        for widget, stretch in ((self.image_label, 1), (self.name_label, 0), (self.heading, 0),
                                (self.text_box, 0), (self.note_label, 0), (self.buttons, 0)):
            layout.addWidget(widget, stretch)
        self._picture: PictureView | None = None
        self._image: QImage | None = None
        self._original = True
        self.resize(820, 640)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Picture"))
        self.heading.setText(f"<b>{tr(TEXT_HEADING)}</b>")
        self._fill_texts()

    def show_picture(
        self, picture: PictureView, image: QImage | None, *, loading: bool = False, original: bool = True
    ) -> None:
        self._picture, self._original = picture, original
        self._image = image if image is not None else (None if loading else picture.thumbnail)
        if self._image is None:
            self._image = picture.thumbnail  # shown small while the full picture is decoded
        self._fill_texts()
        self._show_image()
        self.show()
        self.raise_()

    def update_text(self, pictures: tuple[PictureView, ...]) -> None:
        """A picture's text was read while the viewer was open."""
        for picture in pictures:
            if self._picture is not None and picture.attachment_id == self._picture.attachment_id:
                self._picture = picture
                self._fill_texts()

    def _fill_texts(self) -> None:
        picture = self._picture
        if picture is None:
            return
        self.name_label.setText(f"{picture.file_name} · {picture.width}×{picture.height}")
        said = picture.ocr_text.strip()
        if picture.ocr_state == "done" and said:
            self.text_box.setPlainText(said)
        else:
            state = "empty" if picture.ocr_state == "done" else picture.ocr_state
            self.text_box.setPlainText(tr(STATE_LINES.get(state, STATE_LINES["failed"])))
        notes = [tr(READS_TEXT_ONLY)]
        if not self._original:
            notes.append(self.tr("The original was removed as the setting for keeping originals says; this "
                                 "is its thumbnail. Its text stays."))
        self.note_label.setText(" ".join(notes))

    def _show_image(self) -> None:
        if self._image is None or self._image.isNull():
            self.image_label.clear()
            return
        size = self.image_label.size()
        scaled = self._image.scaled(size, Qt.AspectRatioMode.KeepAspectRatio,
                                    Qt.TransformationMode.SmoothTransformation)
        self.image_label.setPixmap(QPixmap.fromImage(scaled))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show_image()
