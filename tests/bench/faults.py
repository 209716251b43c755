"""Faults benchmark: SIGKILLs at random moments, and hostile input to the import and the CLI.

    python -m tests.bench.faults [--kills 1000] [--fuzz 300] [--seed 7] [--minutes M] [--json]

Kills: ``hearth chat --json`` (the real CLI, the bundled tiny model, a 1,024-token context so folds happen)
writes diary lines into one data dir; each run is SIGKILLed at a moment chosen in turn among the phases
below, as its own events announce them; ``hearth restore`` is killed at random delays too. After every
kill: every user message ``hearth chat`` reported saved (a ``message_added`` event) must be in the diary
with its text, SQLite's ``integrity_check`` and FTS5's ``integrity-check`` must pass, and the next start
(``Diary.open``) must succeed.

Phases: ``before_commit`` (a line was written to the chat, nothing reported yet), ``mid_reply`` (tokens are
streaming), ``facts`` / ``fold`` (that background job started), ``restore`` (``hearth restore`` of the
latest backup), ``migration`` (``hearth chat`` opening an old-schema diary of 40,000 messages, killed
before its migrations were all recorded) and ``backup`` (``hearth backup`` of that diary, killed while its
``.partial`` copy was being written) — see ``faults_store``. Kills that land after the chat went idle are
counted under ``idle``; store kills that landed before or after the work under ``before_backup``,
``after_backup`` and ``after_migration``.

Fuzz: ``app.cli.main`` in-process on a copy of a seeded diary with hostile arguments and import files
(mutated exports, deep nesting, huge and empty texts, bad dates, escapes, odd numbers). Reported: inputs
tried, tracebacks (an exception escaping ``main``, or "Traceback" on stderr — target 0), unexpected errors
(``main``'s catch-all had to say one: an error no layer gave a type — target 0) and diaries changed by a
refused command (target 0).

Prints JSON with ``kills``, ``kills_by_phase``, ``messages_reported``, ``messages_lost``,
``start_failures``, ``checks_failed``, ``inputs_tried``, ``tracebacks``, ``unexpected_errors``,
``diaries_changed_by_refusals`` (and the store kills' own figures, ``faults_store``).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import hashlib
import io
import json
import os
import queue
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import IO, Any

from app.store import Diary
from app.store.index_repair import index_is_sound
from tests.bench.faults_store import OLD_MESSAGES, StoreKills

LINES = [
    "Walked Rex by the river after work and talked to Anna about the Lisbon trip.",
    "Spent the evening on the shed roof; my sister Nora called from Lisbon.",
    "Slept badly again. Morning tea at the old library helped a little.",
    "I am allergic to kiwi, the doctor said so today; no more fruit salads.",
    "Choir practice ran late; the concert is on Saturday at the harbour hall.",
    "Finished a big chunk of my novel draft and felt oddly hopeful.",
]
PHASE_EVENTS = {"mid_reply": "token", "facts": "job_started:facts", "fold": "job_started:summary"}
CHAT_PHASES = ("before_commit", "mid_reply", "facts", "fold")
# Aimed at in turn, ten kills a round: the chat's phases most (they are the person's own writing).
SCHEDULE = (*CHAT_PHASES, "before_commit", "mid_reply", "migration", "backup", "fold", "restore")
RUN_TIMEOUT_S = 300
JOB_WAIT_S = 60


# -- kills ---------------------------------------------------------------------------------------------
def _hearth(data_dir: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "app", "--data-dir", str(data_dir), *args]


def _event_key(event: dict[str, Any]) -> str:
    kind = event.get("type", "")
    return f"{kind}:{event.get('kind')}" if kind == "job_started" else str(kind)


def _kill_chat(data_dir: Path, phase: str, rng: random.Random, reported: dict[int, str]) -> str:
    """One ``hearth chat`` run killed in ``phase`` (or wherever it got to); returns the phase it hit."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.Popen(
        _hearth(data_dir, "chat", "--json", "--n-ctx", "1024"),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_pump, args=(proc.stdout, lines), daemon=True).start()
    hit = "idle"
    try:
        for _ in range(rng.randint(1, 3)):
            proc.stdin.write(rng.choice(LINES) + "\n")
            proc.stdin.flush()
            if phase == "before_commit" and rng.random() < 0.5:
                hit = "before_commit"
                return hit
            hit = _read_until(lines, PHASE_EVENTS.get(phase, "reply_done"), reported, rng)
            if hit != "idle" and hit == phase:
                return hit
        return hit
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=RUN_TIMEOUT_S)


