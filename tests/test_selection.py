"""Which model runs, and why (settings, a downloaded catalog model, the bundled tiny model); loading it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.config import ModelSettings
from app.llm import loading, selection
from app.llm.catalog import default_entry, find_entry, models_dir
from app.llm.errors import ModelCorrupt, ModelFileMissing, NotAGGUF
from app.llm.loading import (
    LoadedModel,
    describe_engine,
    load_model_file,
    load_preferred_model,
)
from app.llm.selection import choose_model, engine_config, pull_command, tiny_notice, validate_model_file
from app.llm.tiny import TINY_NAME
from tests.hub_server import fake_gguf


def put_download(data_dir: Path, name: str) -> Path:
    """Stand in for a finished download: the catalog file name in the models dir, GGUF magic first."""
    entry = find_entry(name)
    assert entry is not None
    path = models_dir(data_dir) / entry.file
    path.write_bytes(fake_gguf(4096))
    return path


def test_nothing_configured_or_downloaded_runs_the_tiny_model_and_says_so(
    data_dir: Path, tiny_model_path: Path
) -> None:
    choice = choose_model(ModelSettings(), data_dir)
    assert choice is not None
    assert (choice.path, choice.is_tiny, choice.source, choice.problem) == (tiny_model_path, True, "tiny", "")
    assert "tiny" in choice.reason
    notice = tiny_notice()
    assert pull_command() in notice and pull_command() == f"hearth models pull {default_entry().name}"
    assert default_entry().title in notice


def test_the_downloaded_recommended_model_comes_before_other_downloads(data_dir: Path) -> None:
    other = put_download(data_dir, "llama-3.2-3b")
    choice = choose_model(ModelSettings(), data_dir)
    assert choice is not None and (choice.path, choice.source) == (other, "downloaded")
    assert "recommended one is not downloaded" in choice.reason
    recommended = put_download(data_dir, default_entry().name)
    choice = choose_model(ModelSettings(), data_dir)
    assert choice is not None and (choice.path, choice.entry) == (recommended, default_entry())
    assert not choice.is_tiny and choice.name == default_entry().title


def test_the_file_chosen_in_settings_wins(data_dir: Path, tmp_path: Path) -> None:
    put_download(data_dir, default_entry().name)
    mine = tmp_path / "my-model.gguf"
    mine.write_bytes(fake_gguf(4096))
    choice = choose_model(ModelSettings(path=str(mine)), data_dir)
    assert choice is not None
    assert (choice.path, choice.name, choice.source, choice.is_tiny) == (mine, "my-model", "settings", False)


def test_choosing_the_tiny_file_in_settings_is_still_the_tiny_model(
    data_dir: Path, tiny_model_path: Path
) -> None:
    choice = choose_model(ModelSettings(path=str(tiny_model_path)), data_dir)
    assert choice is not None and choice.is_tiny and choice.source == "settings"


@pytest.mark.parametrize("content, words", [(None, "is missing"), (b"<html>oops</html>", "not a GGUF")])
def test_a_broken_choice_falls_back_and_says_why(
    data_dir: Path, tmp_path: Path, content: bytes | None, words: str
) -> None:
    chosen = tmp_path / "chosen.gguf"
    if content is not None:
        chosen.write_bytes(content)
    downloaded = put_download(data_dir, default_entry().name)
    choice = choose_model(ModelSettings(path=str(chosen)), data_dir)
    assert choice is not None and choice.path == downloaded and choice.source == "downloaded"
    assert words in choice.problem and str(chosen) in choice.problem


def test_no_model_at_all(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selection, "tiny_model_path", lambda: None)
    assert choose_model(ModelSettings(), data_dir) is None


def test_engine_config_carries_the_settings(data_dir: Path) -> None:
    choice = choose_model(ModelSettings(), data_dir)
    assert choice is not None
    model = ModelSettings("elsewhere.gguf", n_ctx=2048, n_gpu_layers=3, n_threads=0, kv_cache_type="q8_0")
    config = engine_config(model, choice.path)
    assert (config.model_path, config.n_ctx, config.n_gpu_layers, config.n_threads, config.kv_cache_type) == (
        choice.path,  # the file being loaded, not necessarily the one chosen in settings
        2048,
        3,
        None,
        "q8_0",
    )
    assert engine_config(ModelSettings(n_threads=2), choice.path).n_threads == 2


def test_the_chosen_tiny_model_really_loads(data_dir: Path) -> None:
    loaded = load_preferred_model(ModelSettings(n_ctx=512), data_dir)
    try:
        assert (loaded.is_tiny, loaded.name, loaded.problem, loaded.owned) == (True, TINY_NAME, None, True)
        assert loaded.engine.n_ctx == 512 and loaded.engine.count_tokens("Dear diary") > 0
    finally:
        loaded.engine.close()


def test_a_chosen_model_that_does_not_load_gives_way_to_the_tiny_model(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It starts like a GGUF (so it is chosen) but is cut short: loading fails, the tiny model runs."""
    monkeypatch.setattr(loading, "TINY_MAX_CONTEXT", 1024)  # the clamp, without allocating 8k of KV cache
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + (3).to_bytes(4, "little") + b"\0" * 64)
    loaded = load_preferred_model(ModelSettings(path=str(broken), n_ctx=2048, kv_cache_type="q8_0"), data_dir)
    try:
        assert loaded.is_tiny and loaded.name == TINY_NAME and isinstance(loaded.problem, ModelCorrupt)
        assert loaded.engine.n_ctx == 1024  # clamped to what the tiny model was trained for
        assert loaded.engine.config.kv_cache_type == "f16"  # safe settings: the person's may be what failed
    finally:
        loaded.engine.close()


def test_a_named_file_loads_exactly_that_file_or_fails(tiny_model_path: Path, tmp_path: Path) -> None:
    loaded = load_model_file(ModelSettings(n_ctx=1024), tiny_model_path)
    try:
        assert (loaded.is_tiny, loaded.engine.n_ctx, loaded.problem) == (True, 1024, None)
        described = describe_engine(loaded.engine, owned=False)
        assert described == LoadedModel(loaded.engine, loaded.engine.model_name, True, owned=False)
    finally:
        loaded.engine.close()
    (tmp_path / "notes.gguf").write_text("not a model")
    with pytest.raises(NotAGGUF):
        load_model_file(ModelSettings(), tmp_path / "notes.gguf")


def test_validate_model_file(tiny_model_path: Path, tmp_path: Path) -> None:
    assert validate_model_file(tiny_model_path)["n_ctx_train"] == 8192
    with pytest.raises(ModelFileMissing):
        validate_model_file(tmp_path / "absent.gguf")
    (tmp_path / "notes.txt").write_text("not a model")
    with pytest.raises(NotAGGUF):
        validate_model_file(tmp_path / "notes.txt")
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(tiny_model_path.read_bytes()[:50_000])  # an interrupted copy
    with pytest.raises(ModelCorrupt):
        validate_model_file(cut)


def test_llama_threads_come_from_the_settings_then_the_environment_then_the_cpus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.llm.loader import THREADS_ENV, threads_for

    monkeypatch.setenv(THREADS_ENV, "1")
    assert threads_for(3) == (3, 3)  # the person's setting wins
    assert threads_for(0) == (1, 1)
    monkeypatch.setenv(THREADS_ENV, "none")  # not a count: ignored
    cpus = os.cpu_count() or 1
    assert threads_for(None) == (max(cpus // 2, 1), cpus)
    monkeypatch.delenv(THREADS_ENV)
    assert threads_for(0) == (max(cpus // 2, 1), cpus)
