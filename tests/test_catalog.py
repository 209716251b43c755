"""The model catalog: the bundled file is complete and consistent; bad catalogs fail clearly."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from app.llm import catalog
from app.llm.catalog import CatalogError, default_entry, find_entry, load_catalog, models_dir, parse_catalog

HEX64 = re.compile(r"[0-9a-f]{64}")
COMMIT = re.compile(r"[0-9a-f]{40}")

ENTRY = """
[[model]]
name = "{name}"
title = "A model"
repo = "org/Model-GGUF"
file = "{name}.gguf"
size = 10
sha256 = ""
license = "MIT"
languages = ["en"]
n_ctx_train = 4096
default = {default}
notes = ""
"""


def test_bundled_catalog_lists_at_least_two_verifiable_3b_models() -> None:
    entries = load_catalog()
    assert len(entries) >= 2
    for e in entries:
        assert "/" in e.repo and e.file.endswith(".gguf") and "q4_k_m" in e.file.lower()
        assert 1_500_000_000 < e.size < 2_500_000_000, e.name  # a ~3B model at Q4_K_M
        assert HEX64.fullmatch(e.sha256), e.name
        assert COMMIT.fullmatch(e.revision), e.name  # pinned: the sha256 belongs to that commit
        assert e.license and e.languages and e.n_ctx_train >= 4096 and e.notes


def test_exactly_one_default_and_it_writes_russian() -> None:
    defaults = [e for e in load_catalog() if e.default]
    assert defaults == [default_entry()]
    assert default_entry().handles("ru") and default_entry().handles("en")
    llama = find_entry("llama-3.2-3b")
    assert llama is not None and not llama.handles("ru") and "Russian" in llama.notes


def test_find_entry_ignores_case_and_spaces() -> None:
    assert find_entry(" QWEN2.5-3B ") == find_entry("qwen2.5-3b") != None  # noqa: E711
    assert find_entry("no-such-model") is None


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("", "no models"),
        ("[[model]\n", "not valid TOML"),
        (ENTRY.format(name="a", default="false"), "exactly one default"),
        (ENTRY.format(name="a", default="true") + ENTRY.format(name="b", default="true"), "exactly one"),
        (ENTRY.format(name="a", default="true") + ENTRY.format(name="a", default="false"), "repeats"),
        ('[[model]]\nname = "x"\n', "Bad model entry"),
    ],
)
def test_broken_catalogs_say_what_is_wrong(text: str, complaint: str) -> None:
    with pytest.raises(CatalogError, match=complaint):
        parse_catalog(text)


def test_hearth_catalog_env_overrides_and_edits_are_picked_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "catalog.toml"
    path.write_text(ENTRY.format(name="first", default="true"), encoding="utf-8")
    monkeypatch.setenv(catalog.CATALOG_ENV, str(path))
    assert [e.name for e in load_catalog()] == ["first"]
    path.write_text(ENTRY.format(name="second", default="true"), encoding="utf-8")
    os.utime(path, ns=(1, 10**18))  # a different mtime even on coarse file systems
    assert default_entry().name == "second"
    monkeypatch.setenv(catalog.CATALOG_ENV, str(tmp_path / "missing.toml"))
    with pytest.raises(CatalogError, match="Cannot read"):
        load_catalog()


def test_models_dir_is_private(data_dir: Path) -> None:
    folder = models_dir(data_dir)
    assert folder == data_dir / "models"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


@pytest.mark.parametrize(
    "n, text", [(0, "0 B"), (999, "999 B"), (1500, "1.5 KB"), (2_104_932_768, "2.1 GB"), (5e12, "5000.0 GB")]
)
def test_format_bytes(n: float, text: str) -> None:
    assert catalog.format_bytes(n) == text
