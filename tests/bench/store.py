"""Store benchmark: ``python -m tests.bench.store --messages 100000 --json``.

Builds a diary of realistic entries (English with some Russian, Zipf-distributed words, varied length,
one conversation per day over ~3 years) in a temporary data dir, then measures:
- ``insert_per_s``: ``Diary.add_message`` one by one, each its own durable commit (synchronous=FULL);
- ``bulk_insert_per_s``: the bulk load used to build the corpus (batched transactions, triggers on);
- ``open_ms``: ``Diary.open`` of the full diary (quick_check + migration check), median of 5;
- ``day_load_ms``: ``messages(conversation_id)`` of a random day, median (and p95) over 200 days;
- ``search_p50_ms`` / ``search_p95_ms``: ``Diary.search`` with 300 varied one- to three-word queries;
- ``delete_ms``: ``delete_message`` including the FTS merge and checkpoint that make it final;
- ``bytes_per_message``: database file size after a checkpoint divided by the message count.
Targets at 100,000 messages: search p95 <= 20 ms, open <= 300 ms, day load <= 10 ms.

``--recall`` measures recall's whole query instead (``Recall.find`` with meaning, stage by stage, and the
semantic index's size per message) on the same diary: see ``tests.bench.recall_scale``. Target: p95 <= 60 ms.

``--encrypted`` runs the same benchmark on a plain diary and on a SQLCipher-encrypted one — both built from
the same words, then measured turn by turn (insert blocks, opens, days and queries alternate), so the
machine's changing load falls on both alike — and prints both with the ratio (encrypted / plain; target
<= 1.5). ``open_ms`` of the encrypted diary is the open
of an unlocked one (the key derived); ``unlock_ms`` adds SQLCipher's KDF, paid once per unlock.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from app.store import Diary, DiaryKey

BENCH_PASSPHRASE = "benchmark passphrase"
FIRST_DAY = date(2024, 1, 1)
RATIO_KEYS = ("insert_per_s", "bulk_insert_per_s", "open_ms", "day_load_ms", "day_load_p95_ms",
              "search_p50_ms", "search_p95_ms", "delete_ms", "db_bytes")


def _words(text: str) -> list[str]:
    return text.split()


STOP = _words(
    "i the a and to of in it was that my is for with on at but so we had me not be this have "
    "just then all from they she he you there about what when like"
)
ENGLISH = _words(
    "today morning evening night walk park river coffee tea work meeting friend sister brother mother "
    "father dog cat garden rain snow sun wind tired happy sad anxious calm grateful project deadline "
    "email call doctor run gym yoga book read novel chapter write letter cook dinner lunch breakfast "
    "bread soup pasta salad market shop train bus bike car office home kitchen window music song "
    "guitar piano film movie weekend holiday trip mountain sea beach forest lake city village street "
    "neighbour child school lesson teacher exam birthday party gift cake candle flower tulip rose tree "
    "bird spring summer autumn winter cold warm headache sleep dream nightmare memory photo album "
    "plan goal habit budget money rent bill plant water paint draw sketch notebook pen journal "
    "thought worry hope fear laugh cry hug talk argument apology silence patience courage "
    "promise decision change move apartment stairs elevator balcony rooftop sunset sunrise clouds "
    "storm thunder puddle umbrella jacket boots scarf gloves hat coat knit sweater wool blanket "
    "candlelight podcast episode series documentary museum gallery concert theatre ticket queue "
    "pharmacy vitamins medicine appointment dentist therapist session breathing meditation stretch "
    "marathon kilometre pace hill trail picnic basket strawberries cherries apples pears lemons "
    "honey cinnamon ginger garlic onion tomato potato carrot pumpkin mushroom berries jam "
    "grandmother grandfather cousin aunt uncle nephew niece colleague manager client interview "
    "promotion salary resume laptop phone charger message chat video zoom slides report spreadsheet"
)
RUSSIAN = _words(
    "сегодня утро вечер прогулка парк река кофе чай работа встреча друг сестра мама папа собака кошка "
    "сад дождь снег солнце устал счастлив грустно спокойно книга письмо ужин обед завтрак хлеб суп "
    "рынок поезд дом кухня окно музыка песня фильм выходные отпуск море лес озеро город улица школа "
    "день рождения подарок торт цветы дерево птица весна лето осень зима холодно тепло сон мечта "
    "память фото план цель привычка деньги мысль надежда страх смех слезы разговор тишина терпение"
)


def _zipf_weights(n: int) -> list[float]:
    return [1.0 / (rank + 1) ** 1.05 for rank in range(n)]


class TextMaker:
    """Diary-like text: stop words glue content words drawn with a Zipf distribution."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.english = ENGLISH[:]
        rng.shuffle(self.english)
        self.weights = _zipf_weights(len(self.english))

    def sentence(self, russian: bool) -> str:
        rng = self.rng
        if russian:
            words = rng.choices(RUSSIAN, k=rng.randint(4, 12))
        else:
            words = [
                rng.choice(STOP) if rng.random() < 0.45 else rng.choices(self.english, self.weights)[0]
                for _ in range(rng.randint(5, 16))
            ]
        return " ".join(words).capitalize() + rng.choice([".", ".", ".", "!", "?"])

    def entry(self, role: str) -> str:
        rng = self.rng
        russian = rng.random() < 0.15
        sentences = rng.randint(1, 9) if role == "user" else rng.randint(1, 4)
        if role == "user" and rng.random() < 0.08:
            sentences += rng.randint(10, 30)  # the occasional long entry
        return " ".join(self.sentence(russian) for _ in range(sentences))

    def query(self) -> str:
        rng = self.rng
        k = rng.choice([1, 1, 2, 2, 3])
        if rng.random() < 0.15:
            return " ".join(rng.sample(RUSSIAN, k))
        return " ".join(rng.choices(self.english, self.weights, k=k))


