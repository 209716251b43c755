"""A synthetic GGUF: a real model's exact shapes and real tokenizer, with seeded random weights.

    python -m tests.bench.synthetic_model --shape qwen2.5-3b OUT.gguf [--seed 0] [--eos-logit 2.5]
    python -m tests.bench.synthetic_model --shape tiny-test OUT.gguf

No 3B GGUF can be downloaded where Hearth's benches run, so this writes one: architecture ``qwen2`` with
Qwen2.5-3B-Instruct's hyper-parameters (36 layers, hidden 2048, 16 heads, 2 KV heads of 128, FFN 11008,
vocabulary 151,936, RoPE base 1e6, RMS eps 1e-6, q/k/v biases, tied embeddings), the tokenizer and chat
template of ``tests/data/vocab/ggml-vocab-qwen2.gguf`` (Qwen2.5's own), and random weights quantized to Q4_0.
**Its prose is noise.** What is real at that scale: load time, memory, prompt-eval and generation speed,
the KV cache and the saved state's size, and the app's mechanics (caching, folds, background jobs, stalls).
The vocabulary file's own hyper-parameters (32 layers of 4096) are another Qwen's, so the published
Qwen2.5-3B config is used. ``tiny-test`` is the same architecture at a few MB, for a fast end-to-end test.

Replies end because one residual dimension carries a constant: every token embedding holds ``1.0`` in
dimension 0, no layer reads it (the layers' norm weights are 0 there) or writes it (row 0 of each output
projection is 0), so after the final norm it is a fixed ``sqrt(n_embd / 2)``. With tied embeddings the
logit of token t is ``embedding[t] . h``: ``<|im_end|>``'s embedding holds a little more in dimension 0,
which lifts its logit by ``--eos-logit`` over the common offset, and the other special tokens a little
less (a real chat model does not write ``<|im_start|>`` mid-reply). Every other logit is noise of
standard deviation about 1, so under the app's sampler (top-k 40, top-p 0.95, min-p 0.05, temperature 0.7)
the end-of-turn token comes out now and then: replies of a few dozen tokens (see the bench README).

Weights are written tensor by tensor (large ones in row chunks), so memory stays near one chunk.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from app.llm.gguf_header import SCALAR_FORMATS

try:
    import gguf
except ImportError:  # pragma: no cover - the dev extra installs it
    raise SystemExit("the synthetic model needs the 'gguf' package (pip install -e '.[dev]')") from None

VOCAB_FILE = Path(__file__).resolve().parents[1] / "data" / "vocab" / "ggml-vocab-qwen2.gguf"
IM_END = 151645  # <|im_end|>: Qwen2.5-Instruct's end of turn (its GGUFs' eos_token_id)
FIRST_SPECIAL = 151643  # <|endoftext|> and every added token after it
CHUNK_VALUES = 1 << 24  # random values generated and quantized at once (64 MB of float32)
Q4_0 = gguf.GGMLQuantizationType.Q4_0
F32 = gguf.GGMLQuantizationType.F32


@dataclass(frozen=True)
class Shape:
    layers: int
    embd: int
    heads: int
    kv_heads: int
    head_dim: int
    ffn: int
    vocab: int = 151936
    context: int = 32768
    rope_base: float = 1e6
    rms_eps: float = 1e-6


SHAPES = {
    # Qwen2.5-3B-Instruct's config.json (the vocabulary file's header holds another Qwen's).
    "qwen2.5-3b": Shape(layers=36, embd=2048, heads=16, kv_heads=2, head_dim=128, ffn=11008),
    # The same architecture and tokenizer at a few MB: the generator's own end-to-end test.
    "tiny-test": Shape(layers=2, embd=64, heads=2, kv_heads=1, head_dim=32, ffn=128),
}


@dataclass(frozen=True)
class Tensor:
    name: str
    rows: int  # 1 for a vector
    cols: int
    kind: str  # which initialiser: see ``values``

    @property
    def quantized(self) -> bool:
        return self.rows > 1  # matrices are Q4_0, norms and biases f32 (as llama.cpp's own Q4_0 files)


def tensors(shape: Shape) -> list[Tensor]:
    """llama.cpp's qwen2 tensors, in file order. Tied embeddings: no ``output.weight``, as the real 3B."""
    q_dim, kv_dim = shape.heads * shape.head_dim, shape.kv_heads * shape.head_dim
    out = [Tensor("token_embd.weight", shape.vocab, shape.embd, "embedding")]
    for i in range(shape.layers):
        b = f"blk.{i}"
        out += [
            Tensor(f"{b}.attn_norm.weight", 1, shape.embd, "norm"),
            Tensor(f"{b}.attn_q.weight", q_dim, shape.embd, "in"),
            Tensor(f"{b}.attn_q.bias", 1, q_dim, "bias"),
            Tensor(f"{b}.attn_k.weight", kv_dim, shape.embd, "in"),
            Tensor(f"{b}.attn_k.bias", 1, kv_dim, "bias"),
            Tensor(f"{b}.attn_v.weight", kv_dim, shape.embd, "in"),
            Tensor(f"{b}.attn_v.bias", 1, kv_dim, "bias"),
            Tensor(f"{b}.attn_output.weight", shape.embd, q_dim, "out"),
            Tensor(f"{b}.ffn_norm.weight", 1, shape.embd, "norm"),
            Tensor(f"{b}.ffn_gate.weight", shape.ffn, shape.embd, "in"),
            Tensor(f"{b}.ffn_up.weight", shape.ffn, shape.embd, "in"),
            Tensor(f"{b}.ffn_down.weight", shape.embd, shape.ffn, "out"),
        ]
    out.append(Tensor("output_norm.weight", 1, shape.embd, "output_norm"))
    return out


