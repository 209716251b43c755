"""The faults benchmark's own bookkeeping: its journal, a resumed run, and what its summary counts.

The kills themselves are the benchmark (``python -m tests.bench.faults``, hours of real processes); here
the chat and store kills are stand-ins, so what is checked is that an interrupted run continues where it
stopped with the same random moments, that only SIGKILLs that met a live process are counted as kills,
and that the figures come from the journal alone.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.bench import faults
from tests.bench.faults_store import StoreKills


class _Stand:
    """A stand-in for ``ChatKills`` and ``StoreKills``: records which kills ran with which first draw."""

    migrate_s = backup_s = restore_s = 0.0
    calls: list[tuple[str, float]] = []
    ended: set[str] = set()  # aims whose runs end before the kill (no kill lands)

    def __init__(self, root: Path) -> None:
        self.root = root

    def prepare(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)

    def final_start(self) -> bool:
        return True

    def _kill(self, aimed: str, rng: random.Random) -> dict[str, Any]:
        _Stand.calls.append((aimed, rng.random()))
        landed = aimed not in _Stand.ended
        return {"phase": aimed if landed else "ended", "landed": landed, "reported": 1, "lost": 0}

    def kill(self, aimed: str, rng: random.Random) -> dict[str, Any]:
        return self._kill(aimed, rng)

    def kill_migration(self, rng: random.Random) -> dict[str, Any]:
        return {**self._kill("migration", rng), "old_checked": 10}

    def kill_backup(self, rng: random.Random) -> dict[str, Any]:
        return self._kill("backup", rng)

    def kill_restore(self, rng: random.Random) -> dict[str, Any]:
        return self._kill("restore", rng)


@pytest.fixture
def stand_ins(monkeypatch: pytest.MonkeyPatch) -> type[_Stand]:
    monkeypatch.setattr(faults, "ChatKills", _Stand)
    monkeypatch.setattr(faults, "StoreKills", _Stand)
    monkeypatch.setattr(faults, "run_fuzz", lambda n, rng, say: {"inputs_tried": n, "tracebacks": 0})
    _Stand.calls, _Stand.ended = [], set()
    return _Stand


def _summary(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def test_an_interrupted_run_resumes_with_the_same_moments(
    stand_ins: type[_Stand], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "faults.jsonl"
    assert faults.main(["--kills", "12", "--fuzz", "3", "--out", str(out), "--json", "--minutes", "0"]) == 0
    first = _summary(capsys)
    assert first["kills"] == 0 and first["kills_requested"] == 12 and not first["complete"]
    assert first["inputs_tried"] == 3
    assert faults.main(["--out", str(out), "--resume", "--json"]) == 0
    resumed = _summary(capsys)
    assert resumed["kills"] == 12 and resumed["complete"] and resumed["final_real_start"] == "ok"
    one_go = list(stand_ins.calls)
    stand_ins.calls = []
    again = tmp_path / "again.jsonl"
    assert faults.main(["--kills", "12", "--fuzz", "0", "--out", str(again), "--json"]) == 0
    capsys.readouterr()
    assert stand_ins.calls == one_go  # kill n draws from its own seed: a resume changes no moment
    assert [aimed for aimed, _ in one_go] == [faults.SCHEDULE[n % len(faults.SCHEDULE)] for n in range(12)]
    assert sum(r["type"] == "fuzz" for r in faults.Journal(out).records) == 1  # not fuzzed again


def test_only_kills_that_met_a_live_process_count(
    stand_ins: type[_Stand], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stand_ins.ended = {"restore"}
    assert faults.main(["--kills", "20", "--fuzz", "0", "--out", str(tmp_path / "j.jsonl"), "--json"]) == 0
    result = _summary(capsys)
    assert result["kills"] == 20 and result["runs"] == 22 and result["runs_ended_before_kill"] == 2
    assert "restore" not in result["kills_by_phase"] and "ended" not in result["kills_by_phase"]
    assert result["messages_reported"] == 22 and result["old_diary_messages_checked"] == 20


def test_a_lost_message_fails_the_run(
    stand_ins: type[_Stand], tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lost_one = {"phase": "backup", "landed": True, "lost": 1}
    monkeypatch.setattr(_Stand, "kill_backup", lambda self, rng: lost_one)
    assert faults.main(["--kills", "10", "--fuzz", "0", "--out", str(tmp_path / "j.jsonl"), "--json"]) == 1
    assert _summary(capsys)["messages_lost"] == 2  # two backup kills a round of ten


def test_a_journal_is_not_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "faults.jsonl"
    out.write_text('{"type": "run", "seed": 7, "kills": 5, "fuzz": 0}\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        faults.main(["--out", str(out)])
    with pytest.raises(SystemExit):
        faults.main(["--resume"])
    assert out.read_text(encoding="utf-8").count("\n") == 1


def test_phases_narrow_the_schedule_and_a_resume_keeps_them(
    stand_ins: type[_Stand], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "j.jsonl"
    args = ["--kills", "6", "--fuzz", "0", "--phases", "restore,backup", "--out", str(out), "--json"]
    assert faults.main([*args, "--minutes", "0"]) == 0
    capsys.readouterr()
    assert faults.main(["--out", str(out), "--resume", "--json"]) == 0
    result = _summary(capsys)
    assert result["kills"] == 6 and result["phases"] == ["restore", "backup"]
    assert result["final_real_start"] == "not run"  # no chat was killed: no chat start to check
    assert [aimed for aimed, _ in stand_ins.calls] == ["backup", "restore", "backup"] * 2  # SCHEDULE's order
    with pytest.raises(SystemExit):
        faults.main(["--phases", "restore,lunch"])


def test_a_start_failure_keeps_its_exit_code_and_stderr(tmp_path: Path) -> None:
    """A real ``hearth restore`` that ends by itself with an error: its journal figures say why."""
    store = StoreKills(tmp_path / "store")
    store.run = "00008-restore"
    proc = store._start(tmp_path / "diary", "restore", str(tmp_path / "no-such-backup.db"))
    assert proc.wait(timeout=120) != 0
    figures = store._failed_start(proc, True)
    assert figures["real_start_failed"] == 1 and figures["exit_code"] == proc.returncode
    assert "No backup at" in figures["stderr"] and "Traceback" not in figures["stderr"]
    assert (tmp_path / "store" / "stderr" / "00008-restore-restore.txt").exists()  # kept on disk too
    store.run = "00009-backup"
    proc = store._start(tmp_path / "diary", "backup")
    assert proc.wait(timeout=120) == 0
    assert store._failed_start(proc, False) == {"real_start_failed": 0}
    assert not (tmp_path / "store" / "stderr" / "00009-backup-backup.txt").exists()  # nothing said: gone
