"""The boxes that name files still holding what should be gone (``app.ui.unscrubbed``): after a deletion, a
damaged log's copy is named as a file, not as a backup, and deleted on request (backups alone keep their own
words); after a passphrase change, the files kept after damage are named — as not encrypted, or as still
under an earlier passphrase, by their own bytes and not by the change — kept or deleted as chosen.

Real Diary, a real crash (``tests.wal_kill_driver``) and damaged log, real Qt offscreen; no model.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from app.store import Diary, DiaryKey
from app.ui.tasks import TaskRunner
from app.ui.unscrubbed import deleted_everywhere, tell_if_any, tell_kept_after_change
from tests.wal_frames import break_early, killed_while_writing
from tests.wal_kill_driver import DAY

SECRET = "I told nobody about the quokkafest letter."
PASSPHRASE = "lantern-orchard-47"
NEXT_PASSPHRASE = "quiet-harbour-913"
PLAIN_SAID = "These files kept after damage are not encrypted and can be read without any passphrase:"
KEYED_SAID = "These files kept after damage can still be read with an earlier passphrase:"


@pytest.fixture
def parent(qtbot: Any) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


@pytest.fixture
def runner() -> Iterator[TaskRunner]:
    tasks = TaskRunner()
    yield tasks
    tasks.wait_idle()


def _diary_with_kept_copies(data_dir: Path, key: DiaryKey | None = None) -> Diary:
    """The secret in the diary file, then a crash and a damaged log: both copied aside at the next open
    (with ``key``, an encrypted diary: the crashing process reads its passphrase from
    HEARTH_PASSPHRASE_FILE)."""
    with Diary.open(data_dir, key) as diary:
        diary.add_message(diary.conversation_for_day(DAY).id or 0, "user", SECRET)
    break_early(data_dir, killed_while_writing(data_dir, 12))
    diary = Diary.open(data_dir, key)
    assert diary.lost_writes is not None and diary.lost_writes.diary_copy is not None
    return diary


def _delete_secret(diary: Diary) -> list[Path]:
    first = diary.messages(diary.conversation_for_day(DAY).id or 0)[0]
    assert first.text == SECRET
    return deleted_everywhere(diary, lambda: diary.delete_message(first.id or 0))()


def _button(box: QMessageBox, name: str) -> QPushButton:
    found = box.findChild(QPushButton, name)
    assert found is not None
    return found


def _click(qtbot: Any, box: QMessageBox, name: str) -> None:
    qtbot.mouseClick(_button(box, name), Qt.MouseButton.LeftButton)


def test_a_damaged_logs_copy_is_named_as_a_file_and_deleted_on_request(
    qtbot: Any, parent: QWidget, runner: TaskRunner, data_dir: Path
) -> None:
    diary = _diary_with_kept_copies(data_dir)
    lost = diary.lost_writes
    assert lost is not None and lost.diary_copy is not None
    try:
        box = tell_if_any(parent, runner, diary, _delete_secret(diary))
        assert box is not None and box.windowTitle() == "Some files still hold it"
        assert "these files could not be changed and still hold it" in box.text()
        assert lost.kept.name in box.text() and lost.diary_copy.name not in box.text()  # that one: scrubbed
        assert "Files kept after damage cannot be changed" in box.informativeText()
        assert _button(box, "deleteUnscrubbed").text() == "Delete these files"
        assert box.findChild(QPushButton, "scrubAgain") is None  # a log's copy can never be changed
        assert "keep them while you may still need them" in box.informativeText()
        _click(qtbot, box, "deleteUnscrubbed")
        qtbot.waitUntil(lambda: not lost.kept.exists(), timeout=10_000)
        runner.wait_idle()
        assert diary.unscrubbed_files == [] and lost.diary_copy.exists()
    finally:
        diary.close()


def test_backups_alone_are_still_called_backups(
    qtbot: Any, parent: QWidget, runner: TaskRunner, data_dir: Path
) -> None:
    with Diary.open(data_dir) as diary:
        diary.add_message(diary.conversation_for_day(DAY).id or 0, "user", SECRET)
        broken = diary.backup()
    broken.write_bytes(b"damaged, and it holds " + SECRET.encode())
    with Diary.open(data_dir) as diary:
        box = tell_if_any(parent, runner, diary, _delete_secret(diary))
        assert box is not None and box.windowTitle() == "Some backups still hold it"
        assert "these backups could not be changed" in box.text() and broken.name in box.text()
        assert _button(box, "deleteUnscrubbed").text() == "Delete these backups"
        box.close()


def test_after_a_passphrase_change_the_kept_files_are_named_kept_or_deleted(
    qtbot: Any, parent: QWidget, runner: TaskRunner, data_dir: Path
) -> None:
    diary = _diary_with_kept_copies(data_dir)
    kept = diary.change_key(DiaryKey(PASSPHRASE))  # encryption on (closes the diary)
    assert len(kept) == 2
    with Diary.open(data_dir, DiaryKey(PASSPHRASE)) as encrypted:
        changed = tell_kept_after_change(parent, runner, encrypted, kept)
        assert changed is not None and changed.text().startswith(f"{PLAIN_SAID}\n\n")
        assert changed.defaultButton().text() == "Keep them"
        changed.defaultButton().click()
        runner.wait_idle()
        assert all(path.exists() for path in kept)
        box = tell_kept_after_change(parent, runner, encrypted, kept)
        assert box is not None and box.windowTitle() == "Files kept after damage"
        assert "earlier passphrase" not in box.text()
        assert all(path.name in box.text() for path in kept)
        _click(qtbot, box, "deleteKept")
        qtbot.waitUntil(lambda: not any(path.exists() for path in kept), timeout=10_000)
        runner.wait_idle()


def test_each_kept_file_is_worded_as_it_is_not_as_the_change_was(
    parent: QWidget, runner: TaskRunner, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Copies kept while the diary was plain, then encryption on, then copies kept under that passphrase,
    then a change of it: the plain ones are still plain ("not encrypted", not "the old passphrase"), the
    others under the earlier passphrase — each sentence followed by its own files."""
    plain = _diary_with_kept_copies(data_dir)
    plain_kept = plain.change_key(DiaryKey(PASSPHRASE))  # encryption on (closes the diary)
    secret = tmp_path / "passphrase.txt"
    secret.write_text(PASSPHRASE, encoding="utf-8")
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(secret))  # for the crashing process
    encrypted = _diary_with_kept_copies(data_dir, DiaryKey(PASSPHRASE))
    keyed_kept = sorted(set(encrypted.change_key(DiaryKey(NEXT_PASSPHRASE))) - set(plain_kept))
    assert len(plain_kept) == len(keyed_kept) == 2
    with Diary.open(data_dir, DiaryKey(NEXT_PASSPHRASE)) as changed:
        box = tell_kept_after_change(parent, runner, changed, [*keyed_kept, *plain_kept])
        assert box is not None
        plain_part, keyed_part = box.text().split(KEYED_SAID)
        assert plain_part.startswith(PLAIN_SAID)
        assert all(path.name in plain_part and path.name not in keyed_part for path in plain_kept)
        assert all(path.name in keyed_part and path.name not in plain_part for path in keyed_kept)
        box.close()


def test_a_kept_copy_that_may_change_is_offered_again(
    parent: QWidget, runner: TaskRunner, data_dir: Path
) -> None:
    """A `.base` copy is scrubbed like a backup: one that failed (damaged) may be tried again."""
    base = data_dir / "hearth.db.corrupt-20260301-101500-000000.base"
    with Diary.open(data_dir) as diary:
        box = tell_if_any(parent, runner, diary, [base])
        assert box is not None and box.findChild(QPushButton, "scrubAgain") is not None
        assert "Some of them may be damaged" in box.informativeText()
        assert "backups" not in box.informativeText()
        box.close()
