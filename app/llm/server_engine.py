"""A ``LanguageModel`` on an OpenAI-compatible model server (llama.cpp, llama-cpp-python, vLLM, LM Studio…).

``ServerModel`` is the second implementation of ``app.llm.types.LanguageModel``; the core cannot tell it
from the in-process ``ModelEngine`` except by ``counts_exact`` (the gauge's "≈"). How it keeps the same
promises:

- **One request at a time, priorities kept.** Jobs go through the same ``ModelOwner`` queue as llama.cpp
  jobs. A reply pre-empts a running background request: its stream is closed and it is sent again later
  from the start (background jobs stream to no one, so nothing is shown twice).
- **Stop within a second.** A watcher shuts the request's socket when the job is cancelled, also while the
  server is still processing the prompt and has sent nothing.
- **Exact counts where the server can tell** (``server_tokens``); otherwise an estimate, and the context
  this model reports is the server's minus a safety margin, so an estimated prompt never overflows it.
- **Prefix caching.** llama.cpp gets ``cache_prompt`` and, if it has two slots or more, one slot for the chat
  and another for background work; evaluated prompt tokens come from the server's timings or usage.
- **The server going away mid-reply** raises ``ServerDisconnected``; the reply turn keeps what arrived,
  marked interrupted.
- **No stream is cut by Hearth's own counts.** llama-cpp-python's server ends a streaming completion as
  soon as another request waits (``interrupt_requests``, on by default), a token count included, so counts
  and streams take turns (``server_gate``). A stream it cut anyway (another program's request) is
  recognised: a background job is sent again, a reply keeps what arrived (``ServerInterrupted``).

Nothing is sent anywhere but ``config.url`` (see ``server_address`` for the privacy rule).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from app.llm.errors import (
    EngineError,
    PromptTooLong,
    ServerContextTooSmall,
    ServerError,
    ServerModelNotFound,
    ServerRejected,
)
from app.llm.owner import Job, ModelOwner
from app.llm.server_address import ServerAddress, check_allowed, parse_address
from app.llm.server_gate import StreamGate
from app.llm.server_http import EndpointMissing, HttpClient, JsonObject
from app.llm.server_stream import run_stream_job
from app.llm.server_tokens import TokenCounter, choose_counter
from app.llm.types import ChatMessage, Completion, GenerationRequest, JobHandle

SLOTS = ("chat", "background")
_LIVE: weakref.WeakSet[ServerModel] = weakref.WeakSet()  # open models, for ``check_connection``'s turn
MIN_CONTEXT = 1024  # below this Hearth's prompt (instructions, memory, a reply) does not fit
ESTIMATE_MARGIN = 0.12  # of the context, kept free when counts are estimates
PROBE_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class ServerConfig:
    """Where the server is and how to talk to it. ``api_key`` never appears in a repr or a log."""

    url: str
    model: str = ""  # "" : the server's first (often only) model
    api_key: str | None = field(default=None, repr=False)
    n_ctx: int = 4096  # used when the server does not say its context size
    allow_remote: bool = False  # the person confirmed a server outside this computer and home network
    timeout_s: float = 300.0
    connect_timeout_s: float = 5.0


@dataclass(frozen=True)
class ServerInfo:
    """What the server says about itself (``discover``)."""

    kind: str  # "llama.cpp" | "llama-cpp-python" | "openai"
    models: tuple[str, ...]
    n_ctx: int | None = None
    slots: int = 1


def connect(config: ServerConfig) -> tuple[ServerAddress, HttpClient]:
    """The checked address and a client for it (refused before any connection if not allowed)."""
    address = parse_address(config.url)
    check_allowed(address, allow_remote=config.allow_remote)
    client = HttpClient(
        address, config.api_key, timeout_s=config.timeout_s, connect_timeout_s=config.connect_timeout_s
    )
    return address, client


def discover(client: HttpClient) -> ServerInfo:
    """Ask the server for its models and what kind it is (``/v1/models``, then ``/props``, ``/extras``)."""
    wait = min(PROBE_TIMEOUT_S, client.timeout_s)
    listing = client.get_json("/v1/models", timeout_s=wait)
    entries = [m for m in listing.get("data", []) if isinstance(m, dict) and m.get("id")]
    models = tuple(str(m["id"]) for m in entries)
    vllm_ctx = next((int(m["max_model_len"]) for m in entries if m.get("max_model_len")), None)
    try:
        props = client.get_json("/props", timeout_s=wait)
    except (EndpointMissing, ServerRejected):
        props = {}
    settings = props.get("default_generation_settings")
    if isinstance(settings, dict):
        n_ctx = settings.get("n_ctx") or props.get("n_ctx")
        slots = int(props.get("total_slots") or 1)
        return ServerInfo("llama.cpp", models, int(n_ctx) if n_ctx else None, slots)
    try:
        client.post_json("/extras/tokenize", {"input": ""}, timeout_s=wait)
    except (EndpointMissing, ServerRejected):
        return ServerInfo("openai", models, vllm_ctx)
    return ServerInfo("llama-cpp-python", models, vllm_ctx)


def pick_model(models: Sequence[str], wanted: str) -> str:
    """``wanted`` if the server has it, its first model if none is wanted; else ``ServerModelNotFound``."""
    if wanted and wanted in models:
        return wanted
    if wanted or not models:
        has = ", ".join(models[:8]) or "no models at all"
        raise ServerModelNotFound(f"The server has no model named {wanted!r}; it has {has}.")
    return models[0]


class ServerModel:
    """A model on a server, behind the ``LanguageModel`` contract. Construct it to connect (typed errors)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.address, self._client = connect(config)
        self.server = discover(self._client)
        self._model = pick_model(self.server.models, config.model)
        self.server_n_ctx = self._context_size()
        self._closed = False
        self._close_lock = threading.Lock()
        self.gate = StreamGate()  # Hearth's counts and its streams take turns (see server_gate)
        self._counter: TokenCounter = choose_counter(
            self._client, self.server.kind, self._model, self._probe, gate=self.gate.request
        )
        margin = 0 if self._counter.exact else int(self.server_n_ctx * ESTIMATE_MARGIN)
        self._n_ctx = self.server_n_ctx - margin
        self.json_mode = True  # cleared if the server refuses response_format (lenient parsing then)
        self.last_tokens_per_s = 0.0
        self.evaluated_reported = False  # the server said how much of a prompt it evaluated (timings/usage)
        self._owner = ModelOwner(self._run, name="hearth-server-owner")
        _LIVE.add(self)

    def _context_size(self) -> int:
        """The server's context where it says, else the setting; refused if Hearth's prompt cannot fit."""
        n_ctx = min(self.server.n_ctx, self.config.n_ctx) if self.server.n_ctx else self.config.n_ctx
        if n_ctx < MIN_CONTEXT and n_ctx == self.config.n_ctx:  # Hearth's own setting is the smaller
            raise ServerContextTooSmall(
                f"Hearth's context size is set to {n_ctx} tokens; it needs at least {MIN_CONTEXT}.",
                f"Set the context size to {MIN_CONTEXT} tokens or more.",
            )
        if n_ctx < MIN_CONTEXT:
            raise ServerContextTooSmall(
                f"The server's context is {n_ctx} tokens; Hearth needs at least {MIN_CONTEXT}."
            )
        return n_ctx

    # -- LanguageModel -------------------------------------------------------------------------------
    @property
    def n_ctx(self) -> int:
        return self._n_ctx

    @property
    def tokenizer_id(self) -> str:
        how = "exact" if self._counter.exact else "estimate"
        return f"server:{how}:{self.address.url}:{self._model}"

    @property
    def model_name(self) -> str:
        return self._model

    @property
    def keeps_cache(self) -> bool:
        return False  # the server keeps its own cache; Hearth has none to keep

    @property
    def takes_turns(self) -> bool:
        """Its server ends a stream when another request waits (llama-cpp-python's): requests to it go
        through ``gate``."""
        return self._counter.kind == "probed"

    @property
    def counts_exact(self) -> bool:
        return self._counter.exact

    @property
    def model_path(self) -> None:
        return None  # no file: the model lives on the server

    @property
    def kind(self) -> str:
        return self.server.kind

    def count_tokens(self, text: str) -> int:
        self._check_open()
        return self._counter.count(text)

    def count_chat_tokens(
        self, messages: Sequence[ChatMessage], *, add_generation_prompt: bool = True
    ) -> int:
        self._check_open()
        return self._counter.count_chat(messages, add_generation_prompt)

    def submit(self, request: GenerationRequest) -> JobHandle:
        """Queue a request. Raises ``PromptTooLong`` before anything is sent if it cannot fit."""
        self._check_open()
        if request.slot not in SLOTS:
            raise ValueError(f"Unknown slot {request.slot!r}; use one of {', '.join(SLOTS)}.")
        if not request.messages:
            raise ValueError("A generation request needs at least one message.")
        if request.max_tokens < 1 or request.max_tokens >= self._n_ctx:
            raise ValueError(f"max_tokens must be between 1 and {self._n_ctx - 1}.")
        n = self.count_chat_tokens(request.messages, add_generation_prompt=not request.prefill_only)
        limit = self._n_ctx - request.max_tokens
        if n > limit:
            raise PromptTooLong(n, limit)
        return self._owner.submit(request, [0] * n)  # only the length matters to the owner

    def info(self) -> dict[str, Any]:
        """What the model manager shows about this server."""
        return {
            "name": self._model,
            "address": self.address.url,
            "server": self.server.kind,
            "models": list(self.server.models),
            "n_ctx": self._n_ctx,
            "server_n_ctx": self.server_n_ctx,
            "counts_exact": self._counter.exact,
            "last_tokens_per_s": self.last_tokens_per_s,
        }

    def list_models(self) -> tuple[str, ...]:
        return self.server.models

    def pending_jobs(self) -> int:
        return self._owner.pending()

    def forget_cache(self, slot: str = "chat") -> None:
        """The diary was locked: Hearth keeps no prompt state for a server (the server's own prompt cache
        is the server's; the README says so), so there is nothing to drop here."""

    def close(self) -> None:
        with self._close_lock:
            if self._closed:
                return
            self._closed = True
        self._client.hang_up()  # a count or a stream still waiting on a server that went quiet ends now
        self.gate.close()
        _LIVE.discard(self)
        self._owner.close()

    def _check_open(self) -> None:
        if self._closed:
            raise EngineError("The connection to the model server is closed.", "Connect to the server again.")

    def __enter__(self) -> ServerModel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- requests ------------------------------------------------------------------------------------
    def request_body(self, request: GenerationRequest) -> JsonObject:
        """The chat-completions body for ``request``, with what this kind of server understands."""
        kind, extra = self.server.kind, request.extra
        body: JsonObject = {
            "model": self._model,
            "messages": [dict(m) for m in request.messages],
            "stream": True,
            "max_tokens": 1 if request.prefill_only else request.max_tokens,
            "temperature": request.temperature,
            "top_p": request.top_p,
        }
        if request.seed is not None:
            body["seed"] = request.seed
        if request.stop:
            body["stop"] = list(request.stop)
        if request.json_schema is not None and kind == "llama-cpp-python":
            body["grammar"] = strict_grammar(request.json_schema)
        elif request.json_schema is not None and self.json_mode:
            body["response_format"] = response_format(kind, request.json_schema)
        if kind in ("llama.cpp", "llama-cpp-python"):
            body["repeat_penalty"] = float(extra.get("repeat_penalty", 1.0 if request.json_schema else 1.1))
            body["top_k"] = int(extra.get("top_k", 40))
            body["min_p"] = float(extra.get("min_p", 0.05))
        if kind == "llama.cpp":
            body["cache_prompt"] = True
            if self.server.slots >= 2:
                body["id_slot"] = SLOTS.index(request.slot)
        if kind != "llama-cpp-python":
            body["stream_options"] = {"include_usage": True}
        return body

    def _run(self, job: Job) -> Completion:
        turn = self.gate.stream(job) if self.takes_turns else nullcontext()  # counts go to that server too
        with turn:
            completion = run_stream_job(self, self._client, job)
        if completion.stats.completion_tokens > 1:
            self.last_tokens_per_s = completion.stats.tokens_per_s
        return completion

    def _probe(self, messages: Sequence[ChatMessage]) -> int:
        """The server's own prompt count for ``messages`` (one generated token; calibrates counting)."""
        body = {"model": self._model, "messages": [dict(m) for m in messages], "max_tokens": 1,
                "temperature": 0.0, "stream": False}  # fmt: skip
        usage = self._client.post_json("/v1/chat/completions", body, timeout_s=PROBE_TIMEOUT_S).get("usage")
        if not isinstance(usage, dict) or not usage.get("prompt_tokens"):
            raise ServerRejected("The server does not report prompt token counts.")
        return int(usage["prompt_tokens"])


