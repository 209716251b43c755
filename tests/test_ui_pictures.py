"""Pictures in the window, as a person adds them: dropped on the composer or the chat, pasted from the
clipboard; the thumbnail is painted in the entry, the text read by the real Tesseract appears under it,
a click opens the picture with its text; a damaged picture is said inline and nothing is added.
Real app (tiny model), real Qt offscreen, real diary."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication

from app.ui.chat_model import ChatItem
from app.ui.picture_settings import StorageDialog
from tests.pictures import needs_tesseract, page_png, write_page
from tests.ui_helpers import Launcher, launcher

READ_TIMEOUT_MS = 120_000


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def drop_files(widget, paths: list[Path]) -> None:
    """What a drag from the file manager sends: enter, move, drop."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    for kind in (QDragEnterEvent, QDragMoveEvent):
        QApplication.sendEvent(widget, kind(QPoint(20, 20), *args))
    drop = QDropEvent(QPointF(20, 20), *args)
    QApplication.sendEvent(widget, drop)
    assert drop.isAccepted()


def last_picture_item(window) -> ChatItem | None:
    items = [i for i in window.chat_model.items() if i.pictures]
    return items[-1] if items else None


@needs_tesseract
def test_a_picture_dropped_on_the_composer_is_attached_read_and_opened(
    qtbot, launch, tmp_path: Path
) -> None:
    page = write_page(tmp_path / "notice.png", ["Lighthouse keeper wanted", "Смотритель маяка"])
    hearth = launch()
    window = hearth.window
    window.composer.set_text("A notice at the harbour")
    drop_files(window.composer.editor.viewport(), [page])
    qtbot.waitUntil(lambda: last_picture_item(window) is not None, timeout=30_000)
    item = last_picture_item(window)
    assert item is not None and item.pictures[0].file_name == "notice.png"
    # The draft became the caption: the composer is cleared when the attach task reports back, which may
    # come a turn after the entry's pictures were shown (the stored message's event races it).
    qtbot.waitUntil(lambda: window.composer.text() == "", timeout=30_000)
    assert "A notice at the harbour" in last_picture_item(window).text
    qtbot.waitUntil(lambda: last_picture_item(window).pictures[0].ocr_state == "done",
                    timeout=READ_TIMEOUT_MS)
    item = last_picture_item(window)
    assert "Lighthouse" in item.pictures[0].ocr_text and "[picture: notice.png" in item.text

    row = window.chat_model.row_of(item.message_id)
    index = window.chat_model.index(row, 0)
    window.chat_view.scrollTo(index)
    window.chat_view.viewport().repaint()
    rects = window.chat_view.chat_delegate._picture_rects[item.message_id]
    qtbot.mouseClick(window.chat_view.viewport(), Qt.MouseButton.LeftButton, pos=rects[0].center().toPoint())
    viewer = window.pictures.viewer
    assert viewer is not None
    qtbot.waitUntil(viewer.isVisible, timeout=30_000)  # shown on a later turn; slow under load
    assert "Lighthouse" in viewer.text_box.toPlainText()
    assert "not the pictures" in viewer.note_label.text()
    viewer.close()

    hits = hearth.companion.diary.search("смотритель")
    assert [h.message_id for h in hits] == [item.message_id]


def test_a_picture_pasted_and_one_dropped_on_the_chat_are_attached(qtbot, launch, tmp_path: Path) -> None:
    hearth = launch()
    window = hearth.window
    image = QImage.fromData(page_png(["Pasted screenshot"]))
    mime = QMimeData()
    mime.setImageData(image)
    QApplication.clipboard().setMimeData(mime)  # the clipboard owns it now
    window.composer.editor.setFocus()
    window.composer.editor.paste()
    # Empty the clipboard while Python runs: Qt would delete the data at process exit, after the
    # interpreter is gone, through its Python wrapper (a SIGSEGV in Shiboken, after a green run).
    QApplication.clipboard().clear()
    qtbot.waitUntil(lambda: last_picture_item(window) is not None, timeout=30_000)
    assert last_picture_item(window).pictures[0].file_name.startswith("pasted-")
    first = last_picture_item(window).message_id

    page = write_page(tmp_path / "dropped.png", ["Dropped on the chat"])
    drop_files(window.chat_view.viewport(), [page])
    qtbot.waitUntil(lambda: last_picture_item(window).message_id != first, timeout=30_000)
    assert last_picture_item(window).pictures[0].file_name == "dropped.png"


def test_a_damaged_picture_is_said_inline_and_nothing_is_added(qtbot, launch, tmp_path: Path) -> None:
    damaged = tmp_path / "cut.jpg"
    damaged.write_bytes(b"\xff\xd8\xff\xe0 not really a photo")
    hearth = launch()
    window = hearth.window
    window.composer.set_text("my words stay")
    before = len(window.chat_model.items())
    drop_files(window.composer.editor.viewport(), [damaged])
    qtbot.waitUntil(window.composer.notice.isVisible, timeout=30_000)
    assert "cannot be read" in window.composer.notice.text()
    assert "Nothing was attached." in window.composer.notice.text()
    assert window.composer.text() == "my words stay"
    assert len(window.chat_model.items()) == before


def test_settings_keep_originals_and_the_storage_panel_shows_space_by_level(
    qtbot, launch, tmp_path: Path
) -> None:
    hearth = launch()
    window = hearth.window
    drop_files(window.composer.editor.viewport(), [write_page(tmp_path / "p.png", ["Storage panel"])])
    qtbot.waitUntil(lambda: last_picture_item(window) is not None, timeout=30_000)
    dialog = hearth.open_settings()
    group = dialog.pictures
    assert [group.keep_originals.itemText(i) for i in range(4)] == ["forever", "1 year", "90 days", "30 days"]
    group.keep_originals.setCurrentIndex(group.keep_originals.findData(30))
    group.keep_location.setChecked(True)
    with qtbot.waitSignal(dialog.storage_requested):
        group.storage_button.click()
    storage = dialog.findChild(StorageDialog) or window.findChild(StorageDialog)
    assert storage is not None
    if storage._figures is None:
        with qtbot.waitSignal(storage.figures_ready, timeout=30_000):
            pass
    figures = storage._figures
    assert figures is not None and figures.originals > 0 and figures.thumbnails > 0 and figures.messages > 0
    assert storage._values["originals"].text().endswith("KB")
    storage.close()
    dialog.save()
    assert hearth.settings_store.current.keep_originals_days == 30
    assert hearth.settings_store.current.keep_photo_location is True
