"""A ``hearth`` command that SIGKILLs itself once it has zeroed a file it shreds, before the file is gone
(``tests/test_store_backup_kills``).

``python -m tests.shred_kill_driver DATA_DIR COMMAND [ARGS...]``. The kill comes from inside, at the
``fsync`` after the zeros of a file in the backups folder (the only ``os.fsync`` there a backup or restore
makes), so every run dies at the worst moment of a shred — a moment a SIGKILL from outside met about once
in 500 restore kills of ``tests.bench.faults``. Nothing is cleaned up. (Linux: the file is named by /proc.)
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from app import cli
from app.store.backup import BACKUP_DIR


def main(data_dir: str, *args: str) -> int:
    real_fsync = os.fsync

    def fsync_then_die(fd: int) -> None:
        real_fsync(fd)
        if Path(os.readlink(f"/proc/self/fd/{fd}")).parent.name == BACKUP_DIR:
            os.kill(os.getpid(), signal.SIGKILL)

    os.fsync = fsync_then_die
    return cli.main(["--data-dir", data_dir, *args])


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
