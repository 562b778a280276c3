"""A game-server token keeps only so many requests waiting at once, and a waiting request
costs one small read a look: never the command templates or the configuration file."""

from __future__ import annotations

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.gameserver import feed
from agentweb.gameserver.api import MAX_WAITS_PER_TOKEN, waits
from agentweb.gameserver.auth import new_token
from agentweb.gameserver.models import GameServerToken

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tokens(db):
    return [new_token(name)[1] for name in ("survival", "creative")]


def _headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def _until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.01)


async def test_a_token_waits_on_only_so_many_requests_at_once(tokens):
    token = await database_sync_to_async(GameServerToken.objects.get)(name="survival")
    client = AsyncClient()
    waiting = [
        asyncio.create_task(client.get("/api/game/deliveries?wait=30", headers=_headers(tokens[0])))
        for _ in range(MAX_WAITS_PER_TOKEN)
    ]
    await _until(lambda: waits.open_for(token.pk) == MAX_WAITS_PER_TOKEN)

    refused = await client.get("/api/game/deliveries?wait=30", headers=_headers(tokens[0]))
    chat = await client.get("/api/game/chat/1?wait=5", headers=_headers(tokens[0]))
    at_once = await client.get("/api/game/deliveries", headers=_headers(tokens[0]))
    other = await client.get("/api/game/deliveries?wait=1", headers=_headers(tokens[1]))

    assert (refused.status_code, refused.json()["error"]["code"]) == (429, "too_many_waits")
    assert chat.status_code == 429
    assert at_once.status_code == 200, "a request that does not wait needs no place"
    assert other.status_code == 200, "another token has places of its own"
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)
    assert waits.open_for(token.pk) == 0


async def test_a_refused_chat_wait_starts_nothing(tokens, monkeypatch):
    token = await database_sync_to_async(GameServerToken.objects.get)(name="survival")
    monkeypatch.setattr(waits, "limit", 0)

    response = await AsyncClient().post(
        "/api/game/chat",
        data=json.dumps({"uuid": "069a79f4-44e9-4726-a5be-fca90e38aaf5", "text": "hi", "wait": 5}),
        content_type="application/json",
        headers=_headers(tokens[0]),
    )

    assert response.status_code == 429
    assert waits.open_for(token.pk) == 0


async def test_a_waiting_request_never_reads_the_command_templates(tokens, monkeypatch):
    books = []
    monkeypatch.setattr(feed, "command_book", lambda: books.append(1))
    looks = []
    waiting_for = feed.waiting_for
    monkeypatch.setattr(feed, "waiting_for", lambda *a: looks.append(1) or waiting_for(*a))

    response = await AsyncClient().get("/api/game/deliveries?wait=1", headers=_headers(tokens[0]))

    assert response.json()["deliveries"] == []
    assert len(looks) >= 2, "it looked more than once"
    assert books == []
