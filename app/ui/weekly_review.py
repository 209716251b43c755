"""The weekly review page: the week's digest as something to read — highlights, people and places, the mood
line, links to the entries — with the previous/next week, "Regenerate" and "Export…".

Everything is read off the UI thread (``WeeklyReviews``); "Regenerate" asks the companion to rewrite the
week's digest in the background and shows the page again when it is done. A link opens that day.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QUrl, Signal
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from app.core.ports import DiaryPort
from app.core.ritual.calendar import MONDAY, iso_week_of, week_of, week_start
from app.core.ritual.export import week_markdown
from app.core.ritual.week import WeekEntry, WeeklyReview, WeeklyReviews
from app.ui.errors import show_exception
from app.ui.export_day import (
    ask_export,
    day_text,
    print_pages,
    speakers,
    suggested_name,
    week_labels,
    write_export,
)
from app.ui.i18n import follow_language
from app.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from app.ui.bridge import CompanionBridge

LINK_SCHEME = "hearth"
translate = QCoreApplication.translate


class WeeklyReviewDialog(QDialog):
    conversation_requested = Signal(int)

    def __init__(
        self, diary: DiaryPort, runner: TaskRunner, bridge: CompanionBridge, parent: QWidget | None = None,
        *, first_weekday: int = MONDAY,
    ) -> None:
        """``first_weekday``: where weeks begin (0 Monday … 6 Sunday: the person's locale or choice)."""
        super().__init__(parent)
        self.first_weekday = first_weekday
        self.setObjectName("weeklyReview")
        self.diary, self.runner, self.bridge = diary, runner, bridge
        self.day = date.today()
        self.review: WeeklyReview | None = None
        self.previous_button, self.next_button = QPushButton("‹", self), QPushButton("›", self)
        self.title = QLabel(self)
        self.page = QTextBrowser(self)
        self.page.setObjectName("weeklyReviewPage")
        self.page.setOpenLinks(False)
        self.page.anchorClicked.connect(self._on_link)
        self.regenerate_button, self.export_button = QPushButton(self), QPushButton(self)
        self.print_button = QPushButton(self)
        self.close_button = QPushButton(self)
        self._build()
        follow_language(self, self.retranslate)
        self.resize(720, 620)

    def _build(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.previous_button)
        top.addWidget(self.title, 1)
        top.addWidget(self.next_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.regenerate_button)
        bottom.addWidget(self.export_button)
        bottom.addWidget(self.print_button)
        bottom.addStretch(1)
        bottom.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.page, 1)
        layout.addLayout(bottom)
        self.previous_button.clicked.connect(lambda: self.show_week(self.day - timedelta(days=7)))
        self.next_button.clicked.connect(lambda: self.show_week(self.day + timedelta(days=7)))
        self.regenerate_button.clicked.connect(self.regenerate)
        self.export_button.clicked.connect(self.export)
        self.print_button.clicked.connect(self.print_week)
        self.close_button.clicked.connect(self.close)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Weekly review"))
        self.previous_button.setToolTip(self.tr("Previous week"))
        self.previous_button.setAccessibleName(self.tr("Previous week"))
        self.next_button.setToolTip(self.tr("Next week"))
        self.next_button.setAccessibleName(self.tr("Next week"))
        self.regenerate_button.setText(self.tr("Regenerate"))
        self.regenerate_button.setToolTip(self.tr("Write the week's digest again with the model"))
        self.export_button.setText(self.tr("Export…"))
        self.export_button.setToolTip(self.tr("Save the week as Markdown or PDF"))
        self.print_button.setText(self.tr("Print…"))
        self.print_button.setToolTip(self.tr("Print the week's review and its entries"))
        self.close_button.setText(self.tr("Close"))
        self.page.setAccessibleName(self.tr("The week's review"))
        self._render()

    def show_week(self, day: date) -> None:
        """Read the week of ``day`` (off the UI thread) and show it."""
        self.day = day
        first = self.first_weekday
        self.next_button.setEnabled(week_start(day, first) + timedelta(days=7) <= date.today())
        diary, labels = self.diary, week_labels()
        self.runner.run(
            lambda: _page(WeeklyReviews(diary).review(day, first), labels),
            self._show,
            lambda exc: show_exception(self, exc),
            token_key="weekly-review",
        )

    def _show(self, page: tuple[WeeklyReview, str]) -> None:
        """The review and its page, both made off the UI thread: here they are only put on screen."""
        self.review, markdown = page
        self._put_on_screen(markdown)

    def _render(self) -> None:
        """The page again in the interface's language (after a switch; the texts are cheap to remake)."""
        if self.review is not None:
            self._put_on_screen(_page(self.review, week_labels())[1])

    def _put_on_screen(self, markdown: str) -> None:
        review = self.review
        if review is None:
            return
        self.title.setText(week_title(review.first, review.last))
        self.page.setMarkdown(markdown)

    def _on_link(self, url: QUrl) -> None:
        if url.scheme() == LINK_SCHEME and url.path().startswith("conversation/"):
            self.conversation_requested.emit(int(url.path().split("/", 1)[1]))

    def regenerate(self) -> None:
        companion = self.bridge.companion
        if companion is None:
            return
        day = self.day
        digest_day = iso_week_of(week_of(day, self.first_weekday))  # the digest shown on this page
        self.regenerate_button.setEnabled(False)

        def done(_text: str) -> None:
            self.regenerate_button.setEnabled(True)
            self.show_week(day)

        def failed(exc: BaseException) -> None:
            self.regenerate_button.setEnabled(True)
            show_exception(self, exc)

        self.runner.run(lambda: companion.weekly_digest(digest_day), done, failed)

    def _export_labels(self) -> dict[str, str]:
        """The headings of a printed or exported week; its title the days, as the dialog's own."""
        days = week_of(self.day, self.first_weekday)
        return {**week_labels(), "title": week_title(days[0], days[-1])}

    def print_week(self) -> None:
        diary, day = self.diary, self.day
        labels, names, first = self._export_labels(), speakers(), self.first_weekday
        print_pages(self, self.runner, lambda replies: week_markdown(
            diary, day, replies=replies, labels=labels, speakers=names, day_text=day_text,
            first_weekday=first))

    def export(self) -> None:
        choice = ask_export(self, suggested_name(self.day, week=True))
        if choice is None:
            return
        path, replies = choice
        diary, day = self.diary, self.day
        labels, names, first = self._export_labels(), speakers(), self.first_weekday
        self.runner.run(
            lambda: week_markdown(
                diary, day, replies=replies, labels=labels, speakers=names, day_text=day_text,
                first_weekday=first,
            ),
            lambda markdown: write_export(path, markdown),
            lambda exc: show_exception(self, exc),
        )


