"""What a game-server plugin sends to ``/api/game/…``, as the request layer's models.

Every body is read by the one JSON reader (depth, surrogates, NUL, ``NaN``)
and validated strictly: a number is not a string, ``"20"`` is not a wait,
``"AliceCrafts\\n"`` is not a name (patterns match the whole value).
"""

from __future__ import annotations

import re
import uuid as uuid_lib
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from agentweb.assistant.inputs import ClientMsgId
from agentweb.lib.inputs.fields import Example, Integer, IntText, Text, matching
from agentweb.lib.inputs.integers import MAX_INT
from agentweb.lib.inputs.models import Input, Params

# A long-poll waits at most this long (a plugin asks again).
MAX_WAIT_S = 30
DEFAULT_PAGE = 50
MAX_PAGE = 100
MAX_DETAIL = 500
# The code as the page shows it (``K7QM-2XPD``), typed in game: letters, digits, dash, space.
MAX_CODE = 32
MINECRAFT_NAME = re.compile(r"[A-Za-z0-9_]{3,16}")
# A Minecraft UUID, with its dashes (as the server writes it) or without (as Mojang's API).
_UUID = re.compile(
    r"[0-9a-fA-F]{8}(-?)[0-9a-fA-F]{4}\1[0-9a-fA-F]{4}\1[0-9a-fA-F]{4}\1[0-9a-fA-F]{12}"
)
# The examples' player (the route-walking test starts from these).
EXAMPLE_UUID = "069a79f4-44e9-4726-a5be-fca90e38aaf5"


def parse_uuid(value: Any) -> Any:
    """A Minecraft UUID from its text (anything else is left for the type to refuse)."""
    if isinstance(value, str):
        if not _UUID.fullmatch(value):
            raise ValueError("must be a Minecraft UUID (8-4-4-4-12 hex digits)")
        return uuid_lib.UUID(value)
    return value


MinecraftUuid = Annotated[uuid_lib.UUID, BeforeValidator(parse_uuid), Example(EXAMPLE_UUID)]
MinecraftName = matching(
    MINECRAFT_NAME.pattern, "a Minecraft name (3–16 of A–Z a–z 0–9 _)", "Notch"
)
Wait = Integer(0, MAX_WAIT_S)
LinkCodeText = matching(r"[A-Za-z0-9 -]{1,32}", "the code shown on the chat page", "K7QM-2XPD")


class LinkBody(Input):
    """``POST /api/game/link``."""

    model_config = {
        "json_schema_extra": {
            "examples": [
                {
                    "code": "K7QM-2XPD",
                    "uuid": EXAMPLE_UUID,
                    "name": "Notch",
                }
            ]
        }
    }

    code: LinkCodeText
    uuid: MinecraftUuid
    name: MinecraftName


class DeliveriesQuery(Params):
    """``GET /api/game/deliveries?after=&wait=&limit=``."""

    after: IntText(0, MAX_INT) = 0
    wait: IntText(0, MAX_WAIT_S) = 0
    limit: IntText(1, MAX_PAGE) = DEFAULT_PAGE


class DeliveryResult(Input):
    """``POST /api/game/deliveries/<id>/result``."""

    model_config = {"json_schema_extra": {"examples": [{"status": "failed", "detail": "full"}]}}

    status: Literal["delivered", "failed"]
    detail: Annotated[Text, Field(max_length=MAX_DETAIL)] = ""


class PlayerPath(Params):
    """``/api/game/players/<uuid>``."""

    uuid: MinecraftUuid


class ChatBody(Input):
    """``POST /api/game/chat``: a message typed in game."""

    model_config = {"json_schema_extra": {"examples": [{"uuid": EXAMPLE_UUID, "text": "hi"}]}}

    uuid: MinecraftUuid
    text: Text
    wait: Wait = 0
    allow_web: bool = False
    client_msg_id: ClientMsgId = ""
    # The run's own options, as on the chat page (R-X4-3): checked by the same rules.
    options: Any = None


class ChatReplyQuery(Params):
    """``GET /api/game/chat/<id>?wait=``."""

    wait: IntText(0, MAX_WAIT_S) = 0
