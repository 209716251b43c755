"""``hearth models list | pull | use | current``: see, download and choose the model Hearth runs.

The same library calls as the GUI's model manager (``app.llm.catalog``, ``download``, ``selection``);
this module only parses arguments and prints. Progress goes to stderr on one refreshing line, results
to stdout (``--json`` for scripts). Each command reads the settings once (``SettingsStore.load``);
``hearth models use`` changes them through that store, as the model manager does.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from app.cli.i18n import data_size, error_text, translate
from app.cli.progress import ProgressLine
from app.config import ModelSettings, SettingsStore, data_dir_path
from app.llm.catalog import CatalogEntry, default_entry, find_entry, load_catalog, models_dir
from app.llm.download import download_model, local_path, partial_bytes
from app.llm.errors import DownloadCancelled, EngineError
from app.llm.selection import (
    ModelChoice,
    choose_model,
    entry_for_file,
    pull_command,
    validate_model_file,
)
from app.llm.tiny import TINY_NAME
from app.ui.tr_noop import QT_TRANSLATE_NOOP

AUTO = "auto"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``hearth models ...`` to the ``hearth`` parser."""
    models = sub.add_parser("models", help=translate("Cli", "list, download and choose the language model"))
    actions = models.add_subparsers(dest="models_command", metavar="ACTION")
    models.set_defaults(func=lambda args, data_dir: _usage(models))

    p = actions.add_parser("list", help=translate("Cli", "the recommended models and which are downloaded"))
    p.add_argument("--json", action="store_true", help=translate("Cli", "machine-readable output"))
    p.set_defaults(func=run_list)

    p = actions.add_parser("pull", help=translate(
        "Cli", "download a recommended model (resumes, verifies sha256)"))
    p.add_argument("name", nargs="?", help=translate(
        "Cli", "catalog name (default: {name})").format(name=_default_name()))
    p.add_argument("--endpoint", metavar="URL", help=translate(
        "Cli", "hub address (default: $HF_ENDPOINT or huggingface.co)"))
    p.set_defaults(func=run_pull)

    p = actions.add_parser("use", help=translate(
        "Cli", "choose the model: a catalog name, a .gguf path, or 'auto'"))
    p.add_argument("target", metavar="PATH-OR-NAME")
    p.set_defaults(func=run_use)

    p = actions.add_parser("current", help=translate("Cli", "which model Hearth will use, and why"))
    p.add_argument("--json", action="store_true", help=translate("Cli", "machine-readable output"))
    p.set_defaults(func=run_current)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _default_name() -> str:
    try:
        return default_entry().name
    except Exception:  # a broken catalog must not break `hearth --help`
        return translate("Cli", "the recommended model")


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
        print(f"{row['name']}  ({', '.join(_flags(row))})")
        trained = translate("Cli", "trained context {n}").format(n=row["n_ctx_train"])
        print(f"    {row['title']} · {data_size(row['size'])} · {trained}")
        print("    " + translate("Cli", "languages: {codes}").format(codes=" ".join(row["languages"])))
        print("    " + translate("Cli", "licence: {licence}").format(licence=row["license"]))
        if row["notes"]:
            print("    " + translate("Catalog", row["notes"]))
    print("\n" + translate("Cli", "Download: hearth models pull NAME    Use your own file: hearth models use "
                                  "PATH.gguf"))
    return 0


def _flags(row: dict[str, Any]) -> list[str]:
    """"recommended, downloaded, in use" in the terminal's language."""
    flags = [translate("Cli", "recommended")] if row["default"] else []
    if row["status"] == "downloaded":
        flags.append(translate("Cli", "downloaded"))
    elif row["status"] == "partial":
        flags.append(translate("Cli", "partial {percent}%").format(percent=f"{row['partial_percent']:.0f}"))
    else:
        flags.append(translate("Cli", "not downloaded"))
    if row["in_use"]:
        flags.append(translate("Cli", "in use"))
    return flags


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
        return _fail(translate("Cli", "there is no model called {name}.").format(name=repr(args.name)),
                     translate("Cli", "Choose one of: {names}.").format(names=names))
    folder = models_dir(data_dir)
    existing = local_path(entry, folder)
    if existing is not None:
        print(translate("Cli", "{title} is already downloaded and verified: {path}").format(
            title=entry.title, path=existing))
        return 0
    resumed = partial_bytes(entry, folder)
    what = {"title": entry.title, "size": _size_text(entry), "repo": entry.repo, "done": data_size(resumed)}
    if resumed:
        starting = translate("Cli", "Downloading {title} ({size}) from {repo}, resuming at {done}.")
    else:
        starting = translate("Cli", "Downloading {title} ({size}) from {repo}.")
    pauses = translate("Cli", "Ctrl+C pauses; run the same command to resume.")
    print(f"{starting.format(**what)} {pauses}", file=sys.stderr)
    line = ProgressLine(sys.stderr)
    try:
        path = download_model(entry, folder, on_progress=line.update, endpoint=args.endpoint)
    except KeyboardInterrupt:
        line.finish()
        kept = partial_bytes(entry, folder)
        paused = translate("Cli", "Paused: {done} of {total} kept. Resume with: {command}")
        command = _resume_command(entry, data_dir, args.endpoint)
        print(paused.format(done=data_size(kept), total=_size_text(entry), command=command), file=sys.stderr)
        return 130
    except DownloadCancelled as exc:  # pragma: no cover - the CLI cancels with Ctrl+C only
        line.finish()
        return _fail(str(exc), exc.hint)
    except EngineError as exc:
        line.finish()
        return _fail(str(exc), exc.hint)
    line.finish()
    print(translate("Cli", "Downloaded and verified: {path}").format(path=path))
    choice = choose_model(SettingsStore.load(data_dir).current.model, data_dir)
    if choice is not None and choice.path.resolve() == path.resolve():
        print(translate("Cli", "Hearth will use {title} from its next start.").format(title=entry.title))
    else:
        print(translate("Cli", "To use it: hearth models use {name}").format(name=entry.name))
    return 0


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
            return _fail(translate("Cli", "{title} is not downloaded yet.").format(title=entry.title),
                         translate("Cli", "Download it first: {command}").format(command=pull_command(entry)))
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
        note = translate("Cli", "Note: the context size in settings ({n}) is larger than this model was "
                                "trained for ({trained}); lower it in the settings.")
        print(note.format(n=model.n_ctx, trained=trained), file=sys.stderr)
    return _print_choice_after_use(model, data_dir)


