"""Damage seen while Hearth ran is remembered until the next start has checked the file deeper.

A query that meets ``SQLITE_CORRUPT`` says so (``DamagedFile``: "close Hearth and start it again") — but
the start's ``quick_check`` does not see damage inside the search index, and only part of the b-trees'
damage, so starting again would change nothing. Instead the store leaves a mark in the data dir when it
saw damage it could not repair on the spot; the next ``Diary.open`` then runs the full
``integrity_check`` (damage in the tables: the file is moved aside and the latest backup offered) and
FTS5's own check of the search index against the messages (damage there: the index is rebuilt from
them — it is derived data — and the person is told). The mark goes once that check is done.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

MARK = ".hearth-check-deeply"


def remember(data_dir: Path) -> None:
    """The next start checks the diary deeper (best effort: a full disk must not hide the first error)."""
    with contextlib.suppress(OSError):
        (data_dir / MARK).touch(mode=0o600)


def was_seen(data_dir: Path) -> bool:
    return (data_dir / MARK).exists()


def forget(data_dir: Path) -> None:
    (data_dir / MARK).unlink(missing_ok=True)
