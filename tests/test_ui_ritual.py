"""The daily ritual in the real window (offscreen Qt, the real diary, the real tiny model): the opening
question, write mode, "Ask Hearth", "Go deeper", the calendar, "On this day", the mood, Insights, the weekly
review and export."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from app.core.ritual.calendar import on_this_day
from app.core.ritual.lookback import PastEntry
from app.core.ritual.opening import fallback_questions
from app.store import Diary
from app.ui.calendar_panel import OnThisDayStrip, PastCard
from app.ui.day_ritual import TALK, WRITE
from app.ui.export_day import write_export
from tests.ui_helpers import REPLY_TIMEOUT_MS, Launcher, launcher, seed_days


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def stored(data_dir: Path, conversation_id: int) -> list[tuple[str, str]]:
    with Diary.open(data_dir) as diary:
        return [(m.role, m.text) for m in diary.messages(conversation_id)]


def roles(window) -> list[str]:  # type: ignore[no-untyped-def]
    return [window.chat_model.item(r).role for r in range(window.chat_model.rowCount())]


def test_an_empty_today_shows_a_question_another_and_dismiss(qtbot, launch) -> None:
    hearth = launch()
    card = hearth.window.ritual.card
    qtbot.waitUntil(card.isVisible, timeout=10_000)
    first = card.question.text()
    assert first in fallback_questions("en")  # nothing to ground a question in yet: the fixed list
    qtbot.mouseClick(card.another_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: card.question.text() != first, timeout=10_000)
    qtbot.mouseClick(card.dismiss_button, Qt.MouseButton.LeftButton)
    assert not card.isVisible()
    hearth.runner.wait_idle()
    assert hearth.companion is not None and hearth.companion.opening_question() is None


def test_answering_the_question_keeps_it_above_the_answer(qtbot, launch, data_dir: Path) -> None:
    hearth = launch()
    window = hearth.window
    qtbot.waitUntil(window.ritual.card.isVisible, timeout=10_000)
    question = window.ritual.card.question.text()
    with qtbot.waitSignal(hearth.bridge.reply_finished, timeout=REPLY_TIMEOUT_MS):
        window.composer.set_text("It was a good day, thank you.")
        window.composer.request_send()
    assert not window.ritual.card.isVisible()
    conversation = window.chat_model.conversation_id
    assert stored(data_dir, conversation)[:2] == [
        ("assistant", question),
        ("user", "It was a good day, thank you."),
    ]


def test_write_mode_never_replies_until_ask_hearth(qtbot, launch, data_dir: Path) -> None:
    hearth = launch()
    window, composer = hearth.window, hearth.window.composer
    started: list[object] = []
    hearth.bridge.reply_started.connect(started.append)
    qtbot.waitUntil(window.ritual.card.isVisible, timeout=10_000)
    qtbot.mouseClick(window.ritual.card.dismiss_button, Qt.MouseButton.LeftButton)  # no question to answer
    qtbot.mouseClick(composer.mode_switch.write_button, Qt.MouseButton.LeftButton)
    assert composer.mode == WRITE and composer.send_button.text() == "Save"
    composer.editor.setFocus()
    qtbot.keyClicks(composer.editor, "A long entry, first paragraph.")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)  # a new line, not a send
    qtbot.keyClicks(composer.editor, "Second paragraph.")
    assert "\n" in composer.text() and roles(window) == []
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: roles(window) == ["user"], timeout=10_000)
    assert hearth.companion is not None and hearth.companion.wait_idle(timeout=120)  # memory jobs ran
    hearth.runner.wait_idle()
    assert started == [] and roles(window) == ["user"]
    assert window.ritual.actions.ask_button.isVisible() and window.ritual.actions.deeper_button.isVisible()
    with qtbot.waitSignal(hearth.bridge.reply_finished, timeout=REPLY_TIMEOUT_MS):
        qtbot.mouseClick(window.ritual.actions.ask_button, Qt.MouseButton.LeftButton)
    assert roles(window) == ["user", "assistant"] and len(started) == 1
    assert not window.ritual.actions.ask_button.isVisible()  # answered
    with qtbot.waitSignal(hearth.bridge.reply_finished, timeout=REPLY_TIMEOUT_MS):
        qtbot.mouseClick(window.ritual.actions.deeper_button, Qt.MouseButton.LeftButton)
    assert roles(window) == ["user", "assistant", "assistant"]
    assert [r for r, _ in stored(data_dir, window.chat_model.conversation_id)] == roles(window)
    qtbot.mouseClick(composer.mode_switch.talk_button, Qt.MouseButton.LeftButton)
    assert composer.mode == TALK and composer.send_button.text() == "Send"


def test_calendar_marks_days_opens_them_from_the_keyboard_and_mouse(qtbot, launch, data_dir: Path) -> None:
    seeded = seed_days(data_dir, {1: [("user", "Yesterday's entry.")], 2: [("user", "The day before.")]})
    with Diary.open(data_dir) as diary:
        before = diary.get_message(seeded[2][0])
        assert before is not None
    hearth = launch()
    window = hearth.window
    grid = window.lookback.calendar.grid
    today = date.today()
    qtbot.waitUntil(lambda: grid.view.streaks.longest == 2, timeout=10_000)
    assert grid.view.streaks.current == 2  # yesterday and the day before; today is still unwritten
    assert "2 days" in window.lookback.calendar.streak.text()
    # The day opens in two event-loop turns; its second (the look-back strip, which puts the calendar on the
    # day's month) must be done before the keys move the cursor, or it moves it back on a loaded machine.
    qtbot.waitUntil(lambda: window.lookback._day == today, timeout=10_000)
    target = today - timedelta(days=2)
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Home)
    qtbot.keyClick(grid, Qt.Key.Key_Left)
    qtbot.keyClick(grid, Qt.Key.Key_Left)
    assert grid.current_day == target
    qtbot.waitUntil(lambda: (grid.view.year, grid.view.month) == (target.year, target.month), timeout=10_000)
    assert target in grid.view.marks and (today - timedelta(days=3)) not in grid.view.marks
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000) as loaded:
        qtbot.keyClick(grid, Qt.Key.Key_Return)
    assert loaded.args[0] == before.conversation_id
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000):
        window.open_today()
    hearth.runner.wait_idle()
    if not any(target in week for week in grid.view.grid):  # e.g. on a Monday the 1st the grid starts today
        qtbot.mouseClick(window.lookback.calendar.previous_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: any(target in week for week in grid.view.grid), timeout=10_000)
    cells = [(r, c) for r, week in enumerate(grid.view.grid) for c, d in enumerate(week) if d == target]
    cell = grid._cell(*cells[0])
    with qtbot.waitSignal(window.conversation_loaded, timeout=10_000) as loaded:
        qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=cell.center().toPoint())
    assert loaded.args[0] == before.conversation_id


def test_on_this_day_offers_a_year_ago_and_opens_it(qtbot, launch, data_dir: Path) -> None:
    today = date.today()
    # The day "a year ago" means: 365 days back, 366 within a year after a 29 February, and on 29 February
    # itself 28 February (the test used 365 and skipped itself on those days, most of 2028 among them).
    days_back = (today - dict(on_this_day(today))["year"]).days
    seeded = seed_days(
        data_dir, {days_back: [("user", "A year ago: the first snow.")], 1: [("user", "Yesterday.")]}
    )
    hearth = launch()
    window = hearth.window
    strip = window.lookback.strip
    qtbot.waitUntil(lambda: strip.isVisible() and bool(strip.cards), timeout=10_000)
    assert "A year ago: the first snow." in strip.cards[0].toolTip()
    with Diary.open(data_dir) as diary:
        message = diary.get_message(seeded[days_back][0])
        assert message is not None
        expected = message.conversation_id
    # Today's day may still be finishing its own opening when the card is clicked (it says so with the same
    # signal): wait for the day clicked, then check that it is the one that stays open.
    with qtbot.waitSignal(
        window.conversation_loaded, timeout=10_000, check_params_cb=lambda opened: opened == expected
    ):
        qtbot.mouseClick(strip.cards[0], Qt.MouseButton.LeftButton)
    assert window.opened_conversation_id == expected == window.chat_model.conversation_id


def test_the_person_sets_the_mood_in_the_day_header(qtbot, launch, data_dir: Path) -> None:
    hearth = launch()
    dots = hearth.window.lookback.mood.dots
    qtbot.waitUntil(dots.isVisible, timeout=10_000)
    qtbot.mouseClick(dots, Qt.MouseButton.LeftButton, pos=QPoint(2 + 3 * 18 + 9, 11))  # the fourth dot
    assert dots.mood == 4
    hearth.runner.wait_idle()
    with Diary.open(data_dir) as diary:
        assert diary.moods(date.today(), date.today()) == {date.today(): 4}
    dots.setFocus()
    qtbot.keyClick(dots, Qt.Key.Key_Delete)
    hearth.runner.wait_idle()
    with Diary.open(data_dir) as diary:
        assert diary.moods(date.today(), date.today()) == {}


def test_insights_charts_render_and_save_as_png(qtbot, launch, data_dir: Path, tmp_path: Path) -> None:
    seed_days(data_dir, {n: [("user", f"Day {n}: walked with Anna by the river.")] for n in (1, 2, 3, 5, 8)})
    with Diary.open(data_dir) as diary:
        diary.add_fact("Anna is their sister", kind="person")
        for n, mood in ((1, 4), (2, 2), (5, 5)):
            diary.set_mood(date.today() - timedelta(days=n), mood)
    hearth = launch()
    dialog = hearth.window.ritual.show_insights()
    assert dialog is not None
    qtbot.waitUntil(lambda: all(chart.stats is not None for chart in dialog.charts), timeout=10_000)
    assert len(dialog.stats.words) == 5 and len(dialog.stats.moods) == 3
    assert [p.name for p in dialog.stats.people] == ["Anna"]
    for chart in dialog.charts:
        assert chart.has_data()
        path = tmp_path / f"{type(chart).__name__}.png"
        assert chart.save_png(path)
        image = QImage(str(path))
        assert (
            not image.isNull()
            and len(
                {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
            )
            > 3
        )
    dialog.close()


def test_weekly_review_page_links_to_its_entries(qtbot, launch, data_dir: Path) -> None:
    seeded = seed_days(data_dir, {1: [("user", "Planted tulips with Mia.")]})
    hearth = launch()
    dialog = hearth.window.ritual.show_weekly_review(date.today() - timedelta(days=1))
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=10_000)
    assert "Planted tulips with Mia." in dialog.page.toPlainText()
    assert "Highlights" in dialog.page.toPlainText()
    assert dialog._export_labels()["title"] == dialog.title.text()  # an export is titled as the dialog is
    with Diary.open(data_dir) as diary:
        message = diary.get_message(seeded[1][0])
        assert message is not None
    from PySide6.QtCore import QUrl

    with qtbot.waitSignal(hearth.window.conversation_loaded, timeout=10_000) as loaded:
        dialog.page.anchorClicked.emit(QUrl(f"hearth:conversation/{message.conversation_id}"))
    assert loaded.args[0] == message.conversation_id
    dialog.close()


@pytest.mark.parametrize(("locale", "first"), [("en_US", 6), ("ru_RU", 0)])
def test_weeks_start_as_the_locale_has_it_unless_the_person_chose(
    qtbot, launch, locale: str, first: int
) -> None:
    """en_US weeks start on Sunday, ru_RU weeks on Monday: the calendar's first column and the weekly
    review's week (across New Year) follow; Settings ▸ "Week starts on" overrides the locale."""
    from PySide6.QtCore import QLocale

    before = QLocale()
    QLocale.setDefault(QLocale(locale))
    try:
        hearth = launch()
        window = hearth.window
        grid = window.lookback.calendar.grid
        qtbot.waitUntil(lambda: window.chat_model.conversation_id is not None, timeout=10_000)
        hearth.runner.wait_idle()
        assert {week[0].weekday() for week in grid.view.grid} == {first}
        dialog = window.ritual.show_weekly_review(date(2026, 1, 1))
        assert dialog is not None
        qtbot.waitUntil(lambda: dialog.review is not None, timeout=10_000)
        assert dialog.review.first.weekday() == first and dialog.review.first.year == 2025
        assert dialog.review.last.year == 2026 and dialog.review.scope == "2026-W01"
        dialog.close()
        other = "monday" if first == 6 else "sunday"
        hearth.apply_settings(hearth.settings_store.current.changed(week_start=other))
        qtbot.waitUntil(lambda: grid.view.grid[0][0].weekday() == 6 - first, timeout=10_000)
    finally:
        QLocale.setDefault(before)


