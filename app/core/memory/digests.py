"""Daily and weekly digests (level L2 beyond one conversation), written in the background.

A finished day is digested at rollover (the first message of a new day schedules yesterday's digest, and
any other recent day still without one) or on demand (``hearth digest --day``). A week is digested from its
days' digests once the week is over, writing any missing daily digest first. Both are stored as summaries
(``daily``/``YYYY-MM-DD``, ``weekly``/``YYYY-Www``) with the id of the last message they cover.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from app.core.memory.summary import Summarizer, transcript_line
from app.core.ports import DiaryPort
from app.store import ConversationInfo, week_scope  # one weekly scope, core and store

DAILY_MAX_WORDS = 150
WEEKLY_MAX_WORDS = 200
LOOKBACK_DAYS = 14


def week_days(day: date) -> list[date]:
    monday = day - timedelta(days=day.weekday())
    return [monday + timedelta(days=i) for i in range(7)]


@dataclass
class Digests:
    diary: DiaryPort

    def conversations_on(self, day: date) -> list[ConversationInfo]:
        """The day's conversations, without creating one (``conversation_for_day`` would).

        The store lists conversations newest day first, so paging stops at the first page that reaches
        days before ``day`` (a digest of last week does not read the whole history).
        """
        found, offset = [], 0
        while True:
            page = self.diary.list_conversations(limit=200, offset=offset)
            found += [c for c in page if c.day == day and c.message_count]
            if len(page) < 200 or any(c.day is not None and c.day < day for c in page):
                return found
            offset += 200

    def daily(self, day: date, summarizer: Summarizer) -> str:
        """Write (or rewrite) the day's digest; "" when nothing was written that day."""
        messages = [m for c in self.conversations_on(day) for m in self.diary.messages(c.id)]
        messages = [m for m in messages if m.text.strip()]
        if not messages:
            return ""
        lines = [transcript_line(m.role, m.text) for m in sorted(messages, key=lambda m: m.id)]
        daily = Summarizer(summarizer.model, summarizer.generate, DAILY_MAX_WORDS)
        text = daily.fold("", lines, "daily_digest", "daily_digest_input", day=f"{day:%A} {day.isoformat()}")
        if text:
            last_id = max(m.id for m in messages)  # conversations come newest first: not messages[-1]
            self.diary.put_summary("daily", day.isoformat(), text, last_id, summarizer.model.model_name)
        return text

    def weekly(self, day: date, summarizer: Summarizer) -> str:
        """Write the digest of ``day``'s ISO week from its daily digests (missing ones written first)."""
        lines, last_id = [], None
        for each in week_days(day):
            digest = self.diary.get_summary("daily", each.isoformat())
            if digest is None and self.conversations_on(each):
                self.daily(each, summarizer)
                digest = self.diary.get_summary("daily", each.isoformat())
            if digest is not None:
                lines.append(f"{each:%A} {each.isoformat()}: {digest.text}")
                last_id = digest.through_message_id or last_id
        if not lines:
            return ""
        weekly = Summarizer(summarizer.model, summarizer.generate, WEEKLY_MAX_WORDS)
        text = weekly.fold("", lines, "weekly_digest", "weekly_digest_input", week=week_scope(day))
        if text:
            self.diary.put_summary("weekly", week_scope(day), text, last_id, summarizer.model.model_name)
        return text

    def due_days(self, today: date) -> list[date]:
        """Recent finished days with entries and no digest yet, oldest first."""
        first = today - timedelta(days=LOOKBACK_DAYS)
        days = {
            c.day
            for c in self.diary.list_conversations(limit=4 * LOOKBACK_DAYS)
            if c.day is not None and first <= c.day < today and c.message_count
        }
        return sorted(d for d in days if self.diary.get_summary("daily", d.isoformat()) is None)

    def due_weeks(self, today: date) -> list[date]:
        """The last finished week (a day in it) if it has daily digests and no weekly one yet."""
        last_week = today - timedelta(days=today.weekday() + 1)
        if self.diary.get_summary("weekly", week_scope(last_week)) is not None:
            return []
        if any(self.diary.get_summary("daily", d.isoformat()) for d in week_days(last_week)):
            return [last_week]
        return []
