"""What an encrypted diary file holds once decrypted, page by page — free pages and WAL frames included.

The byte-scan tests (a deleted entry leaves no bytes; a scrubbed backup holds no deleted fact) read the
raw file of a plain diary. For an encrypted one the raw bytes are ciphertext, so the scan would pass for
the wrong reason; these helpers decrypt every page the way SQLCipher 4 wrote it (AES-256-CBC, the IV in
each page's reserved tail; defaults of ``cipher_compatibility = 4``) with the diary's raw key, so the
scan sees exactly what the key reveals, secure_delete's zeroed pages included. Tests only.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlcipher3
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from app.store import DiaryKey
from app.store.cipher import SALT_BYTES, SQLITE_MAGIC, connect, file_salt, is_plain
from app.store.encryption import write_marker

PAGE = 4096
RESERVE = 16 + 64  # IV + HMAC-SHA512
WAL_HEADER, FRAME_HEADER = 32, 24


def _page(raw: bytes, number: int, key: bytes) -> bytes:
    start = SALT_BYTES if number == 1 else 0
    iv = raw[PAGE - RESERVE : PAGE - RESERVE + 16]
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    return decryptor.update(raw[start : PAGE - RESERVE]) + decryptor.finalize()


def decrypted(path: Path, key: DiaryKey, salt: bytes) -> bytes:
    """The plaintext of every page in ``path`` (a database file or its ``-wal``), concatenated."""
    raw = path.read_bytes()
    secret = key.raw(salt)
    if path.name.endswith("-wal"):
        frames = raw[WAL_HEADER:]
        size = FRAME_HEADER + PAGE
        pages = [(int.from_bytes(frames[i : i + 4], "big"), frames[i + FRAME_HEADER : i + size])
                 for i in range(0, len(frames) - size + 1, size)]
    else:
        pages = [(i // PAGE + 1, raw[i : i + PAGE]) for i in range(0, len(raw) - PAGE + 1, PAGE)]
    return b"".join(_page(page, number, secret) for number, page in pages)


def readable_bytes(path: Path, key: DiaryKey | None) -> bytes:
    """What ``path`` reveals to someone holding ``key``: raw bytes, plus the decrypted pages of an
    encrypted database file or WAL (a ``-shm`` wal-index holds no page content)."""
    raw = path.read_bytes()
    if key is None or raw[: len(SQLITE_MAGIC)] == SQLITE_MAGIC or path.name.endswith("-shm"):
        return raw
    db = Path(str(path).removesuffix("-wal"))
    salt = file_salt(db)
    return raw if salt is None else raw + decrypted(path, key, salt)


def connect_raw(path: Path, key: DiaryKey | None) -> sqlite3.Connection:
    """An autocommit connection to a diary file as the test's mode has it: keyed when ``key`` is given
    and the file is not plain (a new file is then made encrypted, and marked so, like ``Diary.open``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if key is not None and not is_plain(path):
        if not path.exists() or path.stat().st_size == 0:
            write_marker(path.parent, key)
        conn: sqlite3.Connection = connect(path, key, isolation_level=None)
        return conn
    return sqlite3.connect(path, isolation_level=None)


def holds(paths: list[Path], text: str, key: DiaryKey | None) -> list[str]:
    """The names of the files (of ``paths``) whose readable bytes hold ``text`` in UTF-8."""
    needle = text.encode("utf-8")
    return [p.name for p in paths if needle in readable_bytes(p, key)]


OPERATIONAL_ERRORS = (sqlite3.OperationalError, sqlcipher3.OperationalError)
