"""The interface's language: which translation is loaded, the locale dates are written in, plural forms.

Every string a person sees in ``app.ui`` is English source text wrapped in ``self.tr`` or
``QCoreApplication.translate``; ``pyside6-lupdate`` collects them into ``app/resources/i18n/hearth_<lang>.ts``
and ``pyside6-lrelease`` builds the ``.qm`` this module loads (``make translations`` does both). A new
language is a new ``.ts`` file: ``available_languages`` lists whatever ``.qm`` files ship, and the Settings
dialog offers them.

The setting is ``system`` (the system locale's language if Hearth has it, else English), ``en`` or a
language code with a ``.qm``. It is applied at start-up, before the first widget is built, and again at
once when Settings changes it: ``install_language`` swaps the translators, and Qt sends every widget a
``QEvent.LanguageChange``, on which each widget sets its texts again (``follow_language``, below). Qt's
own strings (standard buttons, "Show Details…") come from Qt's ``qtbase_<lang>.qm``.

How a widget follows a language switch — the one pattern, for every new widget too:

1. one ``retranslate(self)`` method per widget class sets *all* its texts (``setText``, ``setToolTip``,
   ``setAccessibleName``, placeholders, titles, action texts, dates). A text made from state (a status
   line, a count, a date) is made again from that state: keep the state, not the finished string
   (``LiveTexts`` keeps "how to make this label's text" for such labels);
2. the end of ``__init__`` calls ``follow_language(self, self.retranslate)``: it runs ``retranslate`` now
   and on every ``LanguageChange`` the widget receives;
3. item models compute their texts in ``data()`` / ``headerData()``; the view's owner emits
   ``dataChanged`` / ``headerDataChanged`` from its ``retranslate`` (``refresh_model_texts``).

The main window and everything in it, the model manager and the Settings dialog follow this pattern.
The unlock and encryption dialogs are short-lived and modal (Settings cannot be saved while one is open),
so they take their texts when they are built.

Dates go through the default ``QLocale``, set to the chosen language, with the date *formats* themselves
translatable (``DateText``): "Tuesday, 1 December 2026" / "вторник, 1 декабря 2026".

Plurals: pyside6-lupdate marks a message as numerus only for ``self.tr(text, "", n)``, not for
``QCoreApplication.translate`` — so every counted phrase lives in ``Plurals``, a QObject whose methods use
``self.tr``; that also gives the plural test one place to check every form.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime
from importlib import resources
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QCoreApplication,
    QDate,
    QEvent,
    QLibraryInfo,
    QLocale,
    QModelIndex,
    QObject,
    Qt,
    QTime,
    QTranslator,
)
from PySide6.QtWidgets import QWidget

from app.llm.catalog import CatalogEntry, format_bytes
from app.ui.error_texts import QT_TRANSLATE_NOOP as QT_TRANSLATE_NOOP  # re-exported for the GUI

SOURCE_LANGUAGE = "en"
SYSTEM = "system"
_QM = re.compile(r"hearth_([a-z]{2,3}(?:_[A-Z]{2})?)\.qm")
_installed: list[QTranslator] = []  # kept referenced: Qt does not own installed translators


def i18n_dir() -> Path:
    """The folder of the shipped translations (package data of ``app.resources``)."""
    return Path(str(resources.files("app.resources") / "i18n"))


def available_languages() -> list[str]:
    """English (the source) and every language a ``hearth_<lang>.qm`` ships for."""
    found = sorted(m.group(1) for p in i18n_dir().glob("hearth_*.qm") if (m := _QM.fullmatch(p.name)))
    return [SOURCE_LANGUAGE, *found]


def language_name(code: str) -> str:
    """A language's name in that language ("English", "Русский") — how people look for their own."""
    name = QLocale(code).nativeLanguageName()
    if code == SOURCE_LANGUAGE or not name:
        return "English"
    return capitalised(name)


def capitalised(text: str) -> str:
    """``text`` with its first letter upper-case: a title, or the start of a line, in a language that writes
    weekdays, months and its own name in lower case inside a sentence (Russian)."""
    return text[:1].upper() + text[1:]


def resolve_language(setting: str, system: QLocale | None = None) -> str:
    """The language code the ``setting`` means on this machine (``system``: the locale's, if shipped)."""
    available = available_languages()
    if setting != SYSTEM:
        return setting if setting in available else SOURCE_LANGUAGE
    ui_languages = (system or QLocale.system()).uiLanguages()
    for tag in ui_languages:
        code = tag.replace("-", "_").split("_")[0].lower()
        if code in available:
            return code
    return SOURCE_LANGUAGE


