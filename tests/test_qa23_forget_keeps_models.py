"""QA 23: ``hearth forget-everything`` keeps downloaded models, finished or not (they are not diary data),
and says so plainly before and after, so the files left in the models folder are not a surprise.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from app.cli import main
from app.llm.catalog import models_dir
from app.store import Diary

DAY = date(2026, 3, 1)
KEPT = "Downloaded models, finished or not, are kept in {folder}: they hold nothing of your diary."


@pytest.fixture
def diary_and_models(data_dir: Path) -> list[Path]:
    with Diary.open(data_dir) as diary:
        diary.add_message(diary.conversation_for_day(DAY).id, "user", "A secret about the garden.")
    folder = models_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    files = [folder / "model.gguf", folder / "other.gguf.0123456789abcdef.incomplete",
             folder / ".other.gguf.lock"]
    for path in files:
        path.write_bytes(b"GGUF" if path.suffix == ".gguf" else b"")
    return files


def test_the_question_and_the_result_say_models_are_kept(
    data_dir: Path, diary_and_models: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    kept = KEPT.format(folder=models_dir(data_dir))
    assert main(["--data-dir", str(data_dir), "forget-everything"]) == 1
    assert kept in capsys.readouterr().err
    assert main(["--data-dir", str(data_dir), "forget-everything", "--yes"]) == 0
    assert capsys.readouterr().out.strip() == f"Everything was erased. {kept}"
    assert all(path.exists() for path in diary_and_models)  # kept by design, as said
    with Diary.open(data_dir) as diary:
        assert diary.search("garden") == []
