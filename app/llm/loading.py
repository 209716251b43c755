"""Loading a model: choose, load, fall back to the bundled tiny model, and say why.

The GUI's start-up, the model manager and ``hearth chat`` all load through here, so a model is loaded
the same way everywhere and the result says the same things: which engine, what to call it, whether it
is the tiny model, and — when the preferred model could not be used — what went wrong.

- ``load_preferred_model``: what Hearth runs when nobody names a file (``selection.choose_model``); a
  model that fails to load gives way to the tiny model, so the diary always opens.
- ``load_model_file``: exactly this file, because the person named it (the model manager, ``--model``);
  a failure is raised for the caller to show — the model running before keeps running.

Loading takes from a fraction of a second to many seconds: callers run it off the UI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from app.config import ModelSettings
from app.llm.errors import ModelFileMissing
from app.llm.selection import choose_model, engine_config, is_tiny_file
from app.llm.tiny import TINY_NAME, tiny_model_path

if TYPE_CHECKING:
    from app.llm.engine import ModelEngine

TINY_MAX_CONTEXT = 8192  # what SmolLM2-135M was trained for; a larger n_ctx from settings is refused


@dataclass(frozen=True)
class LoadedModel:
    """A loaded engine, its display name, whether it is the tiny model, and why, if it is a fallback."""

    engine: ModelEngine
    name: str
    is_tiny: bool
    owned: bool = True  # whoever loaded it closes it; an engine handed in from outside is never closed
    problem: BaseException | str | None = None  # the preferred model failed; this is what runs instead


def load_preferred_model(model: ModelSettings, data_dir: Path) -> LoadedModel:
    """Load the model ``model`` and ``data_dir`` call for; on failure the tiny model, with the reason."""
    choice = choose_model(model, data_dir)
    if choice is None:
        raise ModelFileMissing(
            "No model is available: nothing is downloaded and the built-in model is missing.",
            "Download the recommended model (`hearth models pull`) or choose a .gguf file.",
        )
    try:
        engine = _load(model, choice.path)
    except Exception as exc:  # noqa: BLE001 - whatever broke the preferred model, the diary still opens
        tiny = tiny_model_path()
        if choice.is_tiny or tiny is None:
            raise
        return LoadedModel(_load(_fit_for_tiny(model), tiny), TINY_NAME, True, problem=exc)
    return LoadedModel(engine, choice.name, choice.is_tiny, problem=choice.problem or None)


def load_model_file(model: ModelSettings, path: Path, name: str = "") -> LoadedModel:
    """Load exactly ``path`` with ``model``'s settings (no fallback: the person asked for this file)."""
    engine = _load(model, path)
    tiny = is_tiny_file(path)
    return LoadedModel(engine, name or (TINY_NAME if tiny else engine.model_name), tiny)


def describe_engine(engine: ModelEngine, *, owned: bool = True) -> LoadedModel:
    """A ``LoadedModel`` for an engine someone else loaded (its name and tininess read from the engine)."""
    return LoadedModel(engine, engine.model_name, is_tiny_file(engine.config.model_path), owned=owned)


def _load(model: ModelSettings, path: Path) -> ModelEngine:
    from app.llm.engine import ModelEngine  # llama.cpp, imported only when a model really loads

    return ModelEngine(engine_config(model, path))


def _fit_for_tiny(model: ModelSettings) -> ModelSettings:
    """Safe settings for the fallback: the person's GPU layers or KV cache type may be what failed."""
    return ModelSettings(n_ctx=min(model.n_ctx, TINY_MAX_CONTEXT), n_threads=model.n_threads)