def install_language(setting: str, app: QCoreApplication | None = None) -> str:
    """Load the translation ``setting`` calls for (removing any earlier one); returns the language code.

    Sets the default ``QLocale`` first (dates follow the language), then swaps the translators: Qt then
    sends ``LanguageChange`` to every widget, and the widgets that ``follow_language`` retranslate.
    """
    app = app or QCoreApplication.instance()
    code = resolve_language(setting)
    remove_translators(app)
    QLocale.setDefault(QLocale(code) if code != SOURCE_LANGUAGE else _english_locale())
    if app is None or code == SOURCE_LANGUAGE:
        return code
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, folder in ((f"qtbase_{code}", qt_dir), (f"hearth_{code}", str(i18n_dir()))):
        translator = QTranslator(app)
        if translator.load(name, folder):
            app.installTranslator(translator)
            _installed.append(translator)
    return code


def remove_translators(app: QCoreApplication | None = None) -> None:
    """Back to the English source texts (tests switch languages back and forth)."""
    app = app or QCoreApplication.instance()
    while _installed:
        translator = _installed.pop()
        if app is not None:
            app.removeTranslator(translator)
    QLocale.setDefault(_english_locale())


def first_weekday(week_start: str = "auto") -> int:
    """Where weeks begin, as ``date.weekday()`` counts (0 Monday … 6 Sunday): the setting's "monday" or
    "sunday", else the interface's locale (en_US: Sunday; ru_RU, en_GB: Monday)."""
    if week_start == "monday":
        return 0
    if week_start == "sunday":
        return 6
    return QLocale().firstDayOfWeek().value - 1  # Qt counts Monday = 1 … Sunday = 7


def _english_locale() -> QLocale:
    """English dates: the system locale when it is English (its own conventions), else British English."""
    system = QLocale.system()
    return system if system.language() == QLocale.Language.English else QLocale("en_GB")


Text = str | Callable[[], str]  # a finished text, or how to make it (made again when the language changes)


def made(text: Text) -> str:
    """The text ``text`` stands for now (in the interface's current language, if it is a maker)."""
    return text() if callable(text) else text


class _LanguageWatcher(QObject):
    """Calls ``retranslate`` whenever its widget receives ``QEvent.LanguageChange``."""

    def __init__(self, widget: QWidget, retranslate: Callable[[], None]) -> None:
        super().__init__(widget)
        self._retranslate = retranslate
        widget.installEventFilter(self)

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        return False


def follow_language(widget: QWidget, retranslate: Callable[[], None]) -> None:
    """Set ``widget``'s texts now (``retranslate()``) and again every time the interface's language changes.

    Call it at the end of ``__init__``, with the widget's ``retranslate`` method (see the module docstring).
    """
    retranslate()
    _LanguageWatcher(widget, retranslate)


def refresh_model_texts(model: QAbstractItemModel) -> None:
    """Tell the views of ``model`` that every text it gives (cells and headers) may have changed."""
    root = QModelIndex()
    columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(root)  # (private in lists)
    rows = model.rowCount(root)
    if columns:
        model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, columns - 1)
    if rows and columns:
        model.dataChanged.emit(model.index(0, 0), model.index(rows - 1, columns - 1))


class _Texted(Protocol):
    def setText(self, text: str, /) -> None: ...  # noqa: N802 - Qt's name


class LiveTexts:
    """Labels whose text is made from state ("Paused at 40%", "Loading Qwen…"): each label's maker is kept,
    so a language switch makes the text again in the new language instead of leaving the old one."""

    def __init__(self) -> None:
        self._makers: dict[_Texted, Callable[[], str]] = {}

    def set(self, label: _Texted, make: Callable[[], str]) -> None:
        """Show ``make()`` on ``label`` (a QLabel or button) now, and again in ``refresh``."""
        self._makers[label] = make
        label.setText(make())

    def refresh(self) -> None:
        for label, make in self._makers.items():
            label.setText(make())


def current_language() -> str:
    """The language the interface speaks now ("en", "ru", …)."""
    return SOURCE_LANGUAGE if not _installed else QLocale().name().split("_")[0]