def strict_grammar(schema: dict[str, Any]) -> str:
    """llama-cpp-python's server converts a ``response_format`` schema with its own converter, which lets raw
    newlines into JSON strings (strict parsers reject them, and the tiny model writes them); so it gets the
    grammar the in-process engine uses instead, through its ``grammar`` field."""
    from app.llm.generation import json_gbnf  # llama.cpp's converter: only for this kind of server

    return json_gbnf(schema)


def response_format(kind: str, schema: dict[str, Any]) -> JsonObject:
    """JSON constrained by ``schema``: llama.cpp's server takes ``json_object`` + schema, others OpenAI's."""
    if kind == "llama.cpp":
        return {"type": "json_object", "schema": schema}
    return {"type": "json_schema", "json_schema": {"name": "hearth", "schema": schema, "strict": True}}


def check_connection(config: ServerConfig) -> ServerInfo:
    """Reach the server and list its models without loading anything (the model manager's button). If
    Hearth's model runs on that server now, the check takes its turn with that model's streams (review,
    session 21: pressed during a reply, it cut the reply on llama-cpp-python's server)."""
    address, client = connect(config)
    with _turn_on(address)():
        info = discover(client)
    if config.model:
        pick_model(info.models, config.model)
    return info


def _turn_on(address: ServerAddress) -> Callable[[], AbstractContextManager[None]]:
    """The gate of a live model on ``address`` that needs one (llama-cpp-python's), else no wait."""
    for model in list(_LIVE):
        if model.address.url == address.url and model.takes_turns:
            return model.gate.request
    return nullcontext


__all__ = ["ServerConfig", "ServerError", "ServerInfo", "ServerModel", "check_connection", "discover"]
