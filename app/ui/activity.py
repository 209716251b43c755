"""Background activity in the status bar — "Summarizing…", "Remembering…" — never a dialog.

Fed by the bridge's ``job_started`` / ``job_finished`` / ``job_failed`` signals. Several jobs can run
(a fact extraction queued behind a summary); the newest one's label is shown with a count of the others.
A failed background job is reported here for a few seconds: it is not the person's problem to solve now,
and the work is retried by the companion.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from app.core.events import IndexProgress, JobFailed, JobFinished, JobStarted
from app.ui.errors import translated
from app.ui.i18n import QT_TRANSLATE_NOOP, Plurals, follow_language, number

DEFAULT_LABELS = {
    "facts": QT_TRANSLATE_NOOP("Activity", "Remembering…"),
    "summary": QT_TRANSLATE_NOOP("Activity", "Summarizing…"),
    "digest": QT_TRANSLATE_NOOP("Activity", "Writing the day's digest…"),
    "reflection": QT_TRANSLATE_NOOP("Activity", "Reflecting…"),
    "opening": QT_TRANSLATE_NOOP("Activity", "Thinking of a question for today…"),
}
# The core's own job labels (``app.core.background.jobs.JOB_LABELS``), English source texts to translate.
CORE_LABELS = (
    QT_TRANSLATE_NOOP("Activity", "Summarizing earlier messages…"),
    QT_TRANSLATE_NOOP("Activity", "Getting ready for your next message…"),
    QT_TRANSLATE_NOOP("Activity", "Working…"),
    QT_TRANSLATE_NOOP("Activity", "Background work"),
    QT_TRANSLATE_NOOP("Activity", "Cancelled."),
)
translate = QCoreApplication.translate
FAILURE_MS = 8000
NOTE_MS = 20_000
SPIN_MS = 120
SPINNER = "◐◓◑◒"


class ActivityIndicator(QWidget):
    """A small spinner and the label of what runs in the background."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spinner = QLabel("", self)
        self.label = QLabel("", self)
        self._jobs: dict[int, JobStarted] = {}  # job_id -> its event, in start order
        self._failed: JobFailed | None = None  # the failure said now
        self._frame = 0
        self._spin = QTimer(self, interval=SPIN_MS)
        self._spin.timeout.connect(self._advance)
        self._failure = QTimer(self, singleShot=True, interval=FAILURE_MS)
        self._failure.timeout.connect(self._refresh)
        self._note = ""
        self._note_timer = QTimer(self, singleShot=True, interval=NOTE_MS)
        self._note_timer.timeout.connect(self._end_note)
        self.setObjectName("activity")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.setSpacing(6)
        layout.addWidget(self.spinner)
        layout.addWidget(self.label)
        self.spinner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.spinner.setFixedWidth(14)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setAccessibleName(self.tr("Background activity"))
        self._refresh()
        if self._failed is not None and self._failure.isActive():
            self._say_failure(self._failed)

    @staticmethod
    def label_for(event: JobStarted) -> str:
        return translate("Activity", event.label or DEFAULT_LABELS.get(event.kind, "Working…"))

    def text(self) -> str:
        """What the status bar says right now (tests read this)."""
        return self.label.text()

    def job_started(self, event: JobStarted) -> None:
        if event.kind == "reply":
            return  # the streaming bubble already shows it
        self._jobs[event.job_id] = event
        self._failure.stop()
        self._refresh()

    def job_finished(self, event: JobFinished) -> None:
        self._jobs.pop(event.job_id, None)
        self._refresh()

    def job_failed(self, event: JobFailed) -> None:
        self._jobs.pop(event.job_id, None)
        self._refresh()
        if not self._jobs:
            self._failed = event
            self._say_failure(event)
            self._failure.start()

    def _say_failure(self, event: JobFailed) -> None:
        what = translate("Activity", DEFAULT_LABELS.get(event.kind, "Background work")).rstrip("…")
        message = (translated("Errors", event.message) if event.message else self.tr("it failed")).rstrip(".")
        self._spin.stop()
        self.spinner.setText("!")
        self.label.setText(self.tr("{what} did not finish: {message}. It will be tried again.")
                           .format(what=what, message=message))
        self.label.setToolTip(translated("Errors", event.hint))

    def show_note(self, text: str) -> None:
        """A quiet note for a while (``NOTE_MS``): something was done for the person that they need not
        act on, but should know (the search index was rebuilt). Running jobs' labels go first; the note
        is shown whenever none runs, until its time is up."""
        self._note = text
        self._note_timer.start(NOTE_MS)
        self._refresh()

    def note(self) -> str:
        """The note being kept (tests read this; the label shows it when no job runs)."""
        return self._note

    def _end_note(self) -> None:
        self._note = ""
        self._refresh()

    def clear(self) -> None:
        self._jobs.clear()
        self._refresh()

    def _refresh(self) -> None:
        if not self._jobs:
            self._spin.stop()
            self.spinner.setText("✓" if self._note else "")
            self.label.setText(self._note)
            self.label.setToolTip(self._note)
            return
        labels = [self.label_for(event) for event in self._jobs.values()]
        extra = f"  {Plurals().more_jobs(len(labels) - 1)}" if len(labels) > 1 else ""
        self.label.setText(labels[-1] + extra)
        self.label.setToolTip("\n".join(labels))
        if not self._spin.isActive():
            self._spin.start()
            self._advance()

    def _advance(self) -> None:
        self._frame = (self._frame + 1) % len(SPINNER)
        self.spinner.setText(SPINNER[self._frame])


class IndexStatusLabel(QLabel):
    """"Indexing your diary for recall… 1,200 of 5,000" while the semantic index catches up; hidden when
    it is complete. If it stopped, a quiet note says recall works by words, with why in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("indexStatus")
        self._progress: IndexProgress | None = None
        self.hide()
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setAccessibleName(self.tr("Recall index"))
        if self._progress is not None and not self.isHidden():
            self.show_progress(self._progress)

    def show_progress(self, event: IndexProgress) -> None:
        self._progress = event
        if event.failed:
            self.setText(self.tr("Recall by meaning is off"))
            why = translated("Errors", event.failed)  # the core's English text, in the interface's language
            self.setToolTip(why + "\n" + self.tr("Recall still finds entries by their words."))
            self.show()
            return
        if event.total == 0 or event.indexed >= event.total:
            self.hide()
            return
        self.setText(
            self.tr("Indexing your diary for recall… {indexed} of {total}").format(
                indexed=number(event.indexed), total=number(event.total)
            )
        )
        self.setToolTip(self.tr("Hearth is learning what your entries mean, so it can find them by meaning."))
        self.show()
