"""Diary sub-commands: search, rm (one entry), facts, export/import, backup/restore, forget-everything.

Each handler opens the diary, does one thing and closes it. A store error becomes one clear line on
stderr (what happened, then what to do) and a non-zero exit code — never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from app.cli import unscrubbed
from app.cli.errors import run_reported
from app.cli.i18n import CliPlurals, error_text, is_yes, iso_day, long_day, quoted, translate
from app.cli.passphrase import ENV_PASSPHRASE, ask, open_diary
from app.core.recall.introductions import introductions
from app.llm.catalog import models_dir
from app.store import (
    FACT_KINDS,
    DatabaseCorrupt,
    Diary,
    DiaryKey,
    DiaryLock,
    MarkdownWords,
    StoreError,
    WrongPassphrase,
)
from app.store.backup import check_backup
from app.store.cipher import file_salt, is_encrypted_file, verify_key
from app.store.exchange import read_export, record_dict
from app.ui.picture_marker import MARKER, MARKER_CONTEXT, said_in_snippet, said_pictures

Handler = Callable[[argparse.Namespace, Path], int]

MAX_SEARCH_LIMIT = 1000

# Terminal escape sequences (CSI ``ESC [ … final``, OSC ``ESC ] … BEL|ESC \``, the other two-byte
# ``ESC x`` ones and the 8-bit CSI), then any other control character or bidi override that could
# reorder, hide or overwrite what the terminal shows.
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?|\x9b[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.?"
)
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` safe to show on a terminal: escape sequences removed, other control characters shown.

    A control character becomes its escape (``\\r``, ``\\x07``); tabs become spaces, newlines too unless
    ``keep_newlines``. For human-readable output of diary text only: JSON output stays exact.
    """
    text = _ESCAPES.sub("", text).replace("\r\n", "\n").replace("\t", " ")

    def shown(match: re.Match[str]) -> str:
        char = match.group()
        if char == "\n":
            return "\n" if keep_newlines else " "
        return repr(char)[1:-1]  # \r, \x07, \u202e

    return _CONTROLS.sub(shown, text)


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else a clear usage error."""

    def parse(raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            message = translate("Cli", "expected a whole number from {low} to {high}, not {raw}")
            raise argparse.ArgumentTypeError(message.format(low=low, high=high, raw=repr(raw))) from None
        if not low <= value <= high:
            message = translate("Cli", "must be from {low} to {high}, not {raw}")
            raise argparse.ArgumentTypeError(message.format(low=low, high=high, raw=raw))
        return value

    parse.__name__ = "number"  # argparse names the type in some messages
    return parse


# An entry's or a fact's number: SQLite's integers end at 2**63 - 1 (a larger one overflowed in the query).
record_id = bounded_int(1, 2**63 - 1)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add this area's sub-commands to the ``hearth`` parser."""
    search = sub.add_parser(
        "search",
        help=translate("Cli", "search everything you wrote"),
        description=translate("Cli", "Search everything you wrote. Words may begin with a dash "
                                     "(hearth search -garden); "
        "options begin with two dashes, and after -- everything is a word (hearth search -- --json)."),
        dash_words=True,  # app.cli.HearthParser
    )
    search.add_argument("query", nargs="+", metavar="WORD", help=translate(
        "Cli", "words to look for: entries with every word; if none has them all, entries with any of them"))
    search.add_argument("--json", action="store_true", help=translate("Cli", "print JSON"))
    search.add_argument(
        "--limit",
        type=bounded_int(1, MAX_SEARCH_LIMIT),
        default=20,
        metavar="N",
        help=translate(
            "Cli", "at most this many results, 1-{limit} (default 20)").format(limit=MAX_SEARCH_LIMIT),
    )
    search.add_argument("--from", dest="date_from", type=iso_day, metavar="YYYY-MM-DD")
    search.add_argument("--to", dest="date_to", type=iso_day, metavar="YYYY-MM-DD")
    search.set_defaults(func=guarded(_search))
    _register_facts(sub)

    rm = sub.add_parser("rm", help=translate("Cli", "delete one entry for good (ids: hearth search --json)"))
    rm.add_argument("message_id", type=record_id, metavar="MESSAGE_ID")
    rm.add_argument("--yes", action="store_true", help=translate("Cli", "really delete it"))
    unscrubbed.add_option(rm)
    rm.set_defaults(func=guarded(_rm))

    export = sub.add_parser("export", help=translate("Cli", "export the diary as Markdown or JSON"))
    export.add_argument("--format", choices=("md", "json", "encrypted"), default="md",
                        help=translate(
                            "Cli", "md, json, or (an encrypted diary) an encrypted archive `hearth restore` "
                                   "reads"))
    export.add_argument("--out", type=Path, metavar="FILE", help=translate(
        "Cli", "write here (default: standard output)"))
    export.add_argument("--plaintext", action="store_true",
                        help=translate(
                            "Cli", "an encrypted diary: really write it unencrypted (else you are asked)"))
    export.set_defaults(func=guarded(_export))

    imp = sub.add_parser("import", help=translate("Cli", "import a JSON export into an empty diary"))
    imp.add_argument("file", type=Path)
    imp.set_defaults(func=guarded(_import))

    sub.add_parser("backup", help=translate("Cli", "make a backup now")).set_defaults(func=guarded(_backup))

    restore = sub.add_parser("restore", help=translate("Cli", "restore a backup (default: the latest)"))
    restore.add_argument("file", type=Path, nargs="?")
    restore.set_defaults(func=guarded(_restore))

    forget = sub.add_parser("forget-everything", help=translate(
        "Cli", "erase the whole diary, its memory and backups"))
    forget.add_argument("--yes", action="store_true", help=translate("Cli", "really erase everything"))
    forget.set_defaults(func=guarded(_forget_everything))


