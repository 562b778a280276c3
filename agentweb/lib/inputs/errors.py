"""A refused request: what the request layer raises, and what every edge answers alike."""

from __future__ import annotations


class Refusal(Exception):
    """A refused request: ``code`` for programs, ``message`` for people, ``status`` for HTTP.

    A view declared with ``@reads`` that raises one (or a subclass, such as the
    assistant's ``ServiceError``) is answered in the view's error style."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        self.code = code
        self.message = message
        self.status = status
        super().__init__(message)


class InputError(Refusal, ValueError):
    """Bad input (a malformed body, query parameter, header, path part or frame)."""
