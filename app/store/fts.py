"""Full-text search over messages (FTS5, external content, BM25) and the purge that makes deletes real.

``search`` takes whatever the person typed: words are extracted and each one quoted, so "AND", quotes,
``*`` or ``-`` are just words, never FTS syntax. ``search_fts`` takes a raw MATCH expression built by
the recall code. Both rank by BM25 first (inside FTS5), then load the few winning rows and their
snippets — computing a snippet for every match would cost far more than the search. A very common word
would make BM25 score tens of thousands of rows, so ranking is bounded to the newest ``RANK_WINDOW``
matches: for a diary, the best of the recent matches is the useful answer, and it keeps search fast.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from datetime import date, datetime
from typing import Any, TypedDict

import snowballstemmer
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from app.store.db import sqlite_code
from app.store.errors import InvalidValue
from app.store.models import SearchHit

SNIPPET_OPEN = "\u27e6"  # ⟦
SNIPPET_CLOSE = "\u27e7"  # ⟧
SNIPPET_TOKENS = 16
SNIPPET_MAX_CHARS = 20_000  # a longer entry's snippet is made here, not by FTS5 (``_long_snippet``)
MAX_QUERY_TERMS = 16
RANK_WINDOW = 1000  # BM25 ranks at most the newest 1,000 matches (see _ranked_ids)

_WORD = re.compile(r"\w+", re.UNICODE)
_DAY_SQL = "COALESCE(c.day, date(m.created_at))"


class MatchOptions(TypedDict, total=False):
    """``search_fts``'s optional filters (its signature holds the defaults; the facade passes them on)."""

    limit: int
    exclude_conversation_id: int | None
    date_from: date | None
    date_to: date | None


def query_terms(query: str) -> list[str]:
    """The words of a free-text query, as FTS5 would tokenize them (at most ``MAX_QUERY_TERMS``)."""
    return _WORD.findall(query)[:MAX_QUERY_TERMS]


def quote(term: str) -> str:
    """An FTS5 string literal: the term can contain nothing that FTS5 reads as syntax."""
    return '"' + term.replace('"', '""') + '"'


def plain_match(query: str, operator: str = " AND ", *, forms: bool = True) -> str:
    """A MATCH expression requiring every word (``operator=" OR "`` for any word); '' when no words.

    A word also matches the other forms of itself: its Snowball stem as a prefix ("Маша" finds "Машей",
    "дача" finds "дачу", "walked" finds "walking"). Russian changes a word's ending with its case, so a
    search by whole words missed most of what a Russian diary says about a person or a place (QA). The
    word itself is searched too. ``forms=False``: the words as typed only (``search`` asks that first),
    with or without their ё.
    """
    spell = _word_forms if forms else _spelled_either_way
    return operator.join(spell(term) for term in query_terms(query))


_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
MIN_STEM = 3  # a shorter prefix matches too much to be a form of the word ("ел"*)
# One pair of stemmers per thread: a Snowball stemmer keeps the word it is working on in itself, so two
# threads sharing one (recall on a worker, search on another, the facts filter on the window's) got each
# other's stems and IndexErrors (review: 1,866 wrong stems in a run of two threads) — and recall caches a
# stem for the life of the process.
_STEMMERS = threading.local()


def snowball_stem(word: str) -> str:
    """The Snowball stem of a lower-cased word: Russian for Cyrillic, English otherwise. The one wrapper of
    the stemmer — search's word forms here and recall's terms (``app.core.text.stem``) must agree."""
    stemmers: dict[str, Any] | None = getattr(_STEMMERS, "pair", None)
    if stemmers is None:
        stemmers = _STEMMERS.pair = {lang: snowballstemmer.stemmer(name)
                                     for lang, name in (("ru", "russian"), ("en", "english"))}
    if _CYRILLIC.search(word):
        return str(stemmers["ru"].stemWord(word.replace("ё", "е")))  # the Snowball stemmer spells ё as е
    return str(stemmers["en"].stemWord(word))


MAX_YO_SPELLINGS = 4  # "переезжаем" has three е that could be ё; a longer word's other readings are rare


