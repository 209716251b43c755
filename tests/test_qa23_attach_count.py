"""QA 23: ``hearth attach --wait`` counts the pictures of this run; pictures earlier runs left waiting (read
too, since ``--wait`` reads every waiting one) are said apart, and not at all when there are none.
Real Tesseract, real diary.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from app.store import Diary
from tests.pictures import needs_tesseract, write_page


@pytest.fixture
def page(tmp_path: Path, qapp: object) -> Path:
    return write_page(tmp_path / "notice.png", ["Lighthouse keeper wanted"])


def attach(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), "attach", *argv])


@needs_tesseract
def test_wait_counts_this_runs_pictures_and_says_earlier_ones_apart(
    data_dir: Path, page: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert attach(data_dir, str(page)) == 0 and attach(data_dir, str(page), str(page)) == 0  # left waiting
    capsys.readouterr()
    assert attach(data_dir, str(page), "--wait") == 0
    out = capsys.readouterr().out
    assert "Pictures whose text was read: 1;" in out
    assert "Pictures attached earlier whose text was read too: 3." in out
    with Diary.open(data_dir) as diary:
        assert diary.pictures_waiting() == []
    assert attach(data_dir, str(page), "--wait") == 0
    out = capsys.readouterr().out
    assert "Pictures whose text was read: 1;" in out and "earlier" not in out
