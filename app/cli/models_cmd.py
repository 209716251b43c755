"""``hearth models list | pull | use | current``: see, download and choose the model Hearth runs.

The same library calls as the GUI's model manager (``app.llm.catalog``, ``download``, ``selection``);
this module only parses arguments and prints. Progress goes to stderr on one refreshing line, results
to stdout (``--json`` for scripts). Each command reads the settings once (``SettingsStore.load``);
``hearth models use`` changes them through that store, as the model manager does.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from app.cli.i18n import error_text
from app.config import ModelSettings, SettingsStore
from app.llm.catalog import CatalogEntry, default_entry, find_entry, format_bytes, load_catalog, models_dir
from app.llm.download import DownloadProgress, download_model, local_path, partial_bytes
from app.llm.errors import DownloadCancelled, EngineError
from app.llm.selection import (
    ModelChoice,
    choose_model,
    entry_for_file,
    pull_command,
    tiny_notice,
    validate_model_file,
)

AUTO = "auto"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``hearth models ...`` to the ``hearth`` parser."""
    models = sub.add_parser("models", help="list, download and choose the language model")
    actions = models.add_subparsers(dest="models_command", metavar="ACTION")
    models.set_defaults(func=lambda args, data_dir: _usage(models))

    p = actions.add_parser("list", help="the recommended models and which are downloaded")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run_list)

    p = actions.add_parser("pull", help="download a recommended model (resumes, verifies sha256)")
    p.add_argument("name", nargs="?", help=f"catalog name (default: {_default_name()})")
    p.add_argument("--endpoint", metavar="URL", help="hub address (default: $HF_ENDPOINT or huggingface.co)")
    p.set_defaults(func=run_pull)

    p = actions.add_parser("use", help="choose the model: a catalog name, a .gguf path, or 'auto'")
    p.add_argument("target", metavar="PATH-OR-NAME")
    p.set_defaults(func=run_use)

    p = actions.add_parser("current", help="which model Hearth will use, and why")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run_current)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _default_name() -> str:
    try:
        return default_entry().name
    except Exception:  # a broken catalog must not break `hearth --help`
        return "the recommended model"


def _fail(message: str, hint: str = "") -> int:
    message, hint = error_text(message), error_text(hint)  # typed errors' texts in the terminal's language
    print(f"hearth: {message}", file=sys.stderr)
    if hint:
        print(f"  {hint}", file=sys.stderr)
    return 1


# -- list ----------------------------------------------------------------------------------------------


def run_list(args: argparse.Namespace, data_dir: Path) -> int:
    folder = models_dir(data_dir)
    choice = choose_model(SettingsStore.load(data_dir).current.model, data_dir)
    rows = [_entry_state(entry, folder, choice) for entry in load_catalog()]
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    for row in rows:
        flags = ["recommended"] if row["default"] else []
        flags.append(
            {"downloaded": "downloaded", "partial": f"partial {row['partial_percent']:.0f}%"}.get(
                row["status"], "not downloaded"
            )
        )
        if row["in_use"]:
            flags.append("in use")
        print(f"{row['name']}  ({', '.join(flags)})")
        print(f"    {row['title']} · {format_bytes(row['size'])} · trained context {row['n_ctx_train']}")
        print(f"    languages: {' '.join(row['languages'])}")
        print(f"    licence: {row['license']}")
        if row["notes"]:
            print(f"    {row['notes']}")
    print("\nDownload: hearth models pull NAME    Use your own file: hearth models use PATH.gguf")
    return 0


def _entry_state(entry: CatalogEntry, folder: Path, choice: ModelChoice | None) -> dict[str, Any]:
    path = local_path(entry, folder)
    partial = 0 if path else partial_bytes(entry, folder)
    row: dict[str, Any] = {
        "name": entry.name,
        "title": entry.title,
        "repo": entry.repo,
        "revision": entry.revision,
        "file": entry.file,
        "size": entry.size,
        "sha256": entry.sha256,
        "license": entry.license,
        "languages": list(entry.languages),
        "n_ctx_train": entry.n_ctx_train,
        "default": entry.default,
        "notes": entry.notes,
        "status": "downloaded" if path else ("partial" if partial else "absent"),
        "path": str(path) if path else None,
        "partial_bytes": partial,
        "partial_percent": 100.0 * partial / entry.size if entry.size else 0.0,
        "in_use": bool(choice and path and choice.path.resolve() == path.resolve()),
    }
    return row


# -- pull ----------------------------------------------------------------------------------------------


def run_pull(args: argparse.Namespace, data_dir: Path) -> int:
    entry = find_entry(args.name) if args.name else default_entry()
    if entry is None:
        names = ", ".join(e.name for e in load_catalog())
        return _fail(f"there is no model called {args.name!r}.", f"Choose one of: {names}.")
    folder = models_dir(data_dir)
    existing = local_path(entry, folder)
    if existing is not None:
        print(f"{entry.title} is already downloaded and verified: {existing}")
        return 0
    resumed = partial_bytes(entry, folder)
    print(
        f"Downloading {entry.title} ({entry.size_text}) from {entry.repo}"
        + (f", resuming at {format_bytes(resumed)}" if resumed else "")
        + ". Ctrl+C pauses; run the same command to resume.",
        file=sys.stderr,
    )
    line = ProgressLine(sys.stderr)
    try:
        path = download_model(entry, folder, on_progress=line.update, endpoint=args.endpoint)
    except KeyboardInterrupt:
        line.finish()
        kept = partial_bytes(entry, folder)
        print(
            f"Paused: {format_bytes(kept)} of {entry.size_text} kept. Resume with: {pull_command(entry)}",
            file=sys.stderr,
        )
        return 130
    except DownloadCancelled as exc:  # pragma: no cover - the CLI cancels with Ctrl+C only
        line.finish()
        return _fail(str(exc), exc.hint)
    except EngineError as exc:
        line.finish()
        return _fail(str(exc), exc.hint)
    line.finish()
    print(f"Downloaded and verified: {path}")
    choice = choose_model(SettingsStore.load(data_dir).current.model, data_dir)
    if choice is not None and choice.path.resolve() == path.resolve():
        print(f"Hearth will use {entry.title} from its next start.")
    else:
        print(f"To use it: hearth models use {entry.name}")
    return 0


