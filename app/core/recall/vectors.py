"""An in-memory index of quantized unit vectors: the semantic half of recall, searched every turn.

Why this shape:

* **int8 with a per-vector scale.** A vector is stored as a float32 scale and ``dim`` signed bytes (516
  bytes for 512 dimensions, a quarter of float32); the cosine error is far below what separates a relevant
  entry from an unrelated one. The bytes are what the store keeps (``encode`` / ``decode``).
* **Exact up to tens of thousands, binary first beyond.** Scoring every vector is a matrix–vector product,
  done in slices so memory stays flat. On a diary of 100,000 messages a first pass on the vectors' sign
  bits (Hamming distance, 64 bytes a vector) keeps the best few thousand, which are then scored exactly:
  the 60 ms budget of a turn holds on a laptop CPU.
* **Ids, not rows.** Rows are replaced in place when a message is re-embedded (an edit) and blanked when it
  is forgotten, so the caller only ever speaks of message (or fact) ids. Thread-safe: the indexer adds while
  a reply searches.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

EXACT_LIMIT = 30_000  # up to this many vectors every one is scored exactly
PREFILTER = 4096  # beyond it, the best this many by sign bits are scored exactly
# Rows scored per matrix product: the slice's float32 copy (3.5 MB at 896 dimensions) stays in cache.
# With 16,384 rows a slice it did not, and rescoring 4,096 prefiltered rows took ~3.5 ms instead of ~1.3.
_SLICE = 1024
_SCALE = struct.Struct("<f")


def encode(vector: NDArray[np.float32]) -> bytes:
    """A unit vector as bytes: float32 scale, then int8 components (``decode`` reverses it)."""
    peak = float(np.max(np.abs(vector))) or 1.0
    scale = peak / 127.0
    codes = np.clip(np.rint(vector / scale), -127, 127).astype(np.int8)
    return _SCALE.pack(scale) + codes.tobytes()


def decode(blob: bytes, dim: int) -> tuple[NDArray[np.int8], float]:
    """The int8 components and scale of ``encode``'s bytes; ValueError if they are not of ``dim``."""
    if len(blob) != _SCALE.size + dim:
        raise ValueError(f"a vector of {len(blob)} bytes is not {dim}-dimensional")
    (scale,) = _SCALE.unpack_from(blob)
    return np.frombuffer(blob, dtype=np.int8, offset=_SCALE.size), float(scale)