def embedding_offsets(shape: Shape, eos_logit: float) -> dict[int, float]:
    """Dimension 0 of the embeddings that differ from 1.0: the end-of-turn token's lift, the other
    special tokens' drop. After the final norm dimension 0 is about sqrt(n_embd / 2), so a lift of
    ``x / sqrt(n_embd / 2)`` there moves that token's logit by ``x``."""
    h0 = math.sqrt(shape.embd / 2)
    offsets = {token: 1.0 - 10.0 / h0 for token in range(FIRST_SPECIAL, shape.vocab)}
    offsets[IM_END] = 1.0 + eos_logit / h0
    return offsets


def chunks(tensor: Tensor, shape: Shape, rng: np.random.Generator, eos_logit: float) -> Iterator[np.ndarray]:
    """The tensor's float32 values, a block of whole rows at a time."""
    rows_per_chunk = max(1, CHUNK_VALUES // tensor.cols)
    for start in range(0, tensor.rows, rows_per_chunk):
        rows = min(rows_per_chunk, tensor.rows - start)
        yield values(tensor, shape, rng, start, rows, eos_logit)


def values(
    tensor: Tensor, shape: Shape, rng: np.random.Generator, start: int, rows: int, eos_logit: float
) -> np.ndarray:
    """Random values scaled so activations stay near unit size and the residual stays dominated by the
    embedding (logits finite, noise of standard deviation ~1 whatever the width)."""
    if tensor.kind == "norm":
        data = np.ones((rows, tensor.cols), np.float32)
        data[:, 0] = 0.0  # the layers never read the constant dimension
        return data
    if tensor.kind == "output_norm":
        # Negated, so that the hidden state points away from the current token's own embedding: with
        # tied embeddings and a residual made mostly of that embedding, a positive norm would make every
        # token predict itself ("unikunikunik…"); negated, its own logit is the lowest of all.
        data = -np.ones((rows, tensor.cols), np.float32)
        data[:, 0] = 1.0
        return data
    data = rng.standard_normal((rows, tensor.cols), dtype=np.float32)
    if tensor.kind == "embedding":
        data *= math.sqrt(1.0 / shape.embd)  # |rest| ~ 1 = dimension 0: after the norm h0 ~ sqrt(n / 2)
        data[:, 0] = 1.0
        for token, offset in embedding_offsets(shape, eos_logit).items():
            if start <= token < start + rows:
                data[token - start, 0] = offset
    elif tensor.kind == "in":
        data *= 1.0 / math.sqrt(tensor.cols)  # unit-size projections of a unit-size normalised input
    elif tensor.kind == "bias":
        data *= 0.1
    else:  # "out": each layer adds a little noise to the residual, ~half the embedding's size in all
        data *= 0.5 * math.sqrt(1.0 / shape.embd) / math.sqrt(shape.layers * tensor.cols)
        if start == 0:
            data[0, :] = 0.0  # and never writes the constant dimension
    return data


def add_metadata(writer: gguf.GGUFWriter, shape: Shape, shape_name: str, seed: int, eos_logit: float) -> None:
    arch = "qwen2"
    writer.add_name(f"synthetic {shape_name} (random weights)")
    writer.add_description(
        f"Shapes and tokenizer of {shape_name}, random weights (seed {seed}, EOS logit +{eos_logit}): "
        "its text is noise. Written by tests/bench/synthetic_model.py for Hearth's benches."
    )
    writer.add_uint32(f"{arch}.context_length", shape.context)
    writer.add_uint32(f"{arch}.embedding_length", shape.embd)
    writer.add_uint32(f"{arch}.block_count", shape.layers)
    writer.add_uint32(f"{arch}.feed_forward_length", shape.ffn)
    writer.add_uint32(f"{arch}.attention.head_count", shape.heads)
    writer.add_uint32(f"{arch}.attention.head_count_kv", shape.kv_heads)
    writer.add_float32(f"{arch}.rope.freq_base", shape.rope_base)
    writer.add_float32(f"{arch}.attention.layer_norm_rms_epsilon", shape.rms_eps)
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_Q4_0)
    writer.add_quantization_version(gguf.GGML_QUANT_VERSION)
    copy_tokenizer(writer)


