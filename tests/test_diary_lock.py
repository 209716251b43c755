"""One writer per diary (issue 18, item 8): a second window on the same diary says so instead of
interleaving entries with the first; the lock dies with its process, so a crash never locks anyone out."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.store import Diary, DiaryInUse, DiaryLock
from app.ui.application import HearthApp
from app.ui.errors import open_error_boxes
from tests.ui_helpers import close_error_boxes, quick_settings, tiny_factory


def test_a_second_holder_is_refused_with_a_clear_message(data_dir: Path) -> None:
    with DiaryLock(data_dir):
        with pytest.raises(DiaryInUse, match="open in another Hearth window") as caught:
            DiaryLock(data_dir).acquire()
        assert "close it" in caught.value.hint
    with DiaryLock(data_dir) as again:  # released: free to take
        assert again.held


def test_a_killed_holder_leaves_no_stale_lock(data_dir: Path) -> None:
    code = (
        "import os, sys; from pathlib import Path; from app.store import DiaryLock\n"
        f"DiaryLock(Path({str(data_dir)!r})).acquire(); os._exit(0)  # no release: as if killed\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    with DiaryLock(data_dir) as lock:
        assert lock.held


def test_a_second_window_on_the_same_diary_says_it_is_open(
    qtbot: Any, data_dir: Path, tiny_engine: Any
) -> None:
    close_error_boxes()
    other = DiaryLock(data_dir).acquire()  # as another Hearth would hold it
    hearth = HearthApp(data_dir, settings=quick_settings(), engine_factory=tiny_factory(tiny_engine))
    try:
        with qtbot.waitSignal(hearth.failed, timeout=20000) as failed:
            hearth.start()
        assert isinstance(failed.args[0], DiaryInUse)
        assert hearth.diary is None and hearth.companion is None
        texts = [box.text() for box in open_error_boxes()]
        assert any("already open" in text or "another Hearth window" in text for text in texts)
    finally:
        hearth.shutdown()
        other.release()
        close_error_boxes()


def test_chat_forget_everything_restore_import_backup_and_fact_changes_refuse_a_diary_in_use(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Diary.open(data_dir) as diary:
        empty = diary.backup()
        diary.add_message(diary.conversation_for_day(date(2026, 3, 2)).id, "user", "Kept.")
        diary.add_fact("Likes tea.")
        export = data_dir.parent / "export.json"
        export.write_text(json.dumps(diary.export_json()), encoding="utf-8")
        backups = diary.list_backups()
    with DiaryLock(data_dir):  # a window has it open
        assert main(["--data-dir", str(data_dir), "forget-everything", "--yes"]) == 1
        assert main(["--data-dir", str(data_dir), "digest", "--day", "2026-03-02"]) == 1
        assert main(["--data-dir", str(data_dir), "restore", str(empty)]) == 1  # not under the window
        changes = (["import", str(export)], ["backup"], ["facts", "add", "Likes tea."], ["facts", "rm", "1"],
                   ["facts", "edit", "1", "Likes green tea."], ["facts", "pin", "1"])
        for change in changes:
            assert main(["--data-dir", str(data_dir), *change]) == 1, change
    err = capsys.readouterr().err
    assert err.count("open in another Hearth window") == 9 and "Traceback" not in err
    with Diary.open(data_dir) as diary:
        assert [m.text for c in diary.list_conversations() for m in diary.messages(c.id)] == ["Kept."]
        assert [(f.text, f.pinned) for f in diary.list_facts()] == [("Likes tea.", False)]
        assert diary.list_backups() == backups


def test_the_lock_file_alone_does_not_make_the_folder_someone_elses(data_dir: Path) -> None:
    """A damaged diary moved aside leaves the lock file beside it: the folder is still Hearth's."""
    from app.config import is_hearth_dir
    from app.store.lock import LOCK_FILE

    with DiaryLock(data_dir):
        pass
    (data_dir / "hearth.db").unlink(missing_ok=True)
    assert (data_dir / LOCK_FILE).exists() and is_hearth_dir(data_dir)
