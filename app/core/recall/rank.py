"""Re-ranking recall candidates: BM25 from FTS5, corrected by what BM25 cannot see.

BM25 scores each message alone. A diary is conversations: a day whose messages match the question
several times is probably about it (a small *conversation prior*), and the turns right next to a hit
often hold what the question asks about even without sharing its words (*neighbours*). Both were
measured on the LoCoMo benchmark (tests/bench/recall.py): neighbours ±2 turns +0.11, the prior +0.006;
other ideas tried there and dropped for no gain: a bonus for covering more distinct query terms, and
pseudo-relevance feedback (a second query with words from the top hits). A message that names days
("on 3 October", "last week") favours entries written then (``date_bonus``).

With recall by meaning (``app.core.recall.semantic``) every candidate also has a cosine similarity to the
message; the two are fused as shares (``fused_share``: the stronger opinion counts): BM25 as a share of the
best hit, similarity as a share of the way from the embedder's ``floor`` (what unrelated entries score) to
the best one. The weights were chosen on the tune half of the held-out sets (tests/data/heldout) and of
LoCoMo (files 26 and 30) and reported on the other half; see ``tests/bench/recall.py``. Among hits that
are about equally relevant the later one ranks first (``RECENCY_WEIGHT``): when a fact changed ("I moved to
Lisbon" after "I live in Porto") the current one comes first, and both are dated in the prompt; a question
about the present state ("where does she live now?") narrows that margin, so the old version keeps a slot too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, timedelta

from app.core.recall.dates import DateSpan
from app.core.text import Term
from app.store import RankedMessage

Candidate = RankedMessage  # a message as the store ranks it (FTS5 BM25: lower is better)


CONVERSATION_WEIGHT = 0.3  # share of a conversation's best hits lent to all its hits
CONVERSATION_TOP = 3


# What a candidate written inside a span of days the message names gains (its BM25 share is 0..1):
# the narrower the span, the surer it is what the person asks about. Entries written within a week
# after the span tell of it too ("on Saturday we …"), at half the bonus.
DATE_BONUS = {"day": 0.6, "week": 0.4, "month": 0.3, "season": 0.2, "year": 0.1}
DATE_AFTERMATH_DAYS = 7


def date_bonus(day: date | None, spans: Sequence[DateSpan]) -> float:
    """The best bonus any of ``spans`` gives an entry written on ``day``."""
    if day is None:
        return 0.0
    best = 0.0
    for span in spans:
        bonus = DATE_BONUS[span.precision]
        if span.contains(day):
            best = max(best, bonus)
        elif span.end < day <= span.end + timedelta(days=DATE_AFTERMATH_DAYS):
            best = max(best, bonus / 2)
    return best


# Fusion of the lexical and the semantic share: the stronger opinion counts (``fused_share``). A weighted sum
# (0.9 meaning, 0.1 words, until session 7) let meaning drown an entry that shares the question's rare words
# — LoCoMo's questions mostly do — while a paraphrase's evidence shares none, so its words never compete.
# Lexical shares count ``LEXICAL_WEIGHT`` times (a word match is rarer and surer than a near meaning), and
# agreement of both adds ``AGREEMENT_WEIGHT`` of the weaker. Chosen on the tune half (held-out EN / RU, LoCoMo
# 26 + 30, Qwen2.5's tokens): the weighted sum 0.819 / 0.896 / 0.812; stronger opinion at 1.5 0.819 / 0.896 /
# 0.843, at 2.5 0.796 / 0.902 / 0.890, at 3 0.784 / 0.902 / 0.904, at 4 0.748 / 0.865 / 0.931 — 2.5 and 3
# fall shortest of the targets (0.90, 0.90, 0.92) in sum; 2.5 keeps more of the paraphrases. Report half:
# 0.890 / 0.827 / 0.859 against the weighted sum's 0.894 / 0.825 / 0.799.
# Swept again in session 27 on the tune half grown to six diaries in English and nine in Russian (against
# 0.947 / 0.948): 2.0 0.950 / 0.948, 3.0 0.943 / 0.944 — within a question or two: kept.
# Session 37, the agreement on the tune half grown to 15 EN / 29 RU (0.9554 / 0.9333 at 0.1): 0.05 0.9566 /
# 0.9332, 0.2 0.9522 / 0.9299, 0.35 0.9481 / 0.9241 — an entry that shares a word with the question and is
# near it in meaning is no likelier the evidence than one that is only near.
# Session 38, tune half 16 EN / 31 RU (0.9628 / 0.9367 at 2.5), LoCoMo 0.8705: 2.0 0.9634 / 0.9388 (RU nine
# questions gained, three lost), LoCoMo 0.8578; 3.0 0.9570 / 0.9317; 4.0 LoCoMo 0.8874. The held-out
# questions share no word with their evidence, LoCoMo's mostly do: one weight trades one for the other.
# Session 41, tune half 20 EN / 40 RU (0.9614 / 0.9369): reciprocal-rank fusion instead (each candidate
# scored 1/(k + its rank by BM25) * w + 1/(k + its rank by similarity), scaled to 0..1, the date bonus,
# recency and every later step as they are) at k = 60, w = 1 0.9139 / 0.8746, at k = 10, w = 0.5 0.9099 /
# 0.8672: ranks forget how far apart the scores are, so an entry that shares one common word with the
# question ranks with the one that means it.
LEXICAL_WEIGHT = 2.5
AGREEMENT_WEIGHT = 0.1
# The newest candidate over the oldest (by order of writing): near-ties go to the later. With the pair, 0.03
# left a changed fact's two versions in the wrong order; tune half at 0.06: EN 0.808, RU 0.694, LoCoMo
# 0.800 against 0.808 / 0.704 / 0.802 at 0.03 (LoCoMo's changed-fact questions 0.576 → 0.621).
# Session 38 (16 EN / 31 RU, 0.9628 / 0.9367): 0.03 0.9615 / 0.9333, 0.1 0.9611 / 0.9360.
RECENCY_WEIGHT = 0.06
# A question about the present state ("Where does my father live now?", "Где сейчас учится сын?") asks about
# something that may have changed: the answer needs the latest statement *and* the one it replaced, so the
# model can tell that it changed and since when. The later still ranks first, by a smaller margin, so the
# earlier version keeps its slot. Tune half (EN / RU / LoCoMo 26 + 30, with ``COMPANION_WEIGHT``): 0.06
# 0.882 / 0.881 / 0.887, 0.02 0.893 / 0.884 / 0.887 (changed facts EN 0.857 → 0.911, RU 0.827 → 0.840), 0
# 0.901 / 0.880 / 0.887 (RU's changed facts 0.820). The same 0.02 for every question cost LoCoMo 0.003.
CURRENT_STATE_RECENCY_WEIGHT = 0.02
_CURRENT_STATE = re.compile(
    r"\b(?:these days|nowadays|at the moment|at present|currently|now|still)\b"
    r"|(?<!\w)(?:сейчас|нынче|теперь|до сих пор|вс[её] ещ[её]|в настоящее время)(?!\w)",
    re.IGNORECASE,
)
# The conversation prior with recall by meaning: on the tune half 0 and 0.3 tie, and a day full of entries
# near the question in a general way ("a rainy day at home") must not outweigh the one entry that answers it.
HYBRID_CONVERSATION_WEIGHT = 0.0
# The opposite, a conversation's entries beyond its first 2–4 counting 0.7–0.85 less each (so that more days
# reach the prompt for a question whose answer is spread over several), was measured and not kept: tune half
# 0.901–0.921 / 0.878–0.925 / 0.790–0.839 against 0.938 / 0.928 / 0.889, multi-evidence questions included:
# the evidence sits in days that match the question several times.
# BM25 (negated) of a hit that surely is about the question. When the best lexical hit scores less — it
# shares one common word with the question ("days" in "where is she based these days?") — every lexical
# share shrinks in proportion, so a weak word match cannot outrank an entry that means what was asked.
LEXICAL_REFERENCE = 15.0
# The companion's own turns count this much of their score, as hits and as neighbours: what the person
# remembers is in their own words, and the companion's replies mostly restate them or ask ("How is Nora
# settling in?"), so a reply near the question in meaning takes a slot its owner's entry needs. On the tune
# half (EN / RU / LoCoMo 26 + 30) 1.0 gave 0.854 / 0.869 / 0.890, 0.95 0.878 / 0.876 / 0.885, 0.9 0.882 /
# 0.881 / 0.887, 0.85 0.882 / 0.895 / 0.879: LoCoMo gives its second speaker (a person, whose turns are
# evidence too) the companion's role, so a stronger discount costs it. Multi-evidence and changed-fact
# questions gained most (RU 0.725 → 0.775 and 0.807 → 0.827, EN multi-evidence 0.781 → 0.816). Session 37
# (15 EN / 29 RU, 0.9554 / 0.9333): 0.85 0.9554 / 0.9332 — the companion's replies take 32 of the 2,743
# tokens a Russian question's recall gets; there is nothing left to win back.
COMPANION_WEIGHT = 0.9


def fused_share(lexical: float, semantic: float) -> float:
    """The stronger of the two opinions (words at ``LEXICAL_WEIGHT``), plus a little for their agreement."""
    words = LEXICAL_WEIGHT * lexical
    return max(words, semantic) + AGREEMENT_WEIGHT * min(words, semantic)


def recency_weight(query: str) -> float:
    """How much newer beats older among near-ties: less when ``query`` asks about the present state."""
    return CURRENT_STATE_RECENCY_WEIGHT if _CURRENT_STATE.search(query) else RECENCY_WEIGHT


def role_weight(role: str) -> float:
    """What a turn's score counts for its role: the companion's a little less (``COMPANION_WEIGHT``)."""
    return COMPANION_WEIGHT if role == "assistant" else 1.0


def semantic_shares(similarity: Mapping[int, float], floor: float) -> dict[int, float]:
    """Each cosine as a share (0..1) of the way from ``floor`` (the embedder's) to the best one."""
    if not similarity:
        return {}
    top = max(similarity.values())
    span = top - floor
    if span <= 0:
        return {key: 0.0 for key in similarity}
    return {key: max(0.0, (value - floor) / span) for key, value in similarity.items()}


def rank_candidates(
    query: str,
    terms: list[Term],
    candidates: list[Candidate],
    spans: Sequence[DateSpan] = (),
    similarity: Mapping[int, float] | None = None,
    floor: float = 0.0,
) -> list[tuple[Candidate, float]]:
    """Candidates with a score, best first (higher is better); ``similarity`` fuses in recall by meaning
    (``floor``: what an unrelated entry scores with the embedder that made ``similarity``, its ``floor``)."""
    if not candidates:
        return []
    top = max(-c.bm25 for c in candidates) or 1.0
    shares = semantic_shares(similarity, floor) if similarity else None
    order = {mid: i for i, mid in enumerate(sorted(c.message_id for c in candidates))}
    newest = max(1, len(order) - 1)
    recency = recency_weight(query)
    scored: list[tuple[Candidate, float]] = []
    for cand in candidates:
        lexical = -cand.bm25 / top
        if shares is None:
            score = lexical
        else:
            lexical *= min(1.0, top / LEXICAL_REFERENCE) if LEXICAL_REFERENCE > 0 else 1.0
            score = fused_share(lexical, shares.get(cand.message_id, 0.0))
            score += recency * order[cand.message_id] / newest
        score *= role_weight(cand.role)
        scored.append((cand, score + date_bonus(cand.day, spans)))
    weight = CONVERSATION_WEIGHT if shares is None else HYBRID_CONVERSATION_WEIGHT
    if weight:
        scored = _with_conversation_prior(scored, weight)
    scored.sort(key=lambda pair: (-pair[1], -pair[0].message_id))
    return scored


def _with_conversation_prior(
    scored: list[tuple[Candidate, float]], weight: float
) -> list[tuple[Candidate, float]]:
    by_conversation: dict[int, list[float]] = {}
    for cand, score in scored:
        by_conversation.setdefault(cand.conversation_id, []).append(score)
    strength = {c: sum(sorted(v, reverse=True)[:CONVERSATION_TOP]) for c, v in by_conversation.items()}
    strongest = max(strength.values()) or 1.0
    return [(c, s + weight * strength[c.conversation_id] / strongest) for c, s in scored]


# Swept again in session 27 on the tune half grown to six diaries in English and nine in Russian (against
# 0.947 / 0.948): a radius of 1 0.936 / 0.946 (multi-evidence EN 0.937 -> 0.915);
# ``NEIGHBOUR_BASE`` 0.4 0.942 / 0.946, 0.8 0.946 / 0.946: kept.
NEIGHBOUR_RADIUS = 2
NEIGHBOUR_DECAY = 0.85
NEIGHBOUR_SOURCES = 60  # only the best hits lend their score to the turns around them
# With meaning, an owner's turn next to a hit borrows ``NEIGHBOUR_BASE + (1 - NEIGHBOUR_BASE) * share`` of
# what it would by distance alone, ``share`` being the better of its similarity to the message (as a share of
# the way from the floor to the best candidate, as ``semantic_shares`` scores them) and its likeness to the
# hit it borrows from (``SemanticMemory.alike``: 0 for two entries as alike as the diary's average pair, 1
# for the same text). An owner's next entry about something else no longer takes the slot of an entry that
# answers, while one that goes on with the hit's subject still comes along; the companion's turns next to a
# hit (replies to it, questions it answers) borrow as before. A quarter (EN) and a sixth (RU) of the slots
# on the tune half went to turns lifted by a neighbour; multi-evidence questions lost evidence to them ("Какие
# неисправности случались на работе?": "Тёма слёг с ангиной", the entry after a hit, ranked 8th; the frozen
# pipe that answers, 52nd). Session 25, tune half EN / RU (multi-evidence in brackets), against 0.9368 /
# 0.9496 (0.896 / 0.884) without it: at 0.6 0.9432 / 0.9564 (0.908 / 0.907; eight questions gained, none
# lost), at 0.4 0.9375 / 0.9548. Report half: EN 0.9378 -> 0.9498, RU 0.8862 -> 0.8902 (multi-evidence RU
# 0.639 -> 0.667); LoCoMo, all ten: 0.8731 -> 0.8696 (category 1 0.651 -> 0.632, 3 0.573 -> 0.579).
# Measured and not kept: the same weight on the companion's turns too: tune the same, 0.9432 / 0.9564,
# report the same, but LoCoMo 0.8635 (two people talking: an answer is often the other's short turn next to
# the hit; the tie on the tune half was broken by LoCoMo's figure); the similarity to the message alone, on
# every turn, at 0.7 and 0.6 0.9411 / 0.9564 (lost "What's my fiancé's job at the moment?": its answer
# follows a hit, unlike the question; report 0.9438 / 0.8963, LoCoMo 0.8616), 0.5 0.9425 / 0.9548, 0.3-0.4
# 0.9353 / 0.9548, with ``NEIGHBOUR_DECAY`` 0.9 0.9425 / 0.9548-0.9564; the likeness to the hit alone
# 0.9303 / 0.9486 at 0.6, 0.9195 / 0.9486 at 0; the mean of the two 0.9368 / 0.9533; beside it,
# ``NEIGHBOUR_SOURCES`` 90 the same, 40 0.9389 / 0.9564. Costs one similarity lookup of the turns not yet
# scored and one of the pairs (at most ``4 * NEIGHBOUR_SOURCES`` vectors each): ~0.35 ms a query at 100k.
# Session 38 (16 EN / 31 RU, 0.9628 / 0.9367): ``NEIGHBOUR_DECAY`` 0.75 0.9593 / 0.9360, 0.95 0.9581 /
# 0.9330; ``NEIGHBOUR_BASE`` 0.5 0.9611 / 0.9355, 0.7 0.9596 / 0.9352.
NEIGHBOUR_BASE = 0.6


def with_neighbours(
    ranked: list[tuple[Candidate, float]],
    fetch: Callable[[Iterable[int]], dict[int, Candidate]],
    allowed: Callable[[Candidate], bool],
    *,
    radius: int | None = None,
    decay: float | None = None,
    sources: int | None = None,
    nearness: Callable[[list[tuple[int, int]]], Mapping[int, float]] | None = None,
) -> list[tuple[Candidate, float]]:
    """Add the turns next to the best hits, each scored ``decay ** distance`` times its hit's score (times
    its ``role_weight``; an owner's turn also times ``NEIGHBOUR_BASE + (1 - NEIGHBOUR_BASE) * share``, the
    share (0..1) that ``nearness`` gives it for its (turn id, hit id) pair, when given).

    In a conversation the words of a question often match one turn while what it asks about is in the
    reply next to it ("What soup did you make?" → "I added some sage…"). A turn that is a hit itself
    keeps the better of its two scores.
    """
    radius = NEIGHBOUR_RADIUS if radius is None else radius
    decay = NEIGHBOUR_DECAY if decay is None else decay
    sources = NEIGHBOUR_SOURCES if sources is None else sources
    if radius <= 0 or not ranked:
        return ranked
    best = {cand.message_id: (cand, score) for cand, score in ranked}
    wanted: dict[int, tuple[int, float, int]] = {}  # neighbour id -> (source conversation, score, source id)
    for cand, score in ranked[:sources]:
        for distance in range(1, radius + 1):
            for neighbour_id in (cand.message_id - distance, cand.message_id + distance):
                lent = score * decay**distance
                if neighbour_id not in wanted or wanted[neighbour_id][1] < lent:
                    wanted[neighbour_id] = (cand.conversation_id, lent, cand.message_id)
    missing = [i for i in wanted if i not in best]
    fetched = fetch(missing) if missing else {}
    lending: list[tuple[Candidate, float, int]] = []  # (turn, what it borrows, the hit it borrows from)
    for neighbour_id, (conversation_id, lent, source_id) in wanted.items():
        known = best.get(neighbour_id)
        turn = known[0] if known else fetched.get(neighbour_id)
        if turn is None or turn.conversation_id != conversation_id or not allowed(turn):
            continue
        lending.append((turn, lent * role_weight(turn.role), source_id))
    if nearness is not None:
        owners = [(turn.message_id, source_id) for turn, _, source_id in lending if turn.role == "user"]
        near = nearness(owners) if owners else {}
        lending = [
            (turn, lent * (NEIGHBOUR_BASE + (1 - NEIGHBOUR_BASE) * near.get(turn.message_id, 0.0)), source)
            if turn.role == "user"
            else (turn, lent, source)
            for turn, lent, source in lending
        ]
    for turn, lent, _ in lending:
        known = best.get(turn.message_id)
        if known is None or known[1] < lent:
            best[turn.message_id] = (turn, lent)
    merged = list(best.values())
    merged.sort(key=lambda pair: (-pair[1], -pair[0].message_id))
    return merged


# A longer entry is likelier to hold what is asked, and its vector, the mean of many words, is nearer to no
# single question than a short one's: "Встала. Мне было приятно, хотя и неловко." ranks with the question
# its contextual key holds while saying little, and so do the companion's short replies. Each score is
# multiplied by ``(tokens / LENGTH_REFERENCE) ** LENGTH_PRIOR`` (its rendered tokens: what it costs in the
# prompt), so a 10-token turn counts 0.72 and a 100-token entry 1.15 of a 50-token one. Tune half (EN / RU /
# LoCoMo 26 + 30, ``PAIR_WEIGHT`` 0.25): 0 (none) 0.893 / 0.904 / 0.893, 0.1 0.911 / 0.935 / 0.880, 0.2
# 0.915 / 0.943 / 0.889, 0.3 0.919 / 0.932 / 0.868. Measured first beside a weight of 0.7 for the companion's
# short replies, which it made redundant (0.920 / 0.935 / 0.883 with it); there, by characters instead of
# tokens 0.920 / 0.927 / 0.873, and only lowering short entries (the factor capped at 1) 0.916 / 0.927 /
# 0.874. Russian gained most (changed facts 0.86 → 0.98, multi-evidence 0.775 → 0.817): its entries cost 1.5
# times the tokens of English ones, so each slot counts more. Swept again in session 37 on the tune half
# grown to 15 EN / 29 RU (0.9554 / 0.9333): 0.25 0.9566 / 0.9337, 0.3 0.9556 / 0.9320 — within a question.
LENGTH_PRIOR = 0.2
LENGTH_REFERENCE = 50.0  # tokens; only a scale (the order does not depend on it)
# Only the best this many are re-weighed: the budget fills long before (40–110 entries on the tune half).
# Their tokens are counted first (stored counts: ~2 ms on a 100k diary; where counting ahead has not reached
# yet, tokenizing them costs ~20–50 ms more than packing alone did). 128 cost LoCoMo 26 + 30 0.007 (EN and RU
# the same), whose short turns fill the budget with 100 entries and more.
LENGTH_PRIOR_WINDOW = 256


def length_prior(tokens: int) -> float:
    """What an entry of ``tokens`` tokens counts of its score (``LENGTH_PRIOR``)."""
    return (max(tokens, 1) / LENGTH_REFERENCE) ** LENGTH_PRIOR


def with_length_prior(
    ranked: list[tuple[Candidate, float]], tokens: Mapping[int, int]
) -> list[tuple[Candidate, float]]:
    """The first ``LENGTH_PRIOR_WINDOW`` of ``ranked`` re-scored by ``length_prior`` of their ``tokens`` (by
    message id) and re-sorted; the rest follow unchanged."""
    if not LENGTH_PRIOR or not ranked:
        return ranked
    head, tail = ranked[:LENGTH_PRIOR_WINDOW], ranked[LENGTH_PRIOR_WINDOW:]
    weighed = [(cand, score * length_prior(tokens[cand.message_id])) for cand, score in head]
    weighed.sort(key=lambda pair: (-pair[1], -pair[0].message_id))
    return weighed + tail
