"""The catalog of recommended models (``app/resources/catalog.toml``) and where downloaded models live.

The catalog is data, not code: a TOML file shipped as package data (so a wheel has it too) that names
each recommended GGUF by hub repo, pinned revision, file, exact size and sha256, so a download can be
verified byte for byte. Exactly one entry is the default, the model Hearth offers when it is still
running on the bundled tiny model.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from app.config import ensure_private_dir
from app.resources import CATALOG, resource_path

CATALOG_PATH = resource_path(CATALOG)  # a real path: edits are noticed by its mtime
CATALOG_ENV = "HEARTH_CATALOG"  # another catalog file: a private mirror's, or a test's
MODELS_SUBDIR = "models"


class CatalogError(Exception):
    """The catalog file is missing or malformed: a packaging bug, not something the person caused."""


@dataclass(frozen=True)
class CatalogEntry:
    """One recommended model file on the hub."""

    name: str  # short id used on the command line: ``hearth models pull NAME``
    title: str
    repo: str
    file: str
    size: int  # bytes; 0 = unknown (the hub's X-Linked-Size is used)
    sha256: str  # lowercase hex; "" = unknown (the hub's LFS sha256 is used)
    license: str
    languages: tuple[str, ...]
    n_ctx_train: int
    default: bool
    notes: str
    revision: str = field(default="main")  # a commit pins the exact bytes the sha256 belongs to

    @property
    def size_text(self) -> str:
        return format_bytes(self.size) if self.size else "size unknown"

    def handles(self, language: str) -> bool:
        return language in self.languages


def format_bytes(n: float) -> str:
    """Human-readable size with one decimal (``2.1 GB``); decimal units, as download sites show them."""
    for unit in ("B", "KB", "MB", "GB"):
        if abs(n) < 1000 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    raise AssertionError("unreachable")


def _entry_from_table(table: dict[str, Any]) -> CatalogEntry:
    try:
        return CatalogEntry(
            name=str(table["name"]),
            title=str(table["title"]),
            repo=str(table["repo"]),
            file=str(table["file"]),
            size=int(table.get("size", 0)),
            sha256=str(table.get("sha256", "")).lower(),
            license=str(table.get("license", "")),
            languages=tuple(str(lang) for lang in table.get("languages", ())),
            n_ctx_train=int(table.get("n_ctx_train", 0)),
            default=bool(table.get("default", False)),
            notes=str(table.get("notes", "")),
            revision=str(table.get("revision", "main")),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CatalogError(f"Bad model entry in the catalog: {exc!r}") from exc


def parse_catalog(text: str) -> list[CatalogEntry]:
    """Parse catalog TOML; exactly one default, unique names."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"The model catalog is not valid TOML: {exc}") from exc
    entries = [_entry_from_table(table) for table in data.get("model", [])]
    if not entries:
        raise CatalogError("The model catalog lists no models.")
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise CatalogError(f"The model catalog repeats a name: {names}")
    defaults = [e.name for e in entries if e.default]
    if len(defaults) != 1:
        raise CatalogError(f"The model catalog must mark exactly one default model, found {defaults}")
    return entries


@lru_cache(maxsize=8)
def _load(path: Path, mtime_ns: int) -> tuple[CatalogEntry, ...]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError(f"Cannot read the model catalog {path}: {exc}") from exc
    return tuple(parse_catalog(text))


def load_catalog(path: Path | None = None) -> list[CatalogEntry]:
    """All recommended models, in catalog order (``$HEARTH_CATALOG`` overrides the bundled file)."""
    path = path or Path(os.environ.get(CATALOG_ENV) or CATALOG_PATH)
    try:
        mtime_ns = path.stat().st_mtime_ns
    except OSError as exc:
        raise CatalogError(f"Cannot read the model catalog {path}: {exc}") from exc
    return list(_load(path, mtime_ns))


def default_entry() -> CatalogEntry:
    """The model Hearth recommends downloading."""
    return next(e for e in load_catalog() if e.default)


def find_entry(name: str) -> CatalogEntry | None:
    """The entry called ``name`` (case-insensitive), or None."""
    wanted = name.strip().lower()
    return next((e for e in load_catalog() if e.name.lower() == wanted), None)


def models_dir(data_dir: Path) -> Path:
    """Where downloaded models live: ``data_dir/models``, created private (0700)."""
    return ensure_private_dir(data_dir / MODELS_SUBDIR)
