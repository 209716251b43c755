"""The UI bench's report of where the other threads were at a late tick (``other_threads_now``), and of the
hypervisor's steal.

It runs on the window's thread inside a tick, so it must not read source files: what it costs is charged
to the next tick's stall.
"""

from __future__ import annotations

import linecache
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

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


def test_the_canary_says_how_many_times_slower_than_usual_the_meters_own_bookkeeping_ran() -> None:
    """A late tick whose own CPU is high may be the app's work, or the machine running everything slowly
    (a virtual machine's host): the meter's own bookkeeping is the same few reads every tick, so its CPU time
    against its median tells the two apart. The worst list's eighth column is that ratio, for the slower of
    the tick's bookkeeping and the one before it (the slow spell may have ended, or begun, at the tick)."""
    from tests.bench.ui import StallMeter

    meter = StallMeter()
    ticks = [(10, 0.1, 0.05), (20, 0.2, 0.05), (60, 30.0, 0.05), (70, 0.1, 1.0), (80, 0.1, 0.05)]
    for at, stall, own_work in ticks:
        meter.at_ms.append(at)
        meter.stalls.append(stall)
        for column in (meter.cpu_ms, meter.runq_ms, meter.blocked_ms, meter.steal_ms):
            column.append(0.0)
        meter.major_faults.append(0)
        meter.own_work_ms.append(own_work)
    worst = meter.worst(2)
    assert [row[0] for row in worst] == [60, 20]
    assert all(len(row) == 8 for row in worst)
    assert worst[0][7] == 1.0  # 0.05 ms against a median of 0.05
    slow_next = sorted(meter.worst(5), key=lambda row: row[0])
    assert [row[7] for row in slow_next] == [1.0, 1.0, 1.0, 20.0, 20.0]  # at 70, and at 80 (the one before)
    assert meter.summary()["canary_median_ms"] == 0.05


def test_late_ticks_are_counted_and_those_the_host_held_back_are_told_apart() -> None:
    """Every tick counts in ``max_stall_ms``; beside it, the late ticks that came while the hypervisor took
    cores (steal) or ran the machine slowly (the canary at 10 or more) are counted, and the worst stall of
    the others is reported on its own."""
    from tests.bench.ui import StallMeter

    meter = StallMeter()
    # (stall, steal, own work): a late tick with steal, a late tick with a crawling canary, a late tick
    # on a quiet machine, and quiet ticks
    ticks = [(0.5, 0.0, 0.05), (40.0, 10.0, 0.05), (0.2, 0.0, 0.05), (30.0, 0.0, 0.9),
             (0.1, 0.0, 0.05), (0.1, 0.0, 0.05), (18.0, 0.0, 0.05), (3.0, 0.0, 0.05), (0.3, 0.0, 0.05)]
    for at, (stall, steal, own_work) in enumerate(ticks):
        meter.at_ms.append(at * 10.0)
        meter.stalls.append(stall)
        for column in (meter.cpu_ms, meter.runq_ms, meter.blocked_ms):
            column.append(0.0)
        meter.steal_ms.append(steal)
        meter.major_faults.append(0)
        meter.own_work_ms.append(own_work)
    summary = meter.summary()
    assert summary["max_stall_ms"] == 40.0
    assert (summary["late_ticks"], summary["late_ticks_host_seen"]) == (3, 2)
    assert summary["max_stall_host_quiet_ms"] == 18.0  # the tick after the crawl is the canary's too


def _busy_until(done: Callable[[], bool], limit_s: float = 10.0) -> None:
    """The window's thread at work (a loop in Python) until ``done``: what an overdue tick looks like."""
    deadline = time.monotonic() + limit_s
    while not done() and time.monotonic() < deadline:
        pass


def test_the_ui_sampler_names_the_window_threads_own_frames_while_a_tick_is_overdue() -> None:
    """``--sample-ui``: the meter says how long a tick was late, the samples say in which code the window's
    own thread spent it."""
    from tests.bench.ui import UiSampler

    meter = SimpleNamespace(interval_ms=10, last_tick_monotonic_s=time.monotonic() - 1.0)  # overdue
    sampler = UiSampler(meter)  # type: ignore[arg-type]
    sampler.start()  # on a busy machine its first sample may come before this thread is in the loop below
    try:
        _busy_until(lambda: any(" _busy_until" in where for _, where in sampler.samples))
    finally:
        sampler.stop()
    assert sampler.samples
    assert any(" _busy_until" in where for _, where in sampler.samples)  # innermost: it or its test


def test_the_ui_samples_are_given_to_the_tick_they_fell_in() -> None:
    """A tick at ``at_ms`` since the phase started, ``stall_ms`` late, covers the interval and the stall
    before it; each sample in it is listed with its ms into the tick."""
    from tests.bench.ui import UiSampler

    sampler = UiSampler(SimpleNamespace(interval_ms=10, last_tick_monotonic_s=0.0))  # type: ignore[arg-type]
    started = 100.0
    sampler.samples[:] = [(started + 0.479, "before"), (started + 0.495, "a < b"), (started + 0.5, "c"),
                          (started + 0.501, "after")]
    found = sampler.at_worst(started, [(500.0, 10.0, 9.0)])
    assert found == {"500.0": ["+15.0 a < b", "+20.0 c"]}
