"""Model layer: llama.cpp engine on one owner thread, the model catalog, downloads, the bundled tiny model.

Never imports PySide6.
"""
