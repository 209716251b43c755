"""Pictures in the store (memory level 0), plain and encrypted: kept with their entry, their text part of
the entry's words, their originals dropped by retention only once read, and gone — bytes and all — when
the entry is deleted. The pictures are drawn by the test (Qt offscreen); the diary is real SQLite or
SQLCipher."""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy import text

from app.store import (
    Diary,
    ImageTooLarge,
    ImageUnreadable,
    caption_of,
    prepare_image,
    read_image_file,
)
from tests.cipher_pages import readable_bytes
from tests.pictures import jpeg_with_location, page_png

NOW = datetime(2026, 12, 2, 9, 0)


@pytest.fixture
def page(qapp: object) -> bytes:
    return page_png(["Receipt: lighthouse lamp", "Квитанция: маяк"])


def _diary_bytes(data_dir: Path, key: object) -> bytes:
    files = [p for p in data_dir.glob("hearth.db*") if p.is_file()]
    return b"".join(readable_bytes(p, key) for p in files)  # type: ignore[arg-type]


def _count(diary: Diary, table: str) -> int:
    with diary.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar() or 0)


def test_an_entry_with_pictures_keeps_them_with_a_thumbnail_and_its_caption(
    data_dir: Path, page: bytes
) -> None:
    with Diary.open(data_dir) as diary:
        conversation = diary.conversation_for_day(NOW.date())
        image = prepare_image(page, "/somewhere/receipt.png")
        message = diary.add_entry_with_pictures(conversation.id, "The lamp receipt", [image, image], NOW)
        pictures = diary.pictures([message.id])[message.id]
        assert [p.file_name for p in pictures] == ["receipt.png", "receipt.png"]
        assert pictures[0].mime == "image/png" and pictures[0].ocr_state == "pending"
        assert Image.open(io.BytesIO(pictures[0].thumbnail)).format == "JPEG"
        assert max(Image.open(io.BytesIO(pictures[0].thumbnail)).size) <= 320
        assert diary.picture_original(pictures[0].id) == page  # the person's bytes, unchanged
        assert _count(diary, "image_original") == 1  # content-addressed: one copy of the same picture
        assert message.text.startswith("The lamp receipt\n\n[picture: receipt.png, 2026-12-02]")
        assert caption_of(message.text) == "The lamp receipt"


def test_a_pictures_text_becomes_the_entrys_words_and_is_found(data_dir: Path, page: bytes) -> None:
    with Diary.open(data_dir) as diary:
        conversation = diary.conversation_for_day(NOW.date())
        message = diary.add_entry_with_pictures(conversation.id, "", [prepare_image(page, "r.png")], NOW)
        assert diary.search("lighthouse") == []
        picture = diary.pictures([message.id])[message.id][0]
        assert diary.set_picture_text(picture.id, "done", "Receipt: lighthouse lamp\nКвитанция: маяк", NOW)
        assert [hit.message_id for hit in diary.search("lighthouse")] == [message.id]
        assert [hit.message_id for hit in diary.search("маяк")] == [message.id]
        stored = diary.get_message(message.id)
        assert stored is not None and "Квитанция" in stored.text and caption_of(stored.text) == ""
        assert diary.pictures([message.id])[message.id][0].ocr_text.endswith("маяк")


def test_deleting_the_entry_deletes_its_pictures_to_the_last_byte(
    data_dir: Path, page: bytes, mode_key: object
) -> None:
    with Diary.open(data_dir) as diary:
        conversation = diary.conversation_for_day(NOW.date())
        image = prepare_image(page, "r.png")
        message = diary.add_entry_with_pictures(conversation.id, "lamp", [image], NOW)
        diary.purge()
        probe = image.data[200:264]  # compressed picture bytes, found nowhere else
        assert probe in _diary_bytes(data_dir, mode_key)
        if mode_key is not None:  # encrypted at rest: only the key reveals the picture
            assert probe not in _diary_bytes(data_dir, None)
        diary.delete_message(message.id)
        assert _count(diary, "attachment") == 0 and _count(diary, "image_original") == 0
        assert probe not in _diary_bytes(data_dir, mode_key)
        assert image.thumbnail[200:264] not in _diary_bytes(data_dir, mode_key)


def test_deleting_a_conversation_and_everything_deletes_the_pictures(data_dir: Path, page: bytes) -> None:
    with Diary.open(data_dir) as diary:
        first = diary.conversation_for_day(NOW.date())
        diary.add_entry_with_pictures(first.id, "a", [prepare_image(page, "a.png")], NOW)
        diary.delete_conversation(first.id)
        assert _count(diary, "attachment") == 0 and _count(diary, "image_original") == 0
        second = diary.conversation_for_day(NOW.date())
        diary.add_entry_with_pictures(second.id, "b", [prepare_image(page, "b.png")], NOW)
        diary.forget_everything()
        assert _count(diary, "attachment") == 0 and _count(diary, "image_original") == 0


def test_a_picture_still_shown_elsewhere_keeps_its_original(data_dir: Path, page: bytes) -> None:
    with Diary.open(data_dir) as diary:
        conversation = diary.conversation_for_day(NOW.date())
        image = prepare_image(page, "r.png")
        first = diary.add_entry_with_pictures(conversation.id, "one", [image], NOW)
        second = diary.add_entry_with_pictures(conversation.id, "two", [image], NOW)
        diary.delete_message(first.id)
        kept = diary.pictures([second.id])[second.id][0]
        assert diary.picture_original(kept.id) == page


