"""The faults benchmark's chat kills: ``hearth chat --json`` SIGKILLed at a moment its own events announce.

One diary is written by every chat kill of a run (its folder survives an interrupted run, for
``--resume``): damage, interrupted replies and unfinished folds accumulate, and the checks after each kill
see all of it. Each run is a real ``hearth`` process (the real CLI, the bundled tiny model, a 640-token
context so folds happen often; replies "short", the person's own setting, so a turn lasts seconds, not half a
minute — the length of a reply is not what is being tested). Its lines are written at once and stdin is
closed: the chat reads the next line only when the last turn's background work is done, and ends when
all is done, so no moment is waited for with a timeout.

Phases, aimed at in turn:

* ``before_commit`` — a random moment in the second half of the start-up (the diary is open, the model
  loading) before the first line is reported saved; if the report comes first the kill lands on it
  (``at_commit``: what was just reported must be there).
* ``mid_reply`` — a random token of a streaming reply (if none was drawn, the moment the reply is done:
  ``after_reply``; waiting for the next turn would wait for a whole fold, minutes on a loaded machine).
* ``facts`` — the fact-extraction job has started.
* ``fold`` — the fold (summary) job has started; lines shorter than the extractor's minimum are written,
  so the fold is not queued behind a fact extraction.

After each kill: every user message the chat reported saved (``message_added``) is in the diary with its
text, SQLite's ``integrity_check`` and FTS5's ``integrity-check`` pass, and the store's start
(``Diary.open``: checks, migrations, partial copies) succeeds in this process; the real next start is the
next kill's own ``hearth chat`` process — one that ends by itself with an error is a start failure — and
the run ends with one more real start (``final_start``).
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

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
# shorter than the fact extractor's minimum (25 characters): no extraction is queued before the fold
SHORT_LINES = ["Rainy day, stayed in.", "Tea with Nora.", "Long walk with Rex.", "Choir at seven."]
PHASE_EVENTS = {"mid_reply": "token", "facts": "job_started:facts", "fold": "job_started:summary"}
CHAT_PHASES = ("before_commit", "mid_reply", "facts", "fold")
TOKEN_KILL_P = 0.15  # each token of a reply aimed at: a kill spread over the first tens of tokens
RUN_TIMEOUT_S = 600
SETTINGS = {"reply_length": "short"}
N_CTX = "640"  # small, so folds come every few turns and a prompt is evaluated in a few seconds


@dataclass
class ChatRun:
    """What one chat kill did: the phase hit, whether the SIGKILL met a live process, what it reported."""

    phase: str = "ended"
    landed: bool = False
    reported: dict[int, str] = field(default_factory=dict)
    exit_code: int | None = None
    stderr: str = ""


@dataclass
class ChatKills:
    """The chat diary of a run and the messages its chats reported saved (kept beside it for a resume)."""

    root: Path
    reported: dict[int, str] = field(default_factory=dict)
    start_to_commit_s: float = 3.0  # Popen → first ``message_added``, measured as the run goes

    @property
    def data_dir(self) -> Path:
        return self.root / "diary"

    @property
    def _state(self) -> Path:
        return self.root / "chat-state.json"

    def prepare(self) -> None:
        """The diary folder (0700, as Hearth makes it) with the bench's settings; an earlier run's state."""
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        settings = self.data_dir / "settings.json"
        if not settings.exists():
            settings.write_text(json.dumps(SETTINGS), encoding="utf-8")
        if self._state.exists():
            state = json.loads(self._state.read_text(encoding="utf-8"))
            self.reported = {int(k): v for k, v in state["reported"].items()}
            self.start_to_commit_s = float(state["start_to_commit_s"])

    def save(self) -> None:
        state = {"reported": self.reported, "start_to_commit_s": self.start_to_commit_s}
        tmp = self._state.with_suffix(".tmp")
        tmp.write_text(json.dumps(state), encoding="utf-8")
        tmp.replace(self._state)

    # -- one kill ------------------------------------------------------------------------------------
    def kill(self, aimed: str, rng: random.Random) -> dict[str, Any]:
        """One ``hearth chat`` run killed in ``aimed`` (or wherever it got to), then the checks."""
        run = self._run(aimed, rng)
        self.reported.update(run.reported)
        lost, open_failed, check_failed = check_chat_diary(self.data_dir, self.reported)
        for mid in lost:
            self.reported.pop(mid)  # counted once
        self.save()
        real_failed = not run.landed and run.exit_code not in (0, None)
        return {"phase": run.phase, "landed": run.landed, "reported": len(run.reported), "lost": len(lost),
                "start_failed": int(open_failed), "real_start_failed": int(real_failed),
                "check_failed": int(check_failed),
                **({"exit_code": run.exit_code, "stderr": stderr_tail(run.stderr)} if real_failed else {})}

    def _run(self, aimed: str, rng: random.Random) -> ChatRun:
        err_path = self.root / "chat-stderr.txt"
        with err_path.open("w", encoding="utf-8") as err:
            started = time.monotonic()
            proc = hearth(self.data_dir, "chat", "--json", "--n-ctx", N_CTX, stderr=err)
            assert proc.stdin is not None and proc.stdout is not None
            lines: queue.Queue[str] = queue.Queue()
            threading.Thread(target=_pump, args=(proc.stdout, lines), daemon=True).start()
            pool = SHORT_LINES if aimed == "fold" else LINES
            proc.stdin.write("".join(rng.choice(pool) + "\n" for _ in range(rng.randint(1, 3))))
            proc.stdin.close()  # the chat ends by itself once all is done: "ended", no kill landed
            run = ChatRun()
            try:
                if aimed == "before_commit":
                    until = started + rng.uniform(0.5, 1.0) * self.start_to_commit_s
                    run.phase = self._read(lines, run, "message_added", rng, until=until)
                else:
                    run.phase = self._read(lines, run, PHASE_EVENTS[aimed], rng)
            finally:
                run.landed = proc.poll() is None
                proc.send_signal(signal.SIGKILL)
                code = proc.wait(timeout=RUN_TIMEOUT_S)
        if run.landed and run.phase == "ended":
            run.phase = "exiting"  # its output had ended: the kill met a chat closing down by itself
        if not run.landed:
            run.phase, run.exit_code = "ended", code
            if code != 0:
                run.stderr = err_path.read_text(encoding="utf-8", errors="replace")
        return run

    def _read(
        self, lines: queue.Queue[str], run: ChatRun, target: str, rng: random.Random, until: float = 0.0
    ) -> str:
        """Events until ``target`` (→ the phase aimed at), ``until`` passes (→ before_commit) or the end."""
        started = time.monotonic()
        deadline = until or started + RUN_TIMEOUT_S
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = lines.get(timeout=left)
            except queue.Empty:
                break
            if not line:
                return "ended"
            event = json.loads(line)
            kind = _event_key(event)
            if kind == "message_added" and event.get("role") == "user":
                run.reported[int(event["message_id"])] = str(event["text"])
                if len(run.reported) == 1 and not until:
                    self._learn_start(time.monotonic() - started)
                if target == "message_added":
                    return "at_commit"
            if kind == target and (kind != "token" or rng.random() < TOKEN_KILL_P):
                return {v: k for k, v in PHASE_EVENTS.items()}[kind]
            if kind == "reply_done" and target == "token":
                return "after_reply"  # no token was drawn: kill now, not after the turn's fold (minutes)
        return "before_commit" if until else "timeout"

    def _learn_start(self, seconds: float) -> None:
        """How long a start takes until the first commit (a moving average: the machine's load varies)."""
        self.start_to_commit_s = 0.8 * self.start_to_commit_s + 0.2 * seconds

    def final_start(self) -> bool:
        """One real start of the chat diary after the last kill: ``hearth chat`` with nothing to say."""
        with (self.root / "final-start-stderr.txt").open("w", encoding="utf-8") as err:
            proc = hearth(self.data_dir, "chat", "--json", "--n-ctx", N_CTX, stderr=err)
        assert proc.stdin is not None
        proc.stdin.close()
        return proc.wait(timeout=RUN_TIMEOUT_S) == 0


def hearth(data_dir: Path, *args: str, stderr: IO[str] | int) -> subprocess.Popen[str]:
    """A real ``hearth`` process on ``data_dir`` (stdin and stdout piped, text)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen(
        [sys.executable, "-m", "app", "--data-dir", str(data_dir), *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True, env=env,
    )


def stderr_tail(text: str, lines: int = 12, chars: int = 2000) -> str:
    """The last lines of a child's stderr, for the journal (the bench's diaries are synthetic)."""
    return "\n".join(text.splitlines()[-lines:])[-chars:]


def _event_key(event: dict[str, Any]) -> str:
    kind = event.get("type", "")
    return f"{kind}:{event.get('kind')}" if kind == "job_started" else str(kind)


def _pump(stream: IO[str], lines: queue.Queue[str]) -> None:
    """Every line ``hearth chat`` prints, into ``lines`` ("" at the end): read with a timeout."""
    for line in stream:
        lines.put(line)
    lines.put("")


def check_chat_diary(data_dir: Path, reported: dict[int, str]) -> tuple[set[int], bool, bool]:
    """(ids of reported messages lost, the store's start failed, a check failed) after a kill."""
    try:
        diary = Diary.open(data_dir)
    except Exception:  # noqa: BLE001 - exactly what is being counted
        return set(reported), True, True
    try:
        lost = {mid for mid, text in reported.items()
                if (found := diary.get_message(mid)) is None or found.text != text}
        ok = diary.integrity_check() == "ok"
    finally:
        diary.close()
    conn = sqlite3.connect(data_dir / "hearth.db")
    try:
        ok = ok and index_is_sound(conn)
    finally:
        conn.close()
    return lost, False, not ok
