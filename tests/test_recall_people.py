"""Who "my sister" is: relation words in a question lead recall to the names the diary gives them."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime
from typing import Any

import pytest

from app.core.recall.finder import Recall
from app.core.recall.people import (
    NamedPeople,
    best_names,
    name_forms,
    name_terms,
    names_in,
    names_in_facts,
    other_name_forms,
    relation_terms,
    relations_asked,
)
from app.store import Diary


@pytest.mark.parametrize(
    ("question", "families"),
    [
        ("In which town is my sibling based these days?", ("sister", "brother")),
        ("What does my best mate do for a living?", ("friend",)),
        ("When did my partner pop the question?", ("partner",)),
        ("Как зовут моего усатого питомца?", ("cat", "dog")),
        ("Как я окрестил нового четвероногого?", ("cat", "dog")),
        ("Where did I find my four-legged friend?", ("cat", "dog")),
        ("Во что обошёлся четвероногий друг?", ("cat", "dog")),
        ("What did my friend give my four-legged pal?", ("friend", "cat", "dog")),
        ("С кем сейчас живёт мой батя?", ("father",)),
        ("Кем трудится моя школьная подружка?", ("friend",)),
        ("Что случилось с отцом?", ("father",)),
        ("Where does my grandson study now?", ("grandchild",)),
        ("Сколько у меня внуков?", ("grandchild",)),
        ("Какие неприятности приключались с моей лайкой?", ("dog",)),
        ("Where did I adopt my lurcher from?", ("dog",)),
        ("Кем трудится сестра мужа?", ("sister", "in-law", "relative", "partner")),
        ("Где живёт мать жены?", ("mother", "in-law", "relative", "partner")),
        ("What does my husband's sister do?", ("partner", "sister", "in-law", "relative")),
        ("Что подарил муж?", ("partner",)),
        ("What shade is our hatchback?", ()),
        ("Walked to the river after work.", ()),
    ],
)
def test_a_question_names_the_relations_it_asks_about(question: str, families: tuple[str, ...]) -> None:
    assert relations_asked(question).families == families


def test_a_breed_asks_about_the_dog_and_names_it_but_is_not_searched_for() -> None:
    """"Моя лайка" asks about the writer's dog, and "с нашей лайкой Севером" names it; a question about "my
    dog" still searches "dog", "puppy", "собака" … but not every husky and spaniel in the diary."""
    assert names_in(["Вечером гуляли с нашей лайкой Севером у залива."], ("dog",)) == Counter({"Севером": 1})
    assert names_in(["Our lurcher Bramble ate my sandwich."], ("dog",)) == Counter({"Bramble": 1})
    stems = {term.stem for term in relation_terms(("dog",))}
    assert {"dog", "собак"} <= stems and not stems & {"лайк", "husky", "lurcher"}


def test_names_follow_or_precede_the_writers_own_relations() -> None:
    texts = [
        "I met my sister Nora at the station.",
        "My older sister, Nora, is coming.",
        "Ellie, my best friend, came round.",
        "Валера — мой лучший друг, мы с ним с техникума.",
        "Вечером звонила сестра Надя.",
        "Дима — это мой старый друг.",
        "Приезжал внук Тёма на выходные.",
    ]
    counts = names_in(texts, ("sister", "friend", "grandchild"))
    assert counts == Counter({"Nora": 2, "Ellie": 1, "Валера": 1, "Надя": 1, "Дима": 1, "Тёма": 1})


def test_words_that_say_which_one_may_stand_between_a_relation_and_its_name() -> None:
    texts = [
        "Брат мой старший, Ильдар, пятнадцать лет на КАМАЗе.",
        "Сосед снизу, дед Фарит, опять жарит рыбу.",
        "My big brother, Sam, rang.",
        "My brother and Tom went fishing.",  # not a word about which brother: no name
        "Брат приехал с Ольгой.",
    ]
    assert names_in(texts, ("brother", "neighbour")) == Counter({"Ильдар": 1, "Фарит": 1, "Sam": 1})


