"""Pictures attached to entries (memory level 0) and the level-1 text they feed, as functions over a session.

Why the recognised text lives in the entry's own text too: everything that finds and recalls entries —
FTS5 search, recall by words and by meaning, the prompt's verbatim tail, export — reads ``message.text``.
So an entry with pictures reads, for all of them, as its caption followed by one block per picture::

    [picture: receipt.png, 2026-12-02]
    <the text recognised in it>

``entry_text`` writes those blocks; ``set_text_read`` rewrites them when a picture's text is ready (the
FTS trigger re-indexes the entry and the vector trigger has the semantic index embed it again).
``caption_of`` gives back what the person wrote, so views show the caption and draw the pictures instead
of the blocks. The model sees a picture's text, file name and date, never its pixels.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import delete
from sqlalchemy import text as sql
from sqlmodel import Session, col, select

from app.store.errors import InvalidValue
from app.store.history import add_message, local_naive, require_message
from app.store.images import PreparedImage
from app.store.models import OCR_STATES, Attachment, ImageOriginal, Message, MessageTokenCount
from app.store.text import MAX_MESSAGE_CHARS, clean

BLOCK = re.compile(r"^\[picture: .*\]$", re.MULTILINE)
MAX_PICTURE_TEXT = 20_000  # characters of one picture's text kept in the entry (a dense page is ~4,000)


@dataclass(frozen=True)
class PictureInfo:
    """An attachment as views and the CLI show it (no bytes but the thumbnail)."""

    id: int
    message_id: int
    position: int
    file_name: str
    mime: str
    size: int
    width: int
    height: int
    thumbnail: bytes
    original_kept: bool
    taken_at: datetime | None
    added_at: datetime
    ocr_state: str
    ocr_text: str


@dataclass(frozen=True)
class StorageFigures:
    """Bytes held at each level of the memory pyramid (the storage panel and ``hearth storage``)."""

    originals: int
    thumbnails: int
    pictures: int
    originals_dropped: int
    messages: int
    summaries: int
    facts: int
    vectors: int


def caption_of(text: str) -> str:
    """What the person wrote of an entry: its text before the first picture block."""
    found = BLOCK.search(text)
    return text if found is None else text[: found.start()].rstrip()


def picture_block(picture: Attachment) -> str:
    """One picture as the entry's text carries it: a header line, then its text."""
    day = (picture.taken_at or picture.added_at).date().isoformat()
    header = f"[picture: {picture.file_name}, {day}]"
    body = picture.ocr_text.strip()[:MAX_PICTURE_TEXT]
    return f"{header}\n{body}" if body else header


def entry_text(caption: str, pictures: Sequence[Attachment]) -> str:
    blocks = "\n\n".join(picture_block(p) for p in pictures)
    caption = caption.strip()
    whole = f"{caption}\n\n{blocks}" if caption else blocks
    return whole[:MAX_MESSAGE_CHARS]


def add_entry_with_pictures(
    session: Session,
    conversation_id: int,
    caption: str,
    images: Sequence[PreparedImage],
    created_at: datetime | None = None,
) -> Message:
    """One entry of the person's with ``images``, committed together (the text reading comes later)."""
    if not images:
        raise InvalidValue("There is no picture to attach.")
    moment = local_naive(created_at)
    caption = clean(caption)
    pictures = [_attachment(image, index, moment) for index, image in enumerate(images)]
    message = add_message(session, conversation_id, "user", entry_text(caption, pictures), "complete", moment)
    for picture, image in zip(pictures, images, strict=True):
        picture.message_id = message.id
        session.add(picture)
        _keep_original(session, image)
    session.flush()
    return message


def _attachment(image: PreparedImage, position: int, moment: datetime) -> Attachment:
    return Attachment(
        message_id=0, position=position, file_name=clean(image.file_name)[:255], sha256=image.sha256,
        mime=image.mime, size=len(image.data), width=image.width, height=image.height,
        thumbnail=image.thumbnail, taken_at=image.taken_at, added_at=moment,
    )


def _keep_original(session: Session, image: PreparedImage) -> None:
    known = session.exec(select(ImageOriginal.id).where(ImageOriginal.sha256 == image.sha256)).first()
    if known is None:
        session.add(ImageOriginal(sha256=image.sha256, data=image.data))


