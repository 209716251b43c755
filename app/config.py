"""Paths and settings: one typed settings file in the data directory, one live ``SettingsStore``.

The data directory holds the diary, so it is created with mode 0700 and everything the app writes
there is private to the person. Resolution order: ``--data-dir``, then ``HEARTH_DATA_DIR``, then the
platform's user data dir (platformdirs). An existing folder is used only if it is Hearth's (empty, or
holding a Hearth diary); any other folder is refused and left untouched (``prepare_data_dir``).

Settings are immutable values (``Settings``, with the model's own settings nested in ``ModelSettings``);
the ``SettingsStore`` holds the current value, saves every change and tells its subscribers, so the
settings dialog, the model manager, the CLI and the running ``Companion`` share one object and a change
reaches the companion at once — never by re-reading the file.
"""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, TypedDict, Unpack

import platformdirs

from app.listeners import Listeners

APP_NAME = "Hearth"
ENV_DATA_DIR = "HEARTH_DATA_DIR"
SETTINGS_FILE = "settings.json"


DATA_DIR_HINT = "Choose an empty folder or one that holds a Hearth diary (--data-dir DIR)."
DIARY_FILE = "hearth.db"  # the store's DB_FILE (the store imports this module, so it is named here too)
# The chat's KV cache kept across restarts (app.llm.kv_state): derived from diary text, so the store shreds
# it with everything else (forget-everything, encryption on); never written beside an encrypted diary.
CHAT_STATE_FILE = "chat-cache.kv"
LOCK_FILE = ".hearth.lock"  # the one-writer lock (app.store.lock); it stays when the diary moves aside
# What Hearth itself puts in its data dir: the diary and its SQLite side files, settings, backups, models.
HEARTH_FILES = frozenset(
    {DIARY_FILE, SETTINGS_FILE, "settings.tmp"} | {DIARY_FILE + side for side in ("-wal", "-shm", "-journal")}
    | {"encryption.json"}  # app.store.encryption.MARKER: no secret, says the diary is encrypted
    | {"encryption-change.json"}  # app.store.encryption.JOURNAL: the file names of a change in progress
    | {CHAT_STATE_FILE, CHAT_STATE_FILE + ".tmp"}
    | {DIARY_FILE + name + side  # app.store.rescue's copies of a damaged diary
       for name in (".rescue", ".rescued") for side in ("", "-wal", "-shm", "-journal")}
    | {LOCK_FILE}
)
HEARTH_FOLDERS = frozenset({"backups", "models"})
SHREDDING = ".shredding"  # a file being shredded (``shred_file``): a killed shred leaves this name


class DataDirError(Exception):
    """The data directory cannot be used (and was left as it was): a message and what to do."""

    def __init__(self, message: str, hint: str = DATA_DIR_HINT) -> None:
        super().__init__(message)
        self.hint = hint


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Return the data directory: ``--data-dir``, ``$HEARTH_DATA_DIR`` or the user data dir, made ready.

    See ``prepare_data_dir``; raises ``DataDirError`` for a folder Hearth must not use.
    """
    return prepare_data_dir(data_dir_path(explicit))


def data_dir_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Where the data directory is (``--data-dir``, ``$HEARTH_DATA_DIR`` or the user data dir), without
    making or checking it; ``DataDirError`` for an empty ``--data-dir``, never taken for the default."""
    if explicit is not None and not os.fspath(explicit).strip():
        raise DataDirError("The folder given with --data-dir is empty.", "Name a folder: --data-dir FOLDER.")
    raw = explicit or os.environ.get(ENV_DATA_DIR) or platformdirs.user_data_dir(APP_NAME, appauthor=False)
    try:
        return Path(raw).expanduser().resolve()
    except RuntimeError:  # "~nosuchuser/x": no such home folder (review: a traceback)
        raise DataDirError(f"{raw} names the home folder of a user this computer does not have.",
                           "Check the path, or give the whole path without ~.") from None


def prepare_data_dir(path: Path) -> Path:
    """Make ``path`` Hearth's private data directory, or refuse it and leave it exactly as it was.

    - Missing: created with mode 0700; missing parents are created with the default mode (only the
      data dir itself is Hearth's, not the folders above it).
    - Existing and Hearth's (``is_hearth_dir``: empty, or holding a Hearth diary): tightened to 0700.
    - Anything else is refused with ``DataDirError``, never changed: a file, a folder holding other
      things, a shared folder with the sticky bit (``/tmp``) and a home folder.
    """
    if not path.exists() and not path.is_symlink():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:  # made by someone else meanwhile: judge it like any existing folder
            pass
        else:
            os.chmod(path, 0o700)  # exactly 0700, whatever the umask
            return path
    if not path.is_dir():
        raise DataDirError(f"{path} is not a folder.")
    if _is_home(path):
        raise DataDirError(f"{path} is a home folder; Hearth keeps its diary in a folder of its own.")
    if path.stat().st_mode & stat.S_ISVTX:
        raise DataDirError(f"{path} is a shared folder (it has the sticky bit), not a private one.")
    if not is_hearth_dir(path):
        raise DataDirError(f"{path} holds other things than a Hearth diary; Hearth leaves it alone.")
    if stat.S_IMODE(path.stat().st_mode) != 0o700:
        os.chmod(path, 0o700)
    return path


