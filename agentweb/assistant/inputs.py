"""What clients send, validated by one set of pydantic models for the websocket and the API.

A chat message and a decision on a pending write have the same fields and
the same rules whichever way they arrive (SPEC §15); the websocket frames add
their ``type`` (``ws/frames.py``), the API reads them from the request body
(``api/views.py``). JSON is parsed by pydantic's parser, which refuses what
the standard library lets through: nesting deeper than its recursion limit
(no ``RecursionError``), lone surrogates such as ``"\\ud800"`` (no
``UnicodeEncodeError`` when the text is stored), numbers for strings, and text
with a NUL character (PostgreSQL cannot store one, ``lib/storable_text.py``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
)

from agentweb.assistant.models.feedback import MAX_COMMENT
from agentweb.lib.storable_text import NUL

# A page's own id for a message, echoed in replies: short and plain, so it is
# safe to show, log and use as a key.
CLIENT_MSG_ID_PATTERN = r"^[A-Za-z0-9_.:-]*$"
CLIENT_MSG_ID_MAX = 64
ACTION_ID_MAX = 64


def _without_nul(text: str) -> str:
    if NUL in text:
        raise ValueError("must not contain a NUL character (U+0000)")
    return text


def _not_bool(value: Any) -> Any:
    # JSON's true is not 1 (a Literal of ints lets Python's True through).
    if isinstance(value, bool):
        raise ValueError("must be 1, -1 or 0, not true or false")
    return value


# Text a player sends: stored as it is, so it must be storable.
Text = Annotated[str, AfterValidator(_without_nul)]


def client_msg_id_field() -> Any:
    return Field(default="", max_length=CLIENT_MSG_ID_MAX, pattern=CLIENT_MSG_ID_PATTERN)


class ClientInput(BaseModel):
    # htmx's websocket extension adds a HEADERS object to every frame it sends.
    model_config = ConfigDict(extra="ignore", strict=True)


class ChatMessage(ClientInput):
    """A player's message (``chat.send``, ``POST /api/runs``)."""

    text: Text
    allow_web: bool = False
    client_msg_id: str = client_msg_id_field()
    # The request's own options (R-X4-3); validated by the use case.
    options: Any = None


class Decision(ClientInput):
    """Approve or reject a pending write (``action.confirm``, ``POST …/confirm``)."""

    action_id: Text = Field(min_length=1, max_length=ACTION_ID_MAX)
    decision: Literal["approve", "reject"]


class Switch(ClientInput):
    """The player's own assistant switch (``assistant.switch``, ``POST /api/assistant``)."""

    enabled: bool


class FeedbackInput(ClientInput):
    """👍 (1), 👎 (-1) or cleared (0), and an optional comment (``run.feedback``,
    ``POST /api/runs/<id>/feedback``)."""

    rating: Annotated[Literal[1, -1, 0], BeforeValidator(_not_bool)]
    comment: Text = Field(default="", max_length=MAX_COMMENT)


class MessageId(ClientInput):
    """Only the ``client_msg_id`` of an input, to name it in the reply to a refused one."""

    client_msg_id: str = client_msg_id_field()


class InputError(ValueError):
    """A refused input: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


def parse(adapter: TypeAdapter[Any], raw: str | bytes, *, what: str, field_code: str) -> Any:
    """Validate JSON text against ``adapter``; ``InputError`` with a clear message.

    ``what`` names the input in messages ("frame", "body"); a field that does
    not validate is reported with ``field_code``.
    """
    try:
        return adapter.validate_json(raw)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        kind = first["type"]
        if kind == "json_invalid":
            reason = str(first.get("ctx", {}).get("error", "")) or "malformed"
            raise InputError("bad_json", f"The {what} is not valid JSON ({reason}).") from None
        if kind in ("dict_type", "model_type", "model_attributes_type"):
            raise InputError(field_code, f"The {what} must be a JSON object.") from None
        if kind in ("union_tag_not_found", "union_tag_invalid"):
            raise InputError("unknown_type", "Unknown or missing frame type.") from None
        where = ".".join(str(p) for p in first["loc"]) or what
        # A rule of ours says why itself (without pydantic's "Value error, " before it).
        why = first.get("ctx", {}).get("error") if kind == "value_error" else None
        raise InputError(field_code, f"{where}: {why or first['msg']}") from None


_MESSAGE_ID: TypeAdapter[MessageId] = TypeAdapter(MessageId)


def client_msg_id_of(raw: str | bytes | None) -> str:
    """The well-formed ``client_msg_id`` of a refused input, or ``""``."""
    if not raw:
        return ""
    try:
        return _MESSAGE_ID.validate_json(raw).client_msg_id
    except ValidationError:
        return ""
