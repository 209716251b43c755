"""Running one job against a server: stream, Stop, pre-emption, the server vanishing, statistics.

Runs on the ``ModelOwner`` thread of a ``ServerModel``. The stream's socket is shut by a watcher thread as
soon as the job is cancelled or pre-empted, so the blocking read in this thread returns at once.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.llm.errors import ServerDisconnected, ServerInterrupted, ServerRejected
from app.llm.owner import Job, Preempted
from app.llm.server_http import EventStream, HttpClient, JsonObject, StreamAborted
from app.llm.types import Completion, FinishReason, GenerationStats, Priority

if TYPE_CHECKING:
    from app.llm.server_engine import ServerModel

ROUTE = "/v1/chat/completions"
WATCH_EVERY_S = 0.05  # how often the watcher looks at the job's Stop/pre-empt flags
DIAGNOSE_TIMEOUT_S = 60.0  # asking the server why it closed a stream at once (``_say_why_refused``)
MAX_CUTS = 3  # a background job cut short by the server this often fails instead of being sent again


@dataclass
class _Usage:
    """What the server said about the cost of the request (all optional; ``None``: not said)."""

    prompt_tokens: int | None = None
    cached_tokens: int | None = None
    evaluated_tokens: int | None = None
    completion_tokens: int | None = None


def run_stream_job(model: ServerModel, client: HttpClient, job: Job) -> Completion:
    """Run ``job``; raises ``Preempted`` to be re-queued, ``ServerError``s for failures."""
    progress = job.progress
    if progress.attempts:  # pre-empted before: start again (background jobs stream to nobody)
        progress.text, progress.generated, progress.first_token_at = "", [], None
    progress.attempts += 1
    if progress.started_at is None:
        progress.started_at = time.perf_counter()
    if job.cancel_requested.is_set():
        return _completion(job, "cancelled", _Usage())
    if job.preempt_requested.is_set():  # pre-empted while it waited to start: nothing sent yet
        raise Preempted
    stream = client.new_stream()
    watcher = _Watcher(job, stream)
    try:
        return _consume(model, client, job, stream, watcher)
    except StreamAborted:
        if job.cancel_requested.is_set():
            return _completion(job, "cancelled", _Usage())
        raise Preempted from None
    except ServerDisconnected as exc:
        if client.hung_up or job.cancel_requested.is_set():  # Hearth ended it (closing), not the server
            return _completion(job, "cancelled", _Usage())
        exc.partial_text = progress.text
        raise
    finally:
        watcher.stop()
        stream.close()


def _consume(model: ServerModel, client: HttpClient, job: Job, stream: EventStream,
             watcher: _Watcher) -> Completion:
    body = model.request_body(job.request)
    try:
        client.open_stream(stream, ROUTE, body)
    except ServerRejected as exc:
        if "response_format" not in body or type(exc) is not ServerRejected:
            raise
        model.json_mode = False  # the server cannot constrain output: the core parses leniently
        return _retry_without_schema(model, client, job)  # (its own stream and watcher)
    usage, finish, events = _Usage(), None, 0
    for event in stream.events():
        events += 1
        finish = _take(job, event, usage) or finish
    if usage.evaluated_tokens is not None or usage.cached_tokens is not None:
        model.evaluated_reported = True
    if finish is None and not stream.finished:
        if events == 0 and model.kind == "llama-cpp-python":
            _say_why_refused(client, body, job, watcher)
        raise ServerDisconnected(f"{client.address.url} ended the reply without finishing it.")
    if finish is None and model.kind == "llama-cpp-python":
        _cut_short(client, job)
    return _completion(job, finish or "stop", usage)


def _say_why_refused(client: HttpClient, body: JsonObject, job: Job, watcher: _Watcher) -> None:
    """llama-cpp-python's server closed a stream before its first event: it met an error it cannot send
    on a stream that has begun (a prompt longer than its context, when it does not say how long that is).
    The same request unstreamed, for one token, brings its words back as a typed error (``ServerContext
    TooSmall`` for that one); if it does not fail, the stream's end is said as it was.

    Stop ends the question too (it used to wait up to ``DIAGNOSE_TIMEOUT_S`` for a busy server): it is
    asked on a connection of its own that the job's watcher aborts like the stream."""
    if job.cancel_requested.is_set():
        return
    once = {**body, "stream": False, "max_tokens": 1}
    probe = client.new_stream()
    watcher.follow(probe)
    client.post_json_on(probe, ROUTE, once, timeout_s=min(client.timeout_s, DIAGNOSE_TIMEOUT_S))
    # (Stop or a pre-emption meanwhile raises StreamAborted: the caller says which it was)


