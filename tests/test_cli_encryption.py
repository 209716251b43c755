"""``hearth encryption on | off | change | status`` and every command on an encrypted diary.

Passphrases come from the files named by HEARTH_PASSPHRASE_FILE / HEARTH_NEW_PASSPHRASE_FILE (there is
no terminal under pytest); a wrong or missing one is one line on stderr and exit code 1.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from app.cli import main
from app.store import Diary

PASS = "lantern-orchard-47"
NEW = "quiet-harbour-913"
PLAIN_SAID = "These files kept after damage are not encrypted and can be read without any passphrase:"
KEYED_SAID = "These files kept after damage can still be read with an earlier passphrase:"
ROOT = Path(__file__).resolve().parent.parent


def run(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), *argv])


def _secret(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text + "\n", encoding="utf-8")
    return path


@pytest.fixture
def passfile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = _secret(tmp_path, "pass.txt", PASS)
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(path))
    return path


def _seed(data_dir: Path) -> None:
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 12, 1)).id or 0
        diary.add_message(cid, "user", "Привет! Today I baked bread with rosemary.")
        diary.add_message(cid, "assistant", "Rosemary bread sounds lovely.")
        diary.backup()


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_on_then_every_command_works_and_off_again(
    data_dir: Path, passfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(data_dir)
    assert run(data_dir, "encryption", "on") == 0
    out, err = capsys.readouterr()
    assert "encrypted" in out and "copying the diary" in err and PASS not in out + err
    assert run(data_dir, "encryption", "status") == 0 and capsys.readouterr().out.strip() == "encrypted"
    for blob in (p.read_bytes() for p in data_dir.rglob("*") if p.is_file()):
        assert b"rosemary" not in blob and "Привет".encode() not in blob
    assert run(data_dir, "search", "rosemary") == 0 and len(capsys.readouterr().out.splitlines()) == 2
    assert run(data_dir, "facts", "add", "Has a cat named Mila") == 0
    assert run(data_dir, "backup") == 0
    assert run(data_dir, "restore") == 0
    assert run(data_dir, "encryption", "on") == 0 and "already encrypted" in capsys.readouterr().err
    assert run(data_dir, "encryption", "off") == 0
    assert "no longer encrypted" in capsys.readouterr().out
    os.environ.pop("HEARTH_PASSPHRASE_FILE")
    assert run(data_dir, "search", "rosemary") == 0 and len(capsys.readouterr().out.splitlines()) == 2


def test_change_takes_the_new_passphrase_from_its_own_file(
    data_dir: Path, passfile: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _seed(data_dir)
    assert run(data_dir, "encryption", "on") == 0
    monkeypatch.setenv("HEARTH_NEW_PASSPHRASE_FILE", str(_secret(tmp_path, "new.txt", NEW)))
    assert run(data_dir, "encryption", "change") == 0
    capsys.readouterr()
    assert run(data_dir, "search", "bread") == 1  # the old passphrase no longer opens it
    line = _one_line(capsys.readouterr().err)
    assert "does not open this diary" in line and PASS not in line and NEW not in line
    passfile.write_text(NEW, encoding="utf-8")
    assert run(data_dir, "search", "bread") == 0


def test_files_kept_after_damage_are_named_after_on_and_change_not_off(
    data_dir: Path, passfile: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A change does not re-write a damaged log's copy or a damaged file set aside: their full paths are
    printed, to be deleted (``app.store.kept``), each after what it is — not encrypted (kept while the diary
    was plain, and still so after a change of passphrase), or under an earlier passphrase (a real SQLCipher
    file); after ``off`` none is under a key the diary dropped."""
    _seed(data_dir)
    log_copy = data_dir / "hearth.db.corrupt-20260301-101500-000000.wal"
    log_copy.write_bytes(b"frames of a damaged log, rosemary bread")
    set_aside = data_dir / "hearth.db.corrupt-20260301-101500-000000"
    set_aside.write_bytes(b"a damaged diary file")
    assert run(data_dir, "encryption", "on") == 0
    err = capsys.readouterr().err
    assert f"{PLAIN_SAID}\n  {log_copy}\n" in err and f"  {set_aside}\n" in err and KEYED_SAID not in err
    assert "Delete them unless you still need them" in err
    under_pass = data_dir / "hearth.db.corrupt-20260302-101500-000000"  # set aside while under PASS
    shutil.copyfile(data_dir / "hearth.db", under_pass)
    monkeypatch.setenv("HEARTH_NEW_PASSPHRASE_FILE", str(_secret(tmp_path, "new.txt", NEW)))
    assert run(data_dir, "encryption", "change") == 0
    plain_part, keyed_part = capsys.readouterr().err.split(KEYED_SAID)
    assert PLAIN_SAID in plain_part and str(log_copy) in plain_part and str(set_aside) in plain_part
    assert f"\n  {under_pass}\n" in keyed_part and str(log_copy) not in keyed_part
    passfile.write_text(NEW, encoding="utf-8")
    assert run(data_dir, "encryption", "off") == 0
    assert "kept after damage" not in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_terminal_the_kept_files_can_be_deleted_after_the_change(
    data_dir: Path, passfile: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """As the window's "Delete them": a yes shreds the files kept after damage the change left plain."""
    _seed(data_dir)
    log_copy = data_dir / "hearth.db.corrupt-20260301-101500-000000.wal"
    log_copy.write_bytes(b"frames of a damaged log, rosemary bread")
    monkeypatch.setattr("sys.stdin", _Terminal("y\n"))
    assert run(data_dir, "encryption", "on") == 0
    out, err = capsys.readouterr()
    assert "Delete these files? [y/N]" in out and "Deleted these files." in err
    assert not log_copy.exists()


def test_missing_or_bad_passphrase_is_one_line(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(_secret(tmp_path, "pass.txt", PASS)))
    _seed(data_dir)
    assert run(data_dir, "encryption", "on") == 0
    capsys.readouterr()
    monkeypatch.delenv("HEARTH_PASSPHRASE_FILE")
    assert run(data_dir, "search", "bread") == 1
    assert "HEARTH_PASSPHRASE_FILE" in _one_line(capsys.readouterr().err)  # no terminal to ask on
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(tmp_path / "missing.txt"))
    assert run(data_dir, "facts", "list") == 1
    assert "cannot be read" in _one_line(capsys.readouterr().err)
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(_secret(tmp_path, "empty.txt", "")))
    assert run(data_dir, "facts", "list") == 1
    assert "empty" in _one_line(capsys.readouterr().err)
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(_secret(tmp_path, "short.txt", "short")))
    Diary.forget_locked(data_dir)
    assert run(data_dir, "encryption", "on") == 1
    assert "at least 8" in _one_line(capsys.readouterr().err)


