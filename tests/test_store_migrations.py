"""Named migrations: a blank database and one at every earlier version all migrate to the same schema."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from app.store import Diary, DiaryKey, StoreError
from app.store import migrations as mig
from app.store.exchange import TABLES
from tests.cipher_pages import OPERATIONAL_ERRORS, connect_raw


def _connect(path: Path, key: DiaryKey | None) -> sqlite3.Connection:
    """Old schemas are seeded straight into the file (encrypted with the test's key when it runs so)."""
    return connect_raw(path, key)


def _schema(path: Path, key: DiaryKey | None) -> list[tuple[str, str, str]]:
    conn = _connect(path, key)
    try:
        rows = conn.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
        ).fetchall()
    finally:
        conn.close()
    return [(t, n, " ".join((s or "").split())) for t, n, s in rows]


def _seed(conn: sqlite3.Connection, version: int) -> None:
    """Data as a Hearth at schema ``version`` (1-based count of migrations) would have written it."""
    stamp = "2026-01-02 10:00:00.000000"
    conn.execute(
        "INSERT INTO conversation(id, title, day, created_at, updated_at)"
        " VALUES (1, 't', '2026-01-02', ?, ?)",
        (stamp, stamp),
    )
    conn.execute(
        "INSERT INTO message(id, conversation_id, role, text, created_at, status) "
        "VALUES (1, 1, 'user', 'Old migrated words about Tbilisi', ?, 'complete')",
        (stamp,),
    )
    conn.execute(
        "INSERT INTO fact(id, text, created_at, updated_at) VALUES (1, 'Lives in Tbilisi', ?, ?)",
        (stamp, stamp),
    )
    conn.execute(
        "INSERT INTO fact_version(fact_id, version, text, kind, importance, pinned, source, created_at) "
        "VALUES (1, 1, 'Lives in Tbilisi', 'place', 3, 0, 'manual', ?)",
        (stamp,),
    )
    conn.execute("INSERT INTO reflection(id, text, created_at) VALUES (1, 'Likes old towns', ?)", (stamp,))
    if version >= 3:
        conn.execute("INSERT INTO message_token_count(message_id, tokenizer_id, n) VALUES (1, 'tok', 7)")
    if version >= 4:
        conn.execute(
            "INSERT INTO forgotten_fact(salt, digest, forgotten_at) VALUES ('00', 'ab', ?)", (stamp,)
        )
    if version >= 5:  # a Hearth with reflection lineages writes each new reflection as its own lineage
        conn.execute("UPDATE reflection SET lineage_id = id")
    if version >= 7:
        conn.execute(
            "INSERT INTO opening_prompt(day, text, source, state, created_at)"
            " VALUES ('2026-01-02', 'How was Tbilisi?', 'model', 'offered', ?)",
            (stamp,),
        )
    if version >= 8:
        conn.execute("INSERT INTO day_mood(day, mood, set_at) VALUES ('2026-01-02', 4, ?)", (stamp,))


def test_migration_names_are_ordered_and_unique() -> None:
    names = [m.name for m in mig.MIGRATIONS]
    assert len(names) >= 2 and len(set(names)) == len(names)
    assert names == sorted(names) and all(n.startswith(f"m{i + 1:03d}_") for i, n in enumerate(names))


def test_blank_database_migrates_to_latest(data_dir: Path, mode_key: DiaryKey | None) -> None:
    with Diary.open(data_dir) as diary:
        assert diary.integrity_check() == "ok"
    conn = _connect(data_dir / "hearth.db", mode_key)
    try:
        assert mig.applied(conn) == [m.name for m in mig.MIGRATIONS]
    finally:
        conn.close()


def test_models_match_migrated_schema(data_dir: Path, mode_key: DiaryKey | None) -> None:
    Diary.open(data_dir).close()
    conn = _connect(data_dir / "hearth.db", mode_key)
    try:
        for _key, table in TABLES:
            name = table.__tablename__  # type: ignore[attr-defined]
            columns = {row[1] for row in conn.execute(f"PRAGMA table_info({name})")}
            assert set(table.model_fields) <= columns, name
    finally:
        conn.close()


@pytest.mark.parametrize("version", range(1, len(mig.MIGRATIONS)))
def test_every_earlier_version_migrates_with_its_data(
    tmp_path: Path, version: int, mode_key: DiaryKey | None
) -> None:
    blank_dir, old_dir = tmp_path / "blank", tmp_path / "old"
    Diary.open(blank_dir).close()

    conn = _connect(old_dir / "hearth.db", mode_key)
    assert mig.migrate(conn, upto=version) == [m.name for m in mig.MIGRATIONS[:version]]
    _seed(conn, version)
    conn.close()

    with Diary.open(old_dir) as diary:
        assert diary.integrity_check() == "ok"
        assert [h.message_id for h in diary.search("tbilisi")] == [1]  # FTS built over existing rows
        assert [f.text for f in diary.list_facts()] == ["Lives in Tbilisi"]
        assert [v.version for v in diary.fact_versions(1)] == [1]
        (reflection,) = diary.current_reflections()
        assert reflection.lineage_id == 1 and reflection.version == 1
        assert diary.token_counts([1], "tok") == ({1: 7} if version >= 3 else {})
        new = diary.add_message(1, "assistant", "a new reply")
        assert new.id == 2
        day = date(2026, 1, 2)
        assert [p.text for p in diary.opening_prompts(day)] == (["How was Tbilisi?"] if version >= 7 else [])
        assert diary.moods(day, day) == ({day: 4} if version >= 8 else {})
        diary.set_mood(day, 3)  # the new tables work on a migrated diary
        diary.add_opening_prompt(day, "Another question?", "fallback", "replaced")
    conn = _connect(old_dir / "hearth.db", mode_key)
    assert mig.applied(conn) == [m.name for m in mig.MIGRATIONS]
    conn.close()
    assert _schema(old_dir / "hearth.db", mode_key) == _schema(blank_dir / "hearth.db", mode_key)


def test_migrating_twice_is_a_no_op(data_dir: Path, mode_key: DiaryKey | None) -> None:
    Diary.open(data_dir).close()
    conn = _connect(data_dir / "hearth.db", mode_key)
    assert mig.migrate(conn) == []
    conn.close()


def test_failed_migration_leaves_previous_version(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, mode_key: DiaryKey | None
) -> None:
    Diary.open(data_dir).close()
    broken = mig.Migration("m999_broken", ("CREATE TABLE half_done (x)", "THIS IS NOT SQL"))
    monkeypatch.setattr(mig, "MIGRATIONS", (*mig.MIGRATIONS, broken))
    conn = _connect(data_dir / "hearth.db", mode_key)
    with pytest.raises(OPERATIONAL_ERRORS):
        mig.migrate(conn)
    assert "m999_broken" not in mig.applied(conn)
    assert conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'half_done'").fetchone() is None
    conn.close()


def test_database_from_a_newer_hearth_is_refused(data_dir: Path, mode_key: DiaryKey | None) -> None:
    Diary.open(data_dir).close()
    conn = _connect(data_dir / "hearth.db", mode_key)
    conn.execute("INSERT INTO migrations(name, applied_at) VALUES ('m999_from_the_future', 'x')")
    conn.close()
    with pytest.raises(StoreError, match="newer version"):
        Diary.open(data_dir)
    assert (data_dir / "hearth.db").exists()  # refused, not moved aside
