"""The CLI in Russian: the terminal's locale (or the language setting) picks it, without Qt.

``app.cli.i18n`` reads the same ``hearth_ru.ts`` as the GUI; these run ``hearth`` in-process.
"""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from app.cli import main
from app.cli.i18n import CliPlurals, set_language, terminal_language
from app.config import Settings, ensure_private_dir


def run(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), *argv])


@pytest.fixture
def russian_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")


def test_a_russian_terminal_gets_russian_lines(russian_terminal: None, data_dir: Path, capsys) -> None:
    assert run(data_dir, "facts", "add", "Есть собака Барон", "--kind", "pet") == 0
    assert capsys.readouterr().out.strip() == "Факт №1 добавлен."
    assert run(data_dir, "facts", "pin", "1") == 0
    assert capsys.readouterr().out.strip() == "Факт №1 закреплён."
    assert run(data_dir, "rm", "4242") == 1
    err = capsys.readouterr().err
    assert "Записи 4242 нет." in err and "hearth search СЛОВО --json" in err
    assert run(data_dir, "search", "несуществующее") == 0
    assert "Ничего не найдено." in capsys.readouterr().err


def test_typed_errors_are_translated_on_the_terminal(russian_terminal: None, data_dir: Path, capsys) -> None:
    assert run(data_dir, "facts", "edit", "77", "новый текст") == 1
    err = capsys.readouterr().err
    assert err.startswith("hearth: Факта №77 нет.") and "Traceback" not in err


def test_the_language_setting_wins_over_the_terminal(russian_terminal: None, data_dir: Path, capsys) -> None:
    ensure_private_dir(data_dir)
    Settings(language="en").save(data_dir)
    assert run(data_dir, "facts", "add", "Has a dog named Rex") == 0
    assert capsys.readouterr().out.strip() == "Added fact #1."


def test_an_english_terminal_stays_english(monkeypatch: pytest.MonkeyPatch, data_dir: Path, capsys) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    assert run(data_dir, "rm", "4242") == 1
    assert "There is no entry 4242." in capsys.readouterr().err


@pytest.mark.parametrize(("n", "expected"), [(1, "1 сообщение"), (2, "2 сообщения"), (5, "5 сообщений"),
                                             (11, "11 сообщений"), (21, "21 сообщение"), (22, "22 сообщения"),
                                             (25, "25 сообщений")])
def test_cli_plurals(n: int, expected: str) -> None:
    set_language("ru")
    try:
        assert CliPlurals().messages_imported(n) == f"Импортировано {expected}."
    finally:
        set_language("en")
    assert CliPlurals().messages_imported(1) == "Imported 1 message."


def test_locale_names() -> None:
    assert terminal_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert terminal_language({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}) == "en"
    assert terminal_language({}) == "en"


