"""The last writes a damaged write-ahead log would lose: kept aside before SQLite opens the diary, then told.

Why: after a crash SQLite replays the diary's log (``hearth.db-wal``) only up to the first frame whose
checksum fails, and drops every frame after it without a word (``app.store.wal``). When the log shows
committed work past that point, ``Diary.open`` first copies the log — and the diary file as it was, the
base its frames apply to — beside the diary, named after a damaged file set aside (``hearth.db.corrupt-
<time>.wal`` and ``hearth.db.corrupt-<time>.base``): ``opening.aside_files`` lists them, so forget-everything
and ``forget_locked`` shred them, and they are 0600 like the diary. A log whose header is unreadable though
frames follow it (SQLite then replays none of it) is kept the same way. Then SQLite opens what it can read,
and the window or the CLI says what happened (``LostWrites``, ``Diary.lost_writes``).

- The copy is told, not only made: it is kept as ``….wal.untold`` until an open succeeds and hands it on,
  then renamed ``….wal``. An open that fails after the copy was made still leads to the notice at the
  next one — a wrong passphrase does: SQLCipher's failed connection checkpoints the log and deletes it.
- The log's copy is not named ``…-wal``: SQLite would pair it with the diary's copy when someone opens
  that one, replay what it can, and delete it on close — the very frames kept.
- Its modification time is the log's: when the damaged part was last written, said to the person.
- A log whose same bytes were kept already (an open that failed before SQLite touched it) is not copied
  twice; a copy already told is not told again.
- A diary file found damaged itself and set aside (``DatabaseCorrupt``) says the untold copies in its own
  message (``tell_with_damaged_diary``): they belong to it, not to the new diary or the backup that follows.
- A copy that cannot be made (a full disk) stops the open with ``StoreError`` and the diary untouched: the
  next start tries again. A log that cannot be read, or is not one, is left to SQLite as before.
"""

from __future__ import annotations

import contextlib
import filecmp
import logging
import os
import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.config import shred_file
from app.store import backup as backups
from app.store.backup import ASIDE, STAMP
from app.store.db import DB_FILE, sync_dir
from app.store.errors import StoreError
from app.store.wal import (
    FRAME_HEADER_BYTES,
    HEADER_BYTES,
    MIN_PAGE,
    NotAWal,
    UnreadableHeader,
    WalShape,
    read_wal,
)

log = logging.getLogger(__name__)

KEPT_LOG = ".wal"  # hearth.db.corrupt-<time>.wal: the damaged log, beside the diary file as it was
# hearth.db.corrupt-<time>.base: that diary file. Not named like a damaged diary file set aside (no suffix),
# which a start takes for the diary that was damaged and says so at every start (review); listed with them
# all the same (``opening.aside_files``), so forget-everything shreds it.
KEPT_BASE = ".base"
UNTOLD = ".untold"  # …wal.untold: kept, not yet said to the person
COPY_BLOCK = 1 << 20


@dataclass(frozen=True)
class LostWrites:
    """Writes a damaged log lost at this open: where their copy is, and what can honestly be said of them."""

    kept: Path  # the copy of the damaged log
    diary_copy: Path | None  # the diary file as it was before SQLite replayed the log (None: it was empty)
    last_written: datetime  # when the log was last written: the lost writes are no later
    newest_entry: datetime | None  # when the newest entry the diary still has was written: they are later
    backup: Path | None  # the newest backup made since that entry: it may hold some of them
    backup_made: datetime | None  # when that backup was made


def live_log(data_dir: Path) -> Path:
    return Path(f"{data_dir / DB_FILE}-wal")


def has_frames(data_dir: Path) -> bool:
    """A log with more than a header (cheap: after a clean close there is none to read)."""
    try:
        return live_log(data_dir).stat().st_size > HEADER_BYTES
    except OSError:
        return False


def keep(data_dir: Path) -> Path | None:
    """Before SQLite's first look at the log: if committed work lies past the point where its replay will
    stop, copy the log and the diary file aside, untold; returns the log's copy (None: nothing to keep).

    Done whoever holds the diary's lock (reading and copying are harmless): a window asking for the
    passphrase, or left on a failed start, holds it with the diary not open, and a command opening the
    diary meanwhile would let SQLite replay the damaged log and delete it (review, session 24). A log a
    running Hearth writes meanwhile is read again until its header stays the same across a reading."""
    found = live_log(data_dir)
    try:
        shape = _settled_shape(found)
    except FileNotFoundError:
        return None
    except UnreadableHeader as exc:
        if found.stat().st_size < HEADER_BYTES + FRAME_HEADER_BYTES + MIN_PAGE:
            return None  # no whole frame behind it: nothing was in it
        log.warning("the diary's write-ahead log has frames but no readable header (%s): SQLite will replay "
                    "none of them; a copy is kept", exc)
        return _copy_aside(data_dir, found)
    except (OSError, NotAWal) as exc:  # no diary text in either: a reason, a size, a field's value
        log.warning("the diary's write-ahead log was not checked (%s: %s); SQLite reads what it can",
                    type(exc).__name__, exc)
        return None
    if not shape.loses_commits:
        return None
    log.warning("the diary's write-ahead log is damaged at frame %s of %d: %d committed transactions past "
                "it cannot be replayed; a copy is kept", shape.break_at, shape.frames,
                shape.commits_after_break)
    return _copy_aside(data_dir, found)


SETTLE_TRIES = 3


