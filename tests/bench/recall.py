"""Recall benchmark on LoCoMo-format conversations: how much of each question's evidence reaches the prompt.

    python -m tests.bench.recall --budget 3284 FILE.json... [--json]

For each file: speaker_a is the diary owner (role user), speaker_b the companion (role assistant); every
``session_N`` is one conversation on the day of ``session_N_date_time``. All sessions go into a fresh
store (the real ``Diary`` in a temp dir). Then every QA except category 5 (adversarial, nothing to find)
is sent as the new message in the latest conversation; the context is assembled with ``--budget`` tokens
for everything but the instructions and the reply reserve, and an evidence turn (``dia_id``) counts when
its whole text is in that context. Token counts use the first recommended model's tokenizer (Qwen2.5-3B,
vocabulary only, ``tests/data/vocab``): the budget is a 3B model's 4,096-token window, the one Hearth is
built for. ``--tokenizer tiny`` counts with the bundled tiny model's instead, which spends about twice the
tokens on Russian (report half: RU 0.709 with it against 0.825 with Qwen2.5's, EN 0.866 against 0.894).

``--facts observation`` also saves LoCoMo's observations (GPT-made facts with their source turns) as the
diary's facts before it is indexed, so recall's fact-augmented keys (a fact near the question leads to the
message it came from, ``SemanticMemory.hits``) are exercised; the facts go into the prompt's facts block
too, as in the app. They stand in for the facts the app's own model would extract: a 3B model finds fewer
and vaguer ones than GPT, so the figure with them is an **upper bound** of this path, not the target figure
(``tests.bench.recall_facts``: whose facts, the app's limit of live facts, odd entries). A file without
observations (the held-out sets) runs without facts: ``"facts": 0`` in the output says how many were used.

``--facts who`` plays the memory panel's "Who is Витя?" instead: the app's own detector asks about the names
the entries use most, and the diarist answers the first three as ``--who-answers`` says (``tests/data/
who_answers.json``, written for the tune half by a reader of its diaries, not of their questions) with a fact
of kind person ("Tom is my fiancé", "Дима — парень"), or "Not now". It measures what answering gives recall:
the facts name the relations questions ask about, and they take their place in the prompt. ``who`` in the
output counts the questions asked, answered, said "Not now" to, and asked about names the answers lack.

Reported: ``overall`` (mean fraction of evidence present), ``all_evidence`` (fraction of questions with
all their evidence present), ``by_category``, ``by_file``, ``facts``, ``questions`` and recall timings.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from app.core.recall.dates import date_spans
from app.core.recall.semantic import SemanticMemory
from app.llm.embedding import (
    DEFAULT_EMBEDDER,
    EMBEDDERS,
    EmbedderUnavailable,
    PairEmbedder,
    make_embedder,
)
from app.store import Diary
from tests.bench.embed_cache import CachedEmbedder
from tests.bench.locomo_ids import evidence_ids
from tests.bench.recall_context import (
    DEFAULT_TOKENIZER,
    TOKENIZERS,
    Assembler,
    core_assembler,
    load_counting_model,
)
from tests.bench.recall_facts import (
    SPEAKERS,
    FactCounts,
    FactOptions,
    WhoAnswers,
    WhoCounts,
    answer_who,
    save_facts,
)

# What the diarists of the tune half would answer to the memory panel's "Who is …?" (``--facts who``).
WHO_ANSWERS = Path(__file__).resolve().parents[1] / "data" / "who_answers.json"
_CLOCK = re.compile(r"\b(?P<h>\d{1,2}):(?P<m>\d{2})\s*(?P<ampm>[ap]\.?m\.?)?", re.IGNORECASE)


def parse_session_time(text: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` → datetime; also ``"May 8, 2023"``, ``"8 мая 2023, 13:56"``,
    ``"08.05.2023"`` and ISO — the day is read by the app's own date reader (``app.core.recall.dates``)."""
    text = text.strip()
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        pass
    days = [span for span in date_spans(text) if span.precision == "day"]
    if not days:
        raise ValueError(f"unreadable session date {text!r}: expected e.g. '1:56 pm on 8 May, 2023'")
    hour, minute = 12, 0
    if clock := _CLOCK.search(text):
        hour, minute = int(clock.group("h")), int(clock.group("m"))
        ampm = (clock.group("ampm") or "").lower()
        if ampm.startswith("p") and hour < 12:
            hour += 12
        elif ampm.startswith("a") and hour == 12:
            hour = 0
    day = days[0].start
    return datetime(day.year, day.month, day.day, hour % 24, minute % 60)


