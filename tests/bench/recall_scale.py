"""Recall's whole query at scale: ``Recall.find`` on a diary of N messages (default 100,000), stage by stage.

    python -m tests.bench.store --recall [--messages 100000] [--budget 3284] [--json]
    python -m tests.bench.recall_scale ...   (the same)

The diary is ``tests.bench.store``'s (diary-like English and Russian entries, one conversation a day over
three years) in the real SQLite store; the semantic index holds one vector per message from the real
embedder's shape (default ``e5+use``), saved in the store and loaded the app's way (``SemanticMemory.load``).
The vectors are random unit vectors — embedding 100,000 entries would take hours, and what a search costs
does not depend on what they mean — while every question is embedded by the real model. Token counts use
a recommended model's tokenizer (Qwen2.5's, as ``tests.bench.recall``).

The questions are diary questions in English and Russian, some naming days ("last Tuesday", "вчера",
"3 октября"), asked on the day after the diary's last one, from that day's conversation. Two passes:

* ``cold``: the store has no recall token counts yet — every entry packed is counted for the first time
  (the first recall of those entries; a Recall with an empty memory);
* ``warm``: the same questions again with a new ``Recall`` (an empty memory, the store's counts kept: what
  the app sees after a restart, and — since the indexer's worker counts entries ahead of recall
  (``Recall.count_ahead``, timed per message as ``count_ahead_ms_per_message``) — once it has caught up);
* ``typed``: as ``warm``, but each question is recalled once, untimed, before it is asked — as the budget
  gauge does while the person types it (``app.core.prompt.next_prompt`` assembles the next prompt, recall
  included, at every pause): the turn then finds its query's vector made (``SemanticMemory.query_vector``)
  and its entries counted. The app's usual turn when the message was typed; ``warm`` is one sent without a
  pause, or pasted.

The questions are embedded in this process unless ``--embedding-process`` is given: then in the meaning
model's own process, as the app does (``app.llm.embedding_process``; a pipe's round trip more per question,
and the child runs at the background's priority, so on a busy machine it waits longer for a core).

Reported for each pass: the whole ``find``'s median and p95, and the median and p95 of every stage (terms,
dates, FTS5, embedding, vector search, fetching, ranking, neighbours, packing and its token counts), each
including the stages under it. ``embed`` (with each model of a pair) and ``search`` run on their own thread
beside ``find``'s lexical stages; ``find/other`` is the time no stage of ``find`` accounts for — mostly the
wait for that thread. Also the index size per
message (bytes as vectors, on disk and in memory). Target: p95 of the whole ``find`` <= 60 ms. A stage that
never ran, an index that was not loaded or a question that recalled nothing stops the run: nothing is
reported that was not measured.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from sqlalchemy import text

from app.core.recall import finder
from app.core.recall.finder import COUNT_AHEAD_BATCH, Recall, RecalledEntry
from app.core.recall.semantic import SemanticMemory, index_id
from app.core.recall.vectors import encode
from app.llm.embedding import DEFAULT_EMBEDDER, EMBEDDERS, EmbedderUnavailable, make_embedder, release
from app.llm.embedding_process import ProcessEmbedder, worker_command
from app.store import Diary
from app.store.db import DB_FILE
from tests.bench.recall_context import DEFAULT_TOKENIZER, TOKENIZERS, load_counting_model
from tests.bench.store import FIRST_DAY, TextMaker, build

TARGET_MS_P95 = 60.0
DIARY_DAYS = 3 * 365  # tests.bench.store spreads the messages over these days
F = TypeVar("F", bound=Callable[..., Any])

QUESTIONS = [
    "What did the dentist say at my appointment?",
    "When did I start going to yoga with my sister?",
    "How was the marathon, and what was my pace on the hill?",
    "What did my brother give me for my birthday?",
    "What did I cook for dinner last Tuesday?",
    "Where did we go on holiday in May?",
    "What was I so anxious about yesterday?",
    "Did I finish the novel I was reading last week?",
    "What did the therapist say about breathing and meditation?",
    "Which concert did I go to with my cousin?",
    "How did the interview for the promotion go?",
    "What did I plant in the garden this spring?",
    "What was the argument with my mother about?",
    "When did my grandmother send me that letter?",
    "What happened on 3 October?",
    "Which podcast episode did I like so much?",
    "How did I sleep after that nightmare?",
    "What did I write in my journal on March 14?",
    "Where did I buy the umbrella and the boots?",
    "What budget did I plan for the rent and the bills?",
    "Who came to the picnic by the lake last weekend?",
    "What was the name of the neighbour's dog?",
    "Что я готовила на ужин в прошлый вторник?",
    "Как прошла прогулка с собакой в парке?",
    "Что мне подарила сестра на день рождения?",
    "Когда мы ездили на море в отпуск?",
    "О чём мы говорили с мамой вчера?",
    "Какую книгу я читала на выходных?",
    "Какой фильм мы смотрели 3 октября?",
    "Почему мне было так грустно зимой?",
    "Что было в мае?",
    "Какие цели я ставила в плане на этот год?",
    "Когда я последний раз пила кофе с другом?",
    "Что случилось на работе на прошлой неделе?",
    "Где мы гуляли в лесу у озера?",
    "Что сказал врач про мой сон?",
]


class StageClock:
    """Inclusive milliseconds of named calls, nested by call: ``find/meaning/fetch`` is the fetch inside
    ``_with_meaning`` inside ``find``. A call on another thread (the query's embedding and vector search,
    which run beside the lexical stages) starts its own path: ``embed``. A ``dict`` of totals per query."""

    def __init__(self) -> None:
        self._local = threading.local()
        self._lock = threading.Lock()
        self.queries: list[dict[str, float]] = []

    def start(self) -> None:
        with self._lock:
            self.queries.append({})

    def wrap(self, name: str, fn: F) -> F:
        def timed(*args: Any, **kwargs: Any) -> Any:
            stack: list[str] = self._local.__dict__.setdefault("stack", [])
            path = "/".join([*stack, name])
            stack.append(name)
            began = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent = (time.perf_counter() - began) * 1000
                stack.pop()
                with self._lock:
                    if self.queries:
                        current = self.queries[-1]
                        current[path] = current.get(path, 0.0) + spent

        return timed  # type: ignore[return-value]


# Every stage a query with meaning passes through, and must have been timed in at least one query (the
# embedding and the vector search are ``embed`` and ``search`` on their own thread, or under ``find`` where
# they run in line). The stored token counts are read for the length prior's window (``find/stored_counts``);
# packing reads more only when it passes that window before the budget is full, which few questions do.
REQUIRED_STAGES = (
    "find", "find/query_terms", "find/term_counts", "find/dates", "find/fts", "find/fts/ranked_messages",
    "find/fts/messages_on_days", "embed", "search", "find/meaning",
    "find/meaning/fetch", "find/meaning/similarity", "find/rank", "find/neighbours",
    "find/neighbours/fetch", "find/sequels", "find/stored_counts", "find/pack",
)  # fmt: skip


@contextmanager
def instrumented(
    recall: Recall, diary: Diary, memory: SemanticMemory, model: Any, clock: StageClock
) -> Iterator[None]:
    """Time ``recall``'s stages by wrapping what it calls (instance attributes, and the finder module's
    functions for the duration): the code measured is the app's own, unchanged."""
    saved = {
        name: getattr(finder, name)
        for name in ("query_terms", "date_spans", "rank_candidates", "with_neighbours")
    }
    names = {
        "query_terms": "query_terms",
        "date_spans": "dates",
        "rank_candidates": "rank",
        "with_neighbours": "neighbours",
    }
    try:
        for name, stage in names.items():
            setattr(finder, name, clock.wrap(stage, saved[name]))
        for obj, attr, stage in (
            (recall, "find", "find"),
            (recall, "_affordable", "term_counts"),
            (recall, "_candidates", "fts"),
            (recall, "_with_meaning", "meaning"),
            (recall, "_with_sequels", "sequels"),
            (recall, "_pack", "pack"),
            (diary, "ranked_messages", "ranked_messages"),
            (diary, "messages_on_days", "messages_on_days"),
            (diary, "messages_by_id", "fetch"),
            (diary, "token_counts", "stored_counts"),
            (diary, "set_token_count", "store_counts"),
            (diary, "set_token_counts", "store_counts"),
            (memory, "query_vector", "embed"),
            (memory, "hits", "search"),
            (memory, "similarity", "similarity"),
            (model, "count_tokens", "count"),
            *_pair_parts(memory.embedder),
        ):
            if hasattr(obj, attr):
                setattr(obj, attr, clock.wrap(stage, getattr(obj, attr)))
        yield
    finally:
        for name, fn in saved.items():
            setattr(finder, name, fn)


