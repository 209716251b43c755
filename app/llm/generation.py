"""Running one job on a KV slot: prefill, sampling, streaming, stop strings, cancel, statistics.

Runs on the model-owner thread only. Everything a pre-empted job needs to continue later lives in
``job.progress`` (tokens and text so far, the half-decoded UTF-8 and held-back stop-string text), so
a resumed job re-evaluates only what its slot lost and never streams a piece twice.
"""

from __future__ import annotations

import codecs
import json
import time
from collections.abc import Sequence

import llama_cpp
from llama_cpp import _internals as internals
from llama_cpp.llama_grammar import LlamaGrammar, json_schema_to_gbnf

from app.llm.errors import EngineError
from app.llm.owner import Job, JobProgress, Preempted
from app.llm.slots import Aborted, KVSlot
from app.llm.types import Completion, FinishReason, GenerationRequest, GenerationStats
from app.llm.vocab import Vocab

DEFAULT_REPEAT_PENALTY = 1.1  # llama-cpp-python's chat default; small models loop without it
PENALTY_LAST_N = 64


class TextStream:
    """Bytes → text, holding back any tail that could be the start of a stop string."""

    def __init__(self, stops: Sequence[str]) -> None:
        self.stops = [s for s in stops if s]
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""
        self.stopped = False

    def feed(self, piece: bytes) -> str:
        """New text safe to show; sets ``stopped`` when a stop string appeared (it is cut off)."""
        self._pending += self._utf8.decode(piece)
        hits = [i for i in (self._pending.find(s) for s in self.stops) if i >= 0]
        if hits:
            out, self._pending, self.stopped = self._pending[: min(hits)], "", True
            return out
        keep = max((self._overlap(s) for s in self.stops), default=0)
        cut = len(self._pending) - keep
        out, self._pending = self._pending[:cut], self._pending[cut:]
        return out

    def _overlap(self, stop: str) -> int:
        for k in range(min(len(stop) - 1, len(self._pending)), 0, -1):
            if self._pending.endswith(stop[:k]):
                return k
        return 0

    def flush(self) -> str:
        """The text held back. Bytes of a character left unfinished are dropped, not decoded: a reply
        cut at its token limit halfway through a Cyrillic letter (or an emoji) would otherwise end in
        "\ufffd", saved into the diary."""
        out, self._pending = self._pending, ""
        self._utf8.reset()
        return out


def build_sampler(
    model: internals.LlamaModel, vocab: Vocab, request: GenerationRequest
) -> internals.LlamaSampler:
    """The sampler chain llama-cpp-python builds (penalties → grammar → top-k/p, min-p → temperature)."""
    extra = request.extra
    sampler = internals.LlamaSampler()
    repeat = float(extra.get("repeat_penalty", 1.0 if request.json_schema else DEFAULT_REPEAT_PENALTY))
    sampler.add_penalties(vocab.n_vocab, PENALTY_LAST_N, repeat, 0.0, 0.0)
    if request.json_schema is not None:
        sampler.add_grammar(model, json_grammar(request.json_schema))
    if request.temperature <= 0:
        sampler.add_greedy()
        return sampler
    sampler.add_top_k(int(extra.get("top_k", 40)))
    sampler.add_top_p(request.top_p, 1)
    sampler.add_min_p(float(extra.get("min_p", 0.05)), 1)
    sampler.add_temp(request.temperature)
    sampler.add_dist(llama_cpp.LLAMA_DEFAULT_SEED if request.seed is None else request.seed)
    return sampler


# llama-cpp-python's schema converter lets raw control characters (a newline) into JSON strings,
# which strict parsers reject; llama.cpp's own converter excludes them. We do the same.
_LOOSE_CHAR = 'char ::= [^"\\\\]'
_STRICT_CHAR = 'char ::= [^"\\\\\\x7F\\x00-\\x1F]'


def json_gbnf(schema: dict) -> str:
    """The GBNF grammar of ``schema`` with strict JSON strings (also sent to llama-cpp-python's server)."""
    try:
        return json_schema_to_gbnf(json.dumps(schema)).replace(_LOOSE_CHAR, _STRICT_CHAR)
    except Exception as exc:  # noqa: BLE001 - the converter raises many kinds
        raise EngineError(f"The JSON schema cannot be used to constrain the output ({exc}).") from exc


