"""The faults benchmark's store kills: ``hearth`` SIGKILLed while it migrates an old-schema diary, while
``hearth backup`` copies a diary and while ``hearth restore`` brings a backup back.

None announces a moment a kill could aim at, so each run is watched from outside: once the child has the
diary open (``/proc/PID/fd``), it is killed after a random delay within about the time the work takes
(measured once per run), and the kill is classified afterwards by what the files show — ``migration``
(the migrations were not all recorded: the kill landed during the open's checks or the migration itself)
or ``after_migration``; ``backup`` (a ``.partial`` copy was left behind), ``after_backup`` (the new backup
is complete) or ``before_backup``; ``restore`` (its undo backup had begun) or ``before_restore``. A run
that ended before its SIGKILL is ``ended``: no kill landed, and it is not counted as one.

The diaries are large on purpose (``OLD_MESSAGES`` messages, a version-1 schema without the search index,
so the migration rebuilds FTS5 over all of them), so the work lasts long enough to be hit. They are built
once per run (``prepare``; kept beside the journal, so a resumed run does not build them again) and each
migration kill copies its seed (a few megabytes: milliseconds); backup and restore kills all work on one
big current diary, so what each kill leaves behind meets the next. After each kill every message of that
diary must be there with its text, SQLite's and FTS5's checks must pass, the next start must succeed, and
no partial copy of the diary may outlive that start (it would hold text a later deletion does not reach).
The next start is a real ``hearth`` process: for a migration kill a ``hearth search`` of the copy, for the
big diary the next backup or restore kill's own process (one that ends by itself with an error is a start
failure); then the store's start in this process (``Diary.open``, which also shreds a killed backup's
partial copy) and the content checks.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import IO, Any

from app.store import Diary
from app.store import backup as backup_module
from app.store import migrations as mig
from app.store.backup import BACKUP_DIR, list_backups
from app.store.index_repair import index_is_sound
from tests.bench.faults_chat import stderr_tail

OLD_MESSAGES = 40_000
WORDS = ("river walk Rex Anna Lisbon shed roof Nora tea library choir harbour novel draft kiwi doctor "  # noqa: SIM905
         "morning evening hopeful tired garden letter train rain").split()
POLL_S = 0.01  # watching /proc from this process must not starve the child on a loaded machine
START_TIMEOUT_S = 120


@dataclass
class StoreKills:
    """Seeds made once per run, and the kills of the store's long work."""

    root: Path
    seeds: dict[int, Path] = field(default_factory=dict)  # schema version -> an old diary's folder
    _stderr: dict[int, Path] = field(default_factory=dict)  # a running child's pid -> its stderr file
    expected: str = ""  # digest of (id, text) of every seeded message
    migrate_s: float = 1.0  # how long opening (checks + migration) of an old diary takes, measured
    backup_s: float = 0.5  # how long a backup of the big diary takes, measured
    restore_s: float = 1.0  # how long a restore of the big diary takes, measured
    run: str = "run"  # names this kill's stderr files (``stderr/<run>-<command>.txt``); set per kill

    @property
    def big(self) -> Path:
        """A current diary of ``OLD_MESSAGES`` messages (the version-1 seed, migrated) for backups."""
        return self.root / "big"

    # -- seeds ---------------------------------------------------------------------------------------
    def prepare(self) -> None:
        """One old-schema diary per earlier version and one big current diary; kept for a resumed run."""
        # The checks' "next start" comes long after the kill, as it would in life: a partial copy is stale.
        backup_module.STALE_PARTIAL = timedelta(0)
        made = self.root / "prepared.json"
        if made.exists():
            self.__dict__.update(json.loads(made.read_text(encoding="utf-8")))
            self.seeds = {v: self.root / f"seed-v{v}" for v in range(1, len(mig.MIGRATIONS))}
            return
        shutil.rmtree(self.root, ignore_errors=True)
        first = self.root / "seed-v1"
        self.expected = _seed_old(first / "hearth.db")
        self.seeds[1] = first
        for version in range(2, len(mig.MIGRATIONS)):  # the same diary as each later Hearth left it
            folder = self.root / f"seed-v{version}"
            shutil.copytree(first, folder)
            conn = sqlite3.connect(folder / "hearth.db", isolation_level=None)
            mig.migrate(conn, upto=version)
            conn.close()
            self.seeds[version] = folder
        self._measure()
        figures = {"expected": self.expected, "migrate_s": self.migrate_s, "backup_s": self.backup_s,
                   "restore_s": self.restore_s}
        made.write_text(json.dumps(figures), encoding="utf-8")

    def _measure(self) -> None:
        shutil.copytree(self.seeds[1], self.big)
        started = time.monotonic()
        Diary.open(self.big).close()
        self.migrate_s = time.monotonic() - started
        started = time.monotonic()
        with Diary.open(self.big) as diary:
            latest = diary.backup()
        self.backup_s = time.monotonic() - started
        started = time.monotonic()
        with Diary.open(self.big) as diary:
            diary.restore(latest)
        self.restore_s = time.monotonic() - started

    # -- kills ---------------------------------------------------------------------------------------
    def kill_migration(self, rng: random.Random) -> dict[str, Any]:
        # mostly version 1 (its migration builds the search index over every message: the long one)
        version = 1 if rng.random() < 0.75 else rng.randint(2, len(mig.MIGRATIONS) - 1)
        folder = self.root / "migrating"
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(self.seeds[version], folder)
        proc = self._start(folder, "chat", "--json", "--n-ctx", "1024")
        landed = _kill_when_open(proc, folder / "hearth.db", rng.uniform(0, self.migrate_s * 0.8))
        self._failed_start(proc, False)  # killed (its stderr file is kept only if it said something)
        with sqlite3.connect(folder / "hearth.db") as conn:
            applied = mig.applied(conn)
        conn.close()
        real = self._start(folder, "search", "walk", "--limit", "1")  # the next start: a real process
        real.wait(timeout=START_TIMEOUT_S)
        phase = "migration" if len(applied) < len(mig.MIGRATIONS) else "after_migration"
        return {"phase": phase if landed else "ended", "landed": landed, "version": version,
                **self._failed_start(real, real.returncode != 0), **self._check(folder)}

    def kill_backup(self, rng: random.Random) -> dict[str, Any]:
        self._settle()
        before = set(list_backups(self.big))
        proc = self._start(self.big, "backup")
        if rng.random() < 0.5:  # a random moment once the diary is open
            landed = _kill_when_open(proc, self.big / "hearth.db", rng.uniform(0, self.backup_s * 1.5))
        else:  # a random moment once the copy has begun
            landed = _kill_when(proc, lambda: _has_partial(self.big), rng.uniform(0, 0.2))
        partial = _has_partial(self.big)
        made = set(list_backups(self.big)) - before
        figures = self._check_big()
        figures["check_failed"] += sum(not _backup_sound(path) for path in made)
        phase = "backup" if partial else "after_backup" if made else "before_backup"
        return {"phase": phase if landed else "ended", "landed": landed,
                **self._failed_start(proc, not landed and proc.returncode != 0), **figures}

    def kill_restore(self, rng: random.Random) -> dict[str, Any]:
        """``hearth restore`` of a backup of the big diary, killed a random moment after it opened the diary.

        ``restore`` when the restore had begun (its undo backup, complete or partial, is there), else
        ``before_restore``; a restore that finished before the kill is ``ended``."""
        before = set(list_backups(self.big))
        chosen = rng.choice(sorted(before))
        proc = self._start(self.big, "restore", str(chosen))
        landed = _kill_when_open(proc, self.big / "hearth.db", rng.uniform(0, self.restore_s * 1.2))
        begun = _has_partial(self.big) or bool(set(list_backups(self.big)) - before)
        figures = self._check_big()
        phase = "restore" if begun else "before_restore"
        return {"phase": phase if landed else "ended", "landed": landed,
                "chosen": _backup_kind(chosen, before),
                **self._failed_start(proc, not landed and proc.returncode != 0), **figures}

    # -- the children's stderr -----------------------------------------------------------------------
    def _start(self, data_dir: Path, *args: str) -> subprocess.Popen[bytes]:
        """A real ``hearth`` process whose stderr goes to ``stderr/<run>-<command>.txt`` under the root."""
        path = self.root / "stderr" / f"{self.run}-{args[0]}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as err:  # the child has its own copy of the descriptor
            proc = _start(data_dir, *args, stderr=err)
        self._stderr[proc.pid] = path
        return proc

    def _failed_start(self, proc: subprocess.Popen[bytes], failed: bool) -> dict[str, Any]:
        """``real_start_failed`` for a child that ended by itself with an error, with its exit code and the
        last lines of its stderr (the diaries are synthetic: no person's text); an empty stderr file goes."""
        path = self._stderr.pop(proc.pid, None)
        exists = path is not None and path.exists()
        text = path.read_text(encoding="utf-8", errors="replace") if path is not None and exists else ""
        if path is not None and exists and not text:
            path.unlink()
        if not failed:
            return {"real_start_failed": 0}
        return {"real_start_failed": 1, "exit_code": proc.returncode,
                "stderr": stderr_tail(text)}

    def _check_big(self) -> dict[str, Any]:
        """The checks, then what the store's start left in the backups folder: files that are not
        backups (a partial copy, its side files, a file being shredded) and listed backups that are not
        whole SQLite files (a restore picks among them: a damaged one fails it)."""
        figures = self._check(self.big)
        figures["partial_left"] = len(_leftovers(self.big))
        figures["backups_damaged"] = sum(not _looks_whole(path) for path in list_backups(self.big))
        figures["check_failed"] += figures["backups_damaged"]
        return figures

    def _settle(self) -> None:
        """A partial copy left by a kill the checks never followed (the bench itself was stopped, and
        resumed) is shredded by the store's start first: it would pass for this kill's own."""
        if _has_partial(self.big):
            Diary.open(self.big).close()

    # -- checks --------------------------------------------------------------------------------------
    def _check(self, folder: Path) -> dict[str, Any]:
        """The store's start, every seeded message, SQLite's and FTS5's checks."""
        figures = {"old_checked": OLD_MESSAGES, "old_lost": 0, "start_failed": 0, "check_failed": 0}
        try:
            Diary.open(folder).close()
        except Exception:  # noqa: BLE001 - exactly what is being counted
            return {**figures, "start_failed": 1, "old_lost": OLD_MESSAGES, "check_failed": 1}
        with sqlite3.connect(folder / "hearth.db") as conn:
            found = dict(conn.execute("SELECT id, text FROM message"))
            ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok" and index_is_sound(conn)
        conn.close()
        if _digest(found) != self.expected:
            figures["old_lost"] = sum(1 for i in range(1, OLD_MESSAGES + 1) if found.get(i) != _text(i))
        figures["check_failed"] = int(not ok)
        return figures


