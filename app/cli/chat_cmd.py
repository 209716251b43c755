"""``hearth chat``, ``hearth digest`` and ``hearth reflect``: the Companion controller from a terminal.

``hearth chat`` reads one message per line from standard input. Plain mode prints each reply as it
streams; ``--json`` prints every controller event as one JSON line (``events.event_to_dict``), which is how
scripts and tests drive the same controller the GUI does. Errors are one clear line on stderr, never a
traceback; a message that is refused is reported and the next line is read.

Each command reads the settings once into a ``SettingsStore`` and hands that store to the ``Companion``,
just as the GUI does. ``--model``, ``--server`` and ``--n-ctx`` apply to this run only and are never saved.
``--server URL`` uses a model on an OpenAI-compatible server; its API key comes from ``$HEARTH_API_KEY`` or
the keyring (the model manager stores it there), never from the command line, where others could see it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path
from typing import TextIO

from app.cli.errors import INTERRUPTED, run_reported, silence_stdout
from app.cli.i18n import CliPlurals, error_text, iso_day, quoted, translate
from app.cli.passphrase import open_diary
from app.cli.store_cmd import printable
from app.config import ModelSettings, SettingsStore
from app.core.companion import Companion
from app.core.errors import CoreError, MessageRejected
from app.core.events import ErrorRaised, Event, Remembered, ReplyFinished, TokenStreamed, event_to_dict
from app.core.recall.remembered import preview
from app.llm.embedding import default_embedder
from app.llm.errors import EngineError
from app.llm.loading import (
    GRACE_BEFORE_HANG_UP_S,
    LoadedModel,
    load_model_file,
    load_preferred_model,
    load_server_model,
)
from app.llm.server_address import parse_address
from app.llm.server_engine import MIN_CONTEXT
from app.store import Diary, DiaryLock, is_blank
from app.store.errors import StoreError

Handler = Callable[[argparse.Namespace, Path], int]
API_KEY_ENV = "HEARTH_API_KEY"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add this area's sub-commands to the ``hearth`` parser."""
    chat = sub.add_parser("chat", help=translate(
        "Cli", "write to your diary from the terminal (one message per line)"))
    chat.add_argument(
        "--model", type=Path, metavar="PATH", help=translate(
            "Cli", "a .gguf model file (default: the chosen one)")
    )
    chat.add_argument("--json", action="store_true", help=translate(
        "Cli", "print every event as one JSON line"))
    chat.add_argument("--n-ctx", type=context_size, metavar="N", help=translate(
        "Cli", "context size (default: from settings)"))
    _add_server_options(chat)
    chat.set_defaults(func=_guarded(run_chat))

    digest = sub.add_parser("digest", help=translate(
        "Cli", "write the digest of a finished day (or its week)"))
    digest.add_argument("--day", type=iso_day, required=True, metavar="YYYY-MM-DD")
    digest.add_argument("--weekly", action="store_true", help=translate(
        "Cli", "the digest of the day's week instead"))
    digest.add_argument("--model", type=Path, metavar="PATH")
    digest.set_defaults(func=_guarded(run_digest), json=False, n_ctx=None, server=None)

    reflect = sub.add_parser("reflect", help=translate(
        "Cli", "revise the companion's observations about patterns now"))
    reflect.add_argument("--model", type=Path, metavar="PATH")
    reflect.set_defaults(func=_guarded(run_reflect), json=False, n_ctx=None, server=None)


def _add_server_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--server", metavar="URL", help=translate(
            "Cli", "use a model on an OpenAI-compatible server (llama.cpp, vLLM, …)")
    )
    parser.add_argument("--server-model", metavar="NAME", default="", help=translate(
        "Cli", "the model (default: its first)"))
    parser.add_argument(
        "--allow-remote", action="store_true", help=translate(
            "Cli", "allow a server outside this computer and home (https)")
    )


def _guarded(handler: Handler) -> Handler:
    """Failures: one line on stderr and exit code 1, said as every command's are (``app.cli.errors``)."""

    def run(args: argparse.Namespace, data_dir: Path) -> int:
        return run_reported(handler, args, data_dir)

    return run


