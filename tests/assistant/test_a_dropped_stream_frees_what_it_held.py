"""A stream the client drops frees everything it held, at once; a player's streams are capped.

The stream is served as Daphne serves it: the ASGI application gets the request,
sends the first bytes, then gets ``http.disconnect``. After that nothing of the
stream is left: not its place among the run's listeners, not its channel, not
its place in the player's count of open streams, not the database connection
its request opened.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db.backends.signals import connection_created

from agentweb.asgi import application
from agentweb.assistant.api.auth import new_token
from agentweb.assistant.api.stream import MAX_STREAMS_PER_USER, streams
from agentweb.assistant.bus import run_group
from agentweb.assistant.models import Run, Status

pytestmark = pytest.mark.django_db(transaction=True)


class Stream:
    """One ``GET /api/runs/<id>/stream`` held open on the ASGI application."""

    def __init__(self, run_id: int, key: str) -> None:
        self.received: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": f"/api/runs/{run_id}/stream",
            "raw_path": f"/api/runs/{run_id}/stream".encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"127.0.0.1"), (b"authorization", f"Bearer {key}".encode())],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
        }
        self.received.put_nowait({"type": "http.request", "body": b"", "more_body": False})
        self.task = asyncio.create_task(application(scope, self.received.get, self.sent.put))

    async def status(self) -> int:
        start = await self.sent.get()
        assert start["type"] == "http.response.start"
        return start["status"]

    async def first_bytes(self) -> bytes:
        return (await self.sent.get())["body"]

    async def drop(self) -> None:
        await self.received.put({"type": "http.disconnect"})
        await self.task


@pytest.fixture
def key(alice):
    return new_token(alice, "script")[1]


@pytest.fixture
def running(alice):
    return Run.objects.create(user=alice, question="a long one", status=Status.RUNNING)


@pytest.fixture
def opened_connections():
    """The database connections opened meanwhile, and whether each was closed."""
    opened: list[dict[str, Any]] = []

    def record(sender: Any, connection: Any, **kwargs: Any) -> None:
        entry = {"closed": False}
        original = connection.close

        def close() -> None:
            entry["closed"] = True
            original()

        connection.close = close
        opened.append(entry)

    connection_created.connect(record)
    yield opened
    connection_created.disconnect(record)


async def test_dropped_streams_leave_nothing_behind(alice, key, running, opened_connections):
    layer = get_channel_layer()
    # What earlier tests of this process left in the layer (an executor's control
    # membership from a loop that has ended) is not the streams'.
    held_before = layer.channels_held()

    for _ in range(3):
        stream = Stream(running.pk, key)
        assert await stream.status() == 200
        assert (await stream.first_bytes()).startswith(b"retry:")
        assert layer.members(run_group(running.pk)) == 1, "the stream listens to the run"
        await stream.drop()

    assert layer.members(run_group(running.pk)) == 0
    assert layer.channels_held() == held_before
    assert streams.open_for(alice.pk) == 0
    assert opened_connections, "the requests read the database"
    assert all(entry["closed"] for entry in opened_connections)


async def test_a_player_opens_only_so_many_streams_at_once(alice, key, running):
    held = [Stream(running.pk, key) for _ in range(MAX_STREAMS_PER_USER)]
    for stream in held:
        assert await stream.status() == 200
        await stream.first_bytes()

    one_more = Stream(running.pk, key)
    refused = await one_more.status()
    body = (await one_more.sent.get())["body"]
    await one_more.task
    await held[0].drop()
    again = Stream(running.pk, key)
    allowed = await again.status()

    assert refused == 429
    assert b'"too_many_streams"' in body
    assert allowed == 200
    for stream in [*held[1:], again]:
        await stream.drop()
    assert streams.open_for(alice.pk) == 0


async def test_a_stream_read_to_its_end_frees_its_place_too(alice, key):
    done = await database_sync_to_async(Run.objects.create)(
        user=alice, question="done", status=Status.COMPLETED
    )
    stream = Stream(done.pk, key)

    assert await stream.status() == 200
    while (await stream.sent.get()).get("more_body"):
        pass
    await stream.task

    assert streams.open_for(alice.pk) == 0
    assert get_channel_layer().members(run_group(done.pk)) == 0
