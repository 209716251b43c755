"""Checking and cleaning text before it is stored, and the one-way fingerprint of deleted facts.

Nothing the person types makes the store crash: NUL bytes and lone surrogates (which cannot be encoded
as UTF-8) become U+FFFD and the rest is kept; empty text is refused with a clear error.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata

from app.store.errors import EmptyText, InvalidValue, TextTooLong

REPLACEMENT = "\ufffd"
# One diary entry holds up to 200,000 characters (~50 pages); longer ones are refused, in the app and
# in the store alike (a bigger one would only ever be cut to fit a 4k-token prompt).
MAX_MESSAGE_CHARS = 200_000
MAX_FACT_CHARS = 600
MAX_SUMMARY_CHARS = 200_000

_PUNCTUATION = re.compile(r"[^\w\s]+", re.UNICODE)
_SPACES = re.compile(r"\s+", re.UNICODE)


def clean(text: str) -> str:
    """Replace NUL and unpaired surrogates with U+FFFD; join valid surrogate pairs into one character."""
    if not isinstance(text, str):
        raise InvalidValue(f"Expected text, got {type(text).__name__}.")
    if "\x00" in text:
        text = text.replace("\x00", REPLACEMENT)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def is_blank(text: str) -> bool:
    """Nothing a reader would see: only whitespace and invisible format characters (a zero-width space,
    a byte-order mark, a word joiner: Unicode's "Cf"). QA (session 41): a line of one zero-width space was
    kept as an entry, and answered."""
    return all(ch.isspace() or unicodedata.category(ch) == "Cf" for ch in text)


def checked(text: str, *, what: str, limit: int) -> str:
    """``clean(text)``, refusing blank text (``is_blank``) and text longer than ``limit`` characters."""
    text = clean(text)
    if is_blank(text):
        raise EmptyText(f"The {what} is empty.")
    if len(text) > limit:
        raise TextTooLong(f"The {what} has {len(text):,} characters; at most {limit:,} are allowed.")
    return text


def message_text(text: str) -> str:
    return checked(text, what="message", limit=MAX_MESSAGE_CHARS)


def fact_text(text: str) -> str:
    """Facts are short durable statements: stripped, and at most 600 characters."""
    return checked(text, what="fact", limit=MAX_FACT_CHARS).strip()


def normalize_fact(text: str) -> str:
    """The form fingerprints are taken of: NFKC, case-folded, punctuation dropped, spaces collapsed."""
    text = unicodedata.normalize("NFKC", clean(text)).casefold()
    text = _PUNCTUATION.sub(" ", text)
    return _SPACES.sub(" ", text).strip()


def fingerprint(salt: str, text: str) -> str:
    """HMAC-SHA256 of the normalized text under a random per-row salt: comparable, not readable."""
    key = bytes.fromhex(salt)
    return hmac.new(key, normalize_fact(text).encode("utf-8"), hashlib.sha256).hexdigest()