SET_OFF_FAMILIES = (
    "partner", "brother", "colleague", "daughter", "sister", "son", "dog", "mother", "grandparent",
)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Игорь, муж, дальнобойщик.", {"Игорь": 1}),
        ("Вечером звонил Влад, брат мой, мы близнецы.", {"Влад": 1}),
        ("Бывший однокурсник, Витя Рябов, начальник гаража, помог.", {"Рябов": 1}),
        ("Это Дима, муж, а это Катя, дочь.", {"Дима": 1, "Катя": 1}),
        ("Лена, сестра Вадима, пришла.", {"Вадима": 1}),  # not "Лена"; the older reading's mistake
        ("Пришли Лена, Паша, мама и Дима.", {}),  # a list, not a name set off
        ("Кстати, бабушке носки связала.", {}),  # a sentence's first word is capitalized anyway
        ("Работа, сын, собака, мама — куда ещё.", {}),
        ("Езжай, дочь, я не маленькая.", {}),
    ],
)
def test_a_russian_name_set_off_before_its_relation_is_its_name(text: str, names: dict[str, int]) -> None:
    """Russian leaves "мой" out: "Игорь, муж, дальнобойщик" says who the husband is."""
    assert names_in([text], SET_OFF_FAMILIES) == Counter(names)


def test_someone_elses_relations_are_not_the_writers() -> None:
    texts = [
        "Her boyfriend Sam was there too.",
        "Tom's brother Mike lent us the car.",
        "У него в армии появился лучший друг, Тимур.",
        "my sister. Then we left",  # a sentence ends: no name
    ]
    assert names_in(texts, ("partner", "brother", "friend", "sister")) == Counter()


def test_a_russian_possessive_adjective_makes_the_relation_someone_elses() -> None:
    texts = [
        "Егор с Надиным сыном, Тимуром, катались на коньках.",  # Nadya's son
        "Выбирал серьги с Валериной женой Олей.",
        "Несли портрет маминого отца, Ивана Петровича.",  # the writer's grandfather
        "Ходили в гости к папиному брату Коле.",
    ]
    assert names_in(texts, ("son", "partner", "father", "brother")) == Counter()
    assert names_in(
        ["Вечером звонила сестра Надя.", "Один друг, Вася, помог."], ("sister", "friend")
    ) == Counter({"Надя": 1, "Вася": 1})


def test_inflected_names_count_as_one_person_in_their_most_written_form() -> None:
    counts = Counter({"Нора": 3, "Норой": 1, "Света": 1})
    assert best_names(counts) == ("Нора", "Света")


def test_the_names_and_a_broad_words_family_are_searched() -> None:
    people = NamedPeople(("sister", "brother"), ("Nora",), broad=("sister", "brother"))
    stems = {t.stem for t in people.terms()}
    assert {"nora", "sister", "brother"} <= stems
    assert NamedPeople(("partner",), ()).terms() == []  # "girlfriend" does not search "husband"


def test_the_persons_facts_name_people_in_the_words_facts_are_written_in() -> None:
    facts = [
        "Has a sister named Anna",  # as the companion's extraction writes them
        "Husband's name is Tom",
        "User's wife, Jess, is a cellar hand",
        "Муж — Витя, водит троллейбус",
        "Сына зовут Егор",
        "Tom is my husband",  # as a person writes them in "Memory about you"
        "Витя — мой муж",
        "Дочь: Диляра",
        "Married to Sam since 2019",
        "Замужем за Витей",
    ]
    partner = names_in_facts(facts, ("partner",))
    assert partner == Counter({"Tom": 2, "Jess": 1, "Витя": 2, "Витей": 1, "Sam": 1})
    assert best_names(partner) == ("Витя", "Tom", "Jess")  # "Витей" is Витя: one person, counted once
    assert names_in_facts(facts, ("sister",)) == Counter({"Anna": 1})
    assert names_in_facts(facts, ("son", "daughter")) == Counter({"Егор": 1, "Диляра": 1})


def test_a_fact_about_someone_elses_relation_names_nobody() -> None:
    facts = [
        "Nora's husband is Ben",
        "Надин сын Тимур ходит с Егором на бокс",
        "Visited Lisbon, sister lives there",  # a place before a comma is not her name
        "Husband is very kind",
        "Kate is my husband's sister",  # the relation is possessed
        "Tom is the husband of Nora",
        "Friday is my husband's day off",
        "Витя — брат мужа",  # a relative's relative
        "Муж сестры — Витя",
        "Сын Нади — Тимур",  # the name right after the relation is whose it is
        "Friend Nora; her husband Ben",  # another's pronoun, past the fact's first word
        "Подруга Света, её муж Дима",
        "Has a friend Nora whose husband is Ben",
        "Nora is married to Ben",  # married, but not the person
        "Alice is a loving wife",  # the person herself, no "my"
        "Алиса — мама двоих детей",
        "Monday: husband cooks",
    ]
    assert names_in_facts(facts, ("partner", "son", "sister", "brother", "mother")) == Counter()


