"""Before Qt starts on a desktop, a missing system library is a clear message and exit 3, never Qt's abort.

The check is pointed at a library no machine has (``libhearth-missing-for-test.so.9``): in a real
subprocess ``hearth gui`` then prints the library, the install commands for Debian/Ubuntu, Fedora and
Arch, exits 3 — and never imports Qt's widgets. The pieces (which plugins Qt will try, ldd's "not found"
lines, the commands) are checked on their own, and the real check runs once on this machine's PySide6.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.cli import display_check, gui_cmd, main
from app.cli.display_check import SystemLibrary, check_platform_libraries, qt_platforms

FAKE = SystemLibrary("libhearth-missing-for-test.so.9", "libhearth-missing9", "hearth-missing", "hearth-miss")
DESKTOP_ENV = {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":99"}


def no_ldd(plugin: Path | None) -> list[str]:
    return []


def test_gui_with_a_missing_library_says_what_to_install_and_exits_3(tmp_path: Path) -> None:
    script = textwrap.dedent(f"""
        import sys
        from app.cli import display_check, main
        display_check.XCB_LIBRARIES.append(display_check.SystemLibrary(*{tuple(vars(FAKE).values())!r}))
        code = main(["--data-dir", sys.argv[1], "gui"])
        assert "PySide6.QtWidgets" not in sys.modules, "Qt was started"
        sys.exit(code)
    """)
    env = {k: v for k, v in os.environ.items() if k not in {"WAYLAND_DISPLAY", "XDG_SESSION_TYPE"}}
    env.update(DESKTOP_ENV, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "data")],
                          capture_output=True, text=True, timeout=120, env=env)  # fmt: skip
    assert done.returncode == gui_cmd.EXIT_NO_DESKTOP, done.stderr
    err = done.stderr
    assert "Traceback" not in err and "Could not load the Qt platform plugin" not in err
    assert "xcb" in err and FAKE.soname in err
    assert "Debian/Ubuntu: sudo apt install" in err and "libhearth-missing9" in err
    assert "Fedora: sudo dnf install" in err and "hearth-missing" in err
    assert "Arch: sudo pacman -S" in err and "hearth-miss" in err
    assert "hearth chat" in err


def test_run_gui_stops_before_qt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:
    monkeypatch.setattr(display_check, "XCB_LIBRARIES", [*display_check.XCB_LIBRARIES, FAKE])
    monkeypatch.setitem(display_check.PLATFORM_LIBRARIES, "xcb", display_check.XCB_LIBRARIES)
    monkeypatch.setattr(display_check, "unresolved_by_ldd", no_ldd)
    for key in ("WAYLAND_DISPLAY", "XDG_SESSION_TYPE"):
        monkeypatch.delenv(key, raising=False)
    for key, value in DESKTOP_ENV.items():
        monkeypatch.setenv(key, value)
    import app.ui.application as application

    def must_not_start(data_dir: Path) -> int:
        raise AssertionError("Qt was started although a library is missing")

    monkeypatch.setattr(application, "run_app", must_not_start)
    assert main(["--data-dir", str(tmp_path / "data"), "gui"]) == gui_cmd.EXIT_NO_DESKTOP
    assert FAKE.soname in capsys.readouterr().err


def test_every_library_present_means_no_problem() -> None:
    found = check_platform_libraries(DESKTOP_ENV, loadable=lambda name: True, unresolved=no_ldd)
    assert found is None


def test_only_the_missing_ones_are_named_with_their_packages() -> None:
    absent = {"libxcb-cursor.so.0", "libxcb-icccm.so.4"}
    found = check_platform_libraries(DESKTOP_ENV, loadable=lambda n: n not in absent, unresolved=no_ldd)
    assert found is not None and found.platform == "xcb"
    assert {lib.soname for lib in found.libraries} == absent
    text = gui_cmd.describe_missing(found)
    assert "sudo apt install libxcb-cursor0 libxcb-icccm4" in text
    assert "sudo dnf install xcb-util-cursor xcb-util-wm" in text
    assert "sudo pacman -S xcb-util-cursor xcb-util-wm" in text


def test_a_library_only_ldd_knows_is_named_by_its_soname() -> None:
    def ldd(plugin: Path | None) -> list[str]:
        return ["libxcb-cursor.so.0", "libnew-in-qt7.so.1"]  # the first is known: not named twice

    found = check_platform_libraries(
        DESKTOP_ENV, loadable=lambda n: n != "libxcb-cursor.so.0", unresolved=ldd
    )
    assert found is not None
    assert [lib.soname for lib in found.libraries] == ["libxcb-cursor.so.0", "libnew-in-qt7.so.1"]
    text = gui_cmd.describe_missing(found)
    assert "sudo apt install libxcb-cursor0\n" in text  # the unknown one is not in the commands
    assert "provide: libnew-in-qt7.so.1" in text


def test_headless_platforms_need_nothing() -> None:
    nothing = lambda name: False  # noqa: E731 — not even libc: the check must not look
    for platform in ("offscreen", "minimal", "offscreen;xcb"):
        assert check_platform_libraries({"QT_QPA_PLATFORM": platform}, nothing, no_ldd) is None
    assert gui_cmd.desktop_problem({"QT_QPA_PLATFORM": "offscreen"}) == ""


def test_a_wayland_session_passes_if_wayland_has_its_libraries() -> None:
    env = {"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}
    assert qt_platforms(env) == ["wayland", "xcb"]
    xcb_missing = {lib.soname for lib in display_check.XCB_LIBRARIES}
    assert check_platform_libraries(env, lambda n: n not in xcb_missing, no_ldd) is None
    nothing = check_platform_libraries(env, lambda n: False, no_ldd)
    assert nothing is not None and nothing.platform == "xcb"  # the fallback Qt reports on


def test_qt_platforms_follow_qt_qpa_platform() -> None:
    assert qt_platforms({"QT_QPA_PLATFORM": "wayland;xcb"}) == ["wayland", "xcb"]
    assert qt_platforms({"QT_QPA_PLATFORM": "xcb:dpi=96"}) == ["xcb"]
    assert qt_platforms({"DISPLAY": ":0"}) == ["xcb"]


def test_no_display_at_all_is_said_plainly() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("X11/Wayland only")
    text = gui_cmd.desktop_problem({"QT_QPA_PLATFORM": "xcb"})
    assert "DISPLAY" in text and "hearth chat" in text


def test_ldd_output_is_read_for_not_found_lines() -> None:
    listing = textwrap.dedent("""\
        linux-vdso.so.1 (0x00007ffd)
        libQt6XcbQpa.so.6 => /x/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f)
        libxcb-icccm.so.4 => not found
        libxcb-keysyms.so.1 => not found
        libxcb-icccm.so.4 => not found
    """)
    assert display_check.parse_ldd_not_found(listing) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


def test_the_real_check_reads_this_machines_pyside6() -> None:
    """PySide6's xcb plugin is found without importing Qt, and the check runs to a verdict."""
    if not sys.platform.startswith("linux"):
        pytest.skip("X11/Wayland only")
    plugin = display_check.qt_plugin("xcb")
    assert plugin is not None and plugin.name == "libqxcb.so" and plugin.is_file()
    assert all(".so" in name for name in display_check.unresolved_by_ldd(plugin))
    found = check_platform_libraries(DESKTOP_ENV)
    assert found is None or found.libraries
    assert display_check.can_load("libc.so.6")
    assert not display_check.can_load(FAKE.soname)