def json_grammar(schema: dict) -> LlamaGrammar:
    gbnf = json_gbnf(schema)
    try:
        return LlamaGrammar.from_string(gbnf, verbose=False)
    except Exception as exc:  # noqa: BLE001 - the converter raises many kinds
        raise EngineError(f"The JSON schema cannot be used to constrain the output ({exc}).") from exc


def run_job(job: Job, slot: KVSlot, model: internals.LlamaModel, vocab: Vocab) -> Completion:
    """Run (or resume) ``job``; raises ``Preempted`` to be re-queued, returns the Completion otherwise."""
    request, progress = job.request, job.progress
    clock = time.perf_counter
    progress.attempts += 1
    if progress.started_at is None:
        progress.started_at = clock()
    if progress.stream is None:
        progress.stream = TextStream(request.stop)
    stream: TextStream = progress.stream

    def interrupted() -> bool:
        return job.cancel_requested.is_set() or job.preempt_requested.is_set()

    if request.prefill_only and slot.common_prefix(job.prompt_tokens) == len(job.prompt_tokens):
        progress.reused_tokens = len(job.prompt_tokens)  # already warm (perhaps with a reply after it)
        return _completion(job, "stop")
    try:
        reused, evaluated = slot.prefill(
            job.prompt_tokens + progress.generated,
            interrupted,
            request.extra.get("on_progress"),
            abort_flag=job.stop_requests.flag,
        )
    except Aborted as stop:
        progress.evaluated_tokens += stop.evaluated
        return _interrupted(job, stream)
    if progress.reused_tokens is None:
        progress.reused_tokens = min(reused, len(job.prompt_tokens))
    progress.evaluated_tokens += evaluated
    if request.prefill_only:
        llama_cpp.llama_synchronize(slot.ctx.ctx)  # the work is done (and counted) inside this job
        return _completion(job, "stop")
    finish = _generate(job, slot, model, vocab, stream, interrupted)
    if finish is None:
        return _interrupted(job, stream)
    _emit(job, stream.flush())
    return _completion(job, finish)


def _generate(
    job: Job, slot: KVSlot, model: internals.LlamaModel, vocab: Vocab, stream: TextStream, interrupted: object
) -> FinishReason | None:
    request, progress = job.request, job.progress
    clock = time.perf_counter
    sampler = build_sampler(model, vocab, request)
    for token in progress.generated:  # a resumed job: bring penalties and grammar up to date
        sampler.accept(token)
    finish: FinishReason | None = "length"
    try:
        while len(progress.generated) < request.max_tokens:
            if interrupted():  # type: ignore[operator]
                return None
            token = sampler.sample(slot.ctx, -1)
            if vocab.is_end_of_generation(token):
                finish = "stop"
                break
            progress.generated.append(token)
            progress.last_token_at = clock()
            if progress.first_token_at is None:
                progress.first_token_at = progress.last_token_at
            _emit(job, stream.feed(vocab.piece(token)))
            if stream.stopped:
                finish = "stop"
                break
            if len(progress.generated) < request.max_tokens:
                slot.step(token)
    finally:
        sampler.close()
    return finish


def _interrupted(job: Job, stream: TextStream) -> Completion:
    if not job.cancel_requested.is_set():
        raise Preempted
    _emit(job, stream.flush())
    return _completion(job, "cancelled")


def _emit(job: Job, text: str) -> None:
    if not text:
        return
    job.progress.text += text
    if job.request.on_token is not None:
        job.request.on_token(text)


def _completion(job: Job, finish: FinishReason) -> Completion:
    p = job.progress
    now = time.perf_counter()
    started = p.started_at if p.started_at is not None else now
    n = len(p.generated)
    stats = GenerationStats(
        prompt_tokens=len(job.prompt_tokens),
        reused_tokens=p.reused_tokens or 0,
        evaluated_tokens=p.evaluated_tokens,
        completion_tokens=n,
        ttft_s=(p.first_token_at - started) if p.first_token_at is not None else 0.0,
        tokens_per_s=_tokens_per_s(p),
        total_s=now - started,
    )
    return Completion(text=p.text, stats=stats, finish_reason=finish)


def _tokens_per_s(p: JobProgress) -> float:
    """Generation speed after the first token (the first one's wait is ``ttft_s``)."""
    if p.first_token_at is None or p.last_token_at is None or len(p.generated) < 2:
        return 0.0
    span = p.last_token_at - p.first_token_at
    return (len(p.generated) - 1) / span if span > 0 else 0.0
