"""The packaged app's entry point: the same ``hearth`` command a pip install gets (``app.cli:main``).

The app's meaning model runs in a child process started from this same executable (a packaged app has no
``python -m``): with ``WORKER_ARGUMENT`` first, it is that child, and imports neither Qt nor the CLI.
"""

import sys

from app.llm.embedding_process import WORKER_ARGUMENT

if __name__ == "__main__":
    if sys.argv[1:2] == [WORKER_ARGUMENT]:
        from app.llm.embedding_process import main as serve_embeddings

        sys.exit(serve_embeddings(sys.argv[2:]))
    from app.cli import main

    sys.exit(main())
