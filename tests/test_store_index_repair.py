"""A damaged search index is rebuilt from the messages when a search meets the damage (issue 18, item 2).

Random bytes in FTS5's blocks pass ``quick_check`` and ``integrity_check``; before this, every search for
some words then failed with "The diary file is damaged", and starting again changed nothing.
"""

from __future__ import annotations

import random
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from app.store import Diary

WORDS = "river garden shed roof Rex walk rain tea Anna library market harbour novel choir".split()  # noqa: SIM905


def _diary_with_words(data_dir: Path) -> dict[str, int]:
    rng = random.Random(1)
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 3, 2)).id
        for _ in range(400):
            diary.add_message(cid, "user", " ".join(rng.choice(WORDS) for _ in range(12)))
        return {w: len(diary.search(w, limit=1000)) for w in WORDS}


def _scramble_index(data_dir: Path) -> None:
    conn = sqlite3.connect(data_dir / "hearth.db")
    conn.execute("UPDATE message_fts_data SET block = randomblob(length(block)) WHERE id > 10")
    conn.commit()
    conn.close()


@pytest.mark.plain_only  # reads the file's bytes with plain sqlite3 or a plain-text scan
def test_a_scrambled_index_is_rebuilt_and_every_search_answers_as_before(data_dir: Path) -> None:
    found = _diary_with_words(data_dir)
    _scramble_index(data_dir)
    with Diary.open(data_dir) as diary:
        assert diary.integrity_check() == "ok"  # SQLite's own check does not see it
        assert {w: len(diary.search(w, limit=1000)) for w in WORDS} == found
        assert diary.index_repairs == 1


@pytest.mark.plain_only  # reads the file's bytes with plain sqlite3 or a plain-text scan
def test_recall_queries_repair_the_index_too(data_dir: Path) -> None:
    _diary_with_words(data_dir)
    _scramble_index(data_dir)
    with Diary.open(data_dir) as diary:
        hits = diary.ranked_messages('"river"*', limit=20, exclude_conversation_id=None)
        assert hits and all("river" in h.text for h in hits)
        assert diary.index_repairs == 1
