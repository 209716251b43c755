"""The packaged app's entry point: the same ``hearth`` command a pip install gets (``app.cli:main``)."""

import sys

from app.cli import main

if __name__ == "__main__":
    sys.exit(main())