def yo_spellings(word: str) -> list[str]:
    """The word's other spellings by its ё, lower-cased: most Russian is typed with е for ё ("ежик" for
    "ёжик", "еще" for "ещё"), and the index keeps the letters as typed (unicode61 folds case, not ё).

    With a ё: the е spelling. Without: each е read as ё in turn — a word has at most one ё, which is always
    stressed. Not Cyrillic: none.
    """
    lowered = word.lower()
    if not _CYRILLIC.search(lowered):
        return []
    if "ё" in lowered:
        return [lowered.replace("ё", "е")]
    found = [lowered[:i] + "ё" + lowered[i + 1 :] for i, letter in enumerate(lowered) if letter == "е"]
    return found[:MAX_YO_SPELLINGS]


def _spelled_either_way(word: str) -> str:
    """The word as typed, or spelled with or without its ё (QA: "ежик" did not find "Ёжик")."""
    others = yo_spellings(word)
    if not others:
        return quote(word)
    return "(" + " OR ".join(quote(w) for w in [word, *others]) + ")"


def _word_forms(word: str) -> str:
    folded = word.lower()
    if folded.isdigit():
        return quote(word)
    base = snowball_stem(folded)
    if len(base) < MIN_STEM or not folded.replace("ё", "е").startswith(base):
        return _spelled_either_way(word)
    # its own stem too: "парк" finds "в парке", "walk" "walked"; and with or without its ё
    stems = [base, *(s for s in yo_spellings(base) if s != base)]
    return "(" + " OR ".join([_spelled_either_way(word), *(f"{quote(s)}*" for s in stems)]) + ")"


def search_fts(
    session: Session,
    match: str,
    *,
    limit: int = 50,
    exclude_conversation_id: int | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
) -> list[SearchHit]:
    """Best ``limit`` messages for ``match`` by BM25, optionally outside a conversation / in a date range."""
    if not match.strip() or limit <= 0:
        return []
    try:
        ranked = _ranked_ids(session, match, limit, exclude_conversation_id, date_from, date_to)
        if not ranked:
            return []
        return _hits(session, match, ranked)
    except DBAPIError as exc:
        # The SQL is fixed, so a plain SQLITE_ERROR here ("fts5: syntax error", "unterminated string",
        # "no such column") comes from the MATCH expression.
        if sqlite_code(exc) == sqlite3.SQLITE_ERROR:
            raise InvalidValue("The search expression is not valid.", "Use plain words.") from exc
        raise


def _ranked_ids(
    session: Session,
    match: str,
    limit: int,
    exclude_conversation_id: int | None,
    date_from: date | None,
    date_to: date | None,
) -> list[tuple[int, float]]:
    """Ids and BM25 ranks of the best matches among the newest ``RANK_WINDOW`` matching messages.

    BM25 costs about 1.5 µs per matching row; a word found in 80,000 entries would take over 100 ms.
    Counting back ``RANK_WINDOW`` matches by rowid is cheap, so ranking is bounded by that window
    (ranks are still true BM25 scores over the whole diary). Fewer matches: all of them are ranked.
    """
    params: dict[str, Any] = {"match": match, "limit": limit, "window": RANK_WINDOW - 1}
    source = "message_fts AS f"
    where = ["f.message_fts MATCH :match"]
    if exclude_conversation_id is not None or date_from is not None or date_to is not None:
        source += " JOIN message AS m ON m.id = f.rowid JOIN conversation AS c ON c.id = m.conversation_id"
    if exclude_conversation_id is not None:
        where.append("m.conversation_id != :exclude")
        params["exclude"] = exclude_conversation_id
    if date_from is not None:
        where.append(f"{_DAY_SQL} >= :date_from")
        params["date_from"] = date_from.isoformat()
    if date_to is not None:
        where.append(f"{_DAY_SQL} <= :date_to")
        params["date_to"] = date_to.isoformat()
    conn = session.connection()
    condition = " AND ".join(where)
    floor = conn.execute(
        text(f"SELECT f.rowid FROM {source} WHERE {condition} ORDER BY f.rowid DESC LIMIT 1 OFFSET :window"),
        params,
    ).scalar()
    if floor is not None:
        condition += " AND f.rowid >= :floor"
        params["floor"] = floor
    rows = conn.execute(
        text(f"SELECT f.rowid, f.rank FROM {source} WHERE {condition} ORDER BY f.rank LIMIT :limit"), params
    ).all()
    return [(int(row[0]), float(row[1])) for row in rows]


