"""Summaries (L2) and reflections (L4): text the companion derives from the diary.

A summary is unique per (kind, scope): putting a new one replaces the old in place. A reflection is
revised by adding a new version and marking the old one superseded, and revoked by a flag, so what the
companion once believed stays inspectable until the person deletes it.
"""

from __future__ import annotations

from sqlalchemy import delete
from sqlmodel import Session, col, select

from app.store.errors import InvalidValue
from app.store.history import now, require
from app.store.models import SUMMARY_KINDS, Reflection, Summary
from app.store.text import MAX_SUMMARY_CHARS, checked


def get_summary(session: Session, kind: str, scope: str) -> Summary | None:
    return session.exec(select(Summary).where(Summary.kind == kind, Summary.scope == scope)).first()


def put_summary(
    session: Session, kind: str, scope: str, body: str, through_message_id: int | None, model: str
) -> Summary:
    if kind not in SUMMARY_KINDS:
        raise InvalidValue(f"Unknown summary kind {kind!r}; expected one of {', '.join(SUMMARY_KINDS)}.")
    body = checked(body, what="summary", limit=MAX_SUMMARY_CHARS)
    summary = get_summary(session, kind, str(scope))
    if summary is None:
        summary = Summary(kind=kind, scope=str(scope), text=body, created_at=now())
    summary.text = body
    summary.through_message_id = through_message_id
    summary.model = model or ""
    summary.created_at = now()
    session.add(summary)
    session.flush()
    return summary


def delete_summary(session: Session, summary_id: int) -> None:
    session.exec(delete(Summary).where(col(Summary.id) == summary_id))  # type: ignore[call-overload]


def list_summaries(session: Session, kind: str | None = None) -> list[Summary]:
    query = select(Summary)
    if kind is not None:
        query = query.where(Summary.kind == kind)
    return list(session.exec(query.order_by(col(Summary.kind), col(Summary.scope))))


def add_reflection(session: Session, body: str) -> Reflection:
    body = checked(body, what="reflection", limit=MAX_SUMMARY_CHARS).strip()
    reflection = Reflection(text=body, version=1, created_at=now())
    session.add(reflection)
    session.flush()
    reflection.lineage_id = reflection.id
    session.add(reflection)
    return reflection


def _require(session: Session, reflection_id: int) -> Reflection:
    return require(session, Reflection, reflection_id, "Reflection")


def revise_reflection(session: Session, reflection_id: int, body: str) -> Reflection:
    old = _require(session, reflection_id)
    body = checked(body, what="reflection", limit=MAX_SUMMARY_CHARS).strip()
    if old.superseded_by is not None:
        raise InvalidValue("Only the latest version of a reflection can be revised.")
    new = Reflection(
        lineage_id=old.lineage_id or old.id, text=body, version=old.version + 1, created_at=now()
    )
    session.add(new)
    session.flush()
    old.superseded_by = new.id
    session.add(old)
    return new


def revoke_reflection(session: Session, reflection_id: int) -> Reflection:
    reflection = _require(session, reflection_id)
    reflection.revoked = True
    session.add(reflection)
    return reflection


def delete_reflection(session: Session, reflection_id: int) -> None:
    """Delete a reflection with all its versions."""
    reflection = _require(session, reflection_id)
    lineage = reflection.lineage_id or reflection.id
    for row in session.exec(select(Reflection).where(Reflection.lineage_id == lineage)):
        row.superseded_by = None
        session.add(row)
    session.flush()
    session.exec(delete(Reflection).where(col(Reflection.lineage_id) == lineage))  # type: ignore[call-overload]
    session.exec(delete(Reflection).where(col(Reflection.id) == reflection_id))  # type: ignore[call-overload]


def current_reflections(session: Session) -> list[Reflection]:
    query = select(Reflection).where(
        col(Reflection.revoked).is_(False), col(Reflection.superseded_by).is_(None)
    )
    return list(session.exec(query.order_by(col(Reflection.id))))
