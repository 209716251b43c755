"""After a deletion: the backups that still hold what was deleted, named, with a way to deal with them.

A deletion is applied to every backup too (``app.store.scrub``); a backup that cannot be changed (damaged,
unreadable) keeps the deleted text, and the README promises "the bytes are gone". So the person is told
exactly which backup files still hold it and offered to try again or to delete those backups — the
choice is theirs (a backup is also their way back after damage). Both run off the UI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from app.store import Diary
from app.ui.errors import keep_until_closed, show_exception
from app.ui.tasks import TaskRunner

translate = QCoreApplication.translate


def deleted_everywhere(diary: object, delete: Callable[[], object]) -> Callable[[], list[Path]]:
    """A task for the runner: ``delete``, then the backups that deletion could not reach (the companion's
    store is typed as the core's ``DiaryPort``; only a real ``Diary`` has backups)."""

    def task() -> list[Path]:
        delete()
        return list(diary.unscrubbed_backups) if isinstance(diary, Diary) else []

    return task


def tell_if_any(parent: QWidget, runner: TaskRunner, diary: object, paths: list[Path]) -> QMessageBox | None:
    """Name the backups that still hold the deleted text and offer "Try again" / "Delete these backups"."""
    if not paths or not isinstance(diary, Diary):
        return None
    box = QMessageBox(parent)
    box.setObjectName("unscrubbedBackupsBox")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(translate("Unscrubbed", "Some backups still hold it"))
    box.setTextFormat(Qt.TextFormat.PlainText)
    names = "\n".join(f"• {path.name}" for path in paths)
    said = translate("Unscrubbed", "It was deleted from the diary, but these backups could not be changed "
                                   "and still hold it:")
    box.setText(f"{said}\n\n{names}")
    box.setInformativeText(translate("Unscrubbed", "They may be damaged. Try again, or delete these backups "
                                                   "(your other backups are kept)."))
    box.setDetailedText("\n".join(str(path) for path in paths))
    roles = QMessageBox.ButtonRole
    delete = box.addButton(translate("Unscrubbed", "Delete these backups"), roles.DestructiveRole)
    delete.setObjectName("deleteUnscrubbed")
    again = box.addButton(translate("Unscrubbed", "Try again"), roles.ActionRole)
    again.setObjectName("scrubAgain")
    box.setDefaultButton(box.addButton(translate("Unscrubbed", "Keep them"), roles.RejectRole))

    def chosen(button: object) -> None:
        if button is delete:
            runner.run(lambda: diary.delete_backups(paths), None, lambda exc: show_exception(parent, exc))
        elif button is again:
            runner.run(diary.scrub_again, lambda left: tell_if_any(parent, runner, diary, left),
                       lambda exc: show_exception(parent, exc))

    box.buttonClicked.connect(chosen)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    keep_until_closed(box)
    box.open()
    return box
