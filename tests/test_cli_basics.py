"""The ``hearth`` command: version, help, the data directory every command uses, ``hearth models ...``."""

from __future__ import annotations

import argparse
import json
import stat
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

import app.cli
from app import __version__
from app.cli import build_parser, main
from app.config import SETTINGS_FILE, ModelSettings, Settings, SettingsStore
from app.core.recall.semantic import KEY_FORM
from app.llm.catalog import CATALOG_ENV, default_entry
from app.store import Diary
from tests.hub_server import HubServer, fake_gguf, hub_server  # noqa: F401 (a fixture)

HEARTH = Path(sys.executable).parent / "hearth"  # the installed console script


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_version_from_the_console_script() -> None:
    done = subprocess.run([str(HEARTH), "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"hearth {__version__}"


def test_help_names_the_commands_and_the_data_dir_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert "--data-dir DIR" in out and "HEARTH_DATA_DIR" in out and "models" in out


def test_python_m_app_creates_the_data_dir_private(tmp_path: Path) -> None:
    target = tmp_path / "new" / "nested" / "hearth"
    done = subprocess.run(
        [sys.executable, "-m", "app", "--data-dir", str(target), "models", "current", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert mode(target) == 0o700 and mode(target / "models") == 0o700
    assert json.loads(done.stdout)["source"] == "tiny"


def _leaf_commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield path, parser
        return
    for name, child in subs[0].choices.items():
        yield from _leaf_commands(child, (*path, name))


def _dummy_args(parser: argparse.ArgumentParser) -> list[str]:
    args: list[str] = []
    for action in parser._actions:
        needed = action.required or (not action.option_strings and action.nargs not in ("?", "*"))
        if not needed or isinstance(action, argparse._HelpAction):
            continue
        value = str(next(iter(action.choices))) if action.choices else _acceptable(action)
        args += [action.option_strings[0], value] if action.option_strings else [value]
    return args


def _acceptable(action: argparse.Action) -> str:
    """A value the argument's type accepts (ids, counts, dates, words)."""
    for candidate in ("1", "2026-01-01", "x"):
        try:
            (action.type or str)(candidate)  # type: ignore[operator]
            return candidate
        except (TypeError, ValueError, argparse.ArgumentTypeError):
            continue
    return "x"


def test_every_command_gets_the_data_dir_from_the_option_or_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[tuple[str, ...], Path]] = []
    parser = build_parser()
    commands = list(_leaf_commands(parser))
    assert any(path[:1] == ("models",) for path, _ in commands)
    for path, leaf in commands:

        def record(args: argparse.Namespace, data_dir: Path, path: tuple[str, ...] = path) -> int:
            seen.append((path, data_dir))
            return 0

        leaf.set_defaults(func=record)
    monkeypatch.setattr(app.cli, "build_parser", lambda: parser)
    from_env, from_option = tmp_path / "env-dir", tmp_path / "option-dir"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(from_env))
    for path, leaf in commands:
        assert main([*path, *_dummy_args(leaf)]) == 0
        assert main(["--data-dir", str(from_option), *path, *_dummy_args(leaf)]) == 0
    assert seen == [item for path, _ in commands for item in ((path, from_env), (path, from_option))]
    assert mode(from_env) == mode(from_option) == 0o700


def test_models_list_and_current_on_a_fresh_install(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["models", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in rows if r["default"]] == [default_entry().name]
    assert {r["status"] for r in rows} == {"absent"} and not any(r["in_use"] for r in rows)
    assert main(["models", "list"]) == 0
    assert "recommended" in capsys.readouterr().out
    assert main(["models", "current"]) == 0
    out = capsys.readouterr().out
    assert "bundled tiny model" in out and f"hearth models pull {default_entry().name}" in out


def test_models_use_validates_before_storing(
    data_dir: Path, tmp_path: Path, tiny_model_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.gguf"
    junk.write_text("hello")
    assert main(["models", "use", str(junk)]) == 1
    assert "GGUF" in capsys.readouterr().err and Settings.load(data_dir).model.path == ""
    assert main(["models", "use", default_entry().name]) == 1
    assert f"hearth models pull {default_entry().name}" in capsys.readouterr().err
    assert main(["models", "use", str(tiny_model_path)]) == 0
    assert "will use" in capsys.readouterr().out
    assert Settings.load(data_dir).model.path == str(tiny_model_path)
    assert mode(data_dir / "settings.json") == 0o600
    assert main(["models", "current", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["source"] == "settings"
    assert main(["models", "use", "auto"]) == 0
    assert Settings.load(data_dir).model.path == ""


def test_models_use_writes_through_the_settings_store_and_the_next_command_sees_it(
    data_dir: Path, tiny_model_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Other settings survive the change, the old flat file is read, and ``current`` reports the choice."""
    data_dir.mkdir(parents=True)
    flat = {"model_path": "", "n_ctx": 2048, "kv_cache_type": "q8_0", "persona": "playful"}  # Hearth 0.1
    (data_dir / SETTINGS_FILE).write_text(json.dumps(flat), encoding="utf-8")
    updates: list[Settings] = []
    update = SettingsStore.update
    monkeypatch.setattr(SettingsStore, "update", lambda store, new: updates.append(new) or update(store, new))
    assert main(["models", "use", str(tiny_model_path)]) == 0
    model = ModelSettings(str(tiny_model_path), n_ctx=2048, kv_cache_type="q8_0")
    expected = Settings(persona="playful", model=model)
    assert updates == [expected] and Settings.load(data_dir) == expected
    saved = json.loads((data_dir / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert saved["model"]["path"] == str(tiny_model_path)  # written back in the nested form
    capsys.readouterr()
    assert main(["models", "current", "--json"]) == 0
    current = json.loads(capsys.readouterr().out)
    assert (current["source"], current["path"]) == ("settings", str(tiny_model_path))
    assert (current["engine"]["n_ctx"], current["engine"]["kv_cache_type"]) == (2048, "q8_0")


def test_pull_unknown_name_lists_the_choices(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "pull", "gpt-17"]) == 1
    assert default_entry().name in capsys.readouterr().err


def test_pull_then_the_download_is_used(
    data_dir: Path,
    tmp_path: Path,
    hub_server: HubServer,  # noqa: F811 (the fixture imported above)
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    hub_file = hub_server.add_file("test-org/Diary-GGUF", "diary-q4_k_m.gguf", fake_gguf(1 << 20))
    entry = hub_server.catalog_entry(hub_file, name="diary-3b", default=True)
    monkeypatch.setenv(CATALOG_ENV, str(hub_server.write_catalog(tmp_path / "catalog.toml", [entry])))
    assert main(["models", "pull", "diary-3b", "--endpoint", hub_server.endpoint]) == 0
    hub_server.stop()  # from here on everything must work without the network
    captured = capsys.readouterr()
    assert "100.0%" in captured.err and "sha256 verified" in captured.err
    assert "Downloaded and verified" in captured.out and "will use" in captured.out
    assert main(["models", "pull"]) == 0  # the default, already there: no network needed
    assert "already downloaded" in capsys.readouterr().out
    assert main(["models", "current", "--json"]) == 0
    current = json.loads(capsys.readouterr().out)
    assert (current["source"], current["catalog_name"], current["recommended"]) == (
        "downloaded",
        "diary-3b",
        None,
    )
    assert main(["models", "list", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["status"] == "downloaded" and row["in_use"]


def test_only_pull_loads_the_hub_client(tmp_path: Path) -> None:
    """Privacy by construction: listing, choosing and starting never even import huggingface_hub."""
    code = (
        "import sys\n"
        "from app.cli import main\n"
        "for argv in (['models', 'list'], ['models', 'current'], ['models', 'use', 'auto']):\n"
        f"    main(['--data-dir', {str(tmp_path)!r}, *argv])\n"
        "print('huggingface_hub' in sys.modules, 'httpx2' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False False"


def test_index_builds_and_names_the_index_it_saved_under(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hearth index`` catches up in the foreground and names the index as the diary stores it: the
    embedder and the form of the embedded text (``semantic.index_id``), so a changed form shows as a
    different index, not as the same embedder with fewer vectors."""
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 3, 1)).id or 0
        diary.add_message(cid, "user", "Nora finally moved to Lisbon.")
        diary.add_message(cid, "assistant", "How does she like it?")
    assert main(["--data-dir", str(data_dir), "index", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["complete"] and status["indexed"] == status["messages"] == 2, status
    assert status["embedder"].endswith(f"/{KEY_FORM}"), status
    assert main(["--data-dir", str(data_dir), "index", "--status"]) == 0
    assert f"2 of 2 messages indexed by meaning ({status['embedder']}): complete" in capsys.readouterr().out


def test_index_completes_after_a_chat_was_killed_mid_reply(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A killed ``hearth chat`` leaves its unwritten reply ("…"), which is never indexed: ``hearth index``
    removes it as the app does at start, so the index can be complete (QA, session 21)."""
    with Diary.open(data_dir) as diary:
        cid = diary.conversation_for_day(date(2026, 3, 1)).id or 0
        diary.add_message(cid, "user", "Nora finally moved to Lisbon.")
        diary.add_message(cid, "assistant", "…", status="interrupted")
    assert main(["--data-dir", str(data_dir), "index", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["complete"] and status["indexed"] == status["messages"] == 1, status


@pytest.mark.parametrize("given", [["--data-dir", ""], ["--data-dir="], ["--data-dir", "  "]])
def test_an_empty_data_dir_is_refused_never_taken_for_the_default_diary(
    given: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA: `--data-dir ""` opened the person's own diary in the user data dir."""
    default = tmp_path / "default"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(default))
    assert main([*given, "stats"]) == 2
    assert "--data-dir is empty" in capsys.readouterr().err and not default.exists()


def test_a_data_dir_under_a_file_is_said_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA (session 22): "[Errno 17] File exists: …" — the OS's words, in any language."""
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    assert main(["--data-dir", str(tmp_path / "afile" / "diary"), "stats"]) == 2
    err = capsys.readouterr().err
    assert "Part of this path is a file where a folder should be" in err and "Errno" not in err


def test_a_home_folder_of_no_user_is_said_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    """Review (session 22): `--data-dir '~nosuchuser/x'` ended in expanduser's RuntimeError."""
    assert main(["--data-dir", "~nosuchuser-hearth/x", "stats"]) == 2
    assert "home folder of a user this computer does not have" in capsys.readouterr().err