def _register_facts(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    facts = sub.add_parser(
        "facts", help=translate("Cli", '"Memory about you": list, add, edit, delete, pin facts'))
    actions = facts.add_subparsers(dest="facts_action", metavar="ACTION")
    facts.set_defaults(func=lambda args, _d: _usage(facts))
    listing = actions.add_parser("list", help=translate("Cli", "list the facts"))
    listing.add_argument("--json", action="store_true")
    listing.add_argument("--all", action="store_true", help=translate("Cli", "include retired facts"))
    listing.set_defaults(func=guarded(_facts_list))
    add = actions.add_parser("add", help=translate("Cli", "add a fact"))
    add.add_argument("text")
    add.add_argument("--kind", default="other", choices=FACT_KINDS)
    add.add_argument("--importance", type=int, default=3, choices=range(1, 6), metavar="1-5")
    add.add_argument("--pin", action="store_true")
    add.set_defaults(func=guarded(_facts_add))
    edit = actions.add_parser("edit", help=translate("Cli", "change a fact's text"))
    edit.add_argument("id", type=record_id)
    edit.add_argument("text")
    edit.set_defaults(func=guarded(_facts_edit))
    remove = actions.add_parser("rm", help=translate("Cli", "delete a fact for good"))
    remove.add_argument("id", type=record_id)
    unscrubbed.add_option(remove)
    remove.set_defaults(func=guarded(_facts_rm))
    pin = actions.add_parser("pin", help=translate("Cli", "pin a fact (always in the prompt)"))
    pin.add_argument("id", type=record_id)
    pin.add_argument("--off", action="store_true", help=translate("Cli", "unpin instead"))
    pin.set_defaults(func=guarded(_facts_pin))
    who = actions.add_parser("who", help=translate(
        "Cli", "names your entries use often without saying who they are"))
    who.add_argument("--json", action="store_true")
    who.add_argument("--all", action="store_true", help=translate(
        "Cli", 'also the names you said "Not now" to in the window'))
    who.add_argument("--ask-again", action="store_true", help=translate(
        "Cli", 'let the window ask again about the names you said "Not now" to'))
    who.set_defaults(func=guarded(_facts_who))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _fail(message: str, hint: str = "") -> int:
    """One line on stderr: what happened, what to do (typed errors' English texts translated here)."""
    message, hint = error_text(message), error_text(hint)
    print(f"hearth: {message}" + (f" {hint}" if hint else ""), file=sys.stderr)
    return 1


def guarded(handler: Handler) -> Handler:
    """``handler`` with its failures said as every command's are (``app.cli.errors``): one line on
    stderr, what happened and what to do, exit code 1 (also when called without ``main``)."""

    def run(args: argparse.Namespace, data_dir: Path) -> int:
        return run_reported(handler, args, data_dir)

    return run


# -- handlers -----------------------------------------------------------------------------------------


def _search(args: argparse.Namespace, data_dir: Path) -> int:
    with open_diary(data_dir) as diary:
        query = " ".join(args.query)
        hits = diary.search(query, limit=args.limit, date_from=args.date_from, date_to=args.date_to)
    if args.json:
        rows = [
            {
                "message_id": h.message_id,
                "conversation_id": h.conversation_id,
                "day": h.day.isoformat() if h.day else None,
                "role": h.role,
                "snippet": h.snippet,
                "rank": h.rank,
            }
            for h in hits
        ]
        _print_json(rows)
        return 0
    if not hits:
        print(translate("Cli", "No matches."), file=sys.stderr)
    marker = translate(MARKER_CONTEXT, MARKER)  # a picture as the terminal's language says it
    for hit in hits:
        day = hit.day.isoformat() if hit.day else "----------"
        who = speaker(hit.role)
        snippet = said_in_snippet(hit.snippet, marker)
        print(f"{day}  #{hit.message_id:<6} {who:<9} {' '.join(printable(snippet).split())}")
    return 0


RM_PREVIEW_CHARS = 60
INTRODUCTIONS_LISTED = 10  # names `hearth facts who` lists at most


def _rm(args: argparse.Namespace, data_dir: Path) -> int:
    """Without --yes only say what would go; with it, delete under the diary lock (never under a running
    window or chat, whose prompt may hold the entry), then name the files the deletion could not change."""
    if not args.yes:
        with open_diary(data_dir) as diary:
            found = _entry_line(diary, args.message_id)
        if found is None:
            return _no_entry(args.message_id)
        warning = translate("Cli", "This deletes entry {id} for good: {entry}")
        run = translate("Cli", "Run `{command}` to do it.")
        also = " --delete-unscrubbed" if args.delete_unscrubbed else ""
        command = f"hearth rm {args.message_id} --yes{also}"
        return _fail(warning.format(id=args.message_id, entry=found), run.format(command=command))
    with DiaryLock(data_dir), open_diary(data_dir) as diary:
        if diary.get_message(args.message_id) is None:
            return _no_entry(args.message_id)
        diary.delete_message(args.message_id)
        print(translate("Cli", "Deleted entry {id}.").format(id=args.message_id))
        unscrubbed.settle(diary, args.delete_unscrubbed)  # under the lock: it may shred backups
    return 0


def _entry_line(diary: Diary, message_id: int) -> str | None:
    """"2026-02-10, you: first 60 printable characters…", or None if there is no such entry; a picture's
    marker said as the delete question in the window says it ("[картинка: a.png]")."""
    message = diary.get_message(message_id)
    if message is None:
        return None
    conversation = diary.get_conversation(message.conversation_id)
    day = (conversation.day if conversation else None) or message.created_at.date()
    said = said_pictures(message.text, translate(MARKER_CONTEXT, MARKER))
    text = " ".join(printable(said).split())
    short = text if len(text) <= RM_PREVIEW_CHARS else text[:RM_PREVIEW_CHARS] + "…"
    who = translate("Cli", "you") if message.role == "user" else translate("Cli", "companion")
    return f"{day.isoformat()}, {who}: {quoted(short)}"


def _no_entry(message_id: int) -> int:
    return _fail(translate("Cli", "There is no entry {id}.").format(id=message_id),
                 translate("Cli", "Find entry ids with `hearth search WORD --json`."))


def _facts_list(args: argparse.Namespace, data_dir: Path) -> int:
    with open_diary(data_dir) as diary:
        facts = diary.list_facts(include_retired=args.all)
    if args.json:
        _print_json([record_dict(f) for f in facts])
        return 0
    if not facts:
        print(translate("Cli", "No facts yet. Add one with: hearth facts add TEXT"), file=sys.stderr)
    for fact in facts:
        retired = translate("Cli", "(retired)")
        flags = ("📌 " if fact.pinned else "") + (f"{retired} " if fact.retired else "")
        print(f"#{fact.id:<5} [{kind_name(fact.kind)}, {fact.importance}] {flags}{printable(fact.text)}")
    return 0


def _facts_add(args: argparse.Namespace, data_dir: Path) -> int:
    with DiaryLock(data_dir), open_diary(data_dir) as diary:  # a change: one writer (the window's list)
        fact = diary.add_fact(args.text, kind=args.kind, importance=args.importance, pinned=args.pin)
    print(translate("Cli", "Added fact #{id}.").format(id=fact.id))
    return 0


def _facts_who(args: argparse.Namespace, data_dir: Path) -> int:
    """The names worth a fact ("Витя — мой муж"): with one, recall finds Витя's entries when the person asks
    about "my husband" (``app.core.recall.introductions``). ``--ask-again`` first empties the "Not now"
    list."""
    with DiaryLock(data_dir) if args.ask_again else nullcontext(), open_diary(data_dir) as diary:
        if args.ask_again:  # one opening: an encrypted diary asks for its passphrase once
            diary.clear_not_now_names()
        found = introductions(diary, limit=INTRODUCTIONS_LISTED, ask_again=args.all)
    if args.json:
        _print_json([{"name": i.name, "entries": i.entries} for i in found])
        return 0
    if not found:
        print(translate("Cli", "Hearth knows who everyone your entries often name is."), file=sys.stderr)
        return 0
    print(translate("Cli", "Your entries often name these, but never say who they are:"))
    plurals = CliPlurals()
    for person in found:
        print(f"  {printable(person.name)}  ({plurals.entries(person.entries)})")
    example = translate("Cli", "{name} is my friend").format(name=found[0].name)
    print(translate("Cli", "Say who with a fact, for example: {command}").format(
        command=f'hearth facts add "{printable(example)}" --kind person'))
    return 0


def _facts_edit(args: argparse.Namespace, data_dir: Path) -> int:
    with DiaryLock(data_dir), open_diary(data_dir) as diary:
        fact = diary.edit_fact(args.id, text=args.text, source="manual")
    print(translate("Cli", "Changed fact #{id}.").format(id=fact.id))
    return 0


def _facts_rm(args: argparse.Namespace, data_dir: Path) -> int:
    """Delete the fact, then name the files the deletion could not change (``app.cli.unscrubbed``)."""
    with DiaryLock(data_dir), open_diary(data_dir) as diary:
        diary.delete_fact(args.id)
        done = translate("Cli", "Deleted fact #{id}; it will not be re-learned automatically.")
        print(done.format(id=args.id))
        unscrubbed.settle(diary, args.delete_unscrubbed)  # under the lock: it may shred backups
    return 0


def _facts_pin(args: argparse.Namespace, data_dir: Path) -> int:
    with DiaryLock(data_dir), open_diary(data_dir) as diary:
        fact = diary.edit_fact(args.id, pinned=not args.off)
    done = translate("Cli", "Pinned fact #{id}.") if fact.pinned else translate("Cli", "Unpinned fact #{id}.")
    print(done.format(id=fact.id))
    return 0


def _export(args: argparse.Namespace, data_dir: Path) -> int:
    with open_diary(data_dir) as diary:
        if args.format == "encrypted":
            return _export_encrypted(diary, args.out)
        if diary.encrypted and not _plaintext_agreed(args):
            return _fail("The diary is encrypted; this export would be plain text.",
                         "Add --plaintext to write it anyway, or use --format encrypted --out FILE.")
        if args.format == "json":
            body = json.dumps(diary.export_json(), ensure_ascii=False, indent=1) + "\n"
        else:
            body = diary.export_markdown(markdown_words())
    if args.out is None:
        sys.stdout.write(body)
        return 0
    _write_private(args.out, body)
    print(translate("Cli", "Exported to {path}.").format(path=args.out), file=sys.stderr)
    return 0


def speaker(role: str) -> str:
    """Who wrote an entry, as the day's export names them ("You" / "Вы", "Hearth")."""
    names = {"user": translate("Export", "You"), "assistant": translate("Export", "Hearth")}
    return names.get(role, role)


def kind_name(kind: str) -> str:
    """A fact's stored kind as the window's Memory list names it ("person" / "человек")."""
    return translate("FactKinds", kind) if kind in FACT_KINDS else kind


def markdown_words() -> MarkdownWords:
    """The Markdown export's words in the terminal's language."""
    return MarkdownWords(
        title=translate("Cli", "Hearth diary"),
        memory=translate("Cli", "Memory about you"),
        reflections=translate("Cli", "Reflections"),
        speakers={"user": speaker("user"), "assistant": speaker("assistant"),
                  "system": translate("Cli", "Note")},
        kinds={kind: kind_name(kind) for kind in FACT_KINDS},
        fact_note=translate("Cli", "{kind}, importance {importance}"),
        pinned=translate("Cli", "pinned"),
        retired=translate("Cli", "retired"),
        interrupted=translate("Cli", "interrupted"),
        day=long_day,
    )


def _plaintext_agreed(args: argparse.Namespace) -> bool:
    """--plaintext, or a yes at the terminal: an export of an encrypted diary is readable by anyone."""
    if args.plaintext:
        return True
    if not sys.stdin.isatty():
        return False
    if args.out:
        question = translate("Cli", "Write the diary unencrypted to {where}? [y/N] ").format(where=args.out)
    else:
        question = translate("Cli", "Write the diary unencrypted to the terminal? [y/N] ")
    return is_yes(input(question))


def _export_encrypted(diary: Diary, out: Path | None) -> int:
    if not diary.encrypted:
        return _fail("The diary is not encrypted.", "Turn it on with `hearth encryption on` first.")
    if out is None:
        return _fail("An encrypted archive needs a file.", "Add --out FILE.")
    diary.export_encrypted(out)
    written = translate("Cli", "Encrypted archive written: {out} (restore it with `hearth restore {out}`).")
    print(written.format(out=out), file=sys.stderr)
    return 0


def _write_private(path: Path, body: str) -> None:
    """Write ``body`` to ``path`` (mode 0600: an export is as private as the diary)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(body)


def _import(args: argparse.Namespace, data_dir: Path) -> int:
    data = read_export(Path(args.file))  # ImportRefused: too big, not JSON, too deep
    with DiaryLock(data_dir), open_diary(data_dir) as diary:  # not interleaved with a window's entries
        diary.import_json(data)
        count = len(data.get("messages", []))
    print(CliPlurals().messages_imported(count))
    return 0


def _backup(args: argparse.Namespace, data_dir: Path) -> int:
    # Its rotation shreds the oldest backup: not while a window may be restoring it or backing up itself.
    with DiaryLock(data_dir), open_diary(data_dir) as diary:
        path = diary.backup()
    print(translate("Cli", "Backup written: {path}").format(path=path))
    return 0


def _restore(args: argparse.Namespace, data_dir: Path) -> int:
    with DiaryLock(data_dir):  # it replaces the diary: never under a running window or chat
        try:
            diary = open_diary(data_dir)
        except DatabaseCorrupt as exc:
            print(f"hearth: {error_text(str(exc))}", file=sys.stderr)
            diary = Diary.open(data_dir)  # the damaged file was moved aside: start from a fresh one
        with diary:
            path = Path(args.file) if args.file else _backup_to_restore(diary)
            if path is None:
                return _fail(translate("Cli", "There is no backup to restore."),
                             translate("Cli", "Give the path of a backup file."))
            was_empty = diary.is_empty()
            if diary.key is None and is_encrypted_file(Path(path)):
                if not was_empty:
                    return _fail(translate("Cli", "The backup is encrypted and this diary is not."),
                                 translate("Cli", "Turn encryption on here with the backup's passphrase "
                                                  "(`hearth encryption on`), then restore it."))
                diary = _encrypt_like(diary, Path(path))
            with diary:
                diary.restore(path)
    if was_empty:  # nothing to back up first
        print(translate("Cli", "Restored {path}.").format(path=path))
        return 0
    restored = translate("Cli", "Restored {path}. The state before the restore was backed up first.")
    print(restored.format(path=path))
    return 0


def _backup_to_restore(diary: Diary) -> Path | None:
    """The backup a plain ``hearth restore`` takes: after damage, the last one from before it; for an
    emptied diary, the newest that holds entries; else the newest. One that cannot be restored (damaged,
    not a backup) is passed over for the next, older one, and that is said."""
    set_aside = diary.set_aside()  # an empty diary after damage: the backup from before it
    held = diary.emptied() if set_aside is None else None
    offered = [set_aside[1] if set_aside is not None else None, held.backup if held is not None else None]
    candidates = list(dict.fromkeys([p for p in offered if p is not None] + diary.list_backups()))
    for candidate in candidates:
        if diary.key is None and is_encrypted_file(candidate):
            return candidate  # an encrypted backup for a plain diary: ``_restore`` asks its passphrase
        try:
            check_backup(candidate, diary.key)
        except StoreError as exc:
            passed = translate("Cli", "Passed over {name}: {reason}")
            reason = error_text(str(exc))
            print("hearth: " + passed.format(name=candidate.name, reason=reason), file=sys.stderr)
            continue
        return candidate
    return None


def _encrypt_like(diary: Diary, archive: Path) -> Diary:
    """An empty, plain diary about to receive an encrypted archive (a new computer, or an encrypted diary
    set aside as damaged): made anew with the archive's passphrase, asked for here, so the diary comes
    back as it was, encrypted (``Diary.made_anew``)."""
    typed = ask(ENV_PASSPHRASE, translate("Cli", "Passphrase of the backup: "))
    key = DiaryKey(typed, salt=file_salt(archive))
    try:
        verify_key(archive, key)
    except WrongPassphrase:
        raise WrongPassphrase("That passphrase does not open the backup.", "Try again.") from None
    return diary.made_anew(key)


def _forget_everything(args: argparse.Namespace, data_dir: Path) -> int:
    if not args.yes:
        erases = translate("Cli", "This erases every entry, fact, summary and backup for good.")
        return _fail(f"{erases} {models_kept(data_dir)}",
                     translate("Cli", "Run `hearth forget-everything --yes` to do it."))
    with DiaryLock(data_dir):  # never under a running window or chat
        encrypted = Diary.is_encrypted(data_dir)
        if encrypted and not os.environ.get(ENV_PASSPHRASE):
            return _forget_files(data_dir, encrypted)  # how to start over when the passphrase is forgotten
        try:
            with open_diary(data_dir) as diary:
                diary.forget_everything()
        except StoreError:
            # The diary would not open or erase its rows (a wrong passphrase in the file, a full disk: erasing
            # rows writes first): shredding its files asks neither the passphrase nor free space.
            return _forget_files(data_dir, encrypted)
    print(translate("Cli", "Everything was erased."), models_kept(data_dir))
    return 0


def _forget_files(data_dir: Path, encrypted: bool) -> int:
    """Erase by shredding the diary's files (``Diary.forget_locked``); a new, plain diary takes its place."""
    Diary.forget_locked(data_dir)
    if encrypted:
        print(translate("Cli", "Everything was erased. A new diary was started, not encrypted "
                               "(`hearth encryption on` encrypts it)."), models_kept(data_dir))
    else:
        print(translate("Cli", "Everything was erased."), models_kept(data_dir))
    return 0


def models_kept(data_dir: Path) -> str:
    """Downloaded models stay, by design: they hold nothing of the diary and take hours to download again.
    Said before and after, so that files left in the models folder (a half-finished download too) are
    not taken for diary data that survived (QA)."""
    kept = translate("Cli", "Downloaded models, finished or not, are kept in {folder}: they hold nothing "
                            "of your diary.")
    return kept.format(folder=models_dir(data_dir))


def _print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, indent=1))
