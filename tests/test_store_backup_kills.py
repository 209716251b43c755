"""A backup or restore killed while it shreds a rotated-away backup (issue 18; found by
``tests.bench.faults``: two restores of seven hundred failed on their own, each given the oldest backup).

Rotation shreds the oldest backup: zeros, then unlink. A SIGKILL between the two left zeros under a
backup's name; it stayed listed, and the restore that picked it said "encrypted with another passphrase (or
is not a Hearth backup)". The kill here comes from inside the real ``hearth`` process
(``tests.shred_kill_driver``), at the shred's ``fsync``, so it lands at that moment every time.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

import pytest

from app.config import SHREDDING
from app.store import Diary, DiaryKey
from app.store.backup import KEEP, check_backup, list_backups, partial_copies

ROOT = Path(__file__).resolve().parent.parent
TEXTS = ["Walked Rex by the river.", "Tea with Nora at the library."]


def _seven_backups(data_dir: Path, restored: bool) -> list[Path]:
    """A diary of two entries and ``KEEP`` backups of it, oldest first; ``restored``: then the oldest
    restored, so its undo backup is listed beside the seven (the oldest is spared when one is made)."""
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
        for text in TEXTS:
            diary.add_message(cid, "user", text)
        made = [diary.backup() for _ in range(KEEP)]
        if restored:
            diary.restore(made[0])
            assert len(diary.list_backups()) == KEEP + 1
        return made


def _hearth(module: str, data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}  # (with the passphrase file of an encrypted run)
    data = ["--data-dir", str(data_dir)] if module == "app" else [str(data_dir)]
    return subprocess.run([sys.executable, "-m", module, *data, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env=env)


def _texts(data_dir: Path) -> list[str]:
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
        return [m.text for m in diary.messages(cid)]


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_a_kill_during_rotation_never_leaves_a_listed_backup_that_fails_a_restore(
    data_dir: Path, command: str, mode_key: DiaryKey | None
) -> None:
    made = _seven_backups(data_dir, restored=command == "restore")
    # `hearth backup` rotates the oldest away; `hearth restore OLDEST` spares it and rotates the next one
    args = [str(made[0])] if command == "restore" else []
    killed = _hearth("tests.shred_kill_driver", data_dir, command, *args)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    doomed = made[1] if command == "restore" else made[0]
    assert doomed not in list_backups(data_dir)  # gone from the list the moment its shred began
    for path in list_backups(data_dir):
        check_backup(path, mode_key)  # each one a restore may pick is whole
    oldest = list_backups(data_dir)[-1]
    restored = _hearth("app", data_dir, "restore", str(oldest))  # what the bench's next kill does
    assert restored.returncode == 0, restored.stderr
    assert _texts(data_dir) == TEXTS
    left = [p.name for p in data_dir.rglob("*") if p.name.endswith(SHREDDING)]
    assert left == []  # the start after the kill finished the shred


def _left(path: Path, age_s: float) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 4096)
    stamp = datetime.now().timestamp() - age_s
    os.utime(path, (stamp, stamp))
    return path


def test_the_next_start_shreds_what_killed_backups_and_shreds_left(data_dir: Path) -> None:
    """Found by the bench too: a backup killed mid-copy left its copy's ``-journal`` (and ``-wal``,
    ``-shm``) beside the ``.partial``; the start shredded the copy and kept those, one more per kill."""
    Diary.open(data_dir).close()
    backups = data_dir / "backups"
    stale = [_left(backups / f"hearth-20261201-100000-000000.db.partial{side}", 3600)
             for side in ("-journal", "-wal", "-shm")]
    shredding = [_left(backups / f"hearth-20261201-090000-000000.db{SHREDDING}", 0),
                 _left(data_dir / f"chat-cache.kv{SHREDDING}", 0)]  # zeroed just now by a killed shred
    running = _left(backups / "hearth-20261201-110000-000000.db.partial-journal", 0)  # a backup running now
    assert set(partial_copies(data_dir)) == {*stale, *shredding, running}
    Diary.open(data_dir).close()
    assert not any(p.exists() for p in (*stale, *shredding)) and running.exists()
