"""Recall with a real diary (SQLite in tmp) and the real tiny model's tokenizer: exact, whole, fast."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import text

from app.core.recall import finder as recall_module
from app.core.recall import rank as rank_module
from app.core.recall.finder import Recall, RecalledEntry, day_header, render_recall
from app.core.recall.rank import (
    COMPANION_WEIGHT,
    NEIGHBOUR_BASE,
    Candidate,
    length_prior,
    with_length_prior,
    with_neighbours,
)
from app.store import Diary


def _day(diary: Diary, day: date, *turns: tuple[str, str]) -> tuple[int, list[int]]:
    conversation = diary.create_conversation(day=day)
    assert conversation.id is not None
    ids = []
    for role, body in turns:
        ids.append(
            diary.add_message(
                conversation.id, role, body, created_at=datetime(day.year, day.month, day.day, 9)
            ).id
        )
    return conversation.id, ids


def _assert_exact(entries: list[RecalledEntry], model: Any, budget: int) -> None:
    assert sum(e.tokens for e in entries) <= budget
    for k in range(1, len(entries) + 1):
        block = render_recall(entries[:k])
        assert model.count_tokens(block) == sum(e.tokens for e in entries[:k]), block


RIVER_EN = ("Walked the dog by the river, the water was freezing.", "Work was busy, three meetings in a row.",
            "The dog loves the river too.")  # (the entry, an unrelated one the next day, today's)
DOG_RU = ("Вчера взяли из приюта собака по имени Буся.", "Купила новые кроссовки для бега.",
          "Собака Буся уже освоилась дома.")


@pytest.mark.parametrize(
    ("entry", "unrelated", "today_entry", "question"),
    [
        pytest.param(*RIVER_EN, "Do you remember the river walk with the dog?", id="en"),
        pytest.param(*DOG_RU, "Помнишь, как мы взяли собаку?", id="ru-accusative"),  # Russian morphology:
        pytest.param(*DOG_RU, "Гуляла с собакой", id="ru-instrumental"),  # each form of the word finds it
        pytest.param(*DOG_RU, "собаки", id="ru-genitive"),
    ],
)
def test_finds_related_entries_in_earlier_conversations_only(
    diary: Diary, tiny_engine: Any, entry: str, unrelated: str, today_entry: str, question: str
) -> None:
    _, old = _day(diary, date(2026, 3, 1), ("user", entry))
    _day(diary, date(2026, 3, 2), ("user", unrelated))
    today, now = _day(diary, date(2026, 3, 9), ("user", today_entry))
    found = Recall(diary, tiny_engine).find(question, 500, conversation_id=today, exclude_message_ids=set())
    assert [e.message_id for e in found] == old
    assert found[0].day == date(2026, 3, 1) and found[0].role == "user"
    assert now[0] not in {e.message_id for e in found}


def test_excluded_ids_never_come_back(diary: Diary, tiny_engine: Any) -> None:
    _, ids = _day(
        diary, date(2026, 3, 1), ("user", "Pottery class: my first bowl."), ("user", "Pottery is calming.")
    )
    found = Recall(diary, tiny_engine).find(
        "pottery", 500, conversation_id=None, exclude_message_ids={ids[0]}
    )
    assert [e.message_id for e in found] == [ids[1]]


def test_whole_entries_fit_the_budget_and_counts_are_exact(diary: Diary, tiny_engine: Any) -> None:
    start = date(2026, 1, 1)
    for n in range(12):
        _day(
            diary,
            start + timedelta(days=n),
            ("user", f"Garden day {n}: planted tomatoes, басилик и укроп 🌱, watered the garden twice."),
            ("assistant", f"The garden sounds lovely — how are the tomatoes from day {n} doing?"),
            ("user", "Read a novel in the evening." + " Quiet." * n),
        )
    recall = Recall(diary, tiny_engine)
    for budget in (1, 25, 60, 140, 400, 5000):
        entries = recall.find(
            "How is my garden and the tomatoes?", budget, conversation_id=None, exclude_message_ids=set()
        )
        _assert_exact(entries, tiny_engine, budget)
        for entry in entries:
            stored = diary.get_message(entry.message_id)
            assert stored is not None and stored.text == entry.text  # whole, verbatim
    assert recall.find("garden", 1, conversation_id=None, exclude_message_ids=set()) == []


def test_best_first_and_a_long_hit_is_skipped_for_shorter_ones(diary: Diary, tiny_engine: Any) -> None:
    _, strong = _day(diary, date(2026, 2, 1), ("user", "Marathon training: ran 30 km along the canal today."))
    _, weak = _day(diary, date(2026, 2, 2), ("user", "The canal was frozen this morning."))
    _, long = _day(diary, date(2026, 2, 3), ("user", "Marathon thoughts. " + "Legs heavy, mind clear. " * 60))
    recall = Recall(diary, tiny_engine)
    entries = recall.find("marathon by the canal", 5000, conversation_id=None, exclude_message_ids=set())
    ids = [e.message_id for e in entries]
    assert ids[0] == strong[0]
    assert set(ids) == {strong[0], weak[0], long[0]}
    assert [e.score for e in entries] == sorted((e.score for e in entries), reverse=True)
    small = sum(e.tokens for e in entries if e.message_id != long[0])
    entries = recall.find("marathon by the canal", small, conversation_id=None, exclude_message_ids=set())
    assert {e.message_id for e in entries} == {strong[0], weak[0]}


def test_the_reply_next_to_a_hit_comes_along(diary: Diary, tiny_engine: Any) -> None:
    _, ids = _day(
        diary,
        date(2026, 4, 1),
        ("assistant", "What kind of soup did you cook?"),
        ("user", "Pumpkin, with a little sage and ginger."),
        ("user", "Unrelated: the printer is broken again."),
    )
    found = Recall(diary, tiny_engine).find(
        "That soup recipe again?", 500, conversation_id=None, exclude_message_ids=set()
    )
    assert [e.message_id for e in found][:2] == ids[:2]


def test_the_persons_own_words_outrank_the_companions_restating_them(diary: Diary, tiny_engine: Any) -> None:
    """Equally near the question, the owner's entry ranks before the companion's reply that echoes it,
    though the reply is newer (a tie would go to the newer), so a tight budget keeps the owner's words."""
    _, own = _day(diary, date(2026, 5, 1), ("user", "Lighthouse trip, windy and cold, lovely scones."))
    _, echo = _day(diary, date(2026, 5, 2), ("assistant", "Lighthouse trip, windy and cold, lovely scones."))
    recall = Recall(diary, tiny_engine)
    found = recall.find("the lighthouse scones", 500, conversation_id=None, exclude_message_ids=set())
    assert [e.message_id for e in found] == [own[0], echo[0]]
    assert found[1].score == pytest.approx(found[0].score * COMPANION_WEIGHT)
    one = recall.find(
        "the lighthouse scones", found[0].tokens, conversation_id=None, exclude_message_ids=set()
    )
    assert [e.message_id for e in one] == own


