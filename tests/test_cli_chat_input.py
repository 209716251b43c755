"""What ``hearth chat`` does with awkward input and output (found by QA, session 21): a line in another
encoding is said and not saved with its letters replaced; Windows line endings are not kept in an entry;
the exit code says whether every line was saved; a reader that goes away (``| head``) ends the run
quietly; an empty ``--server`` does not fall back to the local model; the program's own warnings stay
off the terminal."""

from __future__ import annotations

import io
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from app.cli import main
from app.cli.chat_cmd import _Printer, input_lines, say_kept_words
from app.cli.errors import run_reported
from app.core.events import ReplyFinished, TokenStreamed
from app.llm.errors import ServerAddressRefused
from app.llm.server_address import parse_address
from app.store import Diary


def bytes_stdin(data: bytes) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")


def test_lines_in_another_encoding_are_refused_by_number_and_line_endings_dropped() -> None:
    data = b"First line\r\n" + "Привет из старого файла\n".encode("cp1251") + "Третья\n".encode()
    assert list(input_lines(bytes_stdin(data))) == [(1, "First line"), (2, None), (3, "Третья")]
    assert list(input_lines(io.StringIO("a\r\nb"))) == [(1, "a"), (2, "b")]
    assert list(input_lines(bytes_stdin("\ufeffWith a byte-order mark\n".encode()))) == [
        (1, "With a byte-order mark")
    ]


