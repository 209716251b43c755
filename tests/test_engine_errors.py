"""Every way loading a model can fail, with real files made in tmp_path, and the typed error it gives."""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest

from app.llm import loader
from app.llm.engine import EngineConfig, ModelEngine, inspect_gguf
from app.llm.errors import (
    ContextTooLarge,
    EngineError,
    ModelCorrupt,
    ModelFileMissing,
    NotAGGUF,
    OutOfMemory,
    UnsupportedModel,
)
from app.llm.gguf_header import read_gguf_header


def patched_copy(src: Path, dst: Path, key: str, new_value: bytes) -> Path:
    """Copy a GGUF and overwrite the value of one metadata key in place (same byte length)."""
    data = bytearray(src.read_bytes())
    needle = struct.pack("<Q", len(key)) + key.encode()
    at = data.find(needle, 0, 4 * 2**20)
    assert at > 0, key
    value_at = at + len(needle) + 4  # skip the uint32 value type
    if data[at + len(needle)] == 8:  # a string: skip its uint64 length too
        (length,) = struct.unpack_from("<Q", data, value_at)
        assert length == len(new_value)
        value_at += 8
    data[value_at : value_at + len(new_value)] = new_value
    dst.write_bytes(bytes(data))
    return dst


def assert_helpful(err: EngineError) -> None:
    assert str(err) and err.hint, "every error says what happened and what to do"


def test_header_of_the_tiny_model(tiny_model_path: Path) -> None:
    info = read_gguf_header(tiny_model_path)
    assert info.architecture == "llama"
    assert info.context_length == 8192
    assert info.data_end == info.size_bytes  # the tensor table accounts for every byte
    assert "<|im_start|>" in (info.chat_template or "")
    assert info.n_vocab == 49152
    summary = inspect_gguf(tiny_model_path)
    assert summary["n_ctx_train"] == 8192 and summary["has_chat_template"]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ModelFileMissing) as err:
        ModelEngine(EngineConfig(model_path=tmp_path / "nowhere.gguf"))
    assert "nowhere.gguf" in str(err.value)
    assert_helpful(err.value)


def test_a_directory_is_not_a_model(tmp_path: Path) -> None:
    (tmp_path / "folder.gguf").mkdir()
    with pytest.raises(ModelFileMissing):
        inspect_gguf(tmp_path / "folder.gguf")


def test_text_file_renamed_to_gguf(tmp_path: Path) -> None:
    fake = tmp_path / "notes.gguf"
    fake.write_text("Dear diary, this is not a model.\n", encoding="utf-8")
    with pytest.raises(NotAGGUF) as err:
        ModelEngine(EngineConfig(model_path=fake))
    assert_helpful(err.value)


def test_empty_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.gguf"
    empty.write_bytes(b"")
    with pytest.raises(NotAGGUF):
        inspect_gguf(empty)


def test_model_cut_in_half(tiny_model_path: Path, tmp_path: Path) -> None:
    half = tmp_path / "half.gguf"
    with tiny_model_path.open("rb") as src, half.open("wb") as dst:
        dst.write(src.read(tiny_model_path.stat().st_size // 2))
    with pytest.raises(ModelCorrupt) as err:
        ModelEngine(EngineConfig(model_path=half))
    assert "truncated" in str(err.value)
    assert_helpful(err.value)


@pytest.mark.parametrize("cut", [5000, 100_000, 400_000, 800_000, 1_200_000])
def test_a_header_cut_inside_the_tokenizers_lists_is_truncated(
    tiny_model_path: Path, tmp_path: Path, cut: int
) -> None:
    """The vocabulary and merges (~100k strings) are stepped over, not read: every cut is still caught."""
    full = read_gguf_header(tiny_model_path)
    assert full.data_offset > cut  # (each cut lies inside the header)
    stub = tmp_path / "stub.gguf"
    with tiny_model_path.open("rb") as src:
        stub.write_bytes(src.read(cut))
    with pytest.raises(ModelCorrupt, match="truncated"):
        read_gguf_header(stub)


def test_header_cut_short(tiny_model_path: Path, tmp_path: Path) -> None:
    stub = tmp_path / "stub.gguf"
    with tiny_model_path.open("rb") as src:
        stub.write_bytes(src.read(5000))  # ends inside the tokenizer's token list
    with pytest.raises(ModelCorrupt):
        ModelEngine(EngineConfig(model_path=stub))


def test_context_larger_than_trained(tiny_model_path: Path) -> None:
    with pytest.raises(ContextTooLarge) as err:
        ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=16384))
    assert "8,192" in str(err.value)
    assert_helpful(err.value)