def _text(i: int) -> str:
    rng = random.Random(i)
    return f"Entry {i}: " + " ".join(rng.choice(WORDS) for _ in range(12)) + "."


def _digest(rows: dict[int, str]) -> str:
    h = hashlib.sha256()
    for key in sorted(rows):
        h.update(f"{key}\x00{rows[key]}\x01".encode())
    return h.hexdigest()


def _seed_old(path: Path) -> str:
    """A diary at schema version 1 (no search index yet) with ``OLD_MESSAGES`` messages, written as the
    first Hearth would have (plain sqlite3, rollback journal); the digest of its messages."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    conn = sqlite3.connect(path, isolation_level=None)
    mig.migrate(conn, upto=1)
    conn.execute("BEGIN")
    per_day = 200
    for day in range(OLD_MESSAGES // per_day):
        when = date(2025, 1, 1) + timedelta(days=day)
        stamp = f"{when.isoformat()} 10:00:00.000000"
        conn.execute("INSERT INTO conversation(id, title, day, created_at, updated_at) "
                     "VALUES (?, '', ?, ?, ?)", (day + 1, when.isoformat(), stamp, stamp))
        rows = [(day * per_day + k + 1, day + 1, "user" if k % 2 == 0 else "assistant",
                 _text(day * per_day + k + 1), stamp) for k in range(per_day)]
        conn.executemany("INSERT INTO message(id, conversation_id, role, text, created_at, status) "
                         "VALUES (?, ?, ?, ?, ?, 'complete')", rows)
    conn.execute("COMMIT")
    conn.close()
    os.chmod(path, 0o600)
    return _digest({i: _text(i) for i in range(1, OLD_MESSAGES + 1)})


def _start(data_dir: Path, *args: str, stderr: IO[bytes]) -> subprocess.Popen[bytes]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen([sys.executable, "-m", "app", "--data-dir", str(data_dir), *args],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=stderr, env=env)


def _backup_kind(chosen: Path, backups: set[Path]) -> str:
    """Which of the backups a restore chose, by age: ``newest``, ``oldest`` or ``middle``."""
    ordered = sorted(backups)
    return "newest" if chosen == ordered[-1] else "oldest" if chosen == ordered[0] else "middle"


def _kill_when_open(proc: subprocess.Popen[bytes], db: Path, delay: float) -> bool:
    """SIGKILL ``proc`` ``delay`` seconds after it opened ``db`` (or when it ends, whichever is first);
    True if the kill met a live process."""
    fds = Path(f"/proc/{proc.pid}/fd")
    return _kill_when(proc, lambda: _has_open(fds, db), delay)


def _kill_when(proc: subprocess.Popen[bytes], ready: Callable[[], bool], delay: float) -> bool:
    """SIGKILL ``proc`` ``delay`` seconds after ``ready()`` (or when it ends, whichever is first);
    True if the kill met a live process."""
    deadline = time.monotonic() + START_TIMEOUT_S
    try:
        while proc.poll() is None and time.monotonic() < deadline and not ready():
            time.sleep(POLL_S)
        time.sleep(delay)  # a benchmark, not a test: a random moment is the point
    finally:
        landed = proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=START_TIMEOUT_S)
    return landed


def _has_open(fds: Path, db: Path) -> bool:
    target = str(db)
    try:
        for fd in fds.iterdir():
            with_link = os.readlink(fd) if fd.is_symlink() else ""
            if with_link == target:
                return True
    except OSError:
        return False
    return False


def _has_partial(data_dir: Path) -> bool:
    return any(p.name.endswith(".partial") for p in (data_dir / BACKUP_DIR).iterdir())


def _leftovers(data_dir: Path) -> list[Path]:
    """Files in the backups folder that are not backups, and a restore's staging copy beside the diary."""
    listed = set(list_backups(data_dir))
    found = [p for p in (data_dir / BACKUP_DIR).iterdir() if p not in listed]
    staged = data_dir / "hearth.db.restore"
    return found + ([staged] if staged.exists() else [])


def _looks_whole(path: Path) -> bool:
    """A plain SQLite file's header (the bench's diaries are not encrypted): a shredded backup has zeros."""
    try:
        with path.open("rb") as fh:
            return fh.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def _backup_sound(path: Path) -> bool:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
        return bool(ok)
    except sqlite3.Error:
        return False
