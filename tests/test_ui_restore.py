"""A damaged diary at start-up: a clear dialog that offers the latest backup, and one click restores it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from app.store import Diary
from app.ui.errors import open_error_boxes
from tests.ui_helpers import Launcher, launcher, seed_days, wait_ready


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def test_damaged_diary_offers_the_latest_backup_and_restores_it(qtbot, launch, data_dir: Path) -> None:
    seed_days(data_dir, {1: [("user", "The lighthouse trip with grandfather was wonderful.")]})
    diary = Diary.open(data_dir)
    backup = diary.backup()
    diary.close()
    db = data_dir / "hearth.db"
    damaged = bytearray(db.read_bytes())
    damaged[0:100] = b"this is not sqlite " * 5 + b"xxxxx"
    db.write_bytes(bytes(damaged))

    hearth = launch(wait=False)
    qtbot.waitUntil(lambda: bool(open_error_boxes()), timeout=30_000)
    box = open_error_boxes()[-1]
    assert "hearth restore" not in box.text()  # what happened, in words, not a traceback
    restore = next(b for b in box.buttons() if backup.name in b.text())
    assert box.buttonRole(restore) == QMessageBox.ButtonRole.AcceptRole
    assert any(p.name.startswith("hearth.db.corrupt") for p in data_dir.iterdir())  # kept, not overwritten

    restore.click()
    wait_ready(qtbot, hearth)
    assert hearth.diary is not None
    hits = hearth.diary.search("lighthouse")
    assert [h.text for h in hits] == ["The lighthouse trip with grandfather was wonderful."]