@dataclass
class Ingested:
    """A LoCoMo file in a fresh store: dia_id → text and message id; the conversation the questions go to."""

    diary: Diary
    texts: dict[str, str]
    latest_conversation_id: int
    messages: int
    message_ids: dict[str, int] = field(default_factory=dict)


def session_times(sample: dict[str, Any], numbers: list[int]) -> dict[int, datetime]:
    """Each session's time; a missing or unreadable one (with a warning) is the day after the session
    before it, so one odd date does not stop a whole file."""
    times: dict[int, datetime] = {}
    previous = datetime(2000, 1, 1, 12)
    for n in sorted(numbers):
        raw = sample.get(f"session_{n}_date_time")
        try:
            if raw is None:
                raise ValueError(f"session_{n}_date_time is missing")
            times[n] = parse_session_time(str(raw))
        except ValueError as exc:
            times[n] = previous + timedelta(days=1)
            print(f"warning: {exc}; session {n} is dated {times[n]:%Y-%m-%d}", file=sys.stderr)
        previous = times[n]
    return times


def samples_of(data: Any) -> list[dict[str, Any]]:
    """The samples in a file: one object (speakers and sessions at the top or under "conversation", as
    in the original locomo10.json) or a list of them."""
    items = data if isinstance(data, list) else [data]
    found = []
    for item in items:
        if not isinstance(item, dict):
            raise ValueError("expected a JSON object (or a list of them) per conversation")
        conversation = item.get("conversation")
        found.append({**conversation, "qa": item.get("qa", [])} if isinstance(conversation, dict) else item)
    return found


def ingest(sample: dict[str, Any], diary: Diary) -> Ingested:
    owner = sample["speaker_a"]
    numbered = {}
    for key, turns in sample.items():
        if (m := re.fullmatch(r"session_(\d+)", key)) and isinstance(turns, list) and turns:
            numbered[int(m.group(1))] = turns
    if not numbered:
        raise ValueError("no sessions with turns in this file")
    times = session_times(sample, list(numbered))
    sessions = sorted(((times[n], n, turns) for n, turns in numbered.items()), key=lambda s: (s[0], s[1]))
    texts: dict[str, str] = {}
    message_ids: dict[str, int] = {}
    conversation_id = 0
    count = 0
    for when, _, turns in sessions:
        conversation_id = diary.create_conversation(day=when.date()).id or 0
        for i, turn in enumerate(turns):
            text = str(turn.get("text") or "").strip()
            if not text:
                continue
            role = "user" if turn.get("speaker") == owner else "assistant"
            stamp = when.replace(second=min(59, i % 60))
            message = diary.add_message(conversation_id, role, text, created_at=stamp)
            dia_id = evidence_ids([turn["dia_id"]])[0]
            texts[dia_id] = text
            message_ids[dia_id] = message.id or 0
            count += 1
    return Ingested(diary, texts, conversation_id, count, message_ids)


@dataclass
class Scores:
    questions: list[dict[str, Any]] = field(default_factory=list)
    assembly_ms: list[float] = field(default_factory=list)
    recall_ms: list[float] = field(default_factory=list)
    packed: list[tuple[int, int]] = field(default_factory=list)  # per recall: entries, their tokens
    skipped: int = 0
    facts: FactCounts = field(default_factory=FactCounts)
    who: WhoCounts = field(default_factory=WhoCounts)

    def summary(self) -> dict[str, Any]:
        rows = self.questions
        by_cat: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            by_cat.setdefault(str(row["category"]), []).append(row)
        return {
            "overall": _mean(r["fraction"] for r in rows),
            "all_evidence": _mean(float(r["fraction"] == 1.0) for r in rows),
            "by_category": {
                cat: {
                    "n": len(rs),
                    "overall": _mean(r["fraction"] for r in rs),
                    "all_evidence": _mean(float(r["fraction"] == 1.0) for r in rs),
                }
                for cat, rs in sorted(by_cat.items())
            },
            "n_questions": len(rows),
            "skipped_no_known_evidence": self.skipped,
            "facts": self.facts.live,
            "facts_saved": self.facts.saved,
            "facts_skipped": self.facts.skipped,
            "who": vars(self.who).copy(),  # --facts who: the panel's questions and the person's answers
            **_packed_summary(self.packed),
            "recall_find_ms_median": _round(statistics.median(self.recall_ms) if self.recall_ms else None),
            "recall_find_ms_p95": _round(_p95(self.recall_ms) if self.recall_ms else None),
            "assembly_ms_median": _round(statistics.median(self.assembly_ms) if self.assembly_ms else None),
        }


