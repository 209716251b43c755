"""``DraftKeeper``: one write at a time, the newest words last, a failure said to whoever waits.

Real diary, real task runner (its thread pool), Qt offscreen.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.store import Diary
from app.ui.draft_keeper import DraftKeeper
from app.ui.tasks import TaskRunner


@pytest.fixture
def diary(tmp_path: Path) -> Iterator[Diary]:
    with Diary.open(tmp_path / "d") as opened:
        yield opened


def _settle(qtbot, keeper: DraftKeeper) -> list[bool]:
    done: list[bool] = []
    keeper.when_kept(done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=10_000)
    return done


def test_the_newest_words_are_written_last(qtbot, diary: Diary) -> None:
    runner = TaskRunner()
    keeper = DraftKeeper(runner)
    keeper.set_diary(diary)
    for end in range(1, 40):
        keeper.keep("word " * end, None)
    assert not keeper.kept
    assert _settle(qtbot, keeper) == [True] and keeper.kept
    draft = diary.draft()
    assert draft is not None and draft.text == "word " * 39
    keeper.keep("   \n", None)  # blank: nothing to keep
    assert _settle(qtbot, keeper) == [True]
    assert diary.draft() is None
    runner.wait_idle()


def test_a_failed_write_is_said_and_retried_by_the_next_words(qtbot, diary: Diary,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    runner = TaskRunner()
    keeper = DraftKeeper(runner)
    keeper.set_diary(diary)
    real = Diary.save_draft

    def full(_self: Diary, _text: str, _cid: int | None) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Diary, "save_draft", full)
    keeper.keep("kept later", None)
    assert _settle(qtbot, keeper) == [False] and not keeper.kept
    monkeypatch.setattr(Diary, "save_draft", real)
    keeper.keep("kept later, and more", None)
    assert _settle(qtbot, keeper) == [True]
    draft = diary.draft()
    assert draft is not None and draft.text == "kept later, and more"
    runner.wait_idle()


def test_without_a_diary_words_wait_and_are_not_kept(qtbot) -> None:
    runner = TaskRunner()
    keeper = DraftKeeper(runner)
    keeper.keep("nowhere to go", None)
    assert _settle(qtbot, keeper) == [False]
    keeper.keep("", None)
    assert _settle(qtbot, keeper) == [True]  # nothing to keep is kept
