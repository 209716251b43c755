"""Hearth: a local-first diary companion.

Layers, each importing only the ones below it (nothing below ``ui`` imports PySide6):
``ui`` → ``cli`` → ``core`` → ``llm`` / ``store`` → ``config``.
"""

__version__ = "0.1.0"
