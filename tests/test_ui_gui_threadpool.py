"""Qt's raster engine must paint on the window's own thread, not hand fills to a pool of threads that wait
for cores the model is using (``app.ui.application.NO_GUI_THREADPOOL``).

Qt reads the setting once, when its pool is first wanted, so the fill is checked in a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.ui.application import NO_GUI_THREADPOOL, make_qapplication

ROOT = Path(__file__).resolve().parents[1]
# A gradient and a translucent fill of many lines (Qt shares those out among its pool's threads), then the
# names of the process's threads.
PAINT_AND_LIST_THREADS = """
import os, sys
from PySide6.QtGui import QBrush, QColor, QImage, QLinearGradient, QPainter
if sys.argv[1] == "hearth":
    from app.ui.application import make_qapplication
    make_qapplication()
else:
    from PySide6.QtWidgets import QApplication
    app = QApplication(sys.argv[:1])
image = QImage(800, 800, QImage.Format.Format_ARGB32_Premultiplied)
painter = QPainter(image)
gradient = QLinearGradient(0, 0, 800, 0)
gradient.setColorAt(0, QColor("#336699"))
gradient.setColorAt(1, QColor("#99aabb"))
painter.fillRect(0, 0, 800, 800, QBrush(gradient))
painter.fillRect(0, 0, 800, 800, QColor(10, 20, 30, 128))
painter.end()
print("\\n".join(open(f"/proc/self/task/{t}/comm").read().strip() for t in os.listdir("/proc/self/task")))
"""


def _threads_after_painting(how: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != NO_GUI_THREADPOOL[0]}
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run(
        [sys.executable, "-c", PAINT_AND_LIST_THREADS, how],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    return done.stdout.split()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="threads are listed from /proc (Linux)")
def test_the_window_fills_on_its_own_thread() -> None:
    plain = _threads_after_painting("plain")
    if "(pooled)" not in plain:
        pytest.skip("this Qt fills on the painting thread anyway")
    assert "(pooled)" not in _threads_after_painting("hearth")


def test_the_app_turns_qts_fill_threads_off_before_it_paints(
    qapp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, value = NO_GUI_THREADPOOL
    monkeypatch.delenv(name, raising=False)
    make_qapplication()
    assert os.environ[name] == value


def test_a_persons_own_setting_is_kept(qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    name, _ = NO_GUI_THREADPOOL
    monkeypatch.setenv(name, "yes")
    make_qapplication()
    assert os.environ[name] == "yes"
