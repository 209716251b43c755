"""Hearth works when installed from its wheel, not only from this checkout.

Prompts, style sheets, icons, the .desktop file and the model catalog are package data of
``app.resources``. The fast tests check that every one the app needs is found through that helper, inside
the ``app`` package, and that the package-data globs in ``pyproject.toml`` cover every file there. The slow
tests build the wheel, install it with its dependencies into a fresh venv (no ``--system-site-packages``),
and run ``hearth`` from a folder outside the repository, so ``app`` can only come from the installed
wheel: ``--version``, one scripted ``chat`` line on the bundled tiny model, ``screenshots``, and
``install-desktop`` (a menu entry whose ``Exec`` is the fresh venv's ``hearth``).

llama-cpp-python compiles from source for about seven minutes, so the fresh venv gets the wheel pip
built and cached when ``make`` installed ``.venv``; every other dependency is a binary wheel from the
index. Without that cached wheel the slow tests skip locally and fail in CI (``CI`` set), where ``make
test`` has just built ``.venv`` on the same machine and the wheel must be there.
"""

from __future__ import annotations

import ast
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import TypeVar

import pytest

import app
from app.config import Settings
from app.resources import CATALOG, DESKTOP_FILE, ICONS, PROMPTS, STYLES, read_text, resource, resource_path

ROOT = Path(__file__).resolve().parents[1]
RESOURCES = Path(app.__file__).resolve().parent / "resources"
STYLE_SHEETS = ("base.qss", "light.qss", "dark.qss")
ICON_FILES = ("hearth.svg", "hearth-256.png")
# what a checkout holds that a wheel build must not see: the venv, weights, caches, earlier builds
NOT_SOURCE = (".git", ".venv", "build", "dist", "models", "*.egg-info", "__pycache__", ".*_cache", "tests")

F = TypeVar("F", bound=Callable[..., None])


def slow(test: F) -> F:
    """Marked slow (still part of ``make test``), with room for the build and the PySide6 install."""
    return pytest.mark.slow(pytest.mark.timeout(1200)(test))


def _called_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def prompt_names_in_code() -> set[str]:
    """Every prompt the app names literally: ``load_prompt``/``render_prompt``'s first argument, and the
    system and input prompt names handed to ``Summarizer.fold`` (3rd and 4th argument)."""
    names: set[str] = set()
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = _called_name(node)
            if called in {"load_prompt", "render_prompt"} and node.args:
                candidates = [_literal(node.args[0])]
            elif called == "fold":
                candidates = [_literal(a) for a in node.args[2:4]]
                candidates += [
                    _literal(k.value) for k in node.keywords if k.arg in {"system_name", "input_name"}
                ]
            else:
                continue
            names.update(name for name in candidates if name)
    return names


def test_every_prompt_the_code_names_is_bundled() -> None:
    from app.core.prompt.templates import PERSONAS, REPLY_LENGTHS, instructions_text, load_prompt

    names = prompt_names_in_code()
    assert {"extract_fact", "summarize", "daily_digest_input", "turn_context"} <= names, names
    missing = sorted(n for n in names if not resource(PROMPTS, f"{n}.txt").is_file())
    assert missing == [], f"prompts named in app/ but not in app/resources/prompts: {missing}"
    for name in names:
        assert load_prompt(name).strip(), f"prompt {name} is empty"
    for persona in PERSONAS:  # persona_*/length_* are chosen by f-string, so render every combination
        for length in REPLY_LENGTHS:
            assert instructions_text(persona, length).strip()


def test_catalog_style_sheets_icons_and_desktop_file_are_bundled() -> None:
    from app.llm import catalog

    needed: list[tuple[str, ...]] = [(CATALOG,), (DESKTOP_FILE,)]
    needed += [(STYLES, name) for name in STYLE_SHEETS] + [(ICONS, name) for name in ICON_FILES]
    for parts in needed:
        path = resource_path(*parts)
        assert path.is_file() and path.stat().st_size > 0, f"{'/'.join(parts)} is not bundled"
        assert path.resolve().is_relative_to(RESOURCES), f"{path} is not package data of app.resources"
    assert resource_path(CATALOG) == catalog.CATALOG_PATH
    assert any(e.default for e in catalog.parse_catalog(read_text(CATALOG)))
    assert "[Desktop Entry]" in read_text(DESKTOP_FILE)


def test_resources_have_one_home() -> None:
    """No second copy to edit: the old top-level folders are gone (or point at the package data)."""
    for old, new in (
        (ROOT / "resources", RESOURCES),
        (ROOT / "models" / "catalog.toml", RESOURCES / CATALOG),
    ):
        assert not old.exists() or old.resolve() == new.resolve(), f"{old} duplicates {new}"


