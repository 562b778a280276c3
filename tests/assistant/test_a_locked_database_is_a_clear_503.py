"""A database another connection keeps locked is ``503 busy`` — JSON on the API, an error
frame on the socket — never Django's HTML server error; nothing is written."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test import AsyncClient

from agentweb.assistant.models import Run
from agentweb.gameserver.models import LinkCode

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the lock held here is SQLite's"),
]


@contextmanager
def another_writer() -> Iterator[None]:
    """Another connection in the middle of a write (SQLite, as a long import would be)."""
    name = connection.settings_dict["NAME"]
    other = sqlite3.connect(name, uri=name.startswith("file:"), isolation_level=None, timeout=0)
    other.execute("BEGIN")
    other.execute("UPDATE assistant_run SET id = id WHERE 0")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


@pytest.fixture
def locked() -> Iterator[None]:
    with another_writer():
        yield


@pytest.fixture
async def client(alice) -> AsyncClient:
    client = AsyncClient()
    await client.aforce_login(alice)
    return client


async def test_the_api_answers_503_busy_in_json(client, locked):
    response = await client.post(
        "/api/runs", data=json.dumps({"text": "hi"}), content_type="application/json"
    )

    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "busy"
    assert response["Retry-After"]


async def test_a_page_answers_503_in_a_short_text(client, locked):
    response = await client.post("/game/link/code")

    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/plain")
    assert b"busy" in response.content


async def test_the_socket_answers_an_error_frame_and_stays_open(connect, alice):
    socket = await connect(alice)

    with another_writer():
        await socket.send({"type": "chat.send", "text": "hi", "client_msg_id": "m-1"})
        reply = await socket.recv()
    await socket.send({"type": "run.subscribe", "run_id": 999999})

    assert (reply["type"], reply["code"]) == ("error", "busy")
    assert (await socket.recv())["code"] == "unknown_run", "the socket is still open"


async def test_nothing_was_written(client, alice):
    with another_writer():
        await client.post(
            "/api/runs", data=json.dumps({"text": "hi"}), content_type="application/json"
        )
        await client.post("/game/link/code")

    assert await database_sync_to_async(Run.objects.count)() == 0
    assert await database_sync_to_async(LinkCode.objects.count)() == 0
