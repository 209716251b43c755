"""Before Qt starts on a desktop: are the system libraries its platform plugin needs installed?

PySide6's wheels carry Qt, but Qt's X11 plugin (``libqxcb.so``) loads a handful of X libraries from the
system — ``libxcb-cursor0``, ``libxcb-icccm4``, ``libxcb-keysyms1`` and friends — that a fresh Debian or
Ubuntu machine may not have. Without them Qt prints "Could not load the Qt platform plugin xcb" and aborts,
with no hint of what to install. So before the GUI starts, Hearth looks for them itself and, if one is
missing, says which and the command that installs it on Debian/Ubuntu, Fedora and Arch, then exits non-zero.

How a library is looked for: ``dlopen`` by its soname (``ctypes.CDLL``), which searches exactly where the
dynamic loader will (``LD_LIBRARY_PATH``, the ld.so cache, the standard folders) — loading a small X
library a moment before Qt loads it anyway costs nothing. Besides the known list, the plugin's own ``ldd``
output is read, so a library a newer Qt adds is still named (without a package name, then).

Which plugin Qt will use is read from the environment the way Qt reads it: ``QT_QPA_PLATFORM`` if set
(``offscreen``/``minimal`` need nothing from the system, so nothing is checked), else ``wayland`` then
``xcb`` in a Wayland session, else ``xcb``. The check passes if any of those plugins has all it needs.

This lives in ``app.cli`` (the entry point that starts the GUI) and imports no Qt: it must run before Qt
can abort. PySide6's folder is found with ``importlib.util.find_spec``, which does not import it.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SystemLibrary:
    """A shared library a Qt platform plugin loads from the system, and the package that has it."""

    soname: str
    debian: str  # Debian and Ubuntu (apt)
    fedora: str  # Fedora (dnf)
    arch: str  # Arch (pacman)


def _xcb_util(soname: str, debian: str, util: str) -> SystemLibrary:
    return SystemLibrary(soname, debian, f"xcb-util-{util}", f"xcb-util-{util}")


def _libxcb(soname: str, debian: str) -> SystemLibrary:
    return SystemLibrary(soname, debian, "libxcb", "libxcb")


# What Qt 6's xcb plugin (libqxcb.so → libQt6XcbQpa.so.6) loads from the system beyond libc and libxcb
# itself (every X desktop has those), as its ldd shows for PySide6 6.7–6.11.
XCB_LIBRARIES: list[SystemLibrary] = [
    _xcb_util("libxcb-cursor.so.0", "libxcb-cursor0", "cursor"),
    _xcb_util("libxcb-icccm.so.4", "libxcb-icccm4", "wm"),
    _xcb_util("libxcb-keysyms.so.1", "libxcb-keysyms1", "keysyms"),
    _xcb_util("libxcb-image.so.0", "libxcb-image0", "image"),
    _xcb_util("libxcb-render-util.so.0", "libxcb-render-util0", "renderutil"),
    _libxcb("libxcb-randr.so.0", "libxcb-randr0"),
    _libxcb("libxcb-shape.so.0", "libxcb-shape0"),
    _libxcb("libxcb-shm.so.0", "libxcb-shm0"),
    _libxcb("libxcb-sync.so.1", "libxcb-sync1"),
    _libxcb("libxcb-xfixes.so.0", "libxcb-xfixes0"),
    _libxcb("libxcb-xkb.so.1", "libxcb-xkb1"),
    _libxcb("libxcb-render.so.0", "libxcb-render0"),
    SystemLibrary("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11"),
    SystemLibrary("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb", "libx11"),
]
WAYLAND_LIBRARIES: list[SystemLibrary] = [
    SystemLibrary("libwayland-client.so.0", "libwayland-client0", "libwayland-client", "wayland"),
    SystemLibrary("libwayland-cursor.so.0", "libwayland-cursor0", "libwayland-cursor", "wayland"),
    SystemLibrary("libxkbcommon.so.0", "libxkbcommon0", "libxkbcommon", "libxkbcommon"),
]
PLATFORM_LIBRARIES: dict[str, list[SystemLibrary]] = {"xcb": XCB_LIBRARIES, "wayland": WAYLAND_LIBRARIES}
PLUGIN_FILES = {"xcb": "libqxcb.so", "wayland": "libqwayland-generic.so"}
# plugins that draw nowhere or into a file: nothing to load from the desktop
HEADLESS = {"offscreen", "minimal", "vnc", "linuxfb", "eglfs", "vkkhrdisplay"}


@dataclass(frozen=True)
class Missing:
    """What stops every platform plugin Qt would try: the plugin and the libraries it lacks."""

    platform: str
    libraries: list[SystemLibrary]


def qt_platforms(environ: Mapping[str, str]) -> list[str]:
    """The platform plugins Qt will try, in order, as it reads them from the environment."""
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return [part.split(":", 1)[0].strip() for part in chosen.split(";") if part.strip()]
    if environ.get("XDG_SESSION_TYPE") == "wayland" or (
        environ.get("WAYLAND_DISPLAY") and not environ.get("DISPLAY")
    ):
        return ["wayland", "xcb"]
    return ["xcb"]


def lacks_display(environ: Mapping[str, str]) -> bool:
    """Whether Qt would try only desktop plugins with no X or Wayland display to draw on."""
    if not sys.platform.startswith("linux"):
        return False
    platforms = qt_platforms(environ)
    desktop = all(p in PLATFORM_LIBRARIES for p in platforms)
    return desktop and not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY")


def can_load(soname: str) -> bool:
    """Whether the dynamic loader finds ``soname`` (and everything it needs) right now."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def qt_plugin(platform: str) -> Path | None:
    """PySide6's plugin file for ``platform`` (e.g. ``libqxcb.so``), found without importing PySide6."""
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    name = PLUGIN_FILES.get(platform)
    if spec is None or name is None:
        return None
    for root in spec.submodule_search_locations or []:
        candidate = Path(root) / "Qt" / "plugins" / "platforms" / name
        if candidate.is_file():
            return candidate
    return None


