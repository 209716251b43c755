"""The desktop app imports the local engine (llama.cpp's bindings) before its event loop starts, not on the
loading worker beside the window being built (``app.llm.loading.import_local_engine``); a model on a server
does not need it and does not import it. Each case in a fresh interpreter: this one has imported it already.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECK = """
import sys
from app.config import ModelSettings
from app.llm.loading import import_local_engine
assert "llama_cpp" not in sys.modules
import_local_engine(ModelSettings(server_url=sys.argv[1]))
print("llama_cpp" in sys.modules, "app.llm.engine" in sys.modules)
"""


def _imported_after(server_url: str) -> str:
    done = subprocess.run([sys.executable, "-c", CHECK, server_url], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout.strip()


def test_a_local_model_has_its_engine_imported_up_front() -> None:
    assert _imported_after("") == "True True"


def test_a_model_on_a_server_leaves_llama_cpp_unimported() -> None:
    assert _imported_after("http://127.0.0.1:8080") == "False False"
