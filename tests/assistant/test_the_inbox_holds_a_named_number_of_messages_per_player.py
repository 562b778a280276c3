"""A player may have at most MAX_QUEUED_PER_PLAYER messages waiting; the next is refused clearly."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.inbox import MAX_QUEUED_PER_PLAYER
from agentweb.assistant.models import InboxEntry, Run
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_messages_beyond_the_cap_are_refused_and_nothing_is_queued(connect, alice, model):
    gate = asyncio.Event()

    async def held(request):
        await gate.wait()
        return answer("done")

    model.push(route("system:chat"), held)
    token = (await database_sync_to_async(new_token)(alice, "script"))[1]
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "first"})
    run_id = (await socket.recv())["run_id"]
    await socket.until(lambda f: f.get("kind") == "route.decided")
    client = AsyncClient()

    async def post(i: int):
        return await client.post(
            "/api/runs",
            data=json.dumps({"text": f"more {i}"}),
            content_type="application/json",
            headers={"Authorization": f"Bearer {token}"},
        )

    responses = await asyncio.gather(*(post(i) for i in range(MAX_QUEUED_PER_PLAYER + 5)))
    statuses = sorted(r.status_code for r in responses)
    queued = await database_sync_to_async(
        InboxEntry.objects.filter(user=alice, status="queued").count
    )()
    refused = [r.json()["error"] for r in responses if r.status_code == 429]
    # The rest of the inbox would start runs later: drop it so the test ends quickly.
    await database_sync_to_async(InboxEntry.objects.filter(user=alice).update)(status="dropped")
    gate.set()
    await socket.until_finished(run_id)

    assert statuses == [202] * MAX_QUEUED_PER_PLAYER + [429] * 5
    assert queued == MAX_QUEUED_PER_PLAYER
    assert {e["code"] for e in refused} == {"inbox_full"}
    assert str(MAX_QUEUED_PER_PLAYER) in refused[0]["message"]
    assert await database_sync_to_async(Run.objects.count)() == 1
