"""Errors the controller raises to the person (GUI dialog, CLI stderr): what happened, what to do."""

from __future__ import annotations


class CoreError(Exception):
    """Base of the core's errors; ``str(err)`` says what happened, ``hint`` what to do about it."""

    hint: str = ""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        if hint:
            self.hint = hint


class MessageRejected(CoreError):
    """The message was not accepted (nothing was stored): empty, or longer than the diary keeps in one entry.

    The composer keeps the draft, so nothing typed is lost.
    """

    hint = "Write something, or split a very long text into several entries."

