"""Encryption at rest: SQLCipher 4 connections, the diary's key, and how to tell an encrypted file.

Why it looks like this:
- SQLCipher (the ``sqlcipher3`` wheel bundles it) encrypts every page of the database and of its WAL;
  a plain diary keeps using the standard ``sqlite3`` module, so a person who never sets a passphrase
  has exactly the diary they had.
- The key is SQLCipher's own derivation of the passphrase: PBKDF2-HMAC-SHA512, 256,000 iterations, with
  the 16-byte salt SQLCipher keeps at the start of the file (its defaults, ``cipher_compatibility = 4``).
  We run that derivation once per unlock (``DiaryKey``) and hand SQLCipher the derived key as a raw key,
  so every pooled connection, backup and scrub does not pay the KDF again (≈0.4 s each here). The file
  is a standard SQLCipher 4 file: ``sqlcipher`` opens it with ``PRAGMA key = '<passphrase>'``.
- The passphrase and key never appear in a ``repr``, a log line or an exception message. Python cannot
  promise to wipe a string from memory; ``DiaryKey.forget`` drops every reference it holds.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import sqlcipher3

from app.store.errors import WrongPassphrase

KDF_ITERATIONS = 256_000  # SQLCipher 4's default
KEY_BYTES = 32
SALT_BYTES = 16
SQLITE_MAGIC = b"SQLite format 3\x00"

# Errors of either driver, for code that talks to a raw DB-API connection.
DB_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, sqlcipher3.Error)
DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.DatabaseError, sqlcipher3.DatabaseError)
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, sqlcipher3.IntegrityError)
_NOTADB = sqlite3.SQLITE_NOTADB


class DiaryKey:
    """The unlocked diary: a passphrase and the keys SQLCipher's KDF derived from it, one per salt.

    Every file this key creates (the diary, its backups, an encrypted export) uses one salt, chosen at
    random when the key is made, so one derivation serves them all.
    """

    def __init__(self, passphrase: str, *, salt: bytes | None = None) -> None:
        if not passphrase:
            raise ValueError("an empty passphrase")
        self._passphrase: str | None = passphrase
        self.salt = salt if salt is not None else os.urandom(SALT_BYTES)
        self._derived: dict[bytes, bytes] = {}
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return "DiaryKey(<hidden>)"

    __str__ = __repr__

    def __reduce__(self) -> Any:  # never pickled into a file or a queue by accident
        raise TypeError("a DiaryKey cannot be pickled")

    def raw(self, salt: bytes) -> bytes:
        """The 32-byte key for a file with ``salt`` (derived once; this is the slow part)."""
        with self._lock:
            found = self._derived.get(salt)
            if found is None:
                if self._passphrase is None:
                    raise WrongPassphrase("The diary was locked.", "Unlock it again.")
                found = hashlib.pbkdf2_hmac(
                    "sha512", self._passphrase.encode("utf-8"), salt, KDF_ITERATIONS, KEY_BYTES
                )
                self._derived[salt] = found
            return found

    def derive(self) -> DiaryKey:
        """Run the KDF for this key's own salt now (off the UI thread); returns self."""
        self.raw(self.salt)
        return self

    def pragma_value(self, salt: bytes) -> str:
        """SQLCipher's raw key-and-salt literal for ``salt`` (``x'<key><salt>'``): no KDF by SQLCipher."""
        return f"x'{self.raw(salt).hex()}{salt.hex()}'"

    def check_value(self, salt: bytes) -> str:
        """A one-way value that tells whether this is the key for ``salt`` without opening any file.

        Kept in ``encryption.json`` so a damaged first page (the salt and the page SQLCipher verifies a
        key against) is told apart from a wrong passphrase. It reveals no more than the file itself:
        testing a guess against it costs the same KDF as testing it against the file's first page."""
        return hmac.new(self.raw(salt), b"hearth: the key of this diary", hashlib.sha256).hexdigest()

    def matches(self, other: DiaryKey) -> bool:
        """Whether both were made from the same passphrase (compared by a derived key, not the text)."""
        return self.raw(self.salt) == other.raw(self.salt)

    def forget(self) -> None:
        """Drop the passphrase and every derived key (the lock); later use raises ``WrongPassphrase``."""
        with self._lock:
            self._passphrase = None
            self._derived.clear()


ENCRYPTED_PAGE = 4096  # SQLCipher 4's page size (``cipher_compatibility = 4``)


def file_salt(path: Path) -> bytes | None:
    """The salt at the start of an encrypted file, or None for a missing, empty or plain SQLite file."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(SALT_BYTES)
    except FileNotFoundError:
        return None
    if len(head) < SALT_BYTES or head == SQLITE_MAGIC:
        return None
    return head


def is_encrypted_file(path: Path) -> bool:
    """Whole pages of 4 KiB that do not start as plain SQLite: an encrypted diary or archive (or random
    bytes). A JSON export or a text file is not taken for one (review, session 21)."""
    try:
        size = path.stat().st_size
    except OSError:
        return False
    return size >= ENCRYPTED_PAGE and size % ENCRYPTED_PAGE == 0 and file_salt(path) is not None


def is_plain(path: Path) -> bool:
    """A plain SQLite file (its header says so)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except FileNotFoundError:
        return False


def is_blank(path: Path) -> bool:
    """Missing or empty: a diary not yet written."""
    try:
        return path.stat().st_size == 0
    except FileNotFoundError:
        return True


def key_clause(key: DiaryKey | None, path: Path) -> str:
    """The ``KEY`` of an ``ATTACH`` for ``path``: its own salt if it has one, else the key's salt."""
    if key is None:
        return "''"
    return f"\"{key.pragma_value(file_salt(path) or key.salt)}\""


def connect(path: Path | str, key: DiaryKey | None, *, uri: bool = False, **kwargs: Any) -> Any:
    """A DB-API connection to ``path``: plain ``sqlite3`` without a key, else SQLCipher keyed and checked.

    A key that does not open the file raises ``WrongPassphrase``; nothing is written to it.
    """
    if key is None:
        return sqlite3.connect(path, uri=uri, **kwargs)
    conn = sqlcipher3.connect(str(path), uri=uri, **kwargs)
    try:
        conn.execute("PRAGMA cipher_log_level = NONE")  # SQLCipher logs decryption failures to stderr
        conn.execute(f"PRAGMA key = \"{key.pragma_value(_salt_of(path, uri) or key.salt)}\"")
        conn.execute("PRAGMA cipher_compatibility = 4")  # pinned: a later SQLCipher's defaults may differ
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlcipher3.DatabaseError as exc:
        conn.close()
        if getattr(exc, "sqlite_errorcode", None) == _NOTADB:
            raise WrongPassphrase() from None  # the driver's message would say nothing more
        raise
    return conn


def _salt_of(path: Path | str, uri: bool) -> bytes | None:
    if uri:
        raw = str(path)
        raw = raw.removeprefix("file://").removeprefix("file:").split("?", 1)[0]
        from urllib.parse import unquote

        return file_salt(Path(unquote(raw)))
    return file_salt(Path(path))


def verify_key(path: Path, key: DiaryKey) -> None:
    """Raise ``WrongPassphrase`` unless ``key`` opens ``path`` (read-only, nothing written)."""
    conn = connect(f"{path.resolve().as_uri()}?mode=ro", key, uri=True)
    conn.close()