def _package_data_globs() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(config["tool"]["setuptools"]["package-data"]["app.resources"])


def _matches(relative: PurePosixPath, pattern: str) -> bool:
    """setuptools' package-data glob: ``*`` stays within one folder (unlike ``fnmatch`` on a whole path)."""
    parts = PurePosixPath(pattern).parts
    return len(parts) == len(relative.parts) and all(map(fnmatch.fnmatchcase, relative.parts, parts))


def bundled_resource_files() -> list[str]:
    """Every data file under app/resources, relative to it (POSIX), as the wheel must carry it."""
    return sorted(
        path.relative_to(RESOURCES).as_posix()
        for path in RESOURCES.rglob("*")
        if path.is_file() and path.suffix not in {".py", ".pyc"} and "__pycache__" not in path.parts
    )


def test_package_data_globs_cover_every_resource_file() -> None:
    globs = _package_data_globs()
    files = bundled_resource_files()
    assert len(files) > 20
    uncovered = [f for f in files if not any(_matches(PurePosixPath(f), g) for g in globs)]
    assert uncovered == [], f"add these to [tool.setuptools.package-data] in pyproject.toml: {uncovered}"


# --- the slow part: a real wheel in a real fresh venv ------------------------------------------------


def run(
    argv: list[str | Path],
    *,
    timeout: float,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    stdin: str = "",
) -> subprocess.CompletedProcess[str]:
    """Run ``argv``; a non-zero exit or a timeout fails the test with the command, stdout and stderr."""
    cmd = [str(a) for a in argv]
    try:
        done = subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env, input=stdin
        )
    except subprocess.TimeoutExpired as exc:
        err = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else exc.stderr
        pytest.fail(f"{' '.join(cmd)} did not finish within {timeout:.0f} s\nstderr:\n{err}")
    if done.returncode != 0:
        pytest.fail(
            f"{' '.join(cmd)} exited {done.returncode}\nstdout:\n{done.stdout[-4000:]}\n"
            f"stderr:\n{done.stderr[-8000:]}"
        )
    return done


def cached_llama_wheel() -> Path | None:
    """The llama-cpp-python wheel pip built for this environment's version, from pip's wheel cache."""
    try:
        version = metadata.version("llama-cpp-python")
    except metadata.PackageNotFoundError:
        return None
    listed = subprocess.run(
        [sys.executable, "-m", "pip", "cache", "list", "--format=abspath", "llama_cpp_python"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    wanted = f"llama_cpp_python-{version}-"
    for line in listed.stdout.splitlines():
        path = Path(line.strip())
        if path.name.startswith(wanted) and path.suffix == ".whl" and path.is_file():
            return path
    return None


@dataclass
class Installed:
    """A fresh venv with the Hearth wheel installed, and a working folder outside the repository."""

    wheel: Path
    venv: Path
    outside: Path
    env: dict[str, str]

    @property
    def hearth(self) -> Path:
        return self.venv / "bin" / "hearth"

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    def run(
        self, *argv: str | Path, timeout: float = 180, stdin: str = ""
    ) -> subprocess.CompletedProcess[str]:
        return run(list(argv), timeout=timeout, cwd=self.outside, env=self.env, stdin=stdin)


def _copy_source(dest: Path) -> Path:
    """The checkout as ``pip install .`` sees it, in a temp folder: the build leaves nothing in the repo."""
    shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    return dest


def _clean_env(home: Path) -> dict[str, str]:
    """The environment for the installed app: no PYTHONPATH, no data dir or Hugging Face home of ours."""
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "HEARTH_DATA_DIR", "HEARTH_CATALOG", "HF_HOME"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(home), HF_HUB_OFFLINE="1", PYTHONNOUSERSITE="1")
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    llama = cached_llama_wheel()
    if llama is None:
        reason = (
            "no llama-cpp-python wheel for this version in pip's wheel cache (`pip cache list`): "
            "installing the Hearth wheel would compile llama.cpp again (~7 minutes)"
        )
        if os.environ.get("CI"):
            pytest.fail(reason + "; in CI `make test` has just built .venv, so the wheel must be cached")
        pytest.skip(reason)
    base = tmp_path_factory.mktemp("wheel-install")
    source = _copy_source(base / "src")
    dist = base / "dist"
    dist.mkdir()
    llama = Path(shutil.copy2(llama, dist))  # our own copy: a `pip cache remove` meanwhile can't hurt
    # build isolation fetches setuptools>=77 (build-system.requires); .venv's own setuptools is older
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-input", "-w", dist, source], timeout=300)
    (wheel,) = dist.glob("hearth-*.whl")
    venv = base / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv], timeout=120)
    # the pip that built .venv installs into the fresh venv (pip --python): no second pip to bootstrap
    run(
        [sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--no-input",
         llama, f"{wheel}[tiny]"],
        timeout=900,
    )  # fmt: skip
    outside = base / "elsewhere"
    home = base / "home"
    outside.mkdir()
    home.mkdir()
    try:
        yield Installed(wheel, venv, outside, _clean_env(home))
    finally:
        shutil.rmtree(venv, ignore_errors=True)  # about a gigabyte of PySide6: don't keep it around


