"""Background threads yield the CPU to the window: a thread lowers its own scheduling priority.

On a laptop's few cores the model, the embedder and the memory jobs would otherwise take turns with the UI
thread as equals, and a frame waits for them (the UI bench saw 100 ms stalls while the index embedded the
diary). Linux schedules each thread on its own and lets a thread raise its own ``nice`` value
(``setpriority(PRIO_PROCESS, <thread id>)``); threads it starts — llama.cpp's and the embedder's compute
threads — inherit it. Elsewhere, or where it is not allowed, nothing changes.
"""

from __future__ import annotations

import logging
import os
import sys
import threading

log = logging.getLogger(__name__)

# Near the bottom of the range: a nice value weighs a thread's share against the window's (nice 0, weight
# 1024) — nice 3 is 526, a third of a core, and the UI bench's frames waited 12-22 ms for a core behind the
# model's compute threads; nice 15 is 36, and a waking window thread takes the core at once. On an idle
# machine the reply is as fast (tiny model: 68.5 vs 69.1 tokens/s at nice 3 and 15). Where the desktop gives
# each app a scheduling group of its own (systemd app scopes, autogroup), only Hearth's own threads are
# weighed this way; where Hearth shares a group with another busy program, its reply yields more to it
# than at nice 3 — the window's frames are what we chose to keep. The order among them stays.
# Tried against these values and not kept (UI bench with each change switchable, interleaved pairs, kernel
# 6.18 EEVDF, 2 cores, load 1.4-8 from other sessions; steady-state max stall, medians):
# - a 0.5 ms slice for the window's thread (``sched_setattr``, ``sched_runtime``: allowed unprivileged, it
#   wakes up ahead of the running thread): 29.9 ms against 16.1 (5 pairs; ritual 17.6 against 9.8) — the
#   window takes the core from a worker that holds Python's lock, then waits for the lock instead;
# - SCHED_BATCH for the lowered threads: 15.1 against 18.6, ritual 16.8 against 13.0 (5 pairs): unclear;
# - background model jobs on one core fewer (``llama_set_n_threads`` per job): the lock waits shrank (12.4
#   -> 9.5 ms, lower in 15 of 20 pairs) but the core waits grew, the max stall did not move (18.5 against
#   19.4, over 16 ms in 11 runs of 20 both ways), start-up got worse (22.1 against 14.9) and the background
#   jobs took 18% longer;
# - the Python threads (workers, index, the pool: not the model's) at nice 12, above llama.cpp's: lock
#   waits 7.8 against 10.9 but core waits 27.8 against 8.0, max 27.4 against 15.7 (5 pairs, load 6-8).
# Traced (tests/bench/ui.py says how), the steady state's long ticks are mostly the window waiting for
# Python's lock while its holder — the download, a memory worker — waits in a run queue beside llama.cpp's.
# The download's transfer has since moved to a child process (``app.llm.download_process``), and with it the
# import of huggingface-hub and httpx at its start (traced: 20-200 ms ticks, often a run's worst, with the
# download's thread importing or reading sources through ``inspect``). While a download runs, the window
# waits for the lock 5x less (0.45 -> 0.09 ms per 10 ms tick, lower in 12 of 12 pairs; ticks over 16 ms
# 9 -> 2.5), but the steady state's max stall did not move (67 -> 50 ms, lower in 6 of 12; load 2.7-11):
# its worst ticks come from the memory workers and the model's thread, after the download or beside it.
# The model has since moved to a child process too (``app.llm.model_process``), all of it at MODEL_NICE.
MODEL_NICE = 15  # the model's thread (and llama.cpp's, which it starts): a person waits for the reply
BACKGROUND_NICE = 17  # the controller's workers: turns, budget counts, memory jobs
INDEX_NICE = 19  # re-indexing the diary: the lowest


def lower_this_thread(nice: int) -> None:
    """Make the calling thread ``nice`` steps kinder than the app's main thread (Linux; elsewhere nothing).

    Counted from the main thread, not from the caller's own value: a thread inherits its creator's, and the
    model's owner and the workers are started by the model's loading, itself on a lowered thread — counted
    from there they would all end at 19, the order among them lost. Never raises a thread's value back (an
    unprivileged thread may not), so calling it again, or with a smaller step, changes nothing."""
    if not sys.platform.startswith("linux") or nice <= 0:
        return
    try:
        tid = threading.get_native_id()
        wanted = min(19, os.getpriority(os.PRIO_PROCESS, os.getpid()) + nice)
        if os.getpriority(os.PRIO_PROCESS, tid) < wanted:
            os.setpriority(os.PRIO_PROCESS, tid, wanted)
    except OSError as exc:  # a sandbox may forbid it: the thread just keeps its priority
        log.debug("thread priority unchanged: %s", type(exc).__name__)


def process_at_least(nice: int) -> None:
    """Make this whole process at least ``nice`` (a child started by a background thread inherited that
    thread's value, which may already be higher, and an unprivileged process cannot lower it back)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        if os.getpriority(os.PRIO_PROCESS, 0) < nice:
            os.setpriority(os.PRIO_PROCESS, 0, nice)
    except OSError as exc:  # a sandbox may forbid it: the process keeps its priority
        log.debug("process priority unchanged: %s", type(exc).__name__)
