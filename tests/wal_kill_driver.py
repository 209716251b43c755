"""A Hearth that writes entries and is SIGKILLed before it closes the diary (``test_store_lost_writes``).

``python -m tests.wal_kill_driver DATA_DIR COUNT [BACKUP_AFTER]`` opens the diary as the CLI does (an
encrypted one with the passphrase in HEARTH_PASSPHRASE_FILE), adds COUNT entries to one day — each committed
in its own transaction — makes a backup after entry BACKUP_AFTER if given, and kills itself: the entries are
in the diary's write-ahead log, not yet in the diary file, as after a crash or a power cut.
"""

from __future__ import annotations

import os
import signal
import sys
from datetime import date
from pathlib import Path

from app.cli.passphrase import open_diary

DAY = date(2026, 3, 14)


def entry(number: int) -> str:
    return f"entry {number}: the harbour at dusk, {number * 7} gulls"


def main(data_dir: str, count: str, backup_after: str = "-1") -> int:
    diary = open_diary(Path(data_dir))
    day = diary.conversation_for_day(DAY).id or 0
    for number in range(int(count)):
        diary.add_message(day, "user", entry(number))
        if number == int(backup_after):
            diary.backup()
    os.kill(os.getpid(), signal.SIGKILL)
    return 1  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
