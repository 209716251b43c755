"""The token-budget gauge: what the next prompt is made of, as a stacked bar.

It draws a ``BudgetReport`` (the companion's exact counts): one coloured slice per segment —
instructions, facts, reflections, summary, history, recalled entries, the new message, the reply reserve
— and the free rest. The tooltip gives the exact numbers and the context size. Near the limit (over 90%
used) the numbers turn amber and say so; while older turns are folded into the summary it says
"summarizing". A draft past a limit by itself — more tokens than any prompt holds, or longer than one entry
may be — is marked in red: the bar hatched, the numbers its need, "Over the limit" said and in the
accessible text. The bar alone would not show it: it draws the prompt that would be sent, the message cut to
its share, so a 300,000-character draft looked as calm as a short one (QA). The widget only paints what it
is given: the companion computes every report (off the UI thread) and the window passes each one on.

The gauge is a Tab stop with a ring while it has the keyboard, and Space or Enter shows the tooltip's
breakdown at the bar: a screen reader read its numbers, but a keyboard-only person could not reach the
breakdown a mouse gets by hovering (QA). It takes no focus from a click, which would pull the keyboard out of
the message box under it.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolTip, QWidget

from app.core.events import BudgetReport
from app.store import MAX_MESSAGE_CHARS
from app.ui.i18n import QT_TRANSLATE_NOOP, Plurals, follow_language, number

WARN_SHARE = 0.90
SHOW_BREAKDOWN_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
FOCUS_RING_WIDTH = 2.0
SEGMENT_STYLE: dict[str, tuple[str, str]] = {  # name -> (label, colour)
    "instructions": (QT_TRANSLATE_NOOP("BudgetGauge", "Instructions"), "#7c8aa0"),
    "facts": (QT_TRANSLATE_NOOP("BudgetGauge", "Memory about you"), "#e0913a"),
    "reflections": (QT_TRANSLATE_NOOP("BudgetGauge", "Reflections"), "#9b7bd8"),
    "summary": (QT_TRANSLATE_NOOP("BudgetGauge", "Summary of earlier turns"), "#2aa198"),
    "history": (QT_TRANSLATE_NOOP("BudgetGauge", "This conversation, word for word"), "#4a8fe0"),
    "recalled": (QT_TRANSLATE_NOOP("BudgetGauge", "Recalled past entries"), "#d8649a"),
    "new_message": (QT_TRANSLATE_NOOP("BudgetGauge", "Your new message"), "#4caf50"),
    "reply_reserve": (QT_TRANSLATE_NOOP("BudgetGauge", "Reserved for the reply"), "#a8998c"),
}
WARN_COLOUR = "#d97706"
OVER_COLOUR = "#dc2626"
TOO_LONG = QT_TRANSLATE_NOOP("BudgetGauge", "Your message has {count} characters; one entry holds at most "
                                            "{limit}. Split it into several entries.")
OVER_CONTEXT = QT_TRANSLATE_NOOP("BudgetGauge", "Your message alone needs {tokens} tokens; a prompt holds at "
                                                "most {room}. Only its beginning and end would reach the "
                                                "model.")
translate = QCoreApplication.translate


def segment_label(name: str) -> str:
    style = SEGMENT_STYLE.get(name)
    return translate("BudgetGauge", style[0]) if style else name.replace("_", " ").capitalize()


def near_limit(report: BudgetReport) -> bool:
    return report.n_ctx > 0 and report.used / report.n_ctx > WARN_SHARE


def prompt_room(report: BudgetReport) -> int:
    """The most a prompt can hold: the context less what is kept for the reply."""
    return report.n_ctx - report.tokens("reply_reserve")


def draft_too_long(report: BudgetReport) -> bool:
    """The draft is longer than one entry may be: sending it is refused."""
    return report.draft_chars > MAX_MESSAGE_CHARS


def draft_over_context(report: BudgetReport) -> bool:
    """The draft alone needs more tokens than a whole prompt holds: only its beginning and end would fit."""
    return report.n_ctx > 0 and report.draft_tokens > prompt_room(report)


def over_limit(report: BudgetReport) -> bool:
    return draft_too_long(report) or draft_over_context(report)


def over_notes(report: BudgetReport) -> list[str]:
    """Why the draft is over the limit, in the tooltip's and the accessible text's words."""
    notes = []
    if draft_too_long(report):
        notes.append(translate("BudgetGauge", TOO_LONG).format(
            count=number(report.draft_chars), limit=number(MAX_MESSAGE_CHARS)))
    if draft_over_context(report):
        notes.append(translate("BudgetGauge", OVER_CONTEXT).format(
            tokens=number(report.draft_tokens), room=number(prompt_room(report))))
    return notes


def tooltip_html(report: BudgetReport) -> str:
    """Exact numbers per segment, the context size and what is happening, as a small HTML table."""
    rows = []
    for segment in report.segments:
        if segment.name == "free":
            continue
        colour = SEGMENT_STYLE.get(segment.name, ("", "#888888"))[1]
        items = f" <span style='color:gray'>({segment.items})</span>" if segment.items else ""
        label = escape(segment_label(segment.name), quote=False)
        rows.append(
            f"<tr><td><span style='color:{colour}'>&#9632;</span> {label}"
            f"{items}</td><td align='right'>&nbsp;&nbsp;{number(segment.tokens)}</td></tr>"
        )
    free = escape(translate("BudgetGauge", "Free"), quote=False)
    rows.append(f"<tr><td>&#9633; {free}</td><td align='right'>&nbsp;&nbsp;{number(report.free)}</td></tr>")
    percent = 100 * report.used / report.n_ctx if report.n_ctx else 0
    used = translate("BudgetGauge", "<b>{used}</b> of <b>{n_ctx}</b> tokens of context ({percent}%)")
    notes = [used.format(used=number(report.used), n_ctx=number(report.n_ctx), percent=f"{percent:.0f}")]
    if report.summarizing:
        notes.append(translate("BudgetGauge", "Older turns are being folded into the summary."))
    if report.dropped_messages:
        notes.append(Plurals().older_messages_left_out(report.dropped_messages))
    if over_limit(report):
        notes += [f"<span style='color:{OVER_COLOUR}'>{escape(note, quote=False)}</span>"
                  for note in over_notes(report)]
    elif near_limit(report):
        full = translate("BudgetGauge", "Almost full.")
        notes.append(f"<span style='color:{WARN_COLOUR}'>{full}</span>")
    title = translate("BudgetGauge", "Next prompt")
    return (
        f"<p style='white-space:nowrap'><b>{title}</b></p>"
        f"<table cellspacing='0' cellpadding='1'>{''.join(rows)}</table>"
        f"<p style='white-space:nowrap'>{'<br>'.join(notes)}</p>"
    )


class GaugeBar(QWidget):
    """The stacked bar itself (rounded, one slice per non-empty segment, free space left empty)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: BudgetReport | None = None
        self.setMinimumWidth(120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(260, 12)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 1.5, -0.5, -1.5)
        clip = QPainterPath()
        clip.addRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        base = self.palette().color(QPalette.ColorRole.Base)
        text = self.palette().color(QPalette.ColorRole.Text)
        track = QColor(base)
        track = track.darker(108) if base.lightness() > 128 else track.lighter(135)
        painter.fillPath(clip, track)
        over = self.report is not None and over_limit(self.report)
        if self.report and self.report.n_ctx > 0:
            painter.setClipPath(clip)
            end = self._paint_slices(painter, rect)
            if over:  # the rest of the bar hatched: no room is left, whatever the slices say
                painter.fillRect(QRectF(end, rect.top(), rect.right() - end, rect.height()),
                                 QBrush(QColor(OVER_COLOUR), Qt.BrushStyle.BDiagPattern))
            painter.setClipping(False)
        outline = QColor(OVER_COLOUR) if over else QColor(text)
        if not over:
            outline.setAlpha(40)
        painter.setPen(QPen(outline, 2.0 if over else 1.0))
        painter.drawPath(clip)

    def _paint_slices(self, painter: QPainter, rect: QRectF) -> float:
        """Paint the segments left to right; where the last one ends."""
        assert self.report is not None
        x = rect.left()
        scale = rect.width() / self.report.n_ctx
        for segment in self.report.segments:
            if segment.name == "free" or segment.tokens <= 0:
                continue
            width = max(1.5, segment.tokens * scale)
            colour = QColor(SEGMENT_STYLE.get(segment.name, ("", "#999999"))[1])
            brush = QBrush(colour)
            if segment.name == "reply_reserve":
                brush = QBrush(colour, Qt.BrushStyle.BDiagPattern)
                painter.fillRect(QRectF(x, rect.top(), width, rect.height()), colour.lighter(125))
            painter.fillRect(QRectF(x, rect.top(), width, rect.height()), brush)
            x += width
        return x


