"""LoCoMo's turn ids ("D30:05", "D8:6; D9:17") in one normal form, for the recall bench and its facts.

Its own module because both ``tests.bench.recall`` (evidence) and ``tests.bench.recall_facts`` (a fact's
source turns) read them, and ``recall`` imports ``recall_facts``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_TURN_ID = re.compile(r"D(\d+):0*(\d+)")


def evidence_ids(raw: Sequence[object]) -> list[str]:
    """Normalized dia_ids ("D30:05" → "D30:5"; "D8:6; D9:17" → two ids), each once, in order."""
    found: list[str] = []
    for item in raw:
        found += [f"D{a}:{b}" for a, b in _TURN_ID.findall(str(item))]
    return list(dict.fromkeys(found))
