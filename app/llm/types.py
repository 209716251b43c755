"""The contract between the model engine and everything above it.

``app.core`` talks to a ``LanguageModel``; the real ones are ``app.llm.engine.ModelEngine`` (llama.cpp on
one owner thread) and ``app.llm.server_engine.ServerModel`` (an OpenAI-compatible server); tests of the core
may use a scripted fake with the same shape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Any, Literal, Protocol, TypedDict


class ChatMessage(TypedDict):
    role: Literal["system", "user", "assistant"]
    content: str


class Priority(IntEnum):
    """Lower runs first. A running BACKGROUND job is pre-empted when an INTERACTIVE one arrives."""

    INTERACTIVE = 0
    BACKGROUND = 10


@dataclass(frozen=True)
class GenerationStats:
    """What every call reports, so the gauge, the logs and the benchmarks can show the cost of a turn."""

    prompt_tokens: int = 0
    reused_tokens: int = 0  # prompt tokens whose KV was already in the cache
    evaluated_tokens: int = 0  # prompt tokens llama.cpp had to process
    completion_tokens: int = 0
    ttft_s: float = 0.0  # submit (or start, if queued) → first token
    tokens_per_s: float = 0.0  # generation speed
    total_s: float = 0.0
    state_tokens: int = 0  # a saved chat cache: tokens written (save) or restored (restore), else 0
    state_bytes: int = 0
    state_ms: float = 0.0


FinishReason = Literal["stop", "length", "cancelled"]


@dataclass(frozen=True)
class Completion:
    text: str
    stats: GenerationStats
    finish_reason: FinishReason


@dataclass
class GenerationRequest:
    """One job for the model owner thread.

    ``slot`` names the KV context to use: ``"chat"`` keeps the diary conversation's prefix warm;
    background work (facts, summaries, digests) uses ``"background"`` so it never throws that prefix away.
    ``json_schema`` constrains the output with llama.cpp's grammar so even a tiny model returns valid JSON.
    ``on_token`` is called on the owner thread with each new piece of text.
    ``prefill_only``: bring the slot's cache to these messages (rendered without the generation prompt)
    and generate nothing — a warm-up in idle time, so the next turn after a fold starts from a warm cache
    instead of evaluating the whole new prompt while the person waits. A cache that already starts with
    them is left as it is.
    """

    messages: Sequence[ChatMessage]
    priority: Priority = Priority.INTERACTIVE
    max_tokens: int = 512
    temperature: float = 0.7
    top_p: float = 0.95
    seed: int | None = None
    stop: Sequence[str] = ()
    json_schema: dict[str, Any] | None = None
    slot: str = "chat"
    on_token: Callable[[str], None] | None = None
    label: str = ""  # for logs/activity display; never diary text
    extra: dict[str, Any] = field(default_factory=dict)
    prefill_only: bool = False
    saved_state: SavedState | None = None


@dataclass(frozen=True)
class SavedState:
    """Keep the chat slot's cache in ``path`` across restarts (``app.llm.kv_state``).

    ``save``: after the prompt is in the cache, write exactly its tokens (the caller sends what the next
    prompt starts with, as ``prefill_only``). Otherwise *restore*: an empty slot is first filled from the
    file if it was made by this model and its tokens start this prompt. Engines without a local cache
    ignore it.
    """

    path: Path
    save: bool = False
    max_bytes: int = 0


class JobHandle(Protocol):
    def cancel(self) -> None:
        """Ask the job to stop; takes effect within a second, also during prompt processing."""

    def result(self, timeout: float | None = None) -> Completion:
        """Wait for the job. A cancelled job returns ``finish_reason == "cancelled"`` with partial text.

        Raises an ``EngineError`` subclass if the job failed (e.g. ``PromptTooLong``) and
        ``TimeoutError`` if ``timeout`` passed first.
        """
        ...

    def done(self) -> bool: ...


class LanguageModel(Protocol):
    """What the core needs from a model: exact token counts and queued, streamed, cancellable jobs."""

    @property
    def n_ctx(self) -> int: ...

    @property
    def tokenizer_id(self) -> str:
        """Identifies the tokenizer, to key stored token counts (they differ between models)."""
        ...

    @property
    def model_name(self) -> str: ...

    @property
    def keeps_cache(self) -> bool:
        """True when a request's ``saved_state`` is honoured (the chat's cache can outlive the process)."""
        ...

    @property
    def counts_exact(self) -> bool:
        """False when counts are estimates (a server that cannot tokenize): the gauge shows "≈"."""
        ...

    def count_tokens(self, text: str) -> int:
        """Exact number of tokens of ``text`` (no BOS). Thread-safe and fast: callable from any thread."""
        ...

    def count_chat_tokens(
        self, messages: Sequence[ChatMessage], *, add_generation_prompt: bool = True
    ) -> int:
        """Exact tokens of the chat rendered through the model's own chat template, as llama.cpp sees it."""
        ...

    def submit(self, request: GenerationRequest) -> JobHandle: ...

    def close(self) -> None: ...
