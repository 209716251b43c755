"""Typed errors of the model layer. Each says what happened (``str(err)``) and what to do (``hint``)."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every model-layer error."""

    hint: str = ""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        if hint:
            self.hint = hint


class ModelFileMissing(EngineError):
    hint = "Choose another model file, or download the recommended model in the model manager."


class NotAGGUF(EngineError):
    hint = "Hearth needs a model in GGUF format (a .gguf file). Pick a GGUF file or download one."


class ModelCorrupt(EngineError):
    hint = "The file looks truncated or damaged. Delete it and download it again."


class UnsupportedModel(EngineError):
    hint = "This llama.cpp build cannot run this kind of model. Choose a model from the catalog."


class ContextTooLarge(EngineError):
    hint = "Lower the context size in the model settings to at most what the model was trained for."


class OutOfMemory(EngineError):
    hint = "Close other programs, lower the context size, or use a smaller (more quantized) model."


class PromptTooLong(EngineError):
    """The prompt does not fit ``n_ctx - reply_reserve``; refused before llama.cpp is called."""

    hint = "Shorten the message; older parts of the conversation are summarized automatically."

    def __init__(self, prompt_tokens: int, limit: int) -> None:
        super().__init__(f"The prompt needs {prompt_tokens} tokens but only {limit} fit.")
        self.prompt_tokens = prompt_tokens
        self.limit = limit


class DownloadError(EngineError):
    hint = "Check the connection and try again; the download resumes where it stopped."


class ChecksumMismatch(DownloadError):
    hint = "The downloaded file is not the expected one; it was removed. Try the download again."


class DownloadCancelled(DownloadError):
    hint = "The partial download is kept; pull again to resume."