def _hits(session: Session, match: str, ranked: list[tuple[int, float]]) -> list[SearchHit]:
    ids = ",".join(str(message_id) for message_id, _ in ranked)  # integers from the database
    conn = session.connection()
    rows = {
        row[0]: row
        for row in conn.execute(
            text(
                f"SELECT m.id, m.conversation_id, {_DAY_SQL}, m.role, m.text, m.created_at "
                f"FROM message AS m JOIN conversation AS c ON c.id = m.conversation_id WHERE m.id IN ({ids})"
            )
        ).all()
    }
    long = {message_id: str(row[4]) for message_id, row in rows.items() if len(row[4]) > SNIPPET_MAX_CHARS}
    snippets = {message_id: _long_snippet(body, match) for message_id, body in long.items()}
    short = ",".join(str(message_id) for message_id in rows if message_id not in long)
    if short:
        snippets.update(
            conn.execute(
                text(
                    "SELECT rowid, snippet(message_fts, 0, :open, :close, '…', :tokens) FROM message_fts "
                    f"WHERE message_fts MATCH :match AND rowid IN ({short})"
                ),
                {"open": SNIPPET_OPEN, "close": SNIPPET_CLOSE, "tokens": SNIPPET_TOKENS, "match": match},
            ).all()
        )
    hits = []
    for message_id, rank in ranked:
        row = rows.get(message_id)
        if row is None:
            continue
        hits.append(
            SearchHit(
                message_id=message_id,
                conversation_id=int(row[1]),
                day=date.fromisoformat(row[2]) if row[2] else None,
                role=str(row[3]),
                snippet=str(snippets.get(message_id) or row[4][:200]),
                text=str(row[4]),
                rank=rank,
                created_at=_as_datetime(row[5]),
            )
        )
    return hits


_QUOTED_TERM = re.compile(r'"((?:[^"]|"")*)"(\*?)')


def _long_snippet(body: str, match: str) -> str:
    """A snippet of a very long entry made here, as FTS5's would read: the first word the MATCH expression
    names, marked, with about ``SNIPPET_TOKENS`` words around it. FTS5's ``snippet()`` weighs every window
    around every hit against every other hit: an entry of 200,000 characters that repeats a searched word
    took it a minute (QA, session 41)."""
    patterns = [re.escape(term.replace('""', '"')) + (r"\w*" if prefix else r"(?!\w)")
                for term, prefix in _QUOTED_TERM.findall(match) if term]
    found = re.search(r"(?<!\w)(?:" + "|".join(patterns) + ")", body, re.IGNORECASE) if patterns else None
    if found is None:
        return body[:200]
    words_before, words_after = body[: found.start()].split(), body[found.end() :].split()
    before = words_before[-(SNIPPET_TOKENS // 2) :]
    after = words_after[: SNIPPET_TOKENS // 2]
    head = ("…" if len(before) < len(words_before) else "") + " ".join(before)
    tail = " ".join(after) + ("…" if len(after) < len(words_after) else "")
    marked = f"{SNIPPET_OPEN}{found.group(0)}{SNIPPET_CLOSE}"
    return f"{head} {marked} {tail}".strip()


def _as_datetime(value: Any) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))


def search(
    session: Session,
    query: str,
    *,
    limit: int = 20,
    date_from: date | None = None,
    date_to: date | None = None,
) -> list[SearchHit]:
    """Free-text search: every word must match; if nothing does, any word may (still ranked by BM25).

    The words as typed come first; their other forms (``plain_match``) fill what is left of ``limit``. So
    an entry with the exact word is never pushed out by newer ones that only share its stem ("кот" and
    "который"; review), and the wider, slower query runs only when the exact one finds too little.
    """
    terms = query_terms(query)
    if not terms:
        return []
    operators = (" AND ", " OR ") if len(terms) > 1 else (" AND ",)
    for operator in operators:  # any word only when every word found nothing
        hits = search_fts(session, plain_match(query, operator, forms=False), limit=limit,
                          date_from=date_from, date_to=date_to)
        if len(hits) < limit:
            wider = search_fts(session, plain_match(query, operator), limit=limit, date_from=date_from,
                               date_to=date_to)
            seen = {hit.message_id for hit in hits}
            hits += [hit for hit in wider if hit.message_id not in seen][: limit - len(hits)]
        if hits:
            return hits
    return []


def merge_index(conn: sqlite3.Connection) -> None:
    """Merge every FTS5 segment into one, dropping the entries of deleted rows for good.

    With external content, a delete only adds a tombstone; the original tokens stay in old segments until
    a merge rewrites them. ``secure_delete`` then zeroes the freed pages.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("INSERT INTO message_fts(message_fts) VALUES ('optimize')")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
