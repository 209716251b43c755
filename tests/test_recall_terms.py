"""Query terms for recall: stopwords out, stems in, English and Russian, and FTS5-safe expressions."""

from __future__ import annotations

import sqlite3

import pytest

from app.core.text import fts_query, query_terms, stem, text_stems


def _stems(text: str) -> list[str]:
    return [t.stem for t in query_terms(text)]


def test_question_words_and_stopwords_are_dropped() -> None:
    assert _stems("When did we go to the lake?") == ["lake"]
    assert _stems("Когда мы ездили на озеро?") == [stem("ездили"), stem("озеро")]


def test_russian_pronouns_and_question_words_are_dropped_in_every_case() -> None:
    # "кого" would search "ког*" (every "когда"), "своего" "сво*", "кому" "ком*" ("комната")
    assert _stems("Кого я позвала в гости?") == [stem("позвала"), stem("гости")]
    assert _stems("Кому я подарила свою вазу?") == [stem("подарила"), stem("вазу")]
    assert _stems("Кем работает моего брата жена?") == [stem("работает"), stem("брата"), stem("жена")]
    assert _stems("На каком этаже нас поселили?") == [stem("этаже"), stem("поселили")]


def test_forms_of_one_word_are_one_term() -> None:
    assert len(query_terms("dog dogs Dog")) == 1
    assert len(query_terms("собака собаку собакой")) == 1


def test_proper_nouns_are_marked_only_mid_sentence() -> None:
    terms = {t.stem: t for t in query_terms("Yesterday I met Caroline. Pottery was fun.")}
    assert terms[stem("caroline")].proper
    assert not terms[stem("yesterday")].proper
    assert not terms[stem("pottery")].proper


def test_english_y_stems_also_search_the_y_form() -> None:
    (term,) = query_terms("studies")
    assert set(term.prefixes) == {"studi", "study"}


def _fts(rows: list[str]) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(text, tokenize='unicode61 remove_diacritics 2')")
    conn.executemany("INSERT INTO f(text) VALUES (?)", [(r,) for r in rows])
    return conn


def _matches(conn: sqlite3.Connection, query: str) -> set[str]:
    return {
        r[0] for r in conn.execute("SELECT text FROM f WHERE f MATCH ?", (fts_query(query_terms(query)),))
    }


@pytest.mark.parametrize(
    ("query", "row"),
    [
        ("собаку", "У нас теперь есть собака"),
        ("про собак", "гуляли с собакой"),
        ("ёлку", "нарядили ёлку"),
        ("елку", "нарядили ёлку"),  # typed with е, written with ё
        ("ежика", "Ёжик в тумане"),
        ("ёжик", "видели ежика"),  # and the other way round
        ("зелёный", "зеленый чай"),
        ("studying", "my study plans"),
        ("happy", "so much happiness"),
        ("painting", "I painted a sunrise"),
        ("café", "the cafe on the corner"),
    ],
)
def test_morphology_finds_other_forms(query: str, row: str) -> None:
    conn = _fts([row, "something else entirely"])
    assert _matches(conn, query) == {row}


@pytest.mark.parametrize("hostile", ['"', "AND OR NOT", "a* NEAR(b c)", "col:val", "-x ^y", "😀 🐕", "''"])
def test_expressions_are_always_valid_fts5(hostile: str) -> None:
    conn = _fts(["AND OR NOT near col val", "x y"])
    expr = fts_query(query_terms(hostile))
    if expr:
        conn.execute("SELECT count(*) FROM f WHERE f MATCH ?", (expr,)).fetchone()


def test_text_stems_ignore_stopwords() -> None:
    assert text_stems("The dogs and the cats") == {stem("dogs"), stem("cats")}
