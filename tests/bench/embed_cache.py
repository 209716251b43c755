"""Embeddings cached by text hash under ``.cache/embeddings/``, so a rerun of a benchmark is quick.

A cached vector is exactly what the embedder returned for that text (float32, keyed by embedder id and a
BLAKE2 digest of the text); nothing else is kept. The cache is a benchmark tool, never used by the app.
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from app.llm.embedding import Embedder

CACHE_DIR = Path(".cache") / "embeddings"


class CachedEmbedder:
    """An ``Embedder`` that asks the real one only for texts it has not seen; counts and times both."""

    def __init__(self, inner: Embedder, directory: Path = CACHE_DIR) -> None:
        self._inner = inner
        directory.mkdir(parents=True, exist_ok=True)
        safe = inner.embedder_id.replace(":", "_").replace("/", "_")
        self._db = sqlite3.connect(str(directory / f"{safe}.sqlite"), check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS v (k BLOB PRIMARY KEY, q INTEGER, vec BLOB)")
        self.embedded = 0
        self.cached = 0
        self.embed_ms = 0.0
        self.query_ms: list[float] = []

    @property
    def embedder_id(self) -> str:
        return self._inner.embedder_id

    @property
    def dim(self) -> int:
        return self._inner.dim

    @property
    def floor(self) -> float:
        return self._inner.floor

    def passages(self, texts: Sequence[str]) -> NDArray[np.float32]:
        keys = [_key(t) for t in texts]
        found = self._lookup(keys, 0)
        missing = [i for i, k in enumerate(keys) if k not in found]
        if missing:
            started = time.perf_counter()
            fresh = self._inner.passages([texts[i] for i in missing])
            self.embed_ms += (time.perf_counter() - started) * 1000
            self.embedded += len(missing)
            rows = [(keys[i], 0, fresh[j].astype(np.float32).tobytes()) for j, i in enumerate(missing)]
            self._db.executemany("INSERT OR REPLACE INTO v VALUES (?, ?, ?)", rows)
            self._db.commit()
            found.update({keys[i]: fresh[j] for j, i in enumerate(missing)})
        self.cached += len(texts) - len(missing)
        return (
            np.stack([found[k] for k in keys]).astype(np.float32)
            if texts
            else np.zeros((0, self.dim), np.float32)
        )

    def query(self, text: str) -> NDArray[np.float32]:
        """Always the real embedder: the query's cost is part of what the benchmark measures."""
        started = time.perf_counter()
        vector = self._inner.query(text)
        self.query_ms.append((time.perf_counter() - started) * 1000)
        return vector

    def _lookup(self, keys: list[bytes], kind: int) -> dict[bytes, NDArray[np.float32]]:
        found: dict[bytes, NDArray[np.float32]] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for k, vec in self._db.execute(
                f"SELECT k, vec FROM v WHERE q = ? AND k IN ({marks})", (kind, *chunk)
            ):
                found[bytes(k)] = np.frombuffer(vec, dtype=np.float32)
        return found

    def close(self) -> None:
        self._db.close()


def _key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()
