"""Write-ahead logs as a crash leaves them, for the tests of ``app.store.wal`` and ``app.store.lost_writes``.

A log with committed frames not yet copied into the database is what a process leaves when it dies
without closing (SQLite's last close checkpoints the log and deletes it): ``snapshot`` copies the files
while a connection that wrote is still open; ``tests.wal_kill_driver`` is a real process killed instead.
Damage is bytes flipped inside one frame's page (``damaged``), so the page surely changes, even where it
held zeros. Tests only.
"""

from __future__ import annotations

import shutil
import signal
import struct
import subprocess
import sys
from pathlib import Path

from app.store.wal import FRAME_HEADER_BYTES, HEADER_BYTES

DIARY_FILES = ("hearth.db", "hearth.db-wal", "encryption.json")  # the marker: an encrypted diary's key check
ROOT = Path(__file__).resolve().parents[1]


def frame_bytes(wal: bytes) -> int:
    return FRAME_HEADER_BYTES + int(struct.unpack(">I", wal[8:12])[0])


def frame_count(wal: bytes) -> int:
    return (len(wal) - HEADER_BYTES) // frame_bytes(wal)


def frame_start(wal: bytes, index: int) -> int:
    return HEADER_BYTES + index * frame_bytes(wal)


def commit_frames(wal: bytes) -> list[int]:
    """The frames that end a transaction (a database size in their header)."""
    return [i for i in range(frame_count(wal))
            if struct.unpack(">I", wal[frame_start(wal, i) + 4 : frame_start(wal, i) + 8])[0]]


def damaged(wal: bytes, index: int, *, offset: int = 100, length: int = 512) -> bytes:
    """``wal`` with ``length`` bytes of frame ``index``'s page flipped (as a bad block would leave them)."""
    start = frame_start(wal, index) + FRAME_HEADER_BYTES + offset
    data = bytearray(wal)
    data[start : start + length] = bytes(b ^ 0xA5 for b in data[start : start + length])
    return bytes(data)


def snapshot(source: Path, target: Path, names: tuple[str, ...] = DIARY_FILES) -> None:
    """Copy a diary's files as they are now on disk (its writer still open) into a new data dir."""
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        if (source / name).exists():
            shutil.copy2(source / name, target / name)


def killed_while_writing(data_dir: Path, count: int, *, backup_after: int = -1) -> bytes:
    """``count`` entries written by ``tests.wal_kill_driver``, killed with the diary open (an encrypted one
    unlocked with the passphrase in HEARTH_PASSPHRASE_FILE); returns the log it left."""
    killed = subprocess.run(
        [sys.executable, "-m", "tests.wal_kill_driver", str(data_dir), str(count), str(backup_after)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    return (data_dir / "hearth.db-wal").read_bytes()


def break_early(data_dir: Path, log: bytes) -> int:
    """The diary's log with bytes flipped in the first frame of its third transaction (a bad block, with
    committed transactions after it); returns that frame."""
    frame = commit_frames(log)[2] + 1
    (data_dir / "hearth.db-wal").write_bytes(damaged(log, frame))
    return frame
