"""The token-budget gauge: slices in proportion, exact numbers in the tooltip, warnings near the limit.

The gauge's live behaviour (updates while typing and after a turn, with the real companion's
``BudgetReport``) is tested in ``test_ui_main_window.py``; here it is fed reports of known shape.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from app.core.events import SEGMENT_NAMES, BudgetReport, Segment
from app.ui.activity import ActivityIndicator
from app.ui.gauge import SEGMENT_STYLE, BudgetGauge, near_limit, tooltip_html


def report(history: int, *, n_ctx: int = 4096, summarizing: bool = False, dropped: int = 0) -> BudgetReport:
    parts = {"instructions": 200, "facts": 120, "reflections": 0, "summary": 300, "history": history,
             "recalled": 80, "new_message": 40, "reply_reserve": 512}
    used = sum(parts.values())
    segments = tuple(Segment(name, tokens, 3 if name == "facts" else 0) for name, tokens in parts.items())
    free = max(0, n_ctx - used)
    return BudgetReport(segments=(*segments, Segment("free", free)), n_ctx=n_ctx, free=free,
                        summarizing=summarizing, dropped_messages=dropped)


def test_every_segment_has_a_label_and_colour() -> None:
    assert set(SEGMENT_NAMES) - {"free"} == set(SEGMENT_STYLE)


def test_tooltip_has_exact_numbers_and_the_context_size() -> None:
    html = tooltip_html(report(1000))
    expected = [("Instructions", "200"), ("Memory about you", "120"),
                ("This conversation, word for word", "1,000"), ("Reserved for the reply", "512"),
                ("Free", "1,844")]
    for label, number in expected:
        assert label in html and number in html
    assert "2,252</b> of <b>4,096" in html
    assert "(3)" in html  # three facts in the prompt


def test_bar_slices_are_in_proportion(qtbot) -> None:
    gauge = BudgetGauge()
    qtbot.addWidget(gauge)
    gauge.resize(600, 30)
    gauge.set_report(report(2048 - 1252, n_ctx=4096))  # exactly half the context used
    gauge.show()
    qtbot.waitExposed(gauge)
    image: QImage = gauge.bar.grab().toImage()
    y = image.height() // 2
    reserve = QColor(SEGMENT_STYLE["reply_reserve"][1])

    def coloured(x: int) -> bool:
        pixel = image.pixelColor(x, y)
        return pixel.saturation() > 60 or abs(pixel.hue() - reserve.hue()) < 12 and pixel.value() < 230

    width = image.width()
    assert coloured(int(width * 0.05)) and coloured(int(width * 0.45))
    assert not coloured(int(width * 0.6)) and not coloured(int(width * 0.95))


def test_warning_near_the_limit_and_summarizing_state(qtbot) -> None:
    gauge = BudgetGauge()
    qtbot.addWidget(gauge)
    calm = report(500)
    gauge.set_report(calm)
    assert not near_limit(calm) and gauge.state.text() == ""
    full = report(2500)
    gauge.set_report(full)
    assert near_limit(full)
    assert gauge.state.text() == "Almost full" and "Almost full" in gauge.toolTip()
    assert "d97706" in gauge.numbers.styleSheet()
    folding = report(2700, summarizing=True, dropped=4)
    gauge.set_report(folding)
    assert gauge.state.text() == "Summarizing older turns…"
    assert "4 older messages left out" in gauge.toolTip()
    assert "folded into the summary" in gauge.toolTip()


def test_activity_shows_jobs_without_dialogs(qtbot) -> None:
    from app.core.events import JobFailed, JobFinished, JobStarted

    activity = ActivityIndicator()
    qtbot.addWidget(activity)
    activity.job_started(JobStarted(job_id=1, kind="summary", label=""))
    assert activity.text() == "Summarizing…"
    activity.job_started(JobStarted(job_id=2, kind="facts", label="Remembering…"))
    assert activity.text() == "Remembering…  (+1 more)"
    activity.job_started(JobStarted(job_id=3, kind="reply", label="Writing…"))  # the bubble shows replies
    activity.job_finished(JobFinished(job_id=2, kind="facts"))
    assert activity.text() == "Summarizing…"
    activity.job_started(JobStarted(job_id=4, kind="digest", label=""))
    assert activity.text() == "Writing the day's digest…  (+1 more)"
    activity.job_finished(JobFinished(job_id=1, kind="summary"))
    activity.job_failed(JobFailed(job_id=4, kind="digest", message="the model stopped", hint="retry"))
    assert "did not finish" in activity.text() and "tried again" in activity.text()