def _pump(stream: IO[str], lines: queue.Queue[str]) -> None:
    """Every line ``hearth chat`` prints, into ``lines`` ("" at the end): read with a timeout."""
    for line in stream:
        lines.put(line)
    lines.put("")


def _read_until(
    lines: queue.Queue[str], target: str, reported: dict[int, str], rng: random.Random
) -> str:
    """Read events until ``target`` (→ its phase), or the reply is done (→ "idle"). A background job
    aimed at gets ``JOB_WAIT_S`` after the reply to start; the chat waits for input, not for us."""
    deadline = time.monotonic() + RUN_TIMEOUT_S
    phase_of = {v: k for k, v in PHASE_EVENTS.items()}
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        if not line:
            return "idle"
        event = json.loads(line)
        if event.get("type") == "message_added" and event.get("role") == "user":
            reported[int(event["message_id"])] = str(event["text"])
        key = _event_key(event)
        if event.get("type") == "reply_done":
            if target in ("reply_done", "token"):
                return "idle"  # the turn ended (before the moment aimed at, if it was a token)
            deadline = min(deadline, time.monotonic() + JOB_WAIT_S)
        if key == target and (key != "token" or rng.random() < 0.3):
            return phase_of[key]
        if event.get("type") == "job_finished" and event.get("kind") == "facts" and target != key:
            return "idle"  # the turn's background work is done: the aimed-at job did not come
    return "idle"


def _kill_restore(data_dir: Path, rng: random.Random) -> str:
    with Diary.open(data_dir) as diary:
        latest = diary.backup()
    proc = subprocess.Popen(_hearth(data_dir, "restore", str(latest)), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    time.sleep(rng.uniform(0.2, 2.5))  # a benchmark, not a test: a random moment is the point
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=RUN_TIMEOUT_S)
    return "restore"


def _check(data_dir: Path, reported: dict[int, str]) -> tuple[set[int], bool, bool]:
    """(ids of messages lost, the next start failed, a check failed) after a kill."""
    try:
        diary = Diary.open(data_dir)
    except Exception:  # noqa: BLE001 - exactly what is being counted
        return set(reported), True, True
    try:
        found = {mid: diary.get_message(mid) for mid in reported}
        lost = {mid for mid, text in reported.items() if (m := found[mid]) is None or m.text != text}
        ok = diary.integrity_check() == "ok"
    finally:
        diary.close()
    conn = sqlite3.connect(data_dir / "hearth.db")
    try:
        ok = ok and index_is_sound(conn)
    finally:
        conn.close()
    return lost, False, not ok


