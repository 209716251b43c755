"""``hearth prompt``, ``hearth stats`` and ``hearth week``: the daily ritual from a terminal.

``hearth prompt`` prints today's question: a stored one, else one the model writes now from the recent
digests and facts, else one from the fixed list. ``--no-model`` never loads a model (the stored question or
the list's). ``--json`` prints ``{"day", "text", "source"}``.

``hearth stats [--json] [--days N]``: streaks, words per day, moods and the people mentioned most.
``hearth week --day YYYY-MM-DD [--regenerate]``: the weekly review as Markdown (``--regenerate`` rewrites
the week's digest with the model first). Neither needs a model otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path

from app.cli.chat_cmd import _guarded, _Session
from app.cli.i18n import decimal, iso_day, long_day, translate, week_span
from app.cli.passphrase import open_diary
from app.cli.store_cmd import printable
from app.config import Settings
from app.core.ritual.calendar import MONDAY, SUNDAY, iso_week_of, week_of
from app.core.ritual.opening import DayQuestion, OpeningQuestions, diary_language
from app.core.ritual.stats import DEFAULT_DAYS, DiaryStatistics, DiaryStats
from app.core.ritual.week import WeeklyReviews


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add this area's sub-commands to the ``hearth`` parser."""
    prompt = sub.add_parser("prompt", help=translate("Cli", "today's opening question for your diary"))
    prompt.add_argument("--no-model", action="store_true", help=translate(
        "Cli", "do not load a model: a stored or listed one"))
    prompt.add_argument("--json", action="store_true", help='print {"day", "text", "source"}')
    prompt.add_argument("--model", type=Path, metavar="PATH")
    prompt.set_defaults(func=_guarded(run_prompt), n_ctx=None, server=None)

    stats = sub.add_parser("stats", help=translate(
        "Cli", "streaks, words per day, moods and the people you mention most"))
    stats.add_argument("--json", action="store_true", help=translate(
        "Cli", "print everything as one JSON document"))
    stats.add_argument("--days", type=int, default=DEFAULT_DAYS, metavar="N", help=translate(
        "Cli", "how many days back (90)"))
    stats.set_defaults(func=_guarded(run_stats))

    week = sub.add_parser("week", help=translate("Cli", "the weekly review of a day's week, as Markdown"))
    week.add_argument(
        "--day",
        type=iso_day,
        default=None,
        metavar="YYYY-MM-DD",
        help=translate("Cli", "a day of the week (default: today)"),
    )
    week.add_argument(
        "--regenerate", action="store_true",
        help=translate("Cli", "rewrite the week's digest with the model first"),
    )
    week.add_argument("--model", type=Path, metavar="PATH")
    week.set_defaults(func=_guarded(run_week), json=False, n_ctx=None, server=None)


def run_prompt(args: argparse.Namespace, data_dir: Path) -> int:
    question = _without_model(data_dir) if args.no_model else _with_model(args, data_dir)
    if question is None:
        print(translate("Cli", "(today's question was dismissed)"), file=sys.stderr)
        return 1
    if args.json:
        print(
            json.dumps(
                {"day": question.day.isoformat(), "text": question.text, "source": question.source},
                ensure_ascii=False,
            )
        )
    else:
        print(printable(question.text))
    return 0


def _with_model(args: argparse.Namespace, data_dir: Path) -> DayQuestion | None:
    session = _Session(args, data_dir)
    try:
        return session.companion.write_question_now()
    finally:
        session.close()


def _without_model(data_dir: Path) -> DayQuestion | None:
    diary = open_diary(data_dir)
    try:
        language = diary_language(diary, Settings.load(data_dir).language)
        return OpeningQuestions(diary).current(date.today(), language)
    finally:
        diary.close()


def run_stats(args: argparse.Namespace, data_dir: Path) -> int:
    if args.days < 1 or args.days > 36500:
        print("hearth: " + translate("Cli", "--days must be between 1 and 36500."), file=sys.stderr)
        return 2
    diary = open_diary(data_dir)
    try:
        stats = DiaryStatistics(diary).collect(date.today(), args.days)
    finally:
        diary.close()
    if args.json:
        print(json.dumps(stats.to_dict(), ensure_ascii=False))
    else:
        _print_stats(stats)
    return 0


def _print_stats(stats: DiaryStats) -> None:
    print(translate("Cli", "From {first} to {last}").format(first=stats.first, last=stats.last))
    print(
        translate("Cli", "Current streak: {n} · longest: {longest}").format(
            n=stats.streaks.current, longest=stats.streaks.longest
        )
    )
    print(
        translate("Cli", "Days written: {days} · words: {words}").format(
            days=len(stats.words), words=stats.total_words
        )
    )
    if stats.moods:
        average = sum(m for _, m in stats.moods) / len(stats.moods)
        print(
            translate("Cli", "Average mood: {mood} of 5 ({n} days)").format(
                mood=decimal(average), n=len(stats.moods)
            )
        )
    for person in stats.people:
        print(
            printable(
                translate("Cli", "{name} ×{n}").format(name=person.name, n=person.total)
            )
        )


def run_week(args: argparse.Namespace, data_dir: Path) -> int:
    day = args.day or date.today()
    if (date.max - day).days < 7 or day.toordinal() < 8:
        print(
            "hearth: " + translate("Cli", "choose a day inside the calendar Hearth knows."), file=sys.stderr
        )
        return 2
    first = first_weekday(Settings.load(data_dir).week_start)
    if args.regenerate:
        session = _Session(args, data_dir)
        try:
            session.companion.weekly_digest(iso_week_of(week_of(day, first)))  # the digest the page shows
            review = WeeklyReviews(session.diary).review(day, first)
        finally:
            session.close()
    else:
        diary = open_diary(data_dir)
        try:
            review = WeeklyReviews(diary).review(day, first)
        finally:
            diary.close()
    labels = {**week_labels(), "title": week_span(review.first, review.last)}
    print(printable(review.to_markdown(labels, day_text=long_day), keep_newlines=True), end="")
    return 0


def first_weekday(week_start: str) -> int:
    """Where the week begins (0 Monday … 6 Sunday): the person's choice in Settings; "auto" (the GUI's
    locale, which the terminal cannot ask without Qt) is the ISO week, Monday to Sunday."""
    return SUNDAY if week_start == "sunday" else MONDAY


def week_labels() -> dict[str, str]:
    """The weekly review's headings in the terminal's language (the title is the week's days:
    ``week_span``)."""
    return {
        "highlights": translate("Cli", "Highlights"),
        "no_digest": translate("Cli", "No weekly digest yet."),
        "people": translate("Cli", "People and places"),
        "mentioned": translate("Cli", "{name} ×{n}"),
        "mood": translate("Cli", "Mood"),
        "no_people": translate("Cli", "No one was named this week."),
        "no_mood": translate("Cli", "No mood set this week."),
        "entries": translate("Cli", "Entries"),
        "no_entries": translate("Cli", "Nothing was written this week."),
        "words": translate("Cli", "{n} words"),
    }
