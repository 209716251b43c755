"""``hearth rm MESSAGE_ID [--yes]``: says what it would delete, deletes only with --yes, never under a
running window or chat; ids come from ``hearth search --json``."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from app.cli import main
from app.config import CHAT_STATE_FILE
from app.store import Diary, DiaryLock

LONG = "Skerryvore\x1b[31m lighthouse: I applied for the keeper job and told nobody at all, not even Mum."


def run(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), *argv])


def seed(data_dir: Path) -> tuple[int, int]:
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 2, 10)).id or 0
        secret = diary.add_message(cid, "user", LONG).id
        other = diary.add_message(cid, "assistant", "That sounds like a brave step.").id
    return secret, other


def test_search_json_gives_the_id_and_rm_needs_yes(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret, _ = seed(data_dir)
    assert run(data_dir, "search", "Skerryvore", "--json") == 0
    (hit,) = json.loads(capsys.readouterr().out)
    assert hit["message_id"] == secret
    assert run(data_dir, "rm", str(secret)) == 1
    err = capsys.readouterr().err
    assert "2026-02-10" in err and "--yes" in err and "\x1b" not in err
    assert "Skerryvore lighthouse: I applied for the keeper job and told" in err and "Mum" not in err
    with Diary.open(data_dir) as diary:
        assert diary.get_message(secret) is not None  # nothing happened without --yes
    assert run(data_dir, "rm", str(secret), "--delete-unscrubbed") == 1
    assert f"Run `hearth rm {secret} --yes --delete-unscrubbed` to do it." in capsys.readouterr().err


def test_rm_yes_deletes_the_entry_from_the_diary_and_search(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret, other = seed(data_dir)
    assert run(data_dir, "rm", str(secret), "--yes") == 0
    assert capsys.readouterr().out.strip() == f"Deleted entry {secret}."
    with Diary.open(data_dir) as diary:
        assert diary.get_message(secret) is None and diary.get_message(other) is not None
        assert diary.search("Skerryvore") == []


def test_rm_and_facts_rm_shred_the_chats_saved_cache(data_dir: Path) -> None:
    """The cache ``hearth chat`` keeps at its close holds the prompt's text (found by QA, session 21)."""
    secret, _ = seed(data_dir)
    with Diary.open(data_dir) as diary:
        fact = diary.add_fact("My therapist is Doctor Quillanbrot").id
    cache = data_dir / CHAT_STATE_FILE
    cache.write_bytes(b"prompt tokens of Skerryvore and Quillanbrot")
    assert run(data_dir, "rm", str(secret), "--yes") == 0
    assert not cache.exists()
    cache.write_bytes(b"prompt tokens of Quillanbrot")
    assert run(data_dir, "facts", "rm", str(fact)) == 0
    assert not cache.exists()


@pytest.mark.parametrize("yes", [(), ("--yes",)])
def test_an_unknown_id_is_a_clear_message(
    data_dir: Path, capsys: pytest.CaptureFixture[str], yes: tuple[str, ...]
) -> None:
    seed(data_dir)
    assert run(data_dir, "rm", "4242", *yes) == 1
    err = capsys.readouterr().err
    assert "There is no entry 4242." in err and "search" in err and "Traceback" not in err


def test_rm_refuses_while_the_diary_is_open_elsewhere(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret, _ = seed(data_dir)
    with DiaryLock(data_dir):
        assert run(data_dir, "rm", str(secret), "--yes") == 1
    assert "open in another" in capsys.readouterr().err
    with Diary.open(data_dir) as diary:
        assert diary.get_message(secret) is not None
