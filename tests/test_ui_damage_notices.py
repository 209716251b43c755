"""What the window says after damage and deletions (issue 18): a rebuilt search index is mentioned, not
hidden; backups a deletion could not scrub are named with a way to deal with them; the delete
confirmation is a box like any other; "Restore backup" while the model still loads shows no error.

Real Companion, Diary and tiny model, real Qt offscreen.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from app.store import Diary, damage, lost_writes
from app.ui.errors import open_boxes, open_error_boxes
from tests.test_store_rescue import _damage_page, _root_page
from tests.test_ui_set_aside import ENTRY, set_aside_with_backup
from tests.ui_helpers import Launcher, close_error_boxes, launcher, seed_days, tiny_factory, wait_ready
from tests.wal_frames import break_early, killed_while_writing

WORDS = "river garden shed roof walk rain tea library market harbour novel choir".split()  # noqa: SIM905
REBUILT = "The search index was damaged and has been rebuilt"
SECRET = "I told nobody about the quokkafest letter."

pytestmark = pytest.mark.plain_only  # damages the file with plain sqlite3


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def _scrambled_index(data_dir: Path) -> None:
    rng = random.Random(3)
    seed_days(data_dir, {1: [("user", " ".join(rng.choice(WORDS) for _ in range(12))) for _ in range(300)]})
    conn = sqlite3.connect(data_dir / "hearth.db")
    conn.execute("UPDATE message_fts_data SET block = randomblob(length(block)) WHERE id > 10")
    conn.commit()
    conn.close()


# -- a damaged search index ------------------------------------------------------------------------------
def test_a_search_that_rebuilt_the_index_says_so_quietly(qtbot, launch, data_dir: Path) -> None:
    _scrambled_index(data_dir)
    hearth = launch()
    for word in WORDS:
        hearth.window.search(word)
    qtbot.waitUntil(lambda: REBUILT in hearth.window.activity.note(), timeout=10_000)
    hearth.runner.wait_idle()
    qtbot.waitUntil(lambda: REBUILT in hearth.window.activity.text(), timeout=60_000)  # when no job runs
    assert "Nothing was lost" in hearth.window.activity.text()
    assert not open_error_boxes()  # a note, not a dialog: there is nothing to do


def test_the_start_after_damage_rebuilds_the_index_and_says_so(qtbot, launch, data_dir: Path) -> None:
    _scrambled_index(data_dir)
    damage.remember(data_dir)  # the last run met damage it could not repair on the spot
    hearth = launch()
    qtbot.waitUntil(lambda: REBUILT in hearth.window.activity.text(), timeout=60_000)  # once jobs end
    assert hearth.diary is not None and hearth.diary.index_repairs == 1
    assert not damage.was_seen(data_dir)


# -- backups a deletion could not scrub -------------------------------------------------------------------
def _entry_with_backups(data_dir: Path) -> tuple[int, list[Path]]:
    """Today's secret entry, two daily backups holding it, the newer one damaged (cannot be scrubbed)."""
    ids = seed_days(data_dir, {0: [("user", SECRET), ("user", "Then I watered the tomatoes.")]})
    with Diary.open(data_dir) as diary:
        now = datetime.now()
        made = [diary.maybe_backup(now + timedelta(days=d)) for d in (1, 2)]
    paths = [p for p in made if p is not None]
    paths[-1].write_bytes(b"not a database at all, but it holds " + SECRET.encode() * 10)
    return ids[0][0], paths


def _delete_entry(qtbot, hearth, message_id: int) -> None:
    window = hearth.window
    assert window.chat_view.jump_to(message_id)
    window.actions_["delete"].trigger()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "deleteEntryBox") is not None)
    box = window.findChild(QMessageBox, "deleteEntryBox")
    qtbot.mouseClick(box.findChild(QPushButton, "deleteEntryConfirm"), Qt.MouseButton.LeftButton)


def _unscrubbed_box(qtbot, window: Any) -> QMessageBox:
    shown = lambda: any(b.objectName() == "unscrubbedBackupsBox" for b in open_boxes())  # noqa: E731
    qtbot.waitUntil(shown, timeout=20_000)
    return next(b for b in open_boxes() if b.objectName() == "unscrubbedBackupsBox")


