"""Websocket frames from the client (SPEC §15), validated strictly.

A frame that does not validate gets an ``error`` frame and changes nothing
(R-REL-2); the socket stays open.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

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


class ChatSend(_Frame):
    type: Literal["chat.send"]
    text: str
    allow_web: bool = False
    client_msg_id: str = CLIENT_MSG_ID
    # The request's own options (R-X4-3); validated by the use case.
    options: Any = None


class RunCancel(_Frame):
    type: Literal["run.cancel"]
    run_id: int = RUN_ID


class RunUndo(_Frame):
    type: Literal["run.undo"]
    run_id: int = RUN_ID


class MemoryForget(_Frame):
    type: Literal["memory.forget"]


class ActionConfirm(_Frame):
    type: Literal["action.confirm"]
    run_id: int = RUN_ID
    action_id: str = Field(min_length=1, max_length=64)
    decision: Literal["approve", "reject"]


class RunSubscribe(_Frame):
    type: Literal["run.subscribe"]
    run_id: int = RUN_ID
    after_seq: int = Field(default=0, ge=0, le=2**31)


ClientFrame = Annotated[
    ChatSend | RunCancel | RunUndo | MemoryForget | ActionConfirm | RunSubscribe,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientFrame)


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


def error_frame(code: str, message: str) -> dict[str, str]:
    return {"type": "error", "code": code, "message": message}


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