def test_a_companion_turn_next_to_a_hit_borrows_less_than_an_owners_turn() -> None:
    """Neighbours borrow a hit's score; a companion turn borrows ``COMPANION_WEIGHT`` of what an owner's
    turn at the same distance would."""
    day = date(2026, 5, 1)
    hit = Candidate(11, 1, day, "user", "the hit", -5.0)
    turns = {
        10: Candidate(10, 1, day, "assistant", "a question before it", 0.0),
        12: Candidate(12, 1, day, "user", "more of it", 0.0),
    }
    ranked = with_neighbours(
        [(hit, 1.0)],
        lambda ids: {i: turns[i] for i in ids if i in turns},
        lambda _: True,
        radius=1,
        decay=0.8,
    )
    score = {cand.message_id: value for cand, value in ranked}
    assert score == pytest.approx({11: 1.0, 12: 0.8, 10: 0.8 * COMPANION_WEIGHT})


def test_with_meaning_an_owners_turn_borrows_by_its_own_nearness() -> None:
    """An owner's turn next to a hit borrows ``NEIGHBOUR_BASE`` of what it would by distance alone when
    ``nearness`` gives it nothing, all of it at a share of 1; the companion's turns are not asked about and
    borrow as before."""
    day = date(2026, 5, 1)
    hit = Candidate(11, 1, day, "user", "the broken air conditioner", -5.0)
    turns = {
        9: Candidate(9, 1, day, "user", "the frozen pipe", 0.0),
        10: Candidate(10, 1, day, "assistant", "How hot was it?", 0.0),
        12: Candidate(12, 1, day, "user", "Tyoma fell ill", 0.0),
    }
    asked: list[list[tuple[int, int]]] = []

    def nearness(pairs: list[tuple[int, int]]) -> dict[int, float]:
        asked.append(sorted(pairs))
        return {9: 1.0, 10: 1.0}

    ranked = with_neighbours(
        [(hit, 1.0)],
        lambda ids: {i: turns[i] for i in ids if i in turns},
        lambda _: True,
        radius=2,
        decay=0.8,
        nearness=nearness,
    )
    score = {cand.message_id: value for cand, value in ranked}
    expected = {11: 1.0, 9: 0.8**2, 10: 0.8 * COMPANION_WEIGHT, 12: 0.8 * NEIGHBOUR_BASE}
    assert score == pytest.approx(expected)
    assert asked == [[(9, 11), (12, 11)]]


