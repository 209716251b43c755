"""The read-only queries recall runs every turn: ranked FTS5 candidates, messages by id or by day, and
how common a term is — raw SQL, so it lives here in the store and the core only sees ``RankedMessage``.

Recall adds the turns around a hit (in a diary conversation the answer often sits in the reply next to the
words that matched), the entries of days the person names, and drops terms too common to be worth ranking.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, text
from sqlmodel import Session

from app.store.models import RankedMessage, TermPattern

_CHUNK = 500
_EXCLUDE_SLACK = 200  # the current conversation's own hits, dropped after ranking
_DAY_SQL = "COALESCE(c.day, date(m.created_at))"


def messages_by_id(session: Session, ids: Iterable[int]) -> dict[int, RankedMessage]:
    """The messages with these ids that still exist, as candidates (BM25 0: they matched nothing)."""
    wanted = sorted({int(i) for i in ids if int(i) > 0})
    found: dict[int, RankedMessage] = {}
    if not wanted:
        return found
    conn = _connection(session)
    for start in range(0, len(wanted), _CHUNK):
        chunk = ",".join(str(i) for i in wanted[start : start + _CHUNK])  # integers, built here
        rows = conn.exec_driver_sql(  # a new statement each time: not worth SQLAlchemy's compiling
            f"SELECT m.id, m.conversation_id, {_DAY_SQL}, m.role, m.text, 0.0 FROM message AS m "
            f"JOIN conversation AS c ON c.id = m.conversation_id WHERE m.id IN ({chunk})"
        ).all()
        found.update((c.message_id, c) for c in map(_candidate, rows))
    return found


def search_candidates(
    session: Session,
    match: str,
    *,
    limit: int,
    exclude_conversation_id: int | None,
    days: tuple[date, date] | None = None,
) -> list[RankedMessage]:
    """Best ``limit`` messages for an FTS5 MATCH expression by BM25, outside one conversation.

    Like ``Diary.search_fts`` without its snippets: those re-run the match and highlight every hit,
    which costs ~0.6 s on 100k messages for a few hundred candidates that recall never shows.
    FTS5 ranks inside its own query (fast); rows of the excluded conversation are dropped afterwards,
    with some slack so the limit is still met. ``days`` (first, last) keeps only messages of those days
    — the best hits *within* a span the person named, which the diary-wide best may all crowd out.
    """
    if not match.strip() or limit <= 0:
        return []
    slack = limit + (_EXCLUDE_SLACK if exclude_conversation_id is not None else 0)
    params: dict[str, Any] = {"match": match, "n": slack}
    if days is None:
        sql = (
            f"SELECT m.id, m.conversation_id, {_DAY_SQL}, m.role, m.text, f.rank FROM "
            "(SELECT rowid, rank FROM message_fts WHERE message_fts MATCH :match "
            "ORDER BY rank LIMIT :n) AS f "
            "JOIN message AS m ON m.id = f.rowid JOIN conversation AS c ON c.id = m.conversation_id "
            "ORDER BY f.rank"
        )
    else:
        # FTS5 narrows by rowid cheaply: the days' messages lie between these ids (a diary is written
        # in order; an imported or back-dated day only widens the range, the day filter stays exact).
        sql = (
            f"SELECT m.id, m.conversation_id, {_DAY_SQL} AS d, m.role, m.text, message_fts.rank "
            "FROM message_fts JOIN message AS m ON m.id = message_fts.rowid "
            "JOIN conversation AS c ON c.id = m.conversation_id "
            "WHERE message_fts MATCH :match AND message_fts.rowid BETWEEN :lo AND :hi "
            "AND d BETWEEN :first AND :last ORDER BY message_fts.rank LIMIT :n"
        )
        params.update(first=days[0].isoformat(), last=days[1].isoformat())
    conn = _connection(session)
    if days is not None:
        lo, hi = conn.execute(text(_ID_RANGE_SQL), params).one()
        if lo is None:
            return []
        params.update(lo=int(lo), hi=int(hi))
    rows = conn.execute(text(sql), params).all()
    return _candidates(rows, limit, exclude_conversation_id)


def newest_matching(session: Session, match: str, *, limit: int, role: str) -> list[RankedMessage]:
    """The newest ``limit`` messages of ``role`` that match an FTS5 expression, newest first (rank 0).

    For reading what the diary says around some words rather than ranking it: FTS5 walks its doclists in
    rowid order and stops at the limit, where ranking by BM25 would score every match first (tens of
    milliseconds for a word found in thousands of messages).
    """
    if not match.strip() or limit <= 0:
        return []
    sql = (
        f"SELECT m.id, m.conversation_id, {_DAY_SQL}, m.role, m.text, 0.0 FROM "
        "(SELECT rowid FROM message_fts WHERE message_fts MATCH :match ORDER BY rowid DESC LIMIT :n) AS f "
        "JOIN message AS m ON m.id = f.rowid JOIN conversation AS c ON c.id = m.conversation_id "
        "WHERE m.role = :role ORDER BY m.id DESC"
    )
    rows = _connection(session).execute(text(sql), {"match": match, "n": limit, "role": role}).all()
    return [_candidate(row) for row in rows]


def newest_texts(session: Session, *, limit: int, role: str) -> list[str]:
    """The texts of the newest ``limit`` messages of ``role``, newest first (read through the primary key:
    no scan of older rows)."""
    if limit <= 0:
        return []
    sql = "SELECT text FROM message WHERE role = :role ORDER BY id DESC LIMIT :n"
    return [str(row[0]) for row in _connection(session).execute(text(sql), {"role": role, "n": limit}).all()]


_ID_RANGE_SQL = (
    "SELECT min(m.id), max(m.id) FROM conversation AS c JOIN message AS m ON m.conversation_id = c.id "
    "WHERE c.day BETWEEN :first AND :last"
)


def messages_on_days(
    session: Session, days: tuple[date, date], *, limit: int, exclude_conversation_id: int | None
) -> list[RankedMessage]:
    """Messages written on the days ``days`` (first, last), in diary order, whatever their words.

    For a message that names a day ("what did I do last Tuesday?") the entries of that day are the
    answer even when they share no word with it (BM25 0: they matched nothing). Conversations without a
    day are not searched by date (the app gives every conversation one).
    """
    if limit <= 0:
        return []
    sql = (
        f"SELECT m.id, m.conversation_id, {_DAY_SQL} AS d, m.role, m.text, 0.0 FROM message AS m "
        "JOIN conversation AS c ON c.id = m.conversation_id "
        "WHERE c.day BETWEEN :first AND :last ORDER BY m.id LIMIT :n"
    )
    params = {"first": days[0].isoformat(), "last": days[1].isoformat(), "n": limit + _EXCLUDE_SLACK}
    conn = _connection(session)
    rows = conn.execute(text(sql), params).all()
    return _candidates(rows, limit, exclude_conversation_id)


def _candidates(rows: Sequence[Any], limit: int, exclude_conversation_id: int | None) -> list[RankedMessage]:
    found: list[RankedMessage] = []
    for row in rows:
        if exclude_conversation_id is not None and int(row[1]) == exclude_conversation_id:
            continue
        found.append(_candidate(row))
        if len(found) >= limit:
            break
    return found


def document_counts(session: Session, terms: Sequence[TermPattern]) -> tuple[dict[str, int], int]:
    """How many messages each term's search matches (an upper bound), and the size of the diary.

    Read from an ``fts5vocab`` view of the index (kept in the connection's temp schema, so the store's
    file is never changed): microseconds per term, where ranking a word found in tens of thousands of
    messages costs FTS5 tens of milliseconds.
    """
    counts: dict[str, int] = {}
    conn = _connection(session)
    conn.exec_driver_sql(
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.recall_vocab USING fts5vocab(main, message_fts, row)"
    )
    total = int(conn.exec_driver_sql("SELECT coalesce(max(id), 0) FROM message").scalar() or 0)
    for term in terms:
        n = 0
        for prefix in term.prefixes:
            params: tuple[str, ...]
            if term.exact:
                sql, params = (
                    "SELECT coalesce(sum(doc), 0) FROM temp.recall_vocab WHERE term = ?",
                    (prefix,),
                )
            else:
                upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
                sql = "SELECT coalesce(sum(doc), 0) FROM temp.recall_vocab WHERE term >= ? AND term < ?"
                params = (prefix, upper)
            n += int(conn.exec_driver_sql(sql, params).scalar() or 0)
        counts[term.stem] = n
    return counts, total


def _candidate(row: Any) -> RankedMessage:
    """(id, conversation id, day, role, text, rank) as read by every query here → a RankedMessage."""
    day = _day(str(row[2])) if row[2] else None
    return RankedMessage(int(row[0]), int(row[1]), day, str(row[3]), str(row[4]), float(row[5]))


@lru_cache(maxsize=4096)
def _day(value: str) -> date:
    """A day as SQLite gives it (a turn reads ~1,000 rows of a few hundred distinct days)."""
    return date.fromisoformat(value[:10])


def _connection(session: Session) -> Connection:
    return session.connection()
