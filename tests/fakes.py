"""A scripted ``LanguageModel`` for exact, fast tests of the core (never the only test of a feature).

``ScriptedModel`` behaves like ``app.llm.engine.ModelEngine`` where the core can tell the difference:
one owner thread, a priority queue with pre-emption of a running background job, streamed pieces,
cancellation, ``PromptTooLong`` and per-slot KV-prefix accounting (``reused_tokens`` is the longest common
prefix with the slot's previous prompt + reply), so prefix stability can be asserted token for token.

Token counts are deterministic and easy to reason about: every whitespace-separated word costs
``ceil(len(word) / 6)`` tokens; a chat message costs its content plus 3 (``<start> role … <end>``), the
generation prompt 2 more. Replies come from per-label scripts (``"reply"``, ``"facts"``, ``"summary"``,
``"digest"``, ``"reflection"``): a list is consumed in order, then the default is used; an item may be a
string, a dict (sent as JSON) or a callable taking the request.
"""

from __future__ import annotations

import heapq
import itertools
import json
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from app.llm.embedding import Embedder, EmbedderUnavailable
from app.llm.errors import PromptTooLong
from app.llm.types import ChatMessage, Completion, GenerationRequest, GenerationStats, Priority

Script = str | dict[str, Any] | Callable[[GenerationRequest], str]

DEFAULTS: dict[str, Script] = {
    "reply": "I hear you. Tell me more about it.",
    "facts": {"fact": None, "kind": "other", "importance": 3},
    "summary": "The person talked about their day.",
    "digest": "A quiet day of writing.",
    "reflection": {"observations": []},
}


def word_pieces(text: str) -> list[str]:
    """The fake tokenizer: each word split into pieces of at most 6 characters."""
    return [word[i : i + 6] for word in text.split() for i in range(0, len(word), 6)]


def render_tokens(messages: Sequence[ChatMessage], add_generation_prompt: bool = True) -> list[str]:
    tokens: list[str] = []
    for message in messages:
        tokens += ["<start>", message["role"], *word_pieces(message["content"]), "<end>"]
    if add_generation_prompt:
        tokens += ["<start>", "assistant"]
    return tokens


@dataclass
class FakeJob:
    request: GenerationRequest
    seq: int
    done_event: threading.Event = field(default_factory=threading.Event)
    cancelled: threading.Event = field(default_factory=threading.Event)
    completion: Completion | None = None
    error: Exception | None = None
    restarts: int = 0

    def cancel(self) -> None:
        self.cancelled.set()

    def done(self) -> bool:
        return self.done_event.is_set()

    def result(self, timeout: float | None = None) -> Completion:
        if not self.done_event.wait(timeout):
            raise TimeoutError("the scripted job did not finish in time")
        if self.error is not None:
            raise self.error
        assert self.completion is not None
        return self.completion


