"""The naive baseline of the pipeline benchmark: the same turns as a plain llama-cpp-python chat.

What a simple local chat app does: one ``Llama`` object, the whole conversation sent to
``Llama.create_chat_completion`` every turn (llama-cpp-python's own prefix matching reuses what it can), the
oldest turns dropped when the context is full, and the app's background prompts (fact extraction, summaries
— here exactly the ones Hearth ran after that turn) run on the same context between turns (their prompts
evaluated, answered with one token: see ``BACKGROUND_MAX_TOKENS``). Evaluated prompt tokens come from
llama.cpp's own counter (``n_p_eval``), not from a guess.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import llama_cpp

from app.llm.types import ChatMessage, GenerationRequest

# A background prompt's evaluation is what takes the chat's cache (its system message differs at once); its
# answer changes nothing the next chat turn evaluates, and generating it (fact JSON, a summary) took most of
# the baseline's time on a loaded 2-core machine. So each is evaluated and answered with one token.
BACKGROUND_MAX_TOKENS = 1
TEMPLATE_OVERHEAD = 5  # "<|im_start|>role\n … <|im_end|>\n" around each message (ChatML; for fitting only)


@dataclass
class BaselineTurn:
    text: str  # the person's message
    background: list[GenerationRequest] = field(default_factory=list)  # what Hearth ran after it


class BaselineFailed(SystemExit):
    """A baseline turn failed or was not measured: the run fails instead of reporting a made-up figure."""


def run_baseline(
    model_path: str,
    system: str,
    turns: Sequence[BaselineTurn],
    *,
    n_ctx: int,
    max_tokens: int,
    say: Callable[[str], None],
) -> list[dict[str, Any]]:
    """One row per turn: prompt, evaluated and new tokens of the chat call (background calls apart)."""
    llm = llama_cpp.Llama(
        model_path=model_path, n_ctx=n_ctx, n_batch=256, verbose=False, seed=4, logits_all=False
    )
    history: list[ChatMessage] = [{"role": "system", "content": system}]
    rows: list[dict[str, Any]] = []
    try:
        for number, turn in enumerate(turns, 1):
            history.append({"role": "user", "content": turn.text})
            _fit(llm, history, n_ctx - max_tokens)
            before = _evaluated(llm)
            try:
                out: Any = llm.create_chat_completion(
                    messages=list(history), max_tokens=max_tokens, temperature=0.7, seed=4 + number
                )
            except Exception as exc:  # noqa: BLE001 - reported as a failed turn
                raise BaselineFailed(f"baseline turn {number} failed: {type(exc).__name__}: {exc}") from exc
            evaluated = _evaluated(llm) - before
            prompt = int(out["usage"]["prompt_tokens"])
            reply = str(out["choices"][0]["message"]["content"] or "").strip() or "…"
            new = prompt - _chat_tokens(llm, history[:-1])
            history.append({"role": "assistant", "content": reply})
            if prompt <= 0 or evaluated <= 0:
                raise BaselineFailed(f"baseline turn {number}: llama.cpp reported no prompt evaluation")
            rows.append({"turn": number, "prompt_tokens": prompt, "evaluated_tokens": evaluated,
                         "new_tokens": new, "background_calls": len(turn.background)})
            for request in turn.background:  # on the same context, as a simple app does
                llm.create_chat_completion(
                    messages=list(request.messages), max_tokens=BACKGROUND_MAX_TOKENS,
                    temperature=request.temperature, seed=request.seed,
                )
            say(f"baseline turn {number:2d}: prompt {prompt:5d}  evaluated {evaluated:5d}")
    finally:
        llm.close()
    return rows


def summarize_baseline(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The same keys as Hearth's figures, over the same warm turns (all but the first)."""
    warm = list(rows[1:])
    fractions = sorted(r["evaluated_tokens"] / max(1, r["prompt_tokens"]) for r in warm)
    return {
        "turns": len(rows),
        "evaluated_fraction_median": round(statistics.median(fractions), 4),
        "evaluated_fraction_p90": round(fractions[int(0.9 * (len(fractions) - 1))], 4),
        "evaluated_tokens_median": statistics.median(r["evaluated_tokens"] for r in warm),
        "new_tokens_median": statistics.median(r["new_tokens"] for r in warm),
        "evaluated_tokens_total": sum(r["evaluated_tokens"] for r in rows),
        "per_turn": list(rows),
    }


def _evaluated(llm: llama_cpp.Llama) -> int:
    """Prompt tokens llama.cpp has evaluated in this context so far (its own counter)."""
    return int(llama_cpp.llama_perf_context(llm._ctx.ctx).n_p_eval)


def _chat_tokens(llm: llama_cpp.Llama, history: Sequence[ChatMessage]) -> int:
    """Tokens of ``history`` as the chat holds it (no generation prompt), from the template's text."""
    text = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in history)
    return len(llm.tokenize(text.encode(), add_bos=False, special=True))


def _fit(llm: llama_cpp.Llama, history: list[ChatMessage], limit: int) -> None:
    """Drop the oldest exchanges (never the system message or the new message) until the prompt fits."""
    while len(history) > 2 and _chat_tokens(llm, history) + 3 > limit:
        del history[1]
