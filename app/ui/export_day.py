"""Exporting or printing a day or a week (Qt's own PDF writer and printing: nothing leaves the machine).

``ask_export`` asks where and whether to include the companion's replies; ``write_export`` writes the
Markdown as it is, or lays it out as a PDF page by page (``QTextDocument`` → ``QPdfWriter``). Printing asks
the same question, then shows the system's print dialog (``ask_printer``); ``print_markdown`` lays the page
out on the chosen printer.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from app.ui.errors import show_exception
from app.ui.i18n import DateText
from app.ui.tasks import TaskRunner

translate = QCoreApplication.translate


def speakers() -> dict[str, str]:
    return {"user": translate("Export", "You"), "assistant": translate("Export", "Hearth")}


def day_text(day: date) -> str:
    """A day as an export's heading or line begins with it (capitalised, as ``hearth week`` writes it)."""
    return DateText().heading_day(day)


def week_labels() -> dict[str, str]:
    """The weekly review's headings in the interface's language."""
    return {
        "title": translate("Export", "Week {scope} ({first} – {last})"),
        "highlights": translate("Export", "Highlights"),
        "no_digest": translate("Export", "No weekly digest yet."),
        "people": translate("Export", "People and places"),
        "mentioned": translate("Export", "{name} ×{n}"),
        "no_people": translate("Export", "No one was named this week."),
        "mood": translate("Export", "Mood"),
        "no_mood": translate("Export", "No mood set this week."),
        "entries": translate("Export", "Entries"),
        "no_entries": translate("Export", "Nothing was written this week."),
        "words": translate("Export", "{n} words"),
    }


def ask_replies(parent: QWidget, title: str) -> bool | None:
    """Whether the companion's replies go in (a person printing their journal may want only their own
    words); None: cancelled."""
    box = QMessageBox(parent)
    box.setWindowTitle(title)
    box.setText(translate("Export", "Include Hearth's replies?"))
    with_replies = box.addButton(translate("Export", "With Hearth's replies"), QMessageBox.ButtonRole.YesRole)
    box.addButton(translate("Export", "Only my entries"), QMessageBox.ButtonRole.NoRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    if box.clickedButton() is cancel:
        return None
    return box.clickedButton() is with_replies


def ask_export(parent: QWidget, suggested: str) -> tuple[Path, bool] | None:
    """Where to write (``.md`` or ``.pdf``) and whether the companion's replies go in; None: cancelled."""
    replies = ask_replies(parent, translate("Export", "Export"))
    if replies is None:
        return None
    filters = translate("Export", "Markdown (*.md);;PDF (*.pdf)")
    path, chosen = QFileDialog.getSaveFileName(parent, translate("Export", "Export"), suggested, filters)
    if not path:
        return None
    target = Path(path)
    if target.suffix.lower() not in (".md", ".pdf"):
        target = target.with_suffix(".pdf" if "pdf" in chosen.lower() else ".md")
    return target, replies


def ask_printer(parent: QWidget) -> QPrinter | None:
    """The system's print dialog: the printer and its options the person chose; None: cancelled."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(translate("Export", "Print"))
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return None
    return printer


def print_markdown(printer: QPrinter, markdown: str) -> None:
    """Lay ``markdown`` out on ``printer``'s pages (a real printer, or a PDF file: tests print to one)."""
    document = QTextDocument()
    document.setMarkdown(markdown)
    document.print_(printer)


def write_export(path: Path, markdown: str) -> None:
    """Write ``markdown`` to ``path``: as it is for ``.md``, laid out on A4 pages for ``.pdf``."""
    if path.suffix.lower() != ".pdf":
        path.write_text(markdown, encoding="utf-8")
        return
    document = QTextDocument()
    document.setMarkdown(markdown)
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(18, 18, 18, 18),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(translate("Export", "Hearth diary"))
    document.print_(writer)


def suggested_name(day: date, week: bool) -> str:
    stamp = f"{day.isocalendar()[0]}-W{day.isocalendar()[1]:02d}" if week else day.isoformat()
    return f"hearth-{stamp}.md"


def print_pages(parent: QWidget, runner: TaskRunner, markdown_for: Callable[[bool], str]) -> None:
    """Print…: ask about the replies, make the page off the UI thread (``markdown_for(replies)`` reads the
    diary), then show the print dialog and print to what the person chose."""
    replies = ask_replies(parent, translate("Export", "Print"))
    if replies is None:
        return

    def ready(markdown: str) -> None:
        printer = ask_printer(parent)
        if printer is not None:
            print_markdown(printer, markdown)

    runner.run(lambda: markdown_for(replies), ready, lambda exc: show_exception(parent, exc))
