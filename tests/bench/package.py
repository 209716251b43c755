"""Package benchmark: the standalone archive's size and how fast its binary starts, beside the venv's.

    python -m tests.bench.package [--archive dist/Hearth-<v>-linux-<arch>.tar.gz] [--runs 5] [--json]

Unpacks the archive (from ``make package``) into a temp dir and measures, for the packaged ``hearth``
and for this venv's ``hearth`` side by side:

- ``version``: wall time of ``hearth --version`` — the first run right after unpacking (files just
  written, so in the page cache: "cold" for the program, not for the disk) and the median of the next runs;
- ``chat``: one scripted ``hearth chat --json`` line on the bundled tiny model (a fresh data dir each run):
  time to the first event (the diary is open and the message saved), to the first reply token (the model
  is loaded and the prompt evaluated) and to the reply's end;
- ``window``: ``hearth screenshots`` of one view set (offscreen Qt start, widgets, first paint), total time.

Plus the archive's size and the unpacked size. Every figure comes with the load average it was
measured under (this machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

import app
from app.config import Settings

ROOT = Path(__file__).resolve().parents[2]
LINE = "Today I repotted the basil on the balcony.\n"


def default_archive() -> Path:
    return ROOT / "dist" / f"Hearth-{app.__version__}-{platform.system().lower()}-{platform.machine()}.tar.gz"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k in {"LANG", "LC_ALL", "TMPDIR", "TERM"}}
    env.update(HOME=str(home), PATH="/usr/local/bin:/usr/bin:/bin", QT_QPA_PLATFORM="offscreen",
               HF_HUB_OFFLINE="1")  # fmt: skip
    return env


def timed(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, env=env, cwd=cwd, timeout=600)
    return time.perf_counter() - started


def chat_times(hearth: Path, env: dict[str, str], work: Path) -> dict[str, float]:
    """Seconds from launch to the first event, the first reply token and the reply's end (one line)."""
    data = Path(tempfile.mkdtemp(dir=work))
    Settings(reply_length="short", reply_reserve=64).save(data)
    argv = [str(hearth), "--data-dir", str(data), "chat", "--json", "--n-ctx", "1024"]
    started = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env, cwd=work)  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(LINE)
    proc.stdin.close()
    marks: dict[str, float] = {}
    for row in proc.stdout:
        kind = json.loads(row).get("type", "") if row.strip() else ""
        now = time.perf_counter() - started
        marks.setdefault("first_event_s", now)
        if kind == "token":
            marks.setdefault("first_token_s", now)
        if kind == "reply_done":
            marks.setdefault("reply_done_s", now)
    proc.wait(timeout=600)
    marks["exit_s"] = time.perf_counter() - started
    shutil.rmtree(data, ignore_errors=True)
    return {k: round(v, 3) for k, v in marks.items()}


def measure(hearth: Path, env: dict[str, str], work: Path, runs: int) -> dict[str, Any]:
    version = [timed([str(hearth), "--version"], env, work) for _ in range(runs + 1)]
    chats = [chat_times(hearth, env, work) for _ in range(2)]
    shots = Path(tempfile.mkdtemp(dir=work))
    argv = [
        str(hearth),
        "--data-dir",
        str(shots / "data"),
        "screenshots",
        str(shots / "png"),
        "--theme",
        "light",
    ]
    window = timed(argv, env, work)
    shutil.rmtree(shots, ignore_errors=True)
    return {
        "version_first_s": round(version[0], 3),
        "version_median_s": round(statistics.median(version[1:]), 3),
        "chat_first": chats[0],
        "chat_second": chats[1],
        "screenshots_light_s": round(window, 3),
    }


def run(archive: Path, runs: int) -> dict[str, Any]:
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="hearth-bench-package-") as tmp:
        base = Path(tmp)
        started = time.perf_counter()
        with tarfile.open(archive) as tar:
            tar.extractall(base / "unpacked", filter="tar")
        unpack_s = time.perf_counter() - started
        (folder,) = (base / "unpacked").iterdir()
        home = base / "home"
        home.mkdir()
        packaged = measure(folder / "hearth", clean_env(home), base, runs)
        venv_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HF_HUB_OFFLINE": "1", "HOME": str(home)}
        venv = measure(Path(sys.executable).parent / "hearth", venv_env, base, runs)
        unpacked = folder_size(folder)
    return {
        "archive": archive.name,
        "archive_mb": round(archive.stat().st_size / 1e6, 1),
        "unpacked_mb": round(unpacked / 1e6, 1),
        "unpack_s": round(unpack_s, 2),
        "packaged": packaged,
        "venv": venv,
        "runs": runs,
        "cpu_count": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--archive", type=Path, default=default_archive())
    parser.add_argument("--runs", type=int, default=5, help="--version runs after the first (median)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.archive.is_file():
        print(f"{args.archive} is missing: run `make package` first", file=sys.stderr)
        return 2
    result = run(args.archive, args.runs)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