def test_a_word_that_only_describes_is_no_name() -> None:
    facts = ["Husband is Italian", "Wife is Google engineer", "Therapist is Dr Jones", "Dog is called Rex"]
    assert names_in_facts(facts, ("partner", "carer", "dog")) == Counter({"Jones": 1, "Rex": 1})


def test_a_fact_may_name_several_and_say_the_name_in_other_words() -> None:
    facts = ["Has two sisters, Anna and Kate", "Husband is named Tom", "Her husband Tom is a chef"]
    assert names_in_facts(facts, ("sister", "partner")) == Counter({"Anna": 1, "Kate": 1, "Tom": 2})


def test_a_fact_may_give_one_person_two_relations() -> None:
    """The panel's "Say who…" is often answered with two ("Витя — сосед и друг"): each is his."""
    facts = ["Витя — сосед и друг", "Anna: cousin, friend"]
    assert names_in_facts(facts, ("friend",)) == Counter({"Витя": 1, "Anna": 1})
    assert names_in_facts(facts, ("neighbour",)) == Counter({"Витя": 1})
    assert names_in_facts(["Алиса — мама двоих детей и подруга"], ("friend", "mother")) == Counter()


def test_a_name_has_its_other_forms_whichever_of_them_is_written() -> None:
    assert name_forms("Сергей") == ("Серёга", "Серёжа")
    assert name_forms("Серёжа") == ("Сергей", "Серёга")
    assert name_forms("Сергеем") == ("Сергей", "Серёга", "Серёжа")  # inflected: "с мужем Сергеем"
    assert "Robert" in name_forms("Rob") and "Rob" in name_forms("Robert")
    assert name_forms("Пельмень") == ()  # a cat's name has no other forms


def test_a_name_that_is_not_a_name_form_is_not_read_as_one() -> None:
    assert name_forms("Толстого") == ()  # "тол" is Толя's stem, but "стого" is no case ending
    assert name_forms("Кострома") == ()
    assert name_forms("Марина") == ()  # not Мария
    assert name_forms("Витей") == ("Виктор", "Витя", "Витёк")


def test_a_short_name_is_searched_by_its_case_forms_a_long_one_by_its_stem() -> None:
    short = name_terms(["Тёма", "Tom", "Надя"])  # stems "тем", "tom", "над": "темно", "tomorrow", "надо"
    assert all(t.exact for t in short)
    assert {"тёма", "тёмы", "тёме", "тёму", "тёмой", "тема"} <= set(short[0].prefixes)
    assert short[1].prefixes == ("tom",)
    assert {"надя", "нади", "наде", "надю", "надей"} <= set(short[2].prefixes)
    (long,) = name_terms(["Сергей"])
    assert not long.exact and long.prefixes[0] == "серг"


def test_a_name_read_in_an_oblique_case_is_searched_in_the_forms_of_its_nominative() -> None:
    """"Внучке Варе" names Варя: her entries say "Варю", "Варя", "Вари" — never "вареу"."""
    (varya,) = name_terms(["Варе"])
    assert {"варя", "варю", "вари", "варей", "варе"} <= set(varya.prefixes)
    (nora,) = name_terms(["Норой"])
    assert {"нора", "нору", "норы", "норой"} <= set(nora.prefixes)
    (tyoma,) = name_terms(["Тёма"])
    assert "тём" not in tyoma.prefixes and "тем" not in tyoma.prefixes  # "тем" is a word, not a form of his


def test_a_question_about_my_wife_reads_no_name_after_another_womans_husband() -> None:
    texts = ["Дочка Катя с мужем Денисом приезжала в субботу.", "Жена Валя напекла пирогов."]
    wife = relations_asked("Что мне подарила жена?")
    husband = relations_asked("Кем работает муж?")
    assert names_in(texts, wife.families, wife.others) == Counter({"Валя": 1})
    assert names_in(texts, husband.families, husband.others) == Counter({"Денисом": 1})
    either = relations_asked("Where did my partner grow up?")
    assert either.others == frozenset()
    texts = ["My wife Jo came.", "My husband Sam came."]
    assert names_in(texts, either.families, either.others) == Counter({"Jo": 1, "Sam": 1})


