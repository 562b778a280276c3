"""What every game tool shares: strict inputs, limits, the requesting player, DB access."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from agentweb.engine import AgentError, AgentFailure, ToolCall
from agentweb.game import versions
from agentweb.game.text import clean_text, singular

# Names and ids are short; anything longer is not a name.
MAX_NAME = 100
MAX_QUERY = 200
# Keeps an observation small enough for the model (R-TOOL-1).
MAX_LIMIT = 20
DEFAULT_LIMIT = 5
__all__ = ["singular"]  # re-exported: tools resolve plurals the same way as queries
NO_PLAYER = "This tool needs a signed-in player; the request has none."

T = TypeVar("T")

Limit = Annotated[
    int, Field(ge=1, le=MAX_LIMIT, description=f"How many results at most (1–{MAX_LIMIT}).")
]


class ToolInput(BaseModel):
    """Unknown fields are an error: a model cannot smuggle in e.g. another player's name.
    Text loses control characters before it is checked (the database could not take them)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    @field_validator("*", mode="before")
    @classmethod
    def _clean(cls, value: Any) -> Any:
        return clean_text(value) if isinstance(value, str) else value


def requesting_user(call: ToolCall) -> Any:
    """The player the request acts for (``ExecutionContext.principal``).

    Tools never take a player from their input: the web layer puts the
    signed-in user on the context, and nested executions inherit it.
    """
    user = call.ctx.principal
    if user is None or not getattr(user, "is_authenticated", False):
        raise AgentError(AgentFailure.PERMISSION_DENIED, NO_PLAYER)
    return user


async def db(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run ORM code from an async handler, in the thread Django expects; the game
    data's version is read once for the whole call (:func:`versions.read_pinned`)."""
    return await versions.read_pinned(fn, *args, **kwargs)


def clip(text: str, limit: int) -> str:
    """At most ``limit`` characters, cut at a word boundary with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return f"{cut}…"
