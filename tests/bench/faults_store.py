"""The faults benchmark's store kills: ``hearth`` SIGKILLed while it migrates an old-schema diary, and
while ``hearth backup`` copies a diary.

Neither announces a moment a kill could aim at, so each run is watched from outside: once the child has
the diary file open (``/proc/PID/fd``), it is killed after a random delay within about the time the work
takes, and the kill is classified afterwards by what the files show — ``migration`` (the migrations were
not all recorded: the kill landed during the open's checks or the migration itself) or
``after_migration``; ``backup`` (a ``.partial`` copy was left behind), ``after_backup`` (the new backup
is complete) or ``before_backup``.

The diaries are large on purpose (``OLD_MESSAGES`` messages, a version-1 schema without the search index,
so the migration rebuilds FTS5 over all of them), so the work lasts long enough to be hit. After each
kill every message of that diary must be there with its text, SQLite's and FTS5's checks must pass, the
next start must succeed, and no partial copy of the diary may outlive that start (it would hold text a
later deletion does not reach).
"""

from __future__ import annotations

import hashlib
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

from app.store import Diary
from app.store import backup as backup_module
from app.store import migrations as mig
from app.store.backup import BACKUP_DIR, list_backups
from app.store.index_repair import index_is_sound

OLD_MESSAGES = 40_000
WORDS = ("river walk Rex Anna Lisbon shed roof Nora tea library choir harbour novel draft kiwi doctor "  # noqa: SIM905
         "morning evening hopeful tired garden letter train rain").split()
POLL_S = 0.002
START_TIMEOUT_S = 120


@dataclass
class StoreKills:
    """Seeds made once per run, and what the store kills found."""

    root: Path
    rng: random.Random
    seeds: dict[int, Path] = field(default_factory=dict)  # schema version -> an old diary's folder
    expected: str = ""  # digest of (id, text) of every seeded message
    migrate_s: float = 1.0  # how long opening (checks + migration) of an old diary takes, measured
    backup_s: float = 0.5  # how long `hearth backup` of the big diary takes once it has it open
    big: Path | None = None
    messages_checked: int = 0
    lost: int = 0
    start_failures: int = 0
    checks_failed: int = 0
    partial_copies_left: int = 0

    # -- seeds ---------------------------------------------------------------------------------------
    def prepare(self) -> None:
        """One old-schema diary per earlier version, and one big current diary for backup kills."""
        # The checks' "next start" comes long after the kill, as it would in life: a partial copy is stale.
        backup_module.STALE_PARTIAL = timedelta(0)
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
        probe = self.root / "probe"
        shutil.copytree(self.seeds[1], probe)
        started = time.monotonic()
        Diary.open(probe).close()
        self.migrate_s = time.monotonic() - started
        self.big = probe  # migrated: a current diary of OLD_MESSAGES messages
        started = time.monotonic()
        with Diary.open(probe) as diary:
            diary.backup()
        self.backup_s = time.monotonic() - started

    # -- kills ---------------------------------------------------------------------------------------
    def kill_migration(self) -> str:
        # mostly version 1 (its migration builds the search index over every message: the long one)
        version = 1 if self.rng.random() < 0.75 else self.rng.randint(2, len(mig.MIGRATIONS) - 1)
        folder = self.root / "migrating"
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(self.seeds[version], folder)
        proc = _start(folder, "chat", "--json", "--n-ctx", "1024")
        _kill_when_open(proc, folder / "hearth.db", self.rng.uniform(0, self.migrate_s * 0.8))
        with sqlite3.connect(folder / "hearth.db") as conn:
            applied = mig.applied(conn)
        conn.close()
        self._check(folder)
        return "migration" if len(applied) < len(mig.MIGRATIONS) else "after_migration"

    def kill_backup(self) -> str:
        assert self.big is not None
        before = set(list_backups(self.big))
        proc = _start(self.big, "backup")
        if self.rng.random() < 0.5:  # a random moment once the diary is open
            _kill_when_open(proc, self.big / "hearth.db", self.rng.uniform(0, self.backup_s * 1.5))
        else:  # a random moment once the copy has begun
            _kill_when(proc, lambda: _has_partial(self.big), self.rng.uniform(0, 0.2))
        partial = _has_partial(self.big)
        made = set(list_backups(self.big)) - before
        self._check(self.big)
        self.partial_copies_left += _has_partial(self.big)
        for path in made:
            self.checks_failed += not _backup_sound(path)
        return "backup" if partial else "after_backup" if made else "before_backup"

    # -- checks --------------------------------------------------------------------------------------
    def _check(self, folder: Path) -> None:
        """The next start, every seeded message, SQLite's and FTS5's checks."""
        self.messages_checked += OLD_MESSAGES
        try:
            Diary.open(folder).close()
        except Exception:  # noqa: BLE001 - exactly what is being counted
            self.start_failures += 1
            self.lost += OLD_MESSAGES
            return
        with sqlite3.connect(folder / "hearth.db") as conn:
            found = dict(conn.execute("SELECT id, text FROM message"))
            ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok" and index_is_sound(conn)
        conn.close()
        if _digest(found) != self.expected:
            expected_ids = range(1, OLD_MESSAGES + 1)
            self.lost += sum(1 for i in expected_ids if found.get(i) != _text(i))
        self.checks_failed += not ok

    def figures(self) -> dict[str, int]:
        return {
            "old_diary_messages_checked": self.messages_checked,
            "old_diary_messages_lost": self.lost,
            "store_start_failures": self.start_failures,
            "store_checks_failed": self.checks_failed,
            "partial_backup_copies_left": self.partial_copies_left,
        }


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


def _start(data_dir: Path, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen([sys.executable, "-m", "app", "--data-dir", str(data_dir), *args],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=env)


def _kill_when_open(proc: subprocess.Popen[bytes], db: Path, delay: float) -> None:
    """SIGKILL ``proc`` ``delay`` seconds after it opened ``db`` (or when it ends, whichever is first)."""
    fds = Path(f"/proc/{proc.pid}/fd")
    _kill_when(proc, lambda: _has_open(fds, db), delay)


def _kill_when(proc: subprocess.Popen[bytes], ready: Callable[[], bool], delay: float) -> None:
    """SIGKILL ``proc`` ``delay`` seconds after ``ready()`` (or when it ends, whichever is first)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    try:
        while proc.poll() is None and time.monotonic() < deadline and not ready():
            time.sleep(POLL_S)
        time.sleep(delay)  # a benchmark, not a test: a random moment is the point
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=START_TIMEOUT_S)


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


def _backup_sound(path: Path) -> bool:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
        return bool(ok)
    except sqlite3.Error:
        return False
