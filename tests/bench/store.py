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

``--encrypted`` runs the same benchmark on a plain diary and on a SQLCipher-encrypted one and prints
both with the ratio (encrypted / plain; target <= 1.5). ``open_ms`` of the encrypted diary is the open
of an unlocked one (the key derived); ``unlock_ms`` adds SQLCipher's KDF, paid once per unlock.
"""

from __future__ import annotations

import argparse
import json
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


def run(messages: int, seed: int, single_inserts: int, encrypted: bool = False) -> dict[str, Any]:
    rng = random.Random(seed)
    maker = TextMaker(rng)
    first_day = date(2024, 1, 1)
    key = DiaryKey(BENCH_PASSPHRASE).derive() if encrypted else None
    unlock_ms = 0.0
    with tempfile.TemporaryDirectory(prefix="hearth-bench-") as tmp:
        data_dir = Path(tmp) / "data"
        diary = Diary.open(data_dir, key)
        bulk_s = build(diary, maker, messages, first_day)
        diary.purge()  # merged index + checkpoint: the steady state of a long-lived diary

        today = diary.conversation_for_day(first_day + timedelta(days=3 * 365)).id or 0
        started = time.perf_counter()
        for i in range(single_inserts):
            diary.add_message(today, "user" if i % 2 == 0 else "assistant", maker.entry("user"))
        insert_s = time.perf_counter() - started
        diary.close()

        open_ms = []
        for _ in range(5):
            started = time.perf_counter()
            diary = Diary.open(data_dir, key)
            open_ms.append((time.perf_counter() - started) * 1000)
            diary.close()
        if encrypted:
            unlock_ms = _timed(lambda: Diary.open(data_dir, DiaryKey(BENCH_PASSPHRASE)).close())
        diary = Diary.open(data_dir, key)

        infos = diary.list_conversations(limit=3 * 365 + 10)
        days = [info.id for info in infos if info.message_count > 0]
        diary.messages(days[0])  # warm the pool
        day_ms = []
        for cid in rng.choices(days, k=200):
            started = time.perf_counter()
            diary.messages(cid)
            day_ms.append((time.perf_counter() - started) * 1000)
        queries = [maker.query() for _ in range(300)]
        hits = []
        search_ms = []
        for query in queries:
            started = time.perf_counter()
            hits.append(len(diary.search(query)))
            search_ms.append((time.perf_counter() - started) * 1000)
        victim = diary.messages(days[len(days) // 2])[0].id or 0
        delete_ms = _timed(lambda: diary.delete_message(victim))
        diary.purge()
        total = messages + single_inserts - 1
        db_bytes = diary.path.stat().st_size
        diary.close()
    return {
        "encrypted": encrypted,
        "unlock_ms": round(unlock_ms, 1),
        "messages": total,
        "insert_per_s": round(single_inserts / insert_s, 1),
        "bulk_insert_per_s": round(messages / bulk_s, 1),
        "open_ms": round(statistics.median(open_ms), 1),
        "open_max_ms": round(max(open_ms), 1),
        "day_load_ms": round(statistics.median(day_ms), 2),
        "day_load_p95_ms": round(_p(day_ms, 0.95), 2),
        "messages_per_day": round(messages / len(days), 1),
        "search_p50_ms": round(_p(search_ms, 0.50), 2),
        "search_p95_ms": round(_p(search_ms, 0.95), 2),
        "search_max_ms": round(max(search_ms), 2),
        "search_queries": len(queries),
        "search_mean_hits": round(statistics.mean(hits), 1),
        "delete_ms": round(delete_ms, 1),
        "db_bytes": db_bytes,
        "bytes_per_message": round(db_bytes / total, 1),
    }


def _ratios(plain: dict[str, Any], cipher: dict[str, Any]) -> dict[str, float]:
    """encrypted / plain for each figure (for rates, plain / encrypted: above 1 is slower either way)."""
    ratios = {}
    for name in RATIO_KEYS:
        a, b = float(plain[name]), float(cipher[name])
        slower = a / b if name.endswith("_per_s") else b / a
        ratios[name] = round(slower, 2) if a and b else 0.0
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--single-inserts", type=int, default=1000, help="timed one-commit-each inserts")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--encrypted", action="store_true",
                        help="also run on a SQLCipher-encrypted diary and print the ratio")
    args = parser.parse_args()
    result = run(args.messages, args.seed, args.single_inserts)
    if args.encrypted:
        cipher = run(args.messages, args.seed, args.single_inserts, encrypted=True)
        result = {"plain": result, "encrypted": cipher, "ratio": _ratios(result, cipher)}
    if args.json:
        print(json.dumps(result))
    else:
        for name, value in result.items():
            print(f"{name:>20}: {value}")


if __name__ == "__main__":
    main()