def run_kills(
    kills: int, rng: random.Random, say: Callable[[str], None], stop_at: float = float("inf")
) -> dict[str, Any]:
    """``kills`` kills in turn over ``SCHEDULE``; none is started after ``stop_at`` (``time.monotonic``)."""
    by_phase: Counter[str] = Counter()
    reported: dict[int, str] = {}
    lost = start_failures = checks_failed = total_reported = 0
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "diary"
        store = StoreKills(Path(tmp) / "store", rng)
        if kills >= len(SCHEDULE) or {"migration", "backup"} & set(SCHEDULE[:kills]):
            store.prepare()
            say(f"old-schema diaries seeded; opening one takes {store.migrate_s:.2f} s, a backup "
                f"{store.backup_s:.2f} s")
        done = 0
        for n in range(kills):
            if time.monotonic() >= stop_at:
                say(f"time is up after {n} of {kills} kills")
                break
            done = n + 1
            aimed = SCHEDULE[n % len(SCHEDULE)]
            if aimed in ("migration", "backup"):
                by_phase[store.kill_migration() if aimed == "migration" else store.kill_backup()] += 1
                say(f"kill {n + 1}/{kills}: {aimed:13s} {store.figures()}")
                continue
            before = len(reported)
            if aimed == "restore":
                hit = _kill_restore(data_dir, rng)
            else:
                hit = _kill_chat(data_dir, aimed, rng, reported)
            by_phase[hit] += 1
            total_reported += len(reported) - before
            if hit == "restore":
                reported.clear()  # a restore brings back the backup's state, by design
            gone, failed, bad = _check(data_dir, reported)
            for mid in gone:
                say(f"LOST message {mid} after a kill in {hit}")
                reported.pop(mid)  # counted once
            lost, start_failures, checks_failed = lost + len(gone), start_failures + failed, checks_failed + bad  # noqa: E501
            say(f"kill {n + 1}/{kills}: {hit:13s} reported {len(reported):4d} lost {lost}"
                f" start failures {start_failures}")
    figures = store.figures()
    return {
        "kills": done,
        "kills_requested": kills,
        "kills_by_phase": dict(by_phase),
        "messages_reported": total_reported,
        "old_diary_messages": OLD_MESSAGES,
        "messages_lost": lost + figures["old_diary_messages_lost"],
        "start_failures": start_failures + figures["store_start_failures"],
        "checks_failed": checks_failed + figures["store_checks_failed"],
        "chat_messages_lost": lost,
        **figures,
    }


# -- fuzz ----------------------------------------------------------------------------------------------
def _seeded(data_dir: Path) -> Path:
    with Diary.open(data_dir) as diary:
        for back in range(3):
            cid = diary.conversation_for_day(date(2026, 3, 2) - timedelta(days=back)).id
            for line in LINES[:3]:
                diary.add_message(cid, "user", line)
        diary.add_fact("Has a dog named Rex", kind="pet")
        export = data_dir.parent / "valid.json"
        export.write_text(json.dumps(diary.export_json(), default=str), encoding="utf-8")
    return export


def _digest(data_dir: Path) -> str:
    with Diary.open(data_dir) as diary:
        content = json.dumps(diary.export_json(), default=str, sort_keys=True)
    return hashlib.sha256(content.encode()).hexdigest()


def _mutated_exports(valid: dict[str, Any], rng: random.Random) -> Iterator[str]:
    yield "[" * 200_000
    yield "{" + '"a":' * 50_000
    yield "\xff\xfe not utf-8"
    yield json.dumps({**valid, "messages": 7})
    poison: list[Any] = [
        "", " ", "x" * 300_000, "2026-02-30", -1, 10**40, None, True, [], {}, "\x1b[31mred", "../../etc",
    ]
    for _ in range(10_000):
        doc = copy.deepcopy(valid)
        tables = [t for t, rows in doc.items() if isinstance(rows, list) and rows]
        rows = doc[rng.choice(tables)]
        row = rng.choice(rows)
        if isinstance(row, dict) and row:
            row[rng.choice(list(row))] = rng.choice(poison)
        yield json.dumps(doc, default=str)


def _hostile_args(rng: random.Random) -> Iterator[list[str]]:
    odd = ["-garden", "--", "\x1b[2J", "‮evil", "99999999999999999999", "-1", "0", "2026-02-30", "9999-12-31",
           "", " ", "x" * 10_000, "NaN", "1e9", "-" * 50, "--json", "/dev/null", "💥"]
    shapes: list[Callable[[str], list[str]]] = [
        lambda w: ["search", w], lambda w: ["search", "walk", "--limit", w],
        lambda w: ["search", w, "--json"],
        lambda w: ["search", "walk", "--from", w], lambda w: ["facts", "edit", w, "text"],
        lambda w: ["facts", "rm", w], lambda w: ["facts", "pin", w], lambda w: ["facts", "add", w],
        lambda w: ["facts", "add", "x", "--importance", w], lambda w: ["digest", "--day", w, "--weekly"],
        lambda w: ["restore", w], lambda w: ["export", "--format", w], lambda w: [w],
        lambda w: ["rm", w], lambda w: ["rm", w, "--yes"], lambda w: ["search", "walk", "--to", w],
        lambda w: ["facts", "add", "x", "--kind", w], lambda w: ["import", w],
        lambda w: ["facts", "add", w * 3],
    ]
    while True:
        yield rng.choice(shapes)(rng.choice(odd))