def _site_packages(installed: Installed) -> Path:
    out = installed.run(installed.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    return Path(out.stdout.strip()).resolve()


@slow
def test_the_wheel_carries_every_resource(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    missing = [f for f in bundled_resource_files() if f"app/resources/{f}" not in names]
    assert missing == [], f"not in {installed.wheel.name}: {missing}"
    assert not [n for n in names if n.endswith((".gguf", ".incomplete"))], "model weights were packaged"


@slow
def test_app_is_imported_from_the_fresh_venv_and_finds_its_resources(installed: Installed) -> None:
    site = _site_packages(installed)
    assert site.is_relative_to(installed.venv.resolve())
    script = (
        "import json, app\n"
        "from app.resources import resource_path\n"
        "from app.core.prompt.templates import instructions_text\n"
        "from app.llm.catalog import CATALOG_PATH, load_catalog\n"
        "from app.ui import theme\n"
        "paths = [resource_path(*p.split('/')) for p in json.loads(input())]\n"
        "print(json.dumps({'app': app.__file__, 'missing': [str(p) for p in paths if not p.is_file()],\n"
        "  'paths': [str(p) for p in paths + [CATALOG_PATH, theme.ICON_SVG, theme.ICON_PNG]],\n"
        "  'models': len(load_catalog()), 'dark_sheet': len(theme.load_style_sheet(True)),\n"
        "  'instructions': len(instructions_text('warm', 'short'))}))\n"
    )
    out = installed.run(installed.python, "-c", script, stdin=json.dumps(bundled_resource_files()))
    found = json.loads(out.stdout)
    assert Path(found["app"]).resolve().is_relative_to(site), f"app came from {found['app']}, not the wheel"
    assert found["missing"] == []
    outside_site = [p for p in found["paths"] if not Path(p).resolve().is_relative_to(site)]
    assert outside_site == [], "resources found outside the installed package"
    assert found["models"] >= 2 and found["dark_sheet"] > 0 and found["instructions"] > 0


@slow
def test_hearth_version_from_the_installed_script(installed: Installed) -> None:
    out = installed.run(installed.hearth, "--version")
    assert out.stdout.strip() == f"hearth {app.__version__}"


@slow
def test_hearth_chat_on_the_bundled_tiny_model(installed: Installed) -> None:
    data = installed.outside / "chat-data"
    data.mkdir()
    Settings(reply_length="short", reply_reserve=64).save(data)  # a short reply keeps this quick
    line = "Today I repotted the basil on the balcony.\n"
    out = installed.run(installed.hearth, "--data-dir", data, "chat", "--json", "--n-ctx", "1024", stdin=line)
    events = [json.loads(row) for row in out.stdout.splitlines() if row.strip()]
    types = [e["type"] for e in events]
    assert types and types[0] == "message_added", out.stdout
    assert events[0]["text"] == line.strip()
    assert "reply_done" in types, f"no reply finished:\n{out.stdout}\nstderr:\n{out.stderr}"


@slow
def test_hearth_screenshots_write_pngs(installed: Installed) -> None:
    shots = installed.outside / "shots"
    installed.run(installed.hearth, "--data-dir", installed.outside / "shots-data", "screenshots", shots,
                  timeout=600)  # fmt: skip
    pngs = sorted(shots.glob("*.png"))
    names = {p.name for p in pngs}
    assert {"chat-light.png", "chat-dark.png", "remembered-light.png"} <= names, f"written: {sorted(names)}"
    for png in pngs:
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 1000, png


@slow
def test_install_desktop_points_the_menu_at_the_installed_hearth(installed: Installed) -> None:
    share = installed.outside / "share"
    env = {**installed.env, "XDG_DATA_HOME": str(share)}
    hearth = [installed.hearth, "--data-dir", installed.outside / "desktop-data", "install-desktop"]
    run(hearth, timeout=120, cwd=installed.outside, env=env)
    entry = share / "applications" / "hearth.desktop"
    assert f"Exec={installed.hearth}\n" in entry.read_text(encoding="utf-8")
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / "hearth.png").is_file()
    validator = shutil.which("desktop-file-validate")
    if validator:
        run([validator, entry], timeout=60)
    run([*hearth, "--uninstall"], timeout=120, cwd=installed.outside, env=env)
    assert not entry.exists()
