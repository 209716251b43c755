"""Nothing committed is ever lost: concurrent writers, SIGKILL mid-write, a full disk."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import event

from app.store import Diary, DiaryKey, DiskFull
from tests.cipher_pages import connect_raw

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import sys
from datetime import date
from pathlib import Path
from app.store import Diary

diary = Diary.open(Path(sys.argv[1]))
cid = diary.conversation_for_day(date(2026, 1, 1)).id
print("ready", flush=True)
i = 0
while True:
    message = diary.add_message(cid, "user", f"crash entry {i} " + "word " * (i * 37 % 3000))
    print(message.id, flush=True)
    i += 1
"""


def test_two_threads_writing_lose_nothing_and_never_see_locked(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
        errors: list[BaseException] = []
        written: dict[str, list[int]] = {"ui": [], "worker": []}
        start = threading.Barrier(2)

        def writer(name: str) -> None:
            try:
                start.wait()
                for i in range(1000):
                    written[name].append(diary.add_message(cid, "user", f"{name} {i}").id or 0)
                    if i % 100 == 0:
                        diary.messages(cid, limit=20)  # readers interleave with the writers
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=writer, args=(name,)) for name in written]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        stored = {m.id: m.text for m in diary.messages(cid)}
        assert len(stored) == 2000
        for name, ids in written.items():
            assert [stored[i] for i in ids] == [f"{name} {i}" for i in range(1000)]


def test_sigkill_mid_write_loses_no_committed_message(data_dir: Path) -> None:
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    committed: list[int] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _round in range(20):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(data_dir)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready", child.stderr.read() if child.stderr else ""
        for _ in range(rng.randint(1, 40)):
            line = child.stdout.readline()
            assert line, child.stderr.read() if child.stderr else ""
            committed.append(int(line))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        if child.stderr:
            child.stderr.close()
    with Diary.open(data_dir) as diary:
        assert diary.integrity_check() == "ok"
        present = {m.id for m in diary.messages(diary.conversation_for_day(date(2026, 1, 1)).id or 0)}
    assert set(committed) <= present
    assert len(committed) >= 20


def _limit_pages(diary: Diary, extra: int) -> None:
    with diary.engine.connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
    event.listen(diary.engine, "connect", lambda c, _r: c.execute(f"PRAGMA max_page_count = {pages + extra}"))
    diary.engine.dispose()


def test_full_database_fails_clearly_and_keeps_what_was_saved(data_dir: Path) -> None:
    diary = Diary.open(data_dir)
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    before = [diary.add_message(cid, "user", f"saved {i} " * 40).id for i in range(30)]
    _limit_pages(diary, 4)
    saved_while_filling: list[int | None] = []
    with pytest.raises(DiskFull) as err:
        for i in range(1000):
            saved_while_filling.append(diary.add_message(cid, "user", f"filling {i} " * 200).id)
    assert "full" in str(err.value) and "safe" in err.value.hint
    with pytest.raises(DiskFull):  # it keeps failing cleanly, without corrupting anything
        diary.add_message(cid, "user", "still too much " * 400)
    diary.close()
    with Diary.open(data_dir) as reopened:  # no page limit any more: like freeing disk space
        ids = [m.id for m in reopened.messages(cid)]
        assert ids == before + saved_while_filling
        assert reopened.integrity_check() == "ok"
        assert reopened.add_message(cid, "user", "space again").id


@pytest.fixture
def tiny_filesystem(tmp_path: Path) -> Iterator[Path]:
    """A 600 KB tmpfs: a really full disk (needs root and ``mount``; skipped otherwise)."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a tmpfs needs root")
    mount_point = tmp_path / "tiny"
    mount_point.mkdir()
    result = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=600k,mode=0700", "tmpfs", str(mount_point)], capture_output=True
    )
    if result.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def test_really_full_disk_fails_clearly_and_keeps_what_was_saved(
    tiny_filesystem: Path, mode_key: DiaryKey | None
) -> None:
    data_dir = tiny_filesystem / "hearth"
    diary = Diary.open(data_dir)
    cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
    saved: list[int | None] = []
    with pytest.raises(DiskFull):
        for i in range(10_000):
            saved.append(diary.add_message(cid, "user", f"entry {i} " + "x" * 2000).id)
    assert len(saved) >= 3
    diary.close()
    conn = connect_raw(data_dir / "hearth.db", mode_key)
    try:
        present = {row[0] for row in conn.execute("SELECT id FROM message")}
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
    assert set(saved) <= present
