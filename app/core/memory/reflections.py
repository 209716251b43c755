"""Reflections (level L4): a few tentative observations about lasting patterns; off by default.

When the companion is idle (after a day's digest, or once a day when the background jobs drain, if
``settings.reflections_enabled``; ``due`` keeps the idle run cheap and daily) the model reads the
recent digests and the facts and proposes at most four observations (constrained JSON). Each is validated
like a fact (not a question, not an echo of the prompt), then reconciled with the current reflections: a
near-identical one is kept as is, one on the same subject *revises* it (a new version; the old one stays in
its history), a new one is added; past four, the oldest current reflection is revoked. The person can revoke
any of them. Reflections never touch the facts or the diary beneath them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from app.core.events import Event, ReflectionsUpdated
from app.core.language import with_language_rule
from app.core.memory.facts import FactCandidate, is_duplicate, prompt_order, same_subject, similarity
from app.core.memory.summary import Generate, JobCancelled
from app.core.ports import DiaryPort
from app.core.prompt.templates import background_request, render_prompt
from app.store import Reflection, Summary

MAX_REFLECTIONS = 4
MIN_DIGESTS = 2
REFLECTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "observations": {"type": "array", "items": {"type": "string", "maxLength": 160}, "maxItems": 4}
    },
    "required": ["observations"],
    "additionalProperties": False,
}


def parse_observations(raw: str) -> list[str]:
    try:
        data = json.loads(raw)
    except ValueError:
        return []
    items = data.get("observations") if isinstance(data, dict) else None
    return [item.strip() for item in items or [] if isinstance(item, str) and item.strip()]


def acceptable(text: str, source: str) -> bool:
    """Reuses the fact checks: short, not a question, grounded in what it was drawn from, no echo."""
    from app.core.memory.facts import rejection_reason

    return len(text) <= 200 and rejection_reason(FactCandidate(text), source) is None


@dataclass
class Reflector:
    diary: DiaryPort

    def due(self, today: date) -> bool:
        """Worth an idle run: enough digests to reflect on, and no reflection written or revised today."""
        if len(self._digests()) < MIN_DIGESTS:
            return False
        return all(r.created_at.date() != today for r in self.diary.current_reflections())

    def _digests(self) -> list[Summary]:
        return list(self.diary.list_summaries("daily")[-7:] + self.diary.list_summaries("weekly")[-2:])

    def reflect(self, generate: Generate) -> list[Event]:
        digests = self._digests()
        if len(digests) < MIN_DIGESTS:
            return []
        facts = prompt_order(self.diary.list_facts())[:14]
        current = list(self.diary.current_reflections())
        source = "\n".join(d.text for d in digests) + "\n" + "\n".join(f.text for f in facts)
        request = background_request(
            with_language_rule(render_prompt("reflect", max_items=MAX_REFLECTIONS),
                               [d.text for d in digests]),
            render_prompt(
                "reflect_input",
                facts="\n".join(f"- {f.text}" for f in facts) or "(none)",
                digests="\n".join(f"{d.scope}: {d.text}" for d in digests),
                current="\n".join(f"- {r.text}" for r in current) or "(none)",
            ),
            label="reflection",
            max_tokens=320,
            temperature=0.3,
            seed=13,
            json_schema=REFLECTION_SCHEMA,
        )
        completion = generate(request)
        if completion.finish_reason == "cancelled":
            raise JobCancelled()
        proposed = [t for t in parse_observations(completion.text) if acceptable(t, source)]
        changed = self._reconcile(proposed[:MAX_REFLECTIONS], current)
        return [ReflectionsUpdated(len(self.diary.current_reflections()))] if changed else []

    def _reconcile(self, proposed: list[str], current: list[Reflection]) -> bool:
        changed = False
        for text in proposed:
            if any(is_duplicate(text, r.text) for r in current):
                continue
            close = [r for r in current if same_subject(text, r.text) and similarity(text, r.text) >= 0.6]
            if close:
                revised = self.diary.revise_reflection(close[0].id, text)
                current = [revised if r.id == close[0].id else r for r in current]
            else:
                current.append(self.diary.add_reflection(text))
            changed = True
        for old in sorted(current, key=lambda r: (r.created_at, r.id))[
            : max(0, len(current) - MAX_REFLECTIONS)
        ]:
            self.diary.revoke_reflection(old.id)
            changed = True
        return changed