def test_a_name_in_the_genitive_after_a_relation_is_whose_the_relation_is() -> None:
    """"Муж Ани — Олег": Anya's husband is Oleg, and neither is the writer's husband."""
    texts = ["Муж Ани — Олег.", "Сын Нади — Тимур, ему семь.", "Жена Валя — Валентина, если по паспорту."]
    assert names_in(texts, ("partner", "son")) == Counter({"Валя": 1})
    assert names_in(["Моя сестра Лена — Катина крёстная."], ("sister",)) == Counter({"Лена": 1})


def test_my_other_half_is_the_partner_in_the_diary_and_in_a_question() -> None:
    texts = [
        "Me and my other half, Owen, have been there four years.",
        "Declan, my other half, is a plasterer.",
        "The other half of my job now is complaints.",
        "Her other half, Tim, drove.",
    ]
    assert names_in(texts, ("partner",)) == Counter({"Owen": 1, "Declan": 1})
    asked = relations_asked("When did my other half begin trading under his own name?")
    assert asked.families == ("partner",) and asked.broad == ()
    assert "half" not in {term.stem for term in relation_terms(("partner",))}  # the phrase is never searched


def test_a_relations_names_and_a_questions_names_are_searched_in_every_form() -> None:
    prefixes = {p for t in NamedPeople(("partner",), ("Сергей",)).terms() for p in t.prefixes}
    assert {"серг", "серег", "сереж"} <= prefixes
    asked = {p for t in other_name_forms("Что мне подарил Серёжа? Will Tom come.") for p in t.prefixes}
    assert {"серг", "серег"} <= asked
    assert "william" not in asked and "thoma" in asked  # the first word of a sentence is no name


def _entry(diary: Diary, day: date, text: str) -> int:
    conversation = diary.create_conversation(day=day)
    assert conversation.id is not None
    written = datetime(day.year, day.month, day.day, 9)
    message = diary.add_message(conversation.id, "user", text, created_at=written)
    assert message.id is not None
    return message.id


def _recalled(recall: Recall, today: int | None, question: str) -> set[int]:
    """The ids of what ``recall`` finds for ``question`` asked in conversation ``today`` (400 tokens)."""
    found = recall.find(question, 400, conversation_id=today, exclude_message_ids=set())
    return {entry.message_id for entry in found}


def test_a_question_about_my_sibling_finds_the_entry_that_only_names_her(
    diary: Diary, tiny_engine: Any
) -> None:
    _entry(diary, date(2026, 1, 5), "Lunch with my sister Nora, she brought her new puppy.")
    moved = _entry(diary, date(2026, 3, 2), "Nora finally moved to Lisbon!")
    _entry(diary, date(2026, 3, 3), "Three meetings in a row at work, and a long commute home.")
    today = diary.create_conversation(day=date(2026, 4, 1)).id
    question = "In which town is my sibling based these days?"
    assert moved in _recalled(Recall(diary, tiny_engine), today, question)


def test_russian_relation_words_search_their_family_and_the_name(diary: Diary, tiny_engine: Any) -> None:
    _entry(diary, date(2026, 1, 5), "Сын Егор, пятнадцать лет, вечно в наушниках.")
    drums = _entry(diary, date(2026, 2, 9), "Егорка записался в рок-школу, на барабаны.")
    father = _entry(diary, date(2026, 2, 10), "Отец женится! Позвонил вчера.")
    _entry(diary, date(2026, 2, 11), "На подстанции опять ремонт, весь день без света.")
    today = diary.create_conversation(day=date(2026, 4, 1)).id
    recall = Recall(diary, tiny_engine)
    assert drums in _recalled(recall, today, "Чем сейчас увлекается сын?")
    assert father in _recalled(recall, today, "Что нового у бати?")


def test_a_relative_of_a_relative_finds_her_by_the_in_laws_word(diary: Diary, tiny_engine: Any) -> None:
    """"Сестра мужа" is the "золовка" the diary names: the question searches her name too."""
    _entry(diary, date(2026, 1, 5), "На праздники к нам приедет золовка Таня из Тотьмы.")
    work = _entry(diary, date(2026, 2, 9), "Таня теперь фармацевт в аптеке на Ленина.")
    _entry(diary, date(2026, 2, 10), "Муж опять в рейсе, звонил из Пскова.")
    _entry(diary, date(2026, 2, 11), "В лаборатории сломалась центрифуга, весь день без анализов.")
    today = diary.create_conversation(day=date(2026, 4, 1)).id
    recall = Recall(diary, tiny_engine)
    assert recall._named_people("Кем трудится сестра мужа?").names == ("Таня",)
    assert work in _recalled(recall, today, "Кем трудится сестра мужа?")


