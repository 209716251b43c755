"""The model in a process of its own, so writing a reply never holds the window's Python lock.

Why: llama.cpp computes without Python's lock, but the model's owner thread runs Python between its calls
(each token's sampling, decoding and streaming, each batch of a prompt), and every Python thread of a
process shares one lock. The UI bench's worst steady-state ticks were the window *blocked* on that lock,
and in 7 of 9 traced the thread last holding it was the model's, in ``slots._decode``: a thread at a low
priority that had taken the lock and then waited for a core, while the window waited for it. A child
process has its own interpreter and lock; the app's threads only read a pipe, which releases it.

``ProcessModel`` is a ``RunningModel`` like ``ModelEngine`` (the rest of the app does not notice):

* counting stays here and stays exact: this process loads the file's **vocabulary only** (no weights) and
  renders the chat with the same template code, so ``count_chat_tokens`` is what the child evaluates, and
  a prompt that cannot fit is refused here (``PromptTooLong``) before anything is sent;
* the child loads the weights and runs an ordinary ``ModelEngine`` (its owner thread, its two KV slots,
  pre-emption, the saved chat cache), so there is one implementation of a job, tested once;
* a job is sent as its request (minus its ``on_token`` callback), and comes back as streamed pieces, then
  its ``Completion`` or its error; ``cancel`` is a message, answered within the engine's usual second;
* the child's log lines (never diary text: the engine's own rules) are re-logged here under their logger;
  its stderr is not kept (a library's message or a traceback there could quote a diary entry);
* if the child dies (killed, out of memory), the jobs it held fail with ``ModelStopped`` and the next
  job starts a new one, up to ``MAX_STARTS``; it dies with the app (it exits when its stdin ends).

The app's default (``app.llm.loading`` has the UI bench's figures); ``HEARTH_MODEL_PROCESS=0`` keeps the
model in the app's own process.

Frames are a 4-byte length and a pickle, both ways. Pickle is safe here: both ends are this app's own
code, on a pipe only they hold.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import pickle
import struct
import subprocess
import sys
import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import IO, Any

from app.llm import child_process, errors, loader
from app.llm.engine import EngineConfig, LocalModel, ModelEngine, chat_template_for, checked_prompt
from app.llm.errors import EngineError, ModelStopped
from app.llm.gguf_header import GGUFInfo
from app.llm.owner import Settled
from app.llm.priority import MODEL_NICE, process_at_least
from app.llm.types import Completion, GenerationRequest, GenerationStats, JobHandle
from app.llm.vocab import Vocab

log = logging.getLogger(__name__)

# The packaged app's executable runs the child when its first argument is this (packaging/hearth_main.py).
WORKER_ARGUMENT = child_process.MODEL_WORKER_ARGUMENT
MAX_STARTS = 3  # children per model: the first, and two more after crashes
STOP_TIMEOUT_S = 10.0  # close(): the child cancels its jobs and exits; then it is killed
CALL_TIMEOUT_S = 30.0  # a call answers at once (the child's main thread, not the model's queue)
_LENGTH = struct.Struct("<I")
# What the app may ask the child's engine outside a job (answers are small and hold no diary text).
CALLS = frozenset({"forget_cache", "cached_tokens"})


def worker_command() -> list[str]:
    """How to start a child serving a model: this interpreter (or the packaged executable)."""
    return child_process.worker_command("app.llm.model_process", WORKER_ARGUMENT)


@dataclass(frozen=True)
class PortableError:
    """An error of the child's, as the app can rebuild it: the ``app.llm.errors`` class, message and hint."""

    kind: str
    message: str
    hint: str

    @classmethod
    def of(cls, exc: BaseException) -> PortableError:
        if isinstance(exc, EngineError):
            return cls(type(exc).__name__, str(exc), exc.hint)
        if isinstance(exc, ValueError):  # a request the engine refused; its message holds no diary text
            return cls("ValueError", str(exc), "")
        # Anything else is said by its type only: its message could quote what was being processed.
        return cls("EngineError", f"The model failed ({type(exc).__name__}).", "")

    def rebuild(self) -> Exception:
        if self.kind == "ValueError":
            return ValueError(self.message)
        kind = getattr(errors, self.kind, EngineError)
        if not (isinstance(kind, type) and issubclass(kind, EngineError)):
            kind = EngineError
        error = kind.__new__(kind)
        EngineError.__init__(error, self.message, self.hint)  # skips e.g. PromptTooLong's own arguments
        return error


