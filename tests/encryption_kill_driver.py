"""A process that changes a diary's key and SIGKILLs itself at one step (``tests/test_encryption_kills``).

``python -m tests.encryption_kill_driver DATA_DIR OLD NEW STEP`` (``-`` for no passphrase). The kill
comes from inside, at the very step, so every run hits the step it aims at; nothing is cleaned up.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from app.store import Diary, DiaryKey


def main(data_dir: str, old: str, new: str, step: str) -> int:
    old_key = None if old == "-" else DiaryKey(old)
    new_key = None if new == "-" else DiaryKey(new)

    def on_step(name: str) -> None:
        if name == step:
            os.kill(os.getpid(), signal.SIGKILL)

    diary = Diary.open(Path(data_dir), old_key)
    diary.change_key(new_key, on_step)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
