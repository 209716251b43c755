"""Recall's semantic index in the diary file: one opaque vector per message and per fact, by embedder.

The store keeps bytes and never interprets them (the core quantizes and compares). What it guarantees:

* **Derived data dies with its source.** A vector row refers to its message or fact with ``ON DELETE
  CASCADE`` and an edit of the text drops it (triggers of ``m006_recall_vectors``): no vector outlives or
  misdescribes the words it came from, in the same transaction as the change.
* **A vector is saved only for the text it was made from.** The indexer reads text, embeds it off any lock,
  and saves with the text it embedded; if the message was edited or deleted meanwhile, nothing is written.
  A message's vector may also hold the end of the other side's turn before it (a short reply means little
  alone: see ``app.core.recall.semantic.passage_text``), so that turn is read with it and must be unchanged
  too; and editing or deleting a message drops the vector of the turn after it (``m011_turn_context_keys``).
* **Another embedder is another index.** Rows name the embedder (name and version) that wrote them;
  vectors of an older one are simply "not indexed yet" for the current one, and replaced as it catches up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import text
from sqlmodel import Session

# The turn message ``m`` answers: the one just before it in its conversation, if the other side wrote it
# ('' for the first turn, or after the same side's own entry). Read with a pending message, and checked again
# when its vector is saved.
_TURN_BEFORE = (
    "coalesce((SELECT CASE WHEN p.role != m.role THEN p.text ELSE '' END FROM message AS p "
    "WHERE p.conversation_id = m.conversation_id AND p.id < m.id ORDER BY p.id DESC LIMIT 1), '')"
)

# Tables derived from diary text for recall, wiped with everything else by ``forget_everything``.
VECTOR_TABLES = ("message_vector", "fact_vector", "reply_recall", "turn_note", "prompt_snapshot")


@dataclass(frozen=True)
class PendingText:
    """A message or fact whose vector is missing for the current embedder."""

    id: int
    text: str
    before: str = ""  # a message's: the other side's turn just before it, which it may answer ("" if none)


@dataclass(frozen=True)
class StoredVector:
    """A saved vector; ``message_id`` is the message it leads recall to (a fact's source message)."""

    key_id: int
    message_id: int
    vector: bytes


@dataclass(frozen=True)
class IndexCounts:
    """How much of the diary the current embedder has indexed (messages only: what the person sees)."""

    indexed: int
    total: int

    @property
    def complete(self) -> bool:
        return self.indexed >= self.total


def pending_messages(session: Session, embedder: str, *, limit: int, skip_text: str) -> list[PendingText]:
    """Messages without a vector from ``embedder``, newest first (what was just written matters most).

    ``skip_text`` is the placeholder of a reply still being written: it gets its vector when it has words.
    """
    rows = (
        session.connection()
        .execute(
            text(
                f"SELECT m.id, m.text, {_TURN_BEFORE} FROM message AS m LEFT JOIN message_vector AS v "
                "ON v.message_id = m.id AND v.embedder = :e "
                "WHERE v.message_id IS NULL AND m.text != :skip AND m.text != '' ORDER BY m.id DESC LIMIT :n"
            ),
            {"e": embedder, "skip": skip_text, "n": limit},
        )
        .all()
    )
    return [PendingText(int(r[0]), str(r[1]), str(r[2])) for r in rows]


def pending_facts(session: Session, embedder: str, *, limit: int) -> list[PendingText]:
    """Live facts that came from a message and have no vector from ``embedder`` yet."""
    rows = (
        session.connection()
        .execute(
            text(
                "SELECT f.id, f.text FROM fact AS f LEFT JOIN fact_vector AS v "
                "ON v.fact_id = f.id AND v.embedder = :e "
                "WHERE v.fact_id IS NULL AND f.retired = 0 AND f.provenance_message_id IS NOT NULL "
                "ORDER BY f.id DESC LIMIT :n"
            ),
            {"e": embedder, "n": limit},
        )
        .all()
    )
    return [PendingText(int(r[0]), str(r[1])) for r in rows]


def save_message_vectors(
    session: Session, embedder: str, rows: Sequence[tuple[PendingText, bytes]]
) -> list[int]:
    """Save each vector if its message, and the turn before it, still have the text it was made from; the
    ids saved."""
    return _save(
        session,
        "INSERT OR REPLACE INTO message_vector(message_id, embedder, vector) SELECT :id, :e, :v "
        f"WHERE EXISTS (SELECT 1 FROM message AS m WHERE m.id = :id AND m.text = :t AND {_TURN_BEFORE} = :b)",
        embedder,
        rows,
    )


def save_fact_vectors(
    session: Session, embedder: str, rows: Sequence[tuple[PendingText, bytes]]
) -> list[int]:
    """Save each vector if its fact still has the text it was made from; the ids saved."""
    return _save(
        session,
        "INSERT OR REPLACE INTO fact_vector(fact_id, embedder, vector) "
        "SELECT :id, :e, :v WHERE EXISTS (SELECT 1 FROM fact WHERE id = :id AND text = :t AND retired = 0)",
        embedder,
        rows,
    )


def _save(session: Session, sql: str, embedder: str, rows: Sequence[tuple[PendingText, bytes]]) -> list[int]:
    conn = session.connection()
    saved: list[int] = []
    for item, vector in rows:
        params = {"id": item.id, "e": embedder, "v": vector, "t": item.text, "b": item.before}
        result = conn.execute(text(sql), params)
        if result.rowcount:
            saved.append(item.id)
    return saved


def message_vectors(session: Session, embedder: str, ids: Sequence[int] | None = None) -> list[StoredVector]:
    """Every message vector of ``embedder`` (or those of ``ids``), in message order."""
    sql = "SELECT message_id, vector FROM message_vector WHERE embedder = :e"
    if ids is not None:
        if not ids:
            return []
        sql += " AND message_id IN (" + ",".join(str(int(i)) for i in ids) + ")"  # integers, built here
    rows = session.connection().execute(text(sql + " ORDER BY message_id"), {"e": embedder}).all()
    return [StoredVector(int(r[0]), int(r[0]), bytes(r[1])) for r in rows]


def fact_vectors(session: Session, embedder: str, ids: Sequence[int] | None = None) -> list[StoredVector]:
    """Vectors of live facts with the message each came from."""
    sql = (
        "SELECT v.fact_id, f.provenance_message_id, v.vector FROM fact_vector AS v "
        "JOIN fact AS f ON f.id = v.fact_id "
        "WHERE v.embedder = :e AND f.retired = 0 AND f.provenance_message_id IS NOT NULL"
    )
    if ids is not None:
        if not ids:
            return []
        sql += " AND v.fact_id IN (" + ",".join(str(int(i)) for i in ids) + ")"  # integers, built here
    rows = session.connection().execute(text(sql + " ORDER BY v.fact_id"), {"e": embedder}).all()
    return [StoredVector(int(r[0]), int(r[1]), bytes(r[2])) for r in rows]


def index_counts(session: Session, embedder: str) -> IndexCounts:
    conn = session.connection()
    total = int(conn.execute(text("SELECT count(*) FROM message")).scalar() or 0)
    indexed = int(
        conn.execute(
            text("SELECT count(*) FROM message_vector WHERE embedder = :e"), {"e": embedder}
        ).scalar()
        or 0
    )
    return IndexCounts(indexed, total)


def vector_bytes(session: Session) -> tuple[int, int]:
    """(rows, bytes of vectors) in the message index: the index size the benchmark reports per message."""
    row = (
        session.connection()
        .execute(text("SELECT count(*), coalesce(sum(length(vector)), 0) FROM message_vector"))
        .one()
    )
    return int(row[0]), int(row[1])


def save_remembered(session: Session, reply_id: int, message_ids: Sequence[int]) -> None:
    """Record which entries recall put into ``reply_id``'s prompt (best first); replaces an older record."""
    conn = session.connection()
    conn.execute(text("DELETE FROM reply_recall WHERE reply_id = :r"), {"r": reply_id})
    for position, message_id in enumerate(dict.fromkeys(message_ids)):
        conn.execute(
            text(
                "INSERT INTO reply_recall(reply_id, message_id, position) SELECT :r, :m, :p "
                "WHERE EXISTS (SELECT 1 FROM message WHERE id = :m) "
                "AND EXISTS (SELECT 1 FROM message WHERE id = :r)"
            ),
            {"r": reply_id, "m": message_id, "p": position},
        )


def remembered(session: Session, reply_ids: Sequence[int]) -> dict[int, list[int]]:
    """For each reply among ``reply_ids``, the entries recall gave it, best first (only existing ones)."""
    if not reply_ids:
        return {}
    wanted = ",".join(str(int(i)) for i in reply_ids)  # integers, built here
    rows = (
        session.connection()
        .execute(
            text(
                "SELECT reply_id, message_id FROM reply_recall "
                f"WHERE reply_id IN ({wanted}) ORDER BY reply_id, position"
            )
        )
        .all()
    )
    found: dict[int, list[int]] = {}
    for reply_id, message_id in rows:
        found.setdefault(int(reply_id), []).append(int(message_id))
    return found
