"""The one refusal of the assistant's use cases, for sockets, the API and the pages alike."""

from __future__ import annotations

from agentweb.lib.inputs.errors import Refusal


class ServiceError(Refusal):
    """A refused request: ``code`` for programs, ``message`` for people, ``status`` for HTTP."""


def not_found(run_id: int) -> ServiceError:
    return ServiceError("unknown_run", f"There is no run {run_id}.", 404)
