"""Turn notes: what the companion put before a person's message in the prompt, kept as references.

Why: the prompt must only grow from turn to turn so llama.cpp's cache (and its copy saved at close) holds
every earlier turn exactly. The context a turn was given (past entries recalled for it, facts noted since
the conversation's snapshot) therefore stays in front of that message on every later turn, and it must come
back byte for byte — after a restart too. So the note is stored as ids (a recalled message, a fact at the
version it had) and rendered again from the diary. Nothing here holds diary text: deleting the recalled
entry or the fact removes its line by cascade, and deleting the message removes its note.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import text
from sqlmodel import Session

from app.store import recall_queries
from app.store.models import RankedMessage


@dataclass(frozen=True)
class TurnNote:
    """One message's note: recalled entries and (fact id, wording when noted), in the order saved."""

    recalled: tuple[RankedMessage, ...] = ()
    facts: tuple[tuple[int, str], ...] = ()


def save_turn_note(
    session: Session, message_id: int, recalled_ids: Sequence[int], facts: Sequence[tuple[int, str]]
) -> None:
    """Replace ``message_id``'s note. A fact is kept at the newest version with that wording (or left out
    if it no longer has it); a recalled entry that no longer exists is left out."""
    conn = session.connection()
    conn.execute(text("DELETE FROM turn_note WHERE message_id = :m"), {"m": message_id})
    position = 0
    for fact_id, wording in dict.fromkeys(facts):
        version = _version_with(session, fact_id, wording)
        if version is None:
            continue
        conn.execute(
            text(
                "INSERT INTO turn_note(message_id, position, fact_id, fact_version) "
                "SELECT :m, :p, :f, :v WHERE EXISTS (SELECT 1 FROM message WHERE id = :m)"
            ),
            {"m": message_id, "p": position, "f": fact_id, "v": int(version)},
        )
        position += 1
    for recalled_id in dict.fromkeys(recalled_ids):
        conn.execute(
            text(
                "INSERT INTO turn_note(message_id, position, recalled_id) SELECT :m, :p, :r "
                "WHERE EXISTS (SELECT 1 FROM message WHERE id = :r) "
                "AND EXISTS (SELECT 1 FROM message WHERE id = :m)"
            ),
            {"m": message_id, "p": position, "r": recalled_id},
        )
        position += 1


def _version_with(session: Session, fact_id: int, wording: str) -> int | None:
    """The newest version of a fact that reads ``wording`` (None: it never did, or it is gone)."""
    version = (
        session.connection()
        .execute(
            text("SELECT max(version) FROM fact_version WHERE fact_id = :f AND text = :t"),
            {"f": fact_id, "t": wording},
        )
        .scalar()
    )
    return None if version is None else int(version)


def save_snapshot(session: Session, conversation_id: int, facts: Sequence[tuple[int, str]]) -> None:
    """The facts (id, wording) a conversation's system message holds now; replaces the older record."""
    conn = session.connection()
    conn.execute(text("DELETE FROM prompt_snapshot WHERE conversation_id = :c"), {"c": conversation_id})
    conn.execute(
        text("INSERT INTO prompt_snapshot(conversation_id, position) SELECT :c, -1 "
             "WHERE EXISTS (SELECT 1 FROM conversation WHERE id = :c)"),
        {"c": conversation_id},
    )
    for position, (fact_id, wording) in enumerate(facts):
        version = _version_with(session, fact_id, wording)
        if version is not None:
            conn.execute(
                text("INSERT INTO prompt_snapshot(conversation_id, position, fact_id, fact_version) "
                     "SELECT :c, :p, :f, :v WHERE EXISTS (SELECT 1 FROM conversation WHERE id = :c)"),
                {"c": conversation_id, "p": position, "f": fact_id, "v": version},
            )


@dataclass(frozen=True)
class SnapshotFact:
    fact_id: int
    text: str  # the wording the system message holds
    edited_by_person: bool  # a later version was written by the person (the snapshot must be retaken)


def snapshot(session: Session, conversation_id: int) -> list[SnapshotFact] | None:
    """The facts of the conversation's recorded system message, in order; None if none was recorded."""
    rows = (
        session.connection()
        .execute(
            text(
                "SELECT s.fact_id, v.text, EXISTS (SELECT 1 FROM fact_version AS later WHERE "
                "later.fact_id = s.fact_id AND later.version > s.fact_version AND later.source = 'manual') "
                "FROM prompt_snapshot AS s LEFT JOIN fact_version AS v "
                "ON v.fact_id = s.fact_id AND v.version = s.fact_version "
                "WHERE s.conversation_id = :c ORDER BY s.position"
            ),
            {"c": conversation_id},
        )
        .all()
    )
    if not rows:
        return None
    return [SnapshotFact(int(f), str(t), bool(m)) for f, t, m in rows if f is not None and t is not None]


def turn_notes(session: Session, message_ids: Iterable[int]) -> dict[int, TurnNote]:
    """The notes of these messages (messages without one are absent)."""
    wanted = sorted({int(i) for i in message_ids})
    if not wanted:
        return {}
    listed = ",".join(str(i) for i in wanted)  # integers, built here
    rows = (
        session.connection()
        .execute(
            text(
                "SELECT n.message_id, n.recalled_id, n.fact_id, v.text FROM turn_note AS n "
                "LEFT JOIN fact_version AS v ON v.fact_id = n.fact_id AND v.version = n.fact_version "
                f"WHERE n.message_id IN ({listed}) ORDER BY n.message_id, n.position"
            )
        )
        .all()
    )
    entries = recall_queries.messages_by_id(session, (int(r[1]) for r in rows if r[1] is not None))
    recalled: dict[int, list[RankedMessage]] = {}
    facts: dict[int, list[tuple[int, str]]] = {}
    for message_id, recalled_id, fact_id, wording in rows:
        if recalled_id is not None and int(recalled_id) in entries:
            recalled.setdefault(int(message_id), []).append(entries[int(recalled_id)])
        elif fact_id is not None and wording is not None:
            facts.setdefault(int(message_id), []).append((int(fact_id), str(wording)))
    return {
        m: TurnNote(tuple(recalled.get(m, ())), tuple(facts.get(m, ())))
        for m in wanted
        if m in recalled or m in facts
    }