def _packed_summary(packed: list[tuple[int, int]]) -> dict[str, float | None]:
    """Entries recall put into a question's prompt, and their tokens, on average: the same budget holds
    fewer Russian entries than English ones (Qwen2.5's tokens cover about 2.5 characters of Russian
    against 4.1 of English), so each Russian slot must be won by a better ranking."""
    entries = sum(n for n, _ in packed)
    tokens = sum(t for _, t in packed)
    return {
        "recalled_entries_mean": _round(entries / len(packed)) if packed else None,
        "recalled_tokens_mean": _round(tokens / len(packed)) if packed else None,
        "tokens_per_recalled_entry": _round(tokens / entries) if entries else None,
    }


def _mean(values: Any) -> float:
    values = list(values)
    return round(sum(values) / len(values), 4) if values else 0.0


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def run_file(
    path: Path,
    budget: int,
    make_assembler: Callable[[Diary], Assembler],
    scores: Scores,
    facts: FactOptions | None = None,
    who: WhoAnswers | None = None,
) -> None:
    for sample in samples_of(json.loads(path.read_text(encoding="utf-8"))):
        run_sample(path, sample, budget, make_assembler, scores, facts, who)


def run_sample(
    path: Path,
    sample: dict[str, Any],
    budget: int,
    make_assembler: Callable[[Diary], Assembler],
    scores: Scores,
    facts: FactOptions | None = None,
    who: WhoAnswers | None = None,
) -> None:
    with tempfile.TemporaryDirectory(prefix="hearth-bench-") as tmp:
        diary = Diary.open(Path(tmp))
        try:
            data = ingest(sample, diary)
            if facts is not None:  # before the index is built: the indexer embeds them like the app's
                saved = save_facts(sample, diary, data.message_ids, facts)
                scores.facts.saved += saved.saved
                scores.facts.live += saved.live
                scores.facts.skipped += saved.skipped
            if who is not None:
                if path.name not in who.by_file:
                    raise ValueError(f"no answers to who is who for {path.name}")
                scores.who.add(answer_who(diary, who.by_file[path.name], who.asked))
            assembler = make_assembler(diary)
            for qa in sample.get("qa", []):
                category = qa.get("category")
                if category == 5:
                    continue
                wanted = [e for e in evidence_ids(qa.get("evidence", [])) if e in data.texts]
                if not wanted:
                    scores.skipped += 1
                    continue
                started = time.perf_counter()
                context = assembler.context(str(qa["question"]), budget, data.latest_conversation_id)
                scores.assembly_ms.append((time.perf_counter() - started) * 1000)
                present = [e for e in wanted if data.texts[e] in context]
                scores.questions.append(
                    {
                        "file": path.name,
                        "question": qa["question"],
                        "category": category,
                        "evidence": wanted,
                        "present": present,
                        "fraction": len(present) / len(wanted),
                    }
                )
            scores.recall_ms += assembler.find_ms
            scores.packed += assembler.packed
        finally:
            diary.close()


