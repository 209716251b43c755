"""What the window paints, when, and what came just before: ``python -m tests.bench.paints``

The app starts as ``tests.bench.ui`` starts it (offscreen Qt, staged window, a seeded day), then opens
Insights and the weekly review. Every Paint, UpdateRequest, LayoutRequest, Resize, Polish, StyleChange,
FontChange, Show, Expose, activation and "update later" event is recorded with the widget's class and object
name, the time since start and, for a Paint, the region and how long the widget's own paint took (a widget's
children are painted after it returns, so the times add up; the time includes any wait for Python's lock
held by another thread). ``--full`` prints every event; otherwise the runs of paints (one window, one turn)
that cost over 1 ms, with the dearest widgets of each, and how many times each window was painted whole.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject  # noqa: E402
from PySide6.QtGui import QPaintEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

WATCHED = {
    QEvent.Type.Paint: "Paint",
    QEvent.Type.UpdateRequest: "UpdateRequest",
    QEvent.Type.LayoutRequest: "LayoutRequest",
    QEvent.Type.Resize: "Resize",
    QEvent.Type.Polish: "Polish",
    QEvent.Type.StyleChange: "StyleChange",
    QEvent.Type.FontChange: "FontChange",
    QEvent.Type.PaletteChange: "PaletteChange",
    QEvent.Type.Show: "Show",
    QEvent.Type.Move: "Move",
    QEvent.Type.UpdateLater: "UpdateLater",
    QEvent.Type.Expose: "Expose",
    QEvent.Type.WindowActivate: "WindowActivate",
    QEvent.Type.ActivationChange: "ActivationChange",
    QEvent.Type.FocusIn: "FocusIn",
}


@dataclass
class Seen:
    at_ms: float
    kind: str
    widget: str
    window: str
    detail: str
    took_ms: float
    cpu_ms: float  # the UI thread's own CPU time in it (took_ms less waits for a core or Python's lock)


def describe(obj: QObject) -> tuple[str, str]:
    """(the object's class and name, its top-level window's)."""
    name = f"{type(obj).__name__}#{obj.objectName()}" if obj.objectName() else type(obj).__name__
    if isinstance(obj, QWidget):
        top = obj.window()
        return name, f"{type(top).__name__}#{top.objectName()}"
    return name, "-"


class TracingApp(QApplication):
    """A QApplication that records the watched events and how long each took to handle."""

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv)
        self.seen: list[Seen] = []
        self.started = time.perf_counter()
        self.recording = False

    def notify(self, receiver: QObject, event: QEvent) -> bool:
        kind = WATCHED.get(event.type()) if self.recording else None
        if kind is None:
            return super().notify(receiver, event)
        at, cpu = time.perf_counter(), time.thread_time()
        detail = ""
        if isinstance(event, QPaintEvent):
            rect = event.region().boundingRect()
            detail = f"{rect.width()}x{rect.height()}+{rect.x()}+{rect.y()}"
        name, window = describe(receiver)
        if isinstance(receiver, QWidget) and receiver.isWindow():
            FULL[window] = f"{receiver.width()}x{receiver.height()}"
        result = super().notify(receiver, event)
        took = (time.perf_counter() - at) * 1000
        cpu_ms = (time.thread_time() - cpu) * 1000
        at_ms = round((at - self.started) * 1000, 2)
        self.seen.append(Seen(at_ms, kind, name, window, detail, round(took, 3), round(cpu_ms, 3)))
        return result


def whole_window_paints(seen: list[Seen]) -> dict[str, int]:
    """How many times each top-level window was painted whole (a Paint of the window itself, all of it)."""
    counts: dict[str, int] = defaultdict(int)
    for s in seen:
        if s.kind == "Paint" and s.widget == s.window and s.detail.endswith("+0+0") and s.window in FULL:
            counts[s.window] += s.detail.startswith(FULL[s.window])
    return dict(counts)


FULL: dict[str, str] = {}  # a window's name -> its size as "WxH", filled while recording


def bursts(seen: list[Seen], gap_ms: float = 1.5) -> list[list[Seen]]:
    """The paints in runs (one window, less than ``gap_ms`` apart): one run is one turn's painting."""
    runs: list[list[Seen]] = []
    for s in sorted((s for s in seen if s.kind == "Paint" and s.window != "-"), key=lambda s: s.at_ms):
        last = runs[-1][-1] if runs else None
        if last is not None and last.window == s.window and s.at_ms - (last.at_ms + last.took_ms) < gap_ms:
            runs[-1].append(s)
        else:
            runs.append([s])
    return runs


def report(seen: list[Seen], full: bool) -> None:
    seen = sorted(seen, key=lambda s: s.at_ms)
    if full:
        for s in seen:
            print(f"{s.at_ms:9.2f} {s.took_ms:7.3f} {s.cpu_ms:7.3f} {s.kind:14} {s.widget:40} {s.window:30} "
                  f"{s.detail}")
        return
    for run in bursts(seen):
        took, cpu = sum(p.took_ms for p in run), sum(p.cpu_ms for p in run)
        if took < 1.0:
            continue
        dearest = sorted(run, key=lambda p: -p.cpu_ms)[:3]
        names = ", ".join(f"{p.widget} {p.took_ms:.2f} (cpu {p.cpu_ms:.2f})" for p in dearest)
        print(f"{run[0].at_ms:9.1f} {run[0].window:32} {len(run):3} paints {took:6.2f} ms (cpu {cpu:5.2f}), "
              f"first {run[0].widget} {run[0].detail}; dearest: {names}")
    print("whole-window paints:", whole_window_paints(seen))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="every watched event")
    args = parser.parse_args(argv)
    app = TracingApp(sys.argv[:1])
    from app.config import Settings, ensure_private_dir
    from app.llm.loading import import_local_engine
    from app.ui.application import HearthApp, apply_theme, make_qapplication
    from tests.bench.ui import N_CTX, seed, wait_for

    make_qapplication()
    apply_theme("light")
    with tempfile.TemporaryDirectory(prefix="hearth-bench-paints-") as tmp:
        data_dir = ensure_private_dir(Path(tmp) / "data")
        seed(data_dir)
        settings = Settings(reply_reserve=128, reply_length="short").with_model(n_ctx=N_CTX)
        settings.save(data_dir)
        import_local_engine(settings.model)
        app.started = time.perf_counter()
        app.recording = True
        hearth = HearthApp(data_dir, settings=settings, staged_window=True)
        hearth.window.resize(1100, 720)
        hearth.start()
        wait_for(lambda: hearth.companion is not None and hearth.window.chat_model.rowCount() > 0, "start-up")
        wait_for(lambda: not hearth.runner.busy, "start-up's tasks")
        settle = time.monotonic() + 0.5
        wait_for(lambda: time.monotonic() > settle, "start-up's paints")
        print(f"=== start-up done at {(time.perf_counter() - app.started) * 1000:.0f} ms")
        ritual = hearth.window.ritual
        opened: dict[str, object] = {}
        opened["insights"] = ritual.show_insights()
        insights = opened["insights"]
        wait_for(lambda: all(c.stats is not None for c in insights.charts), "the charts")  # type: ignore[attr-defined]
        opened["review"] = ritual.show_weekly_review()
        wait_for(lambda: opened["review"].review is not None, "the review")  # type: ignore[attr-defined]
        wait_for(lambda: not hearth.runner.busy, "the ritual's tasks")
        settle = time.monotonic() + 0.5
        wait_for(lambda: time.monotonic() > settle, "the ritual's paints")
        app.recording = False
        report(app.seen, args.full)
        hearth.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
