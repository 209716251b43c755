"""``hearth`` given hostile input: huge or zero limits, dashed words, dates at the end of time, escapes."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from app.cli import main, printable
from app.store import Diary

HEARTH = Path(sys.executable).parent / "hearth"  # the installed console script
RED = "\x1b[31m"
HOSTILE = f"Planted {RED}tomatoes\x1b[0m in the garden\x1b]0;owned\x07\x1b[2J\r\x08!"


def run(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), *argv])


def usage_error(data_dir: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exited:
        run(data_dir, *argv)
    assert exited.value.code == 2
    return capsys.readouterr().err


def _seed(data_dir: Path, text: str = "Weeded the garden, then -garden tidy.") -> None:
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 5, 2)).id or 0
        diary.add_message(cid, "user", text)


@pytest.mark.parametrize("limit", ["99999999999999999999", "0", "-1", "1001", "lots"])
def test_search_limit_out_of_range_is_a_usage_error(
    data_dir: Path, capsys: pytest.CaptureFixture[str], limit: str
) -> None:
    _seed(data_dir)
    err = usage_error(data_dir, capsys, "search", "garden", "--limit", limit)
    assert "--limit" in err and "1 to 1000" in err and "No matches" not in err


def test_search_limit_in_range_is_obeyed(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(data_dir)
    _seed(data_dir, "The garden again.")
    assert run(data_dir, "search", "garden", "--limit", "1") == 0
    assert len(capsys.readouterr().out.splitlines()) == 1
    assert run(data_dir, "search", "garden", "--limit=1000", "--json") == 0
    assert len(json.loads(capsys.readouterr().out)) == 2


def test_huge_limit_from_the_console_script_has_no_traceback(data_dir: Path) -> None:
    done = subprocess.run(
        [str(HEARTH), "--data-dir", str(data_dir), "search", "--limit", "9" * 20, "foo"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr and "1 to 1000" in done.stderr


@pytest.mark.parametrize(
    "argv",
    [("search", "-garden"), ("search", "--", "-garden"), ("search", "-garden", "--json"),
     ("search", "--json", "--limit", "5", "-garden"), ("search", "--json", "weeded", "-garden")],
)  # fmt: skip
def test_a_search_word_may_begin_with_a_dash(
    data_dir: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    _seed(data_dir)
    assert run(data_dir, *argv) == 0
    captured = capsys.readouterr()
    assert "No matches" not in captured.err
    if "--json" in argv:
        (hit,) = json.loads(captured.out)
        assert "⟦garden⟧" in hit["snippet"]
    else:
        assert captured.out.startswith("2026-05-02")


def test_after_a_double_dash_an_option_name_is_a_word(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(data_dir, "I read the --json docs.")
    assert run(data_dir, "search", "--", "--json") == 0
    assert capsys.readouterr().out.startswith("2026-05-02")


def test_search_help_says_how_to_search_for_dashed_words(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["search", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "hearth search -garden" in out and "hearth search -- --json" in out


@pytest.mark.parametrize("option", ["--limit", "--from", "--to"])
def test_an_option_whose_value_is_a_double_dash_is_a_usage_error(
    data_dir: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    """Found by ``tests.bench.faults``' fuzz: ``--limit --`` reached the search with no limit (TypeError)."""
    _seed(data_dir)
    err = usage_error(data_dir, capsys, "search", "walk", option, "--")
    assert option in err and "expected one argument" in err


@pytest.mark.parametrize("argv", [["rm", "99999999999999999999"], ["rm", "99999999999999999999", "--yes"],
                                  ["facts", "rm", "99999999999999999999"], ["facts", "pin", "-1"],
                                  ["facts", "edit", "99999999999999999999", "x"]])
def test_an_entry_number_sqlite_cannot_hold_is_a_usage_error(
    data_dir: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Found by ``tests.bench.faults``' fuzz: ``hearth rm 99999999999999999999`` overflowed in SQLite."""
    _seed(data_dir)
    assert "must be from 1 to" in usage_error(data_dir, capsys, *argv)


def test_an_unknown_option_is_still_an_error(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "--bogus" in usage_error(data_dir, capsys, "search", "garden", "--bogus")


def test_the_weekly_digest_of_the_last_week_of_9999_is_a_clear_message(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for day in ("9999-12-31", "9999-12-27"):
        assert run(data_dir, "digest", "--day", day, "--weekly") == 2
        err = capsys.readouterr().err
        assert "9999-12-27" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_facts_with_escape_sequences_are_shown_harmless_and_exported_exact(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(data_dir, "facts", "add", HOSTILE) == 0
    capsys.readouterr()
    assert run(data_dir, "facts", "list") == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\x08" not in out and "\x07" not in out
    assert "Planted tomatoes in the garden" in out and "owned" not in out
    assert out.rstrip("\n").endswith(r"\r\x08!") and len(out.splitlines()) == 1
    assert run(data_dir, "facts", "list", "--json") == 0
    (fact,) = json.loads(capsys.readouterr().out)
    assert fact["text"] == HOSTILE


def test_search_hits_with_escape_sequences_are_shown_harmless_and_json_stays_exact(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(data_dir, HOSTILE)
    assert run(data_dir, "search", "planted") == 0
    out = capsys.readouterr().out
    assert out.startswith("2026-05-02") and "\x1b" not in out and "\r" not in out
    assert "tomatoes in the garden" in out and len(out.splitlines()) == 1
    assert run(data_dir, "search", "planted", "--json") == 0
    (hit,) = json.loads(capsys.readouterr().out)
    assert "\x1b[0m" in hit["snippet"]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("plain, Привет 📌 👩‍👩‍👧", "plain, Привет 📌 👩‍👩‍👧"),
        (f"{RED}red\x1b[0m", "red"),
        ("title\x1b]0;owned\x07 after", "title after"),
        ("link \x1b]8;;http://x\x1b\\here\x1b]8;;\x1b\\", "link here"),
        ("8-bit \x9b31mcsi", "8-bit csi"),
        ("tab\there", "tab here"),
        ("bell\x07 nul\x00 del\x7f", r"bell\x07 nul\x00 del\x7f"),
        ("evil\u202eexe.txt", r"evil\u202eexe.txt"),
        ("two\nlines\r\n", "two lines "),
        ("trailing escape \x1b", "trailing escape "),
    ],
)
def test_printable(text: str, shown: str) -> None:
    assert printable(text) == shown


def test_printable_may_keep_newlines() -> None:
    assert printable("one\r\ntwo\n\x1b[1mthree", keep_newlines=True) == "one\ntwo\nthree"