def is_hearth_dir(path: Path) -> bool:
    """Whether an existing folder is Hearth's to use as its data dir.

    It is when it is empty, when it holds the diary (``hearth.db``, whatever else is there) or when
    everything in it is something Hearth makes (``settings.json``, ``backups/``, ``models/``, the
    diary's side files and the damaged copies it moves aside, ``hearth.db.corrupt-*``, and what a killed
    shred of any of them left, ``<name>.shredding``).
    """
    if (path / DIARY_FILE).is_file():
        return True
    return all(_made_by_hearth(entry) for entry in path.iterdir())


def _made_by_hearth(entry: Path) -> bool:
    if entry.is_symlink():
        return False
    if entry.is_dir():
        return entry.name in HEARTH_FOLDERS
    name = entry.name.removesuffix(SHREDDING)  # a shred of one of Hearth's files, killed mid-way
    return name in HEARTH_FILES or name.startswith(f"{DIARY_FILE}.corrupt-")


def _is_home(path: Path) -> bool:
    """The person's home folder (or the one ``$HOME`` names)."""
    homes = {Path(os.path.expanduser("~"))}  # "~" itself when there is no home to name
    try:
        import pwd

        homes.add(Path(pwd.getpwuid(os.getuid()).pw_dir))
    except (ImportError, KeyError):  # Windows, or a uid without a passwd entry
        pass
    return any(home.is_absolute() and path == home.resolve() for home in homes)


