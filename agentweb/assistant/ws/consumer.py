"""The assistant websocket (SPEC §15): translate frames to service calls, events to frames.

Replay then live, per subscribed run: events are read from the database after
``after_seq``; live events arriving meanwhile are held back until the replay
is sent, then anything already sent is skipped and any gap is read from the
database again — no event lost, none sent twice (R-X3-2). Deltas (the answer
as it is written) follow the events they come after: once a (re)subscribed
socket has its replay, the run's process sends everything streamed so far in
one delta, then the rest comes live; a ``DeltaCursor`` drops what the page
already has.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from django.db import OperationalError

from agentweb.assistant import actions, inbox
from agentweb.assistant.actions import ServiceError
from agentweb.assistant.bus import run_group, session_group, user_group
from agentweb.assistant.feedback import aset_feedback
from agentweb.assistant.inputs import client_msg_id_of
from agentweb.assistant.runs.deltas import DeltaCursor, request_sync, streams_after
from agentweb.assistant.undo import aundo
from agentweb.assistant.ws.frames import (
    ActionConfirm,
    AssistantSwitch,
    ChatAccepted,
    ChatSend,
    FrameError,
    InboxCancelFrame,
    MemoryForget,
    MemoryForgotten,
    RunCancel,
    RunFeedback,
    RunSubscribe,
    RunUndo,
    error_frame,
    parse_frame,
)
from agentweb.core import languages
from agentweb.core.roles import Role, has_role
from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer
from agentweb.lib.inputs.http import BUSY, locked

logger = logging.getLogger("agentweb.assistant")

# Where the consumer is mounted (``agentweb/routing.py``); the pages' boot data names it.
WS_PATH = "/ws/assistant/"
# Close codes: 4401 = not logged in.
UNAUTHENTICATED = 4401


def _header(scope: dict[str, Any], name: bytes) -> str:
    """A request header of the socket's handshake (``""`` when it has none)."""
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


