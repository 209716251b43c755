"""Walking a window widget by widget: what a person can read on it, and whether it fits.

Shared by the Russian walker (``test_ui_russian``) and the live language switch (``test_ui_live_language``):

- *untranslated*: a text that is exactly one of the English sources in ``hearth_ru.ts`` (or matches a
  source with ``{placeholders}``), or one of Qt's own English button labels;
- *clipped*: a label, button, check box, combo box or group-box title whose size hint does not fit the
  geometry the layout gave it (a wrapped label: its height for its width; a ``FittingLabel``: elided
  rather than one of its texts), or a line edit whose placeholder is wider than the field.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date, datetime, time, timedelta

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QWidget,
)

from app.store import Conversation
from app.ui.calendar_panel import PastCard
from app.ui.fitting_label import FittingLabel
from app.ui.i18n import DateText, i18n_dir
from app.ui.window_parts import DayHeader
from app.ui.wrap_button import WrapButton

SIZE = (1024, 700)
DOCK_WIDTH = 400
# Qt's own English button labels ("OK" is "OK" in Russian too, so it is not one of them).
QT_ENGLISH = {"Cancel", "Save", "Close", "Yes", "No", "Apply", "Show Details...", "Hide Details..."}
NOT_WORDS = {"Hearth", "—", "…", "✕", "●"}  # the name, and marks that are the same in every language


def english_sources() -> tuple[set[str], list[re.Pattern[str]]]:
    """The .ts sources whose Russian differs: exact texts, and patterns for those with placeholders."""
    exact: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for message in ET.parse(i18n_dir() / "hearth_ru.ts").getroot().iter("message"):
        source = (message.findtext("source") or "").replace("&", "")
        translation = message.find("translation")
        text = translation.text if translation is not None else None
        if not source or source in NOT_WORDS or (text or "").replace("&", "") == source:
            continue
        if "{" in source:
            pieces = re.split(r"\{\w+\}", source)
            if sum(c.isalpha() for c in "".join(pieces)) >= 8:  # ("{done} of {total}" would match any diary)
                patterns.append(re.compile(".+".join(re.escape(p) for p in pieces), re.DOTALL))
        elif "%n" not in source:
            exact.add(source)
    return exact | QT_ENGLISH, patterns


ENGLISH, ENGLISH_PATTERNS = english_sources()


def is_english(text: str) -> bool:
    text = text.replace("&", "").strip()
    return bool(text) and (text in ENGLISH or any(p.fullmatch(text) for p in ENGLISH_PATTERNS))


def texts_of(widget: QWidget) -> list[str]:
    """Everything a person can read on ``widget`` (its own texts, not its children's)."""
    texts = [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
    if widget.isWindow():
        texts.append(widget.windowTitle())
    if isinstance(widget, QLabel):
        texts.append(re.sub(r"<[^>]+>", "", widget.text()))
    elif isinstance(widget, WrapButton):
        texts.append(widget.full_text())
    elif isinstance(widget, PastCard):
        texts.append(widget.shown_title())
    elif isinstance(widget, QAbstractButton):
        texts.append(widget.text())
    elif isinstance(widget, (QLineEdit, QPlainTextEdit)):
        texts.append(widget.placeholderText())
    elif isinstance(widget, QGroupBox):
        texts.append(widget.title())
    elif isinstance(widget, QComboBox):
        texts += [widget.itemText(i) for i in range(widget.count())]
    elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model, root = widget.model(), QModelIndex()
        columns = range(1 if isinstance(model, QAbstractListModel) else model.columnCount(root))
        texts += [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in columns]
        texts += [str(model.index(r, c).data() or "") for r in range(model.rowCount(root)) for c in columns]
    texts += [action.text() for action in widget.actions()]
    texts += [action.toolTip() for action in widget.actions()]
    return [t for t in texts if t]


def clipped_text(widget: QWidget) -> str | None:
    """Why ``widget``'s text does not fit its geometry, or None."""
    width, height = widget.width() + 1, widget.height() + 1
    if isinstance(widget, FittingLabel):  # a shorter text is a fit, an elided one is not
        fits = widget.text() in widget.texts() or not widget.texts()
        return None if fits else f"elided to {widget.text()!r}"
    if isinstance(widget, PastCard):  # paints its own title: a shorter wording is a fit, an elided one is not
        shown = widget.shown_title()
        return None if shown in widget.titles else f"title elided to {shown!r}"
    if isinstance(widget, QLabel) and widget.text():
        if widget.wordWrap():
            too_tall = widget.heightForWidth(widget.width()) > height
            return f"wrapped text too tall: {widget.text()[:60]!r}" if too_tall else None
        return "text too wide" if widget.sizeHint().width() > width else None
    if isinstance(widget, WrapButton):
        hint = widget.minimumSizeHint()
        if hint.width() > width or hint.height() > height or widget.text().endswith("…") != \
                widget.full_text().endswith("…"):
            return f"label {widget.text()!r} does not fit {widget.width()} px"
        return None
    if isinstance(widget, (QAbstractButton, QComboBox)) and widget.sizeHint().width() > width:
        return f"needs {widget.sizeHint().width()} px, has {widget.width()}"
    if isinstance(widget, QGroupBox) and widget.fontMetrics().horizontalAdvance(widget.title()) > width:
        return "title too wide"
    if isinstance(widget, QLineEdit) and widget.placeholderText() and not widget.text():
        room = widget.contentsRect().width() - 8  # the frame's and the text margins
        if widget.fontMetrics().horizontalAdvance(widget.placeholderText()) > room:
            return f"placeholder {widget.placeholderText()!r} cut at {widget.width()} px"
    return None


def walk(top: QWidget) -> tuple[list[str], list[str]]:
    """(untranslated, clipped) descriptions for every visible widget of the window ``top``."""
    untranslated, clipped = [], []
    for widget in [top, *top.findChildren(QWidget)]:
        if not widget.isVisible() or isinstance(widget.parent(), QAbstractItemView):
            continue
        name = f"{type(widget).__name__}#{widget.objectName() or '?'}"
        untranslated += [f"{name}: {t!r}" for t in texts_of(widget) if is_english(t)]
        problem = clipped_text(widget)
        if problem:
            clipped.append(f"{name}: {problem}")
    return untranslated, clipped


def english_in_menus(window: QWidget) -> list[str]:
    texts = []
    for menu in window.findChildren(QMenu):
        texts.append(menu.title())
        texts += [a.text() for a in menu.actions() if not a.isSeparator()]
    return [t for t in texts if is_english(t)]


def check_screen(top: QWidget) -> None:
    for _ in range(3):  # a text set by a finished task posts a layout request, which posts the next
        QApplication.processEvents()
    untranslated, clipped = walk(top)
    assert not untranslated, f"English left in {top.windowTitle()!r}:\n" + "\n".join(untranslated)
    where = f"{top.windowTitle()!r} at {top.width()}×{top.height()}"
    assert not clipped, f"clipped in {where}:\n" + "\n".join(clipped)




def widest_days(label: QWidget) -> list[date]:
    """The days of a leap year whose long, year-less and abbreviated dates are widest in ``label``'s font
    and the interface's language ("Wednesday, 27 September 2028", "понедельник, 25 сентября 2028"): the
    walkers show them as today, so a layout that fits only on some dates fails on every CI run."""
    dates, metrics = DateText(), label.fontMetrics()
    days = [date(2028, 1, 1) + timedelta(days=n) for n in range(366)]
    forms = (dates.long_day, dates.day_this_year, dates.short_day)
    return sorted({max(days, key=lambda day: metrics.horizontalAdvance(form(day))) for form in forms})


def clipped_on_widest_dates(window: QWidget, day_header: DayHeader) -> list[str]:
    """What ``walk`` finds clipped in ``window`` while ``day_header`` shows each of the widest days as
    today, as an earlier day of its year, and as a day of another year (the title is then the date)."""
    clipped = []
    for day in widest_days(day_header.date):
        noon = datetime.combine(day, time(12))
        page = Conversation(id=1, day=day, created_at=noon, updated_at=noon)
        for today in (day, max(day + timedelta(days=2), date(day.year, 12, 31)), day + timedelta(days=400)):
            day_header.show_conversation(page, today=today)
            for _ in range(3):  # the header's new minimum width posts a layout request, which posts the next
                QApplication.processEvents()
            clipped += [f"{day} seen on {today}: {problem}" for problem in walk(window)[1]]
    return clipped


CYRILLIC = re.compile("[а-яА-ЯёЁ]")
NATIVE_NAMES = {"Русский"}  # Settings lists each language under its own name, in every language


def cyrillic_left(top: QWidget) -> list[str]:
    """Every text on ``top``'s visible widgets and menus that has a Cyrillic letter (an English screen)."""
    found = []
    for widget in [top, *top.findChildren(QWidget)]:
        if widget.isVisible() and not isinstance(widget.parent(), QAbstractItemView):
            name = f"{type(widget).__name__}#{widget.objectName() or '?'}"
            russian = [t for t in texts_of(widget) if CYRILLIC.search(t) and t not in NATIVE_NAMES]
            found += [f"{name}: {t!r}" for t in russian]
    for menu in top.findChildren(QMenu):
        found += [t for t in [menu.title(), *(a.text() for a in menu.actions())] if CYRILLIC.search(t)]
    return found
