"""The notices of a damaged diary (a file rescued or set aside, its last writes lost to a damaged log) in
the words both the window (``HearthApp``) and the terminal (``app.cli.passphrase``) say them, without Qt so
the CLI shares them: one set of sources, translated once, in the ``DamageNotices`` context.

Each caller passes ``tr`` (a source text of that context in its language: ``QCoreApplication.translate`` in
the window, ``app.cli.i18n.translate`` in the terminal) and, where a notice names a moment or a backup to
restore, how it writes a moment and its own offer (a button in the window, ``hearth restore`` in the
terminal).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from app.store import LostWrites, Rescue
from app.ui.tr_noop import QT_TRANSLATE_NOOP

CONTEXT = "DamageNotices"  # the literal of every QT_TRANSLATE_NOOP below (lupdate reads no names)
Translate = Callable[[str], str]  # a source text of ``CONTEXT`` in the caller's language

RESCUED = QT_TRANSLATE_NOOP(
    "DamageNotices", "The diary file was damaged. Hearth copied everything it could read into a new file "
    "(entries: {messages}; facts: {facts}) and rebuilt the search index. The damaged file is kept as {name}.")
SET_ASIDE = QT_TRANSLATE_NOOP("DamageNotices", "An earlier diary file was damaged and set aside as {name}.")
NO_BACKUP = QT_TRANSLATE_NOOP("DamageNotices", "There is no backup to restore.")
LOST_UP_TO = QT_TRANSLATE_NOOP(
    "DamageNotices", "The last things written to the diary were damaged on disk and could not be read back. "
    "What was written up to {written} may be missing.")
LOST_AFTER = QT_TRANSLATE_NOOP(
    "DamageNotices", "The last things written to the diary were damaged on disk and could not be read back. "
    "What was written after {newest} may be missing (the damaged part was last written on {written}).")
NO_BACKUP_SINCE = QT_TRANSLATE_NOOP(
    "DamageNotices", "No backup was made since then: check your last days and write down again what is "
    "missing.")
LOG_KEPT = QT_TRANSLATE_NOOP(
    "DamageNotices", "A copy of the damaged log is kept in {folder}, as {log}. Keep it while anything may "
    "still be missing; then it can be deleted.")
LOG_AND_FILE_KEPT = QT_TRANSLATE_NOOP(
    "DamageNotices", "Copies of the damaged log and of the diary file as it was are kept in {folder}, as "
    "{log} and {base}. Keep both while anything may still be missing; then they can be deleted.")


def rescued_text(rescued: Rescue, tr: Translate) -> str:
    """The diary file was damaged and copied into a new one: what was kept, where the old one is."""
    return tr(RESCUED).format(messages=rescued.messages, facts=rescued.facts, name=rescued.aside.name)


def set_aside_text(aside: Path, tr: Translate, backup_offer: str | None) -> str:
    """An empty diary next to a damaged file set aside: that, then ``backup_offer`` (the caller's, already
    translated; None: there is no backup to restore)."""
    offer = tr(NO_BACKUP) if backup_offer is None else backup_offer
    return f"{tr(SET_ASIDE).format(name=aside.name)} {offer}"


def lost_writes_text(lost: LostWrites, tr: Translate, when: Callable[[datetime], str],
                     backup_offer: Callable[[str], str]) -> str:
    """The last writes could not be read back from a damaged log: what may be missing (each moment written
    by ``when``), where the copies are kept, and the backup made since, which may hold them (the caller's
    ``backup_offer`` for the moment it was made, translated), or that none was made."""
    written = when(lost.last_written)
    if lost.newest_entry is None:
        text = tr(LOST_UP_TO).format(written=written)
    else:
        text = tr(LOST_AFTER).format(newest=when(lost.newest_entry), written=written)
    if lost.backup is None or lost.backup_made is None:
        more = tr(NO_BACKUP_SINCE)
    else:
        more = backup_offer(when(lost.backup_made))
    return f"{text} {_kept_copies_text(lost, tr)} {more}"


def _kept_copies_text(lost: LostWrites, tr: Translate) -> str:
    """Both copies named, and their folder: to hand them to someone who can read them, or delete them."""
    folder, log = lost.kept.parent, lost.kept.name
    if lost.diary_copy is None:  # the diary file was empty: the log held everything
        return tr(LOG_KEPT).format(folder=folder, log=log)
    return tr(LOG_AND_FILE_KEPT).format(folder=folder, log=log, base=lost.diary_copy.name)