def test_not_enough_memory_is_refused_before_llama_cpp(tiny_model_path: Path, tmp_path: Path) -> None:
    # A model that claims a huge trained context: 2**22 positions of KV cache is ~96 GB per context.
    huge = patched_copy(
        tiny_model_path, tmp_path / "huge.gguf", "llama.context_length", struct.pack("<I", 2**31 - 1)
    )
    with pytest.raises(OutOfMemory) as err:
        ModelEngine(EngineConfig(model_path=huge, n_ctx=2**22))
    assert "available" in str(err.value)
    assert_helpful(err.value)


def test_allocation_failure_inside_llama_cpp(
    tiny_model_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # When the free memory cannot be read, our estimate cannot refuse: llama.cpp's failure is caught.
    if Path("/proc/sys/vm/overcommit_memory").read_text().strip() == "1":
        pytest.skip("with unconditional overcommit a 96 GB allocation would not fail cleanly")
    huge = patched_copy(
        tiny_model_path, tmp_path / "huge.gguf", "llama.context_length", struct.pack("<I", 2**31 - 1)
    )
    monkeypatch.setattr(loader, "available_memory", lambda: None)
    with pytest.raises(OutOfMemory) as err:
        ModelEngine(EngineConfig(model_path=huge, n_ctx=2**22))
    assert_helpful(err.value)


def test_unknown_architecture(tiny_model_path: Path, tmp_path: Path) -> None:
    alien = patched_copy(tiny_model_path, tmp_path / "alien.gguf", "general.architecture", b"llamb")
    with pytest.raises(UnsupportedModel) as err:
        ModelEngine(EngineConfig(model_path=alien))
    assert "llamb" in str(err.value)
    assert_helpful(err.value)


def test_unknown_kv_cache_type(tiny_model_path: Path) -> None:
    with pytest.raises(ValueError, match="q8_0"):
        ModelEngine(EngineConfig(model_path=tiny_model_path, kv_cache_type="f8"))


def test_quantized_kv_cache_and_settings_load_and_answer(tiny_model_path: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.gguf"
    shutil.copyfile(tiny_model_path, copy)  # any path works, not just the bundled one
    config = EngineConfig(model_path=copy, n_ctx=1024, kv_cache_type="q8_0", n_threads=1, n_batch=64)
    with ModelEngine(config) as engine:
        from app.llm.types import GenerationRequest

        done = engine.submit(GenerationRequest(messages=[{"role": "user", "content": "Hi"}], max_tokens=4))
        completion = done.result(timeout=60)
        assert completion.stats.completion_tokens >= 1
        assert engine.info()["n_ctx"] == 1024 and engine.info()["kv_cache_type"] == "q8_0"


def test_a_closed_engine_refuses_politely(tiny_model_path: Path) -> None:
    from app.llm.types import GenerationRequest

    engine = ModelEngine(EngineConfig(model_path=tiny_model_path, n_ctx=512))
    engine.close()
    engine.close()  # idempotent
    with pytest.raises(EngineError):
        engine.count_tokens("hello")
    with pytest.raises(EngineError):
        engine.submit(GenerationRequest(messages=[{"role": "user", "content": "Hi"}], max_tokens=2))
