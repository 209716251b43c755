"""Opening the desktop app. PySide6 is imported only here, lazily, so the CLI stays Qt-free.

Before Qt is imported, ``desktop_problem`` asks ``display_check`` whether Qt can start here at all (a
display to draw on; the system libraries of Qt's xcb/Wayland plugin). If not, the person reads what is
missing and how to install it, and ``hearth`` exits with ``EXIT_NO_DESKTOP`` — instead of Qt's abort.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from app.cli.display_check import Missing, check_platform_libraries, install_commands, lacks_display
from app.cli.i18n import translate

EXIT_NO_DESKTOP = 3  # the GUI cannot start here: no display, or Qt's platform plugin lacks libraries


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
    """Open the window — after checking that Qt can, so a missing library is a clear message, not an abort."""
    problem = desktop_problem()
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_NO_DESKTOP
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


def desktop_problem(environ: dict[str, str] | None = None) -> str:
    """Why the window cannot open here, as the lines to print; empty when Qt can start."""
    env = dict(os.environ) if environ is None else environ
    if lacks_display(env):
        return translate(
            "Cli",
            "hearth: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set). "
            "Start Hearth from your desktop, or use it from this terminal: hearth chat",
        )
    missing = check_platform_libraries(env)
    return describe_missing(missing) if missing else ""


def describe_missing(missing: Missing) -> str:
    """Which libraries Qt's platform plugin lacks and, per distribution, the command that installs them."""
    names = ", ".join(lib.soname for lib in missing.libraries)
    lines = [
        translate(
            "Cli",
            "hearth: the window cannot open: Qt's {platform} platform plugin needs system "
            "libraries that are not installed: {names}",
        ).format(platform=missing.platform, names=names)
    ]
    commands = install_commands(missing.libraries)
    if commands:
        lines.append(
            translate("Cli", "Install them with the command for your system, then start Hearth again:")
        )
        lines += [f"  {system}: {command}" for system, command in commands]
    unknown = [lib.soname for lib in missing.libraries if not lib.debian]
    if unknown:
        lines.append(
            translate("Cli", "Install the packages that provide: {names}").format(names=", ".join(unknown))
        )
    lines.append(translate("Cli", "Meanwhile Hearth works from this terminal: hearth chat"))
    return "\n".join(lines)
