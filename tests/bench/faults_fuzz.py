"""The faults benchmark's fuzz: ``app.cli.main`` in-process on a copy of a seeded diary with hostile
arguments and import files (mutated exports, deep nesting, huge and empty texts, bad dates, escapes, odd
numbers). Reported: inputs tried, tracebacks (an exception escaping ``main``, or "Traceback" on stderr —
target 0), unexpected errors (``main``'s catch-all had to say one: an error no layer gave a type — target
0) and diaries changed by a refused command (target 0).
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import json
import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from app.store import Diary
from tests.bench.faults_chat import LINES


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
