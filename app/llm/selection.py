"""Which model Hearth runs, and why.

Order of preference, each step explained to the person through ``ModelChoice.source``:

1. ``"settings"``: the file chosen with ``hearth models use`` (or the GUI's model manager);
2. ``"downloaded"``: a catalog model in ``data_dir/models``, the recommended one first;
3. ``"tiny"``: the bundled SmolLM2-135M, so Hearth always starts, even offline on a first run; it says
   so and offers the recommended download (``pull_command``).

A chosen file that has gone missing or is not a GGUF does not stop the app: the next option is used and
``ModelChoice.problem`` says what happened. Choosing is cheap (a stat and four bytes read) and never
imports llama.cpp; ``validate_model_file`` does the full header check when a file is being chosen.
``engine_config`` is the one place model settings become an ``EngineConfig``; ``app.llm.loading`` loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.config import ModelSettings
from app.llm.catalog import CatalogEntry, default_entry, load_catalog, models_dir
from app.llm.download import local_path
from app.llm.tiny import TINY_NAME, tiny_model_path

if TYPE_CHECKING:
    from app.llm.engine import EngineConfig

GGUF_MAGIC = b"GGUF"

REASONS = {
    "settings": "chosen in settings",
    "downloaded": "the downloaded recommended model (no model chosen in settings)",
    "tiny": "no model chosen or downloaded yet, so Hearth runs on its bundled tiny model",
}


@dataclass(frozen=True)
class ModelChoice:
    path: Path
    name: str
    is_tiny: bool
    source: str  # "settings" | "downloaded" | "tiny"
    problem: str = ""  # why a preferred model was passed over ("" when nothing went wrong)
    entry: CatalogEntry | None = None  # the catalog entry, when the file is a catalog model

    @property
    def reason(self) -> str:
        if self.source == "downloaded" and self.entry is not None and not self.entry.default:
            return "a downloaded catalog model (the recommended one is not downloaded)"
        return REASONS.get(self.source, self.source)


def choose_model(model: ModelSettings, data_dir: Path) -> ModelChoice | None:
    """The model to load now; None only if nothing is usable (no download and no tiny extra)."""
    problem = ""
    if model.path:
        path = Path(model.path).expanduser()
        problem = _quick_problem(path)
        if not problem:
            if is_tiny_file(path):
                return ModelChoice(path, TINY_NAME, True, "settings")
            entry = entry_for_file(path, data_dir)
            return ModelChoice(path, entry.title if entry else path.stem, False, "settings", entry=entry)
    for entry in _catalog_default_first():
        found = local_path(entry, models_dir(data_dir))
        if found is not None and not _quick_problem(found):
            return ModelChoice(found, entry.title, False, "downloaded", problem, entry)
    tiny = tiny_model_path()
    if tiny is not None:
        return ModelChoice(tiny, TINY_NAME, True, "tiny", problem)
    return None


def engine_config(model: ModelSettings, path: Path) -> EngineConfig:
    """How to load ``path``: the person's context size, GPU layers, threads (0: llama.cpp's choice), KV cache.

    ``path`` is separate from ``model.path`` because the file loaded is not always the one chosen (the
    downloaded default, the tiny fallback, a file being tried in the model manager).
    """
    from app.llm.engine import EngineConfig

    return EngineConfig(
        model_path=Path(path),
        n_ctx=model.n_ctx,
        n_gpu_layers=model.n_gpu_layers,
        n_threads=model.n_threads or None,
        kv_cache_type=model.kv_cache_type,
    )


def is_tiny_file(path: Path) -> bool:
    """Whether ``path`` is the bundled tiny model (however it was reached)."""
    return _same_file(Path(path), tiny_model_path())


def validate_model_file(path: Path) -> dict[str, Any]:
    """Full GGUF header check (exists, GGUF, not truncated) without loading the weights.

    Raises the engine's typed errors (``ModelFileMissing``, ``NotAGGUF``, ``ModelCorrupt``) with hints.
    """
    from app.llm.engine import inspect_gguf

    return inspect_gguf(path)


def entry_for_file(path: Path, data_dir: Path) -> CatalogEntry | None:
    """The catalog entry whose download ``path`` is (same file name in the models dir), if any."""
    try:
        in_models_dir = path.resolve().parent == models_dir(data_dir).resolve()
    except OSError:
        return None
    if not in_models_dir:
        return None
    return next((e for e in load_catalog() if e.file == path.name), None)


def pull_command(entry: CatalogEntry | None = None) -> str:
    """The exact command that downloads ``entry`` (the recommended model by default)."""
    return f"hearth models pull {(entry or default_entry()).name}"


def tiny_notice() -> str:
    """What to tell the person while Hearth runs on the tiny model, with the way out."""
    entry = default_entry()
    return (
        f"Hearth is running on {TINY_NAME}: fine for trying Hearth out, too small for a real"
        f" companion. Download the recommended model, {entry.title}, {entry.size_text}:"
        f" {pull_command(entry)}"
    )


def _catalog_default_first() -> list[CatalogEntry]:
    return sorted(load_catalog(), key=lambda e: not e.default)


def _same_file(a: Path, b: Path | None) -> bool:
    try:
        return b is not None and a.resolve() == b.resolve()
    except OSError:
        return False


def _quick_problem(path: Path) -> str:
    """A cheap sanity check (exists, starts like a GGUF); "" if fine, else what is wrong, in words."""
    try:
        with path.open("rb") as fh:
            magic = fh.read(4)
    except FileNotFoundError:
        return f"The chosen model file {path} is missing."
    except OSError as exc:
        return f"The chosen model file {path} cannot be read: {exc.strerror or exc}."
    if magic != GGUF_MAGIC:
        return f"The chosen model file {path} is not a GGUF model."
    return ""
