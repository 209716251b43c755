"""A process killed (SIGKILL) at every step of encrypt, rekey and decrypt leaves one whole diary.

After each kill the diary opens — under the old passphrase or the new one — with every message and fact,
no ``.new``/``.old`` leftover survives that open, an encrypted diary leaves no plain text on disk, and
every backup is under the diary's own key: none opens with the other passphrase, none is plain beside an
encrypted diary, none is encrypted beside a plain one, and none was lost.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from app.store import Diary, DiaryKey, WrongPassphrase
from app.store import encryption as enc
from app.store.backup import check_backup
from app.store.errors import StoreError

ROOT = Path(__file__).resolve().parent.parent
OLD, NEW = "first-passphrase-1", "second-passphrase-2"
MARKER = "Кириллица-zanzibarine"
KILL_STEPS = ("export", "verify", "backups", "backup:export", "backup:verify", "mark", "swap", "backup:swap",
              "shred", "backup:shred", "done")
CHANGES = {"encrypt": ("-", NEW), "rekey": (OLD, NEW), "decrypt": (OLD, "-")}


@cache
def _key(passphrase: str) -> DiaryKey:
    """One key per passphrase for the module: it derives once per salt (the KDF is the slow part)."""
    return DiaryKey(passphrase)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, object]]]:
    """A seeded diary per change, copied for each kill (seeding once keeps the KDF runs few)."""
    found = {}
    for change, (old, _new) in CHANGES.items():
        folder = tmp_path_factory.mktemp(change) / "hearth-data"
        found[change] = (folder, _seed(folder, old))
    return found


def _seed(data_dir: Path, passphrase: str) -> dict[str, object]:
    key = None if passphrase == "-" else _key(passphrase)
    with Diary.open(data_dir, key) as diary:
        conversation = diary.conversation_for_day(date.today())
        for n in range(40):
            diary.add_message(conversation.id, "user", f"entry {n} {MARKER} " + "words " * 30)
        diary.add_fact(f"the cat is {MARKER}", kind="pet")
        diary.backup()
        diary.backup()
        return diary.export_json()


def _backups_follow_the_diary(diary: Diary, passphrases: tuple[str, str]) -> None:
    """Each backup opens with the diary's key (or is plain with a plain diary) and with nothing else."""
    found = diary.list_backups()
    assert len(found) == 2  # none lost
    for backup in found:
        assert enc.is_plain(backup) == (not diary.encrypted), backup.name
        check_backup(backup, diary.key)
        for passphrase in passphrases:
            if passphrase != "-" and diary.key is not None and not _key(passphrase).matches(diary.key):
                with pytest.raises(StoreError, match="another passphrase"):
                    check_backup(backup, _key(passphrase))


def _open_any(data_dir: Path, passphrases: tuple[str, str]) -> Diary:
    """The diary under whichever of the two states the kill left it in."""
    if not Diary.is_encrypted(data_dir):
        return Diary.open(data_dir)
    for passphrase in passphrases:
        if passphrase == "-":
            continue
        try:
            return Diary.open(data_dir, _key(passphrase))
        except WrongPassphrase:
            continue
    raise AssertionError("neither passphrase opens the diary")


@pytest.mark.parametrize("change", list(CHANGES))
@pytest.mark.parametrize("step", KILL_STEPS)
def test_a_kill_at_any_step_leaves_a_whole_diary(
    data_dir: Path, seeded: dict[str, tuple[Path, dict[str, object]]], change: str, step: str
) -> None:
    old, new = CHANGES[change]
    template, before = seeded[change]
    shutil.copytree(template, data_dir)
    proc = subprocess.run(
        [sys.executable, "-m", "tests.encryption_kill_driver", str(data_dir), old, new, step],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode in (0, -signal.SIGKILL), proc.stderr  # (no "mark" step when decrypting)
    with _open_any(data_dir, (old, new)) as diary:
        assert diary.export_json() == before, f"killed at {step}"
        assert diary.integrity_check() == "ok"
        _backups_follow_the_diary(diary, (old, new))
        encrypted = diary.encrypted
    leftovers = [p.name for p in data_dir.rglob("*") if p.name.endswith((enc.NEW, enc.OLD, ".tmp"))]
    assert leftovers == [] and not (data_dir / enc.JOURNAL).exists()
    assert (data_dir / enc.MARKER).exists() == encrypted  # the marker follows the file after a kill
    if encrypted:
        plain = [p.name for p in data_dir.rglob("*") if p.is_file() and MARKER.encode() in p.read_bytes()]
        assert plain == []
