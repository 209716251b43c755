"""Token counts for a model that runs on a server: exact where the server can tell, else a flagged estimate.

The prompt budget needs the number of tokens a chat costs *as the server evaluates it* (its model's
tokenizer and chat template). Three ways, best first, chosen by ``choose_counter``:

- ``TemplateCounter`` (llama.cpp's ``llama-server``): ``/apply-template`` renders the chat with the model's
  own template, ``/tokenize`` counts it. Exact by construction.
- ``ProbedCounter`` (llama-cpp-python's server): ``/extras/tokenize`` counts text exactly, but the server
  cannot render a template. A chat template puts a fixed number of tokens around each message, so four
  tiny probe chats (their ``usage.prompt_tokens``) measure those overheads. Content is counted after the
  separator the template puts before it (ChatML: a newline), since leading spaces merge with it; two
  check chats (Cyrillic; leading spaces and emoji) pick that separator and confirm the prediction. Only a
  passed check makes the counts "exact"; otherwise they are an estimate.
- ``EstimatedCounter``: nothing to ask. UTF-8 bytes / 3 (Cyrillic costs ~2 bytes a letter, so this does
  not undercount it the way characters / 4 would) plus a per-message allowance. ``exact`` is False: the
  gauge shows "≈" and the engine keeps a safety margin off the context.

Counts of the same text repeat constantly (the budget recounts the stable prefix each keystroke), so
text counts are memoised.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Protocol

from app.llm.errors import ServerError
from app.llm.server_http import HttpClient
from app.llm.types import ChatMessage

MEMO_SIZE = 4096
ESTIMATE_BYTES_PER_TOKEN = 3.0
ESTIMATE_MESSAGE_OVERHEAD = 6
ESTIMATE_GENERATION_PROMPT = 4

Probe = Callable[[Sequence[ChatMessage]], int]  # a chat → the server's usage.prompt_tokens for it
Gate = Callable[[], AbstractContextManager[None]]  # entered around a request to the server


class TokenCounter(Protocol):
    exact: bool
    kind: str

    def count(self, text: str) -> int: ...

    def count_chat(self, messages: Sequence[ChatMessage], add_generation_prompt: bool) -> int: ...


class _Memo:
    """A small thread-safe memo of text → count (cleared when full: counting is cheap, just not free)."""

    def __init__(self, count: Callable[[str], int]) -> None:
        self._count = count
        self._memo: dict[str, int] = {}
        self._lock = threading.Lock()

    def __call__(self, text: str) -> int:
        with self._lock:
            n = self._memo.get(text)
        if n is None:
            n = self._count(text)
            with self._lock:
                if len(self._memo) >= MEMO_SIZE:
                    self._memo.clear()
                self._memo[text] = n
        return n


class EstimatedCounter:
    """An estimate, flagged as such (``exact = False``)."""

    exact = False
    kind = "estimate"

    def count(self, text: str) -> int:
        return math.ceil(len(text.encode("utf-8")) / ESTIMATE_BYTES_PER_TOKEN)

    def count_chat(self, messages: Sequence[ChatMessage], add_generation_prompt: bool) -> int:
        body = sum(self.count(m["content"]) + ESTIMATE_MESSAGE_OVERHEAD for m in messages)
        return body + (ESTIMATE_GENERATION_PROMPT if add_generation_prompt else 0)


class TemplateCounter:
    """llama.cpp's server: its own template and tokenizer, so the count is what it will evaluate."""

    exact = True
    kind = "template"

    def __init__(self, client: HttpClient) -> None:
        self._client = client
        self._memo = _Memo(self._count_text)

    def count(self, text: str) -> int:
        return self._memo(text)

    def _count_text(self, text: str) -> int:
        body = {"content": text, "add_special": False, "parse_special": True}
        return len(self._client.post_json("/tokenize", body).get("tokens", []))

    def count_chat(self, messages: Sequence[ChatMessage], add_generation_prompt: bool) -> int:
        body = {"messages": list(messages), "add_generation_prompt": add_generation_prompt}
        prompt = str(self._client.post_json("/apply-template", body).get("prompt", ""))
        tokenized = {"content": prompt, "add_special": True, "parse_special": True}
        return len(self._client.post_json("/tokenize", tokenized).get("tokens", []))


