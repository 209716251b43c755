"""What a deletion could not reach, in the words both the window (``app.ui.unscrubbed``) and the terminal
(``app.cli.unscrubbed``) say it, without Qt so the CLI shares them: one set of sources, translated once, in
the ``Unscrubbed`` context (as ``app.ui.damage_texts`` does for the damage notices).

Only the sentences that mean the same in both places are here: which files still hold what was deleted,
the advice for files kept after damage alone, and which kept files a passphrase change left readable. How
the person acts on it differs (buttons in the window, an option or a question in the terminal), so each
says that in its own words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from app.store.kept import is_encrypted, is_kept_name
from app.ui.tr_noop import QT_TRANSLATE_NOOP

CONTEXT = "Unscrubbed"  # the literal of every QT_TRANSLATE_NOOP below (lupdate reads no names)
Translate = Callable[[str], str]  # a source text of ``CONTEXT`` in the caller's language

FILES_HELD = QT_TRANSLATE_NOOP(
    "Unscrubbed", "It was deleted from the diary, but these files could not be changed and still hold it:")
BACKUPS_HELD = QT_TRANSLATE_NOOP(
    "Unscrubbed", "It was deleted from the diary, but these backups could not be changed and still hold it:")
KEPT_ONLY_ADVICE = QT_TRANSLATE_NOOP(
    "Unscrubbed", "Files kept after damage cannot be changed. Delete these files, or keep them while you may "
    "still need them to recover lost entries.")

# After a passphrase change (or encryption turned on), which re-writes the diary and its backups, not these:
# each is said as it is, not as the change was (a copy kept while the diary was plain stays plain after
# encryption is turned on and after each change since; one kept under a key stays under it).
NOT_ENCRYPTED = QT_TRANSLATE_NOOP(
    "Unscrubbed", "These files kept after damage are not encrypted and can be read without any passphrase:")
UNDER_EARLIER_KEY = QT_TRANSLATE_NOOP(
    "Unscrubbed", "These files kept after damage can still be read with an earlier passphrase:")
AFTER_CHANGE_ADVICE = QT_TRANSLATE_NOOP(
    "Unscrubbed", "Delete them unless you still need them to recover lost entries.")


def names_files(paths: Sequence[Path]) -> bool:
    """Whether the words say "files" rather than "backups": a file kept after damage is among them (the
    words say "backups" only when every file is one)."""
    return any(is_kept_name(path) for path in paths)


def kept_only(paths: Sequence[Path]) -> bool:
    """Whether every file is one kept after damage (no backup): then keeping them may still recover lost
    entries, which is the advice given."""
    return all(is_kept_name(path) for path in paths)


def left_readable(paths: Sequence[Path], tr: Translate) -> list[tuple[str, list[Path]]]:
    """The files a change left readable without the new passphrase, each kind after its sentence in ``tr``'s
    language: those not encrypted (readable without any), then those under an earlier passphrase; a kind
    with no file is left out. By the files themselves (``kept.is_encrypted``), not by the change: a plain
    copy is not "under the old passphrase" after a re-key, nor an old key's copy "not encrypted" when
    encryption is turned on again."""
    encrypted = [path for path in paths if is_encrypted(path)]
    plain = [path for path in paths if path not in encrypted]
    kinds = [(tr(NOT_ENCRYPTED), plain), (tr(UNDER_EARLIER_KEY), encrypted)]
    return [(said, files) for said, files in kinds if files]


def held_text(paths: Sequence[Path], tr: Translate) -> str:
    """"It was deleted from the diary, but these files (backups) … still hold it:" in ``tr``'s language."""
    return tr(FILES_HELD if names_files(paths) else BACKUPS_HELD)
