"""Words in the message box that are not an entry yet are kept in the diary as they are typed: a close, a
restart, a lock or the end of the desktop session never loses them. Only when they cannot be kept (the
disk is full) is the person asked what to do with them.

QA (session 22): a Write-mode evening's entry, not yet saved with Ctrl+Enter, was gone at the next start
without a word. Real app, diary and tiny model.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.store import Diary, DiskFull
from tests.ui_helpers import START_TIMEOUT_MS, Launcher, launcher, seed_days, wait_ready

DRAFT = "Long evening by the sea.\n\nThe gulls were loud and the tea went cold twice."


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


@pytest.fixture
def disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write of the kept words fails, as on a full disk."""

    def refuse(_diary: Diary, _text: str, _conversation_id: int | None) -> None:
        raise DiskFull("database or disk is full")

    monkeypatch.setattr(Diary, "save_draft", refuse)


def _kept(data_dir: Path) -> str | None:
    with Diary.open(data_dir) as diary:
        draft = diary.draft()
        return None if draft is None else draft.text


def _entries(data_dir: Path) -> list[str]:
    with Diary.open(data_dir) as diary:
        return [hit.text for hit in diary.search("gulls")]


def _wait_kept(qtbot, hearth) -> None:
    done: list[bool] = []
    hearth.window.drafts.keeper.when_kept(done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=START_TIMEOUT_MS)
    assert done == [True]


# -- kept ------------------------------------------------------------------------------------------------
def test_closing_keeps_the_words_and_the_next_start_puts_them_back(qtbot, launch: Launcher,
                                                                  data_dir: Path) -> None:
    hearth = launch()
    window = hearth.window
    window.composer.set_text(DRAFT)
    window.close()  # at once, before the words were written: the close waits for them, asking nothing
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=START_TIMEOUT_MS)
    assert window.draft_box is None
    hearth.shutdown()
    assert _kept(data_dir) == DRAFT and _entries(data_dir) == []

    again = launch()
    qtbot.waitUntil(lambda: again.window.composer.text() == DRAFT, timeout=START_TIMEOUT_MS)
    assert "back" in again.window.composer.notice.text()
    assert again.window.composer.notice.isVisible()


def test_sending_the_words_clears_what_was_kept(qtbot, launch: Launcher, data_dir: Path) -> None:
    hearth = launch()
    window = hearth.window
    window.composer.set_text(DRAFT)
    _wait_kept(qtbot, hearth)
    assert hearth.diary is not None and hearth.diary.draft() is not None
    window.composer.request_send()
    qtbot.waitUntil(lambda: window.composer.text() == "", timeout=START_TIMEOUT_MS)
    qtbot.waitUntil(lambda: not window.generating, timeout=60_000)
    hearth.runner.wait_idle()
    _wait_kept(qtbot, hearth)
    assert hearth.diary.draft() is None
    hearth.shutdown()
    assert DRAFT in _entries(data_dir) and _kept(data_dir) is None  # (the tiny model's reply may echo it)


def test_words_typed_on_an_earlier_day_come_back_on_that_day(qtbot, launch: Launcher, data_dir: Path) -> None:
    ids = seed_days(data_dir, {3: [("user", "Rain on the allotment all day.")]})
    with Diary.open(data_dir) as diary:
        message = diary.get_message(ids[3][0])
        assert message is not None
        earlier = message.conversation_id
    hearth = launch()
    window = hearth.window
    window.open_conversation(earlier)
    qtbot.waitUntil(lambda: window.opened_conversation_id == earlier, timeout=START_TIMEOUT_MS)
    window.composer.set_text(DRAFT)
    _wait_kept(qtbot, hearth)
    hearth.shutdown()

    again = launch()
    qtbot.waitUntil(lambda: again.window.opened_conversation_id == earlier
                    and again.window.composer.text() == DRAFT, timeout=START_TIMEOUT_MS)


def test_words_typed_on_today_come_back_on_today(qtbot, launch: Launcher, data_dir: Path) -> None:
    """Today's page keeps no day with the words: they come back on whatever day is today then."""
    hearth = launch()
    hearth.window.composer.set_text(DRAFT)
    _wait_kept(qtbot, hearth)
    assert hearth.diary is not None
    draft = hearth.diary.draft()
    assert draft is not None and draft.conversation_id is None


def test_the_end_of_the_desktop_session_writes_them_at_once(qtbot, launch: Launcher, data_dir: Path) -> None:
    hearth = launch()
    hearth.window.composer.set_text(DRAFT)
    hearth.window.drafts.keep_now()  # commitDataRequest: no event loop may be left to deliver a write
    assert hearth.diary is not None
    draft = hearth.diary.draft()
    assert draft is not None and draft.text == DRAFT


