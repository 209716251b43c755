"""``hearth restore ARCHIVE`` of an encrypted archive on a new computer (an empty, plain diary): it asks for
the archive's passphrase, encrypts the new diary with it and restores — the diary comes back as it was,
encrypted. Into a plain diary that has entries it says what to do instead (found by QA, session 21: the
restore was refused as "encrypted with another passphrase" even with the right one)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from app.cli import main
from app.store import Diary, DiaryKey, unlock

PASSPHRASE = "correct horse battery staple"


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    secret = tmp_path / "passphrase.txt"
    secret.write_text(PASSPHRASE + "\n", encoding="utf-8")
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(secret))
    old = tmp_path / "old-computer"
    with Diary.open(old, DiaryKey(PASSPHRASE).derive()) as diary:
        cid = diary.conversation_for_day(date(2026, 2, 10)).id or 0
        diary.add_message(cid, "user", "The lighthouse keeper letter went out today.")
    out = tmp_path / "diary.hearth"
    assert main(["--data-dir", str(old), "export", "--format", "encrypted", "--out", str(out)]) == 0
    return out


def test_an_encrypted_archive_restores_into_a_new_diary_encrypted(archive: Path, tmp_path: Path) -> None:
    new = tmp_path / "new-computer"
    assert main(["--data-dir", str(new), "restore", str(archive)]) == 0
    assert Diary.is_encrypted(new)
    with unlock(new, PASSPHRASE) as diary:
        found = [h.text for h in diary.search("lighthouse")]
    assert found == ["The lighthouse keeper letter went out today."]


def test_a_wrong_passphrase_or_a_plain_diary_with_entries_is_said(
    archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("not the passphrase at all\n", encoding="utf-8")
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(wrong))
    assert main(["--data-dir", str(tmp_path / "a"), "restore", str(archive)]) == 1
    assert "That passphrase does not open the backup." in capsys.readouterr().err
    monkeypatch.delenv("HEARTH_PASSPHRASE_FILE")
    with Diary.open(tmp_path / "b") as plain:
        plain.add_message(plain.conversation_for_day(date(2026, 3, 1)).id or 0, "user", "Mine.")
    assert main(["--data-dir", str(tmp_path / "b"), "restore", str(archive)]) == 1
    err = capsys.readouterr().err
    assert "The backup is encrypted and this diary is not." in err and "encryption on" in err


def test_an_encrypted_diary_set_aside_as_damaged_comes_back_from_its_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA, session 21: after an encrypted diary was set aside, the new one was plain, and `hearth restore`
    re-keyed it — re-encrypting the old diary's backups, already encrypted — and failed."""
    secret = tmp_path / "passphrase.txt"
    secret.write_text(PASSPHRASE + "\n", encoding="utf-8")
    monkeypatch.setenv("HEARTH_PASSPHRASE_FILE", str(secret))
    home = tmp_path / "diary"
    with Diary.open(home, DiaryKey(PASSPHRASE).derive()) as diary:
        diary.add_message(diary.conversation_for_day(date(2026, 2, 10)).id or 0, "user", "Skerryvore light.")
        diary.backup()
    path = home / "hearth.db"
    data = bytearray(path.read_bytes())
    data[4096 + 100 : 4096 + 200] = bytes(100)  # page 2 no longer passes its HMAC check
    path.write_bytes(bytes(data))
    assert main(["--data-dir", str(home), "search", "Skerryvore"]) == 1  # set aside, the backup named
    assert main(["--data-dir", str(home), "restore"]) == 0
    assert Diary.is_encrypted(home)
    with unlock(home, PASSPHRASE) as diary:
        assert [h.text for h in diary.search("Skerryvore")] == ["Skerryvore light."]
    capsys.readouterr()
    export = tmp_path / "diary.json"
    export.write_text('{"format": "hearth-export", "messages": []}', encoding="utf-8")
    assert main(["--data-dir", str(home), "restore", str(export)]) == 1  # an export, not an archive
    err = capsys.readouterr().err
    assert "not a Hearth backup" in err and "Passphrase of the backup" not in err