def test_nothing_to_search_gives_nothing(diary: Diary, tiny_engine: Any) -> None:
    _day(diary, date(2026, 4, 1), ("user", "What did I do?"))
    recall = Recall(diary, tiny_engine)
    assert recall.find("What did I do?", 500, conversation_id=None, exclude_message_ids=set()) == []
    assert recall.find('"* AND OR NEAR(', 500, conversation_id=None, exclude_message_ids=set()) == []
    assert recall.find("garden", 0, conversation_id=None, exclude_message_ids=set()) == []


def test_counts_are_cached_in_the_store_and_an_edit_is_recounted(diary: Diary, tiny_engine: Any) -> None:
    _, ids = _day(diary, date(2026, 5, 1), ("user", "Bought a red kite."))
    recall = Recall(diary, tiny_engine)
    first = recall.find("kite", 500, conversation_id=None, exclude_message_ids=set())
    key = tiny_engine.tokenizer_id + "+recall-line"
    assert ids[0] in diary.token_counts(ids, key)
    diary.update_message(
        ids[0], text="Bought a red kite and flew it over the hill for an hour with my brother."
    )
    second = recall.find("kite", 500, conversation_id=None, exclude_message_ids=set())
    assert second[0].tokens > first[0].tokens
    _assert_exact(second, tiny_engine, 500)


