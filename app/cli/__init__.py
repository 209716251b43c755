"""The ``hearth`` command line: the same controller as the GUI, from a terminal.

Each area registers its own sub-commands (``register(subparsers)``) so no single module grows into a
4,000-line ``cli.py``. A sub-command's handler takes ``(args, data_dir)`` and returns an exit code.
With no sub-command, ``hearth`` opens the desktop app.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from app import __version__
from app.cli import chat_cmd, gui_cmd, models_cmd, store_cmd
from app.config import resolve_data_dir

AREAS = (gui_cmd, models_cmd, store_cmd, chat_cmd)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hearth",
        description="Hearth: a private diary companion that runs on your own computer.",
    )
    parser.add_argument("--version", action="version", version=f"hearth {__version__}")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where the diary, settings and models live (default: $HEARTH_DATA_DIR or the user data dir)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for area in AREAS:
        area.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        data_dir = resolve_data_dir(args.data_dir)
    except OSError as exc:
        print(f"hearth: cannot use the data directory: {exc}. Pass --data-dir DIR.", file=sys.stderr)
        return 2
    handler = getattr(args, "func", None) or gui_cmd.run_gui
    return int(handler(args, data_dir) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
