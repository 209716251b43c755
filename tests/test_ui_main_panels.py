"""How the main window hosts the other panels: memory panel, model swap, settings (real companion)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from app.config import Settings
from tests.ui_helpers import Launcher, launcher, seed_days


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def test_memory_panel_docks_and_its_message_link_jumps_into_the_diary(qtbot, launch, data_dir: Path) -> None:
    day = [("user", "We adopted a cat called Miso."), ("assistant", "Welcome, Miso!")]
    ids = seed_days(data_dir, {5: day})
    hearth = launch()
    window = hearth.window
    assert window.memory_panel is not None and window.memory_dock.widget() is window.memory_panel
    window.actions_["memory"].trigger()
    assert window.memory_dock.isVisible()
    window.memory_panel.open_message_requested.emit(ids[5][0])  # "Show message" on a fact

    def shown_and_selected() -> bool:  # (not the first conversation_loaded: today's, opened again as the
        row = window.chat_model.row_of(ids[5][0])  # companion arrives under load, can come before it)
        return row is not None and window.chat_view.selectionModel().isSelected(window.chat_model.index(row))

    qtbot.waitUntil(shown_and_selected, timeout=10_000)
    qtbot.waitUntil(lambda: window.chat_model.conversation_id == hearth.companion.conversation_id,
                    timeout=10_000)


def test_a_model_from_the_model_manager_reaches_the_companion(qtbot, launch, tiny_model_path) -> None:
    from app.llm.engine import EngineConfig, ModelEngine

    hearth = launch()
    assert hearth.open_model_manager() is not None
    assert hearth.window.gauge.report.n_ctx == 4096
    engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=2048))  # as the manager loads it
    hearth.swap_model(engine)  # what ModelManagerDialog.model_changed triggers
    qtbot.waitUntil(lambda: hearth.companion.model is engine and hearth.window.gauge.report.n_ctx == 2048,
                    timeout=60_000)
    assert hearth.window.model_label.text() == engine.model_name
    assert hearth.loaded is not None and hearth.loaded.engine is engine and hearth.loaded.owned
    assert "2,048" in hearth.window.gauge.toolTip()


def test_settings_change_the_theme_live(qtbot, launch) -> None:
    hearth = launch()
    assert hearth.open_settings() is not None
    hearth.apply_settings(Settings(theme="dark"))
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    hearth.apply_settings(Settings(theme="light"))
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 128
    hearth.apply_settings(Settings(theme="system"))
