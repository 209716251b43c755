"""Paths and settings: one typed settings file in the data directory.

The data directory holds the diary, so it is created with mode 0700 and everything the app writes
there is private to the person. Resolution order: ``--data-dir``, then ``HEARTH_DATA_DIR``, then the
platform's user data dir (platformdirs).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "Hearth"
ENV_DATA_DIR = "HEARTH_DATA_DIR"
SETTINGS_FILE = "settings.json"


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Return the data directory (created 0700 if missing)."""
    raw = explicit or os.environ.get(ENV_DATA_DIR) or platformdirs.user_data_dir(APP_NAME, appauthor=False)
    path = Path(raw).expanduser().resolve()
    ensure_private_dir(path)
    return path


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) and make it readable by the owner only."""
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


@dataclass
class Settings:
    """Everything the person can change, persisted as JSON in the data dir."""

    model_path: str = ""  # empty: the downloaded default, else the bundled tiny model
    n_ctx: int = 4096
    n_gpu_layers: int = 0
    n_threads: int = 0  # 0: let llama.cpp choose
    kv_cache_type: str = "f16"
    reply_reserve: int = 512
    reply_length: str = "medium"  # short | medium | long
    persona: str = "warm"  # warm | concise | playful
    recall_enabled: bool = True
    reflections_enabled: bool = False
    theme: str = "system"  # system | light | dark
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, data_dir: Path) -> Settings:
        """Read settings; a missing or unreadable file gives the defaults (never a crash)."""
        path = data_dir / SETTINGS_FILE
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in raw.items() if k in known})

    def save(self, data_dir: Path) -> None:
        """Write atomically (temp file + rename), mode 0600."""
        path = data_dir / SETTINGS_FILE
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(asdict(self), fh, indent=2, ensure_ascii=False)
        os.replace(tmp, path)
