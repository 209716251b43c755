"""``hearth install-desktop [--uninstall]``: Hearth in the desktop's application menu, for a pip install.

It writes what the packaged app's ``install.sh`` writes (that script calls this very command): the
``.desktop`` entry into ``$XDG_DATA_HOME/applications`` (default ``~/.local/share``) with ``Exec`` and
``TryExec`` pointing at this ``hearth`` by its absolute path — a venv's ``bin`` is seldom on the menu's
PATH — and the icon into the ``hicolor`` theme there (SVG and a 256 px PNG). ``--uninstall`` removes those
files and nothing else: the diary is never touched. Menus notice the change by themselves; the caches
(``update-desktop-database``, ``gtk-update-icon-cache``) are refreshed when those tools exist.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from app.cli.i18n import translate
from app.resources import DESKTOP_FILE, ICONS, read_text, resource_path

DESKTOP_NAME = "hearth.desktop"
ICON_TARGETS = (("hearth.svg", "scalable"), ("hearth-256.png", "256x256"))
EXEC_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")  # characters that make an Exec argument need quotes


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("install-desktop", help="add Hearth to your desktop's application menu (and icon)")
    p.add_argument("--uninstall", action="store_true", help="remove the menu entry and icon again")
    p.add_argument("--exec", dest="executable", type=Path, metavar="PATH",
                   help="the hearth program the menu entry starts (default: this one)")  # fmt: skip
    p.set_defaults(func=run_install_desktop)


def data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` if it is absolute (the spec says to ignore it otherwise), else ~/.local/share."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local" / "share"


def desktop_paths(home: Path) -> list[Path]:
    """Every file ``install-desktop`` writes below ``home``: the entry, then the icons."""
    icons = [home / "icons" / "hicolor" / size / "apps" / f"hearth{Path(name).suffix}"
             for name, size in ICON_TARGETS]  # fmt: skip
    return [home / "applications" / DESKTOP_NAME, *icons]


def this_hearth() -> Path | None:
    """The ``hearth`` program running now: the frozen app's binary, or the script beside this Python."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve()
    candidates = [Path(sys.executable).parent / "hearth", Path(sys.argv[0])]
    found = shutil.which("hearth")
    candidates += [Path(found)] if found else []
    for candidate in candidates:
        if candidate.name == "hearth" and candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate.absolute()
    return None


def exec_argument(path: Path) -> str:
    """``path`` as one argument of a desktop entry's ``Exec`` key (quoted when it must be, per the spec)."""
    text = str(path).replace("%", "%%")  # a literal % is %% (a single one starts a field code)
    if not EXEC_RESERVED & set(text):
        return text
    inner = "".join("\\" + c if c in '"`$\\' else c for c in text)
    return '"' + inner.replace("\\", "\\\\") + '"'  # then the string escaping every desktop value gets


def desktop_entry(executable: Path) -> str:
    """The bundled ``hearth.desktop`` with ``Exec``/``TryExec`` pointing at ``executable``."""
    lines = []
    for line in read_text(DESKTOP_FILE).splitlines():
        if line.startswith("Exec="):
            line = f"Exec={exec_argument(executable)}"
        elif line.startswith("TryExec="):
            line = f"TryExec={str(executable).replace(chr(92), chr(92) * 2)}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(executable: Path, home: Path) -> list[Path]:
    """Write the entry and icons below ``home``; returns the files written."""
    entry, *icons = desktop_paths(home)
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(desktop_entry(executable), encoding="utf-8")
    for (name, _size), target in zip(ICON_TARGETS, icons, strict=True):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(resource_path(ICONS, name), target)
    return [entry, *icons]


def uninstall(home: Path) -> list[Path]:
    """Remove the entry and icons below ``home``; returns the files that were there."""
    removed = [path for path in desktop_paths(home) if path.is_file()]
    for path in removed:
        path.unlink()
    return removed


def refresh_caches(home: Path) -> None:
    """Let menus and icon themes see the change now (both tools are optional; failures are harmless)."""
    tools = [["update-desktop-database", "-q", str(home / "applications")],
             ["gtk-update-icon-cache", "-q", "-t", str(home / "icons" / "hicolor")]]  # fmt: skip
    for argv in tools:
        if shutil.which(argv[0]):
            subprocess.run(argv, capture_output=True, timeout=60, check=False)


def run_install_desktop(args: argparse.Namespace, data_dir: Path) -> int:
    """The diary in ``data_dir`` is not touched: this is about the menu entry only."""
    home = data_home()
    if args.uninstall:
        removed = uninstall(home)
        refresh_caches(home)
        for path in removed:
            print(translate("Cli", "removed {path}").format(path=path))
        return 0
    executable = args.executable.absolute() if args.executable else this_hearth()
    if executable is None:
        print(translate("Cli", "hearth: cannot tell where the hearth program is; pass --exec PATH"),
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        written = install(executable, home)
    except OSError as exc:
        print(
            translate("Cli", "hearth: cannot write the menu entry: {error}").format(error=exc),
            file=sys.stderr,
        )
        return 1
    refresh_caches(home)
    for path in written:
        print(translate("Cli", "wrote {path}").format(path=path))
    return 0
