"""Faults benchmark: SIGKILLs at random moments, and hostile input to the import and the CLI.

    python -m tests.bench.faults [--kills 1000] [--fuzz 300] [--seed 7] [--minutes M]
                                 [--phases restore,backup] [--out FILE [--resume]] [--json]

Kills (``faults_chat``, ``faults_store``): real ``hearth`` processes SIGKILLed at a moment aimed at in
turn, ten a round — ``before_commit``, ``mid_reply``, ``facts`` and ``fold`` of ``hearth chat`` (its own
events announce them), ``migration`` of an old-schema diary of 40,000 messages, ``backup`` and
``restore`` of a big diary (watched from outside). After every kill: every message reported saved is in
the diary with its text, SQLite's ``integrity_check`` and FTS5's ``integrity-check`` pass, and the next
start succeeds. ``kills`` counts SIGKILLs that met a live process; a run that ended before its kill is
``ended`` in ``runs_by_phase`` and does not count — the run goes on until ``--kills`` kills landed.
``--phases`` aims only at some of them (the schedule with the others left out), e.g. ``restore,backup`` to
hammer the big diary's backups and restores on their own.

Every ``hearth`` child's stderr goes to a file in the run's work dir; a child that ended by itself with an
error (a start failure) has its exit code and the last lines of its stderr in its journal record.

Fuzz (``faults_fuzz``): ``app.cli.main`` in-process with hostile arguments and import files; inputs tried,
tracebacks, unexpected errors and diaries changed by a refused command (each target 0).

``--out FILE`` keeps a journal: one JSON line per kill (phase, figures, seconds, load) and one for the
fuzz, appended as they happen, with the run's diaries in ``FILE.work/``. ``--resume`` continues an
interrupted journal where it stopped (same seed, same diaries, the messages reported so far still
checked); the summary is always computed from the journal, so it says how many kills of how many ran.
``--minutes`` starts no kill after that many minutes (resume later).

Prints JSON with ``kills``, ``kills_requested``, ``complete``, ``kills_by_phase``, ``messages_reported``,
``messages_lost``, ``start_failures`` (and ``start_failures_seen``: exit codes and stderr), ``checks_failed``
(with ``damaged_backups_listed``: backups a restore could pick that are not whole SQLite files),
``partial_backup_copies_left`` (any file in the backups folder that is not a backup), ``seconds_per_kill``,
``inputs_tried``, ``tracebacks``, ``unexpected_errors``, ``diaries_changed_by_refusals`` and the store kills'
own figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from tests.bench.faults_chat import CHAT_PHASES, ChatKills
from tests.bench.faults_fuzz import run_fuzz
from tests.bench.faults_store import OLD_MESSAGES, StoreKills

# Aimed at in turn, ten kills a round: the chat's phases most (they are the person's own writing).
# Every phase at least a tenth of the kills; the cheap ones (a start-up, a backup) twice.
SCHEDULE = (*CHAT_PHASES, "backup", "before_commit", "mid_reply", "migration", "restore", "backup")
PHASES = tuple(dict.fromkeys(SCHEDULE))
MAX_RUNS_PER_KILL = 2  # runs that end before their kill are retried, within reason

Say = Callable[[str], None]


class Journal:
    """The run's JSON lines: a header, one line per kill, one for the fuzz; appended and flushed."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.records: list[dict[str, Any]] = []
        if path is not None and path.exists():
            text = path.read_text(encoding="utf-8")
            self.records = [json.loads(line) for line in text.splitlines() if line.strip()]

    def add(self, record: dict[str, Any]) -> None:
        self.records.append(record)
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(record) + "\n")
                fh.flush()
                os.fsync(fh.fileno())

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [r for r in self.records if r.get("type") == kind]


