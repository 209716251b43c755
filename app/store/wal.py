"""A diary's write-ahead log (``hearth.db-wal``) read the way SQLite's recovery reads it — without SQLite.

Why: SQLite replays the log at the first open after a crash, frame by frame, and stops at the first frame
whose checksum fails; every frame after it is dropped without a word, committed or not. A block of the log
damaged on disk therefore loses the entries written after it, silently. This module tells, before SQLite
looks, where that replay will stop and whether committed work lies past it (``lost_writes`` keeps a copy
and says so). It reads bytes only: the frame headers and checksums of an encrypted diary's log are over
the bytes as written, so it works alike on SQLCipher's log (no key needed).

The format (https://www.sqlite.org/fileformat.html#the_write_ahead_log): a 32-byte header — magic
(0x377f0682, or 0x377f0683 when the checksums run over big-endian words), format version, page size,
checkpoint sequence, salt-1, salt-2, checksum-1, checksum-2 (over the header's first 24 bytes) — then
frames: a 24-byte header (page number; the database's size in pages after a commit, 0 on any other
frame; salt-1; salt-2; checksum-1 and -2) and one page. A frame's checksum runs over its header's first
8 bytes and its page, seeded with the previous frame's (the first frame's with the log header's).

How a frame is judged:
- the replay: SQLite keeps frames while each carries the header's salts, a page number, and a checksum
  that matches the chain; it replays them up to the last commit frame among them (``replayed``);
- past the break, a frame is intact on its own when it carries the header's salts and its checksum
  matches when seeded with the previous frame's *stored* checksum (the chain goes on unbroken after a
  damaged page). An intact commit frame there is committed work SQLite will drop (``loses_commits``).
  Not damage: frames of an earlier generation of the log (SQLite restarts a log with new salts and
  overwrites it from the start, leaving older frames behind it), a partial last frame (a write cut
  short), and a transaction whose commit frame never made it (a crash mid-write: it never committed) —
  nor one whose commit frame reached the disk before a frame ahead of it did (a power cut mid-write):
  seeded with what stands in that frame's place, the commit frame's checksum fails. One crash mid-write
  does read as damage (review, from SQLite's ``walFrames``): a kill while SQLite rewrites the checksums of
  a transaction that spilled pages to the log before its commit — a rare false alarm, a copy kept and a
  hedged notice; and so does a power cut that misses a frame other than the one just before the commit;
- a header whose own checksum fails makes SQLite replay nothing: every frame is past the break.

The checksum is linear over 32-bit words (``s0 += x[i] + s1; s1 += x[i+1] + s0``, modulo 2**32), so a
frame's is ``M**pairs · seed + C · words`` with ``C`` the same coefficients for every frame: numpy checks
a chunk of 2,000 frames per matrix product, the log is read a chunk at a time, and a 44 MB log took 0.06 s
and 34 MB of memory here. A log beyond ``MAX_LOG_BYTES`` is not checked at all (a log line says so).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.typing as npt

MAGIC = 0x377F0682  # | 1: the checksums run over big-endian words
VERSION = 3007000
HEADER_BYTES = 32
FRAME_HEADER_BYTES = 24
MIN_PAGE, MAX_PAGE = 512, 65536
MAX_LOG_BYTES = 1 << 30  # a log this large is left to SQLite unchecked (a diary's is a few MB)
CHUNK_BYTES = 8 << 20  # frames read and checked at a time
_MASK = 0xFFFFFFFF

Words = npt.NDArray[np.uint64]


class NotAWal(ValueError):
    """The file is not a write-ahead log this module can read (or too large to check): left to SQLite."""


class UnreadableHeader(NotAWal):
    """The log's first bytes are not a header SQLite takes (no magic, no page size). SQLite then replays none
    of it — yet SQLite writes a log's header whole before its frames, so a log that has frames and no header
    lost its first block: whatever it held is dropped (review, session 24)."""


@dataclass(frozen=True)
class WalShape:
    """What SQLite's recovery will make of a log, and what lies past the point where it stops."""

    page_size: int
    frames: int  # whole frames in the file
    replayed: int  # frames SQLite replays: up to the last commit frame before the first bad one
    break_at: int | None  # the first frame SQLite will not accept (0-based; 0 with a damaged header)
    intact_after_break: int  # frames from ``break_at`` on with the header's salts and a matching checksum
    commits_after_break: int  # commit frames among them: each a transaction SQLite will drop

    @property
    def loses_commits(self) -> bool:
        """Committed work lies past the break: SQLite will drop it without a word."""
        return self.commits_after_break > 0