def test_chat_saves_the_good_lines_says_the_bad_one_and_exits_1(
    data_dir: Path, tiny_model_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = b"Walked to the lighthouse\r\n" + "Привет\n".encode("cp1251") + "Вечером чай\n".encode()
    monkeypatch.setattr("sys.stdin", bytes_stdin(data))
    code = main(["--data-dir", str(data_dir), "chat", "--json", "--model", str(tiny_model_path)])
    err = capsys.readouterr().err
    assert code == 1 and "Line 2 is not UTF-8 text, so it was not saved" in err and "iconv" in err
    with Diary.open(data_dir) as diary:
        mine = [m.text for m in diary.messages(diary.conversation_for_day(date.today()).id or 0)
                if m.role == "user"]  # fmt: skip
    assert mine == ["Walked to the lighthouse", "Вечером чай"]


def test_a_reader_that_goes_away_ends_the_output_quietly() -> None:
    class Gone(io.StringIO):
        def write(self, _text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    printer = _Printer(as_json=True)
    real = sys.stdout
    sys.stdout = Gone()
    try:
        printer(TokenStreamed(1, "Hello"))
        printer(ReplyFinished(1, 1, "Hello", "complete", {}))
    finally:
        sys.stdout = real
    assert printer.closed and printer.reply_done.is_set()

    def handler(*_args: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    assert run_reported(handler, None, Path("."))  == 0  # type: ignore[arg-type]


def test_an_empty_server_address_is_refused_not_replaced_by_the_local_model(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("hi\n"))
    assert main(["--data-dir", str(data_dir), "chat", "--server", ""]) != 0
    err = capsys.readouterr().err
    assert "No server address was entered." in err and "tiny model" not in err
    with pytest.raises(ServerAddressRefused):
        parse_address("http://[::1")


def test_the_programs_own_warnings_stay_off_the_terminal(data_dir: Path) -> None:
    script = ("import logging, sys; from app.cli import main; "
              "code = main(['--data-dir', sys.argv[1], 'stats']); "
              "logging.getLogger('app.store').warning('an internal warning'); sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", script, str(data_dir)], capture_output=True, text=True,
                          timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0 and "an internal warning" not in done.stderr


def test_a_day_that_does_not_exist_is_said_plainly(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--data-dir", str(data_dir), "search", "river", "--from", "2026-13-01"])
    err = capsys.readouterr().err
    assert done.value.code == 2 and "'2026-13-01' is not a day: use YYYY-MM-DD" in err
    assert "fromisoformat" not in err


def test_the_servers_own_words_end_their_sentence() -> None:
    from app.llm.server_http import error_for_status

    error = error_for_status(401, b'{"error": {"message": "Invalid API key"}}', "/v1/models")
    assert str(error) == "The server refused access (HTTP 401). The server said: Invalid API key."


@pytest.mark.parametrize("value", ["0", "-5", "many"])
def test_a_context_size_too_small_to_work_is_refused(
    data_dir: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    with pytest.raises(SystemExit):
        main(["--data-dir", str(data_dir), "chat", "--n-ctx", value])
    assert "is not a context size: give a number of tokens, at least 1024" in capsys.readouterr().err


def test_hearths_own_small_context_setting_is_not_blamed_on_the_server() -> None:
    from app.llm.errors import ServerContextTooSmall
    from app.llm.server_engine import ServerConfig, ServerModel
    from tests.fake_openai_server import FakeServer

    with FakeServer() as server, pytest.raises(ServerContextTooSmall) as err:
        ServerModel(ServerConfig(server.url, n_ctx=512))
    assert "Hearth's context size is set to 512 tokens" in str(err.value) and "1024" in err.value.hint


def test_every_line_is_saved_even_when_the_output_is_no_longer_read(
    data_dir: Path, tiny_model_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA, session 21: `hearth chat | head -c 10` saved only the first line and exited 0."""

    class Gone(io.StringIO):
        def write(self, _text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("sys.stdin", io.StringIO("First line\nSecond line\nThird line\n"))
    monkeypatch.setattr("sys.stdout", Gone())
    main(["--data-dir", str(data_dir), "chat", "--model", str(tiny_model_path)])
    with Diary.open(data_dir) as diary:
        mine = [m.text for m in diary.messages(diary.conversation_for_day(date.today()).id or 0)
                if m.role == "user"]  # fmt: skip
    assert mine == ["First line", "Second line", "Third line"]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_words_kept_from_the_window_are_mentioned_at_a_terminal_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Diary.open(tmp_path / "d") as diary:
        say_kept_words(diary, _Terminal())
        assert capsys.readouterr().err == ""  # nothing kept: nothing said
        diary.save_draft("Half a thought about the lake, not sent yet", None)
        say_kept_words(diary, io.StringIO("an entry from a pipe\n"))
        assert capsys.readouterr().err == ""  # a pipe's lines are entries: nothing to tell
        say_kept_words(diary, _Terminal())
        said = capsys.readouterr().err
        assert "message box" in said and "Half a thought about the lake" in said
        assert diary.draft() is not None  # said, never sent or cleared


def test_invisible_lines_are_skipped_like_blank_ones_and_a_refused_line_is_named(
    data_dir: Path, tiny_model_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA (session 41): a line of only a zero-width space (or a byte-order mark) was kept as an entry and
    answered, while whitespace-only lines were skipped; a line refused for its length did not say which."""
    from app.store import MAX_MESSAGE_CHARS

    lines = ["\u200b", "\ufeff\u2060 ", "Tea on the porch", "x" * (MAX_MESSAGE_CHARS + 1), "👍🏽"]
    monkeypatch.setattr("sys.stdin", bytes_stdin(("\n".join(lines) + "\n").encode()))
    code = main(["--data-dir", str(data_dir), "chat", "--model", str(tiny_model_path)])
    err = capsys.readouterr().err
    assert code == 1 and "Line 4 was not saved: The message has 200,001 characters" in err
    with Diary.open(data_dir) as diary:
        mine = [m.text for m in diary.messages(diary.conversation_for_day(date.today()).id or 0)
                if m.role == "user"]  # fmt: skip
    assert mine == ["Tea on the porch", "👍🏽"]


def test_a_diary_that_refuses_a_line_stops_the_chat_and_says_what_was_not_saved(
    data_dir: Path, tiny_model_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA (session 41): a diary another program locked mid-chat stopped it with "The diary is busy…", and
    nothing said that the line and those after it were not saved. (The busy diary is made to answer as a
    locked one does: a real lock takes the store's whole busy timeout to be refused.)"""
    from app.core.companion import Companion
    from app.store import StoreError

    real_send = Companion.send

    def busy_on_the_second(self: Companion, text: str, **kwargs: str) -> int:
        if text == "second":
            raise StoreError("The diary is busy (another program holds it).", "Close it and try again.")
        return real_send(self, text, **kwargs)

    monkeypatch.setattr(Companion, "send", busy_on_the_second)
    monkeypatch.setattr("sys.stdin", bytes_stdin(b"first\nsecond\nthird\n"))
    code = main(["--data-dir", str(data_dir), "chat", "--model", str(tiny_model_path)])
    err = capsys.readouterr().err
    assert code == 1 and "The diary is busy" in err
    assert "Line 2 was not saved, and neither were the lines after it" in err and "Traceback" not in err
    with Diary.open(data_dir) as diary:
        mine = [m.text for m in diary.messages(diary.conversation_for_day(date.today()).id or 0)
                if m.role == "user"]  # fmt: skip
    assert mine == ["first"]


def test_a_line_as_long_as_a_terminal_holds_is_said_to_be_perhaps_cut(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """QA (session 41): a 7,889-character line pasted at a terminal was saved as its first 4,095 — the
    terminal's own limit, before Hearth reads a byte. Hearth says so; a pipe has no such limit."""
    from app.cli.chat_cmd import TERMINAL_LINE_BYTES, say_if_cut_by_the_terminal

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    say_if_cut_by_the_terminal(3, "x" * TERMINAL_LINE_BYTES, Terminal())
    assert "Line 3 is as long as a terminal line can be" in capsys.readouterr().err
    say_if_cut_by_the_terminal(3, "я" * (TERMINAL_LINE_BYTES // 2 + 1), Terminal())  # two bytes a letter
    assert "Line 3" in capsys.readouterr().err
    say_if_cut_by_the_terminal(3, "x" * (TERMINAL_LINE_BYTES - 1), Terminal())
    say_if_cut_by_the_terminal(3, "x" * TERMINAL_LINE_BYTES, io.StringIO())  # a pipe
    assert capsys.readouterr().err == ""


def test_a_russian_line_cut_inside_a_letter_by_the_terminal_is_kept_without_that_letter() -> None:
    """The terminal cuts at 4,095 bytes, which may fall inside a two-byte letter: the line is kept without
    that letter's first byte, not refused as "not UTF-8" (the person is told the line may have been cut)."""
    from app.cli.chat_cmd import TERMINAL_LINE_BYTES

    cut = ("я" * TERMINAL_LINE_BYTES).encode()[:TERMINAL_LINE_BYTES]  # ends with half a letter
    assert list(input_lines(bytes_stdin(cut + b"\n" + "Дальше\n".encode()))) == [
        (1, "я" * (TERMINAL_LINE_BYTES // 2)), (2, "Дальше")
    ]
    assert list(input_lines(bytes_stdin(b"short \xd1\n"))) == [(1, None)]  # a short line: another encoding


def test_with_json_a_line_not_saved_is_an_event_too(
    data_dir: Path, tiny_model_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA (session 41): with --json, refused lines were said only as text on stderr, so a script reading the
    events could not see them."""
    import json

    from app.store import MAX_MESSAGE_CHARS

    too_long = b"x" * (MAX_MESSAGE_CHARS + 1)
    data = b"Walked to the lighthouse\n" + "Привет\n".encode("cp1251") + too_long + b"\n"
    monkeypatch.setattr("sys.stdin", bytes_stdin(data))
    code = main(["--data-dir", str(data_dir), "chat", "--json", "--model", str(tiny_model_path)])
    out, err = capsys.readouterr()
    refused = [event for event in map(json.loads, out.splitlines()) if event["type"] == "line_refused"]
    assert code == 1 and [event["line"] for event in refused] == [2, 3]
    assert refused[0]["message"] == "The line is not UTF-8 text." and not refused[0]["later_too"]
    assert refused[1]["message"].startswith("The message has 200,001 characters") and refused[1]["hint"]
    assert "Line 2 is not UTF-8 text" in err and "Line 3 was not saved" in err  # and said for a person
