"""The UI bench's report of where the other threads were at a late tick (``other_threads_now``), and of the
hypervisor's steal.

It runs on the window's thread inside a tick, so it must not read source files: what it costs is charged
to the next tick's stall.
"""

from __future__ import annotations

import linecache
import os
import threading
from pathlib import Path

from tests.bench.ui import WHERE_FRAMES, _Steal, other_threads_now


def _parked(ready: threading.Event, release: threading.Event) -> None:
    ready.set()
    release.wait()


def test_it_names_another_threads_innermost_frames_without_reading_source() -> None:
    ready, release = threading.Event(), threading.Event()
    worker = threading.Thread(target=_parked, args=(ready, release), name="parked-worker", daemon=True)
    worker.start()
    ready.wait()
    linecache.clearcache()
    try:
        found = other_threads_now()
    finally:
        release.set()
        worker.join()
    line = next(row for row in found if row.startswith("parked-worker: "))
    frames = line.removeprefix("parked-worker: ").split(" < ")
    assert len(frames) == WHERE_FRAMES
    assert frames[0].startswith("threading.py:") and frames[0].endswith(" wait")  # innermost first
    assert any(f.startswith("test_bench_ui_where.py:") and f.endswith(" _parked") for f in frames)
    assert not any(row.startswith(f"{threading.current_thread().name}: ") for row in found)
    assert linecache.cache == {}  # no source file was read


def test_the_hypervisors_steal_is_read_as_a_count_that_never_goes_back() -> None:
    """``steal`` (``/proc/stat``): what a virtual machine's host took from its cores, in ms; 0 where there is
    no such file. Read each tick on the window's thread, so it is one short read of an open file."""
    steal = _Steal()
    first = steal.read()
    second = steal.read()
    assert 0.0 <= first <= second
    if Path("/proc/stat").exists():
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        assert fields[0] == "cpu" and first <= int(fields[8]) * 1000 / os.sysconf("SC_CLK_TCK")
