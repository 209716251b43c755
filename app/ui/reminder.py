"""The optional daily reminder: a tray icon and a system notification ("Time for today's entry?").

Off by default (``Settings.reminder_enabled``). A one-minute timer asks ``reminder_due`` whether to speak;
whether today has an entry is read off the UI thread. With ``keep_in_tray`` closing the window hides it
and the tray icon brings it back. Nothing here touches the network.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTime, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSystemTrayIcon,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from app.config import Settings
from app.core.ritual.reminder import parse_time, reminder_due
from app.ui.i18n import follow_language

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

CHECK_MS = 60_000


class DailyReminder(QObject):
    def __init__(self, window: MainWindow, icon: QIcon) -> None:
        super().__init__(window)
        self.window = window
        self.tray = QSystemTrayIcon(icon, self)
        self.menu = QMenu()
        self.open_action = self.menu.addAction("")
        self.quit_action = self.menu.addAction("")
        self.open_action.triggered.connect(self.show_window)
        self.quit_action.triggered.connect(self.quit)
        self.tray.setContextMenu(self.menu)
        self.tray.activated.connect(lambda _reason: self.show_window())
        self.timer = QTimer(self, interval=CHECK_MS)
        self.timer.timeout.connect(self.check)
        self.settings = Settings()
        self.last_reminded: date | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self.tray.setToolTip(self.tr("Hearth"))
        self.open_action.setText(self.tr("Open Hearth"))
        self.quit_action.setText(self.tr("Quit"))

    def apply(self, settings: Settings) -> None:
        """Follow the settings: show the tray icon and run the timer only while the reminder is on."""
        self.settings = settings
        on = settings.reminder_enabled and QSystemTrayIcon.isSystemTrayAvailable()
        self.tray.setVisible(on)
        if on:
            self.timer.start()
        else:
            self.timer.stop()

    @property
    def keeps_running(self) -> bool:
        """Closing the window only hides it (the person chose to keep Hearth in the tray)."""
        return self.tray.isVisible() and self.settings.keep_in_tray

    def check(self, now: datetime | None = None) -> None:
        now = now or datetime.now()
        at = parse_time(self.settings.reminder_time)
        if not reminder_due(now, at, self.last_reminded, wrote_today=False):
            return
        diary = self.window.diary
        if diary is None:
            return
        today = now.date()
        self.window.runner.run(
            lambda: bool(diary.days_written(today, today)),
            lambda wrote: self._remind(today, wrote),
            lambda _exc: None,
        )

    def _remind(self, today: date, wrote: bool) -> None:
        self.last_reminded = today
        if not wrote:
            self.tray.showMessage(
                self.tr("Hearth"), self.tr("Time for today's entry?"), QSystemTrayIcon.MessageIcon.Information
            )

    def show_window(self) -> None:
        self.window.showNormal()
        self.window.raise_()
        self.window.activateWindow()

    def quit(self) -> None:
        """The tray's Quit (the window's own ``quit_app``: an unsaved entry asks first)."""
        self.window.quit_app()


class ReminderGroup(QGroupBox):
    """Settings ▸ Daily reminder: on/off (off by default), the time, and "keep Hearth in the tray"."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.enabled = QCheckBox(self)
        self.enabled.setChecked(settings.reminder_enabled)
        self.time = QTimeEdit(self)
        self.time.setDisplayFormat("HH:mm")
        at = parse_time(settings.reminder_time)
        self.time.setTime(QTime(at.hour, at.minute))
        self.keep = QCheckBox(self)
        self.keep.setChecked(settings.keep_in_tray)
        self.time_label = QLabel(self)
        self.time_label.setBuddy(self.time)
        row = QHBoxLayout()
        row.addWidget(self.time_label)
        row.addWidget(self.time)
        row.addStretch(1)
        column = QVBoxLayout(self)
        column.addWidget(self.enabled)
        column.addLayout(row)
        column.addWidget(self.keep)
        self.enabled.toggled.connect(self._follow)
        self._follow(self.enabled.isChecked())
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setTitle(self.tr("Daily reminder"))
        self.enabled.setText(self.tr("Remind me to write each day (a notification from the tray)"))
        self.time_label.setText(self.tr("At:"))
        self.time.setAccessibleName(self.tr("Reminder time"))
        self.keep.setText(self.tr("Closing the window keeps Hearth in the tray"))

    def _follow(self, on: bool) -> None:
        self.time.setEnabled(on)
        self.keep.setEnabled(on)

    def values(self) -> tuple[bool, str, bool]:
        return self.enabled.isChecked(), self.time.time().toString("HH:mm"), self.keep.isChecked()
