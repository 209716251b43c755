"""QA 23: an empty (0-byte) picture file is said to be empty — not "damaged or not a picture", whose advice
(re-save it in an image viewer) cannot help — in the window and by ``hearth attach``; nothing is added.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.cli import main
from app.store import Diary, ImageUnreadable
from app.store import read_image_file as read_picture_file
from app.ui.error_texts import KNOWN_TEXTS
from tests.test_ui_pictures import drop_files
from tests.ui_helpers import Launcher, launcher

EMPTY = "The picture file is empty (0 bytes)."
HINT = "Check that the picture finished copying or downloading, then attach it again."


@pytest.fixture
def empty_file(tmp_path: Path) -> Path:
    path = tmp_path / "half-copied.png"
    path.write_bytes(b"")
    return path


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def test_an_empty_file_is_said_empty(empty_file: Path) -> None:
    with pytest.raises(ImageUnreadable) as caught:
        read_picture_file(empty_file)
    assert str(caught.value) == EMPTY and caught.value.hint == HINT
    assert EMPTY in KNOWN_TEXTS and HINT in KNOWN_TEXTS  # translation sources, as the other errors' texts


def test_a_missing_file_is_still_said_missing(tmp_path: Path) -> None:
    with pytest.raises(ImageUnreadable, match="was not found"):
        read_picture_file(tmp_path / "gone.png")


def test_hearth_attach_says_empty_and_adds_nothing(
    empty_file: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(data_dir), "attach", str(empty_file)]) == 1
    err = capsys.readouterr().err
    assert f"{EMPTY} {HINT} Nothing was added." in err and "damaged" not in err
    diary = Diary.open(data_dir)
    try:
        assert diary.search("half") == []
    finally:
        diary.close()


def test_the_window_says_empty_inline_and_adds_nothing(qtbot, launch, empty_file: Path) -> None:
    window = launch().window
    before = len(window.chat_model.items())
    drop_files(window.composer.editor.viewport(), [empty_file])
    qtbot.waitUntil(window.composer.notice.isVisible, timeout=30_000)
    said = window.composer.notice.text()
    assert EMPTY in said and "damaged" not in said and "Nothing was attached." in said
    assert len(window.chat_model.items()) == before