def _rows(maker: TextMaker, messages: int, first_day: date) -> Iterator[tuple[int, str, str, str, str]]:
    """(day index, role, text, created_at, status) spread evenly over ~3 years."""
    days = 3 * 365
    per_day = max(1, messages // days)
    for i in range(messages):
        day_index = i * days // messages
        moment = datetime.combine(first_day + timedelta(days=day_index), datetime.min.time())
        moment += timedelta(hours=7, seconds=(i % per_day) * 300)
        role = "user" if i % 2 == 0 else "assistant"
        yield day_index, role, maker.entry(role), moment.isoformat(sep=" "), "complete"


def build(diary: Diary, maker: TextMaker, messages: int, first_day: date, batch: int = 5000) -> float:
    """Bulk-load ``messages`` (FTS triggers on); return seconds taken."""
    started = time.perf_counter()
    conversation_ids: dict[int, int] = {}
    pending: list[tuple[int, str, str, str, str]] = []

    def flush() -> None:
        with diary.engine.begin() as conn:
            conn.exec_driver_sql(
                "INSERT INTO message(conversation_id, role, text, created_at, status) VALUES (?, ?, ?, ?, ?)",
                pending,
            )
        pending.clear()

    for day_index, role, text, created_at, status in _rows(maker, messages, first_day):
        if day_index not in conversation_ids:
            day = first_day + timedelta(days=day_index)
            conversation_ids[day_index] = diary.conversation_for_day(day).id or 0
        pending.append((conversation_ids[day_index], role, text, created_at, status))
        if len(pending) >= batch:
            flush()
    if pending:
        flush()
    return time.perf_counter() - started


def _timed(fn: Callable[[], Any]) -> float:
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Subject:
    """One diary under measurement (plain or encrypted), built from ``seed`` so both hold the same words."""

    def __init__(self, root: Path, messages: int, seed: int, encrypted: bool) -> None:
        self.encrypted = encrypted
        self.key = DiaryKey(BENCH_PASSPHRASE).derive() if encrypted else None
        self.maker = TextMaker(random.Random(seed))
        self.data_dir = root / ("encrypted" if encrypted else "plain")
        self.diary = Diary.open(self.data_dir, self.key)
        self.bulk_s = build(self.diary, self.maker, messages, FIRST_DAY)
        self.diary.purge()  # merged index + checkpoint: the steady state of a long-lived diary
        self.today = self.diary.conversation_for_day(FIRST_DAY + timedelta(days=3 * 365)).id or 0
        self.ms: dict[str, list[float]] = {"insert": [], "open": [], "day": [], "search": []}
        self.hits: list[int] = []
        self.unlock_ms = self.delete_ms = 0.0
        self.db_bytes = 0

    def reopen(self) -> None:
        self.diary = Diary.open(self.data_dir, self.key)


def run(messages: int, seed: int, single_inserts: int, encrypted: bool = False) -> dict[str, Any]:
    """The benchmark of one diary (plain, or encrypted)."""
    return run_side_by_side(messages, seed, single_inserts, (encrypted,))[0]


def run_side_by_side(
    messages: int, seed: int, single_inserts: int, modes: tuple[bool, ...] = (False, True)
) -> list[dict[str, Any]]:
    """Build one diary per mode, then measure them turn by turn (each insert block, open, day and query
    alternates between them), so a change in the machine's load falls on both alike."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="hearth-bench-") as tmp:
        subjects = [Subject(Path(tmp), messages, seed, encrypted) for encrypted in modes]
        block = 50
        for start in range(0, single_inserts, block):
            for s in subjects:
                texts = [s.maker.entry("user") for _ in range(start, min(single_inserts, start + block))]
                began = time.perf_counter()
                for i, text in enumerate(texts, start):
                    s.diary.add_message(s.today, "user" if i % 2 == 0 else "assistant", text)
                s.ms["insert"].append((time.perf_counter() - began) * 1000)
        for s in subjects:
            s.diary.close()
        for _ in range(5):
            for s in subjects:
                s.ms["open"].append(_timed(lambda s=s: Diary.open(s.data_dir, s.key).close()))
        for s in subjects:
            if s.encrypted:
                s.unlock_ms = _timed(lambda s=s: Diary.open(s.data_dir, DiaryKey(BENCH_PASSPHRASE)).close())
            s.reopen()
        infos = subjects[0].diary.list_conversations(limit=3 * 365 + 10)
        days = [info.id for info in infos if info.message_count > 0]
        for s in subjects:
            s.diary.messages(days[0])  # warm the pool
        for cid in rng.choices(days, k=200):
            for s in subjects:
                s.ms["day"].append(_timed(lambda s=s, cid=cid: s.diary.messages(cid)))
        queries = [subjects[0].maker.query() for _ in range(300)]
        for query in queries:
            for s in subjects:
                began = time.perf_counter()
                s.hits.append(len(s.diary.search(query)))
                s.ms["search"].append((time.perf_counter() - began) * 1000)
        for s in subjects:
            victim = s.diary.messages(days[len(days) // 2])[0].id or 0
            s.delete_ms = _timed(lambda s=s, victim=victim: s.diary.delete_message(victim))
            s.diary.purge()
            s.db_bytes = s.diary.path.stat().st_size
            s.diary.close()
        return [_figures(s, messages + single_inserts - 1, single_inserts, len(days), len(queries))
                for s in subjects]


def _figures(s: Subject, total: int, single_inserts: int, days: int, queries: int) -> dict[str, Any]:
    ms = s.ms
    return {
        "encrypted": s.encrypted,
        "unlock_ms": round(s.unlock_ms, 1),
        "messages": total,
        "insert_per_s": round(single_inserts / (sum(ms["insert"]) / 1000), 1),
        "bulk_insert_per_s": round((total + 1 - single_inserts) / s.bulk_s, 1),
        "open_ms": round(statistics.median(ms["open"]), 1),
        "open_max_ms": round(max(ms["open"]), 1),
        "day_load_ms": round(statistics.median(ms["day"]), 2),
        "day_load_p95_ms": round(_p(ms["day"], 0.95), 2),
        "messages_per_day": round((total + 1 - single_inserts) / days, 1),
        "search_p50_ms": round(_p(ms["search"], 0.50), 2),
        "search_p95_ms": round(_p(ms["search"], 0.95), 2),
        "search_max_ms": round(max(ms["search"]), 2),
        "search_queries": queries,
        "search_mean_hits": round(statistics.mean(s.hits), 1),
        "delete_ms": round(s.delete_ms, 1),
        "db_bytes": s.db_bytes,
        "bytes_per_message": round(s.db_bytes / total, 1),
    }


def _ratios(plain: dict[str, Any], cipher: dict[str, Any]) -> dict[str, float]:
    """encrypted / plain for each figure (for rates, plain / encrypted: above 1 is slower either way)."""
    ratios = {}
    for name in RATIO_KEYS:
        a, b = float(plain[name]), float(cipher[name])
        slower = a / b if name.endswith("_per_s") else b / a
        ratios[name] = round(slower, 2) if a and b else 0.0
    return ratios


def main(argv: list[str] | None = None) -> None:
    from tests.bench import recall_scale  # it builds its diary with this module's pieces

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--single-inserts", type=int, default=1000, help="timed one-commit-each inserts")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--encrypted", action="store_true",
                        help="also run on a SQLCipher-encrypted diary and print the ratio")
    parser.add_argument("--recall", action="store_true",
                        help="measure Recall.find on the diary instead (tests.bench.recall_scale)")
    recall_scale.add_arguments(parser)
    args = parser.parse_args(argv)
    if args.recall:
        figures = recall_scale.run(
            args.messages, args.budget, args.embedder, args.tokenizer, args.seed, args.reuse,
            args.embedding_process,
        )
        print(json.dumps(figures, ensure_ascii=False, indent=None if args.json else 1))
        return
    load = os.getloadavg()[0]
    if args.encrypted:
        plain, cipher = run_side_by_side(args.messages, args.seed, args.single_inserts)
        result: dict[str, Any] = {"plain": plain, "encrypted": cipher, "ratio": _ratios(plain, cipher)}
    else:
        result = run(args.messages, args.seed, args.single_inserts)
    result["load_average"] = [round(load, 2), round(os.getloadavg()[0], 2)]  # at the start, at the end
    if args.json:
        print(json.dumps(result))
    else:
        for name, value in result.items():
            print(f"{name:>20}: {value}")


if __name__ == "__main__":
    main()