def _load_model(args: argparse.Namespace, model: ModelSettings, data_dir: Path) -> LoadedModel:
    """``--model`` exactly, else the preferred model (settings, downloaded default, bundled tiny)."""
    if args.n_ctx is not None:
        model = replace(model, n_ctx=args.n_ctx)
    if getattr(args, "server", None) is not None:  # even "": an unset $URL must not fall back silently
        return _load_server(args, model)
    if args.model is not None:
        return load_model_file(model, args.model)
    loaded = load_preferred_model(model, data_dir)
    if loaded.problem is not None:
        print(f"hearth: {_problem_text(loaded.problem)}", file=sys.stderr)
    if loaded.is_tiny and not args.json:
        note = translate("Cli", "(using the bundled tiny model: replies are simple; `hearth models pull` "
                                "gets a better one)")
        print(note, file=sys.stderr)
    return loaded


def _load_server(args: argparse.Namespace, model: ModelSettings) -> LoadedModel:
    """``--server URL`` exactly (no fallback: the person named it); remote only with ``--allow-remote``."""
    url = parse_address(args.server).url
    model = replace(model, server_url=url, server_model=args.server_model,
                    server_remote_ok=url if args.allow_remote else "")  # fmt: skip
    loaded = load_server_model(model, os.environ.get(API_KEY_ENV) or None)
    if not loaded.engine.counts_exact and not args.json:
        note = translate("Cli", "(this server cannot count tokens: the context is estimated, with a safety "
                                "margin)")
        print(note, file=sys.stderr)
    return loaded


def context_size(text: str) -> int:
    """``--n-ctx``: a whole number of tokens, at least what Hearth's prompt needs (0 and -5 were taken)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < MIN_CONTEXT:
        message = translate("Cli", "{text} is not a context size: give a number of tokens, at least {least}")
        raise argparse.ArgumentTypeError(message.format(text=repr(text), least=MIN_CONTEXT))
    return value


def _problem_text(problem: BaseException | str) -> str:
    if isinstance(problem, EngineError):
        return error_line(problem)
    return error_text(str(problem))


def error_line(exc: CoreError | EngineError | StoreError) -> str:
    """A typed error's message and hint on one line, in the terminal's language."""
    return f"{error_text(str(exc))} {error_text(exc.hint)}".rstrip()


class _Session:
    """The diary, the model and the companion of one command, closed together."""

    def __init__(self, args: argparse.Namespace, data_dir: Path) -> None:
        settings = SettingsStore.load(data_dir)  # read once; the companion follows this store
        with ExitStack() as opened:  # a failure half-way closes what was opened so far
            self.lock = DiaryLock(data_dir).acquire()  # one writer: not beside a window on this diary
            opened.callback(self.lock.release)
            self.diary = open_diary(data_dir)
            opened.callback(self.diary.close)
            self.model = _load_model(args, settings.current.model, data_dir)
            opened.callback(self.model.engine.close)
            self.companion = Companion(self.diary, self.model.engine, settings, embedder=default_embedder())
            opened.pop_all()

    def close(self) -> None:
        self.companion.close()
        if self.model.owned:
            self.model.engine.close()
        self.diary.close()
        self.lock.release()


RECALL_SHOWN = 3
RECALL_LOAD_WAIT_S = 30.0


class _Printer:
    """Writes events to stdout (JSON lines, or the streamed reply) and knows when a reply is over."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json
        self.reply_done = threading.Event()
        self.answered = 0  # replies written whole (the exit code is 1 if fewer than the lines sent)
        self.closed = False  # stdout's reader went away: nothing more is written
        self._lock = threading.Lock()

    def __call__(self, event: Event) -> None:
        if isinstance(event, ReplyFinished) and event.status == "complete" and event.text:
            self.answered += 1
        self._guarded(lambda: self._write(event))
        if isinstance(event, ReplyFinished | ErrorRaised):
            self.reply_done.set()

    def _guarded(self, write: Callable[[], None]) -> None:
        """Run ``write`` under the lock unless stdout's reader went away; its going away is noted, quietly."""
        with self._lock:
            try:
                if not self.closed:
                    write()
            except BrokenPipeError:
                self.closed = True
                silence_stdout()

    def line_refused(self, number: int, message: str, hint: str, *, later_too: bool = False) -> None:
        """With ``--json``, a line that was not saved is an event too (QA, session 41: scripts reading the
        events saw nothing of it): ``{"type": "line_refused", "line": 2, "message", "hint", "later_too"}``,
        ``later_too`` when the lines after it were not sent either. In English, like the other events."""
        if not self.as_json:
            return
        event = {"type": "line_refused", "line": number, "message": message, "hint": hint,
                 "later_too": later_too}

        def write() -> None:
            sys.stdout.write(json.dumps(event, ensure_ascii=False) + "\n")
            sys.stdout.flush()

        self._guarded(write)

    def _write(self, event: Event) -> None:
        if self.as_json:
            sys.stdout.write(json.dumps(event_to_dict(event), ensure_ascii=False) + "\n")
        elif isinstance(event, TokenStreamed):
            sys.stdout.write(printable(event.text, keep_newlines=True))
        elif isinstance(event, ReplyFinished):
            stopped = translate("Cli", "[stopped]")
            sys.stdout.write(f" {stopped}\n" if event.status == "interrupted" else "\n")
        elif isinstance(event, ErrorRaised):
            line = f"hearth: {error_text(event.message)} {error_text(event.hint)}".rstrip()
            print(printable(line), file=sys.stderr)
        elif isinstance(event, Remembered):
            print(printable(remembered_line(event)), file=sys.stderr)
        sys.stdout.flush()


