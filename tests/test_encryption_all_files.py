"""No plaintext of an encrypted diary in any file of its data dir — whatever Hearth writes there.

After a real session on an encrypted diary (turns on the tiny model with their background jobs — facts,
the meaning index — settings saved, backups, the one-writer lock held) the data dir is walked recursively,
hidden files included, while the diary is open and again after it closed. Two rules:

1. no file holds a marker in its raw bytes (UTF-8, Latin and Cyrillic);
2. every file is encrypted with the diary's key (the diary, its WAL, each backup) or is one of the few
   small files known to hold no diary text, each listed below with the reason. Any other file fails.

Rule 2 is what catches a file that holds diary text in another form: a saved KV state (token ids and
tensors, not UTF-8), a cache of vectors. Such a file must not be written while the diary is encrypted,
or be encrypted with its key, or be added to ``NO_DIARY_TEXT`` with a reason that is true.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from app.config import SETTINGS_FILE, Settings, SettingsStore
from app.core.companion import Companion
from app.llm.embedding import Embedder, make_embedder
from app.store import Diary, DiaryKey, DiaryLock
from app.store import encryption as enc
from app.store.cipher import is_plain, verify_key
from app.store.lock import LOCK_FILE
from tests.cipher_pages import readable_bytes

PASS = "lantern-orchard-47"
LATIN, CYRILLIC = "zanzibarine", "Кириллица-маркер"
MARKERS = (LATIN, CYRILLIC, LATIN.upper())
ENTRIES = (
    f"My cat {CYRILLIC} hid under the bed when the {LATIN} parcel came.",
    f"Tomorrow I see the doctor about the {LATIN} tablets; {CYRILLIC} will stay with Anna.",
)

NO_DIARY_TEXT = {
    SETTINGS_FILE: "the person's settings: model, theme, language, minutes (checked below: no marker)",
    enc.MARKER: "that the diary is encrypted, the cipher, the KDF, the salt and a key check",
    LOCK_FILE: "an empty file the one-writer lock is taken on",
    "hearth.db-shm": "SQLite's WAL index: page numbers and checksums, no page content",
}


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return make_embedder("e5")


@pytest.fixture
def session(data_dir: Path, tiny_engine: Any, embedder: Embedder) -> Iterator[tuple[Diary, Companion]]:
    data_dir.mkdir(parents=True)
    lock = DiaryLock(data_dir).acquire()  # as the window and `hearth chat` hold it
    diary = Diary.open(data_dir, DiaryKey(PASS))
    settings = SettingsStore(Settings(), data_dir)
    settings.change(reply_length="short", lock_after_minutes=5)
    companion = Companion(diary, tiny_engine, settings, embedder=embedder)
    try:
        yield diary, companion
    finally:
        for close in (companion.close, diary.close, lock.release):
            with contextlib.suppress(Exception):  # the test may have closed them already
                close()


def _files(data_dir: Path) -> list[Path]:
    return sorted(p for p in data_dir.rglob("*") if p.is_file())


def _plaintext(data_dir: Path) -> list[str]:
    needles = [m.encode("utf-8") for m in MARKERS]
    found = [p for p in _files(data_dir) if any(n in p.read_bytes() for n in needles)]
    return [str(p.relative_to(data_dir)) for p in found]


def _not_encrypted(data_dir: Path, key: DiaryKey) -> list[str]:
    """Files that are neither encrypted with ``key`` nor known to hold no diary text."""
    strays = []
    for path in _files(data_dir):
        name = str(path.relative_to(data_dir))
        if name in NO_DIARY_TEXT:
            continue
        if path.name.endswith("-wal"):  # frames of an encrypted database are its encrypted pages
            if not is_plain(Path(str(path).removesuffix("-wal"))):
                continue
        elif path.stat().st_size and not is_plain(path):
            try:
                verify_key(path, key)
                continue
            except Exception:  # noqa: BLE001 - not a database this key opens: reported below
                pass
        strays.append(name)
    return strays


def test_no_file_in_the_data_dir_holds_plaintext_while_encrypted(
    data_dir: Path, session: tuple[Diary, Companion], tiny_engine: Any
) -> None:
    diary, companion = session
    for text in ENTRIES:
        companion.send(text)
        assert companion.wait_idle(timeout=300)
    assert companion.wait_indexed(timeout=300)
    diary.add_fact(f"The cat is called {CYRILLIC}", kind="pet")
    diary.put_summary("daily", "2026-12-01", f"A day about {LATIN} and {CYRILLIC}", None, "tiny")
    diary.save_draft(f"Not sent yet: {LATIN}, {CYRILLIC}", None)  # the message box's kept words
    diary.backup()
    diary.maybe_backup(companion.session.clock() + timedelta(days=1))
    assert diary.search(LATIN) and diary.search("Кириллица")
    assert any(CYRILLIC.encode() in readable_bytes(p, diary.key) for p in _files(data_dir))  # it can fail

    assert _plaintext(data_dir) == []  # open: db, -wal, -shm, backups, settings, lock, anything else
    assert _not_encrypted(data_dir, diary.key) == []
    assert json.loads((data_dir / SETTINGS_FILE).read_text(encoding="utf-8"))  # a real settings file
    companion.close()
    diary.close()
    assert _plaintext(data_dir) == [] and _not_encrypted(data_dir, DiaryKey(PASS)) == []


def test_the_scan_would_catch_a_file_that_is_not_encrypted(data_dir: Path) -> None:
    """A saved KV state (issue 11) written beside an encrypted diary: token ids and floats, no UTF-8."""
    with Diary.open(data_dir, DiaryKey(PASS)) as diary:
        diary.add_fact(f"The cat is called {CYRILLIC}", kind="pet")
        (data_dir / "kv-state").mkdir()
        (data_dir / "kv-state" / "chat.bin").write_bytes(bytes(range(256)) * 64)
        assert _plaintext(data_dir) == []  # no marker in its bytes ...
        assert _not_encrypted(data_dir, diary.key) == ["kv-state/chat.bin"]  # ... still found
