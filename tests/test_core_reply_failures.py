"""A reply when the diary cannot take it: the disk is full (SQLite's own SQLITE_FULL, through a page limit on
the real diary file), with the real tiny model. The person is told what happened and what to do — never
"something went wrong in the background" — the reply's bubble ends, and what they wrote is kept."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event as sa_event

from app.config import Settings
from app.core.companion import Companion
from app.core.events import ErrorRaised, Event, ReplyFinished, ReplyStarted
from app.store import Diary, DiskFull

ENTRY = "Walked my dog Rex by the river this morning."


class Rig:
    def __init__(self, data_dir: Path, engine: Any) -> None:
        self.diary = Diary.open(data_dir)
        self.companion = Companion(self.diary, engine, Settings(reply_reserve=48, reply_length="short"))
        self.events: list[Event] = []
        self.companion.subscribe(self.events.append)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def fill_the_disk(self) -> None:
        """No page more for the diary file; then fill what room is left in its pages (another program's
        entries, as if written by it), down to the smallest row."""
        with self.diary.engine.connect() as conn:
            pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
        sa_event.listen(self.diary.engine, "connect",
                        lambda c, _r: c.execute(f"PRAGMA max_page_count = {pages}"))  # fmt: skip
        self.diary.engine.dispose()
        elsewhere = self.diary.conversation_for_day(date(2020, 1, 1)).id or 0
        for words in (300, 30, 3, 1):
            with pytest.raises(DiskFull):
                for _ in range(5000):
                    self.diary.add_message(elsewhere, "user", "filler " * words)

    def close(self) -> None:
        self.companion.close(keep_cache_s=0)
        self.diary.close()


@pytest.fixture
def rig(data_dir: Path, tiny_engine: Any) -> Iterator[Rig]:
    made = Rig(data_dir, tiny_engine)
    yield made
    made.close()


def _said_disk_full(rig: Rig) -> None:
    [error] = rig.of(ErrorRaised)
    assert "full" in error.message and error.hint == DiskFull.hint
    assert "went wrong" not in error.message


def test_asking_for_a_reply_on_a_full_disk_says_so_and_keeps_the_entry(rig: Rig) -> None:
    entry = rig.companion.write(ENTRY)
    rig.fill_the_disk()
    rig.events.clear()
    rig.companion.ask()
    assert rig.companion.wait_idle(timeout=60)
    _said_disk_full(rig)
    assert [m.id for m in rig.diary.messages(rig.companion.conversation_id)] == [entry]


def test_a_reply_the_full_disk_cannot_keep_is_said_and_its_bubble_ends(rig: Rig) -> None:
    entry = rig.companion.write(ENTRY)
    filled: list[bool] = []

    def fill_once(event: Event) -> None:
        # The disk fills up once the reply's bubble is written, before a word streams: filled later, on a
        # busy machine the reply's first words could be saved between two of the filler's writes, and a
        # reply no longer than them would then be kept, rightly, with nothing to say.
        if isinstance(event, ReplyStarted) and not filled:
            filled.append(True)
            rig.fill_the_disk()

    rig.companion.subscribe(fill_once)
    rig.events.clear()
    rig.companion.ask()
    assert rig.companion.wait_idle(timeout=60)
    assert filled
    _said_disk_full(rig)
    [started] = rig.of(ReplyStarted)
    [finished] = rig.of(ReplyFinished)
    assert finished.message_id == started.message_id and finished.status == "interrupted"
    assert finished.text  # the words streamed stay on screen
    assert rig.diary.messages(rig.companion.conversation_id)[0].id == entry


def test_a_background_worker_stopped_by_the_store_says_the_stores_words(rig: Rig) -> None:
    """QA (session 41): a diary locked by another program stopped a worker, and the person read "Something
    went wrong in the background: StoreError." The store's errors say what happened and what to do; other
    failures are still named by their kind only (their text may quote the diary)."""
    rig.companion._report_crash(DiskFull("The disk (or the diary file) is full: this change was not saved."))
    rig.companion._report_crash(ValueError("a line of the diary"))
    first, second = rig.of(ErrorRaised)
    assert first.message.startswith("The disk (or the diary file) is full") and "Free some disk" in first.hint
    assert second.message == "Something went wrong in the background: ValueError." and second.hint == ""