def _print_choice_after_use(model: ModelSettings, data_dir: Path) -> int:
    choice = choose_model(model, data_dir)
    if choice is None:
        return _fail(translate("Cli", "no model is available."),
                     translate("Cli", "Download one: {command}").format(command=pull_command()))
    will = translate("Cli", "Hearth will use {name} from its next start: {reason}.")
    print(will.format(name=_name(choice), reason=_reason(choice)))
    if not choice.is_tiny:  # the bundled model's file is Hearth's own business
        print(translate("Cli", "File: {path}").format(path=choice.path))
    if choice.is_tiny:
        print(_tiny_notice())
    return 0


def run_current(args: argparse.Namespace, data_dir: Path) -> int:
    model = SettingsStore.load(data_dir).current.model
    choice = choose_model(model, data_dir)
    if args.json:
        print(json.dumps(_current_json(model, choice, data_dir), indent=2, ensure_ascii=False))
        return 0 if choice else 1
    if choice is None:
        return _fail(
            translate("Cli", "no model is available: none is downloaded and the bundled tiny model is not "
                             "installed."),
            translate("Cli", "Download the recommended model: {command}").format(command=pull_command()),
        )
    if choice.problem:
        print(translate(
            "Cli", "Warning: {problem}").format(problem=error_text(choice.problem)), file=sys.stderr)
    threads = model.n_threads or translate("Cli", "auto")
    settings = translate(
        "Cli", "context {n}, GPU layers {layers}, threads {threads}, KV cache {cache}").format(
        n=model.n_ctx, layers=model.n_gpu_layers, threads=threads, cache=model.kv_cache_type)
    rows = ((translate("Cli", "Model:"), _name(choice)), (translate("Cli", "File:"), str(choice.path)),
            (translate("Cli", "Why:"), _reason(choice)), (translate("Cli", "Settings:"), settings))
    width = max(len(label) for label, _value in rows) + 1
    for label, value in rows:
        print(f"{label:<{width}} {value}")
    if choice.is_tiny:
        print(_tiny_notice())
    return 0


# Why a model was chosen (``ModelChoice.reason``, English in ``app.llm.selection``), as translation sources.
REASONS = (
    QT_TRANSLATE_NOOP("Cli", "chosen in settings"),
    QT_TRANSLATE_NOOP("Cli", "the downloaded recommended model (no model chosen in settings)"),
    QT_TRANSLATE_NOOP("Cli", "no model chosen or downloaded yet, so Hearth runs on its bundled tiny model"),
    QT_TRANSLATE_NOOP("Cli", "a downloaded catalog model (the recommended one is not downloaded)"),
)


TINY_SHOWN = QT_TRANSLATE_NOOP("Cli", "SmolLM2-135M-Instruct (bundled tiny model)")  # = TINY_NAME


def _name(choice: ModelChoice) -> str:
    return translate("Cli", TINY_SHOWN) if choice.name == TINY_NAME else choice.name


def _reason(choice: ModelChoice) -> str:
    return translate("Cli", choice.reason)


def _size_text(entry: CatalogEntry) -> str:
    return data_size(entry.size) if entry.size else translate("Cli", "size unknown")


def _tiny_notice() -> str:
    """``selection.tiny_notice`` in the terminal's language."""
    entry = default_entry()
    notice = translate("Cli", "Hearth is running on {tiny}: fine for trying Hearth out, too small for a real "
                              "companion. Download the recommended model, {title}, {size}: {command}")
    return notice.format(tiny=translate("Cli", TINY_SHOWN), title=entry.title, size=_size_text(entry),
                         command=pull_command(entry))


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


def _resume_command(entry: CatalogEntry, data_dir: Path, endpoint: str | None) -> str:
    """The pull that resumes this one: with its data dir (unless the default) and its endpoint (QA: the
    line said `hearth models pull NAME`, which resumed into the default data dir)."""
    words = ["hearth"]
    if data_dir != data_dir_path():
        words += ["--data-dir", str(data_dir)]
    words += ["models", "pull", entry.name]
    if endpoint:
        words += ["--endpoint", endpoint]
    return shlex.join(words)
