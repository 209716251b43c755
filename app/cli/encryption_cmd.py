"""``hearth encryption on | off | change | status``: encryption at rest from a terminal.

Each change takes the diary's one-writer lock (never under a running window or chat), re-writes the
diary and its backups (``Diary.change_key``: export, verify, swap, shred) and says each step on stderr.
Files kept after damage, which a change does not re-write, are named afterwards (``app.store.kept``).
Passphrases come from ``app.cli.passphrase``: a prompt, or the files named by
``HEARTH_PASSPHRASE_FILE`` / ``HEARTH_NEW_PASSPHRASE_FILE`` — never from the command line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli import unscrubbed
from app.cli.i18n import translate
from app.cli.passphrase import ENV_NEW_PASSPHRASE, ENV_PASSPHRASE, ask, open_diary
from app.cli.store_cmd import guarded
from app.store import Diary, DiaryKey, DiaryLock, StoreError, new_key
from app.ui import unscrubbed_texts
from app.ui.tr_noop import QT_TRANSLATE_NOOP

STEP_TEXT = {  # marked here, translated where said (lupdate reads only literal calls)
    "export": QT_TRANSLATE_NOOP("Cli", "copying the diary"),
    "verify": QT_TRANSLATE_NOOP("Cli", "checking the copy"),
    "mark": QT_TRANSLATE_NOOP("Cli", "marking the diary encrypted"),
    "swap": QT_TRANSLATE_NOOP("Cli", "putting the copy in place"),
    "shred": QT_TRANSLATE_NOOP("Cli", "shredding the old file"),
    "backups": QT_TRANSLATE_NOOP("Cli", "re-writing the backups"),
}
NEW_PASSPHRASE = QT_TRANSLATE_NOOP("Cli", "New passphrase: ")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    enc = sub.add_parser(
        "encryption",
        help=translate(
            "Cli", "encrypt the diary with a passphrase (SQLCipher), or decrypt it, or change the "
                   "passphrase"),
        description=translate(
            "Cli", "Encryption at rest. Passphrases are asked on the terminal, or read from the file named "
            "by "
            "{env} (the new one for `change`: {new_env}). A forgotten passphrase cannot be recovered.",
        ).format(env=ENV_PASSPHRASE, new_env=ENV_NEW_PASSPHRASE),
    )
    enc.add_argument("action", choices=("on", "off", "change", "status"))
    enc.set_defaults(func=guarded(_encryption))


def _encryption(args: argparse.Namespace, data_dir: Path) -> int:
    if args.action == "status":
        encrypted = Diary.is_encrypted(data_dir)
        print(translate("Cli", "encrypted") if encrypted else translate("Cli", "not encrypted"))
        return 0
    with DiaryLock(data_dir):
        diary = open_diary(data_dir)
        try:
            wanted, target = _target_key(args.action, diary)
        except BaseException:
            diary.close()
            raise
        if not wanted:
            diary.close()
            return 0
        kept = diary.change_key(target, _say)  # closes the diary
    with Diary.open(data_dir, target) as reopened:
        count = reopened.integrity_check()
    if count != "ok":  # pragma: no cover - verify_copy checked it before the swap
        raise StoreError("The diary failed its integrity check after the change.")
    print(_done_text(args.action))
    _say_kept(kept)
    if kept and unscrubbed.agreed_to_delete(kept):  # at a terminal, as the window's "Delete them"
        with DiaryLock(data_dir), Diary.open(data_dir, target) as reopened:
            reopened.delete_files(kept)  # Hearth's own kept files only: anything else is refused
        left = [path for path in kept if path.exists()]
        if left:
            _say_kept(left)
        else:
            print(translate("Cli", "Deleted these files."), file=sys.stderr)
    return 0


def _say_kept(kept: list[Path]) -> None:
    """Files kept after damage, which the change does not re-write: named on stderr, each kind after its
    sentence as the window names them (not encrypted, or under an earlier passphrase), so the person can
    delete them (``app.store.kept``)."""
    if not kept:
        return
    for said, files in unscrubbed_texts.left_readable(kept, unscrubbed.shared_tr):
        print(said + "".join(f"\n  {path}" for path in files), file=sys.stderr)
    print(unscrubbed.shared_tr(unscrubbed_texts.AFTER_CHANGE_ADVICE), file=sys.stderr)


def _target_key(action: str, diary: Diary) -> tuple[bool, DiaryKey | None]:
    """(whether there is anything to do, the key to change to — None: plain)."""
    if action == "on":
        if diary.encrypted:
            already = translate(
                "Cli", "The diary is already encrypted (`hearth encryption change` sets a new passphrase).")
            print(already, file=sys.stderr)
            return False, None
        return True, new_key(ask(ENV_PASSPHRASE, translate("Cli", NEW_PASSPHRASE), confirm=True))
    if not diary.encrypted:
        plain = translate("Cli", "The diary is not encrypted (`hearth encryption on` encrypts it).")
        print(plain, file=sys.stderr)
        return False, None
    if action == "off":
        return True, None
    return True, new_key(ask(ENV_NEW_PASSPHRASE, translate("Cli", NEW_PASSPHRASE), confirm=True))


def _say(step: str) -> None:
    if step.startswith("backup:") or step == "done":
        return  # one line for all the backups ("re-writing the backups")
    said = translate("Cli", STEP_TEXT[step]) if step in STEP_TEXT else step
    prefix = translate("Cli", "encryption:")
    print(f"{prefix} {said}…", file=sys.stderr)


def _done_text(action: str) -> str:
    if action == "on":
        return translate("Cli", "The diary and its backups are encrypted. Keep the passphrase safe: without "
                                "it the diary cannot be opened, by anyone.")
    if action == "off":
        return translate("Cli", "The diary and its backups are no longer encrypted.")
    return translate("Cli", "The passphrase was changed; the diary and its backups use the new one.")
