"""Loading a model: choose, load, fall back to the bundled tiny model, and say why.

The GUI's start-up, the model manager and ``hearth chat`` all load through here, so a model is loaded
the same way everywhere and the result says the same things: which engine, what to call it, whether it
is the tiny model, and — when the preferred model could not be used — what went wrong.

- ``load_preferred_model``: what Hearth runs when nobody names a file (``selection.choose_model``); a
  model that fails to load gives way to the tiny model, so the diary always opens.
- ``load_model_file``: exactly this file, because the person named it (the model manager, ``--model``);
  a failure is raised for the caller to show — the model running before keeps running.
- ``load_server_model``: a model on an OpenAI-compatible server (``ModelSettings.server_url``); chosen by
  the person, so a failure is raised too — except at start-up, where ``load_preferred_model`` falls back
  to the model in Hearth and says why.

Loading takes from a fraction of a second to many seconds: callers run it off the UI thread.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from app.config import ModelSettings
from app.llm.api_keys import api_keys
from app.llm.errors import EngineError, ModelFileMissing
from app.llm.selection import choose_model, engine_config, is_tiny_file
from app.llm.tiny import TINY_NAME, tiny_model_path
from app.llm.types import LanguageModel

if TYPE_CHECKING:
    from app.llm.server_engine import ServerConfig, ServerModel


class RunningModel(LanguageModel, Protocol):
    """A loaded model as the app holds it: in Hearth (``ProcessModel`` in a child process, or
    ``ModelEngine`` in the app's own) or on a server (``ServerModel``)."""

    @property
    def model_path(self) -> Path | None:
        """The GGUF file, or None for a model on a server."""
        ...

    def info(self) -> dict[str, Any]: ...

    def forget_cache(self, slot: str = "chat") -> None:
        """Drop what Hearth holds of the slot's prompt (the diary was locked)."""
        ...


log = logging.getLogger(__name__)

TINY_MAX_CONTEXT = 8192  # what SmolLM2-135M was trained for; a larger n_ctx from settings is refused


# Closing (the window, or Ctrl+C in ``hearth chat``): how long a reply or a memory job may take to stop
# after a Stop before ``LoadedModel.hang_up`` ends the requests of a model server that no longer answers. A
# model on this computer stops within a second; a server that went away would hold the close for minutes.
GRACE_BEFORE_HANG_UP_S = 3.0


@dataclass(frozen=True)
class LoadedModel:
    """A loaded engine, its display name, whether it is the tiny model, and why, if it is a fallback."""

    engine: RunningModel
    name: str
    is_tiny: bool
    owned: bool = True  # whoever loaded it closes it; an engine handed in from outside is never closed
    problem: BaseException | str | None = None  # the preferred model failed; this is what runs instead

    def hang_up(self) -> None:
        """Closing, and the model did not stop within a grace: end the requests still waiting on a model
        server that stopped answering, so the workers blocked in them finish at once instead of each
        waiting out its request's timeout (minutes). A model on this computer needs nothing: a Stop reaches
        it within a second, and closing it under a running job is not safe."""
        from app.llm.server_engine import ServerModel  # noqa: PLC0415 - loaded with the server's engine

        if self.owned and isinstance(self.engine, ServerModel):
            self.engine.close()


def load_preferred_model(model: ModelSettings, data_dir: Path) -> LoadedModel:
    """Load the model ``model`` and ``data_dir`` call for; on failure the tiny model, with the reason."""
    server_problem: EngineError | None = None
    if model.server_url:
        try:
            return load_server_model(model)
        except EngineError as exc:  # the server is down or refuses: the diary opens on the local model
            server_problem = exc
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
    return LoadedModel(engine, choice.name, choice.is_tiny, problem=server_problem or choice.problem or None)


def load_model_file(model: ModelSettings, path: Path, name: str = "") -> LoadedModel:
    """Load exactly ``path`` with ``model``'s settings (no fallback: the person asked for this file)."""
    engine = _load(model, path)
    tiny = is_tiny_file(path)
    return LoadedModel(engine, name or (TINY_NAME if tiny else engine.model_name), tiny)


def load_server_model(model: ModelSettings, api_key: str | None = None) -> LoadedModel:
    """Connect to ``model.server_url`` (the key from the keyring unless given); typed errors if it fails."""
    from app.llm.server_engine import ServerModel

    config = server_config(model, api_key)
    engine = ServerModel(config)
    return LoadedModel(engine, server_title(engine), False)


def server_config(model: ModelSettings, api_key: str | None = None) -> ServerConfig:
    """How to reach the server the settings name; remote only if the person confirmed that very address."""
    from app.llm.server_address import parse_address
    from app.llm.server_engine import ServerConfig

    url = parse_address(model.server_url).url
    key = api_key if api_key is not None else api_keys.get(url)
    confirmed = bool(model.server_remote_ok) and model.server_remote_ok == url
    return ServerConfig(url, model.server_model, key, n_ctx=model.n_ctx, allow_remote=confirmed)


def server_title(engine: ServerModel) -> str:
    return f"{engine.model_name} on {engine.address.url}"


def describe_engine(engine: RunningModel, *, owned: bool = True) -> LoadedModel:
    """A ``LoadedModel`` for an engine someone else loaded (its name and tininess read from the engine)."""
    path = engine.model_path
    tiny = path is not None and is_tiny_file(path)
    name = engine.model_name if path is not None else f"{engine.model_name} (model server)"
    return LoadedModel(engine, name, tiny, owned=owned)


def import_local_engine(model: ModelSettings) -> None:
    """Import llama.cpp's bindings and the local engine now, if ``model`` runs in Hearth (not on a server).

    The desktop app calls it before its event loop starts. Imported by the first load instead, on the
    loading worker while the window was being built, these ~60 modules (llama_cpp, jinja2, diskcache, the
    engine) ran Python that took the lock every thread shares from the window a millisecond at a time:
    in the UI bench's start-up the worker used 680 ms of CPU with them and 220 ms without, and the window's
    own thread 240 ms and 160 ms. Python runs one thread at a time, so importing first costs the window
    about what it saves: the same time before the first frame instead of slices lost inside it.
    """
    if model.server_url:
        return
    try:
        import app.llm.model_process  # noqa: F401 - and with it the engine
    except ImportError as exc:  # the first load says so, with its own error
        log.info("the local engine was not imported early: %s", type(exc).__name__)


# ``0`` keeps the model on a thread of the app's own process instead of a child (diagnostics, comparisons).
MODEL_PROCESS_ENV = "HEARTH_MODEL_PROCESS"


def _load(model: ModelSettings, path: Path) -> RunningModel:
    """The model in a child process (``app.llm.model_process``); on an owner thread of this process when
    ``HEARTH_MODEL_PROCESS=0``.

    Why the child: the model's thread, writing a reply, was the steady phase's main holder of the lock the
    window's thread needs. Measured with the UI bench, interleaved with the model in this process (2 cores,
    load 1.1-2.8; medians of the max stall, ms, target 16):

    - tiny model, 8 pairs: start-up 10.9 -> 8.2, ritual views 8.7 -> 7.6, steady 11.8 -> 7.8;
    - Qwen2.5-3B-shaped model (``tests.bench.synthetic_model``), 6 pairs: start-up 51.0 -> 14.9, ritual
      9.2 -> 11.3, steady 11.6 -> 7.0; every phase within 16 ms in 3 runs of 6 with the child, 1 of 6 in
      this process. The start-up outliers of both (68-193 ms, own CPU of the window's thread) were,
      where traced (``gc.callbacks``), full passes of Python's cycle collector on the window's thread.

    A first version that read the GGUF header here as well (a Python walk of a 151,936-token vocabulary)
    lost start-up instead (tiny: 14.8 -> 17.6); the child reads it now."""
    if os.environ.get(MODEL_PROCESS_ENV, "1") == "0":
        from app.llm.engine import ModelEngine  # llama.cpp, imported only when a model really loads

        return ModelEngine(engine_config(model, path))
    from app.llm.model_process import ProcessModel

    return ProcessModel(engine_config(model, path))


def _fit_for_tiny(model: ModelSettings) -> ModelSettings:
    """Safe settings for the fallback: the person's GPU layers or KV cache type may be what failed."""
    return ModelSettings(n_ctx=min(model.n_ctx, TINY_MAX_CONTEXT), n_threads=model.n_threads)
