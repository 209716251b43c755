"""When the optional daily reminder speaks (no Qt here; ``app.ui.reminder`` owns the tray icon and timer).

Once a day, at or after the chosen time, and only if nothing was written that day yet. Off by default.
"""

from __future__ import annotations

from datetime import date, datetime, time


def parse_time(text: str, default: time = time(20, 0)) -> time:
    """ "HH:MM" as a time; anything else is the default (a hand-edited settings file never crashes)."""
    try:
        hours, minutes = (int(part) for part in text.strip().split(":"))
        return time(hours, minutes)
    except (ValueError, TypeError):
        return default


def reminder_due(now: datetime, at: time, last_reminded: date | None, wrote_today: bool) -> bool:
    """Remind now: past the chosen time, not yet reminded today, and today still unwritten."""
    return now.time() >= at and last_reminded != now.date() and not wrote_today