def test_retention_drops_only_read_originals_past_the_cutoff(
    data_dir: Path, page: bytes, qapp: object
) -> None:
    other = page_png(["Another page"])
    with Diary.open(data_dir) as diary:
        conversation = diary.conversation_for_day(NOW.date())
        old_read = diary.add_entry_with_pictures(conversation.id, "", [prepare_image(page, "a.png")], NOW)
        old_unread = diary.add_entry_with_pictures(conversation.id, "", [prepare_image(other, "b.png")], NOW)
        later = NOW + timedelta(days=40)
        new_read = diary.add_entry_with_pictures(
            conversation.id, "", [prepare_image(page_png(["Third"]), "c.png")], later
        )
        ids = {m.id: diary.pictures([m.id])[m.id][0].id for m in (old_read, old_unread, new_read)}
        diary.set_picture_text(ids[old_read.id], "done", "lighthouse", NOW)
        diary.set_picture_text(ids[new_read.id], "done", "third", later)

        assert diary.drop_originals_before(later - timedelta(days=30)) == 1

        assert diary.picture_original(ids[old_read.id]) is None
        assert diary.picture_original(ids[old_unread.id]) is not None  # never one whose text was not read
        assert diary.picture_original(ids[new_read.id]) is not None  # not old enough
        gone = diary.pictures([old_read.id])[old_read.id][0]
        assert not gone.original_kept and gone.thumbnail and gone.ocr_text == "lighthouse"
        assert [h.message_id for h in diary.search("lighthouse")] == [old_read.id]
        assert diary.drop_originals_before(later - timedelta(days=30)) == 0


def test_where_a_photo_was_taken_is_stripped_unless_kept(page: bytes) -> None:
    photo = jpeg_with_location(page, orientation=6)
    stripped = prepare_image(photo, "photo.jpg")
    exif = Image.open(io.BytesIO(stripped.data)).getexif()
    assert 0x8825 not in exif and exif.get(0x0112) == 6
    assert Image.open(io.BytesIO(stripped.data)).tobytes() == Image.open(io.BytesIO(photo)).tobytes()
    sideways = Image.open(io.BytesIO(photo)).size
    assert (stripped.width, stripped.height) == (sideways[1], sideways[0])  # turned as EXIF says
    assert stripped.taken_at == datetime(2026, 11, 30, 18, 45)
    kept = prepare_image(photo, "photo.jpg", keep_location=True)
    assert kept.data == photo


def test_a_40_mb_picture_and_a_damaged_one_are_refused_clearly(tmp_path: Path, page: bytes) -> None:
    huge = tmp_path / "scan.png"
    huge.write_bytes(page + b"\0" * (40 * 1024 * 1024))
    with pytest.raises(ImageTooLarge, match="larger than 32 MB") as too_large:
        read_image_file(huge)
    assert too_large.value.hint
    with pytest.raises(ImageTooLarge):
        prepare_image(huge.read_bytes(), "scan.png")
    with pytest.raises(ImageUnreadable, match="damaged or not a picture") as damaged:
        prepare_image(page[: len(page) // 3], "cut.png")
    assert damaged.value.hint
    with pytest.raises(ImageUnreadable):
        prepare_image(b"not a picture at all", "notes.txt")



def test_export_carries_the_pictures_and_import_restores_them(
    data_dir: Path, tmp_path: Path, page: bytes
) -> None:
    with Diary.open(data_dir) as diary:
        conversation = diary.conversation_for_day(NOW.date())
        message = diary.add_entry_with_pictures(conversation.id, "lamp", [prepare_image(page, "r.png")], NOW)
        picture = diary.pictures([message.id])[message.id][0]
        diary.set_picture_text(picture.id, "done", "lighthouse lamp", NOW)
        document = json.loads(json.dumps(diary.export_json()))  # through real JSON text
    assert document["attachments"][0]["file_name"] == "r.png"
    with Diary.open(tmp_path / "other") as other:
        other.import_json(document)
        restored = other.pictures([message.id])[message.id][0]
        assert other.picture_original(restored.id) == page
        assert restored.thumbnail == picture.thumbnail and restored.ocr_text == "lighthouse lamp"
        assert [h.message_id for h in other.search("lighthouse")] == [message.id]


def test_a_backup_holds_the_pictures_and_a_deletion_scrubs_them_out_of_it(
    data_dir: Path, page: bytes, mode_key: object
) -> None:
    with Diary.open(data_dir) as diary:
        conversation = diary.conversation_for_day(NOW.date())
        image = prepare_image(page, "r.png")
        message = diary.add_entry_with_pictures(conversation.id, "lamp", [image])
        backup = diary.backup()
        diary.add_message(conversation.id, "user", "later words")
        diary.restore(backup)
        assert diary.picture_original(diary.pictures([message.id])[message.id][0].id) == page
        diary.delete_message(message.id)
        assert diary.unscrubbed_files == []
        for path in diary.list_backups():
            assert image.data[200:264] not in readable_bytes(path, mode_key)  # type: ignore[arg-type]
