"""Questions about a kind of event ("What trips away have I made?", "Какие неисправности случались на
работе?") and the words such events are told with (``app.core.recall.concepts``)."""

from __future__ import annotations

import pytest

from app.core.recall.concepts import every_kind, kinds_asked


@pytest.mark.parametrize(
    ("question", "told_with"),
    [
        ("What trips away have I made this year?", "flight"),
        ("Which medical problems have I been treated for?", "doctor"),
        ("Какие неисправности случались на работе?", "сломался"),
        ("Какие хвори одолевали мою мать в этом году?", "врач"),
        ("Чему я выучилась за этот год?", "курсы"),
        ("На каких стартах я выступал?", "забег"),
        ("What outings have I had with just my son?", "museum"),
        ("Какие достопримечательности я показывала сыну?", "музей"),
        ("Что из северной природы мешало мне трудиться?", "пурга"),
        ("Куда мы выбирались отдохнуть летом?", "поезд"),  # going out, in the form the table gives
        ("What scrapes have my boys got themselves into?", "stitches"),
        ("Какие происшествия случались с моим мальчиком?", "упал"),
        ("Where does my sister live now?", "moved"),  # the new home's entry tells the move
        ("Где мы сейчас живём?", "переехали"),
        ("What's my current address?", "keys"),
    ],
)
def test_a_kind_of_event_is_told_with_concrete_words(question: str, told_with: str) -> None:
    [words] = kinds_asked(question)
    assert told_with in words.split()


@pytest.mark.parametrize(
    "question",
    [
        "What trips away have I made?",
        "Какие подарки мне дарили?",
    ],
)
def test_the_words_are_in_the_questions_language(question: str) -> None:
    [words] = kinds_asked(question)
    russian = any("а" <= ch <= "я" for ch in question.lower())
    assert all(any("а" <= ch <= "я" for ch in w) == russian for w in words.split())


@pytest.mark.parametrize(
    "message",
    [
        "What is my wife's job at present?",  # "present" is not a gift here
        "Given the weather, where did we walk?",
        "Whose fault was the argument with Tom?",
        "When did Mum visit?",
        "What does my best mate do for a living?",  # work, not a home
        "Сегодня весь день шёл дождь.",
        "Какая погода была в Сочи?",
        "What is the nature of my relationship with Tom?",
        "Какие стихи я читала сыну?",
        "Did I sight any deer on the walk?",
        "Что мы выбирали в магазине для кухни?",  # choosing: "выбирались"'s stem, not its form
        "",
    ],
)
def test_most_messages_ask_about_no_kind(message: str) -> None:
    assert kinds_asked(message) == ()


def test_two_kinds_in_one_question_are_both_read() -> None:
    assert len(kinds_asked("Which gifts did I bring back from my trips?")) == 2


def test_every_kind_lists_what_a_question_can_ask() -> None:
    kinds = set(every_kind())
    questions = ("Which gifts has my daughter given me?", "Что мне дарили родные?", "Where have I travelled?")
    for question in questions:
        assert set(kinds_asked(question)) <= kinds
