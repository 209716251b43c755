"""The model manager, driven like a person would: download from a local stand-in for the hub (progress,
cancel, resume), load the real tiny model, pick a local .gguf (a broken one gives a clear error)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog

from app.config import ModelSettings, Settings, SettingsStore, ensure_private_dir
from app.llm.catalog import models_dir
from app.ui import errors as ui_errors
from app.ui.bridge import CompanionBridge
from app.ui.model_manager import ModelManagerDialog
from app.ui.tasks import TaskRunner
from tests.hub_server import HubServer, fake_gguf

MB = 1 << 20


@pytest.fixture
def runner(qtbot) -> Iterator[TaskRunner]:
    runner = TaskRunner()
    yield runner
    runner.wait_idle(60)


@pytest.fixture
def engines() -> Iterator[list[Any]]:
    """Engines the dialog loaded; closed after the test."""
    loaded: list[Any] = []
    yield loaded
    for engine in loaded:
        engine.close()


@pytest.fixture(autouse=True)
def close_error_boxes() -> Iterator[None]:
    yield
    for box in ui_errors.open_error_boxes():
        box.accept()


def make_dialog(qtbot, runner, data_dir: Path, engines: list[Any], catalog=None, endpoint=None,
                bridge=None, store: SettingsStore | None = None) -> ModelManagerDialog:
    store = store or SettingsStore.load(data_dir)
    dialog = ModelManagerDialog(bridge or CompanionBridge(), runner, store, data_dir, catalog=catalog or [],
                                endpoint=endpoint)
    dialog.model_changed.connect(engines.append)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def error_titles() -> list[str]:
    return [box.windowTitle() for box in ui_errors.open_error_boxes()]


def test_download_shows_progress_cancels_and_resumes(qtbot, runner, data_dir, engines, hub) -> None:
    data = fake_gguf(4 * MB)
    entry = hub.catalog_entry(hub.add_file("org/Test-GGUF", "test.gguf", data), default=True)
    dialog = make_dialog(qtbot, runner, data_dir, engines, [entry], hub.endpoint)
    dialog.load_after_download = False
    hub.pause_at(1 * MB)

    dialog.download_button.click()
    qtbot.waitUntil(lambda: dialog.download.last_progress is not None
                    and dialog.download.last_progress.downloaded >= 1 * MB, timeout=20000)
    assert dialog.download.running and not dialog.download_button.isEnabled()
    assert dialog.cancel_button.isEnabled()
    assert dialog.progress_bar.isVisible() and dialog.progress_bar.value() == 250  # 25.0%
    assert dialog.download_status.text().startswith("25% · 1.0 MB of 4.2 MB")
    assert "Downloading" in dialog.catalog_view.topLevelItem(0).text(3)

    with qtbot.waitSignal(dialog.download.cancelled, timeout=10000):
        dialog.cancel_button.click()
    hub.resume()  # let the stalled response go; the cancelled worker drops it
    assert dialog.download_status.text().startswith("Paused at 25%")
    assert dialog.download_button.text() == "&Resume download" and dialog.download_button.isEnabled()
    assert "Paused at 1.0 MB" in dialog.catalog_view.topLevelItem(0).text(3)
    assert not ui_errors.open_error_boxes()  # cancelling is not an error

    with qtbot.waitSignal(dialog.download.finished, timeout=20000) as finished:
        dialog.download_button.click()
    path = finished.args[0]
    assert path == models_dir(data_dir) / "test.gguf"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == entry.sha256
    assert hub.gets()[-1].range_start == 1 * MB  # resumed, not started over
    assert dialog.progress_bar.value() == 1000
    assert dialog.catalog_view.topLevelItem(0).text(3) == "Downloaded"
    assert dialog.use_button.isEnabled() and not dialog.download_button.isEnabled()


def test_first_run_offers_the_recommended_model_and_loads_it(qtbot, runner, data_dir, engines,
                                                            hub: HubServer, tiny_model_path) -> None:
    other = hub.catalog_entry(hub.add_file("org/Other-GGUF", "other.gguf", fake_gguf(MB)), name="other")
    tiny = hub.catalog_entry(hub.add_file("org/Tiny-GGUF", "tiny.gguf", tiny_model_path),
                             name="tiny", title="Tiny Test", default=True)
    dialog = make_dialog(qtbot, runner, data_dir, engines, [other, tiny], hub.endpoint)
    assert dialog.is_first_run() and dialog.first_run_card.isVisible()
    assert "Tiny Test" in dialog.first_run_card.button.text()
    assert dialog.current.name.text() == "No model loaded"
    assert dialog.selected_entry() == tiny  # the recommended entry is preselected

    with qtbot.waitSignal(dialog.model_changed, timeout=60000) as changed:
        dialog.first_run_card.button.click()
    engine = changed.args[0]
    assert engine.n_ctx == 4096 and engine.count_tokens("hello") > 0
    assert Settings.load(data_dir).model.path == str(models_dir(data_dir) / "tiny.gguf")
    assert not dialog.first_run_card.isVisible()
    qtbot.waitUntil(lambda: "context 4,096 tokens" in dialog.current.stats.text())
    assert "tokens/s" in dialog.current.stats.text() or "first reply" in dialog.current.stats.text()
    assert dialog.current.path.text().endswith("tiny.gguf")


def test_failed_downloads_give_a_clear_message(qtbot, runner, data_dir, engines, hub: HubServer) -> None:
    good = hub.catalog_entry(hub.add_file("org/Test-GGUF", "test.gguf", fake_gguf(MB)), default=True)
    missing = hub.catalog_entry(hub.add_file("org/Test-GGUF", "x.gguf", b"x"), name="gone",
                                file="not-there.gguf")
    dialog = make_dialog(qtbot, runner, data_dir, engines, [good, missing], hub.endpoint)

    hub.corrupt = True
    with qtbot.waitSignal(dialog.download.failed, timeout=20000):
        dialog.start_download(good)
    qtbot.waitUntil(lambda: error_titles() == ["The download is not the expected file"])
    assert not (models_dir(data_dir) / "test.gguf").exists()  # a bad file never gets the final name
    ui_errors.open_error_boxes()[0].accept()

    with qtbot.waitSignal(dialog.download.failed, timeout=20000):
        dialog.start_download(missing)
    qtbot.waitUntil(lambda: error_titles() == ["The download failed"])
    box = ui_errors.open_error_boxes()[0]
    assert "not found" in box.text() and box.informativeText()
    assert dialog.download_status.text().startswith("The download stopped.")


def test_pick_a_local_gguf(qtbot, runner, data_dir, engines, tiny_model_path, monkeypatch) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(tiny_model_path), "GGUF models (*.gguf)")))
    ensure_private_dir(data_dir)
    store = SettingsStore(Settings(persona="playful"), data_dir)
    changes: list[Settings] = []
    store.subscribe(lambda _before, after: changes.append(after))
    dialog = make_dialog(qtbot, runner, data_dir, engines, store=store)
    dialog.model_settings.n_ctx.setValue(2048)
    dialog.model_settings.kv_cache.setCurrentText("q8_0")
    with qtbot.waitSignal(dialog.model_changed, timeout=30000) as changed:
        dialog.pick_button.click()
    assert changed.args[0].n_ctx == 2048
    expected = ModelSettings(path=str(tiny_model_path), n_ctx=2048, kv_cache_type="q8_0")
    assert [after.model for after in changes] == [expected]  # through the shared store, once, on success
    assert store.current == Settings(persona="playful", model=expected) == Settings.load(data_dir)
    assert dialog.current.status.text() == "Loaded."


@pytest.mark.parametrize(
    ("content", "title"),
    [
        (b"this is a text file, not a model\n" * 100, "This is not a model file"),
        (b"GGUF" + (3).to_bytes(4, "little") + b"\x00" * 20, "The model file is damaged"),
        (None, "Model file not found"),
    ],
    ids=["not-gguf", "truncated", "missing"],
)
def test_a_broken_local_file_gives_a_clear_error(qtbot, runner, data_dir, engines, tmp_path, monkeypatch,
                                                 content, title) -> None:
    path = tmp_path / "broken.gguf"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    dialog = make_dialog(qtbot, runner, data_dir, engines)
    dialog.pick_button.click()
    qtbot.waitUntil(lambda: bool(ui_errors.open_error_boxes()), timeout=20000)
    assert error_titles() == [title]
    box = ui_errors.open_error_boxes()[0]
    assert box.informativeText() and "Traceback" not in box.text()
    assert engines == [] and not dialog.loading
    assert "could not be loaded" in dialog.current.status.text()
    assert Settings.load(data_dir).model.path == ""  # a model that does not load is never saved


def test_too_large_context_is_refused_with_a_way_forward(qtbot, runner, data_dir, engines, tiny_model_path,
                                                         monkeypatch) -> None:
    pick = staticmethod(lambda *a, **k: (str(tiny_model_path), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", pick)
    dialog = make_dialog(qtbot, runner, data_dir, engines)
    dialog.model_settings.n_ctx.setValue(131072)
    dialog.pick_button.click()
    qtbot.waitUntil(lambda: bool(ui_errors.open_error_boxes()), timeout=20000)
    assert error_titles()[0] in ("Context size too large for this model", "Not enough memory for this model")
    assert "context" in ui_errors.open_error_boxes()[0].informativeText().lower()


def test_apply_without_a_model_explains_what_to_do(qtbot, runner, data_dir, engines) -> None:
    dialog = make_dialog(qtbot, runner, data_dir, engines)
    dialog.model_settings.apply_button.click()
    assert error_titles() == ["No model to reload"]


def test_current_model_stats_from_the_engine(qtbot, runner, data_dir, engines, tiny_engine) -> None:
    bridge = CompanionBridge()
    bridge.engine = tiny_engine  # as the app leaves it once the model is loaded
    dialog = make_dialog(qtbot, runner, data_dir, engines, bridge=bridge)
    qtbot.waitUntil(lambda: "parameters" in dialog.current.stats.text())
    stats = dialog.current.stats.text()
    assert "MB" in stats and "context 4,096 tokens" in stats and "trained for" in stats
    assert dialog.current.name.text() == tiny_engine.model_name


def test_the_event_loop_keeps_running_during_a_download(qtbot, runner, data_dir, engines, hub) -> None:
    """A 1.5 s (throttled) download: the UI thread keeps ticking; had it waited, one gap would be >= 1.5 s."""
    import time

    from PySide6.QtCore import QTimer

    entry = hub.catalog_entry(hub.add_file("org/Slow-GGUF", "slow.gguf", fake_gguf(3 * MB // 2)))
    dialog = make_dialog(qtbot, runner, data_dir, engines, [entry], hub.endpoint)
    dialog.load_after_download = False
    hub.throttle_bps = 1 * MB
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    with qtbot.waitSignal(dialog.download.finished, timeout=30000):
        dialog.start_download(entry)
    timer.stop()
    gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    assert ticks[-1] - ticks[0] > 1.0 and max(gaps) < 0.75


def test_a_download_outlives_the_dialog_that_started_it(qtbot, runner, data_dir, engines, hub) -> None:
    entry = hub.catalog_entry(hub.add_file("org/Test-GGUF", "test.gguf", fake_gguf(2 * MB)), default=True)
    first = make_dialog(qtbot, runner, data_dir, engines, [entry], hub.endpoint)
    hub.pause_at(MB)
    first.start_download(entry)
    qtbot.waitUntil(lambda: first.download.last_progress is not None
                    and first.download.last_progress.downloaded >= MB, timeout=20000)
    first.reject()  # closed while downloading

    second = make_dialog(qtbot, runner, data_dir, engines, [entry], hub.endpoint)
    second.load_after_download = False
    assert second.download is first.download and second.download.running
    assert second.cancel_button.isEnabled() and not second.download_button.isEnabled()
    assert second.download_status.text().startswith("50%")
    assert second.catalog_view.topLevelItem(0).text(3) == "Downloading…"
    hub.resume()
    with qtbot.waitSignal(second.download.finished, timeout=20000):
        pass
    assert second.catalog_view.topLevelItem(0).text(3) == "Downloaded"
    assert engines == [] and not ui_errors.open_error_boxes()  # only the dialog on screen acts on it


def test_progress_wording() -> None:
    from app.llm.download import DownloadProgress
    from app.ui.model_download import format_duration, format_progress

    progress = DownloadProgress(downloaded=900_000_000, total=2_100_000_000, rate_bps=3_400_000, eta_s=353)
    assert format_progress(progress) == "43% · 900.0 MB of 2.1 GB · 3.4 MB/s · about 6 min left"
    assert format_progress(DownloadProgress(0, 0, 0.0, None)) == "0% · 0 B"
    assert format_duration(12.4) == "about 12 s left"
    assert format_duration(2 * 3600 + 5 * 60) == "about 2 h 05 min left"