@dataclass(frozen=True)
class TemplateShape:
    """What a chat template adds, in tokens, measured by probes (see ``ProbedCounter``)."""

    first_system: int  # BOS + generation prompt + the first (system) message's wrapping
    no_system: int  # the same when the chat starts without a system message (templates may add one)
    user: int  # wrapping of a user message
    assistant: int  # wrapping of an assistant message
    generation: int  # the generation prompt alone (assistant header): assumed assistant wrapping - 2


class ProbedCounter:
    """llama-cpp-python's server: exact text counts, chat overheads measured once (``calibrate``)."""

    kind = "probed"

    def __init__(self, client: HttpClient, model: str, gate: Gate = nullcontext) -> None:
        self._client = client
        self._model = model
        self._gate = gate  # around each request: takes turns with the model's streams (``server_gate``)
        self._raw = _Memo(self._tokenize)
        self.exact = False
        self.shape: TemplateShape | None = None
        self._bos = 0
        self.separator = ""  # what the template puts right before a message's content

    def _tokenize(self, text: str) -> int:
        body = {"input": text, "model": self._model}
        with self._gate():
            return len(self._client.post_json("/extras/tokenize", body).get("tokens", []))

    def count(self, text: str) -> int:
        """Tokens of ``text`` without BOS (the server's tokenizer adds one where the model wants it)."""
        return self._raw(text) - self._bos

    def _content(self, text: str) -> int:
        """Tokens ``text`` adds after the template's separator (leading spaces may merge into it)."""
        if not self.separator:
            return self.count(text)
        return self.count(self.separator + text) - self.count(self.separator)

    def calibrate(self, probe: Probe) -> bool:
        """Measure the template's overheads with probe chats; True if a check chat then counts exactly."""
        self._bos = self._raw("")
        t = self.count
        a, b, c, d = "Diary.", "I walked.", "Nice walk.", "Rain later."
        first = probe([_m("system", a)]) - t(a)
        user = probe([_m("system", a), _m("user", b)]) - first - t(a) - t(b)
        three = [_m("system", a), _m("user", b), _m("assistant", c), _m("user", d)]
        assistant = probe(three) - first - t(a) - 2 * user - t(b) - t(d) - t(c)
        no_system = probe([_m("user", b)]) - user - t(b)
        self.shape = TemplateShape(first, no_system, user, assistant, max(0, assistant - 2))
        checks = [
            [_m("system", "Пиши кратко."), _m("user", "Сегодня был тихий день."), _m("assistant", "Хорошо.")],
            [_m("system", "Notes"), _m("user", "  two spaces, rain 🌧️ and 12345  ")],
        ]
        truth = [probe(check) for check in checks]
        for separator in ("", "\n", " "):
            self.separator = separator
            if all(self.count_chat(check, True) == n for check, n in zip(checks, truth, strict=True)):
                self.exact = True
                return True
        self.separator, self.exact = "", False
        return False

    def count_chat(self, messages: Sequence[ChatMessage], add_generation_prompt: bool) -> int:
        shape = self.shape
        if shape is None:
            return EstimatedCounter().count_chat(messages, add_generation_prompt)
        starts_with_system = bool(messages) and messages[0]["role"] == "system"
        total = (shape.first_system - shape.user) if starts_with_system else shape.no_system
        for message in messages:
            wrap = shape.assistant if message["role"] == "assistant" else shape.user
            total += wrap + self._content(message["content"])
        return total if add_generation_prompt else total - shape.generation


def choose_counter(
    client: HttpClient, kind: str, model: str, probe: Probe, gate: Gate = nullcontext
) -> TokenCounter:
    """The best counter the server allows (``kind`` from ``server_engine.discover``). ``gate`` is entered
    around each count llama-cpp-python's server is asked for (``server_gate.StreamGate.request``)."""
    if kind == "llama.cpp":
        return TemplateCounter(client)
    if kind == "llama-cpp-python":
        counter = ProbedCounter(client, model, gate)
        try:
            counter.calibrate(probe)
        except ServerError:
            return EstimatedCounter()
        return counter
    return EstimatedCounter()


def _m(role: str, content: str) -> ChatMessage:
    return {"role": role, "content": content}  # type: ignore[typeddict-item]