class BudgetGauge(QWidget):
    """Caption, bar and numbers; ``set_report`` redraws, the tooltip explains."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel(self)
        self.bar = GaugeBar(self)
        self.numbers = QLabel("—", self)
        self.state = QLabel("", self)
        self.report: BudgetReport | None = None
        self.setObjectName("budgetGauge")
        self.numbers.setObjectName("gaugeNumbers")
        self.state.setObjectName("gaugeState")
        self.caption.setObjectName("gaugeCaption")
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 4, 16, 4)
        layout.setSpacing(10)
        layout.addWidget(self.caption)
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.numbers)
        layout.addWidget(self.state)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        """Caption and names; the numbers, state and tooltip of the report shown, in the new locale."""
        self.caption.setText(self.tr("Context"))
        self.setAccessibleName(self.tr("Token budget of the next prompt"))
        if self.report is None:
            self.setToolTip(self.tr("The next prompt's size appears once the model is ready."))
        else:
            self.set_report(self.report)

    def set_report(self, report: BudgetReport) -> None:
        self.report = report
        self.bar.report = report
        approx = "≈" if report.estimated else ""  # a server that cannot count exactly: an estimate
        over, warn = over_limit(report), near_limit(report)
        needed = max(report.used, report.draft_tokens) if over else report.used  # the draft's own need
        self.numbers.setText(f"{approx}{number(needed)} / {number(report.n_ctx)}")
        colour = f"color: {OVER_COLOUR};" if over else f"color: {WARN_COLOUR};" if warn else ""
        self.numbers.setStyleSheet(colour)
        self.state.setStyleSheet(colour)
        self.state.setText(self.state_text(report))
        html = tooltip_html(report)
        if report.estimated:
            html += self.tr(
                "<p>≈ The model server cannot count tokens, so these are estimates; "
                "Hearth keeps a safety margin free.</p>"
            )
        self.setToolTip(html)
        self.bar.setToolTip(html)
        used = self.tr("{used} of {n_ctx} tokens used").format(used=report.used, n_ctx=report.n_ctx)
        state = " ".join([self.tr(", over the limit:"), *over_notes(report)]) if over else (
            self.tr(", almost full") if warn else "")
        self.setAccessibleDescription(used + state)
        self.bar.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Space or Enter (the keypad's too): the breakdown the tooltip gives a mouse."""
        plain = event.modifiers() in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
        if event.key() in SHOW_BREAKDOWN_KEYS and plain:
            self.show_breakdown()
        else:
            super().keyPressEvent(event)

    def show_breakdown(self) -> None:
        """The tooltip, under the middle of the bar (where a hovering mouse would have it)."""
        below_bar = self.bar.geometry().center()
        below_bar.setY(self.bar.geometry().bottom())
        QToolTip.showText(self.mapToGlobal(below_bar), self.toolTip(), self)

    def paintEvent(self, event: QPaintEvent) -> None:
        """A ring while the gauge has the keyboard, in the palette's highlight (the accent in the light and
        the dark theme alike), in the margin around the caption, the bar and the numbers."""
        super().paintEvent(event)
        if not self.hasFocus():
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), FOCUS_RING_WIDTH))
        inset = FOCUS_RING_WIDTH / 2 + 1
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(inset, inset, -inset, -inset), 6, 6)

    @staticmethod
    def state_text(report: BudgetReport) -> str:
        if over_limit(report):
            return translate("BudgetGauge", "Over the limit")
        if report.summarizing:
            return translate("BudgetGauge", "Summarizing older turns…")
        if near_limit(report):
            return translate("BudgetGauge", "Almost full")
        return ""
