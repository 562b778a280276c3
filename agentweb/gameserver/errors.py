"""A refused game API request: a code for programs, a message for people, an HTTP status."""

from __future__ import annotations


class GameApiError(Exception):
    def __init__(self, code: str, message: str, status: int = 400) -> None:
        self.code = code
        self.message = message
        self.status = status
        super().__init__(message)


def unknown_player(uuid: object) -> GameApiError:
    return GameApiError("unknown_player", f"No web account is linked to {uuid}.", 404)
