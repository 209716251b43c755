"""``hearth chat``, ``hearth digest`` and ``hearth reflect``: the Companion controller from a terminal.

``hearth chat`` reads one message per line from standard input. Plain mode prints each reply as it
streams; ``--json`` prints every controller event as one JSON line (``events.event_to_dict``), which is how
scripts and tests drive the same controller the GUI does. Errors are one clear line on stderr, never a
traceback; a message that is refused is reported and the next line is read.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from app.config import Settings

Handler = Callable[[argparse.Namespace, Path], int]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add this area's sub-commands to the ``hearth`` parser."""
    chat = sub.add_parser("chat", help="write to your diary from the terminal (one message per line)")
    chat.add_argument(
        "--model", type=Path, metavar="PATH", help="a .gguf model file (default: the chosen one)"
    )
    chat.add_argument("--json", action="store_true", help="print every event as one JSON line")
    chat.add_argument("--n-ctx", type=int, metavar="N", help="context size (default: from settings)")
    chat.set_defaults(func=_guarded(run_chat))

    digest = sub.add_parser("digest", help="write the digest of a finished day (or its week)")
    digest.add_argument("--day", type=date.fromisoformat, required=True, metavar="YYYY-MM-DD")
    digest.add_argument("--weekly", action="store_true", help="the digest of the day's week instead")
    digest.add_argument("--model", type=Path, metavar="PATH")
    digest.set_defaults(func=_guarded(run_digest))

    reflect = sub.add_parser("reflect", help="revise the companion's observations about patterns now")
    reflect.add_argument("--model", type=Path, metavar="PATH")
    reflect.set_defaults(func=_guarded(run_reflect))


def _guarded(handler: Handler) -> Handler:
    """Typed errors (store, engine, core) become one line on stderr and exit code 1."""
    from app.core.errors import CoreError
    from app.llm.errors import EngineError
    from app.store.errors import StoreError

    def run(args: argparse.Namespace, data_dir: Path) -> int:
        try:
            return handler(args, data_dir)
        except (CoreError, EngineError, StoreError) as exc:
            hint = getattr(exc, "hint", "")
            print(f"hearth: {exc}" + (f" {hint}" if hint else ""), file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            return 130

    return run


def load_model(args: argparse.Namespace, settings: Settings, data_dir: Path) -> Any:
    """``--model``, else the chosen model (settings, downloaded default, bundled tiny)."""
    from app.llm.engine import EngineConfig, ModelEngine
    from app.llm.errors import ModelFileMissing
    from app.llm.selection import choose_model, engine_config

    n_ctx = getattr(args, "n_ctx", None) or settings.n_ctx
    if args.model is not None:
        return ModelEngine(
            EngineConfig(model_path=args.model, n_ctx=n_ctx, kv_cache_type=settings.kv_cache_type)
        )
    choice = choose_model(settings, data_dir)
    if choice is None:
        raise ModelFileMissing("No model is available.", "Run `hearth models pull` or pass --model PATH.")
    if choice.is_tiny and not getattr(args, "json", False):
        note = "(using the bundled tiny model: replies are simple; `hearth models pull` gets a better one)"
        print(note, file=sys.stderr)
    config = engine_config(settings, choice)
    config.n_ctx = n_ctx
    return ModelEngine(config)


def _open(args: argparse.Namespace, data_dir: Path) -> tuple[Any, Any, Any]:
    from app.core.companion import Companion
    from app.store import Diary

    settings = Settings.load(data_dir)
    diary = Diary.open(data_dir)
    try:
        model = load_model(args, settings, data_dir)
    except BaseException:
        diary.close()
        raise
    return diary, model, Companion(diary, model, settings)


def _close(diary: Any, model: Any, companion: Any) -> None:
    companion.close()
    model.close()
    diary.close()


class _Printer:
    """Writes events to stdout (JSON lines, or the streamed reply) and knows when a reply is over."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json
        self.reply_done = threading.Event()
        self._lock = threading.Lock()

    def __call__(self, event: Any) -> None:
        from app.core.events import ErrorRaised, ReplyFinished, TokenStreamed, event_to_dict

        with self._lock:
            if self.as_json:
                sys.stdout.write(json.dumps(event_to_dict(event), ensure_ascii=False) + "\n")
            elif isinstance(event, TokenStreamed):
                sys.stdout.write(event.text)
            elif isinstance(event, ReplyFinished):
                sys.stdout.write(" [stopped]\n" if event.status == "interrupted" else "\n")
            elif isinstance(event, ErrorRaised):
                print(f"hearth: {event.message} {event.hint}".rstrip(), file=sys.stderr)
            sys.stdout.flush()
        if isinstance(event, ReplyFinished | ErrorRaised):
            self.reply_done.set()


def run_chat(args: argparse.Namespace, data_dir: Path) -> int:
    from app.core.errors import MessageRejected

    diary, model, companion = _open(args, data_dir)
    printer = _Printer(args.json)
    companion.subscribe(printer)
    try:
        for line in sys.stdin:
            text = line.rstrip("\n")
            if not text.strip():
                continue
            try:
                companion.send(text)
            except MessageRejected as exc:
                print(f"hearth: {exc} {exc.hint}", file=sys.stderr)
                continue
            companion.wait_idle()
    except KeyboardInterrupt:
        companion.stop()
    finally:
        companion.wait_idle(timeout=60)
        _close(diary, model, companion)
    return 0


def run_digest(args: argparse.Namespace, data_dir: Path) -> int:
    diary, model, companion = _open(args, data_dir)
    try:
        text = companion.weekly_digest(args.day) if args.weekly else companion.digest(args.day)
    finally:
        _close(diary, model, companion)
    if not text:
        print(f"hearth: nothing was written on {args.day} (or its week); there is nothing to digest.",
              file=sys.stderr)  # fmt: skip
        return 1
    print(text)
    return 0


def run_reflect(args: argparse.Namespace, data_dir: Path) -> int:
    diary, model, companion = _open(args, data_dir)
    try:
        companion.reflect()
        current = [r.text for r in diary.current_reflections()]
    finally:
        _close(diary, model, companion)
    for text in current:
        print(f"- {text}")
    if not current:
        print("(no observations yet: they need digests of at least two days)", file=sys.stderr)
    return 0