class AssistantConsumer(AsyncJsonWebsocketConsumer):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Channels' ``AsyncConsumer.__call__``; on the in-process layer, its messages and
        the client's reach ``dispatch`` through the layer's own loop (``dispatch_forever``:
        one turn of the event loop per live event instead of a task and four turns)."""
        layer = get_channel_layer(self.channel_layer_alias)
        if not isinstance(layer, InProcessChannelLayer):
            await super().__call__(scope, receive, send)
            return
        self.scope = scope
        self.channel_layer = layer
        self.channel_name = await layer.new_channel()
        self.channel_receive = functools.partial(layer.receive, self.channel_name)
        self.base_send = send
        with contextlib.suppress(StopConsumer):
            await layer.dispatch_forever(self.channel_name, receive, self.dispatch)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its ``close_old_connections`` hop before every handler.

        That hop is a trip to the one thread that runs ORM code, for each message
        of each socket — every live event, once per follower — and it queues behind
        the runs' own database work. Nothing here touches the database outside
        ``database_sync_to_async``, which closes old connections around each call
        itself; a live event the socket can send as is needs no thread at all.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=UNAUTHENTICATED)
            return
        self.user = user
        # The player's language, as her page picks it (what a bare ``/checkin`` is answered in).
        self.language = languages.of_connection(
            self.scope.get("cookies") or {}, _header(self.scope, b"accept-language")
        )
        # Reviewers and admins may follow any run, read-only (R-AUTH-1); only run.subscribe uses it.
        self.reviewer = await database_sync_to_async(has_role)(user, Role.REVIEWER)
        self.sent: dict[int, int] = {}
        # Per run, the last event sent that streamed text can follow (a loop step).
        self.streamed_after: dict[int, int] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.cursors: dict[int, DeltaCursor] = {}
        # Runs this socket's message created, joined before they started (``follow_new``).
        self.fresh: set[int] = set()
        # Logging out (this session) or deactivation (the user) ends the socket.
        session = self.scope.get("session")
        key = getattr(session, "session_key", None)
        self.groups_joined = [user_group(user.pk)] + ([session_group(key)] if key else [])
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "user"):
            return
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)
        for run_id in list(self.sent):
            await self.channel_layer.group_discard(run_group(run_id), self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            frame = parse_frame(text_data)
            await self.handle(frame)
        except OperationalError as exc:
            if not locked(exc):
                raise
            await self.send_json(error_frame("busy", BUSY))
        except (FrameError, ServiceError) as exc:
            error = error_frame(exc.code, exc.message)
            # Tell the page which of its messages was refused, when it said.
            msg_id = client_msg_id_of(text_data)
            if msg_id:
                error["client_msg_id"] = msg_id
            await self.send_json(error)

    async def handle(self, frame: Any) -> None:
        match frame:
            case ChatSend():
                started = await actions.asubmit(
                    self.user,
                    frame.text,
                    frame.allow_web,
                    frame.client_msg_id,
                    frame.options,
                    before_start=self.follow_new,
                    language=self.language,
                    steer=frame.steer,
                )
                accepted = ChatAccepted(**started.as_dict(), client_msg_id=frame.client_msg_id)
                await self.send_json(accepted.frame())
                if started.run_id not in self.fresh:
                    await self.subscribe(started.run_id, self.sent.get(started.run_id, 0))
                self.fresh.discard(started.run_id)
            case RunCancel():
                await actions.acancel(self.user, frame.run_id)
            case RunUndo():
                undone = await aundo(self.user, frame.run_id)
                await self.send_json({"type": "run.undone", **undone.as_dict()})
            case MemoryForget():
                generation = await actions.aforget(self.user)
                await self.send_json(MemoryForgotten(generation=generation).frame())
            case AssistantSwitch():
                enabled = await actions.aset_assistant(self.user, frame.enabled)
                await self.send_json({"type": "assistant.state", "enabled": enabled})
            case ActionConfirm():
                await actions.adecide(self.user, frame.run_id, frame.action_id, frame.decision)
            case RunFeedback():
                stored = await aset_feedback(
                    self.user, frame.run_id, frame.rating, frame.comment, sender=self.channel_name
                )
                await self.send_json({"type": "run.feedback", **stored})
            case RunSubscribe():
                await self.subscribe(frame.run_id, frame.after_seq)
            case InboxCancelFrame():
                # Every socket of the player hears ``inbox.cancelled`` (this one too).
                await inbox.acancel_waiting(self.user, frame.entry_id)

    async def follow_new(self, run_id: int) -> None:
        """A run this socket's message just created, before it starts: joined now, it has
        no event to read back and no streamed text to ask for."""
        await self.channel_layer.group_add(run_group(run_id), self.channel_name)
        self.fresh.add(run_id)
        self.sent[run_id] = 0
        self.streamed_after[run_id] = 0
        self.cursors[run_id] = DeltaCursor()

    async def subscribe(self, run_id: int, after_seq: int) -> None:
        lock = self._lock(run_id)
        async with lock:
            # Join first, then read: an event persisted in between is in one or the other.
            await self.channel_layer.group_add(run_group(run_id), self.channel_name)
            self.sent[run_id] = after_seq
            self.streamed_after[run_id] = after_seq
            self.cursors[run_id] = DeltaCursor()
            try:
                await self._catch_up(run_id)
            except ServiceError:
                # Not a run this user may read: leave its group, or its live events would follow.
                del self.sent[run_id]
                await self.channel_layer.group_discard(run_group(run_id), self.channel_name)
                raise
        # An answer being written right now: everything so far, from the run's process.
        await request_sync(run_id, self.channel_name)

    def _lock(self, run_id: int) -> asyncio.Lock:
        """The run's lock: one sender at a time, in seq order (made once, not per event)."""
        lock = self.locks.get(run_id)
        if lock is None:
            lock = self.locks[run_id] = asyncio.Lock()
        return lock

    async def _catch_up(self, run_id: int) -> None:
        while True:
            frames = await database_sync_to_async(actions.events_after)(
                self.user, run_id, self.sent[run_id], any_user=self.reviewer
            )
            for frame in frames:
                await self._send_event(frame)
            if len(frames) < actions.EVENTS_PAGE:
                return

    async def _send_event(self, frame: dict[str, Any]) -> None:
        run_id, seq = frame["run_id"], frame["seq"]
        if seq <= self.sent.get(run_id, 0):
            return
        self.sent[run_id] = seq
        if streams_after(frame["kind"]):
            self.streamed_after[run_id] = seq
        await self.send_json(frame)

    async def session_ended(self, message: dict[str, Any]) -> None:
        """The player logged out, or the account was deactivated: this socket ends."""
        await self.close(code=UNAUTHENTICATED)

    async def run_feedback(self, message: dict[str, Any]) -> None:
        """The player rated an answer in another tab (or over the API): show it here too."""
        if message.get("sender") != self.channel_name:
            await self.send_json(message["frame"])

    async def run_queued_started(self, message: dict[str, Any]) -> None:
        """A message that waited in the inbox now runs as its own run: tell the page."""
        run_id = message["run_id"]
        client_msg_id = message.get("client_msg_id", "")
        accepted = ChatAccepted(
            run_id=run_id, client_msg_id=client_msg_id, from_inbox=True, steer=message.get("steer")
        )
        await self.send_json(accepted.frame())
        await self.subscribe(run_id, self.sent.get(run_id, 0))

    async def inbox_frames(self, message: dict[str, Any]) -> None:
        """The player's inbox changed (a message's place, cancelled messages): as sent."""
        for frame in message["frames"]:
            await self.send_json(frame)

    async def run_event(self, message: dict[str, Any]) -> None:
        """A live event from the run's group (the doorbell): its JSON sent as it is, when it
        is the next one; otherwise the database fills the gap."""
        run_id, seq = message["run_id"], message["seq"]
        if run_id not in self.sent:
            return
        lock = self._lock(run_id)
        async with lock:
            last = self.sent[run_id]
            if seq <= last:
                return
            if seq == last + 1 and message["text"] is not None:
                self.sent[run_id] = seq
                if streams_after(message["kind"]):
                    self.streamed_after[run_id] = seq
                await self.send(text_data=message["text"])
            else:
                await self._catch_up(run_id)

    async def run_delta(self, message: dict[str, Any]) -> None:
        """New words of an answer being written (live, or a sync reply): only what is new."""
        frame = message["frame"]
        run_id = frame["run_id"]
        if run_id not in self.sent:
            return
        lock = self._lock(run_id)
        async with lock:
            if frame["after_seq"] > self.sent[run_id]:
                await self._catch_up(run_id)  # the event it follows is not sent yet
            cursor = self.cursors.setdefault(run_id, DeltaCursor())
            # A message queued meanwhile does not end the text: the loop's last step counts.
            for out in cursor.accept(frame, self.streamed_after.get(run_id, 0)):
                if out is frame:
                    await self.send(text_data=message["text"])
                else:
                    await self.send_json(out)