class ProcessJob(Settled):
    """A job the child runs; implements ``app.llm.types.JobHandle``."""

    def __init__(
        self,
        model: ProcessModel,
        job_id: int,
        on_token: Callable[[str], None] | None,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self._model = model
        self.job_id = job_id
        self._on_token = on_token
        self._on_progress = on_progress
        self._done = threading.Event()
        self._result: Completion | None = None
        self._error: BaseException | None = None
        self._callback_error: BaseException | None = None
        self.text = ""  # streamed so far: what a job lost with its child had written

    def cancel(self) -> None:
        if not self._done.is_set():
            self._model.send_cancel(self.job_id)

    # -- the reader's side -----------------------------------------------------------------------------
    def piece(self, text: str) -> None:
        self.text += text
        if self._on_token is not None:
            self._call_back(self._on_token, text)

    def progress(self, done: int, total: int) -> None:
        if self._on_progress is not None:
            self._call_back(self._on_progress, done, total)

    def _call_back(self, callback: Callable[..., None], *args: object) -> None:
        """Run the caller's callback; as in the engine, one that raises fails the job with its error."""
        if self._callback_error is not None:
            return
        try:
            callback(*args)
        except Exception as exc:  # noqa: BLE001
            self._callback_error = exc
            self._model.send_cancel(self.job_id)

    def finish(self, completion: Completion | None, error: BaseException | None = None) -> None:
        if self._done.is_set():
            return
        self._result = completion
        self._error = self._callback_error or error
        self._done.set()


@dataclass(frozen=True)
class Callbacks:
    """Which of a request's callbacks the app holds: the child says each piece (``on_token``) and each
    batch of the prompt (``extra["on_progress"]``) for them."""

    pieces: bool
    progress: bool


@dataclass
class _Call:
    done: threading.Event
    value: object = None
    error: BaseException | None = None


@dataclass
class _Child:
    process: subprocess.Popen[bytes]
    writes: threading.Lock
    jobs: dict[int, ProcessJob]
    calls: dict[int, _Call]
    ended: bool = False


class ProcessModel(LocalModel):
    """A ``RunningModel`` whose weights and jobs live in a child process (see the module's docstring).

    Construct it to load, off the UI thread as every load. The child checks the file (header, memory) and
    loads it, raising the engine's own typed errors here; then this process reads the vocabulary alone.
    The header is read in the child, not here: its Python walk of a 151,936-token array took the window's
    lock at the UI bench's start (its worst ticks, on the 3B-shaped model)."""

    def __init__(self, config: EngineConfig, command: Sequence[str] | None = None) -> None:
        self.config = config
        self._command = list(command) if command is not None else worker_command()
        self._native_lock = threading.Lock()  # counting never races with freeing the vocabulary
        self._lock = threading.Lock()  # the child, its tables, the ids
        self._ids = itertools.count(1)
        self._child: _Child | None = None
        self._starts = 0
        self._closed = False
        self._facts: dict[str, Any] = {}
        self._n_ctx = 0
        self._last_tokens_per_s = 0.0
        self._finalizer: weakref.finalize | None = None
        with self._lock:
            self._running_child()
        self._info: GGUFInfo = self._facts["info"]
        try:
            self._vocab_model = loader.load_vocabulary(self._info)
        except BaseException:
            self._stop_now()
            raise
        self._vocab = Vocab(self._vocab_model)
        self._template = chat_template_for(self._info, self._vocab)  # the child's engine read it already

    # -- LanguageModel (counting: ``LocalModel``) ------------------------------------------------
    @property
    def child_pid(self) -> int | None:
        """The running child's process id (tests), None when none runs."""
        child = self._child
        return child.process.pid if child is not None and not child.ended else None

    def submit(self, request: GenerationRequest) -> JobHandle:
        """Queue a job in the child. Raises ``PromptTooLong`` here, before anything is sent."""
        self._check_open()
        tokens = checked_prompt(request, self._n_ctx, self.chat_tokens)
        extra = dict(request.extra)
        on_progress = extra.pop("on_progress", None)
        with self._lock:
            child = self._running_child()
            job = ProcessJob(self, next(self._ids), request.on_token, on_progress)
            child.jobs[job.job_id] = job
        sent = replace(request, on_token=None, extra=extra)  # callbacks stay here; the child says when
        callbacks = Callbacks(request.on_token is not None, bool(on_progress))
        self._send(child, ("submit", job.job_id, sent, tokens, callbacks))  # the child need not count again
        return job

    def _n_params(self) -> int | None:
        value = self._facts.get("n_params")
        return value if isinstance(value, int) else None

    def cached_tokens(self, slot: str = "chat") -> int:
        """How many tokens the child's slot holds (diagnostics, tests)."""
        value = self._call("cached_tokens", slot)
        return value if isinstance(value, int) else 0

    def forget_cache(self, slot: str = "chat") -> None:
        """Drop what the child's slot holds (the diary was locked); returns once it is dropped. A child
        that is not running holds nothing."""
        self._check_open()
        with contextlib.suppress(ModelStopped):
            self._call("forget_cache", slot)

    def pending_jobs(self) -> int:
        child = self._child
        return len(child.jobs) if child is not None else 0

    def close(self) -> None:
        """Stop the child: its running and queued jobs finish as cancelled, then it exits."""
        if self._stop_now():
            with self._native_lock:
                self._vocab_model.close()

    def _stop_now(self) -> bool:
        """Mark the model closed and stop its child; False if it was closed already."""
        with self._lock:
            if self._closed:
                return False
            self._closed = True
            finalizer = self._finalizer
        if finalizer is not None:
            finalizer()  # runs _stop once
        return True

    # -- the child ---------------------------------------------------------------------------------
    def _running_child(self) -> _Child:
        """The child, started (and loaded) if none runs. Called with ``_lock`` held.

        A child whose process has exited counts as ended even before its reader has read the end of its
        output: a job sent to it would only fail on the closed pipe ("not running") instead of starting
        the next child, or saying that the last allowed one stopped."""
        child = self._child
        if child is not None and not child.ended and child.process.poll() is None:
            return child
        if self._starts >= MAX_STARTS:
            raise ModelStopped(
                f"The model's process stopped {self._starts} times.",
                "Close other programs, lower the context size or choose a smaller model, then load it again.",
            )
        self._starts += 1
        try:
            process = subprocess.Popen(
                self._command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=child_process.CHILD_CWD,
                process_group=child_process.OWN_PROCESS_GROUP,  # a terminal's Ctrl+C is the app's alone
            )
        except OSError as exc:
            raise EngineError(f"The model's process could not start ({type(exc).__name__}).") from exc
        child = _Child(process, threading.Lock(), {}, {})
        if self._finalizer is not None:
            self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _stop, child)
        facts = self._load(child)
        self._facts = facts
        self._n_ctx = int(facts["n_ctx"])
        self._child = child
        threading.Thread(target=self._read, args=(child,), name="hearth-model-reader", daemon=True).start()
        return child

    def _load(self, child: _Child) -> dict[str, Any]:
        """Send the config, wait for the child's ready (or its load error)."""
        assert child.process.stdout is not None
        try:
            self._send(child, ("load", self.config))
            while True:
                frame = read_frame(child.process.stdout)
                if frame is None or frame[0] != "log":
                    break
                _relog(frame)
        except ModelStopped:
            frame = None
        if frame is not None and frame[0] == "ready":
            return dict(frame[1])
        _stop(child)
        if frame is not None and frame[0] == "failed":
            raise frame[1].rebuild()
        code = child.process.returncode
        raise ModelStopped(f"The model's process stopped while loading the model (exit code {code}).")

    def _send(self, child: _Child, message: tuple[object, ...]) -> None:
        assert child.process.stdin is not None
        try:
            write_frame(child.process.stdin, child.writes, message)
        except (OSError, ValueError) as exc:  # ValueError: the pipe was closed
            raise ModelStopped("The model's process is not running.") from exc

    def send_cancel(self, job_id: int) -> None:
        child = self._child
        if child is not None and not child.ended:
            with contextlib.suppress(ModelStopped):
                self._send(child, ("cancel", job_id))

    def _call(self, name: str, *args: object) -> object:
        self._check_open()
        with self._lock:
            child = self._running_child()
            call_id = next(self._ids)
            call = child.calls[call_id] = _Call(threading.Event())
        self._send(child, ("call", call_id, name, args))
        if not call.done.wait(CALL_TIMEOUT_S):
            with self._lock:
                child.calls.pop(call_id, None)
            raise ModelStopped("The model's process is not answering.")
        if call.error is not None:
            raise call.error
        return call.value

    def _read(self, child: _Child) -> None:
        """The reader thread: deliver what the child says until its stdout ends."""
        assert child.process.stdout is not None
        try:
            while (frame := read_frame(child.process.stdout)) is not None:
                self._deliver(child, frame)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError) as exc:
            log.error("the model's process said something unreadable (%s)", type(exc).__name__)
        finally:
            self._ended(child)

    def _deliver(self, child: _Child, frame: tuple[Any, ...]) -> None:
        kind = frame[0]
        if kind == "token":
            job = child.jobs.get(frame[1])
            if job is not None:
                job.piece(frame[2])
        elif kind == "progress":
            job = child.jobs.get(frame[1])
            if job is not None:
                job.progress(frame[2], frame[3])
        elif kind in ("done", "error"):
            with self._lock:
                job = child.jobs.pop(frame[1], None)
            if job is None:
                return
            if kind == "error":
                job.finish(None, frame[2].rebuild())
                return
            completion: Completion = frame[2]
            if completion.stats.completion_tokens > 1:
                self._last_tokens_per_s = completion.stats.tokens_per_s
            job.finish(completion)
        elif kind == "reply":
            with self._lock:
                call = child.calls.pop(frame[1], None)
            if call is not None:
                call.value, call.error = frame[2], frame[3].rebuild() if frame[3] is not None else None
                call.done.set()
        elif kind == "log":
            _relog(frame)

    def _ended(self, child: _Child) -> None:
        """The child's stdout ended: whatever it still held ends here — as cancelled when the app closed
        the model, else with ``ModelStopped``."""
        with self._lock:
            child.ended = True
            jobs, child.jobs = child.jobs, {}
            calls, child.calls = child.calls, {}
            closing = self._closed
        code = child.process.poll()
        if jobs and not closing:
            log.error("the model's process stopped with %d jobs (exit code %s)", len(jobs), code)
        for job in jobs.values():
            if closing:
                job.finish(_cancelled(job))
            else:
                job.finish(
                    None, ModelStopped(f"The model's process stopped while it worked (exit code {code}).")
                )
        for call in calls.values():
            call.error = ModelStopped("The model's process is not running.")
            call.done.set()