def week_title(first: date, last: date) -> str:
    """"Week of 30 November – 6 December 2026" / "Неделя 30 ноября – 6 декабря 2026": the days a person
    reads, not the ISO week's number ("2026-W49"); the month and the year are said once where both ends
    share them ("1 – 7 December 2026"), at each end where the week crosses into another month or year."""
    locale = QLocale()
    with_year = translate("WeeklyReviewDialog", "d MMMM yyyy")
    if first.year != last.year:
        start = with_year
    elif first.month != last.month:
        start = translate("WeeklyReviewDialog", "d MMMM")
    else:
        start = "d"
    return translate("WeeklyReviewDialog", "Week of {first} – {last}").format(
        first=locale.toString(_qdate(first), start), last=locale.toString(_qdate(last), with_year))


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def _page(review: WeeklyReview, labels: dict[str, str]) -> tuple[WeeklyReview, str]:
    """The review's page as Markdown without its title (the dialog shows that above); runs on a worker
    (``day_text`` only reads the locale and the translations, both safe from any thread)."""
    markdown = review.to_markdown(labels, day_text, _link)
    return review, markdown.split("\n", 2)[2] if markdown.startswith("# ") else markdown


def _link(entry: WeekEntry) -> str:
    return f"{LINK_SCHEME}:conversation/{entry.conversation_id}"
