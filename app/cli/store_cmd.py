"""Sub-commands of this area (placeholder until the area lands)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add this area's sub-commands to the ``hearth`` parser."""
