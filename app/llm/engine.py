"""The model engine: a GGUF loaded into llama.cpp, served by one owner thread.

``ModelEngine`` implements ``app.llm.types.LanguageModel``. How the parts fit:

- ``gguf_header`` checks the file before llama.cpp sees it; ``loader`` turns every failure into a
  typed error with a hint (missing, not a GGUF, truncated, context too large, not enough memory).
- ``chat_template`` renders a chat with the GGUF's own template and tokenizes it; the engine
  evaluates exactly those tokens, so ``count_chat_tokens`` is what llama.cpp processes.
- ``slots`` holds two KV contexts on the shared weights: ``"chat"`` (the diary conversation, whose
  prefix stays warm across turns) and ``"background"`` (facts, summaries, digests).
- ``owner`` runs jobs one at a time from a priority queue and pre-empts background work for the
  person; ``generation`` streams, cancels and measures each job.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Self

import llama_cpp

from app.llm import kv_state, loader
from app.llm.chat_template import ChatTemplate
from app.llm.errors import EngineError, PromptTooLong, UnsupportedModel
from app.llm.generation import run_job
from app.llm.gguf_header import GGUFInfo
from app.llm.owner import Job, ModelOwner
from app.llm.priority import MODEL_NICE
from app.llm.slots import KVSlot
from app.llm.types import ChatMessage, Completion, GenerationRequest, JobHandle
from app.llm.vocab import Vocab

SLOTS = ("chat", "background")


@dataclass
class EngineConfig:
    model_path: Path
    n_ctx: int = 4096
    n_gpu_layers: int = 0
    n_threads: int | None = None  # None/0: llama.cpp default
    kv_cache_type: str = "f16"  # f16 | q8_0 | q4_0
    n_batch: int = 256
    owner_nice: int = MODEL_NICE  # the owner thread's steps below the process's main thread (0: as it)


def inspect_gguf(path: Path) -> dict[str, Any]:
    """Fast header check without loading the model; raises the same typed errors as loading."""
    info = loader.inspect(Path(path))
    return {
        "path": str(info.path),
        "size_bytes": info.size_bytes,
        "architecture": info.architecture,
        "name": str(info.metadata.get("general.name", info.path.stem)),
        "n_ctx_train": info.context_length,
        "gguf_version": info.version,
        "has_chat_template": info.chat_template is not None,
    }


class LocalModel:
    """What both engines that run a GGUF on this machine share: exact counting on the file's own vocabulary
    and chat template, in the caller's thread, without the model's queue. ``ModelEngine`` holds the
    weights as well; ``app.llm.model_process.ProcessModel`` holds only these and leaves the weights to a
    child process. A subclass sets the attributes below while it loads."""

    config: EngineConfig
    _info: GGUFInfo
    _vocab: Vocab
    _template: ChatTemplate
    _native_lock: threading.Lock  # counting never races with freeing the vocabulary
    _n_ctx: int
    _closed: bool
    _last_tokens_per_s: float

    @property
    def n_ctx(self) -> int:
        return self._n_ctx

    @property
    def tokenizer_id(self) -> str:
        return (
            f"gguf:{self._info.metadata.get('tokenizer.ggml.model', '?')}:{self._info.tokenizer_digest[:16]}"
        )

    @property
    def model_name(self) -> str:
        return self._info.path.stem

    @property
    def model_path(self) -> Path:
        return Path(self.config.model_path)

    @property
    def keeps_cache(self) -> bool:
        return True  # the chat slot's cache can be written and read (app.llm.kv_state)

    @property
    def counts_exact(self) -> bool:
        return True  # the GGUF's own tokenizer and template

    @property
    def chat_template(self) -> ChatTemplate:
        return self._template

    @property
    def gguf_info(self) -> GGUFInfo:
        """What the file's header says (read once, at load)."""
        return self._info

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` without BOS; special-token text counts as the model will parse it."""
        with self._native_lock:
            self._check_open()
            return len(self._vocab.tokenize(text.encode("utf-8"), False, True))

    def count_chat_tokens(
        self, messages: Sequence[ChatMessage], *, add_generation_prompt: bool = True
    ) -> int:
        return len(self.chat_tokens(messages, add_generation_prompt=add_generation_prompt))

    def chat_tokens(
        self, messages: Sequence[ChatMessage], *, add_generation_prompt: bool = True
    ) -> list[int]:
        """The exact token ids a request with these messages evaluates (thread-safe, no queue)."""
        with self._native_lock:
            self._check_open()
            return self._template.tokens(messages, add_generation_prompt=add_generation_prompt)

    def render_chat(self, messages: Sequence[ChatMessage], *, add_generation_prompt: bool = True) -> str:
        return self._template.render(messages, add_generation_prompt=add_generation_prompt)

    def info(self) -> dict[str, Any]:
        return {
            "path": str(self._info.path),
            "name": self.model_name,
            "size_bytes": self._info.size_bytes,
            "n_ctx": self._n_ctx,
            "n_ctx_train": self._info.context_length,
            "n_params": self._n_params(),
            "last_tokens_per_s": self._last_tokens_per_s,
            "architecture": self._info.architecture,
            "kv_cache_type": self.config.kv_cache_type,
            "chat_template_from_gguf": not self._template.is_fallback,
        }

    def _n_params(self) -> int | None:
        return None

    def close(self) -> None:
        raise NotImplementedError

    def _check_open(self) -> None:
        if self._closed:
            raise EngineError("The model engine is closed.", "Load the model again.")

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ModelEngine(LocalModel):
    """A loaded model with its owner thread. Construct it to load (raises typed ``EngineError``s)."""

    def __init__(self, config: EngineConfig) -> None:
        self.config = config
        self._info: GGUFInfo = loader.inspect(Path(config.model_path), config.n_ctx)
        loader.kv_cache_type_id(config.kv_cache_type)
        estimate = loader.estimate_memory(self._info, config.n_ctx, config.kv_cache_type, len(SLOTS))
        loader.check_memory(estimate, loader.available_memory())
        self._model = loader.load_model(self._info, config.n_gpu_layers)
        self._slots: dict[str, KVSlot] = {}
        try:
            for name in SLOTS:
                ctx = loader.new_context(
                    self._model,
                    n_ctx=config.n_ctx,
                    n_batch=config.n_batch,
                    n_threads=config.n_threads,
                    kv_cache_type=config.kv_cache_type,
                )
                self._slots[name] = KVSlot(name, ctx, config.n_batch)
        except BaseException:
            self._free_native()
            raise
        self._vocab = Vocab(self._model)
        try:
            self._template = chat_template_for(self._info, self._vocab)
        except UnsupportedModel:
            self._free_native()
            raise
        self._native_lock = threading.Lock()  # counting never races with freeing the vocabulary
        self._n_ctx = llama_cpp.llama_n_ctx(self._slots["chat"].ctx.ctx)
        self._last_tokens_per_s = 0.0
        self._closed = False
        self._close_lock = threading.Lock()
        self._owner = ModelOwner(self._run, nice=config.owner_nice)

    # -- LanguageModel -------------------------------------------------------------------------
    def submit(self, request: GenerationRequest) -> JobHandle:
        """Queue a job. Raises ``PromptTooLong`` (before llama.cpp runs) if it cannot fit."""
        self._check_open()
        return self.submit_tokens(request, checked_prompt(request, self._n_ctx, self.chat_tokens))

    def submit_tokens(self, request: GenerationRequest, tokens: list[int]) -> JobHandle:
        """Queue a job whose prompt ``checked_prompt`` has already made into ``tokens`` for this model (the
        app's process did, with the same vocabulary and template: ``app.llm.model_process``)."""
        self._check_open()
        return self._owner.submit(request, tokens)

    def _n_params(self) -> int | None:
        return llama_cpp.llama_model_n_params(self._model.model) if not self._closed else None

    def cached_tokens(self, slot: str = "chat") -> int:
        """How many tokens the slot's KV cache holds (diagnostics, tests)."""
        return len(self._slots[slot].tokens)

    def forget_cache(self, slot: str = "chat") -> None:
        """Drop what the slot's KV cache holds (the diary was locked: the chat's prompt must not stay in
        memory). Call it when no job uses the slot; the next job processes its prompt from scratch."""
        with self._native_lock:
            self._check_open()
            self._slots[slot].clear()

    def pending_jobs(self) -> int:
        return self._owner.pending()

    def close(self) -> None:
        with self._close_lock:
            if self._closed:
                return
            self._closed = True
        self._owner.close()
        with self._native_lock:
            self._free_native()

    # -- owner thread ------------------------------------------------------------------------------
    def _run(self, job: Job) -> Completion:
        slot = self._slots[job.request.slot]
        state = job.request.saved_state
        restored = kv_state.StateOutcome()
        if state is not None and not state.save and not slot.tokens and job.progress.attempts == 0:
            restored = kv_state.restore(slot, state.path, self._state_identity(), job.prompt_tokens)
        completion = run_job(job, slot, self._model, self._vocab)
        if completion.stats.completion_tokens > 1:
            self._last_tokens_per_s = completion.stats.tokens_per_s
        if state is not None and state.save and completion.finish_reason != "cancelled":
            slot.keep(len(job.prompt_tokens))  # exactly what the next prompt starts with
            saved = kv_state.save(slot, state.path, self._state_identity(), state.max_bytes)
            return _with_state(completion, saved)
        return _with_state(completion, restored) if restored.tokens else completion

    def _state_identity(self) -> dict[str, object]:
        """What a saved cache must have been made with to be used (no diary text)."""
        return {
            "llama_cpp": llama_cpp.__version__,
            "model_bytes": self._info.size_bytes,
            "model_name": self._info.path.name,
            "tokenizer": self._info.tokenizer_digest,
            "n_ctx": self._n_ctx,
            "kv_cache_type": self.config.kv_cache_type,
        }

    def _free_native(self) -> None:
        for slot in self._slots.values():
            slot.close()
        self._slots.clear()
        self._model.close()


def chat_template_for(info: GGUFInfo, vocab: Vocab) -> ChatTemplate:
    """The GGUF's chat template bound to its vocabulary; ``UnsupportedModel`` if Jinja cannot read it."""
    try:
        return ChatTemplate(
            info.chat_template,
            bos_text=vocab.bos_text,
            eos_text=vocab.eos_text,
            add_bos=vocab.add_bos,
            tokenize=vocab.tokenize,
        )
    except Exception as exc:  # jinja2.TemplateError and friends
        raise UnsupportedModel(f"The chat template inside {info.path.name} cannot be read ({exc}).") from exc


def checked_prompt(
    request: GenerationRequest, n_ctx: int, chat_tokens: Callable[..., list[int]]
) -> list[int]:
    """The request's prompt tokens, after the checks every engine makes before llama.cpp runs: a known
    slot, some messages, a sane ``max_tokens``, and a prompt that leaves room for it (``PromptTooLong``)."""
    if request.slot not in SLOTS:
        raise ValueError(f"Unknown slot {request.slot!r}; use one of {', '.join(SLOTS)}.")
    if not request.messages:
        raise ValueError("A generation request needs at least one message.")
    if request.max_tokens < 1 or request.max_tokens >= n_ctx:
        raise ValueError(f"max_tokens must be between 1 and {n_ctx - 1}.")
    tokens: list[int] = chat_tokens(request.messages, add_generation_prompt=not request.prefill_only)
    limit = n_ctx - request.max_tokens
    if len(tokens) > limit:
        raise PromptTooLong(len(tokens), limit)
    return tokens


def _with_state(completion: Completion, outcome: kv_state.StateOutcome) -> Completion:
    stats = replace(
        completion.stats, state_tokens=outcome.tokens, state_bytes=outcome.bytes, state_ms=outcome.ms
    )
    return replace(completion, stats=stats)