class VectorIndex:
    """Quantized vectors by id, searchable by cosine similarity to a query vector."""

    def __init__(self, dim: int, capacity: int = 1024) -> None:
        self.dim = dim
        self._lock = threading.Lock()
        self._ids = np.full(capacity, -1, dtype=np.int64)
        self._codes = np.zeros((capacity, dim), dtype=np.int8)
        self._scales = np.zeros(capacity, dtype=np.float32)
        # Sign bits as 64-bit words, one row per word and one column per vector: the Hamming distance
        # of every vector is then a few operations on long contiguous rows (~2 ms on 100k, against ~8 ms
        # when each vector's bytes were a row).
        self._words = (dim + 63) // 64
        self._signs = np.zeros((self._words, capacity), dtype=np.uint64)
        self._rows: dict[int, int] = {}
        self._size = 0
        self._sum = np.zeros(dim, dtype=np.float64)  # of the vectors held, kept as they come and go

    def __len__(self) -> int:
        with self._lock:
            return len(self._rows)

    def __contains__(self, key: int) -> bool:
        with self._lock:
            return key in self._rows

    @property
    def nbytes(self) -> int:
        """Bytes of the arrays (ids, codes, scales, sign bits), spare capacity included."""
        with self._lock:
            return sum(a.nbytes for a in (self._ids, self._codes, self._scales, self._signs))

    def mean(self) -> NDArray[np.float32]:
        """The mean of the vectors held (zeros when there is none): what every entry has in common."""
        with self._lock:
            count = len(self._rows)
            if not count:
                return np.zeros(self.dim, dtype=np.float32)
            return (self._sum / count).astype(np.float32)

    def upsert(self, items: Iterable[tuple[int, bytes]]) -> int:
        """Add or replace vectors given as ``encode`` bytes; a malformed one is skipped. Returns how many."""
        added = 0
        with self._lock:
            for key, blob in items:
                try:
                    codes, scale = decode(blob, self.dim)
                except ValueError:
                    continue
                row = self._rows.get(key)
                if row is None:
                    row = self._append_row()
                    self._rows[key] = row
                else:
                    self._sum -= self._vector(row)
                self._ids[row] = key
                self._codes[row] = codes
                self._scales[row] = scale
                self._sum += self._vector(row)
                self._signs[:, row] = self._sign_words(codes)
                added += 1
        return added

    def remove(self, keys: Iterable[int]) -> None:
        """Forget these ids (their rows are blanked: zero scale never matches)."""
        with self._lock:
            for key in keys:
                row = self._rows.pop(int(key), None)
                if row is not None:
                    self._sum -= self._vector(row)
                    self._ids[row] = -1
                    self._codes[row] = 0
                    self._scales[row] = 0.0
                    self._signs[:, row] = 0

    def clear(self) -> None:
        with self._lock:
            self._rows.clear()
            self._ids[:] = -1
            self._codes[:] = 0
            self._scales[:] = 0.0
            self._signs[:] = 0
            self._size = 0
            self._sum[:] = 0.0

    def search(self, query: NDArray[np.float32], k: int) -> list[tuple[int, float]]:
        """The ``k`` ids most similar to ``query`` (a unit vector), best first, with their cosine."""
        with self._lock:
            n = self._size
            if n == 0 or k <= 0:
                return []
            rows = self._prefiltered(query, n)
            scores = self._exact(query, rows)
            take = min(k, len(rows))
            best = np.argpartition(-scores, take - 1)[:take]
            best = best[np.argsort(-scores[best], kind="stable")]
            found = [(int(self._ids[rows[i]]), float(scores[i])) for i in best]
        return [(key, score) for key, score in found if key >= 0]

    def similarity(self, query: NDArray[np.float32], keys: Sequence[int]) -> dict[int, float]:
        """The cosine of each known id in ``keys`` to ``query``."""
        with self._lock:
            known = [(int(key), self._rows[int(key)]) for key in keys if int(key) in self._rows]
            if not known:
                return {}
            rows = np.fromiter((row for _, row in known), dtype=np.int64, count=len(known))
            scores = self._exact(query, rows)
        return {key: float(score) for (key, _), score in zip(known, scores, strict=True)}

    def pair_similarity(self, pairs: Sequence[tuple[int, int]]) -> dict[tuple[int, int], float]:
        """The cosine of the two vectors of each pair of ids; a pair with an unknown id is left out."""
        with self._lock:
            known = [(a, b) for a, b in pairs if a in self._rows and b in self._rows]
            if not known:
                return {}
            first = np.fromiter((self._rows[a] for a, _ in known), dtype=np.int64, count=len(known))
            second = np.fromiter((self._rows[b] for _, b in known), dtype=np.int64, count=len(known))
            dots = np.einsum(
                "ij,ij->i", self._codes[first].astype(np.float32), self._codes[second].astype(np.float32)
            )
            dots *= self._scales[first] * self._scales[second]
        return {pair: float(value) for pair, value in zip(known, dots, strict=True)}

    # -- inside the lock ---------------------------------------------------------------------------
    def _vector(self, row: int) -> NDArray[np.float64]:
        return self._codes[row].astype(np.float64) * float(self._scales[row])

    def _append_row(self) -> int:
        if self._size == len(self._ids):
            self._grow()
        row = self._size
        self._size += 1
        return row

    def _grow(self) -> None:
        capacity = max(1024, len(self._ids) * 2)
        self._ids = np.concatenate([self._ids, np.full(capacity - len(self._ids), -1, dtype=np.int64)])
        self._codes = _grown(self._codes, capacity)
        self._scales = _grown(self._scales, capacity)
        signs = np.zeros((self._words, capacity), dtype=np.uint64)
        signs[:, : self._signs.shape[1]] = self._signs
        self._signs = signs

    def _prefiltered(self, query: NDArray[np.float32], n: int) -> NDArray[np.int64]:
        """Rows worth scoring exactly: all of them on a small index, the nearest by sign bits beyond."""
        if n <= EXACT_LIMIT:
            return np.arange(n, dtype=np.int64)
        wanted = self._sign_words(query)
        distance = np.zeros(n, dtype=np.int32)
        differ = np.empty(n, dtype=np.uint64)
        counts = np.empty(n, dtype=np.uint8)
        for word in range(self._words):
            np.bitwise_xor(self._signs[word, :n], wanted[word], out=differ)
            distance += np.bitwise_count(differ, out=counts)
        distance[self._ids[:n] < 0] = np.iinfo(np.int32).max
        take = min(PREFILTER, n)
        return np.argpartition(distance, take - 1)[:take].astype(np.int64)

    def _sign_words(self, vector: NDArray[Any]) -> NDArray[np.uint64]:
        """The signs of ``vector`` (bit set: positive) as ``_words`` 64-bit words, zero-padded."""
        packed = np.zeros(self._words * 8, dtype=np.uint8)
        bits = np.packbits(np.asarray(vector) > 0)
        packed[: len(bits)] = bits
        return packed.view(np.uint64)

    def _exact(self, query: NDArray[np.float32], rows: NDArray[np.int64]) -> NDArray[np.float32]:
        q = np.asarray(query, dtype=np.float32)
        out = np.empty(len(rows), dtype=np.float32)
        contiguous = len(rows) > 0 and rows[0] == 0 and rows[-1] == len(rows) - 1
        for start in range(0, len(rows), _SLICE):
            part = slice(start, min(start + _SLICE, len(rows)))
            if contiguous:
                codes = self._codes[part]
                scales = self._scales[part]
            else:
                codes = self._codes[rows[part]]
                scales = self._scales[rows[part]]
            out[part] = (codes.astype(np.float32) @ q) * scales
        return out


_Array = TypeVar("_Array", bound=NDArray[Any])


def _grown(array: _Array, capacity: int) -> _Array:
    grown: _Array = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)  # type: ignore[assignment]
    grown[: len(array)] = array
    return grown
