"""Recall by meaning: the diary's messages and facts as vectors, kept in step with the diary.

The store keeps the vectors (derived data, deleted with their source: ``app.store.vectors``); this module
makes and searches them:

* ``load`` reads the saved vectors into memory once (on a background thread, at start); until then, and
  while a diary is being indexed, recall works by words alone.
* ``index_step`` embeds a batch of what is not indexed yet (newest first) and saves it; the companion calls
  it on its own low-priority worker after every saved message and until the diary is indexed, so a new
  entry is searchable by meaning within a moment, and an imported diary catches up in the background.
  What is embedded for a message is made in one place, ``passage_text``: its own words, and for a short
  turn the end of the turn before it.
* ``query_vector`` embeds the message recall is asked about; the last few are kept (``QUERY_CACHE``): the
  budget gauge recalls for a draft at every pause in typing, so a sent message's vector is usually made.
* ``hits`` — the messages nearest to a query vector, and facts that came from a message lead back to it
  ("fact-augmented keys": a question about what the person said they like finds the entry it was said in).
  An entry near the diary's mean, near every question, counts a little less (``HUB_WEIGHT``).

Nothing here holds a database lock while embedding, and the store refuses a vector whose text changed in
the meantime.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from app.core.ports import DiaryPort
from app.core.recall.concepts import every_kind
from app.core.recall.vectors import VectorIndex, encode
from app.core.text import REPLY_PLACEHOLDER
from app.llm.embedding import Embedder
from app.llm.errors import EngineError
from app.store import IndexCounts, PendingText

log = logging.getLogger(__name__)

INDEX_BATCH = 16  # messages per step: a reply's query embedding never waits long behind a batch
# A fact's similarity, lent to the message it came from, counts a little less (``hits``); the facts searched
# per query are ``k // FACT_HITS_SHARE`` of the ``k`` messages asked for, at least ``FACT_HITS_MIN`` (15 at
# recall's 120). Measured with LoCoMo's GPT-made observations as the person's facts (``tests/bench/recall.py
# --facts observation``: speaker_a's, 80 live a diary as automatic memory keeps; an upper bound of what a 3B
# model's extraction gives), tune half 26 + 30: weight 0.8 0.871, 0.9 0.879, 0.95 0.881, 1.0 0.876; 4 fact
# hits 0.882, 15 0.879, 30 0.879 — all within a question or two, against 0.889 without facts (0.888 with the
# facts kept out of the prompt: their block in the prompt, not these keys, costs the difference). Inference
# questions (category 3) gain (0.530 → 0.621), categories 1 and 4 lose about as much. Kept as they were.
# The facts' keys keep their plain cosine: ``HUB_WEIGHT``'s lowering applied to them too (0.3 / 0.6 / 1.0, the
# facts' own mean) gave 0.885 / 0.881 / 0.881 against 0.884.
FACT_WEIGHT = 0.9
FACT_HITS_SHARE = 8
FACT_HITS_MIN = 8
# Some entries are near every question: a day told in general words ("Спина после уколов почти прошла…", "a
# quiet rainy day at home") sits close to the diary's mean, and a question's nearest entries were full of them
# while its evidence ranked 40th–90th. Each entry's similarity is lowered by ``HUB_WEIGHT`` times its
# similarity to the mean of the diary's entries (``VectorIndex.mean``; the mean's own length squared is added
# back, so the average entry scores what it did against the embedder's ``floor``). It is one subtraction from
# the query vector: q·d − w·(m·d − m·m) = (q − w·m)·d + w·m·m — no cost at any size.
# Tune half (EN / RU / LoCoMo 26 + 30, everything else as it was): 0 (none) 0.938 / 0.928 / 0.889,
# 0.15 0.939 / 0.940 / 0.888, 0.2 0.940 / 0.946 / 0.888, 0.25 0.936 / 0.948 / 0.885, 0.3 0.937 / 0.950 /
# 0.893, 0.35 0.937 / 0.949 / 0.892, 0.4 0.930 / 0.944 / 0.893, 0.6 0.896 / 0.932 / 0.892, 1.0 0.891 / 0.885 /
# 0.907 (LoCoMo's inference questions keep gaining, the diaries lose). At 0.3 multi-evidence questions gained
# most (EN 0.875 → 0.896, RU 0.841 → 0.884). Report half: EN 0.932 → 0.938, RU 0.876 → 0.886 (multi-evidence
# 0.569 → 0.639). Measured beside it and not kept: lowering each entry by its mean similarity to its own 10
# nearest entries (a local hub; 0.1–0.4 on top of the global weight: 0.903–0.933 / 0.912–0.939 / 0.888–0.894);
# the query also freed of the entries' 1–4 main directions of spread (principal components, removed whole or
# in part): 0.911–0.946 / 0.890–0.944 / 0.860–0.898 (LoCoMo's inference questions gain, Russian loses); the
# mean's USE half weighed as the pair's query weighs it (0–0.5 instead of 1): 0.943–0.945 / 0.940–0.947 /
# 0.887–0.896.
# Swept again in session 27 on the tune half grown to six diaries in English and nine in Russian (against
# 0.947 / 0.948): 0.2 0.946 / 0.944, 0.4 0.939 / 0.943: kept.
HUB_WEIGHT = 0.3
# Below this many entries there is no common direction to speak of (the mean of a few entries is mostly those
# entries): nothing is lowered. Every diary of the benchmarks has 297 or more.
HUB_MIN_ENTRIES = 100
# Query vectors kept, by their text's digest. The budget gauge assembles the next prompt, recall included, at
# every pause in typing (``app.core.prompt.next_prompt``), so the message a turn recalls for was usually
# embedded a moment before it was sent; kept, the turn skips its embedding, the longest stage of a recall
# (~25 ms of e5 on one thread, far more on a busy machine). A vector depends on its text and embedder alone.
QUERY_CACHE = 16
SHORT_TURN = 80  # characters: a turn shorter than this is embedded after the end of the turn it answers
CONTEXT_CHARS = 200  # characters of that turn (its end) a short turn is embedded with
# The form of the embedded text, part of the index's id: changing ``passage_text`` (or the two figures above)
# must bump it, so an existing diary's vectors are "not indexed yet" and re-made in the background.
KEY_FORM = "turn-context:1"
# Tried and not kept (tune half, EN / RU / LoCoMo 26 + 30, against 0.938 / 0.928 / 0.889): a long entry's
# sentences embedded too, in pieces of one to three, the entry scored by its best piece (weight 0.9–1.0 of
# a whole entry's cosine; entries over 200–400 characters): 0.938–0.943 / 0.921–0.928 / 0.863–0.889 — a
# piece is as near to the wrong questions as to the right ones, and the index grew three times.


def index_id(embedder: Embedder) -> str:
    """The id a diary's vectors are saved under: the embedder (name, versions) and the form of the text it
    embedded (``KEY_FORM``). Vectors under another id are "not indexed yet" and re-made in the background."""
    return f"{embedder.embedder_id}/{KEY_FORM}"


def passage_text(item: PendingText) -> str:
    """The text embedded for a message: its own words, and for a short turn the end of the turn it answers.

    A short turn means little on its own ("Yes, since March — no kiwi for me any more", "Mostly the
    lighthouse!"): what it answers is in the other side's turn before it (``PendingText.before``; after
    the same side's own entry there is none: two unrelated entries in one vector only blur both). On the
    recall bench's tune half (whose turns alternate), this form for turns under 80 characters gained EN
    +0.004, RU +0.007, LoCoMo +0.002; the turn before for every turn cost EN −0.017 (a long entry stands on
    its own, and a companion's words only blur it). The end of the turn before is kept: a question is
    usually at the end of a turn.
    """
    if not item.before or len(item.text) >= SHORT_TURN:
        return item.text
    before = item.before.strip()
    if len(before) > CONTEXT_CHARS:
        before = before[-CONTEXT_CHARS:]
        word = before.find(" ")
        if 0 <= word < 40:  # start at a word
            before = before[word + 1 :]
    return before + "\n" + item.text


@dataclass(frozen=True)
class SemanticHit:
    message_id: int
    similarity: float  # cosine to the query, -1..1


class SemanticMemory:
    """The vectors of one diary for one embedder; thread-safe."""

    def __init__(self, diary: DiaryPort, embedder: Embedder) -> None:
        self._diary = diary
        self.embedder = embedder
        self._messages = VectorIndex(embedder.dim)
        self._facts = VectorIndex(embedder.dim)
        self._fact_source: dict[int, int] = {}
        self._loaded = threading.Event()
        self._lock = threading.Lock()
        # keyed by a digest, never the text: no draft's words are kept in memory for this
        self._queries: OrderedDict[bytes, NDArray[np.float32]] = OrderedDict()
        self._queries_lock = threading.Lock()
        self._kinds: dict[str, NDArray[np.float32]] = {}  # ``kind_vector``'s (a fixed table, no diary text)

    @property
    def embedder_id(self) -> str:
        """The index's id (``index_id``)."""
        return index_id(self.embedder)

    @property
    def floor(self) -> float:
        """What an entry unrelated to the question scores with this embedder (see ``rank``)."""
        return self.embedder.floor

    @property
    def ready(self) -> bool:
        """Loaded and holding at least one vector: recall may ask it."""
        return self._loaded.is_set() and len(self._messages) > 0

    @property
    def message_count(self) -> int:
        """Messages with a vector in memory."""
        return len(self._messages)

    @property
    def nbytes(self) -> int:
        """Memory the loaded vectors take (messages and facts): the index size per message is reported."""
        return self._messages.nbytes + self._facts.nbytes

    def wait_loaded(self, timeout: float | None = None) -> bool:
        return self._loaded.wait(timeout)

    # -- keeping in step ---------------------------------------------------------------------------
    def load(self) -> None:
        """Read every saved vector of this embedder into memory (once)."""
        with self._lock:
            if self._loaded.is_set():
                return
            self._messages.upsert((v.key_id, v.vector) for v in self._diary.message_vectors(self.embedder_id))
            facts = self._diary.fact_vectors(self.embedder_id)
            self._facts.upsert((v.key_id, v.vector) for v in facts)
            self._fact_source.update((v.key_id, v.message_id) for v in facts)
            self._loaded.set()

    def index_step(self, batch: int = INDEX_BATCH) -> bool:
        """Embed and save one batch of what is missing (messages, then facts); True if work may remain."""
        self.load()
        messages = self._diary.pending_message_vectors(
            self.embedder_id, limit=batch, skip_text=REPLY_PLACEHOLDER
        )
        if messages:
            rows = self._embedded(messages)
            kept = set(self._diary.save_message_vectors(self.embedder_id, rows))
            self._messages.upsert((item.id, blob) for item, blob in rows if item.id in kept)
            return True
        facts = self._diary.pending_fact_vectors(self.embedder_id, limit=batch)
        if facts:
            rows = self._embedded(facts)
            saved = self._diary.save_fact_vectors(self.embedder_id, rows)
            stored = self._diary.fact_vectors(self.embedder_id, saved)
            self._facts.upsert((v.key_id, v.vector) for v in stored)
            self._fact_source.update((v.key_id, v.message_id) for v in stored)
            return True
        self._make_kind_vectors()
        return False

    def _make_kind_vectors(self) -> None:
        """Once the diary is indexed, the vectors of every kind of event (a fixed table: ~20 short texts,
        once a session), so a question about one never waits for its embedding. A failure here (the meaning
        model closed while being replaced) is not the index's: the diary is indexed, and a question about a
        kind makes its vector when asked."""
        try:
            for words in every_kind():
                self.kind_vector(words)
        except EngineError as exc:
            log.warning("the kinds' vectors were not made ahead: %s", type(exc).__name__)

    def _embedded(self, items: Sequence[PendingText]) -> list[tuple[PendingText, bytes]]:
        vectors = self.embedder.passages([passage_text(item) for item in items])
        return [(item, encode(vector)) for item, vector in zip(items, vectors, strict=True)]

    def counts(self) -> IndexCounts:
        return self._diary.index_counts(self.embedder_id)

    def forget_messages(self, message_ids: Sequence[int]) -> None:
        """Deleted messages leave memory too (the store already deleted their vectors), and so do the kept
        query vectors: one may be a deleted message's (the turn that sent it)."""
        self._messages.remove(message_ids)
        self._forget_queries()

    def forget_facts(self, fact_ids: Sequence[int]) -> None:
        self._facts.remove(fact_ids)
        for fact_id in fact_ids:
            self._fact_source.pop(fact_id, None)

    def forget_everything(self) -> None:
        self._messages.clear()
        self._facts.clear()
        self._fact_source.clear()
        self._forget_queries()

    def _forget_queries(self) -> None:
        with self._queries_lock:
            self._queries.clear()

    # -- asking ------------------------------------------------------------------------------------
    def query_vector(self, text: str) -> NDArray[np.float32]:
        """``text`` embedded as a query; the last ``QUERY_CACHE`` are kept (see there)."""
        key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()
        with self._queries_lock:
            kept = self._queries.get(key)
            if kept is not None:
                self._queries.move_to_end(key)
                return kept
        vector = self.embedder.query(text)
        vector.setflags(write=False)  # shared by every later ask of the same text
        with self._queries_lock:
            self._queries[key] = vector
            if len(self._queries) > QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector

    def kind_vector(self, words: str) -> NDArray[np.float32]:
        """The vector of the words a kind of event is told with (``app.core.recall.concepts``), made once:
        the table is fixed and small (a few kinds in two languages), so a turn embeds it at most once."""
        with self._queries_lock:
            kept = self._kinds.get(words)
        if kept is not None:
            return kept
        vector = self.embedder.query(words)
        vector.setflags(write=False)
        with self._queries_lock:
            self._kinds[words] = vector
        return vector

    def hits(self, query: NDArray[np.float32], k: int) -> list[SemanticHit]:
        """The ``k`` messages nearest to ``query`` (as ``similarity`` scores them), a fact's source message
        counting as near as its fact."""
        toward, lift = self._away_from_the_mean(query)
        best = {key: similarity + lift for key, similarity in self._messages.search(toward, k)}
        fact_hits = self._facts.search(query, max(FACT_HITS_MIN, k // FACT_HITS_SHARE))
        if fact_hits:
            live = {
                v.key_id: v.message_id
                for v in self._diary.fact_vectors(self.embedder_id, [f for f, _ in fact_hits])
            }
            for fact_id, similarity in fact_hits:
                message_id = live.get(fact_id)
                if message_id is None:
                    self.forget_facts([fact_id])  # deleted or reworded since: never lend its old meaning
                    continue
                lent = similarity * FACT_WEIGHT
                if lent > best.get(message_id, -1.0):
                    best[message_id] = lent
        ranked = sorted(best.items(), key=lambda pair: -pair[1])
        return [SemanticHit(message_id, similarity) for message_id, similarity in ranked]

    def similarity(self, query: NDArray[np.float32], message_ids: Sequence[int]) -> dict[int, float]:
        """Similarity of each indexed message among ``message_ids`` to ``query`` (cosine, less what it shares
        with every entry: ``HUB_WEIGHT``)."""
        toward, lift = self._away_from_the_mean(query)
        found = self._messages.similarity(toward, message_ids)
        return {key: similarity + lift for key, similarity in found.items()}

    def alike(self, pairs: Sequence[tuple[int, int]]) -> dict[tuple[int, int], float]:
        """How alike the two messages of each pair are, as a share (0..1) of the way from what two of the
        diary's entries score on average (the entries' mean, squared) to the same text: an entry that goes
        on with the other's subject scores above 0, one about something else 0 (``rank.NEIGHBOUR_BASE``).
        A pair with a message not indexed is left out."""
        mean = self._messages.mean()
        typical = float(mean @ mean)
        if typical >= 1.0:
            return {}
        found = self._messages.pair_similarity(pairs)
        return {
            pair: min(1.0, max(0.0, (value - typical) / (1.0 - typical))) for pair, value in found.items()
        }

    def _away_from_the_mean(self, query: NDArray[np.float32]) -> tuple[NDArray[np.float32], float]:
        """The query less ``HUB_WEIGHT`` of the entries' mean, and what to add back to each score."""
        if len(self._messages) < HUB_MIN_ENTRIES:
            return query, 0.0
        mean = self._messages.mean()
        toward: NDArray[np.float32] = (query - HUB_WEIGHT * mean).astype(np.float32)
        return toward, HUB_WEIGHT * float(mean @ mean)