def _cancelled(job: ProcessJob) -> Completion:
    return Completion(text=job.text, stats=GenerationStats(), finish_reason="cancelled")


def _stop(child: _Child) -> None:
    """Close the child's stdin (it cancels its jobs and exits), wait a moment, then kill it."""
    child_process.stop_child(child.process, STOP_TIMEOUT_S)


def _relog(frame: tuple[Any, ...]) -> None:
    _, level, name, message = frame
    logging.getLogger(name).log(level, "%s", message)


def read_frame(pipe: IO[bytes]) -> tuple[Any, ...] | None:
    """The next message on ``pipe``, or None where it ends."""
    header = pipe.read(_LENGTH.size)
    if len(header) < _LENGTH.size:
        return None
    (size,) = _LENGTH.unpack(header)
    data = pipe.read(size)
    if len(data) < size:
        return None
    message = pickle.loads(data)  # noqa: S301 - this app's own child, on a pipe only it holds
    if not isinstance(message, tuple) or not message:
        raise ValueError("not a message")
    return message


def write_frame(pipe: IO[bytes], lock: threading.Lock, message: tuple[object, ...]) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    with lock:
        pipe.write(_LENGTH.pack(len(data)) + data)
        pipe.flush()


# -- the child's side --------------------------------------------------------------------------------------
class _Replies:
    """The child's one way back to the app: every thread writes whole frames through it."""

    def __init__(self, pipe: IO[bytes]) -> None:
        self._pipe = pipe
        self._lock = threading.Lock()
        self.gone = False

    def say(self, *message: object) -> None:
        if self.gone:
            return
        try:
            write_frame(self._pipe, self._lock, message)
        except (OSError, ValueError):  # the app is gone: the child ends when its stdin does
            self.gone = True


