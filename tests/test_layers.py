"""The layers stay clean: nothing below ``app/ui`` imports PySide6 (STYLE.md, rule 1), the import-linter
contracts in pyproject.toml hold, and the seams between layers are typed (no ``Any`` parts)."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[1] / "app"
QT_FREE = ("core", "store", "llm")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", QT_FREE)
def test_layer_source_never_imports_qt(layer: str) -> None:
    offenders = [
        str(path.relative_to(APP))
        for path in (APP / layer).rglob("*.py")
        if any(name.split(".")[0] in {"PySide6", "shiboken6"} for name in _imported_modules(path))
        or any(name.startswith("app.ui") for name in _imported_modules(path))
    ]
    assert offenders == []


def test_cli_and_core_import_without_loading_qt() -> None:
    modules = [f"app.{layer}" for layer in QT_FREE] + ["app.cli"]
    for pkg in QT_FREE:
        modules += [
            ".".join(("app", *p.relative_to(APP).with_suffix("").parts))
            for p in (APP / pkg).rglob("*.py")
            if p.stem != "__init__"
        ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print('PySide6' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_import_contracts_hold() -> None:
    """The layer contracts of pyproject.toml ([tool.importlinter]), as ``make test`` also runs them."""
    lint_imports = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    out = subprocess.run(
        [lint_imports, "--no-cache"], capture_output=True, text=True, cwd=APP.parent, check=False
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "broken" in out.stdout and " 0 broken" in out.stdout


# The parts one layer hands another: none of them may be typed ``Any``.
_SEAM_PART = re.compile(
    r"\b(diary|companion|bridge|runner|engine|model|settings|store|event|report|fact|hit|info|message)"
    r"\s*:\s*(Any\b|Any \| None)"
)


def test_no_any_at_a_seam() -> None:
    offenders = [
        f"{path.relative_to(APP)}:{number}: {line.strip()}"
        for path in APP.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _SEAM_PART.search(line)
    ]
    assert offenders == []