def remembered_line(event: Remembered) -> str:
    """``(remembered 3 entries: 2024-05-08 "I finally…"; …)`` — what recall gave the model, on stderr."""
    undated = translate("Cli", "undated")
    shown = "; ".join(f"{e.day or undated} {quoted(e.preview)}" for e in event.entries[:RECALL_SHOWN])
    extra = len(event.entries) - RECALL_SHOWN
    more = translate("Cli", "; and {n} more").format(n=extra) if extra > 0 else ""
    return CliPlurals().remembered(len(event.entries)).format(shown=shown, more=more)


def input_lines(stream: TextIO) -> Iterator[tuple[int, str | None]]:
    """(line number, text) for each line of ``stream``, without its line ending (``\n`` or ``\r\n``);
    text None for a line that is not UTF-8 (a file in another encoding): said and skipped, never saved
    with its letters replaced."""
    raw = getattr(stream, "buffer", None)
    lines: Iterable[bytes | str] = raw if raw is not None else stream
    for number, line in enumerate(lines, 1):
        if isinstance(line, bytes):
            try:
                line = _terminal_cut_mended(line).decode("utf-8")
            except UnicodeDecodeError:
                yield number, None
                continue
        if number == 1:
            line = line.removeprefix("\ufeff")  # a byte-order mark some editors put first: not the writer's
        yield number, line.removesuffix("\n").removesuffix("\r")


def run_chat(args: argparse.Namespace, data_dir: Path) -> int:
    """Each line of stdin is an entry. Exits 0 when every line was saved and answered whole; 1 if one was
    not saved or its reply was cut or missing (each said on stderr, with what to do); 130 on Ctrl+C."""
    session = _Session(args, data_dir)
    companion = session.companion
    printer = _Printer(args.json)
    unsubscribe = companion.subscribe(printer)
    companion.wait_recall_loaded(timeout=RECALL_LOAD_WAIT_S)  # the first message may recall by meaning
    say_kept_words(session.diary, sys.stdin)
    failed, sent, code = False, 0, 0
    try:
        for number, text in input_lines(sys.stdin):
            if text is None:
                failed = True
                note = translate("Cli", "Line {n} is not UTF-8 text, so it was not saved. Convert the input "
                                        "to UTF-8 (for example: iconv -f cp1251 -t utf-8) and send it again.")
                print(f"hearth: {note.format(n=number)}", file=sys.stderr)
                printer.line_refused(number, "The line is not UTF-8 text.",
                                     "Convert the input to UTF-8 and send it again.")
                continue
            if is_blank(text):
                continue
            try:
                companion.send(text)
                sent += 1
            except MessageRejected as exc:  # this line only (too long, say): the next may be saved
                failed = True
                refused = translate("Cli", "Line {n} was not saved: {reason}")
                print("hearth: " + refused.format(n=number, reason=error_line(exc)), file=sys.stderr)
                printer.line_refused(number, str(exc), exc.hint)
                continue
            except StoreError as exc:  # the diary refused it (busy, full, damaged): it would refuse the rest
                failed = True
                print(f"hearth: {error_line(exc)}", file=sys.stderr)
                note = translate("Cli", "Line {n} was not saved, and neither were the lines after it: send "
                                        "them again once that is fixed.")
                print(f"hearth: {note.format(n=number)}", file=sys.stderr)
                printer.line_refused(number, str(exc), exc.hint, later_too=True)
                break
            say_if_cut_by_the_terminal(number, text, sys.stdin)
            companion.wait_idle()  # (if stdout's reader went away, `| head`, the rest is still saved)
    except KeyboardInterrupt:
        code = INTERRUPTED
        _stop_quickly(companion, session, unsubscribe)
    finally:
        if code != INTERRUPTED:
            companion.wait_idle(timeout=60)
        session.close()
    return code or (1 if failed or printer.answered < sent else 0)


