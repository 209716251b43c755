"""Deletion is real: after a delete and a checkpoint, the text is not in any byte of the database files."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from app.config import CHAT_STATE_FILE
from app.store import Diary, DiaryKey
from tests.cipher_pages import readable_bytes


@pytest.fixture
def diary(data_dir: Path) -> Iterator[Diary]:
    with Diary.open(data_dir) as opened:
        yield opened


def _marker(prefix: str = "zq") -> str:
    return prefix + uuid.uuid4().hex


def _needles(marker: str) -> list[bytes]:
    """The marker as stored (UTF-8) and its tail: FTS5 keeps terms lowercased and prefix-compressed."""
    return [marker.encode(), marker.lower().encode(), marker.lower()[-20:].encode()]


def _files(data_dir: Path) -> list[Path]:
    return [p for p in (data_dir / n for n in ("hearth.db", "hearth.db-wal", "hearth.db-shm")) if p.exists()]


def _found(paths: list[Path], marker: str, key: DiaryKey | None) -> list[str]:
    """Files whose bytes hold the marker — of an encrypted diary, its decrypted pages (free ones too)."""
    return [p.name for p in paths for needle in _needles(marker) if needle in readable_bytes(p, key)]


def _fill(diary: Diary, cid: int, n: int = 60) -> None:
    for i in range(n):
        diary.add_message(cid, "user" if i % 2 else "assistant", f"ordinary words of entry number {i} " * 3)


def test_deleted_message_leaves_no_bytes(diary: Diary, data_dir: Path) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    _fill(diary, cid)
    latin, cyrillic = _marker(), _marker("жщ")
    doomed = diary.add_message(cid, "user", f"My secret is {latin.upper()} and {cyrillic}, keep it")
    _fill(diary, cid)
    diary.put_summary("rolling", str(cid), f"They said {latin}", doomed.id, "tiny")
    diary.purge()
    assert _found(_files(data_dir), latin, diary.key)  # the check can fail
    assert _found(_files(data_dir), cyrillic, diary.key)

    diary.delete_message(doomed.id or 0)
    assert _found(_files(data_dir), latin, diary.key) == []
    assert _found(_files(data_dir), cyrillic, diary.key) == []
    assert diary.search(latin) == [] and diary.integrity_check() == "ok"
    assert diary.message_count(cid) == 120


def test_edited_then_deleted_message_leaves_no_bytes_of_either_text(diary: Diary, data_dir: Path) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    _fill(diary, cid, 20)
    first, second = _marker(), _marker()
    message = diary.add_message(cid, "user", f"draft {first}")
    diary.update_message(message.id or 0, text=f"final {second}")
    diary.delete_message(message.id or 0)
    assert _found(_files(data_dir), first, diary.key) == []
    assert _found(_files(data_dir), second, diary.key) == []


def test_deleted_conversation_leaves_no_bytes(diary: Diary, data_dir: Path) -> None:
    keep = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    gone = diary.conversation_for_day(date(2026, 12, 2)).id or 0
    _fill(diary, keep, 30)
    markers = [_marker() for _ in range(5)]
    for marker in markers:
        diary.add_message(gone, "user", f"entry {marker}")
        diary.add_message(gone, "assistant", f"reply about {marker}")
    diary.put_summary("daily", "2026-12-02", " ".join(markers), None, "tiny")
    diary.purge()
    assert _found(_files(data_dir), markers[0], diary.key)
    diary.delete_conversation(gone)
    for marker in markers:
        assert _found(_files(data_dir), marker, diary.key) == []
    assert diary.message_count(keep) == 30 and diary.list_summaries() == []


def test_deleted_fact_and_its_versions_leave_no_bytes(diary: Diary, data_dir: Path) -> None:
    for i in range(20):
        diary.add_fact(f"ordinary fact {i}")
    v1, v2 = _marker(), _marker()
    fact = diary.add_fact(f"Partner is {v1}", kind="person")
    diary.edit_fact(fact.id or 0, text=f"Partner is {v2}")
    diary.edit_fact(fact.id or 0, pinned=True)
    diary.purge()
    assert _found(_files(data_dir), v1, diary.key) and _found(_files(data_dir), v2, diary.key)
    diary.delete_fact(fact.id or 0)
    assert _found(_files(data_dir), v1, diary.key) == []
    assert _found(_files(data_dir), v2, diary.key) == []
    assert diary.is_forgotten(f"partner is {v1}") and len(diary.list_facts()) == 20


def test_backup_after_deletion_does_not_contain_the_fact(diary: Diary) -> None:
    marker = _marker()
    fact = diary.add_fact(f"Code word {marker}")
    diary.delete_fact(fact.id or 0)
    backup = diary.backup()
    assert _found([backup], marker, diary.key) == []


def test_restoring_an_older_backup_does_not_bring_a_deleted_fact_back(diary: Diary) -> None:
    marker = _marker()
    kept = diary.add_fact("Likes rain")
    fact = diary.add_fact(f"Code word {marker}", source="automatic")
    diary.edit_fact(fact.id or 0, text=f"Code word {marker} (edited)")
    older = diary.backup()
    diary.delete_fact(fact.id or 0)
    diary.restore(older)
    assert [f.id for f in diary.list_facts()] == [kept.id]
    assert diary.is_forgotten(f"code word {marker}")
    assert _found(_files(diary.data_dir), marker, diary.key) == []


def test_forget_everything_erases_all_bytes_and_backups(diary: Diary, data_dir: Path) -> None:
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    markers = [_marker() for _ in range(5)]
    diary.add_message(cid, "user", markers[0])
    diary.add_fact(markers[1])
    diary.put_summary("daily", "2026-12-01", markers[2], None, "tiny")
    diary.add_reflection(markers[3])
    diary.save_draft(f"not sent yet: {markers[4]}", cid)  # the message box's kept words
    _fill(diary, cid, 200)
    diary.backup()
    diary.backup()
    diary.forget_everything()
    for marker in markers:
        assert _found(_files(data_dir), marker, diary.key) == []
    assert diary.list_backups() == [] and list((data_dir / "backups").iterdir()) == []
    assert diary.list_conversations() == [] and diary.list_facts() == []
    assert diary.integrity_check() == "ok"
    again = diary.add_message(diary.conversation_for_day(date(2026, 12, 2)).id or 0, "user", "fresh start")
    assert again.id == 1 and diary.search("fresh")[0].message_id == 1


@pytest.mark.parametrize("what", ["message", "fact", "conversation"])
def test_a_deletion_shreds_the_chats_saved_cache(diary: Diary, data_dir: Path, what: str) -> None:
    """The chat's saved KV cache (``chat-cache.kv``, and a half-written ``.tmp``) holds the prompt it was
    made from: whatever is deleted may be in it, so any deletion shreds it (it is only a speed-up)."""
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    marker = _marker()
    message = diary.add_message(cid, "user", f"entry {marker}")
    fact = diary.add_fact(f"Fact {marker}")
    caches = [data_dir / CHAT_STATE_FILE, data_dir / (CHAT_STATE_FILE + ".tmp")]
    for cache in caches:
        cache.write_bytes(b"kv state of a prompt with " + marker.encode())
    if what == "message":
        diary.delete_message(message.id or 0)
    elif what == "fact":
        diary.delete_fact(fact.id or 0)
    else:
        diary.delete_conversation(cid)
    assert [c.name for c in caches if c.exists()] == []
