"""The packaged app's entry point: the same ``hearth`` command a pip install gets (``app.cli:main``).

The app's model, its meaning model and a model download's transfer run in child processes started from
this same executable (a packaged app has no ``python -m``): with a worker argument first, it is that
child, and imports neither Qt nor the CLI.
"""

import sys

from app.llm.child_process import MODEL_WORKER_ARGUMENT as MODEL_WORKER
from app.llm.download_process import WORKER_ARGUMENT as DOWNLOAD_WORKER
from app.llm.embedding_process import WORKER_ARGUMENT as EMBEDDING_WORKER

if __name__ == "__main__":
    if sys.argv[1:2] == [EMBEDDING_WORKER]:
        from app.llm.embedding_process import main as serve_embeddings

        sys.exit(serve_embeddings(sys.argv[2:]))
    if sys.argv[1:2] == [MODEL_WORKER]:
        from app.llm.model_process import main as serve_model

        sys.exit(serve_model(sys.argv[2:]))
    if sys.argv[1:2] == [DOWNLOAD_WORKER]:
        from app.llm.download_process import main as run_download

        sys.exit(run_download(sys.argv[2:]))
    from app.cli import main

    sys.exit(main())
