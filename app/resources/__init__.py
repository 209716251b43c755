"""The files Hearth ships beside its code: prompts, style sheets, icons, the .desktop file, the model catalog.

They are package data of ``app.resources`` and are found through ``importlib.resources``, never through a
path climbed up from ``__file__`` to a source checkout: a wheel or a plain ``pip install .`` has no checkout,
only the installed package, and ``importlib.resources`` finds the data wherever the import system found
the code (site-packages, an editable checkout, a zip). Everything lives in this one folder, so there is one
copy to edit; ``pyproject.toml`` (``[tool.setuptools.package-data]``) lists what goes into the wheel.

Nothing here imports PySide6: ``app.core`` reads its prompts and ``app.llm`` its catalog through this module.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable
from pathlib import Path

PROMPTS = "prompts"  # NAME.txt, string.Template text (app.core.prompt.templates)
STYLES = "styles"  # base.qss + light.qss / dark.qss (app.ui.theme)
ICONS = "icons"  # hearth.svg and its 256 px PNG rendering
DESKTOP_FILE = "hearth.desktop"  # the freedesktop launcher entry
CATALOG = "catalog.toml"  # recommended models (app.llm.catalog)

_extracted = ExitStack()  # files copied out of a zipped install, removed at exit
atexit.register(_extracted.close)


def resource(*parts: str) -> Traversable:
    """The bundled resource ``parts`` below this package (it may not exist: check ``is_file()``)."""
    node = files(__name__)
    for part in parts:
        node = node / part
    return node


def read_text(*parts: str) -> str:
    """The UTF-8 text of a bundled file; ``FileNotFoundError`` if it was not shipped."""
    return resource(*parts).read_text(encoding="utf-8")


def resource_path(*parts: str) -> Path:
    """A real file-system path of a bundled file, for callers that need one (Qt's loaders, ``stat``).

    An installed package on disk (wheel, ``pip install .``, editable checkout) already is files, so this is
    the path itself; only a zipped install needs the file copied out, once, to a temporary file kept until
    the process exits.
    """
    node = resource(*parts)
    if isinstance(node, Path):
        return node
    if not node.is_file():
        raise FileNotFoundError(f"Hearth resource {'/'.join(parts)} is not bundled")
    return _extracted.enter_context(as_file(node))