class DateText(QObject):
    """Dates and times as the person's language writes them; the formats are translatable strings."""

    def long_day(self, day: date) -> str:
        """"Tuesday, 1 December 2026" / "вторник, 1 декабря 2026"."""
        return QLocale().toString(_qdate(day), self.tr("dddd, d MMMM yyyy"))

    def heading_day(self, day: date) -> str:
        """"Tuesday, 1 December 2026" / "Вторник, 1 декабря 2026": ``long_day`` where it begins a heading or
        a line (a printed or exported day or week). Russian writes a weekday in lower case only inside a
        sentence; the CLI's ``long_day`` already capitalises it, so both exports read alike (QA)."""
        return capitalised(self.long_day(day))

    def day_this_year(self, day: date) -> str:
        """"Tuesday, 1 December" / "вторник, 1 декабря"."""
        return QLocale().toString(_qdate(day), self.tr("dddd, d MMMM"))

    def short_day(self, day: date, with_year: bool = False) -> str:
        """"Wed, 30 Sep" / "ср, 30 сент." (and "Wed, 30 Sep 2026") — the day header's last resort: its width
        hardly depends on the date ("понедельник, 25 сентября" is twice as wide as "среда, 3 мая"), so a long
        weekday and month cannot widen the chat column and squeeze the sidebar on some days and not others."""
        pattern = self.tr("ddd, d MMM yyyy") if with_year else self.tr("ddd, d MMM")
        return QLocale().toString(_qdate(day), pattern)

    def day_and_time(self, when: datetime) -> str:
        """"Tuesday 01 December 2026, 21:05" — the accessible text of a message."""
        day = QLocale().toString(_qdate(when.date()), self.tr("dddd dd MMMM yyyy"))
        return f"{day}, {self.time(when)}"

    def backup_time(self, when: datetime) -> str:
        """"01 December 2026 21:05"."""
        day_format = self.tr("dd MMMM yyyy")
        return f"{QLocale().toString(_qdate(when.date()), day_format)} {self.time(when)}"

    @staticmethod
    def time(when: datetime) -> str:
        """24-hour "21:05" in every language (a diary's times, not a clock's)."""
        return QLocale().toString(QTime(when.hour, when.minute), "HH:mm")


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def number(value: int) -> str:
    """1,234 / 1 234 — grouped as the language writes numbers (English keeps Python's "1,234" whatever
    the system locale, e.g. "C", would group)."""
    return f"{value:,}" if current_language() == SOURCE_LANGUAGE else QLocale().toString(value)


def data_size(n: float) -> str:
    """"2.1 GB" / "2,1 ГБ": decimal units, as download sites show them, in the interface's language."""
    if current_language() == SOURCE_LANGUAGE:
        return format_bytes(n)
    if abs(n) < 1000:
        return QCoreApplication.translate("DataSize", "{n} B").format(n=round(n))
    return QLocale().formattedDataSize(round(n), 1, QLocale.DataSizeFormat.DataSizeSIFormat)


def entry_size(entry: CatalogEntry) -> str:
    """A catalog entry's download size (``size_text``, which is English, for the other languages)."""
    return data_size(entry.size) if entry.size else QCoreApplication.translate("DataSize", "size unknown")


class Plurals(QObject):
    """Every counted phrase of the interface ("%n entries" → "1 запись", "2 записи", "5 записей").

    The ``%n`` sources are for translators; English itself is written here (one / other), so the
    interface reads "1 match", "3 matches" with no translation file loaded at all.
    """

    @staticmethod
    def _english(n: int, translated: str, one: str, other: str) -> str:
        if current_language() != SOURCE_LANGUAGE:
            return translated
        return (one if n == 1 else other).format(n=number(n))

    def matches(self, n: int) -> str:
        return self._english(n, self.tr("%n match(es)", "", n), "{n} match", "{n} matches")

    def facts(self, n: int) -> str:
        return self._english(n, self.tr("%n fact(s)", "", n), "{n} fact", "{n} facts")

    def shown(self, n: int) -> str:
        return self._english(n, self.tr("%n shown", "", n), "{n} shown", "{n} shown")

    def in_next_prompt(self, n: int) -> str:
        return self._english(
            n, self.tr("%n in the next prompt", "", n),
            "{n} in the next prompt", "{n} in the next prompt")

    def tokens(self, n: int) -> str:
        return self._english(n, self.tr("%n token(s)", "", n), "{n} token", "{n} tokens")

    def things_remembered(self, n: int) -> str:
        return self._english(
            n, self.tr("Remembered %n thing(s):", "", n),
            "Remembered {n} thing:", "Remembered {n} things:")

    def older_messages_left_out(self, n: int) -> str:
        return self._english(
            n, self.tr("%n older message(s) left out of this prompt.", "", n),
            "{n} older message left out of this prompt.", "{n} older messages left out of this prompt.")

    def more_jobs(self, n: int) -> str:
        return self._english(n, self.tr("(+%n more)", "", n), "(+{n} more)", "(+{n} more)")

    def entries(self, n: int) -> str:
        return self._english(n, self.tr("%n entry(-ies)", "", n), "{n} entry", "{n} entries")

    def remembered_entries(self, n: int) -> str:
        return self._english(
            n, self.tr("Remembered %n entry(-ies)", "", n), "Remembered {n} entry", "Remembered {n} entries")

    def seconds_left(self, n: int) -> str:
        return self._english(n, self.tr("about %n s left", "", n), "about {n} s left", "about {n} s left")

    def minutes_left(self, n: int) -> str:
        return self._english(
            n, self.tr("about %n min left", "", n),
            "about {n} min left", "about {n} min left")