def copy_tokenizer(writer: gguf.GGUFWriter) -> None:
    """Every ``tokenizer.*`` key of Qwen2.5's vocabulary file (vocabulary, merges, types, chat template),
    with the Instruct model's end of turn (``<|im_end|>``) and no BOS, as Qwen's own GGUFs have them."""
    fields = read_fields(VOCAB_FILE)
    for key, (vtype, sub_type, value) in fields.items():
        if not key.startswith("tokenizer."):
            continue
        if key == "tokenizer.ggml.eos_token_id":
            writer.add_eos_token_id(IM_END)
            continue
        writer.add_key_value(key, value, vtype, sub_type)
    if "tokenizer.chat_template" not in fields:
        writer.add_chat_template(CHATML)
    writer.add_add_bos_token(False)


Field = tuple[gguf.GGUFValueType, gguf.GGUFValueType | None, object]


def read_fields(path: Path) -> dict[str, Field]:
    """The key-value section of a GGUF as (type, array item type, value). gguf's own GGUFReader takes
    ~10 s on this vocabulary (a memmap view per string); this reads it in well under one."""
    data = path.read_bytes()
    pos = 4 + 4 + 8  # magic, version, tensor count
    (count,) = struct.unpack_from("<Q", data, pos)
    pos += 8
    fields: dict[str, Field] = {}
    for _ in range(count):
        key, pos = read_string(data, pos)
        vtype = gguf.GGUFValueType(struct.unpack_from("<I", data, pos)[0])
        pos += 4
        if vtype == gguf.GGUFValueType.ARRAY:
            sub_type = gguf.GGUFValueType(struct.unpack_from("<I", data, pos)[0])
            (length,) = struct.unpack_from("<Q", data, pos + 4)
            items, pos = read_items(data, pos + 12, sub_type, length)
            fields[key] = (vtype, sub_type, items)
        else:
            value, pos = read_items(data, pos, vtype, 1)
            fields[key] = (vtype, None, value[0])
    return fields


