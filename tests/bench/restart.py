"""Restart benchmark: a ~2,500-token conversation, close, reopen, send — with and without the kept cache.

    python -m tests.bench.restart [--json] [--prompt-tokens 2500] [--model PATH]

A fresh diary gets earlier days (for recall) and today's conversation written straight into the store until
the next prompt holds about ``--prompt-tokens`` tokens (no fold due). Hearth opens on the tiny model and the
app's meaning model (recall by meaning on, as in the app), warms up, answers one message and closes as the app
does: the meaning model stops and the chat's cache is kept in the data dir. Then it opens again and the person
writes at once — before any warm-up could run — and the first reply's cost is measured; once with the kept
cache, once on a copy of the diary made at the close without the cache (the same prompt; what every restart
cost before). ``--model PATH`` runs it on another GGUF than the tiny model (e.g. the synthetic 3B of
``tests.bench.synthetic_model``). A turn that failed or was not measured stops the run (exit status 1).

Reported: ``evaluated_tokens`` and ``new_tokens`` (the new last turn: note, message, template) of that first
turn, ``state_bytes``, ``save_ms``, ``load_ms``, ``evaluated_tokens_without_state``, ``prompt_tokens``
(and ``prompt_tokens_without_state``, the same), the target (evaluated <= new + 64) and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from app.config import CHAT_STATE_FILE, Settings
from app.core.companion import Companion
from app.core.events import Event
from app.llm.embedding import default_embedder
from app.llm.types import Completion
from app.store import Diary
from tests.bench.pipeline import RecordingModel, diary_line, load_engine, measured_stats, seed_history

TODAY = date(2026, 3, 2)


def fill_conversation(diary: Diary, companion: Companion, target: int, rng: random.Random) -> int:
    """Write exchanges into today's conversation until the next prompt holds ``target`` tokens."""
    conversation = diary.conversation_for_day(TODAY)
    moment = datetime.combine(TODAY, datetime.min.time()) + timedelta(hours=8)
    while True:
        prompt = companion.context.assemble(conversation.id, "", today=TODAY)
        if prompt.total_tokens >= target or prompt.needs_fold:
            return prompt.total_tokens
        moment += timedelta(minutes=5)
        diary.add_message(conversation.id, "user", diary_line(rng), created_at=moment)
        reply = f"I hear you. What would make tomorrow easier, with {diary_line(rng).lower()}"
        diary.add_message(conversation.id, "assistant", reply, created_at=moment + timedelta(minutes=1))


def open_companion(
    diary: Diary, clock: dict[str, datetime], model_path: Path | None
) -> tuple[Companion, RecordingModel]:
    """Hearth as the app opens it: the model (default: the tiny one) and the app's meaning model (recall by
    meaning on)."""
    model = RecordingModel(load_engine(None, model_path=model_path))
    companion = Companion(
        diary, model, Settings(reply_length="short"), clock=lambda: clock["now"], embedder=default_embedder()
    )
    return companion, model


def first_turn(
    data_dir: Path, clock: dict[str, datetime], text: str, model_path: Path | None
) -> dict[str, Any]:
    """Open Hearth on ``data_dir``, send ``text`` at once, wait for the reply; its stats and the new turn's
    tokens. The diary is closed again afterwards."""
    diary = Diary.open(data_dir)
    companion, model = open_companion(diary, clock, model_path)
    events: list[Event] = []
    companion.subscribe(events.append)
    try:
        companion.send(text)
        if not companion.wait_idle(timeout=1800):
            raise SystemExit("the first turn after the restart did not finish in 30 minutes")
        stats = measured_stats(events, 1)
        return {**stats, "new_tokens": model.new_tokens(model.chat_requests[-1])}
    finally:
        companion.close(keep_cache_s=0)
        model.close()
        diary.close()


def run(prompt_target: int, model_path: Path | None = None) -> dict[str, Any]:
    rng = random.Random(11)
    clock = {"now": datetime.combine(TODAY, datetime.min.time()) + timedelta(hours=19)}
    with tempfile.TemporaryDirectory() as tmp:
        data_dir, twin_dir = Path(tmp) / "diary", Path(tmp) / "twin"
        diary = Diary.open(data_dir)
        try:
            seed_history(diary, TODAY, 20, rng)
            prompt_tokens, kept = session_before_restart(diary, clock, prompt_target, rng, model_path)
        finally:
            diary.close()
        if kept is None or kept.stats.state_tokens == 0:
            raise SystemExit("the chat's cache was not kept at close")
        state_bytes = (data_dir / CHAT_STATE_FILE).stat().st_size
        # The same diary without the kept cache, copied before the restart: the turn with the cache may
        # fold or note facts afterwards, and the turn without it must read exactly the same prompt.
        shutil.copytree(data_dir, twin_dir, ignore=shutil.ignore_patterns(CHAT_STATE_FILE + "*"))
        clock["now"] += timedelta(minutes=10)
        text = diary_line(rng)
        with_state = first_turn(data_dir, clock, text, model_path)
        without_state = first_turn(twin_dir, clock, text, model_path)
    return {
        "prompt_tokens_before_restart": prompt_tokens,
        "prompt_tokens": with_state["prompt_tokens"],
        "prompt_tokens_without_state": without_state["prompt_tokens"],
        "evaluated_tokens": with_state["evaluated_tokens"],
        "new_tokens": with_state["new_tokens"],
        "restored_tokens": with_state.get("state_tokens", 0),
        "state_tokens": kept.stats.state_tokens,
        "state_bytes": state_bytes,
        "state_bytes_per_token": round(state_bytes / max(1, kept.stats.state_tokens), 1),
        "save_ms": round(kept.stats.state_ms, 1),
        "load_ms": round(with_state.get("state_ms", 0.0), 1),
        "ttft_s": round(with_state["ttft_s"], 3),
        "evaluated_tokens_without_state": without_state["evaluated_tokens"],
        "ttft_s_without_state": round(without_state["ttft_s"], 3),
        "target_evaluated<=new+64": with_state["evaluated_tokens"] <= with_state["new_tokens"] + 64,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def session_before_restart(
    diary: Diary, clock: dict[str, datetime], prompt_target: int, rng: random.Random, model_path: Path | None
) -> tuple[int, Completion | None]:
    """Hearth's last session before the restart: fill today, warm up, answer one message, keep the cache
    as the close does. Returns the prompt size reached and the kept cache's completion (None: not kept)."""
    companion, model = open_companion(diary, clock, model_path)
    try:
        prompt_tokens = fill_conversation(diary, companion, prompt_target, rng)
        companion.warm_up()
        if not companion.wait_idle(timeout=1800):
            raise SystemExit("the warm-up did not finish in 30 minutes")
        companion.send(diary_line(rng))
        if not companion.wait_idle(timeout=1800):
            raise SystemExit("the turn before closing did not finish in 30 minutes")
        warm_ups = len(model.warm_ups)
        companion.close(keep_cache_s=600)  # as the app closes: the meaning model stops, the cache is kept
        return prompt_tokens, model.warm_ups[-1].result() if len(model.warm_ups) > warm_ups else None
    finally:
        companion.close(keep_cache_s=0)
        model.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.restart", description=__doc__.split("\n")[0])
    parser.add_argument("--prompt-tokens", type=int, default=2500)
    parser.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    parser.add_argument("--model", metavar="PATH", type=Path, help="a GGUF instead of the bundled tiny model")
    args = parser.parse_args(argv)
    result = run(args.prompt_tokens, args.model)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0 if result["target_evaluated<=new+64"] else 1


if __name__ == "__main__":
    sys.exit(main())
