"""The frames of SPEC §15: what clients send, validated strictly, and what the server sends.

A frame that does not validate gets an ``error`` frame and changes nothing
(R-REL-2); the socket stays open. The client frames extend the models of
``assistant/inputs.py``, which the JSON API validates its bodies with, so both
edges accept the same things.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from agentweb.assistant.inputs import (
    ChatMessage,
    ClientInput,
    Decision,
    FeedbackInput,
    InboxCancel,
    InputError,
    Switch,
    parse,
)
from agentweb.lib.inputs.fields import Integer

# A frame larger than this is refused before parsing: a chat message is at most
# inputBytes (64 KiB by default) and JSON escaping can roughly double it.
MAX_FRAME_BYTES = 160 * 1024
RunId = Integer(1, 2**62)
Seq = Integer(0, 2**31)

FrameError = InputError
# Where a player's message came from (``chat.accepted``'s ``origin``).
Origin = Literal["web", "api", "game"]


class ChatSend(ChatMessage):
    type: Literal["chat.send"]


class RunCancel(ClientInput):
    type: Literal["run.cancel"]
    run_id: RunId


class RunUndo(ClientInput):
    type: Literal["run.undo"]
    # Without it: the player's latest undoable run (``assistant/undo.py``).
    run_id: RunId | None = None


class MemoryForget(ClientInput):
    type: Literal["memory.forget"]


class AssistantSwitch(Switch):
    type: Literal["assistant.switch"]


class ActionConfirm(Decision):
    type: Literal["action.confirm"]
    run_id: RunId


class RunFeedback(FeedbackInput):
    type: Literal["run.feedback"]
    run_id: RunId


class InboxCancelFrame(InboxCancel):
    type: Literal["inbox.cancel"]


class RunSubscribe(ClientInput):
    type: Literal["run.subscribe"]
    run_id: RunId
    after_seq: Seq = 0


class RunsFollow(ClientInput):
    """A reviewer's trace viewer follows the run list (``runs.changed`` doorbells)."""

    type: Literal["runs.follow"]


ClientFrame = Annotated[
    ChatSend
    | RunCancel
    | RunUndo
    | MemoryForget
    | AssistantSwitch
    | ActionConfirm
    | RunFeedback
    | RunSubscribe
    | InboxCancelFrame
    | RunsFollow,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientFrame)


def parse_frame(text: str | None) -> Any:
    """The validated frame, or ``FrameError`` with a clear message."""
    if text is None:
        raise FrameError("bad_frame", "Frames must be JSON text, not binary.")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise FrameError("frame_too_large", f"Frames are limited to {MAX_FRAME_BYTES} bytes.")
    return parse(_ADAPTER, text, what="frame", field_code="bad_frame")


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
    # A queued message's inbox entry (what ``inbox.cancel`` names).
    entry_id: int | None = None
    # A queued next-turn message's place in the player's inbox: 1 = the next to run.
    position: int | None = None
    # Sent with ``steer``: ``true`` it joins the running run, ``false`` it runs on its own.
    steer: bool | None = None
    # Where the message was sent: the chat page, ``POST /api/runs`` or game chat.
    origin: Origin = "web"
    # Set when a message that waited in the inbox now runs as its own run.
    from_inbox: bool | None = None
    # The message itself, for the player's sockets that did not send it.
    text: str | None = None

    def frame(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class MemoryForgotten(BaseModel):
    type: Literal["memory.forgotten"] = "memory.forgotten"
    generation: int

    def frame(self) -> dict[str, Any]:
        return self.model_dump()