def _pair_parts(embedder: Any) -> list[tuple[Any, str, str]]:
    """The two models of a pair embedder (``embed/e5-small-q4``, ``embed/use-m3``), each timed on its own."""
    parts = [getattr(embedder, "first", None), getattr(embedder, "second", None)]
    return [(part, "query", part.embedder_id.split(":")[0]) for part in parts if part is not None]


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def stage_figures(queries: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    """Median and p95 of each stage over the queries (0 where a query did not pass through it), and
    ``find/other``: the whole find minus its direct stages."""
    rows = [dict(q) for q in queries]
    for row in rows:
        direct = [v for k, v in row.items() if k.startswith("find/") and k.count("/") == 1]
        row["find/other"] = row["find"] - sum(direct)
    stages = sorted({k for row in rows for k in row})
    figures = {}
    for stage in stages:
        values = [row.get(stage, 0.0) for row in rows]
        figures[stage] = {
            "p50": round(statistics.median(values), 2),
            "p95": round(_p(values, 0.95), 2),
            "queries": sum(1 for row in rows if stage in row),
        }
    return figures


def save_random_vectors(diary: Diary, embedder_id: str, dim: int, seed: int) -> None:
    """One random unit vector per message, saved as the indexer saves them (``encode``'s bytes)."""
    rng = np.random.default_rng(seed)
    with diary.engine.connect() as conn:
        ids = [int(r[0]) for r in conn.execute(text("SELECT id FROM message ORDER BY id"))]
    for start in range(0, len(ids), 10_000):
        chunk = ids[start : start + 10_000]
        block = rng.standard_normal((len(chunk), dim)).astype(np.float32)
        block /= np.linalg.norm(block, axis=1, keepdims=True)
        rows = [(i, embedder_id, encode(v)) for i, v in zip(chunk, block, strict=True)]
        with diary.engine.begin() as conn:
            conn.exec_driver_sql(
                "INSERT INTO message_vector(message_id, embedder, vector) VALUES (?, ?, ?)", rows
            )


def build_diary(data_dir: Path, messages: int, embedder: Any, seed: int) -> dict[str, Any]:
    """A diary of ``messages`` messages in ``data_dir``, a vector for each; the figures of building it."""
    diary = Diary.open(data_dir)
    try:
        build_s = build(diary, TextMaker(random.Random(seed)), messages, FIRST_DAY)
        diary.purge()
        text_bytes = diary.path.stat().st_size
        save_random_vectors(diary, index_id(embedder), embedder.dim, seed)  # as the indexer saves them
        diary.purge()
        rows, vector_bytes = diary.vector_bytes()
        if rows != messages:
            raise SystemExit(f"not measured: {rows} vectors saved for {messages} messages")
        return {
            "messages": messages,
            "seed": seed,
            "embedder": index_id(embedder),
            "build_s": round(build_s, 1),
            "vector_bytes": vector_bytes,
            "vector_file_bytes": diary.path.stat().st_size - text_bytes,
        }
    finally:
        diary.close()


def prepared_diary(
    data_dir: Path, messages: int, embedder: Any, seed: int, reuse: Path | None
) -> dict[str, Any]:
    """Build the diary in ``data_dir``; with ``reuse``, build it there once and copy it (a rerun while
    profiling skips the minutes of building; every run still measures a fresh copy)."""
    if reuse is None:
        return build_diary(data_dir, messages, embedder, seed)
    made = reuse / "built.json"
    built = json.loads(made.read_text()) if made.is_file() else None
    wanted = {"messages": messages, "seed": seed, "embedder": index_id(embedder)}
    if built is None or any(built.get(k) != v for k, v in wanted.items()):
        shutil.rmtree(reuse, ignore_errors=True)
        reuse.mkdir(parents=True)
        built = build_diary(reuse, messages, embedder, seed)
        made.write_text(json.dumps(built))
    shutil.copy2(reuse / DB_FILE, data_dir / DB_FILE)
    return built


def run(
    messages: int,
    budget: int,
    embedder_name: str,
    tokenizer: str,
    seed: int,
    reuse: Path | None = None,
    process: bool = False,
) -> dict[str, Any]:
    """``process``: embed the questions in the meaning model's own process, as the app does
    (``app.llm.embedding_process``: a pipe's round trip more, and the child's lower priority)."""
    embedder: Any = None
    try:
        embedder = make_embedder(embedder_name)
        if process:
            embedder = ProcessEmbedder(embedder, worker_command(embedder_name))
        embedder.query("warm up")  # loading the weights is start-up, not a query
        return _run(messages, budget, embedder, tokenizer, seed, reuse) | {"embedding_process": process}
    except EmbedderUnavailable as exc:
        raise SystemExit(f"not measured: {exc}") from exc
    finally:
        if embedder is not None:
            release(embedder)


def _run(
    messages: int, budget: int, embedder: Any, tokenizer: str, seed: int, reuse: Path | None
) -> dict[str, Any]:
    model = load_counting_model(tokenizer)
    today = FIRST_DAY + timedelta(days=DIARY_DAYS)
    with tempfile.TemporaryDirectory(prefix="hearth-bench-") as tmp:
        built = prepared_diary(Path(tmp), messages, embedder, seed, reuse)
        diary = Diary.open(Path(tmp))
        try:
            conversation = diary.conversation_for_day(today).id or 0
            tail = [
                diary.add_message(conversation, "user", "Morning. Coffee on the balcony, then work.").id or 0,
                diary.add_message(conversation, "assistant", "Sounds calm. What is on your mind?").id or 0,
            ]
            memory = SemanticMemory(diary, embedder)
            began = time.perf_counter()
            memory.load()
            load_s = time.perf_counter() - began
            if not memory.ready or memory.message_count != messages:
                raise SystemExit("not measured: the semantic index did not load every vector")
            while memory.index_step():  # as the app's indexer: today's turns, then the kinds' vectors
                pass
            memory_bytes = memory.nbytes
            passes: dict[str, Any] = {}
            load_average = [round(os.getloadavg()[0], 2)]
            for name in ("cold", "warm", "typed"):
                recall = Recall(diary, model, memory)
                recall.find(
                    "warm up the connection pool",
                    budget,
                    conversation_id=conversation,
                    exclude_message_ids=set(tail),
                    today=today,
                )
                clock = StageClock()
                with instrumented(recall, diary, memory, model, clock):
                    entries = _measured(
                        clock, recall, budget, conversation, set(tail), today, typed=name == "typed"
                    )
                    _unwrap(diary, memory, model, *(obj for obj, _, _ in _pair_parts(embedder)))
                passes[name] = _pass_figures(clock, entries, budget)
            load_average.append(round(os.getloadavg()[0], 2))
            ahead_ms = _count_ahead_ms(Recall(diary, model, memory))
            timed = set(passes["cold"]["stages"])
            missing = [s for s in REQUIRED_STAGES if not any(t == s or t.endswith("/" + s) for t in timed)]
            if missing:
                raise SystemExit(f"not measured: these stages never ran: {', '.join(missing)}")
        finally:
            diary.close()
    return {
        "messages": messages,
        "embedder": embedder.embedder_id,
        "tokenizer": getattr(model, "tokenizer_id", type(model).__name__),
        "budget": budget,
        "questions": len(QUESTIONS),
        "build_s": built["build_s"],
        "index_load_s": round(load_s, 2),
        "find_ms_p95_cold": passes["cold"]["find_ms_p95"],
        "find_ms_p95_warm": passes["warm"]["find_ms_p95"],
        "find_ms_p95_typed": passes["typed"]["find_ms_p95"],
        "target_ms_p95": TARGET_MS_P95,
        "index_bytes_per_message": {
            "vector": round(built["vector_bytes"] / messages, 1),
            "file": round(built["vector_file_bytes"] / messages, 1),
            "memory": round(memory_bytes / messages, 1),
        },
        "count_ahead_ms_per_message": ahead_ms,  # the indexer's background counting (Recall.count_ahead)
        "load_average": load_average,  # before the passes, after them
        **passes,
    }


def _count_ahead_ms(recall: Recall, batches: int = 8) -> float:
    """What counting entries ahead of recall costs the indexer's worker, per message (a few batches)."""
    began = time.perf_counter()
    done = 0
    for _ in range(batches):
        counted = recall.count_ahead(COUNT_AHEAD_BATCH)
        done += counted
        if counted < COUNT_AHEAD_BATCH:
            break
    if done == 0:
        raise SystemExit("not measured: nothing was left to count ahead")
    return round((time.perf_counter() - began) * 1000 / done, 3)


def _measured(
    clock: StageClock,
    recall: Recall,
    budget: int,
    conversation: int,
    exclude: set[int],
    today: date,
    *,
    typed: bool = False,
) -> list[list[RecalledEntry]]:
    found = []
    for question in QUESTIONS:
        if typed:  # the budget gauge's recall of the finished draft: not the turn's, not timed
            clock.start()
            recall.find(
                question, budget, conversation_id=conversation, exclude_message_ids=exclude, today=today
            )
            clock.queries.pop()
        clock.start()
        entries = recall.find(
            question, budget, conversation_id=conversation, exclude_message_ids=exclude, today=today
        )
        if not entries:
            raise SystemExit(f"not measured: recall found nothing for {question!r}")
        found.append(entries)
    return found


def _unwrap(*objects: Any) -> None:
    """Drop the instance wrappers (the class's methods show through again)."""
    for obj in objects:
        for attr in [a for a in vars(obj) if a in _WRAPPED]:
            delattr(obj, attr)


_WRAPPED = {
    "ranked_messages", "messages_on_days", "messages_by_id", "token_counts", "set_token_count",
    "set_token_counts", "query_vector", "hits", "similarity", "count_tokens", "query",
}  # fmt: skip


def _pass_figures(clock: StageClock, entries: list[list[RecalledEntry]], budget: int) -> dict[str, Any]:
    stages = stage_figures(clock.queries)
    used = [sum(e.tokens for e in found) for found in entries]
    return {
        "find_ms_p50": stages["find"]["p50"],
        "find_ms_p95": stages["find"]["p95"],
        "entries_mean": round(statistics.mean(len(found) for found in entries), 1),
        "budget_used_mean": round(statistics.mean(used) / budget, 3),
        "stages": stages,
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--budget", type=int, default=3284, help="recall's token budget")
    parser.add_argument("--embedder", default=DEFAULT_EMBEDDER, choices=sorted(EMBEDDERS))
    parser.add_argument("--tokenizer", default=DEFAULT_TOKENIZER, choices=TOKENIZERS)
    parser.add_argument(
        "--reuse",
        type=Path,
        metavar="DIR",
        help="build the diary in DIR once and measure a fresh copy of it on every run (for profiling)",
    )
    parser.add_argument(
        "--embedding-process", action="store_true",
        help="embed the questions in the meaning model's own process, as the app does",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.bench.recall_scale", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="one line of JSON")
    add_arguments(parser)
    args = parser.parse_args(argv)
    result = run(
        args.messages, args.budget, args.embedder, args.tokenizer, args.seed, args.reuse,
        args.embedding_process,
    )
    print(json.dumps(result, ensure_ascii=False, indent=None if args.json else 1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
