"""What players send, validated by one set of models for the websocket and the API.

A chat message and a decision on a pending write have the same fields and
the same rules whichever way they arrive (SPEC §15); the websocket frames add
their ``type`` (``ws/frames.py``), the API reads them from the request body
(``api/views.py``). Both go through the request layer (``lib/inputs``): its
JSON reader refuses deep nesting, lone surrogates, ``NaN`` and NUL
characters, and its strict models refuse numbers for strings.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, TypeAdapter, ValidationError

from agentweb.assistant.models.feedback import MAX_COMMENT
from agentweb.lib.inputs.errors import InputError
from agentweb.lib.inputs.fields import Integer, Text, matching
from agentweb.lib.inputs.json_text import read_json
from agentweb.lib.inputs.models import Input, parse_json

__all__ = [
    "ChatMessage",
    "ClientInput",
    "Decision",
    "FeedbackInput",
    "InboxCancel",
    "InputError",
    "Switch",
    "parse",
]

# A page's own id for a message, echoed in replies: short and plain, so it is
# safe to show, log and use as a key.
CLIENT_MSG_ID_MAX = 64
ClientMsgId = Annotated[
    matching(r"[A-Za-z0-9_.:-]{0,64}", "up to 64 of A–Z a–z 0–9 _ . : -", "msg-1"),
    Field(max_length=CLIENT_MSG_ID_MAX),
]
ACTION_ID_MAX = 64

ClientInput = Input


class ChatMessage(Input):
    """A player's message (``chat.send``, ``POST /api/runs``)."""

    model_config = {"json_schema_extra": {"examples": [{"text": "how do I craft a torch"}]}}

    text: Text
    allow_web: bool = False
    client_msg_id: ClientMsgId = ""
    # The request's own options (R-X4-3); validated by the use case.
    options: Any = None
    # While a run is active: join it at its next step instead of waiting for its end (R-X3-1).
    steer: bool = False


class InboxCancel(Input):
    """Cancel waiting messages: all of them, or the one ``entry_id`` (``inbox.cancel``,
    ``POST /api/inbox/cancel``)."""

    model_config = {"json_schema_extra": {"examples": [{}, {"entry_id": 12}]}}

    entry_id: Integer(1, 2**62) | None = None


class Decision(Input):
    """Approve or reject a pending write (``action.confirm``, ``POST …/confirm``)."""

    model_config = {"json_schema_extra": {"examples": [{"action_id": "a1", "decision": "reject"}]}}

    action_id: Annotated[Text, Field(min_length=1, max_length=ACTION_ID_MAX)]
    decision: Literal["approve", "reject"]


class Switch(Input):
    """The player's own assistant switch (``assistant.switch``, ``POST /api/assistant``)."""

    model_config = {"json_schema_extra": {"examples": [{"enabled": True}]}}

    enabled: bool


def _not_bool(value: Any) -> Any:
    # JSON's true is not 1 (a Literal of integers lets Python's True through).
    if isinstance(value, bool):
        raise ValueError("must be 1, -1 or 0, not true or false")
    return value


class FeedbackInput(Input):
    """👍 (1), 👎 (-1) or cleared (0), and an optional comment (``run.feedback``,
    ``POST /api/runs/<id>/feedback``)."""

    model_config = {"json_schema_extra": {"examples": [{"rating": -1, "comment": "Wrong item."}]}}

    rating: Annotated[Literal[1, -1, 0], BeforeValidator(_not_bool)]
    comment: Annotated[Text, Field(max_length=MAX_COMMENT)] = ""


class MessageId(Input):
    """Only the ``client_msg_id`` of an input, to name it in the reply to a refused one."""

    client_msg_id: ClientMsgId = ""


def parse(adapter: TypeAdapter[Any], raw: str | bytes, *, what: str, field_code: str) -> Any:
    """JSON text validated by ``adapter``; ``InputError`` with a clear message."""
    return parse_json(adapter, raw, what=what, field_code=field_code)


_MESSAGE_ID: TypeAdapter[MessageId] = TypeAdapter(MessageId)


def client_msg_id_of(raw: str | bytes | None) -> str:
    """The well-formed ``client_msg_id`` of a refused input, or ``""``."""
    if not raw:
        return ""
    try:
        frame = read_json(raw, what="frame", allow_nul=True)
        return _MESSAGE_ID.validate_python(frame).client_msg_id
    except (InputError, ValidationError):
        return ""
