"""The assistant websocket (SPEC §15): translate frames to service calls, events to frames.

The runs a socket follows — its own messages' runs, those it subscribes to, and
every run its player starts anywhere (another tab, the API, game chat:
``player_sockets``) — are followed by one ``follow.Follower``: replay from a
seq, then live, deltas after their step. A reviewer's socket may also follow
the trace viewer's run list (``runs.follow``): a doorbell for each run that
starts or ends and each rating, on ``bus.RUNS_GROUP``.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from channels.db import database_sync_to_async
from django.db import OperationalError

from agentweb.assistant import actions, inbox
from agentweb.assistant.actions import ServiceError
from agentweb.assistant.bus import RUNS_GROUP, session_group, user_group
from agentweb.assistant.feedback import aset_feedback
from agentweb.assistant.follow import Follower
from agentweb.assistant.inputs import client_msg_id_of
from agentweb.assistant.undo import aundo
from agentweb.assistant.ws.frames import (
    ActionConfirm,
    AssistantSwitch,
    ChatSend,
    FrameError,
    InboxCancelFrame,
    MemoryForget,
    MemoryForgotten,
    RunCancel,
    RunFeedback,
    RunsFollow,
    RunSubscribe,
    RunUndo,
    error_frame,
    parse_frame,
)
from agentweb.core import languages
from agentweb.core.roles import Role, has_role
from agentweb.lib.channel_groups import Member
from agentweb.lib.inputs.http import BUSY, locked
from agentweb.lib.json_consumer import JsonWebsocketConsumer

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


class AssistantConsumer(JsonWebsocketConsumer):
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
        # Reviewers and admins may follow any run, read-only (R-AUTH-1), and the run list.
        self.reviewer = await database_sync_to_async(has_role)(user, Role.REVIEWER)
        self.member = Member(self.channel_layer, self.channel_name)
        self.follower = Follower(user, self.member, self._out, any_user=self.reviewer)
        # Runs this socket's message created, joined before they started (``follow_new``).
        self.fresh: set[int] = set()
        # Her group: every message she sends anywhere, her ratings; logging out (this
        # session) or deactivation (the user) ends the socket.
        session = self.scope.get("session")
        key = getattr(session, "session_key", None)
        await self.member.join(user_group(user.pk))
        if key:
            await self.member.join(session_group(key))
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "follower"):
            await self.follower.close()

    async def _out(self, seq: int | None, text: str) -> None:
        await self.send(text_data=text)

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
                    sender=self.channel_name,
                )
                accepted = started.accepted(frame.client_msg_id)
                await self.send_json(accepted.frame())
                if started.run_id not in self.fresh:
                    await self.subscribe(started.run_id)
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
                await self.follower.subscribe(frame.run_id, frame.after_seq)
            case InboxCancelFrame():
                # Every socket of the player hears ``inbox.cancelled`` (this one too).
                await inbox.acancel_waiting(self.user, frame.entry_id)
            case RunsFollow():
                if not self.reviewer:
                    raise ServiceError(
                        "reviewers_only", "Only reviewers and admins follow the run list.", 403
                    )
                await self.member.join(RUNS_GROUP)
                await self.send_json({"type": "runs.following"})

    async def follow_new(self, run_id: int) -> None:
        """A run this socket's message just created, before it starts: joined now, it has
        no event to read back and no streamed text to ask for."""
        await self.follower.follow_new(run_id)
        self.fresh.add(run_id)

    async def subscribe(self, run_id: int) -> None:
        """Follow ``run_id`` from what this socket has of it (from its start if nothing)."""
        await self.follower.subscribe(run_id, self.follower.sent(run_id))

    # --- messages of the layer ------------------------------------------------------

    async def run_event(self, message: dict[str, Any]) -> None:
        """A live event of a followed run (``Follower.on_event``)."""
        await self.follower.on_event(message)

    async def run_delta(self, message: dict[str, Any]) -> None:
        """New words of an answer being written (``Follower.on_delta``)."""
        await self.follower.on_delta(message)

    async def player_accepted(self, message: dict[str, Any]) -> None:
        """A message of this player, sent anywhere (``player_sockets``): told here, and its
        run followed from its first event — unless this socket sent it and answered it."""
        if message.get("sender") == self.channel_name:
            return
        frame = message["frame"]
        await self.send_json(frame)
        if not frame.get("queued"):
            # Gone meanwhile (the player deleted it): nothing to follow.
            with contextlib.suppress(ServiceError):
                await self.subscribe(frame["run_id"])

    async def session_ended(self, message: dict[str, Any]) -> None:
        """The player logged out, or the account was deactivated: this socket ends."""
        await self.close(code=UNAUTHENTICATED)

    async def run_feedback(self, message: dict[str, Any]) -> None:
        """The player rated an answer in another tab (or over the API): show it here too."""
        if message.get("sender") != self.channel_name:
            await self.send_json(message["frame"])

    async def inbox_frames(self, message: dict[str, Any]) -> None:
        """The player's inbox changed (a message's place, cancelled messages): as sent."""
        for frame in message["frames"]:
            await self.send_json(frame)

    async def runs_changed(self, message: dict[str, Any]) -> None:
        """A run started or ended, or was rated (reviewers following the run list)."""
        await self.send_json({"type": "runs.changed", "run_id": message["run_id"]})
