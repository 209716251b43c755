"""The chat slot's KV cache kept on disk, so a restart resumes without reading the whole prompt again.

A 3B model on a laptop CPU evaluates a 2,500-token prompt in a minute or more; loading the cache it left
takes a fraction of a second. The caller (the core) decides *whether* and *where* (never beside an
encrypted diary) and asks with ``GenerationRequest.saved_state``; this module only writes and reads.

* **Save** exactly the tokens of a prompt the next one will start with (the caller prefills them first), so
  after a restart the saved sequence is a prefix of the new prompt.
* **Verify, never trust.** The file names the model it was made with (tokenizer digest, file size, context
  size, KV type, llama.cpp's state format via its size check) and the exact token sequence, and ends with a
  SHA-256 of everything before it. A file for another model, a damaged or truncated file, or one whose
  tokens are not a prefix of the new prompt is ignored with a log line (no diary text in logs).
* **Bounded, atomic, private.** Not written past ``max_bytes``; written to a temporary file (mode 0600),
  flushed to disk and renamed over the old one, so a crash leaves the old file or the new one.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import logging
import os
import struct
import time
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import llama_cpp

from app.llm.slots import KVSlot

log = logging.getLogger(__name__)

MAGIC = b"HEARTHKV"
FORMAT = 1
_DIGEST = 32


@dataclass(frozen=True)
class StateOutcome:
    """What a save or a restore did (for the job's stats and the benchmarks)."""

    tokens: int = 0  # tokens whose KV was written or restored (0: nothing)
    bytes: int = 0
    ms: float = 0.0


def save(slot: KVSlot, path: Path, identity: dict[str, object], max_bytes: int) -> StateOutcome:
    """Write the slot's cache (all of ``slot.tokens``) to ``path``; nothing past ``max_bytes``."""
    started = time.perf_counter()
    ctx = slot.ctx.ctx
    size = int(llama_cpp.llama_state_seq_get_size(ctx, 0))
    if not slot.tokens or size <= 0 or size > max_bytes:
        log.info("the chat's cache was not kept: %d bytes (limit %d)", size, max_bytes)
        path.unlink(missing_ok=True)  # an older state no longer matches what the chat holds
        return StateOutcome()
    buffer = (ctypes.c_uint8 * size)()
    written = int(llama_cpp.llama_state_seq_get_data(ctx, buffer, size, 0))
    if written <= 0:
        log.warning("llama.cpp could not copy the chat's cache")
        return StateOutcome()
    header = json.dumps(identity, sort_keys=True).encode()
    tokens = array("i", slot.tokens).tobytes()
    body = b"".join(
        (
            MAGIC,
            struct.pack("<III", FORMAT, len(header), len(slot.tokens)),
            header,
            tokens,
            struct.pack("<Q", written),
            memoryview(buffer)[:written],
        )
    )
    _write_atomically(path, body + hashlib.sha256(body).digest())
    elapsed = (time.perf_counter() - started) * 1000
    log.info("kept the chat's cache: %d tokens, %d bytes, %.0f ms", len(slot.tokens), len(body), elapsed)
    return StateOutcome(len(slot.tokens), len(body) + _DIGEST, elapsed)


def restore(slot: KVSlot, path: Path, identity: dict[str, object], prompt: Sequence[int]) -> StateOutcome:
    """Fill an empty slot from ``path`` if it was made by this model and its tokens start ``prompt``."""
    started = time.perf_counter()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return StateOutcome()
    except OSError as exc:
        log.warning("the saved chat cache could not be read (%s); the prompt is read instead", exc.strerror)
        return StateOutcome()
    parsed = _parse(data, identity)
    if isinstance(parsed, str):
        log.warning("the saved chat cache was ignored: %s", parsed)
        return StateOutcome()
    tokens, state = parsed
    if len(tokens) > len(prompt) or list(prompt[: len(tokens)]) != tokens:
        log.info("the saved chat cache was ignored: the conversation changed since it was kept")
        return StateOutcome()
    slot.clear()
    buffer = (ctypes.c_uint8 * len(state)).from_buffer_copy(state)
    if int(llama_cpp.llama_state_seq_set_data(slot.ctx.ctx, buffer, len(state), 0)) <= 0:
        slot.clear()
        log.warning("the saved chat cache was ignored: llama.cpp refused it")
        return StateOutcome()
    slot.adopt(tokens)
    elapsed = (time.perf_counter() - started) * 1000
    log.info("resumed the chat's cache: %d tokens, %d bytes, %.0f ms", len(tokens), len(data), elapsed)
    return StateOutcome(len(tokens), len(data), elapsed)


def _parse(data: bytes, identity: dict[str, object]) -> tuple[list[int], bytes] | str:
    """(tokens, llama.cpp state) of a file, or why it cannot be used."""
    fixed = len(MAGIC) + 12
    if len(data) < fixed + 8 + _DIGEST or not data.startswith(MAGIC):
        return "not a Hearth cache file"
    if hashlib.sha256(data[:-_DIGEST]).digest() != data[-_DIGEST:]:
        return "the file is damaged or incomplete"
    version, header_len, n_tokens = struct.unpack_from("<III", data, len(MAGIC))
    if version != FORMAT:
        return f"format {version}, not {FORMAT}"
    header_end = fixed + header_len
    try:
        saved_identity = json.loads(data[fixed:header_end])
    except ValueError:
        return "its header cannot be read"
    if saved_identity != json.loads(json.dumps(identity, sort_keys=True)):
        return "it was made with another model or other settings"
    tokens_end = header_end + 4 * n_tokens
    (state_len,) = struct.unpack_from("<Q", data, tokens_end)
    state = data[tokens_end + 8 : -_DIGEST]
    if state_len != len(state) or n_tokens == 0:
        return "its size does not add up"
    return array("i", data[header_end:tokens_end]).tolist(), state


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
