"""Who is Витя? Names the diary uses often without saying who they are (``app.core.recall.introductions``):
found in real diaries, not confused with places, brands, days or patronymics, and no longer asked about once
the entries or a fact say who they are. The store reads the newest entries; ``hearth facts who`` lists
them."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.core.recall.finder import Recall
from app.core.recall.introductions import (
    MIN_ENTRIES,
    introductions,
    names_person,
    people_to_introduce,
    who_to_ask,
)
from app.store import Diary
from tests.diary_entries import write_entry

HELDOUT = Path(__file__).parent / "data" / "heldout"


def owner_entries(name: str) -> list[str]:
    data = json.loads((HELDOUT / name).read_text(encoding="utf-8"))
    owner = data["speaker_a"]
    return [
        turn["text"]
        for key, turns in data.items()
        if key.startswith("session_") and isinstance(turns, list)
        for turn in turns
        if turn["speaker"] == owner
    ]


def names(entries: list[str], facts: tuple[str, ...] = (), **kwargs: Any) -> list[str]:
    return [i.name for i in people_to_introduce(entries, facts, **kwargs)]


def test_a_diary_that_never_says_who_vitya_is_asks_about_him_first() -> None:
    entries = owner_entries("ru_tune_3.json")
    found = people_to_introduce(entries, ())
    assert found[0].name == "Витя" and found[0].entries >= MIN_ENTRIES
    assert "Витя" not in names(entries, ("Муж — Витя",))  # a fact says who he is
    assert "Витя" not in names(entries, ("Замужем за Виктором",))  # in another form of his name
    assert "Витя" not in names(entries, skip=("Витя",))  # "Not now"


def test_an_english_diary_asks_about_people_not_places_or_days() -> None:
    entries = owner_entries("en_tune_1.json")
    found = names(entries, limit=6)
    assert found[:2] == ["Tom", "Nora"]
    assert not {"Christmas", "Glasgow", "Bristol", "Friday", "Mrs"} & set(found)


def test_places_brands_days_and_patronymics_are_no_one() -> None:
    entries = [
        "Вчера ездили в Казань, потом в Казани гуляли, и Вика звонила, и Нина.",
        "Опять в Казани. Потом Вика прислала фото из «Ригла», там Ригла скидки.",
        "Заходила Нина Аркадьевна. Потом Вика с Ниной Аркадьевной пили чай. На Пасху пекли.",
        "Снова Казань, снова Вика. И Нина Аркадьевна тоже. А на Пасху — кулич.",
        "Потом Вика и Нина Аркадьевна. Работаю в Казани, бываю на Пасху дома. Там Ригла закрыта.",
    ]
    assert names(entries) == ["Вика", "Нина"]


def test_a_name_the_entries_tie_to_a_relation_is_not_asked_about() -> None:
    entries = [f"Сегодня Дима опять задержался, день {i}." for i in range(6)]
    assert names(entries) == ["Дима"]
    assert names([*entries, "Мой парень Дима подарил цветы."]) == []
    assert names([f"Then Nora called, day {i}." for i in range(6)] + ["My sister Nora is coming."]) == []


def test_a_name_is_shown_as_written_in_the_nominative() -> None:
    entries = [f"Ходили с Витей в кино {i}. Потом Вите звонили." for i in range(5)] + ["И Витя пришёл."]
    assert names(entries) == ["Витя"]
    entries = [f"Забрала Егора из сада {i}." for i in range(4)] + ["Потом Егор уснул."]
    assert names(entries) == ["Егор"]
    entries = [f"Позвонила Андрея маме, день {i}." for i in range(4)]
    assert names(entries) == ["Андрей"]  # a genitive the name table knows
    entries = [f"Подарки для Тимофея, день {i}." for i in range(4)] + ["Вчера Тимофей спал."]
    assert names(entries) == ["Тимофей"]  # "-ей" ends like "Витей", yet the diary writes it


def test_forms_as_common_as_each_other_show_the_one_that_opens_sentences() -> None:
    """"Матвей" and "Матвеем" are two stems of one person, each written twice inside sentences: the one that
    also opens sentences is shown, whatever order the stems were gathered in (it followed the hash seed)."""
    entries = [f"Гуляли с Матвеем {i}. Матвей устал." for i in range(2)] + [
        f"Вчера Матвей звонил {i}." for i in range(2)
    ] + [f"Матвей пришёл {i}." for i in range(3)]
    assert names(entries) == ["Матвей"]
    asked = names(owner_entries("ru_tune_13.json"))
    assert "Матвей" in asked and "Матвеем" not in asked


def test_common_words_and_rare_names_are_not_asked_about() -> None:
    entries = [f"Вечером Солнце село, а солнце встало {i}." for i in range(6)]
    assert names(entries) == []
    assert names([f"Потом Гриша пришёл {i}." for i in range(MIN_ENTRIES - 1)]) == []
    assert names([f"Потом Гриша пришёл {i}." for i in range(MIN_ENTRIES)]) == ["Гриша"]


def test_a_possessive_of_a_name_is_not_another_person() -> None:
    entries = [f"Потом Даша пришла, и Дашин кот тоже {i}." for i in range(5)]
    assert names(entries) == ["Даша"]


def test_names_person_reads_any_form_of_the_name() -> None:
    assert names_person("Витя — мой муж", "Витя")
    assert names_person("Муж: Виктор", "Витя")
    assert names_person("Tom's my husband", "Tom")
    assert not names_person("Has a sister named Anna", "Tom")


def test_the_store_reads_the_newest_entries_of_the_person(diary: Diary) -> None:
    for day in range(1, 6):
        write_entry(diary, date(2026, 1, day), f"entry {day}")
        write_entry(diary, date(2026, 1, day), f"reply {day}", role="assistant")
    assert diary.newest_texts(limit=3, role="user") == ["entry 5", "entry 4", "entry 3"]
    assert diary.newest_texts(limit=0, role="user") == []


def test_an_answer_saved_as_a_fact_lets_recall_find_him_and_ends_the_question(
    diary: Diary, tiny_engine: Any
) -> None:
    """The whole path: asked about, answered with a fact, then a question about "муж" finds the entry that
    only says "Витя"; the name is not asked about again."""
    for day in range(1, 6):
        write_entry(diary, date(2026, 1, day), f"Вечером Витя чинил кран, день {day}.")
    fixed = write_entry(
        diary, date(2026, 2, 1), "Витя уволился из депо и с апреля работает в автосервисе у кума."
    )
    write_entry(diary, date(2026, 2, 2), "У соседки муж опять на рыбалке, третий раз за месяц.")
    assert [i.name for i in introductions(diary)] == ["Витя"]
    today = diary.conversation_for_day(date(2026, 3, 1)).id

    def recalled() -> list[int]:
        found = Recall(diary, tiny_engine).find(
            "Где теперь трудится муж?", 2000, conversation_id=today, exclude_message_ids=set(),
            today=date(2026, 3, 1))
        return [entry.message_id for entry in found]

    assert fixed not in recalled()
    diary.add_fact("Витя — мой муж", kind="person")
    assert introductions(diary) == []
    assert fixed in recalled()


def test_hearth_facts_who_lists_the_names_and_how_to_answer(
    data_dir: Path, diary: Diary, capsys: pytest.CaptureFixture[str]
) -> None:
    for day in range(1, 6):
        write_entry(diary, date(2026, 1, day), f"Later Nora called again, day {day}.")
    diary.close()
    assert main(["--data-dir", str(data_dir), "facts", "who"]) == 0
    out = capsys.readouterr().out
    assert "Nora  (5 entries)" in out and 'hearth facts add "Nora is my friend" --kind person' in out
    assert main(["--data-dir", str(data_dir), "facts", "who", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"name": "Nora", "entries": 5}]
    assert main(["--data-dir", str(data_dir), "facts", "add", "Nora is my sister"]) == 0
    capsys.readouterr()
    assert main(["--data-dir", str(data_dir), "facts", "who"]) == 0
    assert "Hearth knows who" in capsys.readouterr().err


def test_not_now_is_kept_in_the_diary_until_an_entry_is_deleted_or_edited(diary: Diary) -> None:
    first = write_entry(diary, date(2026, 1, 1), "Then Nora called, and Ben too.")
    for day in range(2, 7):
        write_entry(diary, date(2026, 1, day), f"Later Nora called, and Ben came by, day {day}.")
    assert [i.name for i in introductions(diary)] == ["Ben", "Nora"]
    diary.add_not_now_name("Nora")
    diary.add_not_now_name("  ")  # nothing
    assert diary.not_now_names() == ["Nora"]
    assert [i.name for i in introductions(diary)] == ["Ben"]
    assert [i.name for i in introductions(diary, ask_again=True)] == ["Ben", "Nora"]
    diary.update_message(first, text="Then Nora called.")
    assert diary.not_now_names() == []  # an edit may have removed the only mention: asked again
    diary.add_not_now_name("Nora")
    diary.delete_message(first)
    assert diary.not_now_names() == []
    diary.add_not_now_name("Nora")
    diary.forget_everything()
    assert diary.not_now_names() == []


def test_hearth_facts_who_all_lists_the_names_said_not_now_to(
    data_dir: Path, diary: Diary, capsys: pytest.CaptureFixture[str]
) -> None:
    for day in range(1, 6):
        write_entry(diary, date(2026, 1, day), f"Later Nora called again, day {day}.")
    diary.add_not_now_name("Nora")
    diary.close()
    assert main(["--data-dir", str(data_dir), "facts", "who", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert main(["--data-dir", str(data_dir), "facts", "who", "--all", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"name": "Nora", "entries": 5}]
    with Diary.open(data_dir) as reopened:
        assert reopened.not_now_names() == ["Nora"]  # --all only lists them
    assert main(["--data-dir", str(data_dir), "facts", "who", "--ask-again", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"name": "Nora", "entries": 5}]
    with Diary.open(data_dir) as reopened:
        assert reopened.not_now_names() == []  # the window asks about Nora again


def test_a_reply_written_after_not_now_keeps_the_list(diary: Diary) -> None:
    """A reply is stored as a placeholder and then updated: only the person's own entries empty the list."""
    write_entry(diary, date(2026, 1, 1), "Then Nora called.")
    diary.add_not_now_name("Nora")
    reply = write_entry(diary, date(2026, 1, 1), "…", role="assistant")
    diary.update_message(reply, text="How did that feel?")
    diary.delete_message(reply)
    assert diary.not_now_names() == ["Nora"]
    mine = write_entry(diary, date(2026, 1, 2), "Then Ben called.")
    diary.update_message(mine, text="Then Ben called.")  # the same words: nothing changed
    assert diary.not_now_names() == ["Nora"]


