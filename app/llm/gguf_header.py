"""Read a GGUF file's header without loading the model.

Why: llama.cpp answers a bad file with a bare "failed to load model" (or worse, a crash deep inside a
mapped tensor). Reading the header ourselves lets Hearth say *what* is wrong before llama.cpp runs:
not a GGUF at all, a header cut short, tensor data missing at the end (an interrupted download), or a
context size the model was never trained for. It also gives the metadata the engine needs up front
(architecture, trained context, layer and head counts for the KV-size estimate, the chat template).

Format (https://github.com/ggml-org/ggml/blob/master/docs/gguf.md): ``GGUF`` magic, uint32 version,
tensor count and metadata count (uint64; uint32 in v1), metadata key/values, tensor infos, padding to
``general.alignment``, tensor data. Little-endian only (big-endian GGUFs are vanishingly rare).
"""

from __future__ import annotations

import hashlib
import mmap
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.llm.errors import ModelCorrupt, ModelFileMissing, NotAGGUF

GGUF_MAGIC = b"GGUF"
DEFAULT_ALIGNMENT = 32

# GGUF metadata value types → struct format of a scalar (also read by tests.bench.synthetic_model).
SCALAR_FORMATS = {
    0: "<B",
    1: "<b",
    2: "<H",
    3: "<h",
    4: "<I",
    5: "<i",
    6: "<f",
    7: "<?",
    10: "<Q",
    11: "<q",
    12: "<d",
}
_STRING, _ARRAY = 8, 9

# ggml tensor types → (elements per block, bytes per block); from ggml.c type_traits. Unknown types
# skip the size check for their tensor rather than reject a model from a newer llama.cpp.
GGML_BLOCKS: dict[int, tuple[int, int]] = {
    0: (1, 4),
    1: (1, 2),
    2: (32, 18),
    3: (32, 20),
    6: (32, 22),
    7: (32, 24),
    8: (32, 34),
    9: (32, 36),
    10: (256, 84),
    11: (256, 110),
    12: (256, 144),
    13: (256, 176),
    14: (256, 210),
    15: (256, 292),
    16: (256, 66),
    17: (256, 74),
    18: (256, 98),
    19: (256, 50),
    20: (32, 18),
    21: (256, 110),
    22: (256, 82),
    23: (256, 136),
    24: (1, 1),
    25: (1, 2),
    26: (1, 4),
    27: (1, 8),
    28: (1, 8),
    29: (256, 56),
    30: (1, 2),
    34: (256, 54),
    35: (256, 66),
    39: (32, 17),
}

# Big arrays we do not keep in memory, only fingerprint (they identify the tokenizer).
_TOKENIZER_ARRAYS = ("tokenizer.ggml.tokens", "tokenizer.ggml.merges", "tokenizer.ggml.token_type")


