"""Load a GGUF into llama.cpp with errors a person can act on.

Order matters: everything we can check without llama.cpp is checked first (header, trained context,
a memory estimate), because llama.cpp's own failures are terse ("failed to load model") or fatal
(an allocation it cannot make). What llama.cpp still refuses is translated using the last lines it
logged, which we capture through ``llama_log_set`` instead of letting them spill onto the terminal.

We build on llama-cpp-python's thin wrappers (``LlamaModel``/``LlamaContext``) rather than ``Llama``:
the engine needs one model with *two* contexts (the chat's KV cache and the background jobs' KV
cache) sharing the same weights, which ``Llama`` cannot express.
"""

from __future__ import annotations

import collections
import ctypes
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

import llama_cpp
from llama_cpp import _internals as internals

from app.llm.errors import ContextTooLarge, ModelCorrupt, OutOfMemory, UnsupportedModel
from app.llm.gguf_header import GGUFInfo, read_gguf_header

log = logging.getLogger(__name__)

KV_CACHE_TYPES = {
    "f16": (llama_cpp.GGML_TYPE_F16, 2.0),
    "q8_0": (llama_cpp.GGML_TYPE_Q8_0, 34 / 32),
    "q4_0": (llama_cpp.GGML_TYPE_Q4_0, 18 / 32),
}
COMPUTE_OVERHEAD_BYTES = 96 * 2**20  # graph/compute buffers beyond weights and KV, per context (rough)


@dataclass(frozen=True)
class MemoryEstimate:
    weights: int
    kv_per_context: int
    contexts: int
    overhead: int

    @property
    def total(self) -> int:
        return self.weights + self.contexts * (self.kv_per_context + self.overhead)


class LlamaLogCapture:
    """Routes llama.cpp's log to Python logging (debug) and keeps the last lines for error messages."""

    def __init__(self, keep: int = 40) -> None:
        self._lines: collections.deque[str] = collections.deque(maxlen=keep)
        self._lock = threading.Lock()
        self._callback = llama_cpp.llama_log_callback(self._on_log)  # keep a reference: C holds a pointer

    def install(self) -> None:
        llama_cpp.llama_log_set(self._callback, ctypes.c_void_p(0))

    def _on_log(self, level: int, text: bytes, _user: ctypes.c_void_p) -> None:
        line = text.decode("utf-8", errors="replace").rstrip()
        if line:
            with self._lock:
                self._lines.append(line)
            log.debug("llama.cpp: %s", line)

    def recent(self) -> str:
        with self._lock:
            return "\n".join(self._lines)

    def clear(self) -> None:
        with self._lock:
            self._lines.clear()


LLAMA_LOG = LlamaLogCapture()
LLAMA_LOG.install()


def check_context_size(info: GGUFInfo, n_ctx: int) -> None:
    trained = info.context_length
    if n_ctx <= 0:
        raise ContextTooLarge(f"A context size of {n_ctx} tokens is not valid.", "Use e.g. 4096.")
    if trained is not None and n_ctx > trained:
        raise ContextTooLarge(
            f"The context size {n_ctx:,} is larger than {info.path.name} "
            f"was trained for ({trained:,} tokens)."
        )


def estimate_memory(info: GGUFInfo, n_ctx: int, kv_cache_type: str, contexts: int) -> MemoryEstimate:
    _, element_bytes = KV_CACHE_TYPES[kv_cache_type]
    return MemoryEstimate(
        weights=info.size_bytes,
        kv_per_context=n_ctx * info.kv_bytes_per_token(element_bytes),
        contexts=contexts,
        overhead=COMPUTE_OVERHEAD_BYTES,
    )


