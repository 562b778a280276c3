"""The frames of SPEC §15: what clients send, validated strictly, and what the server sends.

A frame that does not validate gets an ``error`` frame and changes nothing
(R-REL-2); the socket stays open. The JSON API parses its bodies with the same
fields (``RunBody``, ``DecisionBody``), so both edges accept the same things.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

# A frame larger than this is refused before parsing: a chat message is at most
# inputBytes (64 KiB by default) and JSON escaping can roughly double it.
MAX_FRAME_BYTES = 160 * 1024
_CLIENT_MSG_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
CLIENT_MSG_ID = Field(default="", max_length=64, pattern=r"^[A-Za-z0-9_.:-]*$")
RUN_ID = Field(ge=1, le=2**62)


class _Frame(BaseModel):
    # htmx's websocket extension adds a HEADERS object to every frame it sends.
    model_config = ConfigDict(extra="ignore", strict=True)


class _Message(_Frame):
    allow_web: bool = False
    client_msg_id: str = CLIENT_MSG_ID
    # The request's own options (R-X4-3); validated by the use case.
    options: Any = None


class ChatSend(_Message):
    type: Literal["chat.send"]
    text: str


class RunBody(_Message):
    """``POST /api/runs``; the text is checked by ``actions.validate_text`` (its own errors)."""

    text: Any = None


class RunCancel(_Frame):
    type: Literal["run.cancel"]
    run_id: int = RUN_ID


class RunUndo(_Frame):
    type: Literal["run.undo"]
    run_id: int = RUN_ID


class MemoryForget(_Frame):
    type: Literal["memory.forget"]


class DecisionBody(_Frame):
    """``POST /api/runs/<id>/confirm``."""

    action_id: str = Field(min_length=1, max_length=64)
    decision: Literal["approve", "reject"]


class ActionConfirm(DecisionBody):
    type: Literal["action.confirm"]
    run_id: int = RUN_ID


class RunSubscribe(_Frame):
    type: Literal["run.subscribe"]
    run_id: int = RUN_ID
    after_seq: int = Field(default=0, ge=0, le=2**31)


ClientFrame = Annotated[
    ChatSend | RunCancel | RunUndo | MemoryForget | ActionConfirm | RunSubscribe,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientFrame)
BodyT = TypeVar("BodyT", bound=BaseModel)


class FrameError(ValueError):
    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


def parse_frame(text: str | None) -> Any:
    """The validated frame, or ``FrameError`` with a clear message."""
    if text is None:
        raise FrameError("bad_frame", "Frames must be JSON text, not binary.")
    if len(text.encode("utf-8")) > MAX_FRAME_BYTES:
        raise FrameError("frame_too_large", f"Frames are limited to {MAX_FRAME_BYTES} bytes.")
    try:
        return _ADAPTER.validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "frame"
        if first["type"] == "json_invalid":
            raise FrameError("bad_json", "The frame is not valid JSON.") from None
        if first["type"] in ("dict_type", "model_type"):
            raise FrameError("bad_frame", "A frame must be a JSON object.") from None
        if first["type"] in ("union_tag_not_found", "union_tag_invalid"):
            raise FrameError("unknown_type", "Unknown or missing frame type.") from None
        raise FrameError("bad_frame", f"{where}: {first['msg']}") from None


def parse_body(model: type[BodyT], data: dict[str, Any]) -> BodyT:
    """An API body as ``model``, or ``FrameError("bad_field", …)`` naming the field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "body"
        raise FrameError("bad_field", f"{where}: {first['msg']}") from None


# --- frames the server sends --------------------------------------------------------


def error_frame(code: str, message: str) -> dict[str, str]:
    return {"type": "error", "code": code, "message": message}


class ChatAccepted(BaseModel):
    """The server has the message: its run, or the run whose inbox it waits in."""

    type: Literal["chat.accepted"] = "chat.accepted"
    run_id: int
    queued: bool = False
    duplicate: bool = False
    client_msg_id: str = ""
    # Set when a message that waited in the inbox now runs as its own run.
    from_inbox: bool | None = None

    def frame(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class MemoryForgotten(BaseModel):
    type: Literal["memory.forgotten"] = "memory.forgotten"
    generation: int

    def frame(self) -> dict[str, Any]:
        return self.model_dump()


def client_msg_id_of(text: str | None) -> str:
    """The ``client_msg_id`` of a refused frame, if it carried a well-formed one."""
    if not text or len(text) > MAX_FRAME_BYTES * 2:
        return ""
    try:
        value = json.loads(text)
    except ValueError:
        return ""
    msg_id = value.get("client_msg_id") if isinstance(value, dict) else None
    if isinstance(msg_id, str) and _CLIENT_MSG_ID.fullmatch(msg_id):
        return msg_id
    return ""
