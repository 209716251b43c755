"""The ``hearth`` command line: the same controller as the GUI, from a terminal.

Each area registers its own sub-commands (``register(subparsers)``) so no single module grows into a
4,000-line ``cli.py``. A sub-command's handler takes ``(args, data_dir)`` and returns an exit code.
With no sub-command, ``hearth`` opens the desktop app. The data directory is checked before any
command runs (``app.config.prepare_data_dir``): a folder Hearth must not use is one line on stderr and
exit code 2, before the diary is opened or Qt is started. Whatever a command does not handle itself is
said by ``app.cli.errors`` — the same texts the window shows, one line, never a traceback or SQL.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from app import __version__
from app.cli import (
    chat_cmd,
    desktop_cmd,
    encryption_cmd,
    gui_cmd,
    index_cmd,
    models_cmd,
    pictures_cmd,
    ritual_cmd,
    store_cmd,
)
from app.cli.errors import error_line, run_reported
from app.cli.i18n import error_text, set_language, translate
from app.cli.store_cmd import printable
from app.config import DataDirError, Settings, data_dir_path, resolve_data_dir
from app.ui.error_texts import pattern_of
from app.ui.tr_noop import QT_TRANSLATE_NOOP

AREAS = (
    gui_cmd, models_cmd, store_cmd, pictures_cmd, chat_cmd, encryption_cmd, index_cmd, ritual_cmd,
    desktop_cmd,
)

__all__ = ["HearthParser", "build_parser", "main", "printable"]


class HearthParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose sub-commands may take free words that begin with a dash.

    ``sub.add_parser(name, dash_words=True)`` (``hearth search -garden``): a word that begins with one
    dash and is not one of the command's options is a word, not an option; options begin with two dashes
    (``-h`` excepted) and ``--`` still ends them. The words keep their order.
    """

    def __init__(self, *args: Any, dash_words: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", TranslatedHelpFormatter)
        super().__init__(*args, **kwargs)
        self.dash_words = dash_words
        # argparse's own words, in the terminal's language (its gettext catalog has no Russian)
        self._positionals.title = translate("Cli", "positional arguments")
        self._optionals.title = translate("Cli", "options")
        for action in self._actions:
            if "--help" in action.option_strings:
                action.help = translate("Cli", "show this help message and exit")

    def error(self, message: str) -> NoReturn:
        """Usage and "hearth: error: …" on stderr, exit code 2 — argparse's, in the terminal's language."""
        self.print_usage(sys.stderr)
        said = translate(
            "Cli", "{prog}: error: {message}").format(prog=self.prog, message=argparse_text(message))
        self.exit(2, said + "\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self.dash_words and args is not None:
            args = self._words_after_options(list(args))
        return super().parse_known_args(args, namespace)

    def _words_after_options(self, args: list[str]) -> list[str]:
        """``args`` as options first, then ``--`` and every free word, so argparse reads them as words."""
        options: list[str] = []
        words: list[str] = []
        rest = iter(args)
        for arg in rest:
            if arg == "--":
                words.extend(rest)
                break
            action = self._option_action(arg)
            if action is not None:
                value = next(rest, None) if action.nargs is None and "=" not in arg else None
                if value == "--":  # ``--limit --``: no value; argparse says so (``--limit=--`` gave None)
                    options.append(arg)
                    words.extend(rest)
                    break
                # the option's value is the next argument, whatever it looks like (``--limit -5``)
                options.append(arg if value is None else f"{arg}={value}")
            elif arg.startswith("--") and len(arg) > 2:
                options.append(arg)  # an unknown option: argparse says so
            else:
                words.append(arg)
        return [*options, "--", *words]

    def _option_action(self, arg: str) -> argparse.Action | None:
        """The action an option argument names (``--limit``, ``--limit=5``, ``--lim``, ``-h``), or None."""
        name = arg.split("=", 1)[0] if arg.startswith("--") else arg
        exact = [a for a in self._actions if name in a.option_strings]
        if exact:
            return exact[0]
        if not name.startswith("--") or not self.allow_abbrev:
            return None
        found = {id(a): a for a in self._actions for s in a.option_strings if s.startswith(name)}
        return next(iter(found.values())) if len(found) == 1 else None


class TranslatedHelpFormatter(argparse.HelpFormatter):
    """argparse's help with "usage:" in the terminal's language."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, translate("Cli", "usage: ") if prefix is None else prefix)


# argparse's error messages (English from its own code) and how to say them; ``{placeholders}`` are kept.
ARGPARSE_MESSAGES = (
    QT_TRANSLATE_NOOP("Cli", "the following arguments are required: {names}"),
    QT_TRANSLATE_NOOP("Cli", "unrecognized arguments: {words}"),
    QT_TRANSLATE_NOOP("Cli", "argument {name}: invalid choice: {value} (choose from {choices})"),
    QT_TRANSLATE_NOOP("Cli", "argument {name}: expected one argument"),
    QT_TRANSLATE_NOOP("Cli", "argument {name}: invalid {kind} value: {value}"),
    QT_TRANSLATE_NOOP("Cli", "argument {name}: not allowed with argument {other}"),
    QT_TRANSLATE_NOOP("Cli", "argument {name}: ignored explicit argument {value}"),
    QT_TRANSLATE_NOOP("Cli", "ambiguous option: {option} could match {matches}"),
    # Last: a message of Hearth's own (already in the terminal's language) after argparse's prefix.
    QT_TRANSLATE_NOOP("Cli", "argument {name}: {message}"),
)


def argparse_text(message: str) -> str:
    """One of argparse's error messages in the terminal's language (as it is when unknown)."""
    for template in ARGPARSE_MESSAGES:
        match = pattern_of(template).fullmatch(message)
        if match:
            return translate("Cli", template).format(**match.groupdict())
    return message


def build_parser() -> argparse.ArgumentParser:
    """The ``hearth`` parser; its help texts are in the CLI's language at the time (``set_language``)."""
    parser = HearthParser(
        prog="hearth",
        description=translate("Cli", "Hearth: a private diary companion that runs on your own computer."),
    )
    parser.add_argument("--version", action="version", version=f"hearth {__version__}",
                        help=translate("Cli", "show the version and exit"))
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=translate("Cli", "where the diary, settings and models live (default: $HEARTH_DATA_DIR or the "
                              "user data dir); an empty folder or one that holds a Hearth diary"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for area in AREAS:
        area.register(sub)
    return parser


LOG_ENV = "HEARTH_LOG"  # set (to anything) to see the program's own warnings on stderr


def _language_before_parsing(argv: Sequence[str]) -> str:
    """The diary's language setting, read before the arguments are parsed, so ``--help`` and argparse's
    errors speak it too (QA: with "language": "ru" saved, `hearth rm` said "usage: … error: …" in English).
    The data dir is found the way ``resolve_data_dir`` will find it, but nothing is created or checked:
    a folder that is not there yet has no settings, and the terminal's language ("system") is used."""
    try:
        return Settings.load(data_dir_path(_data_dir_argument(argv))).language
    except (DataDirError, OSError):
        return "system"  # said in the terminal's language once the arguments are parsed


def _data_dir_argument(argv: Sequence[str]) -> str | None:
    """``--data-dir``'s value in ``argv`` (before the command; also ``--data-dir=DIR``), else None."""
    for index, arg in enumerate(argv):
        if arg == "--":
            return None
        name, has_value, value = arg.partition("=")
        if len(name) < len("--d") or not "--data-dir".startswith(name):  # argparse takes "--data" too
            continue
        if has_value:
            return value
        if index + 1 < len(argv):
            return argv[index + 1]
    return None


def quiet_logs() -> None:
    """The engine's and the store's warnings are for developers: without a handler Python prints them on
    stderr, in English, beside the one line the command says about the same problem in the person's
    language (QA, session 21). They go nowhere unless ``HEARTH_LOG`` is set; they never hold diary text."""
    root = logging.getLogger()
    if os.environ.get(LOG_ENV):
        logging.basicConfig(level=logging.WARNING, format="hearth [%(name)s] %(levelname)s: %(message)s")
    elif not any(isinstance(h, logging.NullHandler) for h in root.handlers):
        root.addHandler(logging.NullHandler())


def main(argv: Sequence[str] | None = None) -> int:
    quiet_logs()
    set_language(_language_before_parsing(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    args = parser.parse_args(argv)
    cannot = translate("Cli", "cannot use the data directory:")
    try:
        data_dir = resolve_data_dir(args.data_dir)
    except DataDirError as exc:
        print(printable(f"hearth: {cannot} {error_text(str(exc))} {error_text(exc.hint)}"), file=sys.stderr)
        return 2
    except OSError as exc:  # a read-only disk, a file where a folder should be: said as the window says it
        hint = translate("Cli", "Pass --data-dir DIR.")
        print(f"hearth: {cannot} {error_line(exc)} {hint}", file=sys.stderr)
        return 2
    set_language(Settings.load(data_dir).language)
    handler = getattr(args, "func", None) or gui_cmd.run_gui
    return run_reported(handler, args, data_dir)  # every command's failures, said one way


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
