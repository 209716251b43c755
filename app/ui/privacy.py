"""The widgets of encryption at rest: the unlock dialog, the encryption dialog, the idle watcher.

They only collect what the person types and show progress; ``app.ui.locking.LockController`` does the
work off the UI thread (the KDF takes a noticeable fraction of a second, an encryption pass longer).
A passphrase lives in a widget only until it is handed over: the fields are cleared at once.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.store import MIN_PASSPHRASE_CHARS, UnlockThrottle
from app.ui.i18n import follow_language

ACTIVITY = {QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.Wheel}


def _secret_field(accessible: str) -> QLineEdit:
    field = QLineEdit()
    field.setEchoMode(QLineEdit.EchoMode.Password)
    field.setAccessibleName(accessible)
    return field


class UnlockDialog(QDialog):
    """Asks for the passphrase before anything of the diary is shown; wrong ones wait longer each time."""

    unlock_requested = Signal(str, bool)  # the passphrase, remember it in the keyring

    def __init__(self, parent: QWidget | None = None, throttle: UnlockThrottle | None = None, *,
                 for_backup: bool = False) -> None:
        """``for_backup``: the passphrase of an encrypted backup being restored into a new diary (no
        keyring, no "I forgot it": that help is about the diary's own passphrase)."""
        super().__init__(parent)
        self.throttle = throttle or UnlockThrottle()
        self.setModal(True)
        layout = QVBoxLayout(self)
        if for_backup:
            self.setWindowTitle(self.tr("Restore an encrypted backup — Hearth"))
            intro = QLabel(self.tr("This backup is encrypted. Enter its passphrase: Hearth restores it, "
                                   "and your diary is encrypted with that passphrase again."))
        else:
            self.setWindowTitle(self.tr("Unlock your diary — Hearth"))
            intro = QLabel(self.tr("Your diary is encrypted. Enter its passphrase to open it."))
        intro.setWordWrap(True)
        self.passphrase = _secret_field(self.tr("Passphrase"))
        self.remember = QCheckBox(self.tr("&Remember it on this computer (system keyring)"))
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setAccessibleName(self.tr("Unlock status"))
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)  # busy: the key is being derived
        self.progress.hide()
        self.buttons = QDialogButtonBox()
        role = QDialogButtonBox.ButtonRole
        self.unlock_button = self.buttons.addButton(self.tr("&Unlock"), role.AcceptRole)
        self.forgot_button = self.buttons.addButton(self.tr("I &forgot it…"), role.HelpRole)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.unlock_button.clicked.connect(self.submit)
        self.forgot_button.clicked.connect(self.show_forgotten)
        self.buttons.rejected.connect(self.reject)
        self.passphrase.returnPressed.connect(self.submit)
        for widget in (intro, self.passphrase, self.remember, self.status, self.progress, self.buttons):
            layout.addWidget(widget)
        self.remember.setVisible(not for_backup)
        self.forgot_button.setVisible(not for_backup)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._allow)

    def submit(self) -> None:
        """Hand the passphrase over (and clear the field); the controller answers ``failed``/``succeeded``."""
        if not self.unlock_button.isEnabled():
            return
        text = self.passphrase.text()
        self.passphrase.clear()
        if not text:
            self.status.setText(self.tr("Enter the passphrase."))
            return
        self.set_busy(True)
        self.unlock_requested.emit(text, self.remember.isChecked())

    def reject(self) -> None:
        """Cancel, unless the passphrase is being tried: what runs then (an unlock, a restore making the
        diary anew) must finish first (review, session 22: a Cancel raced a restore's shredding)."""
        if self.progress.isVisible():
            return
        super().reject()

    def set_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.passphrase.setEnabled(not busy)
        self.unlock_button.setEnabled(not busy)
        if busy:
            self.status.setText(self.tr("Unlocking…"))

    def failed(self, message: str) -> None:
        """A wrong passphrase: say so; after a few, wait longer before the next try."""
        self.set_busy(False)
        wait = self.throttle.failed()
        if wait > 0:
            self.unlock_button.setEnabled(False)
            self.passphrase.setEnabled(False)
            self._timer.start(int(wait * 1000))
            message += " " + self.tr("Try again in %n second(s).", "", int(round(wait)))
        self.status.setText(message)
        self.passphrase.setFocus()

    def _allow(self) -> None:
        self.unlock_button.setEnabled(True)
        self.passphrase.setEnabled(True)
        self.passphrase.setFocus()

    def succeeded(self) -> None:
        self.throttle.succeeded()
        self.set_busy(False)
        self.accept()

    def show_forgotten(self) -> QMessageBox:
        """The honest answer: nobody can open it without the passphrase; how to start over."""
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Forgotten passphrase"), self.tr(
            "Without its passphrase the diary cannot be opened — not by Hearth, not by anyone. That is what "
            "keeps it private, and there is no way around it.\n\nIf it is truly lost, you can start over: "
            "run `hearth forget-everything --yes` in a terminal (it erases the encrypted diary and its "
            "backups), or move the data folder away. Then open Hearth again for a new, empty diary."),
            QMessageBox.StandardButton.Ok, self)
        box.open()
        return box


