"""``hearth index``: the semantic index of the diary (recall by meaning) — its state, or catch up now.

The app indexes in the background on its own; this is for scripts and for a person who wants to see it:
``hearth index --status`` says how much is indexed, ``hearth index`` indexes the rest in the foreground
(progress on stderr, Ctrl+C stops it with everything done so far kept).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from app.cli.errors import report
from app.cli.i18n import CliPlurals, translate
from app.cli.passphrase import open_diary
from app.core.recall.semantic import SemanticMemory, index_id
from app.core.text import REPLY_PLACEHOLDER
from app.llm.embedding import EmbedderUnavailable, make_embedder
from app.llm.errors import EngineError
from app.store import DiaryLock, IndexCounts, StoreError

STEP = 64


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    index = sub.add_parser("index", help=translate(
        "Cli", "recall by meaning: show the index (--status) or build it now"))
    index.add_argument("--status", action="store_true", help=translate(
        "Cli", "only say how much of the diary is indexed"))
    index.add_argument("--json", action="store_true", help=translate("Cli", "print the status as JSON"))
    index.set_defaults(func=run_index)


def run_index(args: argparse.Namespace, data_dir: Path) -> int:
    try:
        embedder = make_embedder()
    except EmbedderUnavailable as exc:
        return report(exc)
    try:
        if args.status:
            with open_diary(data_dir) as diary:
                counts = SemanticMemory(diary, embedder).counts()
        else:
            with DiaryLock(data_dir), open_diary(data_dir) as diary:
                # A killed chat's unwritten reply ("…") would never be indexed, so the index never complete:
                # removed here as the app does at start (no reply of ours runs under the lock).
                diary.delete_unfinished_replies(REPLY_PLACEHOLDER)
                counts = _catch_up(SemanticMemory(diary, embedder))
    except (StoreError, EngineError) as exc:
        return report(exc)
    except KeyboardInterrupt:
        print("\nhearth: " + translate("Cli", "stopped; what was indexed is kept."), file=sys.stderr)
        return 130
    # The index's id, not the bare embedder's: the form of the embedded text is part of it, and vectors
    # saved under another id (an older form) count as not indexed yet.
    status = {"embedder": index_id(embedder), "indexed": counts.indexed, "messages": counts.total}
    if args.json:
        print(json.dumps({**status, "complete": counts.complete}))
    else:
        line = CliPlurals().indexed(counts.total, complete=counts.complete)
        print(line.format(indexed=counts.indexed, name=status["embedder"]))
    return 0


def _catch_up(memory: SemanticMemory) -> IndexCounts:
    done = 0
    while memory.index_step(STEP):
        done += STEP
        counts = memory.counts()
        progress = translate("Cli", "indexing… {indexed} of {total}")
        print("\r" + progress.format(indexed=counts.indexed, total=counts.total), end="", file=sys.stderr,
              flush=True)  # fmt: skip
    if done:
        print(file=sys.stderr)
    return memory.counts()
