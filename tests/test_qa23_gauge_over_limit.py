"""QA 23: a draft past a limit by itself — a 300,000-character one — is marked on the gauge: the bar hatched
and outlined in red, the numbers its need, "Over the limit" said, and the accessible text says so too.
The bar alone drew the prompt that would be sent (the message cut to its share), so it looked calm.
The reports are the companion's own (a scripted model, a real diary); the painting is real Qt offscreen.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from app.config import Settings
from app.core.companion import Companion
from app.core.events import BudgetReport
from app.store import Diary
from app.ui.gauge import OVER_COLOUR, BudgetGauge, near_limit, over_limit, tooltip_html
from tests.fakes import ScriptedModel


@pytest.fixture
def companion(data_dir: Path) -> Iterator[Companion]:
    diary, model = Diary.open(data_dir), ScriptedModel(n_ctx=2048)
    made = Companion(diary, model, Settings())
    yield made
    made.close()
    model.close()
    diary.close()


def reports(companion: Companion) -> tuple[BudgetReport, BudgetReport, BudgetReport]:
    short = companion.preview_budget("A walk by the river.")
    long = companion.preview_budget("word " * 1000)  # cut to its share, but it fits a prompt
    huge = companion.preview_budget("word " * 60_000)  # 300,000 characters
    return short, long, huge


def red_pixels(image: QImage, xs: range) -> int:
    red = QColor(OVER_COLOUR)
    found = 0
    for x in xs:
        for y in range(image.height()):
            pixel = image.pixelColor(x, y)
            if abs(pixel.hue() - red.hue()) < 10 and pixel.saturation() > 120 and pixel.value() > 120:
                found += 1
    return found


def bar_image(qtbot, gauge: BudgetGauge, report: BudgetReport) -> QImage:
    gauge.set_report(report)
    gauge.repaint()
    return gauge.bar.grab().toImage()


def test_the_huge_drafts_report_looked_like_a_long_one(companion: Companion) -> None:
    _short, long, huge = reports(companion)
    assert huge.used == long.used and not near_limit(huge)  # the prompt itself: no sign of trouble
    assert not over_limit(long) and over_limit(huge)


def test_the_gauge_marks_a_draft_over_the_limit(qtbot, companion: Companion) -> None:
    short, long, huge = reports(companion)
    gauge = BudgetGauge()
    qtbot.addWidget(gauge)
    gauge.resize(600, 30)
    gauge.show()
    qtbot.waitExposed(gauge)
    width = gauge.bar.width()
    calm = bar_image(qtbot, gauge, long)
    assert gauge.state.text() == "" and "dc2626" not in gauge.numbers.styleSheet()
    assert red_pixels(calm, range(int(width * 0.75), width - 2)) == 0
    over = bar_image(qtbot, gauge, huge)
    assert red_pixels(over, range(int(width * 0.75), width - 2)) > 20  # the free part hatched in red
    assert gauge.state.text() == "Over the limit"
    assert "dc2626" in gauge.numbers.styleSheet() and "dc2626" in gauge.state.styleSheet()
    assert gauge.numbers.text() == f"{huge.draft_tokens:,} / 2,048"  # the draft's need, not the cut prompt
    said = gauge.accessibleDescription()
    assert said.startswith(f"{huge.used} of 2048 tokens used, over the limit:")
    assert "300,000 characters; one entry holds at most 200,000" in said
    assert f"needs {huge.draft_tokens:,} tokens; a prompt holds at most 1,536" in said
    assert "Only its beginning and end would reach the model." in gauge.toolTip()
    bar_image(qtbot, gauge, short)
    assert gauge.state.text() == "" and "over the limit" not in gauge.accessibleDescription()


def test_the_tooltip_says_why_and_escapes_nothing_of_the_markup() -> None:
    report = BudgetReport(segments=(), n_ctx=4096, free=4096, draft_tokens=5000, draft_chars=20_000)
    html = tooltip_html(report)
    assert "needs 5,000 tokens; a prompt holds at most 4,096" in html and "Almost full" not in html
    assert "one entry holds" not in html  # 20,000 characters is not too long for an entry