def run_kills(
    journal: Journal, work: Path, kills: int, seed: int, say: Say, stop_at: float = float("inf"),
    phases: tuple[str, ...] = PHASES,
) -> None:
    """Kills until ``kills`` landed (counting the journal's), none started after ``stop_at``, aimed only
    at ``phases`` (in ``SCHEDULE``'s order)."""
    schedule = tuple(aim for aim in SCHEDULE if aim in phases)
    chat, store = ChatKills(work / "chat"), StoreKills(work / "store")
    chat.prepare()
    started = time.monotonic()
    store.prepare()  # built once per journal: a resumed run finds them ready
    say(f"old-schema diaries ready ({time.monotonic() - started:.1f} s); opening one takes "
        f"{store.migrate_s:.2f} s, a backup {store.backup_s:.2f} s, a restore {store.restore_s:.2f} s")
    runs = journal.of("kill")
    landed = sum(r["landed"] for r in runs)
    n = len(runs)
    while landed < kills and n < kills * MAX_RUNS_PER_KILL:
        if time.monotonic() >= stop_at:
            say(f"time is up after {landed} of {kills} kills")
            break
        aimed = schedule[n % len(schedule)]
        rng = random.Random(seed * 1_000_003 + n)  # the same kill again on a resume
        started = time.monotonic()
        store.run = f"{n:05d}-{aimed}"  # names the children's stderr files
        record = chat.kill(aimed, rng) if aimed in CHAT_PHASES else getattr(store, f"kill_{aimed}")(rng)
        record.update(type="kill", n=n, aimed=aimed, s=round(time.monotonic() - started, 2),
                      load1=round(os.getloadavg()[0], 2))
        journal.add(record)
        n, landed = n + 1, landed + record["landed"]
        _say_kill(say, record, landed, kills)
    if n and any(aim in CHAT_PHASES for aim in schedule):
        ok = chat.final_start()
        journal.add({"type": "final_start", "ok": ok})
        say(f"final real start of the chat diary: {'ok' if ok else 'FAILED'}")


def _say_kill(say: Say, record: dict[str, Any], landed: int, kills: int) -> None:
    keys = ("lost", "old_lost", "start_failed", "real_start_failed", "check_failed", "partial_left",
            "backups_damaged")
    bad = [k for k in keys if record.get(k)]
    aimed, hit, seconds = record["aimed"], record["phase"], record["s"]
    said = f"kill {landed}/{kills}: aimed {aimed:13s} hit {hit:15s} {seconds:5.1f} s"
    code = f" exit {record['exit_code']}" if "exit_code" in record else ""
    say(said + (f"  PROBLEM {bad}{code} {record.get('stderr', '')!r}" if bad else ""))


