"""The model manager's words: what each catalog model is on this computer, the built-in model said to be
built in (not its path inside the install), one pair of brackets on the download button, grouped numbers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.config import SettingsStore
from app.llm.catalog import CatalogEntry, models_dir
from app.ui.bridge import CompanionBridge
from app.ui.i18n import install_language, remove_translators
from app.ui.model_manager import ModelManagerDialog
from app.ui.model_sections import title_and_size
from app.ui.tasks import TaskRunner


def entry(name: str, title: str, *, default: bool = False) -> CatalogEntry:
    return CatalogEntry(name=name, title=title, repo=f"org/{name}", file=f"{name}.gguf", size=2_104_932_768,
                        sha256="", license="test", languages=("en", "ru"), n_ctx_train=32768,
                        default=default, notes="")


CATALOG = [entry("qwen", "Qwen2.5 3B Instruct (Q4_K_M)", default=True), entry("llama", "Llama 3.2 3B")]


@pytest.fixture
def runner(qtbot) -> Iterator[TaskRunner]:
    runner = TaskRunner()
    yield runner
    runner.wait_idle(60)


def dialog_for(qtbot: Any, runner: TaskRunner, data_dir: Path, engine: Any = None) -> ModelManagerDialog:
    bridge = CompanionBridge()
    bridge.engine = engine
    dialog = ModelManagerDialog(bridge, runner, SettingsStore.load(data_dir), data_dir, catalog=CATALOG)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def states(dialog: ModelManagerDialog) -> list[str]:
    view = dialog.catalog_view
    return [item.text(3) for item in (view.topLevelItem(i) for i in range(view.topLevelItemCount())) if item]


def test_the_built_in_model_is_said_to_be_built_in(qtbot, runner, data_dir: Path, tiny_engine) -> None:
    dialog = dialog_for(qtbot, runner, data_dir, tiny_engine)
    qtbot.waitUntil(lambda: "parameters" in dialog.current.stats.text())
    assert dialog.current.path.text() == "Built into Hearth"
    assert states(dialog) == ["Not downloaded", "Not downloaded"]


def test_a_downloaded_model_shows_its_file_and_says_it_is_in_use(qtbot, runner, data_dir: Path) -> None:
    path = models_dir(data_dir) / "qwen.gguf"
    path.write_bytes(b"GGUF")
    engine = SimpleNamespace(model_path=path, model_name="Qwen", info=lambda: {"name": "Qwen", "path": path})
    dialog = dialog_for(qtbot, runner, data_dir, engine)
    qtbot.waitUntil(lambda: dialog.current.path.text() == str(path))
    assert states(dialog) == ["In use", "Not downloaded"]
    dialog.engine = None
    dialog.refresh()
    assert states(dialog) == ["Downloaded", "Not downloaded"]


def test_the_download_button_has_one_pair_of_brackets_at_most(qtbot, runner, data_dir: Path) -> None:
    dialog = dialog_for(qtbot, runner, data_dir)
    assert dialog.first_run_card.button.text() == "Download Qwen2.5 3B Instruct · Q4_K_M · 2.1 GB"
    assert title_and_size(CATALOG[1]) == "Llama 3.2 3B · 2.1 GB"


def test_the_context_size_is_grouped_as_the_language_writes_numbers(qtbot, qapp, runner,
                                                                    data_dir: Path) -> None:
    dialog = dialog_for(qtbot, runner, data_dir)
    assert dialog.model_settings.n_ctx.text() == "4,096"
    install_language("ru", qapp)
    try:
        qtbot.waitUntil(lambda: dialog.model_settings.n_ctx.text() == "4\u00a0096")
        assert dialog.first_run_card.button.text().endswith("Q4_K_M · 2,1 ГБ")
    finally:
        remove_translators(qapp)
    qtbot.waitUntil(lambda: dialog.model_settings.n_ctx.text() == "4,096")
    assert dialog.model_settings.n_ctx.value() == 4096
