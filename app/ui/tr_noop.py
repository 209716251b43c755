"""``QT_TRANSLATE_NOOP`` without Qt: marks a source text for pyside6-lupdate in modules the CLI imports."""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Mark ``text`` for translation in ``context`` and return it unchanged (PySide6's own is typed as
    returning ``object``, and the CLI must not import Qt); translate it where it is shown."""
    return text