class ScriptedModel:
    """Implements ``app.llm.types.LanguageModel`` with scripted replies; see the module docstring."""

    def __init__(
        self,
        *,
        n_ctx: int = 4096,
        scripts: dict[str, list[Script]] | None = None,
        defaults: dict[str, Script] | None = None,
        name: str = "scripted",
    ) -> None:
        self._n_ctx = n_ctx
        self._name = name
        self.scripts: dict[str, list[Script]] = {k: list(v) for k, v in (scripts or {}).items()}
        self.defaults = {**DEFAULTS, **(defaults or {})}
        self.requests: list[GenerationRequest] = []
        self.completions: list[tuple[GenerationRequest, Completion]] = []
        self.release = threading.Event()  # cleared: streaming pauses after the first piece
        self.release.set()
        self.streaming = threading.Event()  # set once a job has streamed its first piece
        self._slots: dict[str, list[str]] = {}
        self._queue: list[tuple[int, int, FakeJob]] = []
        self._cond = threading.Condition()
        self._seq = itertools.count()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="scripted-model", daemon=True)
        self._thread.start()

    # -- LanguageModel ---------------------------------------------------------------------------
    @property
    def n_ctx(self) -> int:
        return self._n_ctx

    @property
    def tokenizer_id(self) -> str:
        return "scripted-words-6"

    @property
    def model_name(self) -> str:
        return self._name

    @property
    def keeps_cache(self) -> bool:
        return False  # a scripted model has no cache to keep

    @property
    def counts_exact(self) -> bool:
        return True

    def count_tokens(self, text: str) -> int:
        return len(word_pieces(text))

    def count_chat_tokens(
        self, messages: Sequence[ChatMessage], *, add_generation_prompt: bool = True
    ) -> int:
        return len(render_tokens(messages, add_generation_prompt))

    def submit(self, request: GenerationRequest) -> FakeJob:
        job = FakeJob(request, next(self._seq))
        with self._cond:
            self.requests.append(request)
            heapq.heappush(self._queue, (int(request.priority), job.seq, job))
            self._cond.notify_all()
        return job

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5)

    # -- helpers for tests ----------------------------------------------------------------------
    def requests_labelled(self, label: str) -> list[GenerationRequest]:
        return [r for r in self.requests if r.label == label]

    def last_stats(self, label: str = "reply") -> GenerationStats:
        return [c.stats for r, c in self.completions if r.label == label][-1]

    # -- the owner thread ----------------------------------------------------------------------
    def _next_job(self) -> FakeJob | None:
        with self._cond:
            while not self._queue and not self._closed:
                self._cond.wait()
            if self._closed:
                return None
            return heapq.heappop(self._queue)[2]

    def _interactive_waiting(self) -> bool:
        with self._cond:
            return any(priority < Priority.BACKGROUND for priority, _, _ in self._queue)

    def _run(self) -> None:
        while (job := self._next_job()) is not None:
            try:
                outcome = self._process(job)
            except Exception as exc:  # noqa: BLE001 - handed to the waiting caller
                job.error = exc
                job.done_event.set()
                continue
            if outcome is None:  # pre-empted: back in the queue, same handle
                job.restarts += 1
                with self._cond:
                    heapq.heappush(self._queue, (int(job.request.priority), job.seq, job))
                continue
            job.completion = outcome
            self.completions.append((job.request, outcome))
            job.done_event.set()

    def _script_text(self, request: GenerationRequest) -> str:
        label = request.label or "reply"
        queue = self.scripts.get(label)
        item = queue.pop(0) if queue else self.defaults.get(label, self.defaults["reply"])
        if callable(item):
            return item(request)
        if isinstance(item, dict):
            return json.dumps(item, ensure_ascii=False)
        return item

    def _process(self, job: FakeJob) -> Completion | None:
        request = job.request
        started = time.monotonic()
        prompt = render_tokens(request.messages, not request.prefill_only)
        limit = self._n_ctx - request.max_tokens
        if len(prompt) > limit:
            raise PromptTooLong(len(prompt), limit)
        cached = self._slots.get(request.slot, [])
        reused = 0
        for a, b in zip(prompt, cached, strict=False):
            if a != b:
                break
            reused += 1
        if request.prefill_only:  # like the engine: a cache that starts with the prompt is left alone
            if reused < len(prompt):
                self._slots[request.slot] = prompt
            stats = GenerationStats(
                prompt_tokens=len(prompt), reused_tokens=reused, evaluated_tokens=len(prompt) - reused
            )
            return Completion(text="", stats=stats, finish_reason="stop")
        reused = min(reused, len(prompt) - 1)  # llama.cpp always evaluates at least one token
        pieces = re.findall(r"\S+\s*|\s+", self._script_text(request))
        produced: list[str] = []
        finish = "stop"
        for index, piece in enumerate(pieces):
            if job.cancelled.is_set():
                finish = "cancelled"
                break
            if request.priority >= Priority.BACKGROUND and self._interactive_waiting():
                return None
            if len(word_pieces("".join(produced) + piece)) > request.max_tokens:
                finish = "length"
                break
            produced.append(piece)
            if request.on_token is not None:
                request.on_token(piece)
            if index == 0:
                self.streaming.set()
            while not self.release.wait(0.01):
                if job.cancelled.is_set():
                    break
        text = "".join(produced)
        self._slots[request.slot] = prompt + word_pieces(text)
        stats = GenerationStats(
            prompt_tokens=len(prompt),
            reused_tokens=reused,
            evaluated_tokens=len(prompt) - reused,
            completion_tokens=len(word_pieces(text)),
            total_s=time.monotonic() - started,
        )
        return Completion(text=text, stats=stats, finish_reason=finish)  # type: ignore[arg-type]


class Clock:
    """A settable clock for the controller (``Companion(..., clock=clock)``): tests move the day."""

    def __init__(self, now: datetime | None = None) -> None:
        self.now = now or datetime(2026, 3, 2, 20, 0)

    def __call__(self) -> datetime:
        return self.now


class ClosableEmbedder:
    """A real embedder behaving as the app's does in its own process: once closed (or stopped for good),
    every question raises ``EmbedderUnavailable``. ``asked`` counts the questions."""

    def __init__(self, inner: Embedder) -> None:
        self._inner = inner
        self.closed = False
        self.asked = 0
        self.embedder_id, self.dim, self.floor = inner.embedder_id, inner.dim, inner.floor

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        if self.closed:
            raise EmbedderUnavailable("The meaning model was closed.")
        return self._inner.passages(texts)

    def query(self, text: str) -> np.ndarray:
        self.asked += 1
        if self.closed:
            raise EmbedderUnavailable("The meaning model was closed.")
        return self._inner.query(text)

    def close(self) -> None:
        self.closed = True