def pictures_of(session: Session, message_ids: Iterable[int]) -> dict[int, list[PictureInfo]]:
    """The pictures of these entries, in order, keyed by message id (entries without any are absent)."""
    ids = sorted(set(message_ids))
    found: dict[int, list[PictureInfo]] = {}
    for start in range(0, len(ids), 500):
        query = select(Attachment).where(col(Attachment.message_id).in_(ids[start : start + 500]))
        for row in session.exec(query.order_by(col(Attachment.message_id), col(Attachment.position))):
            found.setdefault(row.message_id, []).append(_info(row))
    return found


def _info(row: Attachment) -> PictureInfo:
    return PictureInfo(
        id=row.id, message_id=row.message_id, position=row.position, file_name=row.file_name,
        mime=row.mime, size=row.size, width=row.width, height=row.height, thumbnail=row.thumbnail,
        original_kept=row.original_kept, taken_at=row.taken_at, added_at=row.added_at,
        ocr_state=row.ocr_state, ocr_text=row.ocr_text,
    )


def original(session: Session, attachment_id: int) -> bytes | None:
    """The original bytes, or None once retention dropped them (the thumbnail remains)."""
    row = session.get(Attachment, attachment_id)
    if row is None or not row.original_kept:
        return None
    return session.exec(select(ImageOriginal.data).where(ImageOriginal.sha256 == row.sha256)).first()


def waiting_for_text(session: Session, *, limit: int, retry_unavailable: bool) -> list[int]:
    """Attachments whose text is still to be read, oldest first (with ``retry_unavailable``: also those
    that waited for Tesseract to be installed)."""
    states = ["pending", "unavailable"] if retry_unavailable else ["pending"]
    query = (
        select(Attachment.id).where(col(Attachment.ocr_state).in_(states), col(Attachment.original_kept))
        .order_by(col(Attachment.id)).limit(limit)
    )
    return list(session.exec(query))


def set_text_read(
    session: Session, attachment_id: int, state: str, recognised: str, at: datetime
) -> int | None:
    """Record a picture's text and rewrite its entry's blocks; the entry's id, or None if it is gone."""
    if state not in OCR_STATES:
        raise InvalidValue("Unknown text-reading state.")
    row = session.get(Attachment, attachment_id)
    if row is None:
        return None
    row.ocr_state, row.ocr_text, row.ocr_at = state, clean(recognised).strip(), local_naive(at)
    session.add(row)
    session.flush()
    message = require_message(session, row.message_id)
    siblings = session.exec(
        select(Attachment).where(Attachment.message_id == row.message_id).order_by(col(Attachment.position))
    ).all()
    renewed = entry_text(caption_of(message.text), list(siblings))
    if renewed != message.text:
        message.text = renewed
        session.add(message)
        session.exec(delete(MessageTokenCount).where(col(MessageTokenCount.message_id) == message.id))  # type: ignore[call-overload]
    return message.id


def drop_originals_before(session: Session, cutoff: datetime) -> int:
    """Retention: drop the originals of pictures added before ``cutoff`` whose text was read (state
    'done'); thumbnails and text stay. Never a picture still waiting for its text. How many."""
    rows = session.exec(
        select(Attachment).where(
            col(Attachment.original_kept), Attachment.ocr_state == "done", col(Attachment.added_at) < cutoff
        )
    ).all()
    for row in rows:
        row.original_kept = False
        session.add(row)
    session.flush()
    return len(rows)


def storage_figures(session: Session) -> StorageFigures:
    """Bytes per level, as SQLite counts the columns (``length``): pages and indexes come on top."""
    conn = session.connection()

    def total(query: str) -> int:
        return int(conn.execute(sql(query)).scalar() or 0)

    return StorageFigures(
        originals=total("SELECT SUM(length(data)) FROM image_original"),
        thumbnails=total("SELECT SUM(length(thumbnail)) FROM attachment"),
        pictures=total("SELECT COUNT(*) FROM attachment"),
        originals_dropped=total("SELECT COUNT(*) FROM attachment WHERE NOT original_kept"),
        messages=total("SELECT SUM(length(CAST(text AS BLOB))) FROM message"),
        summaries=total("SELECT SUM(length(CAST(text AS BLOB))) FROM summary"),
        facts=total("SELECT SUM(length(CAST(text AS BLOB))) FROM fact")
        + total("SELECT SUM(length(CAST(text AS BLOB))) FROM fact_version"),
        vectors=total("SELECT SUM(length(vector)) FROM message_vector")
        + total("SELECT SUM(length(vector)) FROM fact_vector"),
    )


def day_of(picture: PictureInfo) -> date:
    return (picture.taken_at or picture.added_at).date()
