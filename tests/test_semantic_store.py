"""The semantic index in the store: derived vectors die with their source, in the same transaction, and
leave no bytes behind; a vector is never saved for text that changed while it was being made."""

from __future__ import annotations

import uuid
from datetime import date
from pathlib import Path

import pytest

from app.store import Diary, DiaryKey, PendingText
from tests.cipher_pages import readable_bytes

EMBEDDER = "test-embedder:1"


def _blob() -> bytes:
    """A recognisable vector: 4 bytes of scale and 32 of marker, repeated to 516 bytes."""
    return (b"\x00\x00\x80?" + uuid.uuid4().bytes * 2) * 14 + b"\x00" * 12


def _files(data_dir: Path) -> list[Path]:
    return [p for p in (data_dir / n for n in ("hearth.db", "hearth.db-wal", "hearth.db-shm")) if p.exists()]


def _in_files(data_dir: Path, blob: bytes, key: DiaryKey | None) -> bool:
    """In the files' bytes — of an encrypted diary, in its decrypted pages (free ones too)."""
    needle = blob[4:36]
    return any(needle in readable_bytes(p, key) for p in _files(data_dir))


def _index_all(diary: Diary) -> dict[int, bytes]:
    pending = diary.pending_message_vectors(EMBEDDER, limit=1000, skip_text="…")
    rows = [(item, _blob()) for item in pending]
    saved = diary.save_message_vectors(EMBEDDER, rows)
    return {item.id: blob for item, blob in rows if item.id in saved}


def _day(diary: Diary, d: int = 1) -> int:
    return diary.conversation_for_day(date(2026, 11, d)).id


def test_pending_is_newest_first_and_skips_unfinished_replies(diary: Diary) -> None:
    cid = _day(diary)
    first = diary.add_message(cid, "user", "one")
    diary.add_message(cid, "assistant", "…", status="interrupted")
    last = diary.add_message(cid, "user", "three")
    pending = diary.pending_message_vectors(EMBEDDER, limit=10, skip_text="…")
    assert [p.id for p in pending] == [last.id, first.id]
    _index_all(diary)
    assert diary.pending_message_vectors(EMBEDDER, limit=10, skip_text="…") == []
    counts = diary.index_counts(EMBEDDER)
    assert (counts.indexed, counts.total, counts.complete) == (2, 3, False)
    # Another embedder has indexed nothing: its vectors are made anew (old ones compare only to their own).
    assert len(diary.pending_message_vectors("other:2", limit=10, skip_text="…")) == 2


def test_a_vector_is_refused_when_the_text_changed_meanwhile(diary: Diary) -> None:
    cid = _day(diary)
    message = diary.add_message(cid, "user", "I live in Porto")
    stale = PendingText(message.id, "I live in Porto")
    diary.update_message(message.id, text="We moved to Lisbon")
    assert diary.save_message_vectors(EMBEDDER, [(stale, _blob())]) == []
    assert diary.message_vectors(EMBEDDER) == []


def test_editing_a_message_drops_its_vector(diary: Diary) -> None:
    cid = _day(diary)
    message = diary.add_message(cid, "user", "I live in Porto")
    _index_all(diary)
    diary.update_message(message.id, text="We moved to Lisbon")
    assert diary.message_vectors(EMBEDDER) == []
    assert [p.text for p in diary.pending_message_vectors(EMBEDDER, limit=5, skip_text="…")] == [
        "We moved to Lisbon"
    ]


def test_deleting_a_message_deletes_its_vector_and_its_bytes(diary: Diary, data_dir: Path) -> None:
    cid = _day(diary)
    for i in range(30):
        diary.add_message(cid, "user", f"ordinary entry {i}")
    doomed = diary.add_message(cid, "user", "a secret worth a vector")
    blobs = _index_all(diary)
    reply = diary.add_message(cid, "assistant", "noted")
    diary.save_remembered(reply.id, [doomed.id, doomed.id - 1])
    diary.purge()
    assert _in_files(data_dir, blobs[doomed.id], diary.key)  # the check can fail

    diary.delete_message(doomed.id)
    assert doomed.id not in {v.key_id for v in diary.message_vectors(EMBEDDER)}
    assert diary.remembered([reply.id]) == {reply.id: [doomed.id - 1]}
    assert not _in_files(data_dir, blobs[doomed.id], diary.key)
    assert len(diary.message_vectors(EMBEDDER)) == 30


def test_deleting_a_conversation_deletes_its_vectors(diary: Diary, data_dir: Path) -> None:
    kept, doomed = _day(diary, 1), _day(diary, 2)
    for i in range(10):
        diary.add_message(kept, "user", f"kept {i}")
        diary.add_message(doomed, "user", f"doomed {i}")
    blobs = _index_all(diary)
    diary.delete_conversation(doomed)
    left = {v.key_id for v in diary.message_vectors(EMBEDDER)}
    assert len(left) == 10 and all(m.conversation_id == kept for m in diary.messages(kept))
    diary.purge()
    assert not any(_in_files(data_dir, blob, diary.key) for key, blob in blobs.items() if key not in left)