def summary(journal: Journal, kills_requested: int) -> dict[str, Any]:
    """The run's figures, from the journal alone (so an interrupted run reports what it did)."""
    runs = journal.of("kill")
    landed = [r for r in runs if r["landed"]]

    def total(key: str) -> int:
        return sum(int(r.get(key, 0)) for r in runs)

    by_aim: dict[str, list[float]] = {}
    for r in runs:
        by_aim.setdefault(r["aimed"], []).append(r["s"])
    finals = journal.of("final_start")
    fuzz = journal.of("fuzz")
    chat_lost, old_lost = total("lost"), total("old_lost")
    final_failed = int(not finals[-1]["ok"]) if finals else 0
    starts_failed = total("start_failed") + total("real_start_failed") + final_failed
    seconds = sum(r["s"] for r in runs)
    return {
        "kills": len(landed),
        "kills_requested": kills_requested,
        "complete": len(landed) >= kills_requested,
        "runs": len(runs),
        "kills_by_phase": dict(Counter(r["phase"] for r in landed)),
        "runs_ended_before_kill": len(runs) - len(landed),
        "messages_reported": total("reported"),
        "messages_lost": chat_lost + old_lost,
        "chat_messages_lost": chat_lost,
        "old_diary_messages": OLD_MESSAGES,
        "old_diary_messages_checked": total("old_checked"),
        "old_diary_messages_lost": old_lost,
        "start_failures": starts_failed,
        "real_start_failures": total("real_start_failed"),
        "final_real_start": ("ok" if finals[-1]["ok"] else "failed") if finals else "not run",
        "checks_failed": total("check_failed"),
        "partial_backup_copies_left": total("partial_left"),
        "damaged_backups_listed": total("backups_damaged"),
        "start_failures_seen": [{k: r[k] for k in ("n", "aimed", "exit_code", "stderr") if k in r}
                                for r in runs if r.get("real_start_failed")][:10],
        "seconds_per_kill": round(seconds / len(landed), 2) if landed else None,
        "seconds_per_run_by_aim": {k: round(sum(v) / len(v), 2) for k, v in sorted(by_aim.items())},
        "kill_seconds_total": round(seconds, 1),
        "load1_during_kills": _spread([r["load1"] for r in runs]),
        **(fuzz[-1]["figures"] if fuzz else {"inputs_tried": 0, "fuzz": "not run"}),
    }


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {"min": ordered[0], "median": ordered[len(ordered) // 2], "max": ordered[-1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.faults", description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--fuzz", type=int, default=300, help="hostile inputs (import files, CLI args)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--minutes", type=float, default=float("inf"),
                        help="start no kill after this many minutes (the result says how many were done)")
    parser.add_argument("--out", type=Path, help="the journal (JSON lines); the diaries go in OUT.work/")
    parser.add_argument("--resume", action="store_true", help="continue the journal --out names")
    parser.add_argument("--phases", type=_phases, default=PHASES,
                        help=f"aim only at these, comma-separated (default: all of {','.join(PHASES)})")
    args = parser.parse_args(argv)
    if args.out is not None and args.out.exists() and not args.resume:
        parser.error(f"{args.out} exists: add --resume to continue it, or name another file")
    if args.resume and (args.out is None or not args.out.exists()):
        parser.error("--resume needs the journal of an earlier run (--out FILE)")
    journal = Journal(args.out)
    header = journal.of("run")
    if header:  # a resumed run keeps its first seed, count and phases
        args.seed, args.kills = header[0]["seed"], header[0]["kills"]
        args.phases = tuple(header[0].get("phases", PHASES))
    else:
        journal.add({"type": "run", "seed": args.seed, "kills": args.kills, "fuzz": args.fuzz,
                     "phases": list(args.phases), "started": datetime.now().isoformat(timespec="seconds")})
    started = time.monotonic()
    load_at_start = [round(x, 2) for x in os.getloadavg()]
    say: Say = lambda line: print(f"[{time.monotonic() - started:7.1f} s] {line}",  # noqa: E731
                                  file=sys.stderr, flush=True)
    stop_at = started + args.minutes * 60
    if args.fuzz and not journal.of("fuzz"):
        journal.add({"type": "fuzz", "figures": run_fuzz(args.fuzz, random.Random(args.seed), say)})
    if args.out is not None:
        work = args.out.with_name(args.out.name + ".work")
        run_kills(journal, work, args.kills, args.seed, say, stop_at, args.phases)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            run_kills(journal, Path(tmp), args.kills, args.seed, say, stop_at, args.phases)
    result = summary(journal, args.kills)
    result["phases"] = list(args.phases)
    result.update(load_average_start=load_at_start, load_average_end=[round(x, 2) for x in os.getloadavg()],
                  wall_s_this_session=round(time.monotonic() - started, 1),
                  journal=str(args.out) if args.out else None)
    print(json.dumps(result, indent=2) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
    return 1 if _failed(result) else 0


def _phases(text: str) -> tuple[str, ...]:
    """``--phases``: names from ``PHASES``, comma-separated, at least one."""
    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    unknown = [name for name in names if name not in PHASES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown phase {unknown or text!r}: choose from {','.join(PHASES)}")
    return names


def _failed(result: dict[str, Any]) -> bool:
    keys = ("messages_lost", "start_failures", "checks_failed", "partial_backup_copies_left", "tracebacks",
            "unexpected_errors", "diaries_changed_by_refusals")
    return any(result.get(k) for k in keys)


if __name__ == "__main__":
    sys.exit(main())
