"""Prompt templates live as text files in ``app/resources/prompts`` (STYLE.md rule 6), not strings in code.

Templates use ``string.Template`` placeholders (``$name``) so JSON examples with braces need no escaping.
A missing placeholder is an error (``substitute``), so a renamed variable fails in tests, not silently in
a prompt. Files are read once and cached; their trailing newline is dropped so callers join them exactly.
"""

from __future__ import annotations

from functools import lru_cache
from string import Template
from typing import Any

from app.llm.types import GenerationRequest, Priority
from app.resources import PROMPTS, read_text

PERSONAS = ("warm", "concise", "playful")
REPLY_LENGTHS = ("short", "medium", "long")


@lru_cache(maxsize=64)
def load_prompt(name: str) -> str:
    """The text of the bundled ``prompts/NAME.txt`` (package data) without its final newline."""
    return read_text(PROMPTS, f"{name}.txt").rstrip("\n")


def render_prompt(name: str, **values: object) -> str:
    """``load_prompt(name)`` with every ``$placeholder`` filled (all are required)."""
    return Template(load_prompt(name)).substitute({k: str(v) for k, v in values.items()})


def instructions_text(persona: str, reply_length: str) -> str:
    """The companion's standing instructions for the chosen persona and reply length (unknown → defaults)."""
    persona = persona if persona in PERSONAS else "warm"
    reply_length = reply_length if reply_length in REPLY_LENGTHS else "medium"
    return render_prompt(
        "instructions",
        persona=load_prompt(f"persona_{persona}"),
        length=load_prompt(f"length_{reply_length}"),
    )


def reply_max_tokens(reply_length: str, reply_reserve: int) -> int:
    """How long a reply may get: by the person's choice, never beyond the reserved room."""
    wanted = {"short": 160, "medium": 320, "long": 512}.get(reply_length, 320)
    return max(16, min(wanted, reply_reserve))


def background_request(
    system: str,
    user: str,
    *,
    label: str,
    max_tokens: int,
    temperature: float,
    seed: int,
    json_schema: dict[str, Any] | None = None,
) -> GenerationRequest:
    """A memory job's request (facts, summaries, digests, reflections): background priority and KV slot."""
    return GenerationRequest(
        messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
        priority=Priority.BACKGROUND,
        max_tokens=max_tokens,
        temperature=temperature,
        seed=seed,
        json_schema=json_schema,
        slot="background",
        label=label,
    )