def unresolved_by_ldd(plugin: Path | None) -> list[str]:
    """The sonames ``ldd`` reports "not found" for the plugin (nothing if there is no ldd or plugin)."""
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None:
        return []
    try:
        out = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return parse_ldd_not_found(out)


def parse_ldd_not_found(ldd_output: str) -> list[str]:
    """``libfoo.so.1 => not found`` lines of an ldd listing, as sonames, in order, once each."""
    names: list[str] = []
    for line in ldd_output.splitlines():
        name, _, target = line.strip().partition("=>")
        if target.strip() == "not found" and name.strip() not in names:
            names.append(name.strip())
    return names


def missing_for(
    platform: str,
    loadable: Callable[[str], bool] = can_load,
    unresolved: Callable[[Path | None], list[str]] = unresolved_by_ldd,
) -> list[SystemLibrary]:
    """The libraries ``platform``'s plugin needs that the loader cannot find: the known list first, then
    whatever else the plugin's ldd cannot resolve (named by soname alone)."""
    known = PLATFORM_LIBRARIES.get(platform, [])
    missing = [lib for lib in known if not loadable(lib.soname)]
    named = {lib.soname for lib in known}
    for soname in unresolved(qt_plugin(platform)):
        if soname not in named:
            missing.append(SystemLibrary(soname, "", "", ""))
    return missing


def check_platform_libraries(
    environ: Mapping[str, str] | None = None,
    loadable: Callable[[str], bool] = can_load,
    unresolved: Callable[[Path | None], list[str]] = unresolved_by_ldd,
) -> Missing | None:
    """None if Qt can start one of the platforms it will try; else the first one and what it lacks."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return None
    platforms = qt_platforms(env)
    if not platforms or any(p in HEADLESS for p in platforms):
        return None
    found: list[Missing] = []
    for platform in platforms:
        missing = missing_for(platform, loadable, unresolved)
        if not missing:
            return None
        found.append(Missing(platform, missing))
    xcb = [m for m in found if m.platform == "xcb"]  # the one Qt falls back to: what people meet
    return (xcb or found)[0]


def install_commands(libraries: Sequence[SystemLibrary]) -> list[tuple[str, str]]:
    """(distribution, command) pairs that install the known ``libraries``; empty if none is known."""
    known = [lib for lib in libraries if lib.debian]
    if not known:
        return []

    def packages(attr: str) -> str:
        return " ".join(dict.fromkeys(getattr(lib, attr) for lib in known))

    return [
        ("Debian/Ubuntu", f"sudo apt install {packages('debian')}"),
        ("Fedora", f"sudo dnf install {packages('fedora')}"),
        ("Arch", f"sudo pacman -S {packages('arch')}"),
    ]
