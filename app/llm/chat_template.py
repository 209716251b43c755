"""Render a chat through the GGUF's own chat template, and tokenize it exactly as it will be evaluated.

Why render ourselves instead of calling ``Llama.create_chat_completion``: the engine evaluates the
very token list that ``count_chat_tokens`` counts, so the count the prompt budget relies on and what
llama.cpp processes are equal by construction. The Jinja environment is llama-cpp-python's own
``Jinja2ChatFormatter`` (the same sandbox, ``trim_blocks``/``lstrip_blocks``, ``tojson``,
``strftime_now`` and ``raise_exception`` that Hugging Face templates expect).

BOS: llama-cpp-python's template handler never adds one (templates that want it write ``bos_token``);
llama.cpp itself adds it when the vocabulary asks for it. We add it when the vocabulary asks for it
*and* the rendered text does not already start with it — never two, never none where one is expected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from llama_cpp.llama_chat_format import Jinja2ChatFormatter

from app.llm.types import ChatMessage

# Used when a GGUF carries no template at all (old conversions): ChatML, the most common format.
FALLBACK_TEMPLATE = (
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + "
    "'<|im_end|>' + '\n'}}{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


class ChatTemplate:
    """The model's chat template bound to its BOS/EOS texts and tokenizer."""

    def __init__(
        self,
        template: str | None,
        *,
        bos_text: str,
        eos_text: str,
        add_bos: bool,
        tokenize: Callable[[bytes, bool, bool], list[int]],
    ) -> None:
        self.source = template or FALLBACK_TEMPLATE
        self.is_fallback = template is None
        self.bos_text = bos_text
        self.add_bos = add_bos
        self._tokenize = tokenize
        self._formatters = {
            flag: Jinja2ChatFormatter(
                template=self.source, eos_token=eos_text, bos_token=bos_text, add_generation_prompt=flag
            )
            for flag in (True, False)
        }

    def render(self, messages: Sequence[ChatMessage], *, add_generation_prompt: bool = True) -> str:
        """The prompt text exactly as the template produces it."""
        formatter = self._formatters[add_generation_prompt]
        plain: list[Any] = [{"role": m["role"], "content": m["content"]} for m in messages]
        return formatter(messages=plain).prompt

    def tokens(self, messages: Sequence[ChatMessage], *, add_generation_prompt: bool = True) -> list[int]:
        """Token ids of the rendered chat: special tokens parsed, BOS added as llama.cpp would."""
        return self.tokenize_prompt(self.render(messages, add_generation_prompt=add_generation_prompt))

    def tokenize_prompt(self, prompt: str) -> list[int]:
        wants_bos = self.add_bos and not (self.bos_text and prompt.startswith(self.bos_text))
        return self._tokenize(prompt.encode("utf-8"), wants_bos, True)
