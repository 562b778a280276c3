"""``GET /api/runs/<id>/stream``: a run's live stream as server-sent events (SPEC §15).

The same stream as the websocket, followed the same way (``follow.Follower``):
every persisted event (``event: run.event``,
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
import weakref
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Any

from channels.db import database_sync_to_async
from django.http import HttpRequest, HttpResponseBase, StreamingHttpResponse
from django.views.decorators.http import require_GET
from pydantic import Field

from agentweb.assistant import actions
from agentweb.assistant.api.auth import api_view
from agentweb.assistant.errors import ServiceError
from agentweb.assistant.follow import Follower, Out
from agentweb.lib.channel_groups import Member
from agentweb.lib.inputs.fields import IntText
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params
from agentweb.lib.open_requests import Held, OpenRequests

# A comment line this often keeps proxies from closing an idle stream; each
# tick also re-reads the database, in case a doorbell was lost.
KEEPALIVE_S = 15.0
# How long a browser's EventSource waits before it reconnects.
RETRY_MS = 1000
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


def _sse(chunks: list[str]) -> Out:
    """A follower's output as server-sent events, collected in ``chunks``."""

    async def out(seq: int | None, text: str) -> None:
        if seq is None:
            chunks.append(f"event: run.delta\ndata: {text}\n\n")
        else:
            chunks.append(f"id: {seq}\nevent: run.event\ndata: {text}\n\n")

    return out


async def _follow(user: Any, run_id: int, after_seq: int) -> AsyncIterator[str]:
    """The run's events after ``after_seq``, then live (``follow.Follower``), until it ends."""
    chunks: list[str] = []
    member = await Member.open()
    follower = Follower(user, member, _sse(chunks))
    try:
        yield f"retry: {RETRY_MS}\n\n"
        await follower.subscribe(run_id, after_seq)
        ended = await follower.ended(run_id)
        while True:
            while chunks:
                yield chunks.pop(0)
            if ended or follower.finished(run_id):
                return
            try:
                async with asyncio.timeout(KEEPALIVE_S):
                    message = await member.receive()
            except TimeoutError:
                yield ": keepalive\n\n"
                await follower.catch_up(run_id)  # in case a doorbell was lost
                ended = await follower.ended(run_id)
                continue
            await follower.handle(message)
    finally:
        await follower.close()
