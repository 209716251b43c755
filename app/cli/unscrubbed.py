"""After a deletion from the terminal: the backups and files kept after damage it could not change, named
as the window names them (``app.ui.unscrubbed``), and deleted if the person chooses to.

A deletion reaches the diary, its backups and the files kept after damage (``Diary._delete_everywhere``).
A damaged backup, a damaged log's copy or a damaged file set aside cannot be changed and still holds what
was deleted, while the README promises "the bytes are gone"; so the person is told which files (full
paths), why, and what they can do. On stderr, with exit code 0: the deletion from the diary did happen, as
after a passphrase change the kept files are named with exit code 0 (``encryption_cmd``).

The choice must be made by the same command: a second one cannot find those files again, since what they
hold is gone from the diary (``hearth rm ID`` then says there is no such entry). So ``--delete-unscrubbed``
deletes them with the deletion, and at a terminal the person is asked, as the window asks; a pipe keeps
them. No "Try again" here: it only helps a backup or a diary copy whose failure was passing, and the window
is the place for it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli.i18n import is_yes, translate
from app.store import Diary
from app.ui import unscrubbed_texts

OPTION = "--delete-unscrubbed"


def add_option(parser: argparse.ArgumentParser) -> None:
    """``--delete-unscrubbed`` on a command that deletes (``hearth rm``, ``hearth facts rm``)."""
    parser.add_argument(OPTION, action="store_true", help=translate(
        "Cli", "also delete the backups and files kept after damage that the deletion could not change "
               "(they still hold it)"))


def settle(diary: Diary, delete: bool) -> None:
    """After a deletion: name the files it could not change (``Diary.unscrubbed_files``) and delete them if
    ``delete`` (the option) or the person says yes at a terminal; otherwise say how to. Nothing when the
    deletion reached every file."""
    paths = list(diary.unscrubbed_files)
    if not paths:
        return
    _say(_held_lines(paths))
    if not delete:
        _say(_advice(paths))
        delete = agreed_to_delete(paths)
    if not delete:
        _say(translate("Cli", "They were kept. Add --delete-unscrubbed to `hearth rm` or `hearth facts rm` "
                              "to delete such files with what you delete."))
        return
    diary.delete_files(paths)  # Hearth's own backups and kept files only: anything else is refused
    left = [path for path in paths if path.exists()]
    if left:  # refused or failed: say which still hold it, never "deleted"
        _say(_held_lines(left))
        return
    _say(translate("Cli", "Deleted these files.") if unscrubbed_texts.names_files(paths)
         else translate("Cli", "Deleted these backups."))


def _held_lines(paths: list[Path]) -> str:
    """The window's sentence, then each file's full path on its own line (to find it, or hand it on)."""
    said = unscrubbed_texts.held_text(paths, shared_tr)
    return said + "".join(f"\n  {path}" for path in paths)


def _advice(paths: list[Path]) -> str:
    """Why they could not be changed, and the choice: delete them, or keep them (and what for)."""
    if unscrubbed_texts.kept_only(paths):
        return shared_tr(unscrubbed_texts.KEPT_ONLY_ADVICE)
    if unscrubbed_texts.names_files(paths):
        return translate("Cli", "Files kept after damage cannot be changed, and backups may be damaged. "
                                "Delete these files, or keep them (your other backups are kept).")
    return translate("Cli", "They may be damaged. Delete these backups, or keep them (your other backups are "
                            "kept).")


def agreed_to_delete(paths: list[Path]) -> bool:
    """A yes at a terminal, as the window's "Delete these files" button; a pipe or no answer keeps them."""
    if not sys.stdin.isatty():
        return False
    if unscrubbed_texts.names_files(paths):
        question = translate("Cli", "Delete these files? [y/N] ")
    else:
        question = translate("Cli", "Delete these backups? [y/N] ")
    try:
        return is_yes(input(question))
    except EOFError:  # Ctrl+D: no answer is a no
        return False


def shared_tr(text: str) -> str:
    """A source text the window shares (``unscrubbed_texts``) in the terminal's language."""
    return translate(unscrubbed_texts.CONTEXT, text)


def _say(text: str) -> None:
    print(text, file=sys.stderr)
