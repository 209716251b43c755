"""An app for ``tests/test_download_process.py``: it starts a model download and waits for stdin to close.

``python -m tests.download_app_driver ENDPOINT DEST ENTRY_JSON`` runs ``app.llm.download.download_model``
on a daemon thread (as the GUI's worker does), says ``started`` on stdout, and returns once its stdin ends —
an app that exits while its download's child is mid-transfer. Or the test kills it.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
from pathlib import Path

from app.llm.catalog import CatalogEntry
from app.llm.download import download_model


def run_app(endpoint: str, dest: Path, entry: CatalogEntry) -> int:
    def download() -> None:
        with contextlib.suppress(Exception):  # the test looks at the files and processes, not at this
            download_model(entry, dest, endpoint=endpoint)

    threading.Thread(target=download, daemon=True).start()
    print("started", flush=True)  # noqa: T201
    sys.stdin.read()  # until the test closes it, or kills this process
    return 0


if __name__ == "__main__":
    fields = json.loads(sys.argv[3])
    fields["languages"] = tuple(fields["languages"])
    sys.exit(run_app(sys.argv[1], Path(sys.argv[2]), CatalogEntry(**fields)))
