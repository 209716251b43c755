"""The made-up diaries ``hearth screenshots`` photographs: a believable week in English and in Russian.

Never anyone's real diary. Each language has its own people and days (not a word-for-word translation),
as a Russian speaker's diary would.
"""

from __future__ import annotations

from dataclasses import dataclass

Line = tuple[str, str]  # (role, text)
FactSeed = tuple[str, str, int, bool, str]  # (text, kind, importance, pinned, source)


REMEMBERING_REPLY = 3  # today's reply that recalls "last week" (its index in ``SeedDiary.today``)
REMEMBERED_SHOWN = 3  # the earlier days' first lines recall is shown to have given it


@dataclass(frozen=True)
class SeedDiary:
    today: list[Line]
    earlier: dict[int, list[Line]]  # days ago -> lines
    facts: list[FactSeed]


_EN_TODAY = [
    ("user", "Finally finished the bookshelf for Mia's room. Three evenings and one slightly crooked "
             "shelf, but she filled it with her dinosaur books within minutes."),
    ("assistant", "What a lovely way to end the week. Three evenings of work, and Mia moved her "
                  "dinosaurs in right away. How does the crooked shelf feel now that it's full? "
                  "Sometimes the imperfect bits become the part we remember most."),
    ("user", "Honestly, I like it more now. Anna called too — she's coming over on Sunday with the "
             "kids. I want to plan something low-key."),
    ("assistant", "Sunday with Anna sounds nice. A few low-key ideas:\n\n"
                  "- **A walk by the river** with Pepper, if the weather holds\n"
                  "- Pancakes late in the morning — the kids can help\n"
                  "- Let Mia show off the new bookshelf\n\n"
                  "Last week you wrote that quiet afternoons at home felt best after a busy stretch. "
                  "Would something like that fit?"),
    ("user", "Yes. Pancakes and the river. Remind me to buy maple syrup."),
    ("assistant", "Noted: maple syrup before Sunday. I hope the rest of the week winds down gently."),
]
_EN_EARLIER = {
    1: [("user", "Pottery class tonight. My bowl collapsed twice, the third one survived. Small wins."),
        ("assistant", "Third time lucky! What did you change on the one that survived?")],
    2: [("user", "Long walk with Pepper after work. The river was high after all the rain."),
        ("assistant", "That sounds refreshing after a long day. Did Pepper try to swim again?")],
    4: [("user", "The deadline moved up a week. I stayed late and felt wiped out."),
        ("assistant", "That's a lot to absorb. What would help you recover a little this evening?")],
    6: [("user", "Quiet Sunday. Read on the balcony most of the afternoon and didn't feel guilty."),
        ("assistant", "A guilt-free afternoon with a book: that's worth writing down.")],
}
_EN_FACTS = [
    ("Has a daughter, Mia (6), who loves dinosaurs", "person", 5, True, "manual"),
    ("Dog: Pepper, a border collie", "pet", 4, False, "automatic"),
    ("Sister Anna lives nearby and has two kids", "person", 4, False, "automatic"),
    ("Prefers quiet afternoons at home after a busy week", "preference", 3, False, "automatic"),
    ("Takes a pottery class on Thursday evenings", "habit", 3, False, "manual"),
    ("Buy maple syrup before Sunday", "reminder", 3, False, "automatic"),
]