class Indexer:
    """Builds each diary's semantic index the app's way (``SemanticMemory.index_step`` to the end), with
    embeddings cached by text so a rerun is quick; reports what it embedded and how long it took."""

    def __init__(self, name: str) -> None:
        try:
            made = make_embedder(name)
            if isinstance(made, PairEmbedder):  # each model's vectors cached on their own
                made = made.with_parts(CachedEmbedder)
            self.embedder = CachedEmbedder(made)
        except EmbedderUnavailable as exc:
            raise SystemExit(f"cannot run the hybrid retriever: {exc} {exc.hint}") from exc
        self.index_ms = 0.0
        self.vectors = 0
        self.vector_bytes = 0
        self.fact_vectors = 0

    def index(self, diary: Diary) -> SemanticMemory:
        memory = SemanticMemory(diary, self.embedder)
        started = time.perf_counter()
        while memory.index_step(batch=64):
            pass
        self.index_ms += (time.perf_counter() - started) * 1000
        counts = memory.counts()
        if not counts.complete:
            raise SystemExit(f"indexing stopped at {counts.indexed} of {counts.total} messages")
        rows, size = diary.vector_bytes()
        self.fact_vectors += len(diary.fact_vectors(memory.embedder_id))
        self.vectors += rows
        self.vector_bytes += size
        return memory

    def report(self) -> dict[str, Any]:
        queries = self.embedder.query_ms
        return {
            "embedder": self.embedder.embedder_id,
            "index_ms_total": round(self.index_ms, 1),
            "embedded_now": self.embedder.embedded,
            "embedded_from_cache": self.embedder.cached,
            "embed_ms_per_message": round(self.embedder.embed_ms / self.embedder.embedded, 2)
            if self.embedder.embedded
            else None,
            "query_embed_ms_median": _round(statistics.median(queries) if queries else None),
            "query_embed_ms_p95": _round(_p95(queries) if queries else None),
            "index_bytes_per_message": round(self.vector_bytes / self.vectors, 1) if self.vectors else None,
            "fact_vectors": self.fact_vectors,
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.recall", description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="LoCoMo-format JSON files")
    parser.add_argument(
        "--budget", type=int, default=3284, help="tokens for everything but instructions/reply"
    )
    parser.add_argument("--json", action="store_true", help="print the full result as JSON")
    parser.add_argument(
        "--retriever", choices=("hybrid", "lexical"), default="hybrid",
        help="hybrid: words and meaning (the app's default); lexical: words only (the baseline)",
    )
    parser.add_argument(
        "--embedder", choices=sorted(EMBEDDERS), default=DEFAULT_EMBEDDER, help="the meaning model"
    )
    parser.add_argument(
        "--tokenizer", choices=TOKENIZERS, default=DEFAULT_TOKENIZER,
        help="whose tokens the budget counts: the bundled tiny model's, or a recommended 3B model's",
    )
    parser.add_argument(
        "--facts", choices=("none", "observation", "who"), default="none",
        help="observation: save LoCoMo's observations as the diary's facts; who: answer the memory panel's "
        "first questions of who is who with --who-answers (see above)",
    )
    parser.add_argument(
        "--who-answers", type=Path, default=WHO_ANSWERS,
        help="with --facts who: what the diarist answers, by file and name (JSON)",
    )
    parser.add_argument(
        "--fact-speakers", choices=SPEAKERS, default="a",
        help="whose observations: speaker_a's (the person's, as the app extracts), speaker_b's, or both",
    )
    parser.add_argument(
        "--facts-cap", type=int, default=FactOptions().cap,
        help="live facts kept, oldest retired first, as automatic memory does (0: all)",
    )
    args = parser.parse_args(argv)
    facts = FactOptions(args.fact_speakers, args.facts_cap) if args.facts == "observation" else None
    try:
        who = WhoAnswers(json.loads(args.who_answers.read_text("utf-8"))) if args.facts == "who" else None
    except (OSError, ValueError) as exc:
        print(f"{args.who_answers}: cannot read the answers: {exc}", file=sys.stderr)
        return 2
    model = load_counting_model(args.tokenizer)
    indexer = Indexer(args.embedder) if args.retriever == "hybrid" else None
    make_assembler = core_assembler(model, indexer.index if indexer else lambda _diary: None)
    total = Scores()
    by_file: dict[str, Any] = {}
    for path in args.files:
        scores = Scores()
        try:
            run_file(path, args.budget, make_assembler, scores, facts, who)
        except (OSError, ValueError, KeyError) as exc:
            print(f"{path}: cannot benchmark this file: {exc}", file=sys.stderr)
            return 2
        by_file[path.name] = {k: v for k, v in scores.summary().items() if k != "by_category"}
        total.questions += scores.questions
        total.recall_ms += scores.recall_ms
        total.packed += scores.packed
        total.assembly_ms += scores.assembly_ms
        total.skipped += scores.skipped
        total.facts.saved += scores.facts.saved
        total.facts.live += scores.facts.live
        total.facts.skipped += scores.facts.skipped
        total.who.add(scores.who)
    result = {
        "budget": args.budget,
        "assembler": "core",
        "retriever": args.retriever,
        "facts_from": (
            f"observation:{args.fact_speakers}:cap{args.facts_cap}" if facts
            else f"who:{args.who_answers.name}" if who else None
        ),
        "tokenizer": getattr(model, "tokenizer_id", type(model).__name__),
        **(indexer.report() if indexer else {"embedder": None}),
        **total.summary(),
        "by_file": by_file,
    }
    if args.json:
        print(json.dumps({**result, "questions": total.questions}, ensure_ascii=False, indent=1))
    else:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