# -- not kept: the person is asked -------------------------------------------------------------------------
def _close_with_a_draft(qtbot, launch: Launcher):
    hearth = launch()
    wait_ready(qtbot, hearth)
    window = hearth.window
    window.composer.set_text(DRAFT)
    window.close()
    qtbot.waitUntil(lambda: window.draft_box is not None and window.draft_box.isVisible(),
                    timeout=START_TIMEOUT_MS)
    assert window.isVisible()  # the close waits for the answer
    return hearth, window, window.draft_box


@pytest.mark.usefixtures("disk_full")
def test_save_keeps_the_draft_as_an_entry_then_closes(qtbot, launch: Launcher, data_dir: Path) -> None:
    hearth, window, box = _close_with_a_draft(qtbot, launch)
    save = next(b for b in box.buttons() if b.text() == "Save to diary")
    save.click()
    window.close()  # closed again while it is being saved: no second question, no second copy (review)
    assert window.draft_box is None
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20_000)
    hearth.shutdown()
    assert _entries(data_dir) == [DRAFT]


@pytest.mark.usefixtures("disk_full")
def test_discard_closes_without_saving(qtbot, launch: Launcher, data_dir: Path) -> None:
    hearth, window, box = _close_with_a_draft(qtbot, launch)
    next(b for b in box.buttons() if b.text() == "Discard").click()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20_000)
    hearth.shutdown()
    assert _entries(data_dir) == []


@pytest.mark.usefixtures("disk_full")
def test_cancel_goes_on_writing(qtbot, launch: Launcher) -> None:
    _hearth, window, box = _close_with_a_draft(qtbot, launch)
    box.reject()
    assert window.isVisible() and window.composer.text() == DRAFT and window.draft_box is not None
    window.composer.set_text("")
    window.close()  # nothing unsaved now: it closes at once
    assert not window.isVisible()


@pytest.mark.usefixtures("disk_full")
def test_quit_with_an_entry_asks_then_quits_for_good_even_with_the_tray(qtbot, launch: Launcher,
                                                                        data_dir: Path) -> None:
    """Quit (the menu's or the tray's) with an entry that cannot be kept: the question, then Save closes for
    good — not hidden to the tray — and Cancel leaves the close button hiding to the tray as before."""
    hearth = launch()
    wait_ready(qtbot, hearth)
    window = hearth.window
    window.hide_on_close = lambda: True  # the tray keeps it (offscreen has no tray to show)
    window.composer.set_text(DRAFT)
    window.quit_app()
    qtbot.waitUntil(lambda: window.draft_box is not None and window.draft_box.isVisible(),
                    timeout=START_TIMEOUT_MS)
    box = window.draft_box
    assert window.quitting
    next(b for b in box.buttons() if box.buttonRole(b) == box.ButtonRole.RejectRole).click()
    assert window.isVisible() and not window.quitting
    window.quit_app()
    qtbot.waitUntil(lambda: window.draft_box is not None and window.draft_box.isVisible(),
                    timeout=START_TIMEOUT_MS)
    next(b for b in window.draft_box.buttons() if b.text() == "Save to diary").click()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20_000)
    assert window.quitting  # closed for good, not hidden
    hearth.shutdown()
    assert _entries(data_dir) == [DRAFT]


def test_quit_with_kept_words_quits_for_good_even_with_the_tray(qtbot, launch: Launcher,
                                                                data_dir: Path) -> None:
    hearth = launch()
    window = hearth.window
    window.hide_on_close = lambda: True
    window.composer.set_text(DRAFT)
    window.quit_app()  # the words are being written: Quit is still under way
    assert window.quitting
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=START_TIMEOUT_MS)
    assert window.quitting and window.draft_box is None
    hearth.shutdown()
    assert _kept(data_dir) == DRAFT


def test_a_send_clears_the_kept_words_before_the_reply_begins(qtbot, launch: Launcher, data_dir: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Review: a write armed by the last pause in typing landed after the entry was stored (and after the
    trigger had run), and the sent words stayed kept until the reply began — a crash then offered them
    again."""
    hearth = launch()
    window = hearth.window
    monkeypatch.setattr(window, "_after_reply_began", lambda: None)  # the reply is slow to begin
    window.composer.set_text(DRAFT)  # a write armed, not done yet
    window.composer.request_send()
    qtbot.waitUntil(lambda: window.composer.text() == "", timeout=START_TIMEOUT_MS)
    _wait_kept(qtbot, hearth)
    assert hearth.diary is not None and hearth.diary.draft() is None


@pytest.mark.usefixtures("disk_full")
def test_words_that_cannot_be_kept_with_nothing_to_ask_still_let_the_first_quit_quit(
        qtbot, launch: Launcher) -> None:
    """Review: with no diary to write to and no companion to save an entry (a lock whose write failed),
    the first Quit did nothing: its close came from inside the close being handled."""
    hearth = launch()
    window = hearth.window
    window.hide_on_close = lambda: True
    window.composer.set_text(DRAFT)
    window.drafts.keeper.set_diary(None)
    hearth.bridge.set_companion(None)
    window.quit_app()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=START_TIMEOUT_MS)
    assert window.quitting