@dataclass(frozen=True)
class _Header:
    big_endian: bool
    page_size: int
    salts: tuple[int, int]
    checksum: tuple[int, int]  # as stored: the first frame's seed
    intact: bool  # the header's checksum matches (else SQLite replays nothing)

    @property
    def frame_bytes(self) -> int:
        return FRAME_HEADER_BYTES + self.page_size


def read_wal(path: Path, *, max_bytes: int = MAX_LOG_BYTES) -> WalShape:
    """The shape of the log at ``path``; ``NotAWal`` for anything SQLite would not take for one (or one
    over ``max_bytes``), ``OSError`` when it cannot be read. A log too short for a header is empty."""
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > max_bytes:
            raise NotAWal(f"a log of {size} bytes is over the {max_bytes} checked")
        raw = fh.read(HEADER_BYTES)
        if len(raw) < HEADER_BYTES:
            return WalShape(0, 0, 0, None, 0, 0)
        header = _header(raw)
        scan = _Scan(header)
        for chunk in _chunks(fh, (size - HEADER_BYTES) // header.frame_bytes, header.frame_bytes):
            scan.feed(chunk)
        return scan.shape()


def parse_wal(data: bytes) -> WalShape:
    """The shape of a log held in memory (tests, and logs already read)."""
    if len(data) < HEADER_BYTES:
        return WalShape(0, 0, 0, None, 0, 0)
    header = _header(data[:HEADER_BYTES])
    scan = _Scan(header)
    frames = (len(data) - HEADER_BYTES) // header.frame_bytes
    per_chunk = max(1, CHUNK_BYTES // header.frame_bytes)
    for first in range(0, frames, per_chunk):
        count = min(per_chunk, frames - first)
        start = HEADER_BYTES + first * header.frame_bytes
        scan.feed(data[start : start + count * header.frame_bytes])
    return scan.shape()


def _header(raw: bytes) -> _Header:
    """The log header, refused (``NotAWal``) where SQLite would refuse it or ignore the log for its format."""
    magic, version, page_size, _sequence, salt1, salt2, sum1, sum2 = struct.unpack(">8I", raw)
    if magic & ~1 != MAGIC:
        raise UnreadableHeader("no write-ahead log magic")
    if page_size & (page_size - 1) or not MIN_PAGE <= page_size <= MAX_PAGE:
        raise UnreadableHeader(f"page size {page_size}")
    big_endian = bool(magic & 1)
    intact = checksum(raw[:24], big_endian) == (sum1, sum2)
    if intact and version != VERSION:
        raise NotAWal(f"format version {version}")  # SQLite refuses to open it, loudly
    return _Header(big_endian, page_size, (salt1, salt2), (sum1, sum2), intact)


def checksum(data: bytes, big_endian: bool, seed: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """SQLite's checksum over ``data`` (a multiple of 8 bytes), word by word (the header's; a reference)."""
    s0, s1 = seed
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for first, second in zip(words[::2], words[1::2], strict=True):
        s0 = (s0 + first + s1) & _MASK
        s1 = (s1 + second + s0) & _MASK
    return s0, s1


def _chunks(fh: BinaryIO, frames: int, frame_bytes: int) -> Iterator[bytes]:
    """Whole frames, ``CHUNK_BYTES`` at a time; a file that shrank meanwhile ends early."""
    per_chunk = max(1, CHUNK_BYTES // frame_bytes)
    left = frames
    while left > 0:
        want = min(per_chunk, left) * frame_bytes
        data = fh.read(want)
        whole = len(data) - len(data) % frame_bytes
        if whole:
            yield data[:whole]
        if len(data) < want:
            return
        left -= want // frame_bytes


class _Scan:
    """Frames fed in order, chunk by chunk: where the replay stops, and what is intact past it."""

    def __init__(self, header: _Header) -> None:
        self._header = header
        self._coefficients = _coefficients(header.page_size)
        self._step = _matrix_power(1 + header.page_size // 8)  # M**pairs, transposed for row vectors
        self._dtype = np.dtype(">u4" if header.big_endian else "<u4")
        self._previous = np.array([header.checksum], dtype=np.uint64)  # the stored checksum before a frame
        self._seen = 0
        self._break_at: int | None = None if header.intact else 0
        self._last_commit = 0  # frames replayed so far: through the last commit frame before the break
        self._intact_after = 0
        self._commits_after = 0

    def feed(self, chunk: bytes) -> None:
        frames = np.frombuffer(chunk, dtype=np.uint8).reshape(-1, self._header.frame_bytes)
        fields = frames[:, :FRAME_HEADER_BYTES].view(">u4").astype(np.uint64)  # always big-endian
        stored = fields[:, 4:6]
        seeds = np.concatenate((self._previous, stored[:-1]))
        expected = (seeds @ self._step + self._sums(frames)) & _MASK
        salts = np.array(self._header.salts, dtype=np.uint64)
        ok = (fields[:, 2:4] == salts).all(axis=1) & (fields[:, 0] != 0) & (expected == stored).all(axis=1)
        commit = ok & (fields[:, 1] != 0)
        self._count(ok, commit)
        self._previous = stored[-1:]
        self._seen += len(frames)

    def _sums(self, frames: npt.NDArray[np.uint8]) -> Words:
        """Each frame's contribution to its checksum (the seed's part is added apart)."""
        head = frames[:, :8].view(self._dtype).astype(np.uint64)
        page = frames[:, FRAME_HEADER_BYTES:].view(self._dtype).astype(np.uint64)
        sums: Words = head @ self._coefficients[:2] + page @ self._coefficients[2:]
        return sums

    def _count(self, ok: npt.NDArray[np.bool_], commit: npt.NDArray[np.bool_]) -> None:
        after = np.zeros(len(ok), dtype=bool)
        if self._break_at is None:
            bad = np.flatnonzero(~ok)
            end = int(bad[0]) if len(bad) else len(ok)
            commits = np.flatnonzero(commit[:end])
            if len(commits):
                self._last_commit = self._seen + int(commits[-1]) + 1
            if len(bad):
                self._break_at = self._seen + end
                after[end:] = True
        else:
            after[:] = True
        self._intact_after += int((ok & after).sum())
        self._commits_after += int((commit & after).sum())

    def shape(self) -> WalShape:
        return WalShape(self._header.page_size, self._seen, self._last_commit, self._break_at,
                        self._intact_after, self._commits_after)


def _coefficients(page_size: int) -> Words:
    """How much each word of a frame (its header's first 8 bytes, then its page) adds to (checksum-1,
    checksum-2): word pair ``i`` of ``n`` goes through ``M**(n-1-i)`` with ``M = [[1, 1], [1, 2]]``, the
    first word of a pair as ``(1, 1)`` (it enters both sums), the second as ``(0, 1)``."""
    pairs = 1 + page_size // 8
    rows = np.zeros((2 * pairs, 2), dtype=np.uint64)
    power = ((1, 0), (0, 1))  # M**0, then M**1, ... walking back from the last pair
    for pair in range(pairs - 1, -1, -1):
        (a, b), (c, d) = power
        rows[2 * pair] = ((a + b) & _MASK, (c + d) & _MASK)
        rows[2 * pair + 1] = (b, d)
        power = _times_m(power)
    return rows


def _matrix_power(pairs: int) -> Words:
    """``M**pairs`` (how a frame carries its seed into its checksum), transposed: ``seeds @ it``."""
    power = ((1, 0), (0, 1))
    for _ in range(pairs):
        power = _times_m(power)
    (a, b), (c, d) = power
    return np.array(((a, c), (b, d)), dtype=np.uint64)


def _times_m(power: tuple[tuple[int, int], tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    """``M · power`` modulo 2**32 (the step of one word pair: ``s0' = s0 + s1``, ``s1' = s0 + 2·s1``)."""
    (a, b), (c, d) = power
    return ((a + c) & _MASK, (b + d) & _MASK), ((a + 2 * c) & _MASK, (b + 2 * d) & _MASK)