def test_export_asks_before_plaintext_and_can_write_an_encrypted_archive(
    data_dir: Path, passfile: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(data_dir)
    assert run(data_dir, "encryption", "on") == 0
    out = tmp_path / "diary.json"
    capsys.readouterr()
    assert run(data_dir, "export", "--format", "json", "--out", str(out)) == 1
    assert "--plaintext" in _one_line(capsys.readouterr().err) and not out.exists()
    assert run(data_dir, "export", "--format", "json", "--out", str(out), "--plaintext") == 0
    assert "rosemary" in out.read_text(encoding="utf-8")
    archive = tmp_path / "diary.hearth"
    assert run(data_dir, "export", "--format", "encrypted", "--out", str(archive)) == 0
    assert b"rosemary" not in archive.read_bytes()
    assert run(data_dir, "forget-everything", "--yes") == 0  # with the passphrase: it stays encrypted
    capsys.readouterr()
    assert run(data_dir, "encryption", "status") == 0 and capsys.readouterr().out.strip() == "encrypted"
    assert run(data_dir, "search", "rosemary") == 0 and capsys.readouterr().out == ""
    assert run(data_dir, "restore", str(archive)) == 0
    assert run(data_dir, "search", "rosemary") == 0 and "rosemary" in capsys.readouterr().out.lower()


def test_forget_everything_starts_over_without_the_passphrase(
    data_dir: Path, passfile: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(data_dir)
    assert run(data_dir, "encryption", "on") == 0
    monkeypatch.delenv("HEARTH_PASSPHRASE_FILE")  # forgotten
    assert run(data_dir, "forget-everything", "--yes") == 0
    assert run(data_dir, "encryption", "status") == 0 and "not encrypted" in capsys.readouterr().out
    assert not any(p.is_file() and p.suffix == ".db" for p in (data_dir / "backups").iterdir())


def test_a_real_process_exits_non_zero_with_one_line(data_dir: Path, passfile: Path, tmp_path: Path) -> None:
    _seed(data_dir)
    env = {**os.environ, "HEARTH_PASSPHRASE_FILE": str(passfile)}
    on = subprocess.run([sys.executable, "-m", "app", "--data-dir", str(data_dir), "encryption", "on"],
                        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert on.returncode == 0, on.stderr
    env["HEARTH_PASSPHRASE_FILE"] = str(_secret(tmp_path, "wrong.txt", "not-the-passphrase"))
    wrong = subprocess.run([sys.executable, "-m", "app", "--data-dir", str(data_dir), "search", "bread"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert wrong.returncode == 1 and wrong.stdout == ""
    assert "does not open this diary" in _one_line(wrong.stderr) and "not-the-passphrase" not in wrong.stderr


def test_forget_everything_with_a_wrong_passphrase_in_the_file_still_erases(
    data_dir: Path, passfile: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """QA (session 41): with a wrong passphrase in HEARTH_PASSPHRASE_FILE, forget-everything refused, and
    its message advised `hearth forget-everything --yes` — the command just refused. Erasing needs no
    passphrase: the files are shredded and a new, plain diary is started."""
    _seed(data_dir)
    assert run(data_dir, "encryption", "on") == 0
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(_secret(tmp_path, "wrong.txt", "not-the-passphrase")))
    capsys.readouterr()
    assert run(data_dir, "forget-everything", "--yes") == 0
    assert "not encrypted" in capsys.readouterr().out
    assert not Diary.is_encrypted(data_dir)
    assert not any(p.is_file() and p.suffix == ".db" for p in (data_dir / "backups").iterdir())
    with Diary.open(data_dir) as new:
        assert new.nothing_written()


def test_a_killed_copys_journal_is_shredded_at_the_next_start(data_dir: Path, passfile: Path) -> None:
    """QA (session 41): `kill -9` while `encryption on/off` copied the diary left hearth.db.new-journal
    (its pages may hold diary text); no start and no forget-everything removed it."""
    _seed(data_dir)
    leftover = data_dir / "hearth.db.new-journal"
    leftover.write_bytes(b"rosemary " * 100)
    (data_dir / "backups" / "hearth.db.old-wal").write_bytes(b"rosemary")
    assert run(data_dir, "search", "rosemary") == 0
    assert not leftover.exists() and not (data_dir / "backups" / "hearth.db.old-wal").exists()


def test_ctrl_d_at_the_passphrase_prompt_stops(
    data_dir: Path, passfile: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA (session 41): Ctrl-D at "Diary passphrase:" was "an unexpected problem (EOFError)"; it stops, as
    Ctrl-C does."""
    import getpass

    _seed(data_dir)
    assert run(data_dir, "encryption", "on") == 0
    monkeypatch.delenv("HEARTH_PASSPHRASE_FILE")
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)

    def end_of_input(_prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr(getpass, "getpass", end_of_input)
    capsys.readouterr()
    assert run(data_dir, "search", "bread") == 130
    assert _one_line(capsys.readouterr().err) == "hearth: Stopped."
