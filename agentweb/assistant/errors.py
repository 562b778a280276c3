"""The one refusal of the assistant's use cases, for sockets, the API and the pages alike."""

from __future__ import annotations


class ServiceError(Exception):
    """A refused request: ``code`` for programs, ``message`` for people, ``status`` for HTTP."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        self.code = code
        self.message = message
        self.status = status
        super().__init__(message)


def not_found(run_id: int) -> ServiceError:
    return ServiceError("unknown_run", f"There is no run {run_id}.", 404)
