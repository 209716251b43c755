"""Recall by meaning at scale: the query's cost on a diary of N messages (default 100,000).

    python -m tests.bench.semantic [--messages 100000] [--queries 60] [--json]

The index holds N quantized vectors (random unit vectors: the cost of a search does not depend on what they
mean); each query is a real question embedded by the real meaning model, then searched (sign-bit prefilter
and exact rescoring beyond ``EXACT_LIMIT``). Reported: embedding, search and their sum, median and p95, and
the index's size per message (bytes in memory and as stored). The whole ``Recall.find`` at this scale —
words, meaning, neighbours and packing, stage by stage — is ``python -m tests.bench.store --recall``
(``tests.bench.recall_scale``); on real (small) diaries, ``tests.bench.recall`` (``recall_find_ms_*``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from app.core.recall.vectors import VectorIndex, encode
from app.llm.embedding import DEFAULT_EMBEDDER, EMBEDDERS, EmbedderUnavailable, make_embedder

QUESTIONS = [
    "In which town is my sibling based these days?", "Что мне нельзя есть?", "What did the dentist say?",
    "Когда я начала ходить на йогу?", "Which pets have I had?", "Как зовут соседку снизу?",
    "Where did we go for our anniversary?", "Что подарила мне дочь на день рождения?",
]  # fmt: skip


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    description = __doc__.split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m tests.bench.semantic", description=description)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--embedder", default=DEFAULT_EMBEDDER, choices=sorted(EMBEDDERS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        embedder = make_embedder(args.embedder)
        embedder.query("warm up")  # loading the weights is start-up, not a query
    except EmbedderUnavailable as exc:
        raise SystemExit(f"cannot measure: {exc}") from exc
    rng = np.random.default_rng(0)
    index = VectorIndex(embedder.dim, capacity=args.messages)
    started = time.perf_counter()
    blob_bytes = 0
    for start in range(0, args.messages, 10_000):
        block = rng.standard_normal((min(10_000, args.messages - start), embedder.dim)).astype(np.float32)
        block /= np.linalg.norm(block, axis=1, keepdims=True)
        blobs = [encode(v) for v in block]
        blob_bytes += sum(len(b) for b in blobs)
        index.upsert((start + i + 1, b) for i, b in enumerate(blobs))
    load_s = time.perf_counter() - started
    embed_ms: list[float] = []
    search_ms: list[float] = []
    for i in range(args.queries):
        text = QUESTIONS[i % len(QUESTIONS)] + ("" if i < len(QUESTIONS) else f" ({i})")
        t0 = time.perf_counter()
        query = embedder.query(text)
        t1 = time.perf_counter()
        hits = index.search(query, 120)
        t2 = time.perf_counter()
        if len(hits) != 120:
            raise SystemExit(f"the search returned {len(hits)} hits, not 120: nothing measured")
        embed_ms.append((t1 - t0) * 1000)
        search_ms.append((t2 - t1) * 1000)
    total = [a + b for a, b in zip(embed_ms, search_ms, strict=True)]
    result = {
        "messages": args.messages,
        "embedder": embedder.embedder_id,
        "index_build_s": round(load_s, 2),
        "embed_ms_median": round(statistics.median(embed_ms), 2),
        "embed_ms_p95": round(_p95(embed_ms), 2),
        "search_ms_median": round(statistics.median(search_ms), 2),
        "search_ms_p95": round(_p95(search_ms), 2),
        "embed_plus_search_ms_p95": round(_p95(total), 2),
        "stored_bytes_per_message": round(blob_bytes / args.messages, 1),
        "target_ms_p95": 60,
    }
    print(json.dumps(result, indent=None if args.json else 1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
