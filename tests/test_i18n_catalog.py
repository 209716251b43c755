"""The translation files: complete, in step with the code, and the committed .qm built from the .ts.

``make translations`` re-runs lupdate (collect every tr()/translate() source of app/ui) and lrelease.
These tests fail when someone adds a string without a translation, leaves one unfinished, edits the .ts
without rebuilding the .qm, or breaks a placeholder — with the command that fixes it in the message.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.ui.i18n import Plurals, available_languages, i18n_dir, remove_translators

ROOT = Path(__file__).resolve().parents[1]
UI_SOURCES = sorted(str(p) for area in ("ui", "cli") for p in (ROOT / "app" / area).rglob("*.py"))
FIX = "run `make translations` and translate what it adds to app/resources/i18n/hearth_<lang>.ts"
PLACEHOLDER = re.compile(r"\{\w+\}|%n|%L?\d")
Message = tuple[str, str]  # (context, source)


def _tool(name: str) -> str:
    """A Qt tool of the installed PySide6 (next to the interpreter in a venv, else on PATH)."""
    found = Path(sys.executable).parent / name
    path = str(found) if found.exists() else shutil.which(name)
    if path is None:
        pytest.fail(f"{name} not found: it ships with PySide6 (make test installs it)")
    return path


def _ts_files() -> list[Path]:
    files = sorted(i18n_dir().glob("hearth_*.ts"))
    assert files, "no translation files in app/resources/i18n"
    return files


def _messages(ts: Path) -> Iterator[tuple[str, ET.Element]]:
    for context in ET.parse(ts).getroot().iter("context"):
        for message in context.iter("message"):
            yield context.findtext("name") or "", message


def _sources(ts: Path) -> set[Message]:
    return {(context, message.findtext("source") or "") for context, message in _messages(ts)}


@pytest.mark.parametrize("ts", _ts_files(), ids=lambda p: p.name)
def test_every_message_is_translated_and_finished(ts: Path) -> None:
    problems = []
    for context, message in _messages(ts):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        kind = translation.get("type")
        forms = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
        if kind in ("unfinished", "obsolete", "vanished") or not all(f.strip() for f in forms):
            problems.append(f"{context}: {source!r} ({kind or 'empty'})")
    assert not problems, f"{len(problems)} unfinished in {ts.name} ({FIX}):\n" + "\n".join(problems)


@pytest.mark.parametrize("ts", _ts_files(), ids=lambda p: p.name)
def test_every_tr_source_in_the_code_is_in_the_ts(ts: Path, tmp_path: Path) -> None:
    """lupdate over app/ui now must find exactly the sources the committed .ts has."""
    fresh = tmp_path / ts.name
    shutil.copy(ts, fresh)
    subprocess.run([_tool("pyside6-lupdate"), "-silent", "-locations", "none", "-no-obsolete",
                    *UI_SOURCES, "-ts", str(fresh)], check=True, capture_output=True, timeout=300)
    found, committed = _sources(fresh), _sources(ts)
    assert not found - committed, f"strings in the code missing from {ts.name} ({FIX}): {found - committed}"
    assert not committed - found, f"strings in {ts.name} the code no longer has ({FIX}): {committed - found}"


@pytest.mark.parametrize("ts", _ts_files(), ids=lambda p: p.name)
def test_the_committed_qm_is_built_from_the_ts(ts: Path, tmp_path: Path) -> None:
    built = tmp_path / ts.with_suffix(".qm").name
    subprocess.run([_tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(built)], check=True,
                   capture_output=True, timeout=120)
    committed = ts.with_suffix(".qm")
    stale = f"{committed.name} is stale: {FIX}"
    assert committed.exists() and committed.read_bytes() == built.read_bytes(), stale


@pytest.mark.parametrize("ts", _ts_files(), ids=lambda p: p.name)
def test_translations_keep_placeholders_and_one_accelerator(ts: Path) -> None:
    """"{name}" and "%n" must survive translation (else .format() or the count breaks), and a label
    keeps at most one "&" mnemonic (and has one if the English has one)."""
    problems = []
    for context, message in _messages(ts):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        forms = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
        for form in forms:
            if sorted(PLACEHOLDER.findall(form)) != sorted(PLACEHOLDER.findall(source)):
                problems.append(f"{context}: {source!r} -> {form!r} (placeholders)")
            if _accelerators(form) != _accelerators(source):
                problems.append(f"{context}: {source!r} -> {form!r} (&)")
    assert not problems, "\n".join(problems)


def _accelerators(text: str) -> int:
    return len(re.findall(r"&(?=[^&\s;])", text.replace("&&", "")))  # not "&amp;"-like entities


def test_every_shipped_language_is_offered() -> None:
    assert available_languages() == ["en", *(ts.stem.removeprefix("hearth_") for ts in _ts_files())]


RUSSIAN_ENTRIES = {1: "1 запись", 2: "2 записи", 5: "5 записей", 11: "11 записей", 21: "21 запись",
                   22: "22 записи", 25: "25 записей"}


@pytest.mark.parametrize(("n", "expected"), RUSSIAN_ENTRIES.items())
def test_russian_plurals(russian: None, n: int, expected: str) -> None:
    plurals = Plurals()
    assert plurals.entries(n) == expected
    one, few, many = ("факт", "факта", "фактов")
    form = {1: one, 21: one, 2: few, 22: few}.get(n, many)
    assert plurals.facts(n) == f"{n} {form}"
    tokens = {1: "токен", 21: "токен", 2: "токена", 22: "токена"}.get(n, "токенов")
    assert plurals.tokens(n) == f"{n} {tokens}"


@pytest.mark.parametrize(("n", "expected"), [(1, "1 match"), (2, "2 matches"), (11, "11 matches"),
                                             (21, "21 matches"), (1234, "1,234 matches")])
def test_english_plurals_need_no_translation_file(qapp: object, n: int, expected: str) -> None:
    remove_translators()
    assert Plurals().matches(n) == expected


def test_every_russian_plural_has_three_distinct_forms_where_russian_has_them(russian: None) -> None:
    """1, 2 and 5 pick three forms (one/few/many); 11 is "many", 21 "one", 22 "few"."""
    plurals = Plurals()
    picked = {n: plurals.matches(n) for n in (1, 2, 5, 11, 21, 22, 25)}
    assert picked == {1: "1 совпадение", 2: "2 совпадения", 5: "5 совпадений", 11: "11 совпадений",
                      21: "21 совпадение", 22: "22 совпадения", 25: "25 совпадений"}


def test_every_catalog_note_is_a_translation_source() -> None:
    """The model manager shows each catalog entry's notes translated: a new model needs its notes in
    ``app.ui.model_sections.CATALOG_NOTES`` (then ``make translations``)."""
    from app.llm.catalog import load_catalog
    from app.ui.model_sections import CATALOG_NOTES

    missing = [entry.title for entry in load_catalog() if entry.notes not in CATALOG_NOTES]
    assert not missing, f"catalog notes not marked for translation: {missing}"


def test_english_error_texts_stay_the_errors_own_words(qapp: object) -> None:
    """The patterns generalize ("The {what} is empty" → "The text is empty"); English keeps the original."""
    from app.ui.errors import translated_text

    remove_translators()
    for text in ("Fact 42 does not exist.", "The fact is empty.", "The model file /m/x.gguf does not exist."):
        assert translated_text(text) == text


def test_a_damage_notice_reads_the_same_in_the_window_and_the_terminal(russian: None) -> None:
    """The damaged-diary notices have one set of sources (``app.ui.damage_texts``, one context) that the
    window (through Qt's translator) and the terminal (reading the .ts itself) both translate."""
    from app.cli import passphrase
    from app.cli.i18n import set_language
    from app.store import Rescue
    from app.ui import application, damage_texts

    rescued = Rescue(aside=Path("hearth.db.corrupt-1"), messages=3, facts=2, left_out=())
    window = damage_texts.rescued_text(rescued, application._damage_tr)
    set_language("ru")
    try:
        terminal = damage_texts.rescued_text(rescued, passphrase._damage_tr)
    finally:
        set_language("en")
    assert window == terminal
    assert window.startswith("Файл дневника был повреждён.") and "записей: 3; фактов: 2" in window