def test_fact_vectors_follow_their_fact(diary: Diary, data_dir: Path) -> None:
    cid = _day(diary)
    source = diary.add_message(cid, "user", "I am allergic to kiwi")
    fact = diary.add_fact(
        "Allergic to kiwi", kind="health", source="automatic", provenance_message_id=source.id
    )
    manual = diary.add_fact("Likes tea")  # no source message: nothing to lead back to, not indexed
    pending = diary.pending_fact_vectors(EMBEDDER, limit=10)
    assert [p.id for p in pending] == [fact.id] and manual.id
    blob = _blob()
    assert diary.save_fact_vectors(EMBEDDER, [(pending[0], blob)]) == [fact.id]
    stored = diary.fact_vectors(EMBEDDER)
    assert [(v.key_id, v.message_id) for v in stored] == [(fact.id, source.id)]

    diary.edit_fact(fact.id, text="Allergic to kiwi and mango")
    assert diary.fact_vectors(EMBEDDER) == []  # the old wording's vector is gone with it
    item = diary.pending_fact_vectors(EMBEDDER, limit=10)[0]
    diary.save_fact_vectors(EMBEDDER, [(item, blob)])
    diary.delete_fact(fact.id)
    assert diary.fact_vectors(EMBEDDER) == []
    diary.purge()
    assert not _in_files(data_dir, blob, diary.key)


def test_forget_everything_leaves_no_vector(diary: Diary, data_dir: Path) -> None:
    cid = _day(diary)
    for i in range(20):
        diary.add_message(cid, "user", f"entry {i}")
    blobs = _index_all(diary)
    diary.forget_everything()
    assert diary.message_vectors(EMBEDDER) == [] and diary.vector_bytes() == (0, 0)
    assert not any(_in_files(data_dir, blob, diary.key) for blob in blobs.values())


def test_export_leaves_vectors_out_and_import_starts_unindexed(diary: Diary, tmp_path: Path) -> None:
    cid = _day(diary)
    for i in range(5):
        diary.add_message(cid, "user", f"entry {i}")
    _index_all(diary)
    document = diary.export_json()
    assert "vector" not in str(document.keys())
    with Diary.open(tmp_path / "other") as other:
        other.import_json(document)
        counts = other.index_counts(EMBEDDER)
        assert (counts.indexed, counts.total) == (0, 5)  # the app re-indexes an import in the background


def test_a_pending_message_comes_with_the_turn_before_it(diary: Diary) -> None:
    cid, other = _day(diary, 1), _day(diary, 2)
    asked = diary.add_message(cid, "assistant", "Did the tomatoes survive the frost?")
    answer = diary.add_message(cid, "user", "Only two of them.")
    more = diary.add_message(cid, "user", "Also, the beans are up.")
    elsewhere = diary.add_message(other, "assistant", "Good morning!")
    pending = {p.id: p.before for p in diary.pending_message_vectors(EMBEDDER, limit=10, skip_text="…")}
    # The other side's turn just before, in the same conversation; the first turn of a day has none (not
    # yesterday's last), nor has an entry after the same side's own (it answers nothing).
    assert pending == {
        asked.id: "",
        answer.id: "Did the tomatoes survive the frost?",
        more.id: "",
        elsewhere.id: "",
    }


def test_a_vector_is_refused_when_the_turn_before_changed_meanwhile(diary: Diary) -> None:
    cid = _day(diary)
    asked = diary.add_message(cid, "assistant", "Did the tomatoes survive?")
    answer = diary.add_message(cid, "user", "Only two.")
    [item] = [p for p in diary.pending_message_vectors(EMBEDDER, limit=5, skip_text="…") if p.id == answer.id]
    diary.update_message(asked.id, text="Did the roses survive?")
    assert diary.save_message_vectors(EMBEDDER, [(item, _blob())]) == []
    diary.delete_message(asked.id)
    pending = diary.pending_message_vectors(EMBEDDER, limit=5, skip_text="…")
    [again] = [p for p in pending if p.id == answer.id]
    assert again.before == "" and diary.save_message_vectors(EMBEDDER, [(again, _blob())]) == [answer.id]


@pytest.mark.parametrize("change", ["edit", "delete"])
def test_changing_a_message_drops_the_vector_of_the_turn_after_it(diary: Diary, change: str) -> None:
    cid, other = _day(diary, 1), _day(diary, 2)
    first = diary.add_message(cid, "user", "We planted tomatoes on Sunday.")
    asked = diary.add_message(cid, "assistant", "Did they survive the frost?")
    answer = diary.add_message(cid, "user", "Only two.")
    later = diary.add_message(cid, "user", "Bought a cold frame for next year.")
    unrelated = diary.add_message(other, "user", "A quiet day.")
    _index_all(diary)
    if change == "edit":
        diary.update_message(asked.id, text="Did the roses survive the frost?")
    else:
        diary.delete_message(asked.id)
    # The answer was embedded with the end of the question: its vector goes too; no other one does.
    assert {v.key_id for v in diary.message_vectors(EMBEDDER)} == {first.id, later.id, unrelated.id}
    pending = diary.pending_message_vectors(EMBEDDER, limit=5, skip_text="…")
    before = "Did the roses survive the frost?" if change == "edit" else ""  # after its own side's entry
    assert {p.id: p.before for p in pending}[answer.id] == before