def test_a_grandchild_named_in_the_dative_is_found_in_the_accusative(diary: Diary, tiny_engine: Any) -> None:
    dance = _entry(diary, date(2026, 1, 5), "Варю записали на хореографию в ДК, по средам и субботам.")
    _entry(diary, date(2026, 2, 9), "Купил внучке Варе куклу на день рождения.")  # after: no sequel of it
    _entry(diary, date(2026, 2, 10), "Снег всю ночь, чистил дорожку до обеда.")
    today = diary.create_conversation(day=date(2026, 4, 1)).id
    assert dance in _recalled(Recall(diary, tiny_engine), today, "Чем увлекается внучка?")


def test_a_partner_called_my_other_half_is_found_by_name(diary: Diary, tiny_engine: Any) -> None:
    _entry(diary, date(2026, 1, 5), "Me and my other half, Owen, rent the flat above the launderette.")
    notice = _entry(diary, date(2026, 2, 9), "Owen handed in his notice on Friday: he's going it alone.")
    _entry(diary, date(2026, 2, 10), "Twelve-hour shift on the ward, three babies before lunch.")
    today = diary.create_conversation(day=date(2026, 4, 1)).id
    recall = Recall(diary, tiny_engine)
    question = "Is my partner still employed by Hopkins Heating?"
    assert recall._named_people(question).names == ("Owen",)
    assert notice in _recalled(recall, today, question)


def test_names_are_read_from_the_newest_entries_of_the_person_only(diary: Diary) -> None:
    first = _entry(diary, date(2026, 1, 5), "My sister Nora called.")
    second = _entry(diary, date(2026, 1, 6), "My sister Nora came round.")
    conversation = diary.create_conversation(day=date(2026, 1, 7)).id
    assert conversation is not None
    diary.add_message(conversation, "assistant", "Your sister Nora sounds lovely.")
    found = diary.newest_matching('"sister"*', limit=10, role="user")
    assert [m.message_id for m in found] == [second, first]
    newest_only = diary.newest_matching('"sister"*', limit=1, role="user")
    assert newest_only == []  # the newest match is the companion's reply


def test_a_fact_tells_recall_who_a_relation_is_when_the_entries_never_say(
    diary: Diary, tiny_engine: Any
) -> None:
    job = _entry(diary, date(2026, 1, 5), "Витя уволился из депо, теперь работает у кума в автосервисе.")
    for day in range(6, 12):  # other days, each with a word of the question: they rank first by words
        _entry(diary, date(2026, 1, day), "Сегодня муж соседки опять ругался во дворе с таксистами.")
    today = diary.create_conversation(day=date(2026, 4, 1)).id
    recall = Recall(diary, tiny_engine)
    ask = "Где трудится муж?"
    one_entry = 90  # the budget holds one or two entries
    before = recall.find(ask, one_entry, conversation_id=today, exclude_message_ids=set())
    assert job not in {e.message_id for e in before}

    fact = diary.add_fact("Муж — Витя, водит троллейбус", kind="person", source="manual")
    found = recall.find(ask, one_entry, conversation_id=today, exclude_message_ids=set())
    assert found[0].message_id == job

    assert fact.id is not None
    diary.delete_fact(fact.id)  # a deleted fact names nobody any more
    after = recall.find(ask, one_entry, conversation_id=today, exclude_message_ids=set())
    assert job not in {e.message_id for e in after}


def test_an_entry_that_calls_him_by_another_form_of_his_name_is_found(diary: Diary, tiny_engine: Any) -> None:
    _entry(diary, date(2026, 1, 5), "Муж, Сергей, дальнобойщик, гоняет фуры в Москву.")
    bakery = _entry(diary, date(2026, 4, 1), "Серёжа вышел на хлебозавод, приходит вечером и пахнет хлебом.")
    for day in range(6, 12):
        _entry(diary, date(2026, 1, day), "Соседка трудится в аптеке на углу, вечно уставшая.")
    today = diary.create_conversation(day=date(2026, 5, 1)).id
    found = Recall(diary, tiny_engine).find(
        "Где теперь трудится супруг?", 200, conversation_id=today, exclude_message_ids=set()
    )
    assert bakery in {e.message_id for e in found}
