"""A damaged search index is rebuilt from the messages when a search meets the damage (issue 18, item 2).

Random bytes in FTS5's blocks pass ``quick_check`` and ``integrity_check``; before this, every search for
some words then failed with "The diary file is damaged", and starting again changed nothing.
"""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path

from app.store import Diary, DiaryKey
from tests.cipher_pages import connect_raw

WORDS = "river garden shed roof Rex walk rain tea Anna library market harbour novel choir".split()  # noqa: SIM905


def _diary_with_words(data_dir: Path) -> dict[str, int]:
    rng = random.Random(1)
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 3, 2)).id
        for _ in range(400):
            diary.add_message(cid, "user", " ".join(rng.choice(WORDS) for _ in range(12)))
        return {w: len(diary.search(w, limit=1000)) for w in WORDS}


def _scramble_index(data_dir: Path, key: DiaryKey | None) -> None:
    """Written through SQLite (SQLCipher when encrypted): pages intact, the index's own content garbled."""
    conn = connect_raw(data_dir / "hearth.db", key)
    conn.execute("UPDATE message_fts_data SET block = randomblob(length(block)) WHERE id > 10")
    conn.close()


def test_a_scrambled_index_is_rebuilt_and_every_search_answers_as_before(
    data_dir: Path, mode_key: DiaryKey | None
) -> None:
    found = _diary_with_words(data_dir)
    _scramble_index(data_dir, mode_key)
    with Diary.open(data_dir) as diary:  # a damaged index is not a damaged diary: it opens, not moved aside
        assert {w: len(diary.search(w, limit=1000)) for w in WORDS} == found
        assert diary.index_repairs == 1
        assert diary.integrity_check() == "ok"  # (SQLite 3.44+, SQLCipher's, checks FTS5 too; 3.40 does not)


def test_recall_queries_repair_the_index_too(data_dir: Path, mode_key: DiaryKey | None) -> None:
    _diary_with_words(data_dir)
    _scramble_index(data_dir, mode_key)
    with Diary.open(data_dir) as diary:
        hits = diary.ranked_messages('"river"*', limit=20, exclude_conversation_id=None)
        assert hits and all("river" in h.text for h in hits)
        assert diary.index_repairs == 1
