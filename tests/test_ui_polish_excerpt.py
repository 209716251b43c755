"""Excerpts of entries (the day list, the weekly review) end after a whole word, with "…" and nothing
dangling before it."""

from __future__ import annotations

from app.store.history import FIRST_LINE_CHARS, excerpt

ENGLISH = ("Finally finished the bookshelf for Mia's room. Three evenings and one slightly crooked shelf, "
           "but she filled it with her books at once.")
RUSSIAN = ("Наконец-то доделал книжную полку для Мии. Три вечера и одна чуть кривая полка, но она сразу "
           "заставила её своими книгами и игрушками.")


def test_a_short_line_is_kept_whole() -> None:
    assert excerpt("Pottery class tonight.") == "Pottery class tonight."
    assert excerpt("x" * FIRST_LINE_CHARS) == "x" * FIRST_LINE_CHARS


def test_an_english_line_is_cut_after_the_last_whole_word() -> None:
    cut = excerpt(ENGLISH)
    assert cut == ("Finally finished the bookshelf for Mia's room. Three evenings and one slightly crooked "
                   "shelf, but she filled it with…")
    assert len(cut) <= FIRST_LINE_CHARS


def test_a_russian_line_has_no_space_before_the_ellipsis() -> None:
    after_space = RUSSIAN.index("своими ") + len("своими ")
    cut = excerpt(RUSSIAN, after_space + 1)  # the characters kept end on the space after "своими"
    assert cut.endswith("заставила её своими…")
    assert RUSSIAN.startswith(cut[:-1])


def test_punctuation_is_not_left_before_the_ellipsis() -> None:
    assert excerpt("We walked, talked, and then we ate.", 19) == "We walked, talked…"
    assert excerpt("Rain all day — the kitchen, finally", 15) == "Rain all day…"


def test_one_word_longer_than_the_limit_is_cut_where_it_must_be() -> None:
    assert excerpt("Donaudampfschifffahrtsgesellschaft", 10) == "Donaudamp…"


def test_a_cut_mid_word_in_russian_drops_the_whole_word() -> None:
    cut = excerpt(RUSSIAN, RUSSIAN.index("своими") + 4)  # "сво|ими"
    assert cut.endswith("заставила её…")


def test_a_long_word_at_the_cut_is_not_backed_off_to_a_far_space() -> None:
    """Review (session 22): "see https://…" became "see…"; text with one early space (CJK) collapsed to its
    first word; a no-break space was not a space."""
    link = "see https://example.org/" + "a" * 200
    assert excerpt(link, 60).startswith("see https://example.org/aaa") and len(excerpt(link, 60)) == 60
    cjk = "今日 " + "は雨が降っていたので家で本を読んだ" * 10
    assert len(excerpt(cjk, 40)) == 40
    nbsp = "word\u00a0" * 30
    assert excerpt(nbsp, 23).endswith("word…") and "\u00a0…" not in excerpt(nbsp, 23)
