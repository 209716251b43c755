"""``hearth rm`` and ``hearth facts rm`` name the files a deletion could not change, as the window does
(``app.cli.unscrubbed``): full paths on stderr, why, what to do, exit code 0; ``--delete-unscrubbed`` (or a
yes at a terminal) deletes them, and then the deleted text's bytes are nowhere in the data dir.

A real diary, a real crash and damaged log (``tests.wal_kill_driver``) or a backup damaged on disk; the CLI
run in-process; English and Russian.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from app.cli import main
from app.store import Diary, LostWrites
from tests.wal_frames import break_early, killed_while_writing
from tests.wal_kill_driver import DAY

SECRET = "I told nobody about the quokkafest letter."


def run(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), *argv])


def _files_holding(data_dir: Path, text: str) -> list[str]:
    """Every file under the data dir (a plain diary) whose raw bytes hold ``text``."""
    needle = text.encode("utf-8")
    return [str(p.relative_to(data_dir)) for p in data_dir.rglob("*")
            if p.is_file() and needle in p.read_bytes()]


def _secret_with_kept_copies(data_dir: Path) -> tuple[int, LostWrites]:
    """The secret in the diary file, then a crash and a damaged log: both copied aside (and told) at the
    next open. Returns the secret's id and the kept copies."""
    with Diary.open(data_dir) as diary:
        secret = diary.add_message(diary.conversation_for_day(DAY).id or 0, "user", SECRET).id or 0
    break_early(data_dir, killed_while_writing(data_dir, 12))
    with Diary.open(data_dir) as diary:
        lost = diary.lost_writes
    assert lost is not None and lost.diary_copy is not None and lost.kept.exists()
    return secret, lost


def _secret_fact_with_a_damaged_backup(data_dir: Path) -> tuple[int, Path, Path]:
    """A fact, two backups holding it, the older one damaged on disk (it cannot be changed). Returns the
    fact's id, the damaged backup and the sound one."""
    with Diary.open(data_dir) as diary:
        fact = diary.add_fact(SECRET).id or 0
        broken = diary.backup()
        sound = diary.backup()
    broken.write_bytes(b"damaged, and it holds " + SECRET.encode())
    return fact, broken, sound


def test_rm_names_the_kept_log_copy_by_its_full_path_and_keeps_it(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret, lost = _secret_with_kept_copies(data_dir)
    assert run(data_dir, "rm", str(secret), "--yes") == 0  # the diary's deletion succeeded
    out, err = capsys.readouterr()
    assert out.strip() == f"Deleted entry {secret}."
    assert "It was deleted from the diary, but these files could not be changed and still hold it:" in err
    assert f"\n  {lost.kept}\n" in err and str(lost.diary_copy) not in err  # the base was scrubbed
    assert "Files kept after damage cannot be changed." in err and "recover lost entries" in err
    assert "--delete-unscrubbed" in err and SECRET not in err
    assert lost.kept.exists()  # kept: the person did not choose to delete it


def test_delete_unscrubbed_leaves_the_secret_nowhere_in_the_data_dir(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret, lost = _secret_with_kept_copies(data_dir)
    assert lost.diary_copy is not None
    assert _files_holding(data_dir, SECRET)  # the diary file and its kept copy hold it before
    assert run(data_dir, "rm", str(secret), "--yes", "--delete-unscrubbed") == 0
    err = capsys.readouterr().err
    assert str(lost.kept) in err and err.rstrip().endswith("Deleted these files.")
    assert "--delete-unscrubbed" not in err  # done, so no advice
    assert not lost.kept.exists() and lost.diary_copy.exists()  # the scrubbed base stays
    assert _files_holding(data_dir, SECRET) == []


def test_facts_rm_names_a_damaged_backup_and_keeps_it(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fact, broken, sound = _secret_fact_with_a_damaged_backup(data_dir)
    assert run(data_dir, "facts", "rm", str(fact)) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"Deleted fact #{fact};")
    assert "these backups could not be changed and still hold it:" in err and f"\n  {broken}\n" in err
    assert "They may be damaged. Delete these backups, or keep them" in err and str(sound) not in err
    assert "They were kept. Add --delete-unscrubbed to `hearth rm` or `hearth facts rm`" in err
    assert broken.exists()


def test_facts_rm_delete_unscrubbed_deletes_only_the_damaged_backup(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fact, broken, sound = _secret_fact_with_a_damaged_backup(data_dir)
    assert run(data_dir, "facts", "rm", str(fact), "--delete-unscrubbed") == 0
    err = capsys.readouterr().err
    assert f"\n  {broken}\n" in err and err.rstrip().endswith("Deleted these backups.")
    assert not broken.exists() and sound.exists()  # the sound backup was scrubbed, not deleted
    assert _files_holding(data_dir, SECRET) == []


def test_nothing_is_said_when_the_deletion_reached_every_file(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Diary.open(data_dir) as diary:
        fact = diary.add_fact(SECRET).id or 0
        diary.backup()
    assert run(data_dir, "facts", "rm", str(fact)) == 0
    assert capsys.readouterr().err == ""
    assert _files_holding(data_dir, SECRET) == []


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("answer", "deleted"), [("y\n", True), ("\n", False)])
def test_at_a_terminal_the_person_is_asked(
    data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answer: str,
    deleted: bool,
) -> None:
    fact, broken, _ = _secret_fact_with_a_damaged_backup(data_dir)
    monkeypatch.setattr("sys.stdin", _Terminal(answer))
    assert run(data_dir, "facts", "rm", str(fact)) == 0
    out, err = capsys.readouterr()
    assert "Delete these backups? [y/N]" in out
    assert broken.exists() is not deleted
    assert ("Deleted these backups." in err) is deleted and ("They were kept." in err) is not deleted


@pytest.fixture
def russian_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")


def test_a_russian_terminal_says_it_in_russian(
    russian_terminal: None, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret, lost = _secret_with_kept_copies(data_dir)
    assert run(data_dir, "rm", str(secret), "--yes") == 0
    err = capsys.readouterr().err
    assert "Из дневника это удалено, но эти файлы не удалось изменить, и в них это ещё есть:" in err
    assert f"\n  {lost.kept}\n" in err
    assert "Файлы, сохранённые после повреждения, изменить нельзя." in err
    assert "Они сохранены. Добавьте --delete-unscrubbed" in err
    other = data_dir.parent / "other"  # a diary of its own: backups made before it
    fact, broken, _ = _secret_fact_with_a_damaged_backup(other)
    assert run(other, "facts", "rm", str(fact), "--delete-unscrubbed") == 0
    err = capsys.readouterr().err
    assert "эти резервные копии не удалось изменить" in err
    assert err.rstrip().endswith("Эти резервные копии удалены.") and not broken.exists()
