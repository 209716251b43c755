"""The model's vocabulary: tokenize and detokenize without touching a context.

Tokenizing only reads the vocabulary, which llama.cpp never mutates after loading (llama-server
tokenizes on its HTTP threads while decoding elsewhere), so these calls are safe from any thread and
do not wait for the model-owner thread: the GUI can count a draft while a reply streams. ctypes
releases the GIL during the call.
"""

from __future__ import annotations

import ctypes

import llama_cpp
from llama_cpp import _internals as internals


class Vocab:
    def __init__(self, model: internals.LlamaModel) -> None:
        self._vocab = model.vocab
        self.n_vocab = llama_cpp.llama_vocab_n_tokens(self._vocab)
        self.add_bos = bool(llama_cpp.llama_vocab_get_add_bos(self._vocab))
        self.bos_id = llama_cpp.llama_vocab_bos(self._vocab)
        self.eos_id = llama_cpp.llama_vocab_eos(self._vocab)
        self.bos_text = self.token_text(self.bos_id)
        self.eos_text = self.token_text(self.eos_id)

    def token_text(self, token: int) -> str:
        if token < 0:
            return ""
        raw = llama_cpp.llama_vocab_get_text(self._vocab, token)
        return raw.decode("utf-8", errors="replace") if raw else ""

    def tokenize(self, text: bytes, add_bos: bool, special: bool) -> list[int]:
        capacity = len(text) + 8
        buf = (llama_cpp.llama_token * capacity)()
        n = llama_cpp.llama_tokenize(self._vocab, text, len(text), buf, capacity, add_bos, special)
        if n < 0:
            capacity = -n
            buf = (llama_cpp.llama_token * capacity)()
            n = llama_cpp.llama_tokenize(self._vocab, text, len(text), buf, capacity, add_bos, special)
            if n < 0:
                raise RuntimeError("llama.cpp failed to tokenize the text")
        return list(buf[:n])

    def piece(self, token: int) -> bytes:
        """The bytes a generated token stands for (control tokens render as nothing)."""
        size = 64
        buf = ctypes.create_string_buffer(size)
        n = llama_cpp.llama_token_to_piece(self._vocab, token, buf, size, 0, False)
        if n < 0:
            size = -n
            buf = ctypes.create_string_buffer(size)
            n = llama_cpp.llama_token_to_piece(self._vocab, token, buf, size, 0, False)
        return buf.raw[: max(n, 0)]

    def is_end_of_generation(self, token: int) -> bool:
        return bool(llama_cpp.llama_vocab_is_eog(self._vocab, token))
