"""The synthetic model generator: a GGUF llama.cpp loads, with Qwen2.5's tokenizer, whose replies end."""

from __future__ import annotations

import hashlib
from pathlib import Path

import llama_cpp
import pytest

from tests.bench.synthetic_model import IM_END, Q4_0, SHAPES, tensor_nbytes, tensors, write_model


@pytest.fixture(scope="module")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("synthetic") / "tiny-test.gguf"
    write_model(path, "tiny-test")
    return path


def test_the_3b_plan_has_qwen2_5_3b_parameter_count_and_q4_0_size() -> None:
    plan = tensors(SHAPES["qwen2.5-3b"])
    assert len(plan) == 1 + 12 * 36 + 1  # embeddings, 12 per layer, final norm; tied: no output.weight
    params = sum(t.rows * t.cols for t in plan)
    assert 3.08e9 < params < 3.10e9  # Qwen2.5-3B: 3.09 B parameters
    quantized = sum(tensor_nbytes(t, Q4_0) for t in plan if t.quantized)
    assert 1.70e9 < quantized < 1.75e9


def test_a_real_llama_loads_it_with_qwen_s_tokenizer_and_replies_end(tiny_gguf: Path) -> None:
    llm = llama_cpp.Llama(str(tiny_gguf), n_ctx=512, verbose=False, seed=1)
    try:
        assert llm.metadata["general.architecture"] == "qwen2"
        assert llm.token_eos() == IM_END
        assert llm.tokenize(b"<|im_start|>", add_bos=False, special=True) == [151644]
        assert llm.n_vocab() == 151936
        ended = []
        for seed in range(4):
            reply = llm.create_chat_completion(
                [{"role": "system", "content": "You are Hearth."}, {"role": "user", "content": "Rain."}],
                max_tokens=400,
                temperature=0.7,
                top_k=40,
                top_p=0.95,
                min_p=0.05,
                seed=seed,
            )
            ended.append(reply["choices"][0]["finish_reason"])
        assert ended == ["stop"] * 4  # <|im_end|>'s lifted logit: a random model's replies end
    finally:
        llm.close()


def test_the_same_seed_writes_the_same_bytes(tiny_gguf: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.gguf"
    write_model(again, "tiny-test")
    digest = lambda p: hashlib.sha256(p.read_bytes()).hexdigest()  # noqa: E731
    assert digest(again) == digest(tiny_gguf)