def read_string(data: bytes, pos: int) -> tuple[str, int]:
    (length,) = struct.unpack_from("<Q", data, pos)
    end = pos + 8 + length
    return data[pos + 8 : end].decode("utf-8"), end


def read_items(data: bytes, pos: int, vtype: gguf.GGUFValueType, length: int) -> tuple[list[object], int]:
    if vtype == gguf.GGUFValueType.STRING:
        items: list[object] = []
        for _ in range(length):
            text, pos = read_string(data, pos)
            items.append(text)
        return items, pos
    if vtype not in SCALAR_FORMATS:
        raise ValueError(f"nested arrays are not expected in a vocabulary file ({vtype.name})")
    fmt = SCALAR_FORMATS[vtype]
    size = struct.calcsize(fmt)
    return list(struct.unpack_from(f"<{length}{fmt[1]}", data, pos)), pos + size * length


CHATML = (
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + "
    "'<|im_end|>' + '\n'}}{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


def write_model(path: Path, shape_name: str, seed: int = 0, eos_logit: float = 2.5) -> int:
    """Write the synthetic model to ``path``; returns its size in bytes. The same arguments give the same
    bytes (each tensor draws from its own generator seeded by ``seed`` and its index)."""
    shape = SHAPES[shape_name]
    plan = tensors(shape)
    writer = gguf.GGUFWriter(path, "qwen2")
    add_metadata(writer, shape, shape_name, seed, eos_logit)
    for tensor in plan:
        qtype = Q4_0 if tensor.quantized else F32
        nbytes = tensor_nbytes(tensor, qtype)
        dtype = np.dtype(np.uint8) if tensor.quantized else np.dtype(np.float32)
        byte_shape = (tensor.rows, nbytes // tensor.rows) if tensor.quantized else (tensor.cols,)
        raw_dtype = qtype if tensor.quantized else None
        writer.add_tensor_info(tensor.name, byte_shape, dtype, nbytes, raw_dtype=raw_dtype)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    assert writer.fout is not None
    out = writer.fout[0]
    for index, tensor in enumerate(plan):
        write_tensor(writer, out, tensor, shape, np.random.default_rng([seed, index]), eos_logit)
    writer.close()
    return path.stat().st_size


def tensor_nbytes(tensor: Tensor, qtype: gguf.GGMLQuantizationType) -> int:
    block, type_size = gguf.GGML_QUANT_SIZES[qtype]
    return tensor.rows * tensor.cols // block * type_size


def write_tensor(writer: gguf.GGUFWriter, out: object, tensor: Tensor, shape: Shape,
                 rng: np.random.Generator, eos_logit: float) -> None:  # fmt: skip
    """One tensor's data at its aligned offset, chunk by chunk (GGUFWriter.write_tensor_data wants the
    whole array at once: 1.2 GB of float32 for the 3B's embeddings)."""
    info = writer.tensors[0].pop(tensor.name)
    writer.write_padding(out, out.tell())  # type: ignore[attr-defined]
    written = 0
    for data in chunks(tensor, shape, rng, eos_logit):
        if tensor.quantized:
            data = gguf.quants.quantize(data, Q4_0)
        data.tofile(out)
        written += data.nbytes
    if written != info.nbytes:
        raise RuntimeError(f"{tensor.name}: wrote {written} bytes, planned {info.nbytes}")
    writer.write_padding(out, written)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.bench.synthetic_model", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--shape", choices=sorted(SHAPES), default="qwen2.5-3b")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eos-logit", type=float, default=2.5, help="<|im_end|>'s lift over the noise")
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    started = time.monotonic()
    size = write_model(args.out, args.shape, args.seed, args.eos_logit)
    elapsed = time.monotonic() - started
    print(f"{args.out}: {args.shape}, Q4_0, {size:,} bytes in {elapsed:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
