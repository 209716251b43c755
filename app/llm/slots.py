"""KV slots: one llama.cpp context each, remembering which tokens its cache holds.

Why two contexts on one model instead of ``save_state``/``load_state``: a background job (fact
extraction, a summary) would otherwise overwrite the chat's KV cache, and the next chat turn would
re-process the whole conversation (minutes on a laptop with a 3B model). Copying the state out and
back costs time proportional to the conversation on *every* background job (measured on the tiny
model: ~0.45 s save + ~0.8 s load for 1.6k tokens; a 3B model's state is ~5× larger per token),
while a second context costs only its KV memory once, switches for free, and lets background jobs
reuse *their own* shared prefix too. The weights are loaded once and shared by both contexts.

A slot evaluates a prompt by first keeping the longest common prefix with what its cache already
holds (``llama_memory_seq_rm`` drops the rest) and then decoding only the new tokens in batches. The
abort callback is armed while a prompt is being processed so cancel/pre-emption take effect inside a
batch, not only between batches.

Past the common prefix, runs of at least ``REUSE_MIN_CHUNK`` tokens that the cache still holds further
on are moved into place instead of being decoded again (llama-server's ``--cache-reuse``: remove the gap,
shift the chunk's positions). Why: each chat turn carries a volatile block (date, recalled entries, facts
noted since) just before the person's new message; on the next turn that block is gone, so the previous
message and reply sit a few hundred tokens earlier than they did in the cache. Without the shift both
are decoded again every turn; with it only the new volatile block and the new message are. The shifted
entries were computed while the removed block was still in view — the same approximation llama-server
makes; the reply they lead to is still generated from the whole current prompt.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence

import llama_cpp
from llama_cpp import _internals as internals

from app.llm.abort_flag import NATIVE_CALLBACK, AbortFlag
from app.llm.errors import EngineError

DECODE_OK, DECODE_NO_KV_SLOT, DECODE_ABORTED = 0, 1, 2
REUSE_MIN_CHUNK = 16  # shorter matches are left to decode: a template header alone must not count
_NEVER: Callable[[], bool] = lambda: False  # noqa: E731


class Aborted(Exception):
    """Prompt processing stopped because the job was cancelled or pre-empted."""

    def __init__(self, evaluated: int = 0) -> None:
        super().__init__("aborted")
        self.evaluated = evaluated  # prompt tokens processed (and kept) before the abort


class KVSlot:
    """A context plus the exact token list whose KV it holds (position i ↔ ``tokens[i]``)."""

    def __init__(
        self, name: str, ctx: internals.LlamaContext, n_batch: int, min_chunk: int = REUSE_MIN_CHUNK
    ) -> None:
        self.name = name
        self.min_chunk = min_chunk  # 0 turns chunk reuse off
        self.ctx = ctx
        self.n_batch = n_batch
        self.batch = internals.LlamaBatch(n_tokens=n_batch, embd=0, n_seq_max=1, verbose=False)
        self.tokens: list[int] = []
        self._logits_valid = False  # the last decode produced logits for tokens[-1]
        self._should_abort = _NEVER
        self._abort_cb = llama_cpp.ggml_abort_callback(self._abort_requested)  # referenced: C keeps it
        self._native_cb = llama_cpp.ggml_abort_callback(NATIVE_CALLBACK)
        self._no_cb = llama_cpp.ggml_abort_callback()

    def _abort_requested(self, _data: ctypes.c_void_p) -> bool:
        return bool(self._should_abort())

    def common_prefix(self, tokens: Sequence[int]) -> int:
        n = 0
        for a, b in zip(self.tokens, tokens, strict=False):
            if a != b:
                break
            n += 1
        return n

    def prefill(
        self,
        tokens: Sequence[int],
        should_abort: Callable[[], bool],
        on_progress: Callable[[int, int], None] | None = None,
        abort_flag: AbortFlag | None = None,
    ) -> tuple[int, int]:
        """Make the cache hold ``tokens`` with logits for the last one; return (reused, evaluated).

        ``on_progress(done, total)`` is called before each batch and at the end (a cold prompt on a
        3B model takes minutes: the UI can show progress). Raises ``Aborted`` when ``should_abort``
        turns true; the cache then keeps the batches that finished, so a re-queued job resumes where
        it stopped. Inside a batch llama.cpp asks after every graph node: given ``abort_flag`` (set whenever
        ``should_abort`` turns true) it reads the flag natively, without Python's lock; otherwise it calls
        ``should_abort`` through Python.
        """
        if not tokens:
            raise EngineError("Nothing to evaluate: the prompt is empty.")
        reuse = self.common_prefix(tokens)
        if reuse == len(tokens) == len(self.tokens) and self._logits_valid:
            return reuse, 0
        reuse = self._shift_matching_chunks(tokens, reuse)
        reuse = min(reuse, len(tokens) - 1)  # re-decode at least one token to get fresh logits
        self._truncate(reuse)
        todo = list(tokens[reuse:])
        self._should_abort = should_abort
        if abort_flag is not None:
            llama_cpp.llama_set_abort_callback(self.ctx.ctx, self._native_cb, abort_flag.data)
        else:
            llama_cpp.llama_set_abort_callback(self.ctx.ctx, self._abort_cb, None)
        try:
            for start in range(0, len(todo), self.n_batch):
                if on_progress is not None:
                    on_progress(start, len(todo))
                if should_abort():
                    raise Aborted(start)
                try:
                    self._decode(todo[start : start + self.n_batch])
                except Aborted:
                    raise Aborted(start) from None
            if on_progress is not None:
                on_progress(len(todo), len(todo))
        finally:
            llama_cpp.llama_set_abort_callback(self.ctx.ctx, self._no_cb, None)
            self._should_abort = _NEVER
        return reuse, len(todo)

    def _shift_matching_chunks(self, tokens: Sequence[int], n_past: int) -> int:
        """Move cached runs that reappear later in ``tokens`` next to the prefix; return the new n_past.

        Greedy, left to right, as llama-server does: at each point of the cache, a run matching the prompt
        from ``n_past`` on is kept (the cache between is removed and the run shifted back); otherwise the
        cache pointer moves on by one token. Models whose memory cannot shift (recurrent ones) skip it.
        """
        cache = self.tokens
        if n_past >= len(cache) or n_past >= len(tokens) or self.min_chunk <= 0:
            return n_past
        if not llama_cpp.llama_memory_can_shift(self.ctx.memory):
            return n_past
        head_c = n_past
        shifted = False
        while head_c < len(cache) and n_past < len(tokens):
            n_match = 0
            limit = min(len(cache) - head_c, len(tokens) - n_past)
            while n_match < limit and cache[head_c + n_match] == tokens[n_past + n_match]:
                n_match += 1
            if n_match < self.min_chunk:
                head_c += 1
                continue
            if not llama_cpp.llama_memory_seq_rm(self.ctx.memory, 0, n_past, head_c):
                break
            llama_cpp.llama_memory_seq_add(self.ctx.memory, 0, head_c, head_c + n_match, n_past - head_c)
            cache[n_past : n_past + n_match] = cache[head_c : head_c + n_match]
            n_past += n_match
            head_c += n_match
            shifted = True
        if shifted:
            # Positions n_past.. still hold stale cells (they are removed by the caller's truncate); the
            # bookkeeping must say the cache holds exactly the moved prefix.
            llama_cpp.llama_memory_seq_rm(self.ctx.memory, 0, n_past, -1)
            del cache[n_past:]
            self._logits_valid = False
        return n_past

    def step(self, token: int) -> None:
        """Append one generated token (its logits give the next token)."""
        self._decode([token])

    def _decode(self, chunk: list[int]) -> None:
        self.batch.set_batch(batch=chunk, n_past=len(self.tokens), logits_all=False)
        self._logits_valid = False
        code = llama_cpp.llama_decode(self.ctx.ctx, self.batch.batch)
        if code == DECODE_OK:
            self.tokens.extend(chunk)
            self._logits_valid = True
            return
        self._truncate(len(self.tokens))  # drop whatever part of the batch llama.cpp kept
        if code == DECODE_ABORTED:
            raise Aborted
        if code == DECODE_NO_KV_SLOT:
            raise EngineError(
                "The model's context is full.", "Start a new conversation or lower the reply length."
            )
        raise EngineError(f"llama.cpp failed to evaluate the prompt (llama_decode returned {code}).")

    def _truncate(self, n: int) -> None:
        if not llama_cpp.llama_memory_seq_rm(self.ctx.memory, 0, n, -1):
            llama_cpp.llama_memory_clear(self.ctx.memory, True)  # e.g. recurrent models: no partial removal
            n = 0
        del self.tokens[n:]
        self._logits_valid = False

    def clear(self) -> None:
        self._truncate(0)

    def keep(self, n: int) -> None:
        """Keep only the first ``n`` tokens' KV (the rest of the cache is dropped)."""
        if n < len(self.tokens):
            self._truncate(n)

    def adopt(self, tokens: Sequence[int]) -> None:
        """The cache was filled from a saved state holding exactly ``tokens`` (no logits yet)."""
        self.tokens = list(tokens)
        self._logits_valid = False

    def close(self) -> None:
        self.batch.close()
        self.ctx.close()
