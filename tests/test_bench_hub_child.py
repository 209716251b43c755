"""The UI bench's hub in a process of its own serves a real download and goes away with the bench."""

from __future__ import annotations

import hashlib
from pathlib import Path

from app.llm.download import download_model
from tests.bench.hub_child import HubInChild


def test_the_child_hub_serves_the_catalogued_file_and_stops(tmp_path: Path) -> None:
    with HubInChild(50_000_000, 4096) as hub:
        path = download_model(hub.entry, tmp_path, endpoint=hub.endpoint)
        process = hub._process
        assert process.is_alive()
    assert path.stat().st_size == 4096
    assert hashlib.sha256(path.read_bytes()).hexdigest() == hub.entry.sha256
    assert not process.is_alive()
