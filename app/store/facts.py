"""Facts about the person (memory level L3), their version history, and the fingerprints of deleted ones.

A deleted fact is really gone: its row and every version are removed (``secure_delete`` zeroes the bytes)
and only a salted one-way fingerprint of each text it ever had is kept, so automatic memory can refuse to
re-create it (``is_forgotten``) and a restored backup cannot bring it back (``purge_forgotten``).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import TypedDict

from sqlalchemy import delete
from sqlmodel import Session, col, select

from app.store.errors import FactForgotten, InvalidValue
from app.store.history import now, require
from app.store.models import FACT_KINDS, FACT_SOURCES, Fact, FactVersion, ForgottenFact
from app.store.text import fact_text, fingerprint


class NewFactFields(TypedDict, total=False):
    """The optional fields of a new fact: ``add_fact`` holds their defaults; facades pass them through."""

    kind: str
    importance: int
    pinned: bool
    source: str
    provenance_message_id: int | None


class FactChanges(TypedDict, total=False):
    """What an edit may change (``None`` or absent: unchanged); ``source`` is the caller's to decide."""

    text: str | None
    kind: str | None
    importance: int | None
    pinned: bool | None


def _check(kind: str | None, importance: int | None, source: str | None) -> None:
    if kind is not None and kind not in FACT_KINDS:
        raise InvalidValue(f"Unknown fact kind {kind!r}; expected one of {', '.join(FACT_KINDS)}.")
    if importance is not None and (isinstance(importance, bool) or importance not in range(1, 6)):
        raise InvalidValue(f"Importance must be a whole number from 1 to 5, not {importance!r}.")
    if source is not None and source not in FACT_SOURCES:
        raise InvalidValue(f"Unknown fact source {source!r}; expected manual or automatic.")


def _refuse_forgotten(session: Session, body: str, source: str) -> None:
    if source == "automatic" and is_forgotten(session, body):
        raise FactForgotten("This fact was deleted by the person and is not re-created automatically.")


def _snapshot(session: Session, fact: Fact) -> None:
    assert fact.id is not None
    latest = session.exec(
        select(FactVersion.version)
        .where(FactVersion.fact_id == fact.id)
        .order_by(col(FactVersion.version).desc())
    ).first()
    session.add(
        FactVersion(
            fact_id=fact.id,
            version=(latest or 0) + 1,
            text=fact.text,
            kind=fact.kind,
            importance=fact.importance,
            pinned=fact.pinned,
            source=fact.source,
            created_at=fact.updated_at,
        )
    )


def add_fact(
    session: Session,
    body: str,
    *,
    kind: str = "other",
    importance: int = 3,
    pinned: bool = False,
    source: str = "manual",
    provenance_message_id: int | None = None,
) -> Fact:
    body = fact_text(body)
    _check(kind, importance, source)
    _refuse_forgotten(session, body, source)
    moment = now()
    fact = Fact(
        text=body,
        kind=kind,
        importance=importance,
        pinned=bool(pinned),
        source=source,
        provenance_message_id=provenance_message_id,
        created_at=moment,
        updated_at=moment,
    )
    session.add(fact)
    session.flush()
    _snapshot(session, fact)
    return fact


def require_fact(session: Session, fact_id: int) -> Fact:
    return require(session, Fact, fact_id, "Fact")


def edit_fact(
    session: Session,
    fact_id: int,
    *,
    text: str | None = None,
    kind: str | None = None,
    importance: int | None = None,
    pinned: bool | None = None,
    source: str | None = None,
) -> Fact:
    fact = require_fact(session, fact_id)
    _check(kind, importance, source)
    if text is not None:
        body = fact_text(text)
        _refuse_forgotten(session, body, source or fact.source)
        fact.text = body
    if kind is not None:
        fact.kind = kind
    if importance is not None:
        fact.importance = importance
    if pinned is not None:
        fact.pinned = bool(pinned)
    if source is not None:
        fact.source = source
    fact.updated_at = max(now(), fact.updated_at)
    session.add(fact)
    session.flush()
    _snapshot(session, fact)
    return fact


def retire_fact(session: Session, fact_id: int) -> Fact:
    fact = require_fact(session, fact_id)
    fact.retired = True
    fact.updated_at = now()
    session.add(fact)
    return fact


def reinstate_fact(session: Session, fact_id: int) -> Fact:
    """Bring a retired fact back into use (undoing the automatic add that retired it)."""
    fact = require_fact(session, fact_id)
    fact.retired = False
    session.add(fact)
    return fact


def delete_fact(session: Session, fact_id: int) -> None:
    """Delete the fact and its versions; keep one fingerprint per distinct text it ever had."""
    fact = require_fact(session, fact_id)
    texts = {fact.text, *session.exec(select(FactVersion.text).where(FactVersion.fact_id == fact_id))}
    session.exec(delete(FactVersion).where(col(FactVersion.fact_id) == fact_id))  # type: ignore[call-overload]
    session.delete(fact)
    for body in sorted(texts):
        remember_forgotten(session, body)


def remember_forgotten(session: Session, body: str, moment: datetime | None = None) -> None:
    if is_forgotten(session, body):
        return
    salt = secrets.token_hex(16)
    session.add(ForgottenFact(salt=salt, digest=fingerprint(salt, body), forgotten_at=moment or now()))


def is_forgotten(session: Session, body: str) -> bool:
    """True if ``body`` (normalized: case, punctuation, spacing) matches a deleted fact's fingerprint."""
    return any(fingerprint(row.salt, body) == row.digest for row in session.exec(select(ForgottenFact)))


def list_facts(session: Session, include_retired: bool = False) -> list[Fact]:
    """Pinned first, then by importance, then the most recently updated."""
    query = select(Fact)
    if not include_retired:
        query = query.where(col(Fact.retired).is_(False))
    query = query.order_by(
        col(Fact.pinned).desc(), col(Fact.importance).desc(), col(Fact.updated_at).desc(), col(Fact.id).desc()
    )
    return list(session.exec(query))


def fact_versions(session: Session, fact_id: int) -> list[FactVersion]:
    require_fact(session, fact_id)
    query = select(FactVersion).where(FactVersion.fact_id == fact_id).order_by(col(FactVersion.version))
    return list(session.exec(query))


def purge_forgotten(session: Session) -> int:
    """Delete every fact whose text (current or any version) matches a fingerprint; return how many."""
    rows = list(session.exec(select(ForgottenFact)))
    if not rows:
        return 0

    def forgotten(body: str) -> bool:
        return any(fingerprint(row.salt, body) == row.digest for row in rows)

    doomed = []
    for fact in session.exec(select(Fact)):
        versions = session.exec(select(FactVersion.text).where(FactVersion.fact_id == fact.id))
        if forgotten(fact.text) or any(forgotten(body) for body in versions):
            doomed.append(fact)
    for fact in doomed:
        assert fact.id is not None
        delete_fact(session, fact.id)
    return len(doomed)
