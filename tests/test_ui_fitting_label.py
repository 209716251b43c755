"""The day header's date says as much as its width allows and never widens the chat column.

Real Qt widgets offscreen; widths are measured with the label's own font, so the test holds whatever
fonts the machine has.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from app.store import Conversation
from app.ui.fitting_label import FittingLabel
from app.ui.i18n import DateText
from app.ui.window_parts import DayHeader

LONG, SHORT = "Wednesday, 30 September 2026", "Wednesday, 30 September"


def _label(qtbot: Any) -> FittingLabel:
    label = FittingLabel()
    qtbot.addWidget(label)
    label.set_texts([LONG, SHORT])
    label.show()
    return label


def _width(label: FittingLabel, text: str) -> int:
    return label.fontMetrics().horizontalAdvance(text)


def test_the_longest_text_that_fits_is_shown_and_the_shortest_is_elided_below_it(qtbot: Any) -> None:
    label = _label(qtbot)
    assert label.sizeHint().width() == _width(label, LONG)
    assert label.minimumSizeHint().width() == _width(label, SHORT)  # the layout may squeeze it to this
    label.resize(_width(label, LONG) + 4, label.height())
    assert label.text() == LONG
    label.resize(_width(label, LONG) - 1, label.height())
    assert label.text() == SHORT
    label.resize(_width(label, SHORT) // 2, label.height())
    assert label.text().endswith("…") and label.text() not in label.texts()
    assert label.accessibleName() == LONG  # a screen reader hears the whole date whatever is shown
    label.resize(_width(label, LONG) + 4, label.height())
    assert label.text() == LONG


def test_no_texts_shows_nothing(qtbot: Any) -> None:
    label = _label(qtbot)
    label.set_texts([])
    assert label.text() == "" and label.full_text() == "" and label.minimumSizeHint().width() == 0


def test_the_day_headers_minimum_width_is_its_title_and_the_abbreviated_date(qtbot: Any) -> None:
    header = DayHeader()
    qtbot.addWidget(header)
    day = date(2026, 9, 30)  # "Wednesday, 30 September": English's longest weekday and month, as today
    noon = datetime(2026, 9, 30, 12)
    header.show_conversation(Conversation(id=1, created_at=noon, updated_at=noon, day=day), today=day)
    header.show()
    dates = DateText()
    assert header.date.texts() == [dates.long_day(day), dates.day_this_year(day), dates.short_day(day)]
    shortest = header.date.fontMetrics().horizontalAdvance(dates.short_day(day))
    longer = header.date.fontMetrics().horizontalAdvance(dates.long_day(day))
    assert header.minimumSizeHint().width() < header.sizeHint().width() - (longer - shortest) + 1
    header.resize(header.minimumSizeHint().width(), header.height())
    qtbot.waitUntil(lambda: header.date.text() == dates.short_day(day))


def test_the_day_headers_minimum_width_hardly_depends_on_the_date(qtbot: Any) -> None:
    """A long weekday and month ("Wednesday, 27 September") made the chat column wider on some days than on
    others, so a layout that fitted on a Wednesday in December cut the sidebar's search hint on other days
    (and on opening an older day, whose date is the title)."""
    header = DayHeader()
    qtbot.addWidget(header)
    for seen_on in (None, date(2029, 6, 30)):  # as today ("Today" and the date), as an older day (its date)
        widths = set()
        for day in (date(2028, 1, 1) + timedelta(days=n) for n in range(366)):
            noon = datetime.combine(day, time(12))
            page = Conversation(id=1, created_at=noon, updated_at=noon, day=day)
            header.show_conversation(page, today=seen_on or day)
            widths.add(header.minimumSizeHint().width())
        assert max(widths) - min(widths) <= header.title.fontMetrics().horizontalAdvance("Wed, 3"), seen_on