def available_memory() -> int | None:
    """Bytes the OS can give us without swapping (Linux MemAvailable), or None when unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def check_memory(estimate: MemoryEstimate, available: int | None) -> None:
    if available is not None and estimate.total > available:
        raise OutOfMemory(
            f"The model needs about {_gib(estimate.total)} of memory (weights {_gib(estimate.weights)}, "
            f"{estimate.contexts} × KV cache {_gib(estimate.kv_per_context)}) but only {_gib(available)} "
            "is available."
        )


def kv_cache_type_id(name: str) -> int:
    try:
        return KV_CACHE_TYPES[name][0]
    except KeyError:
        raise ValueError(f"Unknown KV cache type {name!r}; use one of {', '.join(KV_CACHE_TYPES)}.") from None


def load_model(info: GGUFInfo, n_gpu_layers: int) -> internals.LlamaModel:
    params = llama_cpp.llama_model_default_params()
    params.n_gpu_layers = n_gpu_layers
    return _load_with(info, params)


def load_vocabulary(info: GGUFInfo) -> internals.LlamaModel:
    """Only the file's vocabulary (no weights): what counting tokens and rendering the chat need, in a
    process that leaves the model itself to another (``app.llm.model_process``)."""
    params = llama_cpp.llama_model_default_params()
    params.vocab_only = True
    return _load_with(info, params)


def _load_with(info: GGUFInfo, params: llama_cpp.llama_model_params) -> internals.LlamaModel:
    LLAMA_LOG.clear()
    try:
        return internals.LlamaModel(path_model=str(info.path), params=params, verbose=False)
    except ValueError as exc:
        raise _load_failure(info, LLAMA_LOG.recent()) from exc


def _load_failure(info: GGUFInfo, details: str) -> Exception:
    lowered = details.lower()
    name = info.path.name
    if "unknown model architecture" in lowered or "unsupported" in lowered:
        return UnsupportedModel(
            f"{name} uses the model architecture {info.architecture!r}, which this llama.cpp cannot run."
        )
    if "alloc" in lowered or "out of memory" in lowered or "mmap" in lowered:
        return OutOfMemory(f"There is not enough memory to load {name}.")
    return ModelCorrupt(f"llama.cpp could not load {name} ({_telling_line(details)}).")


# The threads llama.cpp computes on when the settings say 0 ("let llama.cpp choose"), if set: ``1`` keeps a
# shared machine's model off ggml's spinning barriers (see ``threads_for``). The test suite sets it.
THREADS_ENV = "HEARTH_THREADS"


def threads_for(n_threads: int | None) -> tuple[int, int]:
    """(generation, prompt) threads: the settings' count for both; else ``HEARTH_THREADS`` for both; else
    llama-cpp-python's defaults (half the CPUs for generation, all of them for a prompt).

    Why a count can be forced below the default: ggml's threads meet at a barrier after every operation and
    wait there spinning. When another program holds one of the cores, a thread spins away its time slice
    waiting for a partner that is not running: on this 2-core machine, under load, reading a 600-token
    prompt on the tiny model took 21-44 s with 2 threads and 6-14 s with 1 (and 12-17 s of CPU against 4)."""
    if n_threads:
        return n_threads, n_threads
    forced = os.environ.get(THREADS_ENV, "")
    if forced.isdigit() and int(forced) > 0:
        return int(forced), int(forced)
    cpus = os.cpu_count() or 1
    return max(cpus // 2, 1), cpus  # llama-cpp-python's defaults


def new_context(
    model: internals.LlamaModel,
    *,
    n_ctx: int,
    n_batch: int,
    n_threads: int | None,
    kv_cache_type: str,
) -> internals.LlamaContext:
    """One KV context on the shared weights; failure to create one is (almost always) memory."""
    params = llama_cpp.llama_context_default_params()
    params.n_ctx = n_ctx
    params.n_batch = n_batch
    params.n_ubatch = n_batch
    params.n_seq_max = 1
    params.no_perf = False  # keep llama.cpp's own counters: tests check our numbers against them
    params.n_threads, params.n_threads_batch = threads_for(n_threads)
    params.type_k = params.type_v = kv_cache_type_id(kv_cache_type)
    if kv_cache_type != "f16":
        params.flash_attn_type = llama_cpp.LLAMA_FLASH_ATTN_TYPE_ENABLED  # quantized V needs it
    LLAMA_LOG.clear()
    try:
        return internals.LlamaContext(model=model, params=params, verbose=False)
    except ValueError as exc:
        detail = _telling_line(LLAMA_LOG.recent())
        raise OutOfMemory(f"llama.cpp could not allocate a context of {n_ctx:,} tokens ({detail}).") from exc


def inspect(path: Path, n_ctx: int | None = None) -> GGUFInfo:
    """Header checks only (fast): the same typed errors loading would raise for a bad file."""
    info = read_gguf_header(path)
    if n_ctx is not None:
        check_context_size(info, n_ctx)
    return info


def _telling_line(text: str) -> str:
    """The log line that says most: llama.cpp's own "insufficient memory (… MB)" if it logged one."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for marker in ("insufficient memory", "failed to allocate"):
        for line in lines:
            if marker in line:
                return line
    return lines[-1] if lines else "no details"


def _gib(n: int) -> str:
    return f"{n / 2**30:.1f} GiB"