def test_counted_ahead_recall_counts_nothing_and_stays_exact(
    diary: Diary, tiny_engine: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The indexer's worker counts entries ahead (``count_ahead``); a turn then reads every count from the
    store, and they are the counts the turn would have made."""
    for d in range(1, 6):
        _day(diary, date(2026, 5, d), ("user", f"Flew the kite on hill {d}."), ("assistant", "How windy?"))
    recall = Recall(diary, tiny_engine)
    assert [recall.count_ahead(batch=4) for _ in range(4)] == [4, 4, 2, 0]  # newest first, all ten
    assert diary.uncounted_messages(tiny_engine.tokenizer_id + "+recall-line", limit=5, skip_text="…") == []
    counted: list[str] = []
    count_tokens = tiny_engine.count_tokens
    monkeypatch.setattr(tiny_engine, "count_tokens", lambda text: counted.append(text) or count_tokens(text))
    found = Recall(diary, tiny_engine).find("kite", 500, conversation_id=None, exclude_message_ids=set())
    assert len(found) >= 5 and all(not text.startswith(" ") for text in counted)  # labels and days only
    _assert_exact(found, tiny_engine, 500)


def test_a_day_is_counted_only_for_an_entry_that_fits_without_it(
    diary: Diary, tiny_engine: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Packing skips an entry too long for what is left; the header of its day is not counted for it."""
    _day(diary, date(2026, 6, 1), ("user", "Kite festival. " + "Wind, colours, string. " * 40))
    _, short = _day(diary, date(2026, 6, 2), ("user", "Kite."))
    recall = Recall(diary, tiny_engine)
    counted: list[str] = []
    count_tokens = tiny_engine.count_tokens
    monkeypatch.setattr(tiny_engine, "count_tokens", lambda text: counted.append(text) or count_tokens(text))
    found = recall.find("kite", 30, conversation_id=None, exclude_message_ids=set())
    assert [e.message_id for e in found] == short
    assert day_header(date(2026, 6, 2)) in counted and day_header(date(2026, 6, 1)) not in counted
    _assert_exact(found, tiny_engine, 30)


def test_counting_ahead_resumes_where_it_stopped_and_then_reads_only_new_entries(
    diary: Diary, tiny_engine: Any
) -> None:
    """Each batch reads below the last one (never again over what it counted: ~50 ms a batch on a 100k
    diary); a finished walk reads only entries written since."""
    for d in range(1, 4):
        _day(diary, date(2026, 5, d), ("user", f"Flew the kite on hill {d}."), ("assistant", "How windy?"))
    ranges: list[tuple[int, int | None]] = []
    read = diary.uncounted_messages

    def spy(key: str, *, limit: int, skip_text: str, above: int = 0, below: int | None = None) -> Any:
        ranges.append((above, below))
        return read(key, limit=limit, skip_text=skip_text, above=above, below=below)

    diary.uncounted_messages = spy  # type: ignore[method-assign]
    recall = Recall(diary, tiny_engine)
    ids = sorted(m.id for c in diary.list_conversations() for m in diary.messages(c.id))
    assert [recall.count_ahead(batch=4) for _ in range(3)] == [4, 2, 0]
    assert ranges == [(0, None), (0, ids[2]), (ids[-1], None)]  # the third walk starts above the first
    _, new = _day(diary, date(2026, 5, 4), ("user", "A new kite, a blue one."))
    assert recall.count_ahead(batch=4) == 1 and ranges[-1] == (ids[-1], None)
    assert recall.count_ahead(batch=4) == 0 and ranges[-1] == (new[0], None)
    assert read(tiny_engine.tokenizer_id + "+recall-line", limit=10, skip_text="…") == []


def test_a_turns_new_counts_are_stored_in_one_transaction(diary: Diary, tiny_engine: Any) -> None:
    for d in range(1, 4):
        _day(diary, date(2026, 5, d), ("user", f"Flew the kite on hill {d}."), ("assistant", "Windy?"))
    writes: list[int] = []
    store = diary.set_token_counts
    diary.set_token_counts = lambda rows, key: writes.append(len(rows)) or store(rows, key)  # type: ignore[method-assign]
    found = Recall(diary, tiny_engine).find("kite", 500, conversation_id=None, exclude_message_ids=set())
    assert len(found) >= 3 and writes == [len(found)]


def test_render_recall_shows_each_year_and_day_once_and_who(diary: Diary, tiny_engine: Any) -> None:
    entry = RecalledEntry(1, 1, date(2026, 3, 2), "assistant", "Hello.", 0, 1.0)
    other = RecalledEntry(2, 1, date(2026, 3, 1), "user", "Earlier.", 0, 0.5)
    older = RecalledEntry(3, 1, date(2025, 12, 31), "user", "Last year.", 0, 0.4)
    undated = RecalledEntry(4, 1, None, "user", "Whenever.", 0, 0.3)
    assert render_recall([entry, other, older, undated]) == (
        "[undated]\nme: Whenever.\n"
        "2025:\n[Wed 31 Dec]\nme: Last year.\n"
        "2026:\n[Sun 1 Mar]\nme: Earlier.\n[Mon 2 Mar]\nyou: Hello.\n"
    )


@pytest.mark.parametrize("tokenizer", ["tiny", "qwen2.5-3b", "llama-3.2-3b"])
def test_counts_stay_exact_across_years(diary: Diary, tiny_engine: Any, tokenizer: str) -> None:
    """The year's line is paid once, by the best-ranked entry of its year, whichever day that is; exact
    with the tiny model's tokenizer and the recommended models' (Qwen2.5 spends a token on each digit)."""
    from tests.bench.recall_context import VOCABS, CountingModel

    start = date(2025, 12, 27)
    for n in range(10):
        _day(
            diary,
            start + timedelta(days=n),
            ("user", f"Skating on the pond, day {n}, cold and bright."),
            ("user", f"Каток на пруду, день {n}: холодно, но солнечно."),
        )
    model = tiny_engine if tokenizer == "tiny" else CountingModel(VOCABS[tokenizer])
    try:
        recall = Recall(diary, model)
        for budget in (20, 45, 90, 160, 600):
            entries = recall.find("skating, каток", budget, conversation_id=None, exclude_message_ids=set())
            _assert_exact(entries, model, budget)
        assert {e.day.year for e in entries if e.day is not None} == {2025, 2026}
    finally:
        if model is not tiny_engine:
            model.close()


def _bulk_diary(diary: Diary, days: int, per_day: int) -> None:
    """A big diary in one transaction (the public API commits per message; that is not what is timed).

    Words follow a Zipf-like law over a 4,000-word vocabulary, with a few everyday topic words mixed in,
    so term frequencies look like a real diary's rather than a dozen words repeated everywhere.
    """
    rng = random.Random(7)
    vocabulary = [f"w{n}x" for n in range(4000)]
    weights = [1.0 / (rank + 1) for rank in range(len(vocabulary))]
    topics = "river garden kite soup marathon canal pottery novel tomato meeting printer sister".split()  # noqa: SIM905
    with diary.engine.begin() as conn:
        for d in range(days):
            day = date(2020, 1, 1) + timedelta(days=d)
            cid = conn.execute(
                text("INSERT INTO conversation(title, day, created_at, updated_at) VALUES ('', :d, :t, :t)"),
                {"d": day.isoformat(), "t": f"{day.isoformat()} 09:00:00"},
            ).lastrowid
            rows = []
            for i in range(per_day):
                body = rng.choices(vocabulary, weights, k=14) + rng.sample(topics, 2)
                rng.shuffle(body)
                rows.append(
                    {
                        "c": cid,
                        "r": "user" if i % 2 == 0 else "assistant",
                        "x": " ".join(body) + ".",
                        "t": f"{day.isoformat()} 09:00:00",
                    }
                )
            conn.execute(
                text("INSERT INTO message(conversation_id, role, text, created_at) VALUES (:c, :r, :x, :t)"),
                rows,
            )


def test_a_big_diary_is_counted_once_and_searched_without_its_commonest_words(
    diary: Diary, tiny_engine: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What keeps recall fast on a big diary, checked by what it does (the timings are in the benchmark
    report): token counts are computed once and then read from the cache, and a word found in a large
    share of the diary is left out of the query (BM25 would score every one of its rows for nothing)."""
    _bulk_diary(diary, days=250, per_day=40)  # 10,000 messages
    recall = Recall(diary, tiny_engine)
    questions = [
        "How was the river walk with w700x?",
        "Any news about the kite, w1500x and w90x?",
        "w2500x soup",
    ]
    for q in questions:  # first calls count tokens (and store them)
        assert recall.find(q, 2300, conversation_id=None, exclude_message_ids=set())
    counted: list[str] = []
    count_tokens = tiny_engine.count_tokens
    monkeypatch.setattr(tiny_engine, "count_tokens", lambda text: counted.append(text) or count_tokens(text))
    for q in questions:
        assert recall.find(q, 2300, conversation_id=None, exclude_message_ids=set())
    assert counted == []
    queries: list[str] = []
    search = diary.ranked_messages
    monkeypatch.setattr(diary, "ranked_messages", lambda m, **kw: queries.append(m) or search(m, **kw))
    monkeypatch.setattr(recall_module, "COMMON_TERM_MIN_DOCS", 100)  # as on a diary ten times bigger
    assert recall.find(
        "How was the river walk with w700x?", 2300, conversation_id=None, exclude_message_ids=set()
    )
    assert "w700x" in queries[-1] and "river" not in queries[-1]


def test_a_named_day_brings_its_entries_even_without_shared_words(diary: Diary, tiny_engine: Any) -> None:
    _, tuesday = _day(
        diary,
        date(2023, 10, 17),
        ("user", "Baked rye bread with Anna."),
        ("assistant", "How did it turn out?"),
    )
    _day(diary, date(2023, 10, 18), ("user", "Quiet day, read a novel."))
    today, _ = _day(diary, date(2023, 10, 20), ("user", "Good morning."))
    recall = Recall(diary, tiny_engine)
    found = recall.find(
        "What did I do last Tuesday?",
        500,
        conversation_id=today,
        exclude_message_ids=set(),
        today=date(2023, 10, 20),
    )
    assert sorted(e.message_id for e in found) == tuesday
    # Without the day it is written on, "last Tuesday" means nothing, and no word is left to search.
    assert (
        recall.find("What did I do last Tuesday?", 500, conversation_id=today, exclude_message_ids=set())
        == []
    )


def test_a_named_holiday_brings_the_entries_written_then(diary: Diary, tiny_engine: Any) -> None:
    """ "The men's holiday" is 23 February: the entry written then answers, though no word is shared."""
    _, holiday = _day(diary, date(2024, 2, 23), ("user", "Подарили Вите набор торцевых головок."))
    _day(diary, date(2024, 3, 20), ("user", "Купила новые кроссовки для бега."))
    today, _ = _day(diary, date(2024, 11, 30), ("user", "Добрый вечер."))
    found = Recall(diary, tiny_engine).find(
        "Что я вручила супругу на мужской праздник?", 500, conversation_id=today, exclude_message_ids=set(),
        today=date(2024, 11, 30),
    )
    assert [e.message_id for e in found] == holiday


def test_a_named_month_favours_entries_written_then(diary: Diary, tiny_engine: Any) -> None:
    _, march = _day(diary, date(2023, 3, 14), ("user", "Went to the pottery class, made a lopsided bowl."))
    _, june = _day(diary, date(2023, 6, 2), ("user", "Went to the pottery class, glazed the lopsided bowl."))
    today, _ = _day(diary, date(2023, 10, 20), ("user", "Hello."))
    recall = Recall(diary, tiny_engine)
    for question, first in (
        ("What did I make at pottery class in March 2023?", march),
        ("What did I make at pottery class in June 2023?", june),
        ("Что я делала на гончарном в июне 2023?", june),
    ):
        found = recall.find(question, 500, conversation_id=today, exclude_message_ids=set())
        assert found[0].message_id == first[0], question


def test_the_stronger_opinion_counts_when_words_and_meaning_are_fused() -> None:
    """A weighted sum (0.9 meaning) let a near meaning drown the entry that shares the question's rare words;
    fused, the stronger of the two shares counts, words at ``LEXICAL_WEIGHT``, agreement adds a little."""
    from app.core.recall.rank import AGREEMENT_WEIGHT, LEXICAL_WEIGHT, fused_share

    exact_words = fused_share(lexical=0.5, semantic=0.3)  # the question's rare words, a modest meaning
    near_meaning = fused_share(lexical=0.0, semantic=0.9)  # about the same topic, none of the words
    assert exact_words > near_meaning
    assert fused_share(0.0, 0.7) == 0.7  # a paraphrase: its evidence shares no word, meaning alone ranks it
    assert fused_share(0.2, 0.7) == 0.7 + AGREEMENT_WEIGHT * LEXICAL_WEIGHT * 0.2


@pytest.mark.parametrize(
    ("question", "present"),
    [
        ("Where does my father live now?", True),
        ("Am I still veggie?", True),
        ("What's my hot beverage of choice nowadays?", True),
        ("Где сейчас учится мой сын?", True),
        ("Я до сих пор курю?", True),
        ("Мать всё ещё работает в больнице?", True),
        ("С кем я нынче делю жильё?", True),
        ("What do I know about the snow last winter?", False),  # "now" only inside other words
        ("Где я работала в прошлом году?", False),
    ],
)
def test_questions_about_the_present_narrow_the_recency_margin(question: str, present: bool) -> None:
    """Among near-ties the later entry ranks first; a question about the present state needs the version it
    replaced too, so the later one leads by ``CURRENT_STATE_RECENCY_WEIGHT`` instead of ``RECENCY_WEIGHT``."""
    from app.core.recall.rank import CURRENT_STATE_RECENCY_WEIGHT, RECENCY_WEIGHT, rank_candidates

    old = Candidate(1, 1, date(2025, 1, 10), "user", "I live in Porto, near the river.", 0.0)
    new = Candidate(2, 2, date(2025, 6, 2), "user", "Moved to Lisbon at last!", 0.0)
    ranked = rank_candidates(question, [], [old, new], similarity={1: 0.9, 2: 0.9}, floor=0.5)
    assert [cand.message_id for cand, _ in ranked] == [2, 1]
    margin = CURRENT_STATE_RECENCY_WEIGHT if present else RECENCY_WEIGHT
    assert ranked[0][1] - ranked[1][1] == pytest.approx(margin)


def test_a_longer_entry_counts_more_of_its_score_than_a_short_one() -> None:
    """With meaning, a short turn ("Встала. Мне было приятно.") ranks with the question its key holds while
    saying little, and a long entry's vector is diluted by its many words: ``length_prior`` weighs both."""
    assert length_prior(10) < length_prior(50) < length_prior(100)
    assert length_prior(50) == pytest.approx(1.0)
    assert length_prior(0) == length_prior(1)
    day = date(2026, 5, 1)
    short = Candidate(1, 1, day, "user", "Yes.", -1.0)
    long = Candidate(2, 1, day, "user", "A long entry about the trip to the coast.", -1.0)
    ranked = with_length_prior([(short, 1.0), (long, 0.95)], {1: 5, 2: 120})
    assert [cand.message_id for cand, _ in ranked] == [2, 1]
    assert ranked[0][1] == pytest.approx(0.95 * length_prior(120))


def test_the_length_prior_reweighs_only_the_best_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Entries past ``LENGTH_PRIOR_WINDOW`` are never packed before the budget fills: they keep their score
    and place, and their tokens need not be counted."""
    monkeypatch.setattr(rank_module, "LENGTH_PRIOR_WINDOW", 2)
    day = date(2026, 5, 1)
    cands = [Candidate(i, 1, day, "user", f"entry {i}", -1.0) for i in range(1, 5)]
    ranked = with_length_prior([(c, 1.0 - 0.01 * i) for i, c in enumerate(cands)], {1: 5, 2: 200})
    assert [cand.message_id for cand, _ in ranked] == [2, 1, 3, 4]
    assert [score for _, score in ranked[2:]] == [0.98, 0.97]
    monkeypatch.setattr(rank_module, "LENGTH_PRIOR", 0.0)
    assert with_length_prior([(cands[0], 1.0)], {}) == [(cands[0], 1.0)]
