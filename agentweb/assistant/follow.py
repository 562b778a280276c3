"""One follower of live runs: replay from a seq, then live, deltas after their step.

The websocket (``ws/consumer.py``, any number of runs per socket, the runs a
player starts in another tab included) and the server-sent-events stream
(``api/stream.py``, one run) both follow runs with a ``Follower``; they differ
only in how a frame is written to the client (``Out``).

Replay then live, per run: the follower joins the run's group first, then
reads the events after ``after_seq`` from the database — an event stored in
between is in one or the other. Live events that arrive meanwhile wait for the
run's lock; then anything already sent is skipped and any gap is read from the
database again: no event lost, none sent twice (R-X3-2). The database is the
log; the live message only saves the read when it is the next one.

Deltas (the answer as it is written) follow the step they come after: once a
(re)subscribed follower has its replay, the run's process sends everything
streamed so far in one delta (``request_sync``), then the rest comes live; a
``DeltaCursor`` per run drops what the client already has, and a delta whose
step the client does not have yet first reads that step.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from channels.db import database_sync_to_async

from agentweb.assistant import actions
from agentweb.assistant.bus import run_group
from agentweb.assistant.errors import ServiceError
from agentweb.assistant.models import ACTIVE_STATUSES, Run
from agentweb.assistant.runs.live import request_sync
from agentweb.engine.events import streams_after
from agentweb.lib.channel_groups import Member

# Deltas a follower holds while it waits for the text before them (a sync reply).
MAX_HELD_DELTAS = 64

# How a frame reaches the client: an event's seq (``None`` for a delta) and its JSON text.
Out = Callable[[int | None, str], Awaitable[None]]


class DeltaCursor:
    """A follower's side: which streamed text a client already has, so each delta adds
    only what is new — whether it arrives live, in a sync reply, or both."""

    def __init__(self) -> None:
        self.after_seq = -1
        self.length = 0
        self.held: list[dict[str, Any]] = []

    def accept(self, frame: dict[str, Any], sent_seq: int) -> list[dict[str, Any]]:
        """Client frames for one delta, given the seq of the last event the client has.

        Frames are never changed: one that is new in full comes back as the
        same object, one that is partly known as a new, cut copy."""
        after = frame["after_seq"]
        if after != sent_seq:
            return []  # older than an event the client has, or ahead of it: dropped
        if after != self.after_seq:
            self.after_seq, self.length, self.held = after, 0, []
        out: list[dict[str, Any]] = []
        pending = [frame, *self.held]
        self.held = []
        progressed = True
        while progressed:
            progressed = False
            for item in list(pending):
                offset, text = item["offset"], item["text"]
                if offset > self.length:
                    continue
                pending.remove(item)
                new = text[self.length - offset :]
                if new:
                    # All of it new: the frame itself (its JSON may be sent as it is).
                    cut = offset != self.length
                    out.append({**item, "offset": self.length, "text": new} if cut else item)
                    self.length += len(new)
                    progressed = True
        self.held = pending[-MAX_HELD_DELTAS:]
        return out


class _Followed:
    """What the client has of one run."""

    __slots__ = ("cursor", "finished", "lock", "sent", "streamed_after")

    def __init__(self, after_seq: int) -> None:
        self.sent = after_seq  # the last event the client has
        self.streamed_after = after_seq  # the last step of the loop it has (what a delta follows)
        self.cursor = DeltaCursor()
        self.finished = False  # run.finished sent
        # One sender at a time, in seq order (made once per run, not per event).
        self.lock = asyncio.Lock()

    def reset(self, after_seq: int) -> None:
        self.sent = self.streamed_after = after_seq
        self.cursor = DeltaCursor()
        self.finished = False


class Follower:
    """Follows runs for one client (a socket or a stream) on ``member``'s channel.

    ``any_user``: a reviewer, who may follow any run read-only (R-AUTH-1); everyone
    else follows only their own runs — another player's run is refused like an
    unknown one, and its live events never reach the client."""

    def __init__(self, user: Any, member: Member, out: Out, *, any_user: bool = False) -> None:
        self.user = user
        self.member = member
        self.out = out
        self.any_user = any_user
        self.runs: dict[int, _Followed] = {}

    def follows(self, run_id: int) -> bool:
        return run_id in self.runs

    def sent(self, run_id: int) -> int:
        """The last seq of ``run_id`` the client has (0: none, or not followed)."""
        followed = self.runs.get(run_id)
        return followed.sent if followed is not None else 0

    def finished(self, run_id: int) -> bool:
        """Whether the client has the run's ``run.finished``."""
        followed = self.runs.get(run_id)
        return followed is not None and followed.finished

    async def follow_new(self, run_id: int) -> None:
        """A run that has not started yet (its id was just made): joined now, it has no
        event to read back and no streamed text to ask for."""
        await self.member.join(run_group(run_id))
        self.runs[run_id] = _Followed(0)

    async def subscribe(self, run_id: int, after_seq: int) -> None:
        """Every event of ``run_id`` after ``after_seq``, once and in order, then live.

        Raises ``ServiceError`` (``unknown_run``) for a run the user may not read; the
        follower then holds nothing of it."""
        followed = self.runs.get(run_id)
        if followed is None:
            followed = self.runs[run_id] = _Followed(after_seq)
        async with followed.lock:
            followed.reset(after_seq)
            # Join first, then read: an event persisted in between is in one or the other.
            await self.member.join(run_group(run_id))
            try:
                await self._catch_up(run_id, followed)
            except ServiceError:
                # Not a run this user may read: leave its group, or its live events would follow.
                del self.runs[run_id]
                await self.member.leave(run_group(run_id))
                raise
        if not followed.finished:
            # An answer being written right now: everything so far, from the run's process.
            await request_sync(run_id, self.member.channel)

    async def catch_up(self, run_id: int) -> None:
        """Send what the database holds after what was sent (a lost doorbell, a keepalive)."""
        followed = self.runs.get(run_id)
        if followed is not None:
            async with followed.lock:
                await self._catch_up(run_id, followed)

    async def ended(self, run_id: int) -> bool:
        """Whether nothing more will come: ``run.finished`` sent, or the run has ended
        without one (interrupted before it could write it) and every event is sent."""
        followed = self.runs.get(run_id)
        if followed is None:
            return True
        if followed.finished:
            return True
        status, last_seq = await database_sync_to_async(
            lambda: Run.objects.values_list("status", "last_seq").get(pk=run_id)
        )()
        return status not in ACTIVE_STATUSES and last_seq <= followed.sent

    async def handle(self, message: dict[str, Any]) -> bool:
        """A layer message for the follower (``run.event``, ``run.delta``): handled, or
        ``False`` when it is of another type."""
        kind = message.get("type")
        if kind == "run.event":
            await self.on_event(message)
        elif kind == "run.delta":
            await self.on_delta(message)
        else:
            return False
        return True

    async def on_event(self, message: dict[str, Any]) -> None:
        """A live event from the run's group (the doorbell): its JSON sent as it is, when it
        is the next one; otherwise the database fills the gap."""
        run_id, seq = message["run_id"], message["seq"]
        followed = self.runs.get(run_id)
        if followed is None:
            return
        async with followed.lock:
            if seq <= followed.sent:
                return
            if seq == followed.sent + 1 and message["text"] is not None:
                await self._send(followed, seq, message["kind"], message["text"])
            else:
                await self._catch_up(run_id, followed)

    async def on_delta(self, message: dict[str, Any]) -> None:
        """New words of an answer being written (live, or a sync reply): only what is new."""
        frame = message["frame"]
        run_id = frame["run_id"]
        followed = self.runs.get(run_id)
        if followed is None:
            return
        async with followed.lock:
            if frame["after_seq"] > followed.sent:
                await self._catch_up(run_id, followed)  # the step it follows is not sent yet
            # A message queued meanwhile does not end the text: the loop's last step counts.
            for delta in followed.cursor.accept(frame, followed.streamed_after):
                await self.out(None, message["text"] if delta is frame else json.dumps(delta))

    async def close(self) -> None:
        """Leave every group: the layer holds nothing of this follower any more."""
        self.runs.clear()
        await self.member.leave_all()

    async def _catch_up(self, run_id: int, followed: _Followed) -> None:
        while True:
            frames = await database_sync_to_async(actions.events_after)(
                self.user, run_id, followed.sent, any_user=self.any_user
            )
            for frame in frames:
                if frame["seq"] > followed.sent:
                    await self._send(followed, frame["seq"], frame["kind"], json.dumps(frame))
            if len(frames) < actions.EVENTS_PAGE:
                return

    async def _send(self, followed: _Followed, seq: int, kind: str, text: str) -> None:
        followed.sent = seq
        if streams_after(kind):
            followed.streamed_after = seq
        if kind == "run.finished":
            followed.finished = True
        await self.out(seq, text)
