"""The window on a model server that goes away (a real llama_cpp.server on the tiny model, killed): an entry
saved in Write mode is saved once and looks saved, and a reply that cannot be written is said once, by what
happened — not followed by "something went wrong in the background"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt

from app.core.events import JobFailed
from app.llm.loading import LoadedModel
from app.llm.server_engine import ServerConfig, ServerModel
from app.ui.day_ritual import WRITE
from app.ui.errors import open_error_boxes
from tests.llama_server import LlamaServer
from tests.ui_helpers import REPLY_TIMEOUT_MS, Launcher, launcher, quick_settings, type_and_send


@pytest.fixture
def launch(qtbot, data_dir: Path, tiny_engine) -> Iterator[Launcher]:
    yield from launcher(qtbot, data_dir, tiny_engine)


@pytest.fixture
def server(tiny_model_path: Path) -> Iterator[LlamaServer]:
    started = LlamaServer(tiny_model_path, n_ctx=2048).start()
    yield started
    started.kill()


@pytest.fixture
def on_server(launch: Launcher, server: LlamaServer) -> Iterator[Launcher]:
    """Starts the app on a ``ServerModel`` connected to ``server``."""
    model = ServerModel(ServerConfig(server.url, n_ctx=2048))

    def start() -> object:
        return launch(quick_settings(), engine_factory=lambda _s, _d: LoadedModel(model, "server", False,
                                                                                  owned=False))

    yield start  # type: ignore[misc]
    model.close()


def _stored(hearth) -> list[str]:  # noqa: ANN001
    messages = hearth.diary.messages(hearth.window.chat_model.conversation_id)
    return [m.text for m in messages if m.role == "user"]


def test_write_mode_while_the_server_is_gone_saves_once_and_ask_hearth_says_why_and_frees_the_composer(
    qtbot, on_server, server: LlamaServer
) -> None:
    hearth = on_server()
    window, composer = hearth.window, hearth.window.composer
    failed: list[JobFailed] = []
    hearth.bridge.job_failed.connect(failed.append)
    qtbot.waitUntil(window.ritual.card.isVisible, timeout=10_000)
    qtbot.mouseClick(window.ritual.card.dismiss_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(composer.mode_switch.write_button, Qt.MouseButton.LeftButton)
    assert composer.mode == WRITE
    hearth.runner.wait_idle()
    server.kill()
    entry = "Planted the tulip bulbs by the fence while it was still light."
    composer.editor.setFocus()
    qtbot.keyClicks(composer.editor, entry)
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: _stored(hearth) == [entry], timeout=10_000)
    hearth.runner.wait_idle()
    assert hearth.companion.wait_idle(timeout=60)
    QCoreApplication.processEvents()
    qtbot.waitUntil(lambda: composer.text() == "", timeout=10_000)  # saved: the draft is cleared
    assert open_error_boxes() == []  # nothing asked the server for the person: nothing to say yet
    # Remembering from the entry could not ask the model: the status bar says why, and what to do.
    [learning] = [e for e in failed if e.kind == "facts"]
    assert "Nothing is listening" in learning.message and "Start the model server" in learning.hint
    assert "did not finish: Nothing is listening" in window.activity.label.text()  # whichever job was last

    # "Ask Hearth": its prompt cannot be counted; one box says why, and the composer is free again.
    qtbot.waitUntil(window.ritual.actions.ask_button.isVisible, timeout=10_000)
    qtbot.mouseClick(window.ritual.actions.ask_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(open_error_boxes()), timeout=60_000)
    hearth.runner.wait_idle()
    assert hearth.companion.wait_idle(timeout=60)
    QCoreApplication.processEvents()
    assert [box.text()[:20] for box in open_error_boxes()] == ["Nothing is listening"]
    qtbot.waitUntil(lambda: not composer.generating, timeout=10_000)  # Send works again, Stop is off
    assert window.actions_["send"].isEnabled() and not window.actions_["stop"].isEnabled()
    assert composer.send_button.isEnabled()
    assert _stored(hearth) == [entry]


def test_a_reply_the_gone_server_cannot_write_is_said_once(qtbot, on_server, server: LlamaServer) -> None:
    hearth = on_server()
    with qtbot.waitSignal(hearth.bridge.reply_finished, timeout=REPLY_TIMEOUT_MS):
        type_and_send(qtbot, hearth, "The cat slept on my notes again.")
    hearth.runner.wait_idle()
    server.kill()
    type_and_send(qtbot, hearth, "And then it knocked my tea over.")
    qtbot.waitUntil(lambda: bool(open_error_boxes()), timeout=60_000)
    assert hearth.companion.wait_idle(timeout=60)
    QCoreApplication.processEvents()  # the workers are idle: any second error is queued to the loop now
    boxes = [box.text() for box in open_error_boxes()]
    assert len(boxes) == 1 and "went wrong" not in boxes[0], boxes
    assert _stored(hearth)[-1] == "And then it knocked my tea over."