class _ForwardLogs(logging.Handler):
    def __init__(self, replies: _Replies) -> None:
        super().__init__(logging.INFO)
        self._replies = replies

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("app."):  # the app's own lines hold no diary text; a library's might
            self._replies.say("log", record.levelno, record.name, record.getMessage())


def serve(engine: ModelEngine, requests: IO[bytes], replies: _Replies) -> int:
    """Run the app's jobs until ``requests`` ends (the app closed the model, or the app is gone)."""
    jobs: dict[int, JobHandle] = {}
    waiters: list[threading.Thread] = []
    while (frame := read_frame(requests)) is not None:
        kind = frame[0]
        if kind == "submit":
            waiter = _start_job(engine, frame[1], frame[2], frame[3], frame[4], jobs, replies)
            if waiter is not None:
                waiters.append(waiter)
        elif kind == "cancel" and (job := jobs.get(frame[1])) is not None:
            job.cancel()
        elif kind == "call":
            _answer_call(engine, frame[1], frame[2], frame[3], replies)
        waiters = [w for w in waiters if w.is_alive()]
    engine.close()  # the running and queued jobs finish as cancelled; their waiters say so
    for waiter in waiters:
        waiter.join(STOP_TIMEOUT_S)
    return 0


def _start_job(
    engine: ModelEngine,
    job_id: int,
    request: GenerationRequest,
    tokens: list[int],
    callbacks: Callbacks,
    jobs: dict[int, JobHandle],
    replies: _Replies,
) -> threading.Thread | None:
    if callbacks.pieces:
        request.on_token = lambda piece: replies.say("token", job_id, piece)
    if callbacks.progress:
        request.extra["on_progress"] = lambda done, total: replies.say("progress", job_id, done, total)
    try:
        job = engine.submit_tokens(request, tokens)
    except Exception as exc:  # noqa: BLE001 - said to the app as its typed error
        replies.say("error", job_id, PortableError.of(exc))
        return None
    jobs[job_id] = job

    def wait() -> None:
        try:
            completion = job.result()
        except Exception as exc:  # noqa: BLE001
            replies.say("error", job_id, PortableError.of(exc))
        else:
            replies.say("done", job_id, completion)
        finally:
            jobs.pop(job_id, None)

    waiter = threading.Thread(target=wait, name=f"hearth-model-job-{job_id}", daemon=True)
    waiter.start()
    return waiter


