"""The window and an encrypted diary: unlock before anything shows, lock hides it all, Settings encrypts.

Real SQLCipher, the real tiny model, real Qt offscreen; waits are on conditions, never sleeps.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import keyring
import pytest
from keyring.backend import KeyringBackend

from app.store import Diary, DiaryKey, WrongPassphrase
from app.store.cipher import verify_key
from app.ui.application import HearthApp
from tests.ui_helpers import START_TIMEOUT_MS, launcher, quick_settings, seed_days, type_and_send, wait_ready

PASS = "lantern-orchard-47"
NEW = "quiet-harbour-913"
THIRD = "amber-meadow-208"
SECRET_WORDS = ("lighthouse", "Go on.")  # the seeded day's entry and reply


class MemoryKeyring(KeyringBackend):
    """A keyring in memory, so the test never touches the machine's real one."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.saved: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.saved.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.saved[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.saved.pop((service, username), None)


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(before)


@pytest.fixture
def launch(qtbot: Any, data_dir: Path, tiny_engine: Any) -> Iterator[Any]:
    yield from launcher(qtbot, data_dir, tiny_engine)


def _encrypted_diary(data_dir: Path) -> None:
    seed_days(data_dir, {1: [("user", "A secret about the lighthouse keeper"), ("assistant", "Go on.")]})
    with Diary.open(data_dir) as diary:
        diary.change_key(DiaryKey(PASS))


def _shows_nothing(hearth: HearthApp) -> bool:
    window = hearth.window
    return (window.chat_model.rowCount() == 0 and window.sidebar.days.rowCount() == 0
            and not window.splitter.isVisible() and hearth.diary is None
            and not any(word in _visible_text(hearth) for word in SECRET_WORDS))


