"""``DraftKeeper``: one write at a time, the newest words last, a failure said to whoever waits.

Real diary, real task runner (its thread pool), Qt offscreen.
"""

from __future__ import annotations

import threading
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


def test_an_empty_box_never_deletes_words_not_read_back_yet(qtbot, diary: Diary) -> None:
    """Review: right after a diary opens (start, unlock) the box is empty until the kept words are read back;
    that emptiness must not be written over them."""
    diary.save_draft("kept from last time", None)
    runner = TaskRunner()
    keeper = DraftKeeper(runner)
    keeper.set_diary(diary)
    keeper.keep("", None)
    assert keeper.kept and _settle(qtbot, keeper) == [True]
    draft = diary.draft()
    assert draft is not None and draft.text == "kept from last time"
    runner.wait_idle()


def test_the_words_are_written_while_long_background_work_holds_its_pool(qtbot, diary: Diary) -> None:
    """Review: a model loading and a download fill the background pool for minutes; a lock waits for the
    words, so they go on a lane of their own."""
    runner = TaskRunner()
    release = threading.Event()
    for _ in range(3):
        runner.run(release.wait, background=True)
    keeper = DraftKeeper(runner)
    keeper.set_diary(diary)
    keeper.keep("written all the same", None)
    try:
        assert _settle(qtbot, keeper) == [True]
        draft = diary.draft()
        assert draft is not None and draft.text == "written all the same"
    finally:
        release.set()
        runner.wait_idle()


def test_the_same_words_given_again_while_they_are_written_are_kept(qtbot, diary: Diary,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The message box settles (and gives its words again) while the write of those very words is under way
    — a slow diary, a loaded machine: the wait ends with True, not with False for a write that would only
    repeat the one just made (the full suite's flaky test_sending_the_words_clears_what_was_kept)."""
    runner = TaskRunner()
    keeper = DraftKeeper(runner)
    keeper.set_diary(diary)
    real = Diary.save_draft
    writing, release = threading.Event(), threading.Event()

    def slow(self: Diary, text: str, cid: int | None) -> None:
        writing.set()
        release.wait(10)
        real(self, text, cid)

    monkeypatch.setattr(Diary, "save_draft", slow)
    keeper.keep("the same words", None)
    done: list[bool] = []
    keeper.when_kept(done.append)  # the write starts now
    assert writing.wait(10)
    keeper.keep("the same words", None)  # the box settled meanwhile
    release.set()
    qtbot.waitUntil(lambda: bool(done), timeout=10_000)
    assert done == [True] and keeper.kept
    draft = diary.draft()
    assert draft is not None and draft.text == "the same words"
    runner.wait_idle()
