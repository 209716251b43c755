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


def _scramble_index(data_dir: Path, key: DiaryKey | None = None) -> None:
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


@pytest.mark.plain_only  # reads the file's bytes with plain sqlite3 or a plain-text scan
def test_a_repair_is_announced_to_whoever_listens(data_dir: Path) -> None:
    _diary_with_words(data_dir)
    _scramble_index(data_dir)
    heard: list[int] = []
    with Diary.open(data_dir) as diary:
        diary.on_index_repaired = lambda: heard.append(diary.index_repairs)
        for word in WORDS:
            diary.search(word)
    assert heard == [1]


def _damage_seen_while_running(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run in which a query met damage (SQLITE_CORRUPT) it could not repair on the spot."""
    from app.store import db
    from app.store.errors import DamagedFile

    with Diary.open(data_dir) as diary, monkeypatch.context() as patch:
        def damaged(*_args: object) -> None:
            raise DamagedFile("The diary file is damaged.")

        patch.setattr(db.Database, "read", damaged)
        with pytest.raises(DamagedFile):
            diary.list_facts()


@pytest.mark.plain_only  # reads the file's bytes with plain sqlite3 or a plain-text scan
def test_the_start_after_damage_checks_the_index_and_rebuilds_it(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = _diary_with_words(data_dir)
    _scramble_index(data_dir)
    _damage_seen_while_running(data_dir, monkeypatch)
    with Diary.open(data_dir) as diary:  # the next start
        assert diary.index_repairs == 1  # rebuilt before any search met it, and said
        assert {w: len(diary.search(w, limit=1000)) for w in WORDS} == found
        assert diary.index_repairs == 1
    with Diary.open(data_dir) as diary:  # checked once: the start after that is a quick one again
        assert diary.index_repairs == 0


@pytest.mark.plain_only  # reads the file's bytes with plain sqlite3 or a plain-text scan
def test_the_start_after_damage_finds_table_damage_the_quick_check_misses(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    _diary_with_words(data_dir)
    with Diary.open(data_dir) as diary:
        backup = diary.backup()
    conn = sqlite3.connect(data_dir / "hearth.db")  # an index that no longer matches its table
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = replace(sql, 'conversation_id, id', 'role, id') "
                 "WHERE name = 'ix_message_conversation'")
    conn.commit()
    conn.close()
    Diary.open(data_dir).close()  # quick_check does not see it: a start without the mark opens it
    _damage_seen_while_running(data_dir, monkeypatch)
    with Diary.open(data_dir) as rescued:  # every entry readable: copied into a new file (app.store.rescue)
        assert rescued.rescued is not None and rescued.rescued.messages == 400
        assert rescued.integrity_check() == "ok" and backup.exists()
    with Diary.open(data_dir) as again:  # the mark went with the old file
        assert again.index_repairs == 0 and again.rescued is None


@pytest.mark.plain_only  # reads the file's bytes with plain sqlite3 or a plain-text scan
def test_the_cli_says_when_a_search_rebuilt_the_index(data_dir: Path, capsys: pytest.CaptureFixture) -> None:
    from app.cli import main

    _diary_with_words(data_dir)
    _scramble_index(data_dir)
    for word in WORDS:
        assert main(["--data-dir", str(data_dir), "search", word]) == 0
    err = capsys.readouterr().err
    assert err.count("The search index was damaged; it was rebuilt from your entries. Nothing was lost.") == 1


@pytest.mark.plain_only  # reads the file's bytes with plain sqlite3 or a plain-text scan
def test_the_cli_says_when_the_start_rebuilt_the_index(data_dir: Path, capsys: pytest.CaptureFixture) -> None:
    from app.cli import main
    from app.store import damage

    _diary_with_words(data_dir)
    _scramble_index(data_dir)
    damage.remember(data_dir)  # the last run met damage
    assert main(["--data-dir", str(data_dir), "facts", "list"]) == 0
    assert "The search index was damaged; it was rebuilt" in capsys.readouterr().err