def _visible_text(hearth: HearthApp) -> str:
    """Every text a person could see: titles, labels, fields, tooltips and the rows of visible views."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractItemView, QWidget

    parts = [hearth.window.windowTitle()]
    for widget in hearth.window.findChildren(QWidget):
        if not widget.isVisible():
            continue
        parts.append(widget.toolTip())
        for getter in ("text", "toPlainText", "title"):
            value = getattr(widget, getter, None)
            if callable(value):
                with contextlib.suppress(TypeError):  # a getter that needs arguments: not a text
                    parts.append(str(value()))
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            display = Qt.ItemDataRole.DisplayRole
            parts += [str(model.index(r, 0).data(display)) for r in range(model.rowCount())]
    return "\n".join(parts)


def _unlock(qtbot: Any, hearth: HearthApp, passphrase: str, remember: bool = False) -> None:
    qtbot.waitUntil(lambda: hearth.locker.dialog is not None and hearth.locker.dialog.isVisible(),
                    timeout=START_TIMEOUT_MS)
    dialog = hearth.locker.dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.unlock_button.isEnabled)
    dialog.passphrase.setText(passphrase)
    dialog.remember.setChecked(remember)
    dialog.submit()


def test_unlock_dialog_comes_first_and_a_wrong_passphrase_changes_nothing(
    qtbot: Any, launch: Any, data_dir: Path, memory_keyring: MemoryKeyring
) -> None:
    _encrypted_diary(data_dir)
    before = (data_dir / "hearth.db").read_bytes()
    hearth = launch(wait=False)
    qtbot.waitUntil(lambda: hearth.locker.dialog is not None and hearth.locker.dialog.isVisible())
    assert _shows_nothing(hearth)
    _unlock(qtbot, hearth, "not the passphrase")
    dialog = hearth.locker.dialog
    qtbot.waitUntil(lambda: "does not open" in dialog.status.text(), timeout=START_TIMEOUT_MS)
    assert _shows_nothing(hearth) and (data_dir / "hearth.db").read_bytes() == before
    assert dialog.passphrase.text() == "" and "not the passphrase" not in dialog.status.text()
    _unlock(qtbot, hearth, PASS, remember=True)
    wait_ready(qtbot, hearth)
    assert hearth.window.splitter.isVisible() and hearth.window.sidebar.days.rowCount() >= 1
    assert list(memory_keyring.saved.values()) == [PASS]


def test_repeated_failures_make_the_next_try_wait(qtbot: Any) -> None:
    from app.ui.privacy import UnlockDialog

    dialog = UnlockDialog()
    qtbot.addWidget(dialog)
    for _ in range(2):
        dialog.failed("That passphrase does not open this diary.")
        assert dialog.unlock_button.isEnabled()
    dialog.failed("That passphrase does not open this diary.")
    assert not dialog.unlock_button.isEnabled() and "second" in dialog.status.text()
    qtbot.waitUntil(dialog.unlock_button.isEnabled, timeout=5000)  # the 1-second wait ends by itself


def test_lock_hides_the_diary_drops_the_chat_cache_and_unlocks_again(
    qtbot: Any, launch: Any, data_dir: Path, tiny_engine: Any, memory_keyring: MemoryKeyring
) -> None:
    _encrypted_diary(data_dir)
    hearth = launch(wait=False)
    _unlock(qtbot, hearth, PASS)
    wait_ready(qtbot, hearth)
    assert "lighthouse" in _visible_text(hearth)  # the check can fail: unlocked, the day shows
    companion = hearth.companion
    assert companion is not None
    hearth.window.actions_["lock"].trigger()
    qtbot.waitUntil(lambda: hearth.locker.dialog is not None and hearth.locker.dialog.isVisible(),
                    timeout=START_TIMEOUT_MS)
    assert _shows_nothing(hearth) and hearth.companion is None
    assert tiny_engine.cached_tokens("chat") == 0
    qtbot.waitUntil(lambda: companion.closed)  # its workers (replies, facts, index, backups) were stopped
    _unlock(qtbot, hearth, PASS)
    wait_ready(qtbot, hearth)
    assert hearth.window.sidebar.days.rowCount() >= 1


def test_idle_minutes_lock_the_window(qtbot: Any, launch: Any, data_dir: Path,
                                      memory_keyring: MemoryKeyring) -> None:
    _encrypted_diary(data_dir)
    hearth = launch(wait=False)
    _unlock(qtbot, hearth, PASS)
    wait_ready(qtbot, hearth)
    assert hearth.locker.idle.active  # the default 10 minutes are counting
    hearth.locker.idle.idle.emit()  # as the timer does when they are over
    qtbot.waitUntil(lambda: hearth.locker.locked and _shows_nothing(hearth), timeout=START_TIMEOUT_MS)


def test_settings_turn_encryption_on_and_off(qtbot: Any, launch: Any, data_dir: Path,
                                             memory_keyring: MemoryKeyring) -> None:
    seed_days(data_dir, {1: [("user", "Plain words about the orchard"), ("assistant", "Lovely.")]})
    hearth = launch()
    settings = hearth.open_settings()
    assert "on" in settings.privacy.buttons
    settings.privacy.buttons["on"].click()
    dialog = _open_encryption_dialog(qtbot, hearth)
    dialog.new.setText(NEW)
    dialog.again.setText(NEW)
    dialog.submit()
    qtbot.waitUntil(lambda: Diary.is_encrypted(data_dir) and hearth.diary is not None
                    and hearth.companion is not None, timeout=START_TIMEOUT_MS)
    wait_ready(qtbot, hearth)
    assert hearth.diary is not None and hearth.diary.encrypted
    assert b"orchard" not in (data_dir / "hearth.db").read_bytes()
    assert hearth.window.actions_["lock"].isEnabled()
    words = _words(hearth.diary)
    assert "Plain words about the orchard" in words

    encrypted_under_new = hearth.diary
    change = hearth.locker.open_encryption_dialog("change")
    change.current.setText(NEW)
    change.new.setText(THIRD)
    change.again.setText(THIRD)
    change.submit()
    qtbot.waitUntil(lambda: hearth.diary is not None and hearth.diary is not encrypted_under_new
                    and hearth.companion is not None, timeout=START_TIMEOUT_MS)
    wait_ready(qtbot, hearth)
    with pytest.raises(WrongPassphrase):
        verify_key(data_dir / "hearth.db", DiaryKey(NEW))  # the old passphrase opens nothing any more
    verify_key(data_dir / "hearth.db", DiaryKey(THIRD))
    assert hearth.diary.encrypted and _words(hearth.diary) == words  # not a word lost

    off = hearth.locker.open_encryption_dialog("off")
    off.current.setText("wrong passphrase")
    off.submit()
    qtbot.waitUntil(lambda: "not right" in off.status.text(), timeout=START_TIMEOUT_MS)
    assert Diary.is_encrypted(data_dir)
    off.current.setText(THIRD)
    off.submit()
    qtbot.waitUntil(lambda: not Diary.is_encrypted(data_dir) and hearth.diary is not None
                    and hearth.companion is not None, timeout=START_TIMEOUT_MS)
    wait_ready(qtbot, hearth)
    assert hearth.diary is not None and not hearth.diary.encrypted
    assert len(hearth.diary.search("orchard")) == 1 and _words(hearth.diary) == words


def test_turning_encryption_on_names_the_files_kept_after_damage(qtbot: Any, launch: Any, data_dir: Path,
                                                               memory_keyring: MemoryKeyring) -> None:
    """The change does not re-write a damaged log's copy: when it is done the window names it as still
    unencrypted, and deletes it on request (``unscrubbed.tell_kept_after_change``)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton

    from app.ui.errors import open_boxes

    seed_days(data_dir, {1: [("user", "Plain words about the orchard")]})
    kept = data_dir / "hearth.db.corrupt-20260301-101500-000000.wal"
    kept.write_bytes(b"frames of a damaged log: plain words about the orchard")
    hearth = launch()
    dialog = hearth.locker.open_encryption_dialog("on")
    dialog.new.setText(NEW)
    dialog.again.setText(NEW)
    dialog.submit()
    named = lambda: [b for b in open_boxes() if b.objectName() == "keptAfterChangeBox"]  # noqa: E731
    qtbot.waitUntil(lambda: bool(named()), timeout=START_TIMEOUT_MS)
    box = named()[0]
    assert hearth.diary is not None and hearth.diary.encrypted
    assert kept.name in box.text() and "kept after damage are not encrypted" in box.text()
    qtbot.mouseClick(box.findChild(QPushButton, "deleteKept"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not kept.exists(), timeout=START_TIMEOUT_MS)
    wait_ready(qtbot, hearth)


def _words(diary: Diary) -> list[str]:
    """Every message's text, in order (what "without losing a word" means)."""
    return [str(m["text"]) for m in diary.export_json()["messages"]]  # type: ignore[index]


def _open_encryption_dialog(qtbot: Any, hearth: HearthApp) -> Any:
    from app.ui.privacy import EncryptionDialog

    found: list[EncryptionDialog] = []
    qtbot.waitUntil(lambda: bool(found.extend(hearth.window.findChildren(EncryptionDialog)) or found))
    return found[-1]


def test_a_passphrase_remembered_in_the_keyring_unlocks_at_start(
    qtbot: Any, launch: Any, data_dir: Path, memory_keyring: MemoryKeyring
) -> None:
    from app.store import remembered

    _encrypted_diary(data_dir)
    assert remembered.remember(data_dir, PASS)
    hearth = launch()  # ready without a dialog
    assert hearth.locker.dialog is None and hearth.diary is not None and hearth.diary.encrypted


def test_locking_while_a_reply_streams_leaves_the_composer_free_after_unlocking(
    qtbot: Any, launch: Any, data_dir: Path, memory_keyring: MemoryKeyring
) -> None:
    _encrypted_diary(data_dir)
    hearth = launch(quick_settings(reply_length="long", reply_reserve=512), wait=False)
    _unlock(qtbot, hearth, PASS)
    wait_ready(qtbot, hearth)
    tokens: list[object] = []
    hearth.bridge.token.connect(lambda *piece: tokens.append(piece))
    type_and_send(qtbot, hearth, "Tell me a long story about the lighthouse keeper and the sea.")
    qtbot.waitUntil(lambda: len(tokens) > 3, timeout=START_TIMEOUT_MS)
    assert hearth.window.composer.generating
    hearth.window.actions_["lock"].trigger()  # the reply's end is never delivered: its companion is retired
    _unlock(qtbot, hearth, PASS)
    wait_ready(qtbot, hearth)
    composer = hearth.window.composer
    assert not composer.generating and hearth.window.actions_["send"].isEnabled()
    type_and_send(qtbot, hearth, "Another entry after unlocking.")
    hearth.runner.wait_idle()
    assert not composer.notice.isVisible() and composer.text() == ""  # sent, not "a reply is being written"


def test_a_lock_keeps_the_words_in_the_diary_and_the_unlock_puts_them_back(
    qtbot: Any, launch: Any, data_dir: Path, memory_keyring: MemoryKeyring
) -> None:
    """QA (session 22): words in the message box when the diary locked itself were lost if the window was
    then closed. Now they go into the (encrypted) diary, out of the box, and come back at unlock."""
    words = "Half a thought about the orchard gate"
    _encrypted_diary(data_dir)
    hearth = launch(wait=False)
    _unlock(qtbot, hearth, PASS)
    wait_ready(qtbot, hearth)
    hearth.window.composer.set_text(words)
    hearth.locker.idle.idle.emit()  # the idle minutes are over
    qtbot.waitUntil(lambda: hearth.locker.dialog is not None and hearth.locker.dialog.isVisible(),
                    timeout=START_TIMEOUT_MS)
    assert hearth.window.composer.text() == "" and _shows_nothing(hearth)
    assert b"orchard gate" not in (data_dir / "hearth.db").read_bytes()
    _unlock(qtbot, hearth, PASS)
    qtbot.waitUntil(lambda: hearth.window.composer.text() == words, timeout=START_TIMEOUT_MS)
