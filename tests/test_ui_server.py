"""The model manager's "Use a model server", driven like a person would, against a scripted local server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from app.config import SettingsStore
from app.llm.server_engine import ServerModel
from app.ui.bridge import CompanionBridge
from app.ui.model_manager import ModelManagerDialog
from app.ui.tasks import TaskRunner
from tests.fake_openai_server import FakeServer
from tests.llama_server import free_port


@pytest.fixture
def runner(qtbot) -> Iterator[TaskRunner]:
    runner = TaskRunner()
    yield runner
    runner.wait_idle(60)


@pytest.fixture
def no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    import keyring
    from keyring.backends import fail

    monkeypatch.setattr(keyring, "get_keyring", lambda: fail.Keyring())


def make_dialog(qtbot, runner: TaskRunner, data_dir: Path, loaded: list[Any]) -> ModelManagerDialog:
    dialog = ModelManagerDialog(CompanionBridge(), runner, SettingsStore.load(data_dir), data_dir, catalog=[])
    dialog.model_changed.connect(loaded.append)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_test_connection_runs_off_the_ui_thread_and_lists_the_models(qtbot, runner, data_dir) -> None:
    gate = threading.Event()

    def models(_body: dict[str, Any]) -> tuple[int, Any]:
        gate.wait(30)  # the server is slow to answer: the window must not wait for it
        return 200, {"data": [{"id": "qwen2.5-3b"}, {"id": "llama-3.2-3b"}]}

    loaded: list[Any] = []
    with FakeServer({"/v1/models": models}) as server:
        dialog = make_dialog(qtbot, runner, data_dir, loaded)
        box = dialog.server_box
        box.address.setText(server.url)
        box.test_button.click()  # returns at once, while the server still thinks
        assert "Connecting" in box.status.text() and box.models.count() == 0
        gate.set()
        qtbot.waitUntil(lambda: box.models.count() == 2, timeout=20000)
        assert "Connected" in box.status.text() and "qwen2.5-3b" in box.status.text()


def test_use_this_server_saves_the_address_not_the_key(qtbot, runner, data_dir, no_keyring) -> None:
    loaded: list[Any] = []
    with FakeServer() as server:
        dialog = make_dialog(qtbot, runner, data_dir, loaded)
        box = dialog.server_box
        box.address.setText(server.url + "/v1")
        box.api_key.setText("sk-very-secret")
        with qtbot.waitSignal(dialog.model_changed, timeout=20000):
            box.use_button.click()
        assert "this session only" in box.status.text()  # no keyring here: said, and kept in memory
        engine = loaded[0]
        try:
            assert isinstance(engine, ServerModel) and engine.model_name == "fake-model"
            assert server.requests[0][3]["Authorization"] == "Bearer sk-very-secret"
            saved = dialog.settings_store.current.model
            assert saved.server_url == server.url and saved.server_model == "fake-model"
            assert "sk-very-secret" not in (data_dir / "settings.json").read_text()
            qtbot.waitUntil(lambda: "fake-model" in dialog.current.name.text(), timeout=10000)
        finally:
            engine.close()


def test_a_remote_address_needs_https_and_a_yes_before_anything_is_sent(qtbot, runner, data_dir,
                                                                       monkeypatch) -> None:  # fmt: skip
    asked: list[str] = []

    def say_no(_parent: object, title: str, *_args: object) -> QMessageBox.StandardButton:
        asked.append(title)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", say_no)
    loaded: list[Any] = []
    dialog = make_dialog(qtbot, runner, data_dir, loaded)
    box = dialog.server_box
    box.address.setText("http://8.8.8.8:8080")
    box.use_button.click()
    assert "https" in box.status.text() and not asked
    box.address.setText("https://8.8.8.8:8443")
    box.test_button.click()
    box.use_button.click()
    assert asked == ["Send your prompts to 8.8.8.8?"] * 2
    assert "Nothing was sent" in box.status.text() and not loaded
    assert runner.wait_idle(5)


def test_a_server_that_is_not_running_is_said_in_the_box(qtbot, runner, data_dir) -> None:
    dialog = make_dialog(qtbot, runner, data_dir, [])
    box = dialog.server_box
    box.address.setText(f"http://127.0.0.1:{free_port()}")
    box.test_button.click()
    qtbot.waitUntil(lambda: "refused" in box.status.text(), timeout=20000)
    assert "Start the model server" in box.status.text()
