"""The pipeline benchmark never reports a figure it did not measure (a failed reply is not a warm turn)."""

from __future__ import annotations

import pytest

from app.core.events import ErrorRaised, ReplyFinished
from tests.bench.pipeline import NotMeasured, measured_stats

STATS = {"prompt_tokens": 900, "evaluated_tokens": 40, "reused_tokens": 860, "ttft_s": 0.2}


def test_a_measured_reply_gives_its_stats() -> None:
    events = [ReplyFinished(2, 1, "Hello.", "complete", dict(STATS))]
    assert measured_stats(events, 1)["evaluated_tokens"] == 40


@pytest.mark.parametrize(
    "events",
    [
        [ErrorRaised("The model stopped working.", "")],  # no reply at all
        [ReplyFinished(2, 1, "", "interrupted", {})],  # failed before a word: no stats
        [ReplyFinished(2, 1, "Hel", "interrupted", dict(STATS))],  # stopped: not a full turn
        [ReplyFinished(2, 1, "Hello.", "complete", {})],  # complete, yet the engine said nothing
        [ReplyFinished(2, 1, "Hello.", "complete", {**STATS, "prompt_tokens": 0})],
    ],
)
def test_a_turn_it_could_not_measure_stops_the_benchmark(events: list) -> None:
    with pytest.raises(NotMeasured, match="turn 3"):
        measured_stats(events, 3)