def test_the_cli_never_loads_qt() -> None:
    """Translating the terminal's lines must not pull PySide6 in (slow, and no display is needed)."""
    code = ("import sys, app.cli, app.cli.i18n as t; t.set_language('ru'); "
            "t.translate('Cli', 'No matches.'); print('PySide6' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         timeout=120)
    assert out.stdout.strip() == "False"


ENGLISH_HELP = ("usage:", "positional arguments", "options:", "show this help message", "write to your diary",
                "a .gguf model file", "list, download and choose")


def test_help_is_in_the_terminals_language(russian_terminal: None, capsys) -> None:
    for argv in (["--help"], ["chat", "--help"], ["models", "list", "--help"]):
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith("использование: hearth"), out
        assert "показать эту справку и выйти" in out
        assert not [words for words in ENGLISH_HELP if words in out], out
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "писать в дневник из терминала" in capsys.readouterr().out


def test_argparse_errors_are_in_the_terminals_language(russian_terminal: None, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["models", "nonsense"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "ошибка: аргумент" in err and "недопустимое значение 'nonsense'" in err


def test_models_list_and_current_are_russian(russian_terminal: None, data_dir: Path, capsys) -> None:
    assert run(data_dir, "models", "list") == 0
    out = capsys.readouterr().out
    assert "рекомендуется" in out and "не скачана" in out and "обучена на контексте" in out
    assert "ГБ" in out and "языки:" in out and "лицензия:" in out and "Скачать: hearth models pull" in out
    for english in ("recommended", "not downloaded", "trained context", "languages:", "licence:", " GB"):
        assert english not in out, english
    assert run(data_dir, "models", "current") == 0
    out = capsys.readouterr().out
    assert "Модель:" in out and "Почему:" in out and "встроенная маленькая модель" in out
    assert "Why:" not in out and "bundled tiny model" not in out


def test_the_tiny_models_shown_name_is_its_name() -> None:
    """The GUI and CLI translate the tiny model's name from a copy of it (lupdate needs a literal)."""
    from app.cli.models_cmd import TINY_SHOWN
    from app.llm.tiny import TINY_NAME

    assert TINY_SHOWN == TINY_NAME


def test_the_data_folder_errors_are_russian(russian_terminal: None, tmp_path: Path, capsys) -> None:
    stranger = tmp_path / "someone-elses"
    stranger.mkdir()
    (stranger / "notes.txt").write_text("not a diary", encoding="utf-8")
    assert main(["--data-dir", str(stranger), "facts", "list"]) == 2
    err = capsys.readouterr().err
    assert "лежит не только дневник Hearth" in err and "Выберите пустую папку" in err


def test_stats_help_and_numbers_read_in_russian(russian_terminal: None, data_dir: Path, capsys) -> None:
    """QA, session 21: the ritual commands' help was English, and a mood average had a decimal point."""
    from datetime import date, timedelta

    from app.store import Diary

    today = date.today()
    with Diary.open(data_dir) as diary:
        for back, mood in ((1, 3), (2, 4)):
            day = today - timedelta(days=back)
            diary.add_message(diary.conversation_for_day(day).id or 0, "user", "Тихий день.")
            diary.set_mood(day, mood)
    assert run(data_dir, "stats") == 0
    assert "3,5 из 5" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        run(data_dir, "stats", "--help")
    assert "вывести всё одним документом JSON" in capsys.readouterr().out


def test_the_weekly_review_names_its_days_in_russian(russian_terminal: None, data_dir: Path, capsys) -> None:
    from datetime import date

    from app.store import Diary

    with Diary.open(data_dir) as diary:
        day = date(2024, 2, 29)
        diary.add_message(diary.conversation_for_day(day).id or 0, "user", "Високосный день, гуляли у реки.")
        diary.put_summary("daily", day.isoformat(), "Високосный день у реки.", None, "tiny")
    assert run(data_dir, "week", "--day", "2024-02-29") == 0
    out = capsys.readouterr().out
    assert "Четверг, 29 февраля 2024" in out and "Thursday" not in out
    assert out.startswith("# Неделя 26 февраля – 3 марта 2024\n")


def test_encryption_speaks_russian(russian_terminal: None, data_dir: Path, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """QA (session 22): `hearth encryption` was English from start to end in a Russian terminal."""
    assert run(data_dir, "encryption", "status") == 0
    assert capsys.readouterr().out.strip() == "не зашифрован"
    secret = tmp_path / "pass.txt"
    secret.write_text("длинная парольная фраза\n", encoding="utf-8")
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(secret))
    assert run(data_dir, "encryption", "on") == 0
    said = capsys.readouterr()
    assert "шифрование: копирую дневник…" in said.err and "encryption" not in said.err
    assert said.out.startswith("Дневник и его резервные копии зашифрованы.")
    assert run(data_dir, "encryption", "on") == 0
    assert "Дневник уже зашифрован" in capsys.readouterr().err
    monkeypatch.delenv("HEARTH_NEW_PASSPHRASE_FILE", raising=False)
    assert run(data_dir, "encryption", "change") == 1  # no terminal, no file for the new one: said which
    err = capsys.readouterr().err
    assert "Нужна парольная фраза" in err and "HEARTH_NEW_PASSPHRASE_FILE" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(empty))
    assert run(data_dir, "stats") == 1
    assert "Файл из HEARTH_PASSPHRASE_FILE пуст." in capsys.readouterr().err


def test_the_markdown_export_and_counted_lines_speak_russian(russian_terminal: None, data_dir: Path,
                                                             capsys) -> None:
    """QA (session 22): the Markdown export's headings, speakers, dates and fact notes were English; the
    index status said "1 из 1 сообщений"; a fact's kind was its stored English key."""
    from datetime import date

    from app.store import Diary

    with Diary.open(data_dir) as diary:
        conversation = diary.create_conversation(day=date(2026, 12, 1))
        assert conversation.id is not None
        diary.add_message(conversation.id, "user", "Гуляли с Бароном у реки.")
    assert run(data_dir, "facts", "add", "Есть собака Барон", "--kind", "pet") == 0
    assert run(data_dir, "facts", "pin", "1") == 0
    capsys.readouterr()
    assert run(data_dir, "facts", "list") == 0
    assert "[питомец, 3]" in capsys.readouterr().out
    assert run(data_dir, "export", "--format", "md") == 0
    body = capsys.readouterr().out
    assert body.startswith("# Дневник Hearth") and "**Вы** ·" in body and "## Память о вас" in body
    assert "_питомец, важность 3 (закреплён)_" in body and "## Вторник, 1 декабря 2026" in body
    assert not any(word in body for word in ("Memory about you", "**You**", "importance", "pinned"))
    plurals = CliPlurals()
    assert plurals.indexed(1, complete=True).endswith("{indexed} из 1 сообщения, готово")
    assert plurals.indexed(21, complete=True).endswith("{indexed} из 21 сообщения, готово")
    assert plurals.indexed(5, complete=True).endswith("{indexed} из 5 сообщений, готово")
    assert plurals.remembered(2).startswith("(вспомнены 2 записи:")


def test_russian_dates_numbers_and_argument_errors(russian_terminal: None, data_dir: Path, capsys) -> None:
    from datetime import date

    from app.cli.i18n import error_text, is_yes, long_day

    set_language("system")
    assert long_day(date(2026, 12, 1)) == "Вторник, 1 декабря 2026"
    assert error_text("The message has 300,000 characters; one entry holds at most 200,000.") == \
        "В сообщении 300\u00a0000 символов; одна запись вмещает не больше 200\u00a0000."
    assert is_yes("да") and is_yes("y") and not is_yes("нет")
    assert error_text("Not enough disk space: the download needs 21.0 MB more and 67.1 MB to spare; "
                      "82.8 MB is free in /x.") == ("Не хватает места на диске: для скачивания нужно ещё "
                                                   "21,0 МБ и 67,1 МБ в запасе, а в /x свободно 82,8 МБ.")
    with pytest.raises(SystemExit):
        run(data_dir, "search", "x", "--from", "2024-02-30")
    err = capsys.readouterr().err
    assert "аргумент --from:" in err and "argument" not in err
    with pytest.raises(SystemExit):
        run(data_dir, "rm", "abc")
    assert "ожидается целое число" in capsys.readouterr().err


def test_the_language_setting_reaches_help_and_argument_errors(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """QA (session 22): with "language": "ru" saved and an English terminal, `hearth rm` (no id) said
    "usage: … error: the following arguments are required" — the arguments were parsed before the
    settings were read."""
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    ensure_private_dir(data_dir)
    Settings(language="ru").save(data_dir)
    with pytest.raises(SystemExit):
        main(["--data-dir", str(data_dir), "rm"])
    assert "не хватает обязательных аргументов" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([f"--data-dir={data_dir}", "stats", "--help"])
    assert capsys.readouterr().out.startswith("использование:")
    with pytest.raises(SystemExit):  # argparse's abbreviation of the option (review)
        main(["--data", str(data_dir), "stats", "--help"])
    assert capsys.readouterr().out.startswith("использование:")
    with pytest.raises(SystemExit):  # an empty --data-dir: the terminal's language, and refused later
        main(["--data-dir", "", "rm"])
    assert "the following arguments are required" in capsys.readouterr().err


def test_a_damaged_log_is_told_in_russian(capsys) -> None:
    """The lost-writes notice: the sentences the window says too (``app.ui.damage_texts``), the terminal's
    dates, and the terminal's own way to restore the backup."""
    from app.cli.passphrase import say_lost_writes
    from app.store import LostWrites

    set_language("ru")
    lost = LostWrites(kept=Path("/d/hearth.db.corrupt-1.wal"), diary_copy=None,
                      last_written=datetime(2026, 3, 1, 9, 30), newest_entry=None,
                      backup=Path("/d/backups/hearth-1.db"), backup_made=datetime(2026, 3, 2, 8, 0))
    say_lost_writes(lost)
    err = capsys.readouterr().err
    assert err.startswith("hearth: Последнее, что было записано в дневник, повреждено на диске")
    assert "Может не хватать всего, что написано до 2026-03-01 09:30." in err
    assert "Копия повреждённого журнала сохранена в папке /d: hearth.db.corrupt-1.wal." in err
    assert "в резервной копии от 2026-03-02 08:00: `hearth restore /d/backups/hearth-1.db`" in err
