"""``hearth attach`` and ``hearth storage`` for real: pictures drawn by the test, read by the real Tesseract,
found by ``hearth search``; a too-large and a damaged picture are named and nothing is added; Russian
terminals read Russian."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from app.cli.i18n import set_language
from app.config import Settings
from app.store import Diary
from tests.pictures import needs_tesseract, page_png, write_page


@pytest.fixture
def pages(tmp_path: Path, qapp: object) -> tuple[Path, Path]:
    english = write_page(tmp_path / "notice.png", ["Lighthouse keeper wanted", "Apply at Skerryvore"])
    russian = write_page(tmp_path / "записка.png", ["Купить масло для лампы", "Позвонить смотрителю"])
    return english, russian


def _search(data_dir: Path, word: str, capsys: pytest.CaptureFixture[str]) -> list[int]:
    assert main(["--data-dir", str(data_dir), "search", word, "--json"]) == 0
    return [row["message_id"] for row in json.loads(capsys.readouterr().out)]


@needs_tesseract
def test_attach_wait_then_search_finds_words_only_in_the_pictures(
    data_dir: Path, pages: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    english, russian = pages
    code = main(["--data-dir", str(data_dir), "attach", str(english), str(russian), "--caption", "harbour",
                 "--wait"])
    out = capsys.readouterr().out
    assert code == 0 and "Added entry 1; pictures in it: 2." in out and "text was read: 2" in out
    assert _search(data_dir, "Skerryvore", capsys) == [1]
    assert _search(data_dir, "смотрителю", capsys) == [1]
    assert _search(data_dir, "масло", capsys) == [1]
    with Diary.open(data_dir) as diary:
        pictures = diary.pictures([1])[1]
        assert [p.file_name for p in pictures] == ["notice.png", "записка.png"]
        assert {p.ocr_state for p in pictures} == {"done"}


def test_attach_without_wait_keeps_the_pictures_for_later(
    data_dir: Path, pages: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(data_dir), "attach", str(pages[0])]) == 0
    assert "--wait" in capsys.readouterr().err
    with Diary.open(data_dir) as diary:
        assert diary.pictures([1])[1][0].ocr_state == "pending"
        assert diary.pictures_waiting() == [diary.pictures([1])[1][0].id]


def test_a_40_mb_picture_and_a_damaged_one_are_named_and_nothing_is_added(
    data_dir: Path, tmp_path: Path, pages: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "scan.png"
    huge.write_bytes(page_png(["big"]) + b"\0" * (40 * 1024 * 1024))
    damaged = tmp_path / "cut.jpg"
    damaged.write_bytes(b"\xff\xd8\xff\xe0 not really a photo")
    assert main(["--data-dir", str(data_dir), "attach", str(pages[0]), str(huge)]) == 1
    err = capsys.readouterr().err
    assert "scan.png: The picture is larger than 32 MB." in err and "Nothing was added." in err
    assert main(["--data-dir", str(data_dir), "attach", str(damaged)]) == 1
    assert "cut.jpg: The picture cannot be read" in capsys.readouterr().err
    with Diary.open(data_dir) as diary:
        assert diary.get_message(1) is None


def test_messages_read_in_russian(data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    huge = tmp_path / "scan.png"
    huge.write_bytes(b"\0" * (33 * 1024 * 1024))
    data_dir.mkdir(parents=True, exist_ok=True)
    Settings(language="ru").save(data_dir)
    try:
        assert main(["--data-dir", str(data_dir), "storage"]) == 0
        out = capsys.readouterr().out
        assert "уровень 0" in out and " кБ" in out and " KB" not in out  # sizes in Russian too (QA, s. 21)
        assert main(["--data-dir", str(data_dir), "attach", str(huge)]) == 1
        err = capsys.readouterr().err
        assert "32 МБ" in err and "Ничего не добавлено" in err
    finally:
        set_language("en")


def test_storage_shows_space_by_level(
    data_dir: Path, pages: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(data_dir), "attach", str(pages[0]), "--caption", "notice"]) == 0
    capsys.readouterr()
    assert main(["--data-dir", str(data_dir), "storage"]) == 0
    out = capsys.readouterr().out
    for label in ("level 0: original pictures", "level 0: thumbnails", "level 1: entries", "level 2:",
                  "level 3: facts", "recall index", "the diary file on disk"):
        assert label in out
    assert "Pictures: 1; originals dropped by the retention setting: 0." in out
