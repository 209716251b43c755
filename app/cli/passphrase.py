"""Where a terminal command gets a passphrase: a prompt on a TTY, or a file named in the environment.

Never from the command line (it would sit in the shell history and in ``ps``). Scripts put the
passphrase in a file of their own and name it in ``HEARTH_PASSPHRASE_FILE`` (the new one for
``hearth encryption change`` in ``HEARTH_NEW_PASSPHRASE_FILE``); one trailing newline is dropped.
A wrong passphrase from a file fails at once; at a prompt the person gets three tries, each after the
second waiting longer (``UnlockThrottle``).
"""

from __future__ import annotations

import getpass
import os
import sys
from datetime import datetime
from pathlib import Path

from app.cli.i18n import CliPlurals, translate
from app.store import Diary, LostWrites, PassphraseNeeded, Rescue, UnlockThrottle, WrongPassphrase, unlock
from app.store.backup import backup_time
from app.ui import damage_texts

ENV_PASSPHRASE = "HEARTH_PASSPHRASE_FILE"
ENV_NEW_PASSPHRASE = "HEARTH_NEW_PASSPHRASE_FILE"
PROMPT_TRIES = 3
MAX_FILE_BYTES = 4096


def from_file(variable: str) -> str | None:
    """The passphrase in the file ``$variable`` names, or None if the variable is not set."""
    name = os.environ.get(variable)
    if not name:
        return None
    path = Path(name).expanduser()
    try:
        raw = path.read_bytes()[: MAX_FILE_BYTES + 1]
    except OSError as exc:
        raise PassphraseNeeded(f"{variable} names a file that cannot be read ({exc.strerror}).",
                               "Check the path in the variable.") from None
    if len(raw) > MAX_FILE_BYTES:
        raise PassphraseNeeded(f"The file in {variable} is too long for a passphrase.",
                               "Put only the passphrase in it.")
    try:
        text = raw.decode("utf-8", errors="strict").removesuffix("\n").removesuffix("\r")
    except UnicodeDecodeError:
        raise PassphraseNeeded(f"The file in {variable} is not UTF-8 text.",
                               "Save the passphrase in it as UTF-8.") from None
    if not text:
        raise PassphraseNeeded(f"The file in {variable} is empty.", "Put the passphrase in it.")
    return text


def ask(variable: str, prompt: str, *, confirm: bool = False) -> str:
    """A passphrase from ``$variable``'s file, else typed at the terminal (twice if ``confirm``)."""
    found = from_file(variable)
    if found is not None:
        return found
    if not sys.stdin.isatty():
        raise PassphraseNeeded("A passphrase is needed and there is no terminal to ask on.",
                               f"Put it in a file and name the file in {variable}.")
    try:
        typed = getpass.getpass(prompt)
        again = getpass.getpass(translate("Cli", "Type it again: ")) if confirm else typed
    except EOFError:  # Ctrl-D at the prompt: the person stopped, as with Ctrl-C ("Stopped.")
        raise KeyboardInterrupt from None
    if again != typed:
        raise WrongPassphrase("The two passphrases differ; nothing was changed.", "Try again.")
    return typed


def open_diary(data_dir: Path) -> Diary:
    """The diary in ``data_dir``, unlocked with the person's passphrase if it is encrypted; a search index
    rebuilt at this start, or later by a search, is said on stderr (``say_index_repaired``)."""
    diary = _unlocked(data_dir)
    diary.on_index_repaired = say_index_repaired
    if diary.index_repairs:
        say_index_repaired()
    if diary.rescued is not None:
        say_rescued(diary.rescued)
    if diary.lost_writes is not None:
        say_lost_writes(diary.lost_writes)
    elif not say_set_aside(diary):  # (that one names the copies kept, and the backup to restore)
        say_emptied(diary)
    return diary


def say_emptied(diary: Diary) -> None:
    """An empty diary while a backup holds entries (``Diary.emptied``: its file went missing or was emptied
    outside Hearth): said on every command until the person restores it or writes again. Named by its path:
    a plain ``hearth restore`` takes the newest backup, which may be one of the empty diary."""
    held = diary.emptied()
    if held is None:
        return
    made = backup_time(held.backup)
    said = translate("Cli", "Your diary is empty, but the backup {name} ({made}) holds {entries}. If you did "
                            "not mean to start over, `hearth restore {path}` brings it back.")
    print("hearth: " + said.format(name=held.backup.name, made=_when(made) if made else "?",
                                   entries=CliPlurals().entries(held.entries), path=held.backup),
          file=sys.stderr)


def say_set_aside(diary: Diary) -> bool:
    """An empty diary next to a damaged file set aside earlier: said on every command until the person
    restores a backup or writes again, so no one mistakes the empty diary for theirs. Whether it was."""
    state = diary.set_aside()
    if state is None:
        return False
    aside, backup = state
    offer = None
    if backup is not None:
        offer = translate("Cli", "Run `hearth restore` to restore your last backup from before it ({name}).")
        offer = offer.format(name=backup.name)
    print(f"hearth: {damage_texts.set_aside_text(aside, _damage_tr, offer)}", file=sys.stderr)
    return True


def say_rescued(rescued: Rescue) -> None:
    """The diary file was damaged and copied into a new one at this start: what was kept, where the old is."""
    print(f"hearth: {damage_texts.rescued_text(rescued, _damage_tr)}", file=sys.stderr)


def say_lost_writes(lost: LostWrites) -> None:
    """The last writes could not be read back from a damaged write-ahead log at this start: what may be
    missing, where their copy is kept, and the backup made since, which may hold them."""
    def backup_offer(made: str) -> str:
        return translate("Cli", "The backup made on {made} may hold what is missing: `hearth restore {path}` "
                                "restores it (the diary as it is now is backed up first).").format(
            made=made, path=lost.backup)

    print(f"hearth: {damage_texts.lost_writes_text(lost, _damage_tr, _when, backup_offer)}", file=sys.stderr)


def _damage_tr(text: str) -> str:
    """A damage notice's source text (``damage_texts``) in the terminal's language."""
    return translate(damage_texts.CONTEXT, text)


def _when(moment: datetime) -> str:
    """A moment as the terminal shows dates: ISO day, 24-hour time."""
    return moment.strftime("%Y-%m-%d %H:%M")


def say_index_repaired() -> None:
    """One quiet line: the search index was damaged and rebuilt from the entries (derived data)."""
    note = translate("Cli", "The search index was damaged; it was rebuilt from your entries. "
                            "Nothing was lost.")
    print(f"hearth: {note}", file=sys.stderr)


def _unlocked(data_dir: Path) -> Diary:
    if not Diary.is_encrypted(data_dir):
        return Diary.open(data_dir)
    if os.environ.get(ENV_PASSPHRASE):
        return unlock(data_dir, ask(ENV_PASSPHRASE, ""))
    throttle = UnlockThrottle()
    for attempt in range(PROMPT_TRIES):
        throttle.wait()
        try:
            return unlock(data_dir, ask(ENV_PASSPHRASE, translate("Cli", "Diary passphrase: ")))
        except WrongPassphrase:
            if attempt + 1 == PROMPT_TRIES:
                raise
            throttle.failed()
            print(translate("Cli", "That passphrase does not open this diary."), file=sys.stderr)
    raise AssertionError("unreachable")  # pragma: no cover
