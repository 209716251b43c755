"""Faults benchmark: SIGKILLs at random moments, and hostile input to the import and the CLI.

    python -m tests.bench.faults [--kills 1000] [--fuzz 300] [--seed 7] [--json]

Kills: ``hearth chat --json`` (the real CLI, the bundled tiny model, a 1,024-token context so folds happen)
writes diary lines into one data dir; each run is SIGKILLed at a moment chosen in turn among the phases
below, as its own events announce them; ``hearth restore`` is killed at random delays too. After every
kill: every user message ``hearth chat`` reported saved (a ``message_added`` event) must be in the diary
with its text, SQLite's ``integrity_check`` and FTS5's ``integrity-check`` must pass, and the next start
(``Diary.open``) must succeed.

Phases: ``before_commit`` (a line was written to the chat, nothing reported yet), ``mid_reply`` (tokens are
streaming), ``facts`` / ``fold`` (that background job started), ``restore`` (``hearth restore`` of the
latest backup). Kills that land after the chat went idle are counted under ``idle``. A migration of an
old-schema diary and the backup itself announce nothing a kill can aim at; they are not reported.

Fuzz: ``app.cli.main`` in-process on a copy of a seeded diary with hostile arguments and import files
(mutated exports, deep nesting, huge and empty texts, bad dates, escapes, odd numbers). Reported: inputs
tried, tracebacks (an exception escaping ``main`` — target 0) and diaries changed by a refused command
(target 0).

Prints JSON with ``kills``, ``kills_by_phase``, ``messages_reported``, ``messages_lost``,
``start_failures``, ``checks_failed``, ``inputs_tried``, ``tracebacks``, ``diaries_changed_by_refusals``.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import hashlib
import io
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from app.store import Diary
from app.store.index_repair import index_is_sound

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
RUN_TIMEOUT_S = 300


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
    hit = "idle"
    try:
        for _ in range(rng.randint(1, 3)):
            proc.stdin.write(rng.choice(LINES) + "\n")
            proc.stdin.flush()
            if phase == "before_commit" and rng.random() < 0.5:
                hit = "before_commit"
                return hit
            hit = _read_until(proc, PHASE_EVENTS.get(phase, "reply_done"), reported, rng)
            if hit != "idle" and hit == phase:
                return hit
        return hit
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=RUN_TIMEOUT_S)


def _read_until(
    proc: subprocess.Popen[str], target: str, reported: dict[int, str], rng: random.Random
) -> str:
    """Read events until ``target`` (→ its phase), or the reply is done (→ "idle")."""
    assert proc.stdout is not None
    deadline = time.monotonic() + RUN_TIMEOUT_S
    phase_of = {v: k for k, v in PHASE_EVENTS.items()}
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            return "idle"
        event = json.loads(line)
        if event.get("type") == "message_added" and event.get("role") == "user":
            reported[int(event["message_id"])] = str(event["text"])
        key = _event_key(event)
        if key == target and (key != "token" or rng.random() < 0.3):
            return phase_of[key]
        if event.get("type") == "reply_done" and target in ("reply_done", "token"):
            return "idle"  # the turn ended before the moment aimed at
        if event.get("type") == "job_finished" and event.get("kind") == "facts" and target != key:
            return "idle"  # the turn's background work is done: the aimed-at job did not come
    raise RuntimeError("hearth chat stopped answering")


def _kill_restore(data_dir: Path, rng: random.Random) -> str:
    with Diary.open(data_dir) as diary:
        latest = diary.backup()
    proc = subprocess.Popen(_hearth(data_dir, "restore", str(latest)), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    time.sleep(rng.uniform(0.2, 2.5))  # a benchmark, not a test: a random moment is the point
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=RUN_TIMEOUT_S)
    return "restore"


def _check(data_dir: Path, reported: dict[int, str]) -> tuple[int, bool, bool]:
    """(messages lost, the next start failed, a check failed) after a kill."""
    try:
        diary = Diary.open(data_dir)
    except Exception:  # noqa: BLE001 - exactly what is being counted
        return len(reported), True, True
    try:
        found = {mid: diary.get_message(mid) for mid in reported}
        lost = sum(1 for mid, text in reported.items() if (m := found[mid]) is None or m.text != text)
        ok = diary.integrity_check() == "ok"
    finally:
        diary.close()
    conn = sqlite3.connect(data_dir / "hearth.db")
    try:
        ok = ok and index_is_sound(conn)
    finally:
        conn.close()
    return lost, False, not ok


def run_kills(kills: int, rng: random.Random, say: Callable[[str], None]) -> dict[str, Any]:
    by_phase: Counter[str] = Counter()
    reported: dict[int, str] = {}
    lost = start_failures = checks_failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "diary"
        for n in range(kills):
            aimed = "restore" if n % 10 == 9 else CHAT_PHASES[n % len(CHAT_PHASES)]
            if aimed == "restore":
                hit = _kill_restore(data_dir, rng)
            else:
                hit = _kill_chat(data_dir, aimed, rng, reported)
            by_phase[hit] += 1
            if hit == "restore":
                reported.clear()  # a restore brings back the backup's state, by design
            n_lost, failed, bad = _check(data_dir, reported)
            lost, start_failures, checks_failed = lost + n_lost, start_failures + failed, checks_failed + bad
            say(f"kill {n + 1}/{kills}: {hit:13s} reported {len(reported):4d} lost {lost}"
                f" start failures {start_failures}")
    return {
        "kills": kills,
        "kills_by_phase": dict(by_phase),
        "messages_reported": len(reported),
        "messages_lost": lost,
        "start_failures": start_failures,
        "checks_failed": checks_failed,
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
    ]
    while True:
        yield rng.choice(shapes)(rng.choice(odd))


def _run_cli(argv: list[str]) -> tuple[int, bool]:
    """(exit code, a traceback escaped); stdout and stderr swallowed."""
    from app.cli import main

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:  # argparse refusing: a clean usage message
        return int(exc.code or 0) if isinstance(exc.code, int) else 2, False
    except BaseException:  # noqa: BLE001 - what is being counted
        return 1, True
    return int(code or 0), "Traceback" in err.getvalue()


def run_fuzz(inputs: int, rng: random.Random, say: Callable[[str], None]) -> dict[str, Any]:
    tracebacks = changed = tried = 0
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
            code, escaped = _run_cli(argv)
            tried, tracebacks = tried + 1, tracebacks + escaped
            if code != 0 and work.exists() and _digest(work) != before:
                changed += 1
                say(f"refused but changed the diary: {argv[2:4]!r}")
    return {"inputs_tried": tried, "tracebacks": tracebacks, "diaries_changed_by_refusals": changed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.faults", description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--fuzz", type=int, default=300, help="hostile inputs (import files, CLI args)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    say = lambda line: print(line, file=sys.stderr, flush=True)  # noqa: E731
    started = datetime.now()
    result = {**run_fuzz(args.fuzz, rng, say), **run_kills(args.kills, rng, say)}
    result["wall_s"] = round((datetime.now() - started).total_seconds(), 1)
    print(json.dumps(result, indent=2) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
    failed = result["messages_lost"] or result["start_failures"] or result["checks_failed"]
    return 1 if failed or result["tracebacks"] or result["diaries_changed_by_refusals"] else 0


if __name__ == "__main__":
    sys.exit(main())