def test_one_person_in_every_form_is_asked_about_once_and_answered_once() -> None:
    entries = [f"Пришёл Андрей, день {i}. Ждали Андрея. Гуляли с Андреем." for i in range(5)]
    assert names(entries) == ["Андрей"]
    assert names(entries, ("Андрей — мой брат",)) == []
    assert names(entries, skip=("Андрей",)) == []
    entries = [f"Потом Сергей позвонил, день {i}. А вечером Серёжа пришёл." for i in range(5)]
    [(name, entries_with_him)] = [(i.name, i.entries) for i in people_to_introduce(entries, ())]
    assert name in {"Сергей", "Серёжа"} and entries_with_him == 5


def test_a_fact_names_someone_only_by_a_capitalized_word() -> None:
    entries = [f"Потом Люба звонила, и Лена тоже, день {i}." for i in range(5)]
    assert names(entries, ("Любит кофе по утрам", "Борется с ленью")) == ["Лена", "Люба"]
    assert names(entries, ("Люба — подруга",)) == ["Лена"]
    assert names([f"Later Rose called, and Mark too, day {i}." for i in range(5)],
                 ("Loves rose tea", "Got a top mark")) == ["Mark", "Rose"]


def test_things_and_words_around_names_are_not_people() -> None:
    entries = [
        f"Watched it on Netflix, then prayed to God. Dinner: Pasta. Гуляли по Москве, слава Богу. "
        f"Tomorrow it's Sarah's birthday, and O'Neil is coming, and Анна-Мария тоже, day {i}."
        for i in range(5)
    ]
    assert sorted(names(entries, limit=6)) == ["O'Neil", "Sarah", "Анна-Мария"]
    assert names([f"Потом Женя пришла, день {i}." for i in range(5)]) == ["Женя"]  # its stem is "жена"'s
    entries = [f"Потом Евгения Петровна пришла, день {i}." for i in range(5)]
    assert names(entries) == ["Евгения"]  # a name of its own, not a genitive of "Евгений"


def test_a_fact_after_a_colon_names_the_pet_and_an_oblique_name_is_shown_in_the_nominative() -> None:
    entries = [f"Гуляли с Бароном, и с Ниной тоже, день {i}." for i in range(5)]
    assert names(entries) == ["Барон", "Нина"]
    assert names(entries, ("Собака: Барон, бордер-колли",)) == ["Нина"]


def test_a_name_put_off_is_listed_only_while_it_would_still_be_asked_about(diary: Diary) -> None:
    """The panel's "Put off for now: …": a name a fact has answered since, or never asked about, is not."""
    for day in range(1, 6):
        write_entry(diary, date(2026, 1, day), f"Later Nora called, and Ben came by, day {day}.")
    assert who_to_ask(diary).put_off == []
    assert who_to_ask(diary).asked == introductions(diary)  # the same names, from one pass
    diary.add_not_now_name("Nora")
    diary.add_not_now_name("Ben")
    assert who_to_ask(diary).put_off == ["Nora", "Ben"]  # oldest first
    assert who_to_ask(diary).asked == []  # both held back from asking
    diary.add_fact("Nora is my sister", kind="person")
    assert who_to_ask(diary, skip=["Cleo"]).put_off == ["Ben"]  # Nora is answered; Cleo was never asked about
