"""Every CLI command's failures are said one way (``app.cli.errors``, the GUI's texts from
``app.ui.error_map``): one line on stderr with a next step, a non-zero exit code — never a traceback, never
SQL, never the person's words from inside an error (issue 18, "one place maps every error")."""

from __future__ import annotations

import argparse
import io
import json
import sqlite3
from datetime import date
from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy.exc import OperationalError

from app.cli import build_parser, main
from app.store import Diary
from app.store import db as store_db

SECRET = "quokkafest"
SQL = f"SELECT message.text FROM message JOIN message_fts ON message_fts MATCH '{SECRET} letter'"
GENERIC_HINT = "Your diary is safe. Try again; if it keeps happening, restart Hearth."

# Every command that reads or writes the diary, with arguments that reach the diary.
COMMANDS: dict[str, list[str]] = {
    "search": ["search", "garden"],
    "rm": ["rm", "1"],
    "rm --yes": ["rm", "1", "--yes"],
    "facts list": ["facts", "list"],
    "facts add": ["facts", "add", "Has a dog"],
    "facts edit": ["facts", "edit", "1", "Has two dogs"],
    "facts rm": ["facts", "rm", "1"],
    "facts pin": ["facts", "pin", "1"],
    "facts who": ["facts", "who"],
    "export": ["export"],
    "export json": ["export", "--format", "json"],
    "import": ["import", "IMPORT"],
    "backup": ["backup"],
    "restore": ["restore"],
    "forget-everything": ["forget-everything", "--yes"],
    "digest": ["digest", "--day", "2026-03-01"],
    "reflect": ["reflect"],
    "chat": ["chat"],
    "index": ["index", "--status"],
    "encryption": ["encryption", "on"],
    "prompt": ["prompt", "--no-model"],
    "stats": ["stats"],
    "week": ["week", "--day", "2026-03-01"],
    "attach": ["attach", "PICTURE"],
    "storage": ["storage"],
}
# no diary query (the GUI has its own error path)
NOT_ON_THE_DIARY = {"gui", "screenshots", "models", "install-desktop"}


def _unexpected(*_args: object, **_kwargs: object) -> object:
    """What SQLAlchemy raises for a failure Hearth has no type for: its text is SQL with diary words."""
    raise OperationalError(SQL, {"q": SECRET}, sqlite3.OperationalError(f"no such column: {SECRET}"))


@pytest.fixture
def broken_store(data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A diary whose every query fails unexpectedly (after it opened fine)."""
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 3, 1)).id or 0
        diary.add_message(cid, "user", f"A line about the {SECRET} and the garden.")
        diary.add_fact("Has a dog", kind="pet")
        diary.backup()
        export = tmp_path / "export.json"
        export.write_text(json.dumps(diary.export_json(), default=str), encoding="utf-8")
    for name in ("read", "write", "raw"):
        monkeypatch.setattr(store_db.Database, name, _unexpected)
    return export


def test_every_diary_command_is_in_the_table() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) - NOT_ON_THE_DIARY == {name.split()[0] for name in COMMANDS}


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unexpected_store_error_is_one_clear_line(
    command: str, broken_store: Path, data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, tiny_model_path: Path,
) -> None:
    (tmp_path / "pass.txt").write_text("a new passphrase for this test\n", encoding="utf-8")
    for variable in ("HEARTH_PASSPHRASE_FILE", "HEARTH_NEW_PASSPHRASE_FILE"):  # encryption on
        monkeypatch.setenv(variable, str(tmp_path / "pass.txt"))
    monkeypatch.setattr("sys.stdin", io.StringIO("A new line for the diary.\n"))  # chat
    picture = tmp_path / "page.png"
    Image.new("RGB", (64, 48), "white").save(picture)
    given = {"IMPORT": str(broken_store), "PICTURE": str(picture)}
    argv = [given.get(arg, arg) for arg in COMMANDS[command]]
    into = tmp_path / "empty" if command == "import" else data_dir  # an import needs an empty diary
    argv = ["--data-dir", str(into), *argv]
    if command in ("chat", "digest", "reflect"):
        argv += ["--model", str(tiny_model_path)]
    code = main(argv)
    out, err = capsys.readouterr()
    lines = [line for line in err.splitlines() if line.strip()]
    assert code != 0
    assert len(lines) == 1, err
    assert lines[0].startswith("hearth: ") and lines[0].endswith(GENERIC_HINT), err
    assert "Traceback" not in err and "SELECT" not in err + out and SECRET not in err + out


def test_the_cli_and_the_window_say_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.errors import error_line
    from app.ui.error_map import ErrorLookup, describe

    exc = OperationalError(SQL, {}, sqlite3.OperationalError(SECRET))
    _title, message, hint = describe(exc, ErrorLookup(lambda text: text, english=True))
    assert error_line(exc) == f"{message} {hint}"
    assert message == "Hearth hit an unexpected problem (OperationalError)." and hint == GENERIC_HINT
