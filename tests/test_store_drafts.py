"""The message box's unsent words in the diary (``draft``): one row, cleared by blank words, by the entry
they became (in the same transaction) and by forget-everything; a deleted day leaves the words dayless.
Runs on a plain and on an encrypted diary (``conftest.ENCRYPTED_MODULES``)."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

from app.store import Diary


def _day(diary: Diary) -> int:
    conversation = diary.conversation_for_day(date.today())
    assert conversation.id is not None
    return conversation.id


def test_one_draft_kept_replaced_and_cleared(tmp_path: Path) -> None:
    with Diary.open(tmp_path / "d") as diary:
        day = _day(diary)
        assert diary.draft() is None
        diary.save_draft("first words", day)
        diary.save_draft("first words, then more", None)
        draft = diary.draft()
        assert draft is not None and (draft.text, draft.conversation_id) == ("first words, then more", None)
        diary.save_draft(" \n\t", day)
        assert diary.draft() is None


def test_the_entry_the_words_became_clears_them_in_its_transaction(tmp_path: Path) -> None:
    with Diary.open(tmp_path / "d") as diary:
        day = _day(diary)
        diary.save_draft("  The tea went cold twice.\n", day)
        diary.add_message(day, "assistant", "The tea went cold twice.")  # not the person's: kept
        assert diary.draft() is not None
        diary.add_message(day, "user", "Something else")  # other words: kept
        assert diary.draft() is not None
        diary.add_message(day, "user", "The tea went cold twice.")
        assert diary.draft() is None


def test_a_deleted_day_keeps_the_words_and_forget_everything_erases_them(tmp_path: Path) -> None:
    with Diary.open(tmp_path / "d") as diary:
        day = _day(diary)
        diary.save_draft("words of a day about to go", day)
        diary.delete_conversation(day)
        draft = diary.draft()
        assert draft is not None and draft.conversation_id is None
        diary.save_draft("typed on a day gone meanwhile", day)  # its id no longer exists: kept dayless
        draft = diary.draft()
        assert draft is not None and draft.conversation_id is None
        diary.forget_everything()
        assert diary.draft() is None


def test_the_words_are_not_exported_as_an_entry(tmp_path: Path) -> None:
    with Diary.open(tmp_path / "d") as diary:
        diary.save_draft("not an entry yet", _day(diary))
        assert "not an entry yet" not in str(diary.export_json())


def test_the_words_are_kept_as_an_entry_would_be_so_the_entry_clears_them(tmp_path: Path) -> None:
    """Review: a NUL or a lone surrogate (a broken paste) failed the write, or was kept as typed while the
    entry stored U+FFFD, so the entry never cleared the words."""
    with Diary.open(tmp_path / "d") as diary:
        day = _day(diary)
        diary.save_draft("broken \ud800 paste\x00", day)
        draft = diary.draft()
        assert draft is not None and draft.text == "broken \ufffd paste\ufffd"
        diary.add_message(day, "user", "broken \ud800 paste\x00")
        assert diary.draft() is None


def test_a_restore_keeps_the_words_in_the_box(tmp_path: Path) -> None:
    """A diary holding only kept words counts as empty (no undo is made), so a restore would have lost them;
    they are newer than any backup, and stay, dayless (their day's id means another day in the backup)."""
    with Diary.open(tmp_path / "d") as diary:
        day = _day(diary)
        diary.add_message(day, "user", "An entry worth a backup.")
        diary.save_draft("words from the backup's own box", day)
        backup = tmp_path / "kept-backup.db"
        shutil.copy(diary.backup(), backup)
        diary.forget_everything()
        diary.save_draft("Words typed after everything was forgotten.", _day(diary))
        diary.restore(backup)
        draft = diary.draft()
        assert draft is not None
        assert (draft.text, draft.conversation_id) == ("Words typed after everything was forgotten.", None)
        assert [hit.text for hit in diary.search("backup")] == ["An entry worth a backup."]
        diary.save_draft("", None)
        diary.restore(backup)  # no words in the box now: the backup's own are back
        restored = diary.draft()
        assert restored is not None and restored.text == "words from the backup's own box"