class EncryptionDialog(QDialog):
    """Turn encryption on (a new passphrase, twice), off, or change it (the current one first)."""

    change_requested = Signal(object, object, bool)  # current passphrase | None, new | None, remember

    def __init__(self, encrypted: bool, action: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.encrypted, self.action = encrypted, action  # action: on | off | change
        self.setWindowTitle(self.tr("Encryption — Hearth"))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.current = _secret_field(self.tr("Current passphrase"))
        self.new = _secret_field(self.tr("New passphrase"))
        self.again = _secret_field(self.tr("New passphrase again"))
        self.remember = QCheckBox(self.tr("&Remember it on this computer (system keyring)"))
        if action in ("off", "change"):
            form.addRow(self.tr("&Current passphrase:"), self.current)
        if action in ("on", "change"):
            form.addRow(self.tr("&New passphrase:"), self.new)
            form.addRow(self.tr("&Again:"), self.again)
            form.addRow("", self.remember)
        layout.addWidget(QLabel(self._intro()))
        layout.addLayout(form)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.hide()
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        standard = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(standard.Ok | standard.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def _intro(self) -> str:
        if self.action == "on":
            return self.tr("Encrypt the diary and its backups with a passphrase (SQLCipher). Without the "
                           "passphrase nobody can open it — keep it safe.")
        if self.action == "off":
            return self.tr("Store the diary and its backups unencrypted again.")
        return self.tr("Change the passphrase of the diary and its backups.")

    def submit(self) -> None:
        """Check what was typed, clear the fields and hand it to the controller."""
        current = self.current.text() or None
        new = self.new.text() or None
        again = self.again.text()
        for field in (self.current, self.new, self.again):
            field.clear()
        if self.action in ("on", "change"):
            if new is None or len(new) < MIN_PASSPHRASE_CHARS:
                short = self.tr("A passphrase needs at least %n characters.", "", MIN_PASSPHRASE_CHARS)
                self.status.setText(short)
                return
            if new != again:
                self.status.setText(self.tr("The two new passphrases differ."))
                return
        if self.action in ("off", "change") and current is None:
            self.status.setText(self.tr("Enter the current passphrase."))
            return
        self.set_busy(True)
        self.change_requested.emit(current, new, self.remember.isChecked())

    def set_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.buttons.setEnabled(not busy)

    def show_step(self, text: str) -> None:
        self.status.setText(text)

    def failed(self, message: str) -> None:
        self.set_busy(False)
        self.status.setText(message)


class PrivacyGroup(QGroupBox):
    """Settings: encryption on/off/change and the idle lock's minutes."""

    encryption_requested = Signal(str)  # on | off | change

    def __init__(self, encrypted: bool, lock_minutes: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._encrypted = encrypted
        column = QVBoxLayout(self)
        self.state = QLabel()
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for action in ("on", "change", "off"):
            if (action == "on") == encrypted:
                continue
            button = QPushButton()
            button.clicked.connect(lambda _=False, a=action: self.encryption_requested.emit(a))
            self.buttons[action] = button
            row.addWidget(button)
        self.lock_minutes = QSpinBox()
        self.lock_minutes.setRange(0, 240)
        self.lock_minutes.setValue(lock_minutes)
        self.lock_label = QLabel()
        self.lock_label.setBuddy(self.lock_minutes)
        form = QFormLayout()
        form.addRow(self.lock_label, self.lock_minutes)
        column.addWidget(self.state)
        column.addLayout(row)
        column.addLayout(form)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setTitle(self.tr("Privacy"))
        self.state.setText(self.tr("The diary is encrypted with a passphrase.") if self._encrypted
                           else self.tr("The diary is not encrypted."))
        labels = {"on": self.tr("&Encrypt with a passphrase…"), "change": self.tr("C&hange passphrase…"),
                  "off": self.tr("&Decrypt…")}
        for action, button in self.buttons.items():
            button.setText(labels[action])
        self.lock_minutes.setSpecialValueText(self.tr("never"))
        self.lock_minutes.setSuffix(self.tr(" min"))
        self.lock_minutes.setAccessibleName(self.tr("Lock after idle minutes"))
        self.lock_label.setText(self.tr("&Lock when idle for:"))


class IdleWatcher(QObject):
    """Emits ``idle`` after ``minutes`` without a key press or mouse use anywhere in the app."""

    idle = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.idle.emit)
        self._watching = False

    def set_minutes(self, minutes: int) -> None:
        """0 turns it off. The app-wide filter is installed only while it is on: it sees every event of
        the app, and a Python call per paint and timer is time taken from each frame for nothing."""
        self._timer.setInterval(max(0, minutes) * 60_000)
        if minutes > 0:
            self._watch(True)
            self._timer.start()
        else:
            self._watch(False)
            self._timer.stop()

    def _watch(self, on: bool) -> None:
        app = QApplication.instance()
        if app is None or on == self._watching:
            return
        if on:
            app.installEventFilter(self)
        else:
            app.removeEventFilter(self)
        self._watching = on

    @property
    def active(self) -> bool:
        return self._timer.isActive()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() in ACTIVITY and self._timer.interval() > 0:
            self._timer.start()
        return False