@dataclass
class GGUFInfo:
    """What the header says. ``metadata`` holds scalars, strings and small arrays."""

    path: Path
    size_bytes: int
    version: int
    tensor_count: int
    metadata: dict[str, Any]
    data_offset: int  # where tensor data starts
    data_end: int  # where the last tensor ends (must be <= size_bytes)
    tokenizer_digest: str = ""
    array_lengths: dict[str, int] = field(default_factory=dict)

    @property
    def architecture(self) -> str:
        return str(self.metadata.get("general.architecture", ""))

    def arch_value(self, key: str, default: Any = None) -> Any:
        return self.metadata.get(f"{self.architecture}.{key}", default)

    @property
    def context_length(self) -> int | None:
        value = self.arch_value("context_length")
        return int(value) if isinstance(value, int) else None

    @property
    def chat_template(self) -> str | None:
        value = self.metadata.get("tokenizer.chat_template")
        return value if isinstance(value, str) else None

    @property
    def n_vocab(self) -> int:
        return self.array_lengths.get("tokenizer.ggml.tokens", 0)

    def kv_bytes_per_token(self, bytes_per_element: float) -> int:
        """KV-cache bytes per context position: layers × (K width + V width) × element size."""
        n_layer = _as_int(self.arch_value("block_count"), 0)
        n_embd = _as_int(self.arch_value("embedding_length"), 0)
        n_head = _as_int(self.arch_value("attention.head_count"), 1) or 1
        n_head_kv = _as_int(self.arch_value("attention.head_count_kv"), n_head)
        head_k = _as_int(self.arch_value("attention.key_length"), n_embd // n_head)
        head_v = _as_int(self.arch_value("attention.value_length"), n_embd // n_head)
        return int(n_layer * n_head_kv * (head_k + head_v) * bytes_per_element)


def _as_int(value: Any, default: int) -> int:
    """Scalar metadata, or the largest entry of a per-layer array (some models vary heads per layer)."""
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
        return max(value)
    return default


_LENGTH = struct.Struct("<Q")


class _Reader:
    """Bounds-checked little-endian reads over a memory map; running off the end means truncation."""

    def __init__(self, buf: mmap.mmap, size: int) -> None:
        self.buf = buf
        self.size = size
        self.pos = 0

    def _within(self, start: int, end: int) -> int:
        """``end``, if ``start..end`` lies in the header's bytes; else the file is truncated."""
        if end < start or end > self.size:
            raise ModelCorrupt("The model file ends in the middle of its header (it is truncated).")
        return end

    def take(self, n: int) -> bytes:
        start = self.pos
        self.pos = self._within(start, start + n)
        return self.buf[start : self.pos]

    def scalar(self, fmt: str) -> Any:
        start = self.pos
        self.pos = self._within(start, start + struct.calcsize(fmt))
        (value,) = struct.unpack_from(fmt, self.buf, start)
        return value

    def string(self) -> bytes:
        return self.take(self.scalar("<Q"))

    def skip_strings(self, count: int) -> None:
        """Step over ``count`` strings without copying them: a tokenizer's vocabulary and merges are 100,000
        or so, and the model loads on a worker beside the window (a copy and four calls per string was 50 ms
        of Python per load, holding the lock the window needs in slices)."""
        unpack = _LENGTH.unpack_from
        buf, size, pos = self.buf, self.size, self.pos
        for _ in range(count):
            if pos + 8 > size:
                self._within(pos, pos + 8)  # raises: the length itself is cut off
            pos += 8 + unpack(buf, pos)[0]
        self.pos = self._within(self.pos, pos)

    def value(self, vtype: int, key: str, digest: Any, lengths: dict[str, int]) -> Any:
        if vtype in SCALAR_FORMATS:
            return self.scalar(SCALAR_FORMATS[vtype])
        if vtype == _STRING:
            return self.string().decode("utf-8", errors="replace")
        if vtype == _ARRAY:
            return self.array(key, digest, lengths)
        raise ModelCorrupt(f"The model file's header has an unknown value type ({vtype}) for {key!r}.")

    def array(self, key: str, digest: Any, lengths: dict[str, int]) -> Any:
        item_type = self.scalar("<I")
        count = self.scalar("<Q")
        lengths[key] = count
        start = self.pos
        if item_type in SCALAR_FORMATS:
            width = struct.calcsize(SCALAR_FORMATS[item_type])
            self.take(width * count)
            items: list[Any] | None = None
            if count <= 1024:
                items = list(struct.unpack_from(f"<{count}{SCALAR_FORMATS[item_type][1]}", self.buf, start))
        elif item_type == _STRING and count <= 1024:
            items = [self.string().decode("utf-8", errors="replace") for _ in range(count)]
        elif item_type == _STRING:
            self.skip_strings(count)
            items = None
        else:
            raise ModelCorrupt(f"The model file's header has an unsupported array in {key!r}.")
        if key in _TOKENIZER_ARRAYS:
            digest.update(key.encode())
            digest.update(self.buf[start : self.pos])
        return items


def read_gguf_header(path: Path) -> GGUFInfo:
    """Parse and sanity-check the header; raise a typed error saying what is wrong with the file."""
    path = Path(path)
    if not path.exists():
        raise ModelFileMissing(f"The model file {path} does not exist.")
    if not path.is_file():
        raise ModelFileMissing(f"{path} is not a file.")
    size = path.stat().st_size
    with path.open("rb") as fh:
        head = fh.read(4)
        if head != GGUF_MAGIC:
            raise NotAGGUF(f"{path.name} is not a GGUF model file (it does not start with 'GGUF').")
        with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as buf:
            return _parse(path, buf, size)


def _parse(path: Path, buf: mmap.mmap, size: int) -> GGUFInfo:
    reader = _Reader(buf, size)
    reader.take(4)
    version = reader.scalar("<I")
    if version not in (1, 2, 3):
        raise NotAGGUF(f"{path.name} uses GGUF version {version}, which this app cannot read.")
    count_fmt = "<I" if version == 1 else "<Q"
    tensor_count = reader.scalar(count_fmt)
    kv_count = reader.scalar(count_fmt)
    if tensor_count > 1_000_000 or kv_count > 1_000_000:
        raise ModelCorrupt(f"The header of {path.name} is damaged (implausible counts).")
    digest = hashlib.sha256()
    lengths: dict[str, int] = {}
    metadata: dict[str, Any] = {}
    for _ in range(kv_count):
        key = reader.string().decode("utf-8", errors="replace")
        metadata[key] = reader.value(reader.scalar("<I"), key, digest, lengths)
    data_end_rel = 0
    for _ in range(tensor_count):
        reader.string()  # name
        n_dims = reader.scalar("<I")
        if n_dims > 8:
            raise ModelCorrupt(f"The tensor table of {path.name} is damaged.")
        dims = [reader.scalar("<Q") for _ in range(n_dims)]
        ggml_type = reader.scalar("<I")
        offset = reader.scalar("<Q")
        data_end_rel = max(data_end_rel, offset + _tensor_bytes(ggml_type, dims))
    alignment = _as_int(metadata.get("general.alignment"), DEFAULT_ALIGNMENT) or DEFAULT_ALIGNMENT
    data_offset = -(-reader.pos // alignment) * alignment
    info = GGUFInfo(
        path=path,
        size_bytes=size,
        version=version,
        tensor_count=tensor_count,
        metadata=metadata,
        data_offset=data_offset,
        data_end=data_offset + data_end_rel,
        tokenizer_digest=digest.hexdigest(),
        array_lengths=lengths,
    )
    if info.data_end > size:
        missing = info.data_end - size
        raise ModelCorrupt(
            f"{path.name} is truncated: {_mib(size)} on disk but the model needs {_mib(info.data_end)} "
            f"({_mib(missing)} missing)."
        )
    if not info.architecture:
        raise ModelCorrupt(f"{path.name} has no 'general.architecture' in its header.")
    return info


def _tensor_bytes(ggml_type: int, dims: list[int]) -> int:
    block = GGML_BLOCKS.get(ggml_type)
    if block is None:
        return 0
    elements = 1
    for d in dims:
        elements *= d
    per_block, nbytes = block
    return -(-elements // per_block) * nbytes


def _mib(n: int) -> str:
    return f"{n / 2**20:,.1f} MiB"