# A terminal in its usual (canonical) mode holds at most 4,096 bytes of a line, its end included: a longer
# line typed or pasted is cut by the terminal itself, before Hearth reads it (QA, session 41: a pasted
# 7,889-character entry was saved as its first 4,095). Hearth cannot get the rest back; it says so.
TERMINAL_LINE_BYTES = 4095


def _terminal_cut_mended(line: bytes) -> bytes:
    """A line a terminal cut at its limit may end inside a letter ("я" is two bytes): that letter's first
    bytes are dropped, so the rest is saved, not refused as "not UTF-8" (``say_if_cut_by_the_terminal``)."""
    if len(line) < TERMINAL_LINE_BYTES - 3:  # (every line passes here: no copy of the short ones)
        return line
    body = line.rstrip(b"\r\n")
    for cut in range(4):  # a UTF-8 letter is at most 4 bytes
        head = body[: len(body) - cut]
        try:
            head.decode("utf-8")
        except UnicodeDecodeError:
            continue
        return head + line[len(body):]
    return line


def say_if_cut_by_the_terminal(number: int, text: str, stdin: TextIO) -> None:
    """Tell a person at a terminal that a line as long as the terminal holds was probably cut by it."""
    if len(text.encode("utf-8")) < TERMINAL_LINE_BYTES or not stdin.isatty():
        return
    note = translate("Cli", "Line {n} is as long as a terminal line can be, so the terminal may have cut "
                            "what was pasted past it; what it kept was saved. For a long entry, send a file: "
                            "hearth chat < entry.txt")
    print(f"hearth: {note.format(n=number)}", file=sys.stderr)


def say_kept_words(diary: Diary, stdin: TextIO) -> None:
    """Tell a person typing at a terminal that words they had not sent from the window are kept (the window
    puts them back in its message box). Said, not sent: only the person knows whether they still mean them.
    Nothing is said to a pipe, whose lines are entries already written."""
    kept = diary.draft()
    if kept is None or not stdin.isatty():
        return
    note = translate("Cli", "Words you had not sent from the window are kept in its message box: {words}")
    print(printable(f"hearth: {note.format(words=quoted(preview(kept.text)))}"), file=sys.stderr)


def _stop_quickly(companion: Companion, session: _Session, unsubscribe: Callable[[], None]) -> None:
    """Ctrl+C: stop the reply; give it and the jobs ``GRACE_BEFORE_HANG_UP_S`` to stop, then end the requests
    of a model that does not answer (a frozen server) instead of waiting out their timeouts. A second
    Ctrl+C during the grace goes straight to that (review: it skipped the hang-up, and waited 60 s)."""
    companion.stop()
    try:
        stopped = companion.wait_idle(timeout=GRACE_BEFORE_HANG_UP_S)
    except KeyboardInterrupt:
        stopped = False
    if not stopped:
        unsubscribe()  # what the ended requests raise is the person's Ctrl+C, not news to print
        session.model.hang_up()


def run_digest(args: argparse.Namespace, data_dir: Path) -> int:
    if args.weekly and (date.max - args.day).days < 6 - args.day.weekday():
        last_monday = date.max - timedelta(days=date.max.weekday())
        too_late = translate("Cli", "the week of {day} ends after {last}, the last day Hearth's calendar "
                                    "knows. Choose a day before {monday} for a weekly digest.")
        print("hearth: " + too_late.format(day=args.day, last=date.max, monday=last_monday), file=sys.stderr)
        return 2
    session = _Session(args, data_dir)
    try:
        companion = session.companion
        text = companion.weekly_digest(args.day) if args.weekly else companion.digest(args.day)
    finally:
        session.close()
    if not text:
        nothing = translate("Cli", "nothing was written on {day} (or its week); there is nothing to digest.")
        print("hearth: " + nothing.format(day=args.day), file=sys.stderr)
        return 1
    print(printable(text, keep_newlines=True))
    return 0


def run_reflect(args: argparse.Namespace, data_dir: Path) -> int:
    session = _Session(args, data_dir)
    try:
        session.companion.reflect()
        current = [r.text for r in session.diary.current_reflections()]
    finally:
        session.close()
    for text in current:
        print(f"- {printable(text)}")
    if not current:
        none_yet = translate("Cli", "(no observations yet: they need digests of at least two days)")
        print(none_yet, file=sys.stderr)
    return 0
