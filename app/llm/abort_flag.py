"""A stop flag llama.cpp reads inside a batch without taking Python's lock.

llama.cpp asks its abort callback after every node of the compute graph — hundreds of times per prompt
batch. A callback written in Python takes Python's lock each time, from a thread running at the model's low
priority (``priority.MODEL_NICE``): when another program's thread pushed it aside while it held the lock,
the window's thread waited for the lock (the UI bench saw a 26 ms frame, 26 ms of it blocked, with the model
owner inside a prompt batch). The callback here is native code: the C library's ``strlen`` reading a
two-byte buffer — 0 while the job may run, 1 once it should stop; llama.cpp's callback returns ``bool``,
and a length of 0 or 1 is exactly that on every C calling convention Hearth runs on (x86-64, arm64: the
result register's low byte). Python only writes the byte when the job is cancelled or pre-empted.
"""

from __future__ import annotations

import ctypes
import sys
import threading
from collections.abc import Callable

_RUN, _STOP = b"\x00", b"\x01"


def _strlen_address() -> int:
    """The C library's ``strlen`` (its address is handed to llama.cpp; it is never called from Python)."""
    # POSIX: the process's own symbols include the C library's (find_library would run ldconfig at import)
    libc = ctypes.cdll.msvcrt if sys.platform == "win32" else ctypes.CDLL(None)
    address = ctypes.cast(libc.strlen, ctypes.c_void_p).value
    assert address, "the C library has no strlen"
    return address


NATIVE_CALLBACK = _strlen_address()  # ``ggml_abort_callback``: bool (*)(void *data)


class AbortFlag:
    """One byte: 0 while the job may run, 1 once it should stop; llama.cpp gets ``NATIVE_CALLBACK`` and
    ``data``."""

    def __init__(self) -> None:
        self._buffer = ctypes.create_string_buffer(2)  # [flag, terminating zero]: strlen returns the flag

    @property
    def data(self) -> int:
        """The argument llama.cpp passes to the callback: the flag's address."""
        return ctypes.addressof(self._buffer)

    def set_to(self, stop: bool) -> None:
        self._buffer[0] = _STOP if stop else _RUN

    def is_set(self) -> bool:
        return self._buffer[0] != _RUN


class FlaggedEvent(threading.Event):
    """A ``threading.Event`` that reports each change to ``on_change`` (which mirrors it into a flag)."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        super().__init__()
        self._on_change = on_change

    def set(self) -> None:
        super().set()
        self._on_change()

    def clear(self) -> None:
        super().clear()
        self._on_change()


class StopRequests:
    """A job's two ways to stop — cancelled, pre-empted — as Events, mirrored into one ``AbortFlag``."""

    def __init__(self) -> None:
        self.flag = AbortFlag()
        self._lock = threading.Lock()  # each mirror reads both events after its own change, in turn
        self.cancel = FlaggedEvent(self._mirror)
        self.preempt = FlaggedEvent(self._mirror)

    def _mirror(self) -> None:
        with self._lock:
            self.flag.set_to(self.cancel.is_set() or self.preempt.is_set())
