"""Every typed error a person can meet reads in Russian: its title, its class's hint, and every message and
hint it is raised with — so a new error (or a new message) cannot slip onto a Russian screen in English.

The classes are found by walking every module of ``app.store``, ``app.llm``, ``app.core`` (and the data
folder's ``app.config``); the messages by reading the source of those packages for every place one of
those classes is constructed (a message with values in it is tried with sample values). The lookup is the
CLI's (``app.cli.i18n``: the same ``hearth_ru.ts`` as the GUI, without starting Qt).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import app
from app.cli.i18n import error_text, set_language, translate
from app.ui.error_map import TITLES as _TITLES

ROOT = Path(app.__file__).parent
PACKAGES = ("app.store", "app.llm", "app.core", "app.cli")
# Exceptions that never reach a person: control flow between threads, retries, SQLite's own class.
INTERNAL = {"Aborted", "Preempted", "StreamAborted", "JobCancelled", "TransferRetry", "_Bad", "_Stopped",
            "Corruption", "_CannotRescue",  # never leave the store (rescue: the old path is taken)
            "NotAWal", "UnreadableHeader"}  # nor these: a log the store cannot read (app.store.wal)
# Constructors that build a typed error from a message (``_refused`` wraps ``ImportRefused``).
BUILDERS = {"_refused"}
# Sample values for parts of a message that are themselves sentences (the rest get "12").
SAMPLES = {
    "where": 'Row 3 of "message" (id 17)',
    "_where(name, number, values)": 'Row 3 of "message"',
    "bad": "the text is not text",
    "place": "line 12, column 12",
}
CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@pytest.fixture(autouse=True)
def russian() -> Iterator[None]:
    set_language("ru")
    yield
    set_language("en")


def _error_classes() -> list[type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    modules = ["app.config"]
    for package in PACKAGES:
        path = [str(ROOT / package.split(".")[1])]
        modules += [package, *(f"{package}.{m.name}" for m in pkgutil.walk_packages(path))]
    for name in modules:
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if inspect.isclass(cls) and issubclass(cls, BaseException) and cls.__module__ == name:
                found[f"{name}.{cls.__qualname__}"] = cls
    return [cls for _key, cls in sorted(found.items()) if cls.__name__ not in INTERNAL]


ERROR_CLASSES = _error_classes()
ERROR_NAMES = {cls.__name__ for cls in ERROR_CLASSES} | BUILDERS


def _sample(node: ast.expr) -> str | None:
    """The text a message argument makes, with sample values for its ``{…}`` parts; None if not a literal."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if not isinstance(node, ast.JoinedStr):
        return None
    text = ""
    for index, part in enumerate(node.values):
        if isinstance(part, ast.Constant):
            text += str(part.value)
            continue
        assert isinstance(part, ast.FormattedValue)
        last = index == len(node.values) - 1
        if last and text.endswith("."):
            continue  # an optional sentence appended (" It was moved aside to …", " The server said: …")
        text += _value(part)
    return text


def _value(part: ast.FormattedValue) -> str:
    source = ast.unparse(part.value)
    if source in SAMPLES:
        return SAMPLES[source]
    spec = "".join(str(v.value) for v in part.format_spec.values if isinstance(v, ast.Constant)) \
        if isinstance(part.format_spec, ast.JoinedStr) else ""
    value = format(12, spec) if spec and not spec.endswith("s") else "12"
    return repr(value) if part.conversion == ord("r") else value


def _raised_texts() -> list[tuple[str, str]]:
    """(where, text) for every message and hint a typed error is constructed with in the lower layers."""
    texts = []
    for package in (*PACKAGES, "app.config"):
        folder = ROOT / package.split(".")[1]
        files = [folder.with_suffix(".py")] if package == "app.config" else sorted(folder.rglob("*.py"))
        for path in files:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name not in ERROR_NAMES:
                    continue
                named = (k.value for k in node.keywords if k.arg in ("message", "hint"))
                arguments = [*node.args[:2], *named]
                where = f"{path.relative_to(ROOT.parent)}:{node.lineno}"
                texts += [(where, text) for arg in arguments if (text := _sample(arg))]
    return texts


def _russian(text: str) -> bool:
    return bool(CYRILLIC.search(text))


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
def test_every_error_class_has_its_own_russian_title(cls: type[BaseException]) -> None:
    assert cls in _TITLES, f"{cls.__module__}.{cls.__name__} has no title in app/ui/error_map.py TITLES"
    title, default_hint = _TITLES[cls]
    assert _russian(translate("Errors", title)), f"the title {title!r} has no Russian translation"
    assert _russian(error_text(default_hint)), f"the hint {default_hint!r} has no Russian translation"


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
def test_every_error_class_hint_is_russian(cls: type[BaseException]) -> None:
    hint = getattr(cls, "hint", "")
    if isinstance(hint, str) and hint:
        assert _russian(error_text(hint)), f"{cls.__name__}.hint has no Russian text: {hint!r}"


def test_every_message_and_hint_raised_reads_in_russian() -> None:
    texts = _raised_texts()
    assert len(texts) > 100  # the scan found the raise sites
    missing = [f"{where}: {text!r}" for where, text in texts if not _russian(error_text(text))]
    assert not missing, "add these to app/ui/error_messages.py and translate them:\n" + "\n".join(missing)


def test_values_inside_messages_are_kept_and_sentences_translated_one_by_one() -> None:
    message = ("The diary file is damaged and cannot be opened safely. "
               "It was moved aside to hearth.db.corrupt-1.")
    assert error_text(message) == ("Файл дневника повреждён, и открыть его безопасно нельзя. "
                                   "Он отложен в сторону под именем hearth.db.corrupt-1.")
    said = "The server refused access (HTTP 401). The server said: invalid api key"
    assert error_text(said) == "Сервер отказал в доступе (HTTP 401). Сервер сообщил: invalid api key"
    row = 'Row 3 of "message" (id 17): the text is empty.'
    assert error_text(row) == 'Строка 3 таблицы «message» (id 17): поле text пустое.'


def test_english_stays_the_source() -> None:
    set_language("en")
    text = "Nothing is listening at http://127.0.0.1:8080 (connection refused)."
    assert error_text(text) == text


def test_a_value_ending_a_sentence_does_not_swallow_the_next_one() -> None:
    """"It was moved aside to {name}." then the damaged log's copies: each sentence is read on its own; a
    value spans sentences only when they do not read one by one (session 25)."""
    from app.ui.error_texts import translate_error_text

    known = {"The diary file is damaged and cannot be opened safely.": "Повреждён.",
             "It was moved aside to {name}.": "Отложен: {name}.",
             "The last things written to it were damaged too: copies of the damaged log and of the diary "
             "file as it was are kept beside it, as {log} and {base}.": "Копии: {log} и {base}."}
    message = ("The diary file is damaged and cannot be opened safely. It was moved aside to "
               "hearth.db.corrupt-2. The last things written to it were damaged too: copies of the damaged "
               "log and of the diary file as it was are kept beside it, as hearth.db.corrupt-1.wal and "
               "hearth.db.corrupt-1.base.")
    said = translate_error_text(message, lambda text: known.get(text, text))
    assert said == ("Повреждён. Отложен: hearth.db.corrupt-2. "
                    "Копии: hearth.db.corrupt-1.wal и hearth.db.corrupt-1.base.")
    odd = "It was moved aside to /tmp/a. B/hearth.db.corrupt-1."  # a folder named like a sentence's end
    assert translate_error_text(odd, lambda text: known.get(text, text)) == f"Отложен: {odd[22:]}"
