"""Named migrations: a blank database and one at every earlier version all migrate to the same schema."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from app.store import Diary, StoreError
from app.store import migrations as mig
from app.store.exchange import TABLES

pytestmark = pytest.mark.plain_only  # seeds old schemas with plain sqlite3


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    return sqlite3.connect(path, isolation_level=None)


def _schema(path: Path) -> list[tuple[str, str, str]]:
    conn = sqlite3.connect(path)
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


def test_blank_database_migrates_to_latest(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        assert diary.integrity_check() == "ok"
    conn = sqlite3.connect(data_dir / "hearth.db")
    try:
        assert mig.applied(conn) == [m.name for m in mig.MIGRATIONS]
    finally:
        conn.close()


def test_models_match_migrated_schema(data_dir: Path) -> None:
    Diary.open(data_dir).close()
    conn = sqlite3.connect(data_dir / "hearth.db")
    try:
        for _key, table in TABLES:
            name = table.__tablename__  # type: ignore[attr-defined]
            columns = {row[1] for row in conn.execute(f"PRAGMA table_info({name})")}
            assert set(table.model_fields) <= columns, name
    finally:
        conn.close()


@pytest.mark.parametrize("version", range(1, len(mig.MIGRATIONS)))
def test_every_earlier_version_migrates_with_its_data(tmp_path: Path, version: int) -> None:
    blank_dir, old_dir = tmp_path / "blank", tmp_path / "old"
    Diary.open(blank_dir).close()

    conn = _connect(old_dir / "hearth.db")
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
    conn = sqlite3.connect(old_dir / "hearth.db")
    assert mig.applied(conn) == [m.name for m in mig.MIGRATIONS]
    conn.close()
    assert _schema(old_dir / "hearth.db") == _schema(blank_dir / "hearth.db")


def test_migrating_twice_is_a_no_op(data_dir: Path) -> None:
    Diary.open(data_dir).close()
    conn = _connect(data_dir / "hearth.db")
    assert mig.migrate(conn) == []
    conn.close()


def test_failed_migration_leaves_previous_version(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Diary.open(data_dir).close()
    broken = mig.Migration("m999_broken", ("CREATE TABLE half_done (x)", "THIS IS NOT SQL"))
    monkeypatch.setattr(mig, "MIGRATIONS", (*mig.MIGRATIONS, broken))
    conn = _connect(data_dir / "hearth.db")
    with pytest.raises(sqlite3.OperationalError):
        mig.migrate(conn)
    assert "m999_broken" not in mig.applied(conn)
    assert conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'half_done'").fetchone() is None
    conn.close()


def test_database_from_a_newer_hearth_is_refused(data_dir: Path) -> None:
    Diary.open(data_dir).close()
    conn = _connect(data_dir / "hearth.db")
    conn.execute("INSERT INTO migrations(name, applied_at) VALUES ('m999_from_the_future', 'x')")
    conn.close()
    with pytest.raises(StoreError, match="newer version"):
        Diary.open(data_dir)
    assert (data_dir / "hearth.db").exists()  # refused, not moved aside