def test_backups_that_still_hold_a_deleted_entry_are_named_and_can_be_deleted(
    qtbot, launch, data_dir: Path
) -> None:
    message_id, (good, broken) = _entry_with_backups(data_dir)
    hearth = launch()
    _delete_entry(qtbot, hearth, message_id)
    box = _unscrubbed_box(qtbot, hearth.window)
    assert broken.name in box.text() and good.name not in box.text()  # exactly the one that holds it
    qtbot.mouseClick(box.findChild(QPushButton, "deleteUnscrubbed"), Qt.MouseButton.LeftButton)
    diary = hearth.diary
    assert diary is not None
    qtbot.waitUntil(lambda: not diary.unscrubbed_files, timeout=10_000)
    assert not broken.exists()
    assert good.exists() and SECRET.encode() not in good.read_bytes()  # the other backup: scrubbed, kept


def test_try_again_names_what_still_failed(qtbot, launch, data_dir: Path) -> None:
    message_id, (_good, broken) = _entry_with_backups(data_dir)
    hearth = launch()
    _delete_entry(qtbot, hearth, message_id)
    box = _unscrubbed_box(qtbot, hearth.window)
    qtbot.mouseClick(box.findChild(QPushButton, "scrubAgain"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: box not in open_boxes())
    again = _unscrubbed_box(qtbot, hearth.window)  # still damaged: said again, still named
    assert again is not box and broken.name in again.text() and broken.exists()


def test_a_fact_deleted_in_the_memory_panel_names_its_backups_too(qtbot, launch, data_dir: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with Diary.open(data_dir) as diary:
        fact = diary.add_fact("Allergic to zanzibarine", kind="health")
        broken = diary.backup()
    broken.write_bytes(b"damaged")
    hearth = launch()
    panel = hearth.window.memory_panel
    hearth.window.memory_dock.show()
    qtbot.waitUntil(lambda: panel.select_fact(fact.id), timeout=10_000)
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Yes)
    panel.delete_selected()
    box = _unscrubbed_box(qtbot, hearth.window)
    assert broken.name in box.text()


# -- review items ----------------------------------------------------------------------------------------
def test_the_delete_confirmation_is_found_and_closed_like_every_box(qtbot, launch, data_dir: Path) -> None:
    ids = seed_days(data_dir, {0: [("user", SECRET)]})
    hearth = launch()
    assert hearth.window.chat_view.jump_to(ids[0][0])
    hearth.window.actions_["delete"].trigger()
    qtbot.waitUntil(lambda: any(b.objectName() == "deleteEntryBox" for b in open_boxes()))
    assert not open_error_boxes()  # a question, not an error
    close_error_boxes()
    assert not open_boxes()


def test_restore_chosen_while_the_model_still_loads_shows_no_error(qtbot, launch, data_dir: Path,
                                                                   tiny_engine, monkeypatch) -> None:
    """The first load's companion (on the empty diary) is retired unseen, never installed, never leaked."""
    from app.ui import application

    made: list[Any] = []

    class Recorded(application.Companion):  # type: ignore[misc,valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(application, "Companion", Recorded)
    set_aside_with_backup(data_dir)
    release = threading.Event()

    def slow_factory(settings: Any, folder: Path) -> Any:
        release.wait(30)  # the first load waits for the click; the restored diary's load goes through
        return tiny_factory(tiny_engine)(settings, folder)

    hearth = launch(engine_factory=slow_factory, wait=False)
    installed: list[Any] = []
    hearth.ready.connect(installed.append)
    bar = hearth.window.notice_bar
    qtbot.waitUntil(lambda: bar.isVisible() and bar.action_button.isVisible(), timeout=20_000)
    assert hearth.companion is None  # the model is still loading
    qtbot.mouseClick(bar.action_button, Qt.MouseButton.LeftButton)
    release.set()
    qtbot.waitUntil(lambda: len(made) == 2 and hearth.companion is made[1], timeout=30_000)
    wait_ready(qtbot, hearth)
    assert hearth.diary is not None and [h.text for h in hearth.diary.search("lighthouse")] == [ENTRY]
    assert hearth.companion.diary is hearth.diary
    qtbot.waitUntil(made[0]._closed.is_set)  # the empty diary's companion was closed ...
    assert installed == [made[1]]  # ... and never shown
    hearth.runner.wait_idle()
    assert not open_error_boxes()


# -- a damaged file rescued at start -----------------------------------------------------------------------
def test_a_diary_rescued_at_start_says_what_it_kept(qtbot, launch, data_dir: Path) -> None:
    """Damage in the search index's pages: every entry is copied into a new file (app.store.rescue), and
    the window says so — how many entries and facts, and where the damaged file is kept."""
    seed_days(data_dir, {1: [("user", f"{SECRET} day {i}") for i in range(40)]})
    conn = sqlite3.connect(data_dir / "hearth.db")
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'message_fts_data'").fetchone()[0]
    conn.close()
    path = data_dir / "hearth.db"
    data = bytearray(path.read_bytes())
    data[(root - 1) * 4096 : (root - 1) * 4096 + 3000] = bytes(range(250)) * 12
    path.write_bytes(bytes(data))
    hearth = launch()
    bar = hearth.window.notice_bar
    qtbot.waitUntil(lambda: bar.isVisible() and "Hearth copied everything it could read" in bar.text.text())
    assert "(entries: 40; facts: 0)" in bar.text.text() and "hearth.db.corrupt-" in bar.text.text()
    assert hearth.diary is not None and len(hearth.diary.search("quokkafest", limit=100)) == 40
    assert not open_error_boxes()


# -- the last writes lost to a damaged write-ahead log ----------------------------------------------------
def test_a_damaged_log_at_start_is_told_and_its_backup_restored(qtbot, launch, data_dir: Path) -> None:
    """A crash left 12 entries in the log, a bad block in it after the first few: SQLite alone would drop
    the rest unsaid. The window names what may be missing, where the copy is, and the backup made since,
    which one click restores (every entry back; the diary as it was backed up first)."""
    Diary.open(data_dir).close()  # the diary file, made; the crash's entries only in its log
    break_early(data_dir, killed_while_writing(data_dir, 12, backup_after=11))
    hearth = launch()
    bar = hearth.window.notice_bar
    qtbot.waitUntil(lambda: bar.isVisible() and "could not be read back" in bar.text.text())
    said = bar.text.text()
    log, base = lost_writes.kept_logs(data_dir)[0], next(data_dir.glob("hearth.db.corrupt-*.base"))
    assert "What was written after " in said and f"kept in {data_dir}, as {log.name} and {base.name}." in said
    assert "The backup made on " in said and "may hold what is missing" in said
    assert hearth.diary is not None and len(hearth.diary.search("harbour", limit=100)) < 12
    assert bar.action_button.isVisible() and bar.action_button.text() == "Restore backup"
    qtbot.mouseClick(bar.action_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: hearth.diary is not None and len(hearth.diary.search("harbour", limit=100)) == 12,
                    timeout=30_000)
    wait_ready(qtbot, hearth)
    assert not open_error_boxes()


def test_a_damaged_log_and_diary_file_say_both_once_and_restore_the_backup(qtbot, launch,
                                                                          data_dir: Path) -> None:
    """The diary file damaged too (its header): the one box that says it was set aside names the log's and
    the diary file's copies and offers the latest backup; once it is restored, no notice says the copies
    again as writes lost from it or offers the backup just restored (session 25)."""
    Diary.open(data_dir).close()
    break_early(data_dir, killed_while_writing(data_dir, 12, backup_after=11))
    db = data_dir / "hearth.db"
    db.write_bytes(b"this is not sqlite " * 5 + b"xxxxx" + db.read_bytes()[100:])
    hearth = launch(wait=False)
    qtbot.waitUntil(lambda: bool(open_error_boxes()), timeout=30_000)
    box = open_error_boxes()[-1]
    log, base = lost_writes.kept_logs(data_dir)[0], next(data_dir.glob("hearth.db.corrupt-*.base"))
    assert f"beside it, as {log.name} and {base.name}." in box.text() and "moved aside to" in box.text()
    restore = next(b for b in box.buttons() if b.text().startswith("Restore backup"))
    restore.click()
    wait_ready(qtbot, hearth)
    hearth.runner.wait_idle()
    assert hearth.diary is not None and len(hearth.diary.search("harbour", limit=100)) == 12
    bar = hearth.window.notice_bar
    assert hearth.diary.lost_writes is None, bar.text.text()
    assert "could not be read back" not in bar.text.text() and bar.action_button.text() != "Restore backup"
    assert not open_error_boxes()


def test_a_rescue_and_a_damaged_log_are_said_in_one_notice(qtbot, launch, data_dir: Path) -> None:
    """A start that rescued the damaged diary file and kept a damaged log's copies says both at once: one
    important notice replaced the other, and the rescue went unsaid."""
    Diary.open(data_dir).close()
    root = _root_page(data_dir, None, "opening_prompt")
    break_early(data_dir, killed_while_writing(data_dir, 12))
    _damage_page(data_dir, root)
    hearth = launch()
    bar = hearth.window.notice_bar
    qtbot.waitUntil(lambda: bar.isVisible() and "could not be read back" in bar.text.text())
    said = bar.text.text()
    assert said.startswith("The diary file was damaged. Hearth copied everything it could read")
    assert ".base" in said and "No backup was made since then" in said
    assert not open_error_boxes()