class ProgressLine:
    """One refreshing stderr line: bar, percent, bytes, rate, ETA (throttled when not a terminal)."""

    WIDTH = 24

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.is_tty = stream.isatty()
        self._last_write = 0.0
        self._last_len = 0

    def update(self, p: DownloadProgress) -> None:
        now = time.monotonic()
        if not self.is_tty and now - self._last_write < 1.0 and p.phase != "done":
            return
        self._last_write = now
        text = format_progress(p, self.WIDTH)
        pad = " " * max(0, self._last_len - len(text))
        self._last_len = len(text)
        self.stream.write(f"\r{text}{pad}")
        self.stream.flush()

    def finish(self) -> None:
        if self._last_len:
            self.stream.write("\n")
            self.stream.flush()
            self._last_len = 0


def format_progress(p: DownloadProgress, width: int = 24) -> str:
    filled = int(width * min(p.percent, 100.0) / 100)
    bar = "#" * filled + "-" * (width - filled)
    text = f"[{bar}] {p.percent:5.1f}%  {format_bytes(p.downloaded)} / {format_bytes(p.total)}"
    if p.phase == "downloading":
        text += f"  {format_bytes(p.rate_bps)}/s  ETA {format_duration(p.eta_s)}"
    else:
        text += f"  {PHASE_WORDS.get(p.phase, p.phase)}"
    return text


PHASE_WORDS = {
    "waiting": "waiting for another download of this file",
    "connecting": "connecting…",
    "checking": "checking the part already downloaded…",
    "verifying": "verifying…",
    "done": "done, sha256 verified",
}


def format_duration(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    seconds = int(seconds + 0.5)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


# -- use / current -------------------------------------------------------------------------------------


def run_use(args: argparse.Namespace, data_dir: Path) -> int:
    settings = SettingsStore.load(data_dir)
    target = args.target.strip()
    if target.lower() == AUTO:
        settings.change_model(path="")
        return _print_choice_after_use(settings.current.model, data_dir)
    entry = find_entry(target)
    if entry is not None:
        path = local_path(entry, models_dir(data_dir))
        if path is None:
            return _fail(f"{entry.title} is not downloaded yet.", f"Download it first: {pull_command(entry)}")
    else:
        path = Path(target).expanduser().resolve()
    try:
        info = validate_model_file(path)
    except EngineError as exc:
        return _fail(str(exc), exc.hint)
    settings.change_model(path=str(path))
    model = settings.current.model
    trained = int(info.get("n_ctx_train") or 0)
    if trained and model.n_ctx > trained:
        print(
            f"Note: the context size in settings ({model.n_ctx}) is larger than this model was trained"
            f" for ({trained}); lower it in the settings.",
            file=sys.stderr,
        )
    return _print_choice_after_use(model, data_dir)


def _print_choice_after_use(model: ModelSettings, data_dir: Path) -> int:
    choice = choose_model(model, data_dir)
    if choice is None:
        return _fail("no model is available.", f"Download one: {pull_command()}")
    print(f"Hearth will use {choice.name} ({choice.path}) from its next start: {choice.reason}.")
    if choice.is_tiny:
        print(tiny_notice())
    return 0


def run_current(args: argparse.Namespace, data_dir: Path) -> int:
    model = SettingsStore.load(data_dir).current.model
    choice = choose_model(model, data_dir)
    if args.json:
        print(json.dumps(_current_json(model, choice, data_dir), indent=2, ensure_ascii=False))
        return 0 if choice else 1
    if choice is None:
        return _fail(
            "no model is available: none is downloaded and the bundled tiny model is not installed.",
            f"Download the recommended model: {pull_command()}",
        )
    if choice.problem:
        print(f"Warning: {choice.problem}", file=sys.stderr)
    print(f"Model:    {choice.name}")
    print(f"File:     {choice.path}")
    print(f"Why:      {choice.reason}")
    threads = model.n_threads or "auto"
    print(
        f"Settings: context {model.n_ctx}, GPU layers {model.n_gpu_layers}, threads {threads},"
        f" KV cache {model.kv_cache_type}"
    )
    if choice.is_tiny:
        print(tiny_notice())
    return 0


def _current_json(model: ModelSettings, choice: ModelChoice | None, data_dir: Path) -> dict[str, Any]:
    recommended = default_entry()
    entry = choice.entry if choice else None
    if choice is not None and entry is None:
        entry = entry_for_file(choice.path, data_dir)
    return {
        "name": choice.name if choice else None,
        "path": str(choice.path) if choice else None,
        "is_tiny": choice.is_tiny if choice else None,
        "source": choice.source if choice else None,
        "reason": choice.reason if choice else "no model available",
        "problem": choice.problem if choice else "",
        "catalog_name": entry.name if entry else None,
        "recommended": {
            "name": recommended.name,
            "title": recommended.title,
            "size": recommended.size,
            "pull_command": pull_command(recommended),
        }
        if choice is None or choice.is_tiny
        else None,
        "engine": {
            "n_ctx": model.n_ctx,
            "n_gpu_layers": model.n_gpu_layers,
            "n_threads": model.n_threads or None,
            "kv_cache_type": model.kv_cache_type,
        },
    }
