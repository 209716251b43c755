"""The weekly review page: the week's digest as something to read — highlights, people and places, the mood
line, links to the entries — with the previous/next week, "Regenerate" and "Export…".

Everything is read off the UI thread (``WeeklyReviews``); "Regenerate" asks the companion to rewrite the
week's digest in the background and shows the page again when it is done. A link opens that day.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from app.core.ports import DiaryPort
from app.core.ritual.export import week_markdown
from app.core.ritual.week import WeeklyReview, WeeklyReviews
from app.ui.errors import show_exception
from app.ui.export_day import ask_export, day_text, speakers, suggested_name, week_labels, write_export
from app.ui.i18n import follow_language
from app.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from app.ui.bridge import CompanionBridge

LINK_SCHEME = "hearth"


class WeeklyReviewDialog(QDialog):
    conversation_requested = Signal(int)

    def __init__(
        self, diary: DiaryPort, runner: TaskRunner, bridge: CompanionBridge, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
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
        self.close_button.setText(self.tr("Close"))
        self.page.setAccessibleName(self.tr("The week's review"))
        self._render()

    def show_week(self, day: date) -> None:
        """Read the week of ``day`` (off the UI thread) and show it."""
        self.day = day
        self.next_button.setEnabled(day + timedelta(days=7 - day.weekday()) <= date.today())
        diary = self.diary
        self.runner.run(
            lambda: WeeklyReviews(diary).review(day),
            self._show,
            lambda exc: show_exception(self, exc),
            token_key="weekly-review",
        )

    def _show(self, review: WeeklyReview) -> None:
        self.review = review
        self._render()

    def _render(self) -> None:
        review = self.review
        if review is None:
            return
        self.title.setText(
            self.tr("Week {scope}: {first} – {last}").format(
                scope=review.scope, first=day_text(review.first), last=day_text(review.last)
            )
        )
        markdown = review.to_markdown(
            week_labels(), day_text, lambda e: f"{LINK_SCHEME}:conversation/{e.conversation_id}"
        )
        self.page.setMarkdown(markdown.split("\n", 2)[2] if markdown.startswith("# ") else markdown)

    def _on_link(self, url: QUrl) -> None:
        if url.scheme() == LINK_SCHEME and url.path().startswith("conversation/"):
            self.conversation_requested.emit(int(url.path().split("/", 1)[1]))

    def regenerate(self) -> None:
        companion = self.bridge.companion
        if companion is None:
            return
        day = self.day
        self.regenerate_button.setEnabled(False)

        def done(_text: str) -> None:
            self.regenerate_button.setEnabled(True)
            self.show_week(day)

        def failed(exc: BaseException) -> None:
            self.regenerate_button.setEnabled(True)
            show_exception(self, exc)

        self.runner.run(lambda: companion.weekly_digest(day), done, failed)

    def export(self) -> None:
        choice = ask_export(self, suggested_name(self.day, week=True))
        if choice is None:
            return
        path, replies = choice
        diary, day = self.diary, self.day
        labels, names = week_labels(), speakers()
        self.runner.run(
            lambda: week_markdown(
                diary, day, replies=replies, labels=labels, speakers=names, day_text=day_text
            ),
            lambda markdown: write_export(path, markdown),
            lambda exc: show_exception(self, exc),
        )
