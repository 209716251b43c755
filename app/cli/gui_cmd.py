"""Opening the desktop app. PySide6 is imported only here, lazily, so the CLI stays Qt-free."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from app.cli.i18n import translate


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``hearth gui`` (also what plain ``hearth`` does) and ``hearth screenshots DIR``."""
    p = sub.add_parser("gui", help=translate("Cli", "open the desktop app (the default)"))
    p.set_defaults(func=run_gui)
    shots = sub.add_parser(
        "screenshots",
        help=translate(
            "Cli", "save PNGs of the main views in light and dark (uses a made-up diary, not yours)"),
    )
    shots.add_argument("directory", metavar="DIR", help=translate("Cli", "where to write the PNG files"))
    shots.add_argument(
        "--theme", choices=("light", "dark", "both"), default="both", help=translate(
            "Cli", "which theme(s) to capture")
    )
    shots.add_argument(
        "--lang", choices=("en", "ru", "all"), default="en",
        help=translate("Cli", "interface language(s) to capture (ru: Russian interface and a Russian diary)"),
    )
    shots.set_defaults(func=run_screenshots)


def run_gui(args: argparse.Namespace, data_dir: Path) -> int:
    from app.ui.application import run_app

    return run_app(data_dir)


def run_screenshots(args: argparse.Namespace, data_dir: Path) -> int:
    """Render the views offscreen into DIR. The person's own diary in ``data_dir`` is never read."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from app.ui.screenshots import ScreenshotError, take_screenshots

    themes = ("light", "dark") if args.theme == "both" else (args.theme,)
    languages = ("en", "ru") if args.lang == "all" else (args.lang,)
    try:
        paths = take_screenshots(Path(args.directory), themes=themes, languages=languages)
    except (ScreenshotError, OSError) as exc:
        print(f"hearth: screenshots failed: {exc}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0
