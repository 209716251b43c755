"""Which background work keeps Python's lock from the window? ``python -m tests.bench.gil --json``

A thread standing in for the UI thread sleeps 1 ms at a time and records how late it wakes, while another
thread runs one suspect at a time (the embedders loading and embedding, the vector index, the tiny model). The
embedders run as the app runs them, in a child process; ``--in-process`` runs them in this one. Waking needs
Python's lock (the GIL): a worker running Python gives it up within the switch interval (the app's 1 ms,
``app.ui.application.UI_SWITCH_INTERVAL_S``; ``--switch-ms``), but a C call that does not release it keeps it
for the whole call, and the window then cannot run a slot, a paint or a timer for that long.

Each row: the suspect, how long one call took (median), and the ticker's ``max_gap_ms`` (how much later than
1 ms it woke, worst), ``p99_gap_ms`` and ``max_blocked_ms`` — the worst gap less the ticker's own CPU and its
run-queue wait (``/proc/thread-self/schedstat``): the time it slept though it was due, i.e. waited for the
lock. Run it on an idle machine (see ``tests.bench.ui`` for the autogroup trick); ``--only`` picks suspects.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

TICK_S = 0.001
SWITCH_MS = 1.0  # the app's (app.ui.application.UI_SWITCH_INTERVAL_S, not imported: no Qt here)
PASSAGES = [
    f"Entry {n}: the morning was grey, I walked to the market, bought apples and talked with the baker "
    "about the weather and his new oven, then read for an hour. Моя сестра Анна приезжала в гости."
    for n in range(16)
]
QUERY = "What did the baker say about his oven?"


def _schedstat() -> tuple[float, float]:
    """This thread's CPU and run-queue wait in ms (Linux; zeros elsewhere)."""
    try:
        with open("/proc/thread-self/schedstat", "rb", buffering=0) as f:
            fields = f.read().split()
    except OSError:
        return 0.0, 0.0
    return int(fields[0]) / 1e6, int(fields[1]) / 1e6


class Ticker:
    """A thread that wakes every ``TICK_S`` and records how late (and why) each wake-up was."""

    def __init__(self) -> None:
        self.gaps: list[float] = []
        self.blocked: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ticker", daemon=True)

    def __enter__(self) -> Ticker:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        last = time.perf_counter()
        last_cpu, last_runq = _schedstat()
        while not self._stop.is_set():
            time.sleep(TICK_S)
            now = time.perf_counter()
            cpu, runq = _schedstat()
            gap = max(0.0, (now - last - TICK_S) * 1000)
            self.gaps.append(gap)
            self.blocked.append(max(0.0, gap - (cpu - last_cpu) - (runq - last_runq)))
            last, last_cpu, last_runq = now, cpu, runq


def measure(name: str, work: Callable[[], object], repeat: int) -> dict[str, Any]:
    """Run ``work`` ``repeat`` times on a worker thread while a ticker runs."""
    durations: list[float] = []

    def worker() -> None:
        for _ in range(repeat):
            started = time.perf_counter()
            work()
            durations.append((time.perf_counter() - started) * 1000)

    with Ticker() as ticker:
        thread = threading.Thread(target=worker, name=f"suspect-{name}")
        thread.start()
        thread.join()
    gaps = sorted(ticker.gaps) or [0.0]
    return {
        "suspect": name,
        "calls": repeat,
        "call_ms": round(statistics.median(durations), 1),
        "max_gap_ms": round(gaps[-1], 1),
        "p99_gap_ms": round(gaps[int(0.99 * (len(gaps) - 1))], 1),
        "max_blocked_ms": round(max(ticker.blocked, default=0.0), 1),
    }


def suspects(in_child: bool) -> dict[str, tuple[Callable[[], Callable[[], object]], int]]:
    """name -> (a set-up run before measuring that returns the work, repetitions). ``in_child``: the
    embedders as the app runs them, in a child process (``app.llm.embedding_process``)."""
    from app.llm.embedding import make_embedder
    from app.llm.embedding_process import ProcessEmbedder, worker_command

    made: dict[str, Any] = {}

    def fresh(kind: str) -> Any:
        local = make_embedder(kind)
        return ProcessEmbedder(local, worker_command(kind)) if in_child else local

    def loaded(kind: str) -> Any:
        if kind not in made:
            made[kind] = fresh(kind)
            made[kind].passages(["warm"])
        return made[kind]

    def calling(method: Callable[[Any], object], argument: Any) -> Callable[[], object]:
        return lambda: method(argument)

    def vector_search() -> Callable[[], object]:
        import numpy as np

        from app.core.recall.vectors import VectorIndex, encode

        rng = np.random.default_rng(1)
        index = VectorIndex(896)
        rows = rng.standard_normal((5000, 896)).astype(np.float32)
        rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        index.upsert((n, encode(row)) for n, row in enumerate(rows))
        return lambda: index.search(rows[0], 60)

    def tiny_reply() -> Callable[[], object]:
        from llama_cpp import Llama

        from app.llm.tiny import tiny_model_path

        llm = Llama(str(tiny_model_path()), n_ctx=512, n_threads=1, verbose=False)
        return lambda: llm.create_completion("The baker said", max_tokens=16)

    return {
        "e5_load": (lambda: (lambda: fresh("e5").passages(["warm"])), 2),
        "e5_passages16": (lambda: calling(loaded("e5").passages, PASSAGES), 5),
        "e5_query": (lambda: calling(loaded("e5").query, QUERY), 20),
        "use_load": (lambda: (lambda: fresh("use").passages(["warm"])), 2),
        "use_passages16": (lambda: calling(loaded("use").passages, PASSAGES), 10),
        "use_query": (lambda: calling(loaded("use").query, QUERY), 20),
        "pair_passages16": (lambda: calling(loaded("e5+use").passages, PASSAGES), 5),
        "pair_query": (lambda: calling(loaded("e5+use").query, QUERY), 20),
        "vector_search_5k": (vector_search, 20),
        "tiny_model_16_tokens": (tiny_reply, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--only", nargs="*", help="the suspects to run (default: all)")
    parser.add_argument("--switch-ms", type=float, default=SWITCH_MS, help="Python's switch interval")
    parser.add_argument("--in-process", action="store_true",
                        help="the embedders in this process (as before they moved to a child process)")
    args = parser.parse_args(argv)
    sys.setswitchinterval(args.switch_ms / 1000)
    table = suspects(in_child=not args.in_process)
    rows = []
    for name, (prepare, repeat) in table.items():
        if args.only and name not in args.only:
            continue
        rows.append(measure(name, prepare(), repeat))
        if not args.json:
            print(json.dumps(rows[-1]), flush=True)
    with Ticker() as idle:
        time.sleep(0.5)
    result = {"embedders": "in this process" if args.in_process else "in a child process",
              "switch_ms": args.switch_ms,
              "idle_max_gap_ms": round(max(idle.gaps, default=0.0), 1), "suspects": rows,
              "load_average": [round(x, 2) for x in os.getloadavg()]}
    if args.json:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
