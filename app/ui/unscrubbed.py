"""Files that still hold what should be gone, named, with a way to deal with them.

After a deletion: a deletion is applied to every backup, and to a copy of the diary file kept after damage,
too (``app.store.scrub``); a backup that cannot be changed (damaged, unreadable), a copy of a damaged log
or a damaged diary file set aside (``app.store.kept``) keeps the deleted text, and the README promises "the
bytes are gone". So the person is told exactly which files still hold it and offered to try again or to
delete those files — the choice is theirs (a backup is also their way back after damage, and a kept
copy may hold entries a damaged log lost). The words say "backups" only when every file is one.

After a passphrase change, or encryption turned on: the files kept after damage are not re-written
(``Diary.change_key``), so the person is told they are still readable without the new passphrase (without
any, or with an earlier one: ``unscrubbed_texts.left_readable``) and offered to delete them. Both choices
run off the UI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from app.store import Diary
from app.store.kept import is_base, is_kept_name
from app.ui import unscrubbed_texts
from app.ui.errors import keep_until_closed, show_exception
from app.ui.tasks import TaskRunner

translate = QCoreApplication.translate


def deleted_everywhere(diary: object, delete: Callable[[], object]) -> Callable[[], list[Path]]:
    """A task for the runner: ``delete``, then the files that deletion could not reach (the companion's
    store is typed as the core's ``DiaryPort``; only a real ``Diary`` has backups)."""

    def task() -> list[Path]:
        delete()
        return list(diary.unscrubbed_files) if isinstance(diary, Diary) else []

    return task


def tell_if_any(parent: QWidget, runner: TaskRunner, diary: object, paths: list[Path]) -> QMessageBox | None:
    """Name the files that still hold the deleted text and offer "Try again" / "Delete these …"."""
    if not paths or not isinstance(diary, Diary):
        return None
    box = _box(parent, "unscrubbedBackupsBox", paths)
    retry = any(not is_kept_name(path) or is_base(path) for path in paths)  # a log copy never changes
    said = unscrubbed_texts.held_text(paths, _tr)  # the terminal's words too (``app.cli.unscrubbed``)
    if unscrubbed_texts.names_files(paths):
        box.setWindowTitle(translate("Unscrubbed", "Some files still hold it"))
        if retry:
            why = translate("Unscrubbed", "Some of them may be damaged, and files kept after damage cannot "
                                          "be changed. Try again, or delete these files.")
        else:
            why = _tr(unscrubbed_texts.KEPT_ONLY_ADVICE)
        delete_text = translate("Unscrubbed", "Delete these files")
    else:
        box.setWindowTitle(translate("Unscrubbed", "Some backups still hold it"))
        why = translate("Unscrubbed", "They may be damaged. Try again, or delete these backups "
                                      "(your other backups are kept).")
        delete_text = translate("Unscrubbed", "Delete these backups")
    box.setText(f"{said}\n\n{_names(paths)}")
    box.setInformativeText(why)
    roles = QMessageBox.ButtonRole
    delete = box.addButton(delete_text, roles.DestructiveRole)
    delete.setObjectName("deleteUnscrubbed")
    again = box.addButton(translate("Unscrubbed", "Try again"), roles.ActionRole) if retry else None
    if again is not None:
        again.setObjectName("scrubAgain")
    box.setDefaultButton(box.addButton(translate("Unscrubbed", "Keep them"), roles.RejectRole))

    def chosen(button: object) -> None:
        if button is delete:
            runner.run(lambda: diary.delete_files(paths), None, lambda exc: show_exception(parent, exc))
        elif again is not None and button is again:
            runner.run(diary.scrub_again, lambda left: tell_if_any(parent, runner, diary, left),
                       lambda exc: show_exception(parent, exc))

    box.buttonClicked.connect(chosen)
    box.open()
    return box


def tell_kept_after_change(
    parent: QWidget, runner: TaskRunner, diary: Diary, paths: list[Path]
) -> QMessageBox | None:
    """Name the files kept after damage that the change left readable (not encrypted, or under an earlier
    passphrase) and offer "Delete them" / "Keep them"."""
    if not paths:
        return None
    box = _box(parent, "keptAfterChangeBox", paths)
    box.setWindowTitle(translate("Unscrubbed", "Files kept after damage"))
    kinds = unscrubbed_texts.left_readable(paths, _tr)  # the terminal's words too
    box.setText("\n\n".join(f"{said}\n\n{_names(files)}" for said, files in kinds))
    box.setInformativeText(_tr(unscrubbed_texts.AFTER_CHANGE_ADVICE))
    roles = QMessageBox.ButtonRole
    delete = box.addButton(translate("Unscrubbed", "Delete them"), roles.DestructiveRole)
    delete.setObjectName("deleteKept")
    box.setDefaultButton(box.addButton(translate("Unscrubbed", "Keep them"), roles.RejectRole))

    def chosen(button: object) -> None:
        if button is delete:
            runner.run(lambda: diary.delete_files(paths), None, lambda exc: show_exception(parent, exc))

    box.buttonClicked.connect(chosen)
    box.open()
    return box


def _box(parent: QWidget, name: str, paths: list[Path]) -> QMessageBox:
    """A warning box, kept until closed, with the files' full paths in its details."""
    box = QMessageBox(parent)
    box.setObjectName(name)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setDetailedText("\n".join(str(path) for path in paths))
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    keep_until_closed(box)
    return box


def _tr(text: str) -> str:
    """A shared source text (``unscrubbed_texts``) in the interface's language."""
    return translate(unscrubbed_texts.CONTEXT, text)


def _names(paths: list[Path]) -> str:
    return "\n".join(f"• {path.name}" for path in paths)
