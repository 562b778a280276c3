"""``GET /api/runs/<id>/stream``: a run's live stream as server-sent events (SPEC §15).

The same stream as the websocket: every persisted event (``event: run.event``,
``id:`` = its seq) and the deltas of an answer being written (``event:
run.delta``, no id). A client that reconnects sends ``Last-Event-ID`` (or
``?after_seq=``) and gets what it missed, then the rest live. The response
ends after ``run.finished``.

A player holds at most ``MAX_STREAMS_PER_USER`` streams open at once in a
serving process (``429 too_many_streams`` beyond). A stream the client drops
frees everything it held at once — its place among the run's listeners, its
channel, its place in that count — however it ends (``EventStream``), and the
request's database connection closes with the request
(``core/request_connections.py``).
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Any

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.http import HttpRequest, HttpResponseBase, StreamingHttpResponse
from django.views.decorators.http import require_GET
from pydantic import Field

from agentweb.assistant import actions
from agentweb.assistant.api.auth import api_view
from agentweb.assistant.bus import run_group
from agentweb.assistant.errors import ServiceError
from agentweb.assistant.models import Run, Status
from agentweb.assistant.runs.deltas import DeltaCursor, request_sync, streams_after
from agentweb.lib.inputs.fields import IntText
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params
from agentweb.lib.open_requests import Held, OpenRequests

# A comment line this often keeps proxies from closing an idle stream; each
# tick also re-reads the database, in case a doorbell was lost.
KEEPALIVE_S = 15.0
# How long a browser's EventSource waits before it reconnects.
RETRY_MS = 1000
ACTIVE = (Status.QUEUED, Status.RUNNING)
# Streams one player may hold open at once in a serving process: several tabs and a
# script, not hundreds (each holds a task and a channel while it lasts).
MAX_STREAMS_PER_USER = 10
streams = OpenRequests(MAX_STREAMS_PER_USER)


class EventStream(StreamingHttpResponse):
    """A stream that releases what it holds when it ends, whichever way it ends.

    Django closes only the outer iterator of a dropped streaming response; the
    generator inside would wait for the collector. Here the generator is closed
    at once, and ``held`` (the player's place in ``streams``) is released when
    the stream ends, when Django closes the response, or — the client left
    before a byte was sent — when the response is collected.
    """

    def __init__(self, events: AsyncGenerator[str, None], held: Held) -> None:
        super().__init__(events, content_type="text/event-stream")
        self._events = events
        self._held = held
        weakref.finalize(self, held.release)
        self["Cache-Control"] = "no-cache"
        self["X-Accel-Buffering"] = "no"

    async def __aiter__(self) -> AsyncIterator[bytes]:
        try:
            async for part in super().__aiter__():
                yield part
        finally:
            await self._events.aclose()
            self._held.release()

    def close(self) -> None:
        super().close()
        self._held.release()


class StreamQuery(Params):
    after_seq: IntText() = 0


class StreamHeaders(Params):
    # An EventSource that reconnects sends the id of the last event it got.
    last_event_id: IntText() | None = Field(None, alias="Last-Event-ID")


@require_GET
@api_view
@reads(query=StreamQuery, headers=StreamHeaders)
async def run_stream(
    request: HttpRequest, run_id: int, *, query: StreamQuery, headers: StreamHeaders
) -> HttpResponseBase:
    after_seq = query.after_seq if headers.last_event_id is None else headers.last_event_id
    await database_sync_to_async(actions.owned_run)(request.user, run_id)
    held = streams.enter(request.user.pk)
    if held is None:
        raise ServiceError(
            "too_many_streams",
            f"You have {MAX_STREAMS_PER_USER} streams open; close one before opening another.",
            429,
        )
    return EventStream(_follow(request.user, run_id, after_seq), held)


class _Follower:
    def __init__(self, user: Any, run_id: int, after_seq: int) -> None:
        self.user = user
        self.run_id = run_id
        self.sent = after_seq
        # The last step of the loop sent: what a current delta follows.
        self.streamed_after = after_seq
        self.finished = False
        self.cursor = DeltaCursor()

    async def catch_up(self) -> list[str]:
        out: list[str] = []
        while True:
            frames = await database_sync_to_async(actions.events_after)(
                self.user, self.run_id, self.sent
            )
            out.extend(self.event(frame) for frame in frames)
            if len(frames) < actions.EVENTS_PAGE:
                break
        if not self.finished:
            status, last_seq = await database_sync_to_async(
                lambda: Run.objects.values_list("status", "last_seq").get(pk=self.run_id)
            )()
            # A run that ended without run.finished (interrupted) ends its stream too.
            self.finished = status not in ACTIVE and last_seq <= self.sent
        return out

    def event(self, frame: dict[str, Any]) -> str:
        return self.event_text(frame["seq"], frame["kind"], json.dumps(frame))

    def event_text(self, seq: int, kind: str, text: str) -> str:
        self.sent = seq
        if streams_after(kind):
            self.streamed_after = seq
        self.finished = self.finished or kind == "run.finished"
        return f"id: {seq}\nevent: run.event\ndata: {text}\n\n"

    async def on_message(self, message: dict[str, Any]) -> list[str]:
        if message.get("type") == "run.event":
            seq = message["seq"]
            if seq <= self.sent:
                return []
            if seq == self.sent + 1 and message["text"] is not None:
                return [self.event_text(seq, message["kind"], message["text"])]
            return await self.catch_up()
        if message.get("type") == "run.delta":
            frame = message["frame"]
            out = await self.catch_up() if frame["after_seq"] > self.sent else []
            for delta in self.cursor.accept(frame, self.streamed_after):
                text = message["text"] if delta is frame else json.dumps(delta)
                out.append(f"event: run.delta\ndata: {text}\n\n")
            return out
        return []


async def _follow(user: Any, run_id: int, after_seq: int) -> AsyncIterator[str]:
    layer = get_channel_layer()
    follower = _Follower(user, run_id, after_seq)
    channel = await layer.new_channel()
    # Join first, then read: an event persisted in between is in one or the other.
    await layer.group_add(run_group(run_id), channel)
    try:
        yield f"retry: {RETRY_MS}\n\n"
        for chunk in await follower.catch_up():
            yield chunk
        if not follower.finished:
            await request_sync(run_id, channel)
        while not follower.finished:
            try:
                async with asyncio.timeout(KEEPALIVE_S):
                    message = await layer.receive(channel)
            except TimeoutError:
                yield ": keepalive\n\n"
                for chunk in await follower.catch_up():
                    yield chunk
                continue
            for chunk in await follower.on_message(message):
                yield chunk
    finally:
        await layer.group_discard(run_group(run_id), channel)
