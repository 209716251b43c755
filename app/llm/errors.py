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


class ModelStopped(EngineError):
    """The model's process ended while it worked (``app.llm.model_process``): killed, or out of memory."""

    hint = (
        "Send the message again: Hearth starts the model anew. If it keeps stopping, close other programs"
        " or choose a smaller model."
    )


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


# -- a model server (``app.llm.server``) -------------------------------------------------------------


class ServerError(EngineError):
    """Base of the errors talking to an OpenAI-compatible model server."""

    hint = "Check the server's address in the model manager and that the server is running."


class ServerUnreachable(ServerError):
    hint = (
        "Start the model server (or check its address and port in the model manager), then try again."
    )


class ServerTimeout(ServerError):
    hint = (
        "The server did not answer in time. It may be busy or overloaded; try again, or use a smaller model."
    )


class ServerAuthFailed(ServerError):
    hint = "The server refused the API key. Enter the key the server expects in the model manager."


class ServerModelNotFound(ServerError):
    hint = "Press Test connection to list the models this server has, and choose one of them."


class ServerContextTooSmall(ServerError):
    hint = (
        "Lower Hearth's context size to the server's, or start the server with a larger context"
        " (llama.cpp: -c, llama-cpp-python: --n_ctx)."
    )


class ServerTLSError(ServerError):
    hint = (
        "The secure connection failed (certificate not trusted or expired, or the server speaks plain http)."
        " Check the address's http/https and the server's certificate."
    )


class ServerAddressRefused(ServerError):
    """Hearth refuses to send a prompt to this address as it stands (not a URL, or remote without https)."""

    hint = "Enter the address as http://host:port (a computer at home) or https://host (anywhere else)."


class ServerDisconnected(ServerError):
    """The server went away while a reply was streaming; the text received so far is kept."""

    hint = "The part of the reply that arrived is kept, marked interrupted. Check the server and try again."

    def __init__(self, message: str, partial_text: str = "", hint: str = "") -> None:
        super().__init__(message, hint)
        self.partial_text = partial_text


class ServerInterrupted(ServerDisconnected):
    """The server ended a reply early because another request reached it (llama-cpp-python's server does
    this unless started with ``--interrupt_requests False``); the text received so far is kept."""

    hint = (
        "Another request reached the server while it was answering (another program, or Test connection in"
        " the model manager), and llama-cpp-python's server then stops the reply (unless it is started with"
        " --interrupt_requests False). Whatever had arrived is kept, marked interrupted."
    )


class ServerRejected(ServerError):
    """The server answered with an error Hearth has no better name for (its message is shown)."""

    hint = "The server's own message says what went wrong; check the server's log."