def _cut_short(client: HttpClient, job: Job) -> None:
    """llama-cpp-python's server sent ``[DONE]`` with no finish reason: it cut the stream because another
    request was waiting for the model (its ``interrupt_requests``, on by default). Hearth's own token counts
    take turns with its streams (``server_gate``), so another program did it. A background job is sent
    again from the start, at most ``MAX_CUTS`` times; a reply keeps what arrived, marked interrupted, and
    says why."""
    job.progress.server_cuts += 1
    if job.priority < int(Priority.BACKGROUND) or job.progress.server_cuts > MAX_CUTS:
        raise ServerInterrupted(
            f"{client.address.url} ended the reply before it was finished.", job.progress.text
        )
    raise Preempted


def _retry_without_schema(model: ServerModel, client: HttpClient, job: Job) -> Completion:
    stream = client.new_stream()
    watcher = _Watcher(job, stream)
    try:
        return _consume(model, client, job, stream, watcher)
    finally:
        watcher.stop()
        stream.close()


def _take(job: Job, event: JsonObject, usage: _Usage) -> FinishReason | None:
    """Apply one streamed chunk: emit its text, note usage/timings; the finish reason if it has one."""
    _note_usage(event, usage)
    choices = event.get("choices") or []
    choice = choices[0] if choices and isinstance(choices[0], dict) else {}
    delta = choice.get("delta") or {}
    text = delta.get("content") if isinstance(delta, dict) else None
    if isinstance(text, str) and text and not job.request.prefill_only:
        _emit(job, text)
    reason = choice.get("finish_reason")
    if reason is None:
        return None
    return "length" if reason == "length" else "stop"


def _emit(job: Job, text: str) -> None:
    p = job.progress
    p.last_token_at = time.perf_counter()
    if p.first_token_at is None:
        p.first_token_at = p.last_token_at
    p.generated.append(0)  # one entry per streamed piece (about a token each)
    p.text += text
    if job.request.on_token is not None:
        job.request.on_token(text)


def _note_usage(event: JsonObject, usage: _Usage) -> None:
    """OpenAI ``usage`` (with ``prompt_tokens_details.cached_tokens``) and llama.cpp's ``timings``."""
    raw = event.get("usage")
    if isinstance(raw, dict):
        usage.prompt_tokens = _int(raw.get("prompt_tokens"), usage.prompt_tokens)
        usage.completion_tokens = _int(raw.get("completion_tokens"), usage.completion_tokens)
        details = raw.get("prompt_tokens_details")
        if isinstance(details, dict):
            usage.cached_tokens = _int(details.get("cached_tokens"), usage.cached_tokens)
    timings = event.get("timings")
    if isinstance(timings, dict):
        usage.evaluated_tokens = _int(timings.get("prompt_n"), usage.evaluated_tokens)
        cached = _int(timings.get("cache_n"), None)
        if cached is not None:
            usage.cached_tokens = cached


def _int(value: Any, default: int | None) -> int | None:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else default


def _completion(job: Job, finish: FinishReason, usage: _Usage) -> Completion:
    p = job.progress
    now = time.perf_counter()
    started = p.started_at if p.started_at is not None else now
    prompt = usage.prompt_tokens or len(job.prompt_tokens)
    if usage.evaluated_tokens is not None:
        evaluated = usage.evaluated_tokens
    elif usage.cached_tokens is not None:
        evaluated = max(0, prompt - usage.cached_tokens)
    else:
        evaluated = prompt  # the server does not say what it reused: count it all as evaluated
    n = usage.completion_tokens or len(p.generated)
    stats = GenerationStats(
        prompt_tokens=prompt,
        reused_tokens=max(0, prompt - evaluated),
        evaluated_tokens=evaluated,
        completion_tokens=n,
        ttft_s=(p.first_token_at - started) if p.first_token_at is not None else 0.0,
        tokens_per_s=_speed(p.first_token_at, p.last_token_at, len(p.generated)),
        total_s=now - started,
    )
    return Completion(text=p.text, stats=stats, finish_reason=finish)


def _speed(first: float | None, last: float | None, pieces: int) -> float:
    if first is None or last is None or pieces < 2 or last <= first:
        return 0.0
    return (pieces - 1) / (last - first)


class _Watcher:
    """A small thread that aborts ``stream`` once the job is cancelled or pre-empted."""

    def __init__(self, job: Job, stream: EventStream) -> None:
        self._job = job
        self._stream = stream
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="hearth-server-stop", daemon=True)
        self._thread.start()

    def follow(self, stream: EventStream) -> None:
        """Watch ``stream`` instead (a second request of the same job); aborted at once if already due."""
        self._stream = stream
        if self._job.cancel_requested.is_set() or self._job.preempt_requested.is_set():
            stream.abort()

    def _watch(self) -> None:
        job = self._job
        while not self._done.wait(WATCH_EVERY_S):
            if job.cancel_requested.is_set() or job.preempt_requested.is_set():
                self._stream.abort()
                return

    def stop(self) -> None:
        self._done.set()
        self._thread.join(1.0)