def _answer_call(
    engine: ModelEngine, call_id: int, name: str, args: Sequence[object], replies: _Replies
) -> None:
    if name not in CALLS:
        replies.say("reply", call_id, None, PortableError("ValueError", f"no such call: {name}", ""))
        return
    try:
        value = getattr(engine, name)(*args)
    except Exception as exc:  # noqa: BLE001
        replies.say("reply", call_id, None, PortableError.of(exc))
    else:
        replies.say("reply", call_id, value, None)


def main(argv: Sequence[str]) -> int:
    """The child: load the model the app sends, then run its jobs (``serve``)."""
    del argv
    replies = _Replies(os.fdopen(os.dup(1), "wb"))
    os.dup2(2, 1)  # a library that prints would otherwise write into the replies
    process_at_least(MODEL_NICE)  # the window's process comes first; this one's threads all compute
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    root.addHandler(_ForwardLogs(replies))
    with os.fdopen(0, "rb") as requests:
        frame = read_frame(requests)
        if frame is None or frame[0] != "load":
            return 0
        config: EngineConfig = replace(frame[1], owner_nice=0)  # already lowered, as a whole process
        try:
            engine = ModelEngine(config)
        except Exception as exc:  # noqa: BLE001 - said to the app as its typed error
            replies.say("failed", PortableError.of(exc))
            return 0
        facts = {"n_ctx": engine.n_ctx, "n_params": engine.info().get("n_params"), "info": engine.gguf_info}
        replies.say("ready", facts)
        return serve(engine, requests, replies)


if __name__ == "__main__":
    # Through the module's own name, not ``__main__``: the frames' classes must pickle as the app knows them.
    from app.llm.model_process import main as serve_model

    sys.exit(serve_model(sys.argv[1:]))
