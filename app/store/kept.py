"""Files kept after damage: what a deletion can do with them, and which ones a deletion must name.

Beside the diary, Hearth keeps what damage left behind: a damaged diary file set aside (``hearth.db.corrupt-
<time>``, with its side files: ``opening``), and the copies of a damaged write-ahead log (``….wal``, or
``….wal.untold`` until told) and of the diary file its frames apply to (``….base``: ``lost_writes``). Each
is a copy of diary text, so "deletion that really deletes" must reach them as it reaches the backups:

- a ``….base`` is a whole database: a deletion is applied to it like to a backup (``scrub.scrub_kept``).
  It is opened on its own name, which SQLite pairs with no log (the log's copy is ``….wal``, not
  ``….base-wal``), so the log's copy is never replayed or deleted by it. Afterwards the base no longer
  matches the log's frames page for page: the person's deletion comes before a forensic copy;
- a log's copy (SQLite cannot open a log on its own) and a damaged file (it may not open, and writing to
  it could lose what it still holds) cannot be changed: the deletion names them, and the person may
  delete them (``shred``), as they may delete a backup that could not be scrubbed;
- only a file last written at or after the record was can hold it (``written_since``: its modification
  time, as a backup's stamp is used; a little earlier too, since file times are coarse);
- damaged files whose every entry was rescued are not here: a deletion shreds them (``rescue``).

A passphrase change re-writes the diary and its backups but not these (a log's copy cannot be re-keyed,
a damaged file may not open): ``Diary.change_key`` returns them so the person is told they are still
readable without the new passphrase — without any, or with an earlier one (``is_encrypted``): a copy kept
while the diary was plain stays plain after encryption is turned on, and after every change since.
Forget-everything shreds them all (``opening.aside_files``).
"""

from __future__ import annotations

import contextlib
import math
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

from app.store import backup as backups
from app.store import lost_writes
from app.store.backup import ASIDE
from app.store.cipher import is_encrypted_file
from app.store.db import DB_FILE, with_side_files
from app.store.lost_writes import KEPT_BASE, KEPT_LOG, UNTOLD
from app.store.rescue import rescued_originals

KEPT_PREFIX = DB_FILE + ASIDE  # every file kept after damage is named hearth.db.corrupt-<time>…
# File times are as coarse as a clock tick (FAT's: 2 s), and a record's time is read from a finer clock:
# a file written just after the record may carry a time just before it.
MTIME_SLACK = timedelta(seconds=2)


def is_kept_name(path: Path) -> bool:
    """Whether ``path`` is named like a file kept after damage (the name only: the GUI words its notice
    by it)."""
    return path.name.startswith(KEPT_PREFIX)


def bases(data_dir: Path) -> list[Path]:
    """The diary files as they were under a damaged log (``….base``), oldest first."""
    return sorted(data_dir.glob(f"{KEPT_PREFIX}*{KEPT_BASE}"))


def is_base(path: Path) -> bool:
    return path.name.endswith(KEPT_BASE)


def set_aside(data_dir: Path) -> list[Path]:
    """Damaged diary files set aside (not their side files), except those whose entries were all rescued."""
    rescued = set(rescued_originals(data_dir))
    found = data_dir.glob(f"{KEPT_PREFIX}*")
    return sorted(p for p in found if backups.aside_stamp(p) is not None and p not in rescued)


def kept_files(data_dir: Path) -> list[Path]:
    """Every file kept after damage that may hold diary text: bases, log copies, damaged files set aside."""
    found = [*bases(data_dir), *lost_writes.kept_logs(data_dir), *set_aside(data_dir)]
    return [path for path in found if path.is_file() and not path.is_symlink()]  # a link may point anywhere


def is_encrypted(path: Path) -> bool:
    """Whether a file kept after damage is encrypted (under the passphrase of its day): whole pages that do
    not start as plain SQLite (``cipher.is_encrypted_file``) and that look like random bytes throughout
    (``_looks_random``) — a damaged plain file, the kind set aside, may well have lost its header while its
    pages still hold the diary's words. A log's copy starts with a log's header, encrypted or not (SQLCipher
    encrypts the pages its frames hold, not their headers): it is as the diary file copied with it, whose
    pages they are. Without that copy, or unreadable, a file is taken as plain: told so, the person deletes
    it rather than trusts a passphrase to guard it."""
    try:
        if path.name.endswith((KEPT_LOG, KEPT_LOG + UNTOLD)):
            base = lost_writes.diary_copy_of(path)
            return base is not None and _encrypted(base)
        return _encrypted(path)
    except OSError:
        return False


# Bits of information per byte above which a file's start reads as encrypted: SQLCipher's pages are
# indistinguishable from random bytes (~7.99 over 16 KiB), a plain page's schema, text, numbers and free
# space far less (3-6), even with its header gone.
RANDOM_BITS_PER_BYTE = 7.5
_SAMPLE_BYTES = 16 * 1024


def _encrypted(path: Path) -> bool:
    return is_encrypted_file(path) and _looks_random(path)


def _looks_random(path: Path) -> bool:
    """The file's first ``_SAMPLE_BYTES`` carry about 8 bits a byte, as encrypted pages do."""
    with open(path, "rb") as fh:
        sample = fh.read(_SAMPLE_BYTES)
    if not sample:
        return False
    total = len(sample)
    bits = -sum(n / total * math.log2(n / total) for n in Counter(sample).values())
    return bits >= RANDOM_BITS_PER_BYTE


def written_since(path: Path, moment: datetime | None) -> bool:
    """Whether ``path`` (or a side file of it) was last written at or after ``moment`` (None: any time)."""
    if moment is None:
        return True
    times = []
    for found in with_side_files(path):
        with contextlib.suppress(OSError):  # gone meanwhile: it holds nothing
            times.append(found.stat().st_mtime)
    return bool(times) and datetime.fromtimestamp(max(times)) >= moment - MTIME_SLACK


def is_kept(data_dir: Path, path: Path) -> bool:
    """``path`` is one of Hearth's files kept after damage in ``data_dir`` (a regular file, not a link)."""
    return path in kept_files(data_dir)


def shred(path: Path) -> None:
    """Shred a file kept after damage, with its side files (a set-aside file's log; a base's, if a scrub
    was cut short)."""
    for found in with_side_files(path):
        if found.is_symlink():
            found.unlink()  # never zero what a link points to
        elif found.exists():
            backups.shred(found)
