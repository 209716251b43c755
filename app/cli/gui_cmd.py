"""Opening the desktop app. PySide6 is imported only here, lazily, so the CLI stays Qt-free."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``hearth gui`` (also what plain ``hearth`` does)."""
    p = sub.add_parser("gui", help="open the desktop app (the default)")
    p.set_defaults(func=run_gui)


def run_gui(args: argparse.Namespace, data_dir: Path) -> int:
    from app.ui.application import run_app

    return run_app(data_dir)