def shred_file(path: Path) -> None:
    """Overwrite a file with zeros before unlinking it (best effort on copy-on-write file systems).

    The file is renamed ``<name>.shredding`` first (an atomic rename, in its folder), then zeroed: a
    process killed while it writes the zeros leaves a file by that name — never zeros under the file's own
    name, where a backup would still be listed (and fail the restore that picks it) or a diary would open
    as damaged. The store's next start shreds what a killed shred left (``app.store.backup``).
    """
    doomed = path if path.name.endswith(SHREDDING) else path.with_name(path.name + SHREDDING)
    if doomed != path:
        if doomed.exists():
            shred_file(doomed)  # an earlier shred's leftover: zeroed, not just replaced
        try:
            os.replace(path, doomed)
        except FileNotFoundError:
            return
        except OSError:
            doomed = path  # cannot rename it here: zero it in place, as best we can
    try:
        size = doomed.stat().st_size
        with open(doomed, "r+b", buffering=0) as fh:
            block = b"\0" * 65536
            written = 0
            while written < size:
                written += fh.write(block[: min(len(block), size - written)])
            os.fsync(fh.fileno())
    except OSError:
        pass
    doomed.unlink(missing_ok=True)


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) and make it readable by the owner only.

    For folders Hearth makes inside its own data dir (``backups/``, ``models/``) and temporary ones; the
    data dir itself goes through ``prepare_data_dir``, which never re-permissions a folder it does not own.
    """
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


@dataclass(frozen=True)
class ModelSettings:
    """How the model runs: which file, its context size, GPU layers, threads, KV cache type."""

    path: str = ""  # empty: the downloaded default, else the bundled tiny model
    n_ctx: int = 4096
    n_gpu_layers: int = 0
    n_threads: int = 0  # 0: let llama.cpp choose
    kv_cache_type: str = "f16"
    server_url: str = ""  # an OpenAI-compatible model server to use instead of a file; "": run in Hearth
    server_model: str = ""  # which of the server's models ("": its first)
    server_remote_ok: str = ""  # the remote server address the person confirmed sending prompts to


class ModelChanges(TypedDict, total=False):
    """Fields of ``ModelSettings`` a change may set (``SettingsStore.change_model``)."""

    path: str
    n_ctx: int
    n_gpu_layers: int
    n_threads: int
    kv_cache_type: str
    server_url: str
    server_model: str
    server_remote_ok: str


class SettingChanges(TypedDict, total=False):
    """Fields of ``Settings`` a change may set (``SettingsStore.change``)."""

    model: ModelSettings
    reply_reserve: int
    reply_length: str
    persona: str
    recall_enabled: bool
    reflections_enabled: bool
    theme: str
    language: str
    lock_after_minutes: int
    reminder_enabled: bool
    reminder_time: str
    keep_in_tray: bool
    week_start: str
    chat_cache_max_mb: int
    keep_originals_days: int
    keep_photo_location: bool
    extra: dict[str, Any]


@dataclass(frozen=True)
class Settings:
    """Everything the person can change, persisted as JSON in the data dir."""

    model: ModelSettings = field(default_factory=ModelSettings)
    reply_reserve: int = 512
    reply_length: str = "medium"  # short | medium | long
    persona: str = "warm"  # warm | concise | playful
    recall_enabled: bool = True
    reflections_enabled: bool = False
    theme: str = "system"  # system | light | dark
    language: str = "system"  # system | en | ru (any language with a translation in resources/i18n)
    lock_after_minutes: int = 10  # an encrypted diary locks after this many idle minutes; 0: never
    reminder_enabled: bool = False  # a daily "Time for today's entry?" from the tray (off by default)
    reminder_time: str = "20:00"  # HH:MM, local time
    keep_in_tray: bool = False  # closing the window keeps Hearth in the tray (only with the reminder on)
    week_start: str = "auto"  # auto (the language's locale) | monday | sunday: the calendar and weekly review
    # The chat's KV cache kept for the next start (never for an encrypted diary): at most this size; 0: never.
    # 512 MB holds a full 4,096-token context of Llama-3.2-3B at f16 (112 KiB per token).
    chat_cache_max_mb: int = 512
    # Pictures (issue 17): original images kept this many days once their text was read (0: forever;
    # the settings offer 365, 90, 30); where a photo was taken (EXIF GPS) is stripped unless kept.
    keep_originals_days: int = 0
    keep_photo_location: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def changed(self, **changes: Unpack[SettingChanges]) -> Settings:
        return replace(self, **changes)

    def with_model(self, **changes: Unpack[ModelChanges]) -> Settings:
        """These settings with some model settings changed (``path=``, ``n_ctx=`` …)."""
        return replace(self, model=replace(self.model, **changes))

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Settings:
        """Settings from their JSON form; unknown keys are ignored, the flat keys of 0.1 are read too."""
        model_keys = {f.name for f in fields(ModelSettings)}
        nested = raw.get("model")
        model = {k: v for k, v in nested.items() if k in model_keys} if isinstance(nested, dict) else {}
        if "model_path" in raw and "path" not in model:
            model["path"] = raw["model_path"]
        model.update({k: raw[k] for k in model_keys - {"path"} if k in raw and k not in model})
        known = {f.name for f in fields(cls)} - {"model"}
        return cls(model=ModelSettings(**model), **{k: v for k, v in raw.items() if k in known})

    @classmethod
    def load(cls, data_dir: Path) -> Settings:
        """Read settings; a missing or unreadable file gives the defaults (never a crash)."""
        path = data_dir / SETTINGS_FILE
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            return cls.from_dict(raw) if isinstance(raw, dict) else cls()
        except (OSError, ValueError, TypeError):
            return cls()

    def save(self, data_dir: Path) -> None:
        """Write atomically (temp file + rename), mode 0600."""
        path = data_dir / SETTINGS_FILE
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(asdict(self), fh, indent=2, ensure_ascii=False)
        os.replace(tmp, path)


SettingsListener = Callable[[Settings, Settings], None]  # (before, after)


class SettingsStore:
    """The live settings of one running Hearth: read ``current``, ``update``/``change`` to save and notify.

    Without a ``data_dir`` nothing is written (tests, benchmarks, screenshots). Listeners run on the
    thread that made the change, after it is saved; a failing listener is logged, never fatal.
    """

    def __init__(self, settings: Settings | None = None, data_dir: Path | None = None) -> None:
        self._current = settings or Settings()
        self._data_dir = data_dir
        self._lock = threading.RLock()
        self._listeners: Listeners[[Settings, Settings]] = Listeners("settings")

    @classmethod
    def load(cls, data_dir: Path) -> SettingsStore:
        return cls(Settings.load(data_dir), data_dir)

    @classmethod
    def of(cls, settings: SettingsStore | Settings) -> SettingsStore:
        """``settings`` itself, or a store of fixed settings that is never written (tests, benchmarks)."""
        return settings if isinstance(settings, SettingsStore) else cls(settings)

    @property
    def current(self) -> Settings:
        return self._current

    @property
    def data_dir(self) -> Path | None:
        return self._data_dir

    def subscribe(self, listener: SettingsListener) -> Callable[[], None]:
        """Call ``listener(before, after)`` on every change; returns the unsubscribe function."""
        return self._listeners.subscribe(listener)

    def update(self, settings: Settings) -> None:
        """Make ``settings`` current: saved first (an ``OSError`` leaves everything as it was), then told."""
        with self._lock:
            before = self._current
            if settings == before:
                return
            if self._data_dir is not None:
                settings.save(self._data_dir)
            self._current = settings
        self._listeners.notify(before, settings)

    def change(self, **changes: Unpack[SettingChanges]) -> None:
        self.update(self._current.changed(**changes))

    def change_model(self, **changes: Unpack[ModelChanges]) -> None:
        self.update(self._current.with_model(**changes))