_RU_TODAY = [
    ("user", "Наконец доделал полку для Мишиной комнаты. Три вечера и одна чуть кривая доска, но он за пять "
             "минут заставил её своими книжками про динозавров."),
    ("assistant", "Какой хороший конец недели. Три вечера работы — и Миша сразу переселил туда динозавров. "
                  "Как теперь смотрится кривая доска, когда полка полная? Иногда именно неровности "
                  "запоминаются больше всего."),
    ("user", "Честно, теперь она мне даже больше нравится. Ещё звонила Аня — в воскресенье приедет с "
             "детьми. Хочется устроить что-нибудь спокойное."),
    ("assistant", "Воскресенье с Аней — это приятно. Несколько спокойных идей:\n\n"
                  "- **Прогулка вдоль реки** с Бароном, если погода не подведёт\n"
                  "- Поздний завтрак с блинами — дети помогут\n"
                  "- Пусть Миша покажет новую полку\n\n"
                  "На прошлой неделе вы писали, что после суеты лучше всего тихие дни дома. "
                  "Может, и сейчас так?"),
    ("user", "Да. Блины и река. Напомни купить сгущёнку."),
    ("assistant", "Записано: сгущёнка до воскресенья. Пусть остаток недели пройдёт спокойно."),
]
_RU_EARLIER = {
    1: [("user", "Вечером гончарный кружок. Миска дважды сложилась, третья выжила. Маленькие победы."),
        ("assistant", "С третьего раза! А что вы изменили в той, что выжила?")],
    2: [("user", "После работы долго гуляли с Бароном. Река после дождей поднялась."),
        ("assistant", "Звучит освежающе после долгого дня. Барон опять пытался купаться?")],
    4: [("user", "Дедлайн сдвинули на неделю раньше. Засиделся допоздна и совсем выдохся."),
        ("assistant", "Это непросто переварить. Что помогло бы вам хоть немного восстановиться сегодня?")],
    6: [("user", "Тихое воскресенье. Почти весь день читал на балконе и ни капли не чувствовал вины."),
        ("assistant", "Целый день с книгой и без чувства вины — это стоит записать.")],
}
_RU_FACTS = [
    ("Есть сын Миша (6 лет), обожает динозавров", "person", 5, True, "manual"),
    ("Собака: Барон, бордер-колли", "pet", 4, False, "automatic"),
    ("Сестра Аня живёт неподалёку, у неё двое детей", "person", 4, False, "automatic"),
    ("После суетной недели любит тихие дни дома", "preference", 3, False, "automatic"),
    ("По четвергам вечером ходит на гончарный кружок", "habit", 3, False, "manual"),
    ("Купить сгущёнку до воскресенья", "reminder", 3, False, "automatic"),
]
SEEDS = {
    "en": SeedDiary(_EN_TODAY, _EN_EARLIER, _EN_FACTS),
    "ru": SeedDiary(_RU_TODAY, _RU_EARLIER, _RU_FACTS),
}


# Months of shorter entries behind the week, so the calendar, "On this day", the weekly review and the
# Insights charts have something to show: (days ago, text), a mood for some days, and digests.
_EN_PAST = [
    "Slow morning, good coffee, a long call with Anna about her new job.",
    "Rain all day. Cleaned the kitchen and listened to an audiobook.",
    "Mia lost her first tooth and wants to know how much the tooth fairy pays.",
    "Work was a blur of meetings. Walked Pepper late to clear my head.",
    "Tried a new bread recipe; the crust was perfect, the middle not quite.",
    "Pottery: finally centred the clay without it wobbling, and Rosa laughed at my muddy sleeves.",
    "Tired and a bit low. Went to bed early with a book.",
]
_RU_PAST = [
    "Неспешное утро, хороший кофе, долгий разговор с Аней о её новой работе.",
    "Весь день дождь. Убрал кухню и слушал аудиокнигу.",
    "У Миши выпал первый зуб, он хочет знать, сколько платит зубная фея.",
    "На работе сплошные созвоны. Поздно гулял с Бароном, чтобы проветрить голову.",
    "Испёк хлеб по новому рецепту: корочка отличная, середина не очень.",
    "Гончарный: наконец отцентровал глину, а Рита смеялась над моими рукавами в глине.",
    "Устал и немного грустно. Рано лёг с книгой.",
]
PAST_LINES = {"en": _EN_PAST, "ru": _RU_PAST}
PAST_DAYS = (8, 9, 11, 12, 13, 15, 16, 18, 20, 21, 22, 25, 27, 30, 33, 36, 40, 44, 47, 52, 58, 61, 66, 73,
             80, 86, 182, 365)
MOODS = {0: 4, 1: 4, 2: 3, 4: 2, 6: 5, 8: 3, 9: 4, 11: 3, 12: 2, 13: 3, 15: 4, 16: 4, 18: 5, 20: 3, 21: 2,
         22: 3, 25: 4, 27: 4, 30: 3, 33: 5, 36: 4, 40: 3}
DIGESTS = {
    "en": "A full week: a bookshelf finished for Mia, pottery, walks with Pepper, a deadline that moved up, "
          "and plans for a quiet Sunday with Anna.",
    "ru": "Насыщенная неделя: полка для Миши готова, гончарный кружок, прогулки с Бароном, сдвинутый "
          "дедлайн и планы на тихое воскресенье с Аней.",
}