def _settled_shape(found: Path) -> WalShape:
    """``read_wal``, again while the log's header changed during the reading: a writer that restarted the
    log meanwhile leaves new frames in front of old ones that still carry the first header's salts, which
    would read as committed work past a break (review: 448 false alarms in 3,547 readings of a busy log)."""
    for _ in range(SETTLE_TRIES):
        before = _first_bytes(found)
        shape = read_wal(found)
        if _first_bytes(found) == before:
            return shape
    raise NotAWal("the log kept changing while it was read (a running Hearth is writing it)")


def _first_bytes(found: Path) -> bytes:
    with open(found, "rb") as fh:
        return fh.read(HEADER_BYTES)


def _copy_aside(data_dir: Path, found: Path) -> Path | None:
    """The log (then the diary file) copied aside as ``hearth.db.corrupt-<time>…``, once per log."""
    earlier = _kept_before(data_dir, found)
    if earlier is not None and not earlier.name.endswith(UNTOLD):
        return None  # said at an open that could not empty the log afterwards
    log_copy = earlier or data_dir / f"{DB_FILE}{ASIDE}{datetime.now().strftime(STAMP)}{KEPT_LOG}{UNTOLD}"
    diary_copy = Path(str(log_copy).removesuffix(KEPT_LOG + UNTOLD) + KEPT_BASE)
    diary = data_dir / DB_FILE
    wanted = [] if earlier else [(found, log_copy)]
    if diary.exists() and diary.stat().st_size and not diary_copy.exists():  # (unless kept before a kill)
        wanted.append((diary, diary_copy))
    made: list[Path] = []
    try:
        for source, target in wanted:
            made.append(target)
            _copy_private(source, target)
        with contextlib.suppress(OSError):  # not every file system lets a folder be synced
            sync_dir(data_dir)
    except OSError as exc:
        for path in made:
            shred_file(path)  # a half-made copy holds diary text too
        log.warning("the damaged write-ahead log could not be copied aside: %s", exc.strerror)
        raise StoreError(
            "The last things written to the diary were damaged on disk, and Hearth could not keep a copy "
            "of them before opening it.",
            "Free some disk space and start Hearth again: the diary was not opened or changed.",
        ) from None
    return log_copy


def _kept_before(data_dir: Path, found: Path) -> Path | None:
    """A copy of these very bytes kept by an earlier open (told or not)."""
    for copy in kept_logs(data_dir):
        with contextlib.suppress(OSError):
            if copy.stat().st_size == found.stat().st_size and filecmp.cmp(found, copy, shallow=False):
                return copy
    return None


def _copy_private(source: Path, target: Path) -> None:
    """``source`` copied to a new ``target`` made 0600, synced, with ``source``'s modification time."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with open(fd, "wb") as out, open(source, "rb") as inp:
        shutil.copyfileobj(inp, out, COPY_BLOCK)
        out.flush()
        os.fsync(out.fileno())
    os.chmod(target, 0o600)
    made = source.stat()
    os.utime(target, ns=(made.st_atime_ns, made.st_mtime_ns))


def kept_logs(data_dir: Path) -> list[Path]:
    """Every damaged log kept aside, told or not, oldest first."""
    found = data_dir.glob(f"{DB_FILE}{ASIDE}*{KEPT_LOG}*")
    return sorted(p for p in found if p.name.endswith((KEPT_LOG, KEPT_LOG + UNTOLD)))


def untold(data_dir: Path) -> list[Path]:
    return [p for p in kept_logs(data_dir) if p.name.endswith(UNTOLD)]


def tell(data_dir: Path, newest_entry: datetime | None) -> LostWrites | None:
    """The copies not yet said, marked said (renamed ``….wal``); what to say of the newest of them. Called
    once the diary is open, with when its newest entry was written."""
    told = [_mark_told(copy) for copy in untold(data_dir)]
    if not told:
        return None
    kept = told[-1]
    backup = _backup_since(data_dir, newest_entry)
    return LostWrites(
        kept=kept,
        diary_copy=diary_copy_of(kept),
        last_written=datetime.fromtimestamp(kept.stat().st_mtime),
        newest_entry=newest_entry,
        backup=backup,
        backup_made=backups.backup_time(backup) if backup is not None else None,
    )


def tell_with_damaged_diary(data_dir: Path) -> tuple[Path, ...]:
    """The copies not yet said, marked said: the newest log's copy and, if made, its diary file's. Called
    when the diary file itself is set aside as damaged (``opening.corrupt``): the copies belong to that
    file, and the one message saying it was set aside says them too, beside the backup it offers. Left
    untold, the next open — of a new, empty diary, or of the backup the person restores into it — told
    them as writes lost from the diary it found, and offered again the backup just restored (session 25)."""
    told = [_mark_told(copy) for copy in untold(data_dir)]
    if not told:
        return ()
    diary_copy = diary_copy_of(told[-1])
    return (told[-1],) if diary_copy is None else (told[-1], diary_copy)


def diary_copy_of(kept: Path) -> Path | None:
    """The diary file as it was when the log's copy ``kept`` (told or not) was made (None: it was empty)."""
    diary_copy = Path(str(kept).removesuffix(UNTOLD).removesuffix(KEPT_LOG) + KEPT_BASE)
    return diary_copy if diary_copy.exists() else None


def _mark_told(copy: Path) -> Path:
    told = copy.with_name(copy.name.removesuffix(UNTOLD))
    os.replace(copy, told)
    return told


def _backup_since(data_dir: Path, moment: datetime | None) -> Path | None:
    """The newest backup made after ``moment`` (any, when None): it may hold some of the lost writes. Only
    a running Hearth makes backups, and every open checks the log first, so such a backup was made before
    the crash that left the damage — while those writes were still readable in the diary."""
    for path in backups.list_backups(data_dir):  # newest first
        made = backups.backup_time(path)
        if made is not None and (moment is None or made > moment):
            return path
    return None