def test_export_writes_markdown_and_pdf(qtbot, tmp_path: Path) -> None:
    markdown = "# Monday, 2 March 2026\n\n**You** · 20:00\n\nКириллица и English.\n"
    write_export(tmp_path / "day.md", markdown)
    assert (tmp_path / "day.md").read_text(encoding="utf-8") == markdown
    write_export(tmp_path / "day.pdf", markdown)
    assert (tmp_path / "day.pdf").read_bytes().startswith(b"%PDF")


def _pdf_printer(path: Path):  # type: ignore[no-untyped-def]
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def test_print_day_and_week_go_through_the_printer(qtbot, launch, data_dir: Path, tmp_path: Path,
                                                   monkeypatch) -> None:
    """Diary ▸ Print day… and the weekly review's Print…: the replies question, the page made in the
    background, the print dialog's printer (here a PDF file, offscreen) receives the pages."""
    import app.ui.export_day as export_day

    seed_days(data_dir, {0: [("user", "Printed words, kept on paper."), ("assistant", "A reply.")]})
    asked: list[str] = []
    monkeypatch.setattr(export_day, "ask_replies", lambda _parent, title: asked.append(title) or False)
    targets = iter([tmp_path / "day.pdf", tmp_path / "week.pdf"])
    monkeypatch.setattr(export_day, "ask_printer", lambda _parent: _pdf_printer(next(targets)))
    hearth = launch()
    window = hearth.window
    qtbot.waitUntil(lambda: window.chat_model.rowCount() == 2, timeout=10_000)
    window.actions_["print_day"].trigger()
    qtbot.waitUntil(lambda: (tmp_path / "day.pdf").exists(), timeout=10_000)
    assert (tmp_path / "day.pdf").read_bytes().startswith(b"%PDF")
    dialog = window.ritual.show_weekly_review()
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=10_000)
    dialog.print_button.click()
    qtbot.waitUntil(lambda: (tmp_path / "week.pdf").exists(), timeout=10_000)
    assert (tmp_path / "week.pdf").read_bytes().startswith(b"%PDF") and asked == ["Print", "Print"]
    dialog.close()


