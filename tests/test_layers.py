"""The layers stay clean: nothing below ``app/ui`` imports PySide6 (STYLE.md, rule 1)."""

from __future__ import annotations

import ast
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
            f"app.{pkg}.{p.stem}" for p in (APP / pkg).glob("*.py") if p.stem != "__init__"
        ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print('PySide6' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
