"""Dates in a message, English and Russian, explicit and relative to the day it is written on."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from app.core.recall.dates import DateSpan, date_spans, without_whole_period

ANCHOR = date(2023, 10, 20)  # a Friday


def day(y: int, m: int, d: int) -> DateSpan:
    return DateSpan(date(y, m, d), date(y, m, d), "day")


def month(y: int, m: int, last: int) -> DateSpan:
    return DateSpan(date(y, m, 1), date(y, m, last), "month")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Which city was Calvin at on October 3, 2023?", [day(2023, 10, 3)]),
        ("as mentioned on 3 June, 2023", [day(2023, 6, 3)]),
        ("the 3rd of June 2023", [day(2023, 6, 3)]),
        ("What did he do in May 2023?", [month(2023, 5, 31)]),
        ("in February 2024", [month(2024, 2, 29)]),
        ("on 2023-05-01 and on 05.06.2023", [day(2023, 5, 1), day(2023, 6, 5)]),
        ("Что было 3 октября 2022 года?", [day(2022, 10, 3)]),
        ("в мае 2021", [month(2021, 5, 31)]),
        ("in 2022", [DateSpan(date(2022, 1, 1), date(2022, 12, 31), "year")]),
        # Without a year: the latest such day not after the anchor.
        ("on March 5", [day(2023, 3, 5)]),
        ("on December 24", [day(2022, 12, 24)]),
        ("Что было 3 октября?", [day(2023, 10, 3)]),
        ("Что я делал в мае?", [month(2023, 5, 31)]),
        ("А в ноябре?", [month(2022, 11, 30)]),
        # Relative to the anchor.
        ("What did I do yesterday?", [day(2023, 10, 19)]),
        ("the day before yesterday", [day(2023, 10, 18)]),
        ("позавчера и вчера", [day(2023, 10, 18), day(2023, 10, 19)]),
        ("last Tuesday", [day(2023, 10, 17)]),
        ("on Friday", [day(2023, 10, 13)]),
        ("в прошлую пятницу", [day(2023, 10, 13)]),
        ("во вторник", [day(2023, 10, 17)]),
        ("3 days ago", [day(2023, 10, 17)]),
        ("two weeks ago", [DateSpan(date(2023, 10, 3), date(2023, 10, 9), "week")]),
        ("last week", [DateSpan(date(2023, 10, 9), date(2023, 10, 15), "week")]),
        ("на прошлой неделе", [DateSpan(date(2023, 10, 9), date(2023, 10, 15), "week")]),
        ("last month", [month(2023, 9, 30)]),
        ("в прошлом году", [DateSpan(date(2022, 1, 1), date(2022, 12, 31), "year")]),
    ],
)
def test_dates_are_read(text: str, expected: list[DateSpan]) -> None:
    assert date_spans(text, ANCHOR) == expected


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        # Asked in 2027 (or on 28 February 2028), "29 February" is the last one that was: 2024's.
        ("What happened on 29 February?", date(2027, 3, 10), [day(2024, 2, 29)]),
        ("Что было 29 февраля?", date(2028, 2, 28), [day(2024, 2, 29)]),
        ("on February 29", date(2028, 3, 1), [day(2028, 2, 29)]),
        ("on 31 June", date(2027, 3, 10), []),  # no year has it
        ("on December 31", date(2027, 1, 1), [day(2026, 12, 31)]),  # the new year's first day
        ("last month", date(2027, 1, 1), [month(2026, 12, 31)]),
        ("last week", date(2027, 1, 1), [DateSpan(date(2026, 12, 21), date(2026, 12, 27), "week")]),
        ("last month", date(2027, 3, 31), [month(2027, 2, 28)]),
    ],
)
def test_dates_without_a_year_on_awkward_days(text: str, anchor: date, expected: list[DateSpan]) -> None:
    assert date_spans(text, anchor) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I may go to the market",  # a verb, not the month
        "we met at 10.30 and left at 3",
        "I ran 5 km in 27 minutes",
        "February 30, 2023",  # no such day
        "a few days ago",  # how many?
        "Май был тёплым",  # the month alone, without "в", is too vague
    ],
)
def test_what_is_not_a_date_is_left_out(text: str) -> None:
    assert date_spans(text, ANCHOR) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The year in words is the date's own: that day or month of that year, not all of the year besides.
        ("Что я делала 8 марта в прошлом году?", [day(2022, 3, 8)]),
        ("Что было в прошлом году на 8 марта?", [day(2022, 3, 8)]),
        ("What did I do on 8 March last year?", [day(2022, 3, 8)]),
        ("last year, on March 3", [day(2022, 3, 3)]),
        ("Что я делал в марте прошлого года?", [month(2022, 3, 31)]),
        ("в ноябре позапрошлого года", [month(2021, 11, 30)]),
        ("in March of last year", [month(2022, 3, 31)]),
        ("в мае этого года", [month(2023, 5, 31)]),
        ("в марте в 2021", [month(2021, 3, 31)]),
        # Ahead of the day it is asked on: not a day of the diary.
        ("в декабре этого года", []),
        ("8 марта в следующем году", []),
        ("on 3 May next year", []),
        # After a comma the year belongs to what follows, unless the clause ends there.
        ("What happened in March, last year we stayed home",
         [month(2023, 3, 31), DateSpan(date(2022, 1, 1), date(2022, 12, 31), "year")]),
        ("What happened on 3 March, last year?", [day(2022, 3, 3)]),
        # An English month alone, after a word that makes it one.
        ("What did I do in March?", [month(2023, 3, 31)]),
        ("since November", [month(2022, 11, 30)]),
        ("until June", [month(2023, 6, 30)]),
    ],
)
def test_a_year_said_in_words_beside_a_date_is_the_dates(text: str, expected: list[DateSpan]) -> None:
    assert date_spans(text, ANCHOR) == expected


def season(first: date, last: date) -> DateSpan:
    return DateSpan(first, last, "season")


SPRING_2023 = season(date(2023, 3, 1), date(2023, 5, 31))
SUMMER_2023 = season(date(2023, 6, 1), date(2023, 8, 31))
AUTUMN_2023 = season(date(2023, 9, 1), date(2023, 11, 30))
WINTER_2022 = season(date(2022, 12, 1), date(2023, 2, 28))


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        # The latest that began (asked on 20 October 2023: this autumn is under way).
        ("Какую травму я получил осенью на смене?", ANCHOR, [AUTUMN_2023]),
        ("Чего я добился с весны?", ANCHOR, [SPRING_2023]),
        ("Где проводила начало лета дочка?", ANCHOR, [SUMMER_2023]),
        ("с которой я зимой купаюсь в проруби", ANCHOR, [WINTER_2022]),
        ("What did I plant in the spring?", ANCHOR, [SPRING_2023]),
        ("since the autumn", ANCHOR, [AUTUMN_2023]),
        ("in the fall", ANCHOR, [AUTUMN_2023]),
        ("over the winter", ANCHOR, [WINTER_2022]),
        # The latest that is over, and the one before it.
        ("прошлым летом", ANCHOR, [SUMMER_2023]),
        ("last summer", date(2024, 7, 1), [SUMMER_2023]),
        ("прошлой осенью", ANCHOR, [season(date(2022, 9, 1), date(2022, 11, 30))]),
        ("позапрошлым летом", ANCHOR, [season(date(2022, 6, 1), date(2022, 8, 31))]),
        ("Where did we go the summer before last?", ANCHOR, [season(date(2022, 6, 1), date(2022, 8, 31))]),
        ("in the winter before last", date(2024, 3, 10), [WINTER_2022]),
        ("the fall before last.", ANCHOR, [season(date(2021, 9, 1), date(2021, 11, 30))]),
        # This one: under way, or ending in the year asked in; none ahead.
        ("этой зимой", date(2024, 1, 10), [season(date(2023, 12, 1), date(2024, 2, 29))]),
        ("this winter", date(2024, 3, 10), [season(date(2023, 12, 1), date(2024, 2, 29))]),
        ("this summer", ANCHOR, [SUMMER_2023]),
        ("Where am I going this summer?", date(2023, 4, 2), []),
        ("следующим летом", ANCHOR, []),
        ("next summer", ANCHOR, []),
        # A year named: in numbers or in words (a winter is the one its January is in).
        ("летом 2021", ANCHOR, [season(date(2021, 6, 1), date(2021, 8, 31))]),
        ("the summer of 2021", ANCHOR, [season(date(2021, 6, 1), date(2021, 8, 31))]),
        ("зимой 2023", ANCHOR, [WINTER_2022]),
        ("летом прошлого года", ANCHOR, [season(date(2022, 6, 1), date(2022, 8, 31))]),
        ("in the spring last year", ANCHOR, [season(date(2022, 3, 1), date(2022, 5, 31))]),
    ],
)
def test_seasons_are_read_as_their_three_months(text: str, anchor: date, expected: list[DateSpan]) -> None:
    assert date_spans(text, anchor) == expected


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        # Ahead: not a day of the diary, and not read again as a month either.
        ("8 марта этого года", date(2023, 3, 7), []),
        ("on the 3rd of May this year", date(2023, 5, 1), []),
        ("the 31st of June", ANCHOR, []),
        ("this winter", date(2023, 11, 30), []),
        ("этой зимой", date(2023, 9, 10), []),
        ("наступающей зимой", ANCHOR, []),
        ("предстоящим летом", ANCHOR, []),
        ("этого лета", date(2024, 5, 10), []),
        ("планы на лето", date(2024, 4, 10), []),
        ("until spring", date(2024, 1, 5), []),
        # Counted seasons are not the latest one.
        ("две зимы назад", date(2024, 3, 10), []),
        ("3 summers ago", ANCHOR, []),
        # A year in numbers before the season or the month, or a winter's two years.
        ("Что я делал в 2021 году летом?", ANCHOR, [season(date(2021, 6, 1), date(2021, 8, 31))]),
        ("in 2021 in the spring", ANCHOR, [season(date(2021, 3, 1), date(2021, 5, 31))]),
        ("In 2021, in March we moved", ANCHOR, [month(2021, 3, 31)]),
        ("in the winter of 2023-2024", ANCHOR, [season(date(2023, 12, 1), date(2024, 2, 29))]),
        ("зима 2023/24", ANCHOR, [season(date(2023, 12, 1), date(2024, 2, 29))]),
        # The year after the date is its own when words before it say another.
        ("I moved last year, in March this year I started a job", ANCHOR,
         [DateSpan(date(2022, 1, 1), date(2022, 12, 31), "year"), month(2023, 3, 31)]),
    ],
)
def test_dates_ahead_counted_or_with_a_year_before(text: str, anchor: date, expected: list[DateSpan]) -> None:
    assert date_spans(text, anchor) == expected


@pytest.mark.parametrize(
    "text",
    [
        "a hot spring in the hills", "I had a fall on the ice", "the fall was hard", "пять лет назад",
        "полёт", "My knee has hurt since the fall", "After the fall I went to the doctor",
        "I went out in winter boots", "We swam in spring water", "Он всё схватывает на лету", "кануло в Лету",
        "I had a fall before last.", "leaves fall before last light",
        "Как мне в мои лета бегать марафон?", "в его-то лета", "в преклонные лета",
    ],
)  # fmt: skip
def test_what_only_looks_like_a_season_is_left_out(text: str) -> None:
    assert date_spans(text, ANCHOR) == []


SEPT = date(2025, 9, 1)


def mon(year: int, number: int) -> DateSpan:
    """The whole month ``number`` of ``year``."""
    following = date(year + number // 12, number % 12 + 1, 1)
    return DateSpan(date(year, number, 1), following - timedelta(days=1), "month")


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        # A list: each month, the latest that began, or in the year said after the last.
        ("What did I do in March and May?", SEPT, [mon(2025, 3), mon(2025, 5)]),
        ("Что я делала в марте и мае?", SEPT, [mon(2025, 3), mon(2025, 5)]),
        # One year for the list, the first month's latest; what is ahead is not in the diary.
        ("в марте, апреле или мае", date(2025, 4, 10), [mon(2025, 3), mon(2025, 4)]),
        ("in November and December", date(2024, 11, 20), [mon(2024, 11)]),
        ("в декабре и январе", date(2024, 3, 1), [mon(2023, 12), mon(2024, 1)]),
        ("in December and January 2024", SEPT, [mon(2023, 12), mon(2024, 1)]),
        # The year said before them, or after them with "of" or "in".
        ("в 2021 году в марте и мае", SEPT, [mon(2021, 3), mon(2021, 5)]),
        ("in 2022, in March and May", SEPT, [mon(2022, 3), mon(2022, 5)]),
        ("in March and May of 2023", SEPT, [mon(2023, 3), mon(2023, 5)]),
        ("в 2021 году с марта по май", SEPT, [season(date(2021, 3, 1), date(2021, 5, 31))]),
        ("in July and August 2025", date(2025, 6, 15), []),
        ("from July to September 2025", date(2025, 6, 15), []),
        # A lower-case "may" is no month: the year beside is read as it was.
        ("from March to may last year", SEPT, [DateSpan(date(2024, 1, 1), date(2024, 12, 31), "year")]),
        # A person named like a month after a comma: a list ends with "and" or "or".
        ("In March, May and I went to Paris", SEPT, [mon(2025, 3)]),
        ("In April, June called me", SEPT, [mon(2025, 4)]),
        ("in March, April, and May 2024", SEPT, [mon(2024, 3), mon(2024, 4), mon(2024, 5)]),
        ("в марте и мае прошлого года", SEPT, [mon(2024, 3), mon(2024, 5)]),
        ("in March and in May", SEPT, [mon(2025, 3), mon(2025, 5)]),
        ("in June and July next year", SEPT, []),
        # Not a list: a verb, and a day's month.
        ("in March and may be later", SEPT, [mon(2025, 3)]),
        ("in March and May 5th", SEPT, [mon(2025, 3), day(2025, 5, 5)]),
        # A range: every day from the first month's to the last's, across the new year when it wraps.
        ("с марта по май", SEPT, [season(date(2025, 3, 1), date(2025, 5, 31))]),
        ("What happened between June and August?", SEPT, [season(date(2025, 6, 1), date(2025, 8, 31))]),
        ("from November to February", SEPT, [season(date(2024, 11, 1), date(2025, 2, 28))]),
        ("с марта до мая прошлого года", SEPT, [season(date(2024, 3, 1), date(2024, 5, 31))]),
        ("from March through December 2023", SEPT, [DateSpan(date(2023, 3, 1), date(2023, 12, 31),
                                                                  "year")]),
        ("from October to December", SEPT, [season(date(2024, 10, 1), date(2024, 12, 31))]),
    ],
)  # fmt: skip
def test_months_said_together_are_each_read(text: str, anchor: date, expected: list[DateSpan]) -> None:
    assert date_spans(text, anchor) == expected


def test_a_month_alone_in_english_is_a_month_only_after_a_word_that_makes_it_one() -> None:
    assert date_spans("I may go in may", ANCHOR) == []  # lower-case "may" is the verb
    assert date_spans("March was cold", ANCHOR) == []
    assert date_spans("Show me photos of May and her kids", ANCHOR) == []  # after "of": a person, as often
    assert date_spans("What did I do in March?") == []  # no day to count from


def test_relative_dates_need_the_day_they_are_written_on() -> None:
    assert date_spans("What did I do yesterday? And on October 3?") == []
    assert date_spans("What did I do on October 3, 2023?") == [day(2023, 10, 3)]


def week(first: date, last: date) -> DateSpan:
    return DateSpan(first, last, "week")


CHRISTMAS_2022 = week(date(2022, 12, 24), date(2022, 12, 26))
CHRISTMAS_2023 = week(date(2023, 12, 24), date(2023, 12, 26))


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        # The latest one that began by the day the message is written on.
        ("What did he give me at Christmas?", ANCHOR, [week(date(2022, 12, 24), date(2022, 12, 26))]),
        ("What did we do on Christmas Eve?", date(2023, 12, 24), [day(2023, 12, 24)]),
        ("Who came round on New Year's Eve?", ANCHOR, [day(2022, 12, 31)]),
        ("Как отметили Новый год?", ANCHOR, [week(date(2022, 12, 31), date(2023, 1, 1))]),
        ("Как отметили Новый год?", date(2023, 12, 31), [week(date(2023, 12, 31), date(2024, 1, 1))]),
        ("Что я вручила супругу на мужской праздник?", ANCHOR, [day(2023, 2, 23)]),
        ("Что подарили на Восьмое марта?", ANCHOR, [day(2023, 3, 8)]),
        ("Куда ездили на майские?", ANCHOR, [week(date(2023, 5, 1), date(2023, 5, 10))]),
        ("Где были в День Победы?", ANCHOR, [day(2023, 5, 9)]),
        # Moveable feasts: Western Easter for the English words, the Orthodox one for the Russian.
        ("What did we eat at Easter?", ANCHOR, [week(date(2023, 4, 7), date(2023, 4, 10))]),
        ("Что пекли на Пасху?", ANCHOR, [day(2023, 4, 16)]),
        ("Что пекли на Пасху?", date(2024, 5, 20), [day(2024, 5, 5)]),
        ("Когда была Масленица?", ANCHOR, [week(date(2023, 2, 20), date(2023, 2, 26))]),
        ("Where did we go on Labor Day?", ANCHOR, [day(2023, 9, 4)]),
        # The diary does not say its country: both Thanksgivings (Canada's in October, the US's in November).
        ("Who hosted Thanksgiving?", date(2023, 12, 1), [day(2023, 10, 9), day(2023, 11, 23)]),
        ("Who hosted Thanksgiving?", ANCHOR, [day(2023, 10, 9), day(2022, 11, 24)]),
        # A year beside it is its own.
        ("What happened at Christmas 2021?", ANCHOR, [week(date(2021, 12, 24), date(2021, 12, 26))]),
        ("And at Halloween in 2022?", ANCHOR, [day(2022, 10, 31)]),
        # A typographic apostrophe, and "this" / "last" (on 25 December: the one in progress, or last year's).
        ("What did we do on New Year’s Eve?", ANCHOR, [day(2022, 12, 31)]),
        ("Valentine’s Day dinner", ANCHOR, [day(2023, 2, 14)]),
        ("What did we do last Christmas?", date(2023, 12, 25), [CHRISTMAS_2022]),
        ("Who came this Christmas?", date(2023, 12, 25), [week(date(2023, 12, 24), date(2023, 12, 26))]),
        ("Где были на прошлый Новый год?", date(2023, 12, 31), [week(date(2022, 12, 31), date(2023, 1, 1))]),
        ("Что вспоминали о Дне Победы?", ANCHOR, [day(2023, 5, 9)]),
        # A year in words beside it: the one that began that year, read as one date (not also the year).
        ("What did we do at Christmas last year?", date(2023, 12, 26), [CHRISTMAS_2022]),
        ("Christmas last year", ANCHOR, [CHRISTMAS_2022]),
        ("Last year at Christmas we skated", date(2023, 12, 26), [CHRISTMAS_2022]),
        ("last year's Christmas", date(2023, 12, 26), [CHRISTMAS_2022]),
        ("Christmas of last year", date(2023, 12, 26), [CHRISTMAS_2022]),
        ("Easter last year", ANCHOR, [week(date(2022, 4, 15), date(2022, 4, 18))]),
        ("Who hosted Thanksgiving last year?", date(2023, 12, 1), [day(2022, 10, 10), day(2022, 11, 24)]),
        ("Что пекли на Пасху в прошлом году?", ANCHOR, [day(2022, 4, 24)]),
        ("В прошлом году на Пасху пекли куличи", ANCHOR, [day(2022, 4, 24)]),
        ("в позапрошлом году на Пасху", ANCHOR, [day(2021, 5, 2)]),
        (
            "Christmas the year before last",
            date(2023, 12, 26),
            [week(date(2021, 12, 24), date(2021, 12, 26))],
        ),
        ("Рождество прошлого года", ANCHOR, [week(date(2022, 1, 6), date(2022, 1, 7))]),
        ("Куда ездили на майские в прошлом году?", ANCHOR, [week(date(2022, 5, 1), date(2022, 5, 10))]),
        # New Year's night began on 31 December: asked in October, last year's is the one just gone.
        ("Как встретили Новый год в прошлом году?", ANCHOR, [week(date(2022, 12, 31), date(2023, 1, 1))]),
        ("в прошлом году на новый год", ANCHOR, [week(date(2022, 12, 31), date(2023, 1, 1))]),
        ("Christmas this year", date(2023, 12, 26), [week(date(2023, 12, 24), date(2023, 12, 26))]),
        ("this year's Easter", ANCHOR, [week(date(2023, 4, 7), date(2023, 4, 10))]),
        ("в этом году на Пасху", ANCHOR, [day(2023, 4, 16)]),
        # "This year" and New Year's night, which began the year before: this year's only in January.
        ("New Year this year", date(2024, 1, 5), [week(date(2023, 12, 31), date(2024, 1, 1))]),
        ("на этот Новый год", date(2024, 1, 3), [week(date(2023, 12, 31), date(2024, 1, 1))]),
        # After a comma the year's words belong to the holiday only if the clause ends with them.
        ("What did we eat at Christmas, last year?", ANCHOR, [CHRISTMAS_2022]),
        (
            "We loved Christmas, last year was hard",
            date(2023, 12, 26),
            [CHRISTMAS_2023, DateSpan(date(2022, 1, 1), date(2022, 12, 31), "year")],
        ),
        ("We were sick over Christmas, next year we'll stay home", date(2023, 12, 27), [CHRISTMAS_2023]),
        # Beside another date: both.
        ("Christmas and on 3 March", ANCHOR, [week(date(2022, 12, 24), date(2022, 12, 26)), day(2023, 3, 3)]),
    ],
)
def test_holidays_are_read_as_their_days(text: str, anchor: date, expected: list[DateSpan]) -> None:
    assert date_spans(text, anchor) == expected


@pytest.mark.parametrize(
    "text",
    [
        "What shall we do next Christmas?",  # not a day of the diary yet
        "Где будем на следующий Новый год?",
        # Ahead in other words, before or after it.
        "Where shall we go for Christmas next year?",
        "What shall we do at New Year next year?",
        "Christmas, next year",
        "Easter next year",
        "next year's Christmas",
        "Next year at Easter we fly",
        "the coming Christmas",
        "Christmas this year",  # asked in October: still ahead
        "Где будем в этом году на Новый год?",  # in October: the coming night, not last winter's
        "New Year this year",
        "на Новый год в этом году",
        "Где будем на Новый год в следующем году?",
        "на следующий Новый год",
        "Рождество в следующем году",
        "Пасха в будущем году",
        "В следующем году на Новый год поедем к маме",
        "Рождество следующего года",
        "грядущий Новый год",
        "предстоящий Новый год",
        "С наступающим Новым годом!",
        "We went out for Chinese New Year",  # a lunar calendar's: not known here
        "Китайский Новый год отмечали в ресторане",
        "It was my birthday",  # the person's day: not known here
        "Christmassy lights everywhere",  # inside a word
        "Who is coming this Christmas?",  # asked in October: still ahead
        "The kids started a new year at school",  # a year, not the holiday
        "В новом году хочу больше гулять",
        "Нужно сдать новый годовой отчёт",
        "Ходили на праздник о китайском Новом годе",
        "Jewish New Year dinner at the Cohens'",
        "Нашёл пасхалку в новой игре",
        "Labour Day march in town",  # 1 May in most countries that spell it so
        "We watched Independence Day again",  # every country has one (and a film)
    ],
)
def test_holidays_whose_day_is_not_known_are_left_out(text: str) -> None:
    assert date_spans(text, ANCHOR) == []


def test_holidays_need_a_year_or_the_day_they_are_written_on() -> None:
    assert date_spans("What did we do at Christmas?") == []
    assert date_spans("What did we do at Christmas 2022?") == [week(date(2022, 12, 24), date(2022, 12, 26))]


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("Какие травмы я получил за этот год?", "Какие травмы я получил?"),
        ("Какой улов мне доставался за год?", "Какой улов мне доставался?"),
        ("Чем хворала дочь в этом году?", "Чем хворала дочь?"),
        ("Как изменился за эти месяцы мой подопечный?", "Как изменился мой подопечный?"),
        ("What injuries have I picked up this year?", "What injuries have I picked up?"),
        ("How heavy has our pet been over the months?", "How heavy has our pet been?"),
        ("Where have I gone away on holiday this past year?", "Where have I gone away on holiday?"),
    ],
)
def test_the_whole_time_a_diary_spans_is_no_part_of_the_question(question: str, topic: str) -> None:
    assert without_whole_period(question) == topic
    assert date_spans(question, date(2025, 9, 7)) == []


@pytest.mark.parametrize(
    "question",
    ["Что я делал в прошлом году?", "What did I do last year?", "Чем болела дочка за учебный год?",
     "Когда я стала на год старше?", "What's our monthly home loan repayment?"],
)
def test_a_span_or_a_year_that_is_the_topic_stays(question: str) -> None:
    assert without_whole_period(question) == question
