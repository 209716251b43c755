"""QA 23: a model download whose checksum does not match says once that the bad file was removed — in the
terminal (message, then hint) and in the window (title, message, hint), in English and in Russian.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from app.cli.i18n import error_text, set_language
from app.llm.catalog import CatalogEntry
from app.llm.download import download_model
from app.llm.errors import ChecksumMismatch
from app.ui.errors import error_for
from tests.hub_server import HubServer, fake_gguf

REMOVED = re.compile(r"deleted|removed|удал", re.IGNORECASE)


@pytest.fixture
def mismatch(hub: HubServer, tmp_path: Path) -> ChecksumMismatch:
    served = hub.add_file("test-org/Tiny-GGUF", "tiny.gguf", fake_gguf(70_000))
    entry: CatalogEntry = hub.catalog_entry(served)
    hub.corrupt = True
    with pytest.raises(ChecksumMismatch) as caught:
        download_model(entry, tmp_path / "models", endpoint=hub.endpoint)
    assert not (tmp_path / "models" / "tiny.gguf").exists()
    return caught.value


def test_the_terminal_says_removed_once(mismatch: ChecksumMismatch) -> None:
    english = f"{error_text(str(mismatch))} {error_text(mismatch.hint)}"
    assert "is not the expected file (sha256" in english and len(REMOVED.findall(english)) == 1
    set_language("ru")
    try:
        russian = f"{error_text(str(mismatch))} {error_text(mismatch.hint)}"
    finally:
        set_language("en")
    assert "не тот файл" in russian and len(REMOVED.findall(russian)) == 1, russian


def test_the_window_says_removed_once(qapp: Any, mismatch: ChecksumMismatch) -> None:
    title, message, hint = error_for(mismatch)
    assert title == "The download is not the expected file"
    assert len(REMOVED.findall(f"{title} {message} {hint}")) == 1
