"""Every CLI command's failures, said the one way: one line on stderr — what happened, what to do next.

``app.cli.main`` runs every command's handler through ``run_reported``, so whatever a command does not
handle itself ends here: the same text the window shows (``app.ui.error_map.describe``, Qt-free,
translated through the terminal's language), never a traceback, never an error's own text unless it is
one of Hearth's typed errors (a database error's text can hold SQL and the person's own words).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path

from app.cli.i18n import SOURCE_LANGUAGE, current_language, translate
from app.ui.error_map import ErrorLookup, describe

log = logging.getLogger(__name__)

Handler = Callable[[argparse.Namespace, Path], int]
INTERRUPTED = 130  # what shells report for Ctrl+C


def error_line(exc: BaseException) -> str:
    """``exc`` as one line: its message, then its next step, in the terminal's language."""
    lookup = ErrorLookup(lambda text: translate("Errors", text), current_language() == SOURCE_LANGUAGE)
    _title, message, hint = describe(exc, lookup)
    return " ".join(f"{message} {hint}".split())  # one line whatever the texts hold


def report(exc: BaseException) -> int:
    """Print ``exc`` as one line on stderr; the exit code (1)."""
    log.debug("command failed: %s", type(exc).__name__)  # the type only: texts may hold diary words
    print(f"hearth: {error_line(exc)}", file=sys.stderr)
    return 1


def silence_stdout() -> None:
    """stdout's reader went away: send what is still written to /dev/null, so neither a later write nor
    the interpreter's last flush fails again (Python's advice for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout replaced by an object without a file (tests)
        pass


def run_reported(handler: Handler, args: argparse.Namespace, data_dir: Path) -> int:
    """Run a command's handler; any failure becomes one line on stderr and a non-zero exit code."""
    try:
        return int(handler(args, data_dir) or 0)
    except BrokenPipeError:  # the reader went away (`hearth stats --json | head`): nothing is wrong
        silence_stdout()
        return 0
    except KeyboardInterrupt:
        stopped = translate("Cli", "Stopped.")
        print(f"hearth: {stopped}", file=sys.stderr)
        return INTERRUPTED
    except Exception as exc:  # noqa: BLE001 - the one place every failure is said
        return report(exc)