def _run_cli(argv: list[str]) -> tuple[int, bool, bool]:
    """(exit code, a traceback escaped, an unexpected error was caught); stdout and stderr swallowed.

    ``main`` says every failure in one line (``app.cli.errors``), so a bug no longer escapes as a
    traceback; the catch-all's own words ("an unexpected problem") still show one, and are counted."""
    from app.cli import main

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:  # argparse refusing: a clean usage message
        return int(exc.code or 0) if isinstance(exc.code, int) else 2, False, False
    except BaseException:  # noqa: BLE001 - what is being counted
        return 1, True, False
    said = err.getvalue()
    return int(code or 0), "Traceback" in said, "unexpected problem" in said


def run_fuzz(inputs: int, rng: random.Random, say: Callable[[str], None]) -> dict[str, Any]:
    tracebacks = changed = tried = unexpected = 0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "seeded"
        valid_path = _seeded(base)
        valid = json.loads(valid_path.read_text(encoding="utf-8"))
        exports, args = _mutated_exports(valid, rng), _hostile_args(rng)
        work = Path(tmp) / "work"
        for n in range(inputs):
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(base, work)
            if n % 2 == 0:
                target = work.parent / "import.json"
                target.write_text(next(exports), encoding="utf-8", errors="surrogateescape")
                shutil.rmtree(work)
                work.mkdir()  # an empty diary, as import requires
                argv = ["--data-dir", str(work), "import", str(target)]
            else:
                argv = ["--data-dir", str(work), *next(args)]
            before = _digest(work) if work.exists() else ""
            code, escaped, caught = _run_cli(argv)
            tried, tracebacks, unexpected = tried + 1, tracebacks + escaped, unexpected + caught
            if escaped or caught:
                say(f"{'traceback' if escaped else 'unexpected error'}: {argv[2:4]!r}")
            if code != 0 and work.exists() and _digest(work) != before:
                changed += 1
                say(f"refused but changed the diary: {argv[2:4]!r}")
    return {"inputs_tried": tried, "tracebacks": tracebacks, "unexpected_errors": unexpected,
            "diaries_changed_by_refusals": changed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.faults", description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--fuzz", type=int, default=300, help="hostile inputs (import files, CLI args)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--minutes", type=float, default=float("inf"),
                        help="start no kill after this many minutes (the result says how many were done)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    started = datetime.now()
    load_at_start = [round(x, 2) for x in os.getloadavg()]
    say = lambda line: print(f"[{(datetime.now() - started).total_seconds():7.1f} s] {line}",  # noqa: E731
                             file=sys.stderr, flush=True)
    stop_at = time.monotonic() + args.minutes * 60
    result = {**run_fuzz(args.fuzz, rng, say), **run_kills(args.kills, rng, say, stop_at)}
    result["load_average_start"] = load_at_start
    result["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    result["wall_s"] = round((datetime.now() - started).total_seconds(), 1)
    print(json.dumps(result, indent=2) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
    failed = result["messages_lost"] or result["start_failures"] or result["checks_failed"]
    failed = failed or result["partial_backup_copies_left"]
    refused_badly = result["tracebacks"] or result["unexpected_errors"]
    refused_badly = refused_badly or result["diaries_changed_by_refusals"]
    return 1 if failed or refused_badly else 0


if __name__ == "__main__":
    sys.exit(main())