def test_print_markdown_lays_out_pages_and_the_print_dialog_can_be_cancelled(qtbot, tmp_path: Path) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtPrintSupport import QPrintDialog
    from PySide6.QtWidgets import QApplication, QWidget

    from app.ui.export_day import ask_printer, print_markdown

    print_markdown(_pdf_printer(tmp_path / "page.pdf"), "# A day\n\nКириллица и English.\n" * 40)
    assert (tmp_path / "page.pdf").read_bytes().startswith(b"%PDF")
    parent = QWidget()
    qtbot.addWidget(parent)
    seen: list[bool] = []

    def close_it() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QPrintDialog) and widget.isVisible():
                seen.append(True)
                widget.reject()
                return
        QTimer.singleShot(20, close_it)

    QTimer.singleShot(0, close_it)
    assert ask_printer(parent) is None and seen == [True]


def test_on_this_day_cards_say_how_long_ago_alike_in_the_words_that_fit(qtbot) -> None:
    """With the memory dock open at 1024 px a card is about 110 px wide: "Six months ago" was cut to
    "Six mont…". The row then says it shorter, every card the same way, and never cut mid-word."""
    strip = OnThisDayStrip()
    qtbot.addWidget(strip)
    day = date(2026, 3, 1)
    strip.set_entries([PastEntry(ago, day, 1, "A long first line of the day", 6)
                       for ago in ("month", "half_year", "year")])
    strip.resize(900, strip.sizeHint().height())
    strip.show()
    qtbot.waitUntil(lambda: all(card.width() > 250 for card in strip.cards))
    assert [card.shown_title() for card in strip.cards] == ["A month ago", "Six months ago", "A year ago"]
    strip.resize(343, strip.height())
    qtbot.waitUntil(lambda: all(card.width() < 120 for card in strip.cards))
    assert [card.shown_title() for card in strip.cards] == ["1 month", "6 months", "1 year"]
    alone = PastCard(["Six months ago", "6 months"], "A long first line of the day")
    qtbot.addWidget(alone)
    alone.resize(60, alone.sizeHint().height())  # narrower than any wording needs
    assert alone.shown_title().endswith("…") and alone.shown_title().startswith("6 m")
