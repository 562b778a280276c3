"""A refused game API request: the assistant's ``ServiceError`` (code, message, HTTP status)."""

from __future__ import annotations

from agentweb.assistant.actions import ServiceError


class GameApiError(ServiceError):
    """Refused by the game API; answered like every refused API request."""


def unknown_player(uuid: object) -> GameApiError:
    return GameApiError("unknown_player", f"No web account is linked to {uuid}.", 404)
