"""A message that waited behind a run and now runs as its own is announced to every tab of
the player with ``from_inbox`` and the origin it was sent from (here ``POST /api/runs``),
and each tab follows the new run."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_every_tab_hears_the_waiting_api_message_become_a_run(connect, alice, model):
    gate = asyncio.Event()

    async def held(request):
        await gate.wait()
        return answer("first answer")

    model.push(route("system:chat"), held, route("system:chat"), answer("second answer"))
    key = (await database_sync_to_async(new_token)(alice, "script"))[1]
    tab_a, tab_b = await connect(alice), await connect(alice)
    await tab_a.send({"type": "chat.send", "text": "hello"})
    first = (await tab_a.recv())["run_id"]
    await tab_b.until(lambda f: f.get("kind") == "route.decided")

    response = await AsyncClient().post(
        "/api/runs",
        data=json.dumps({"text": "and then?", "client_msg_id": "later-1"}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {key}"},
    )
    assert response.json()["queued"] is True
    gate.set()

    for tab in (tab_a, tab_b):
        frames = await tab.until(lambda f: f["type"] == "chat.accepted" and f.get("from_inbox"))
        told = frames[-1]
        waiting = [f for f in frames if f["type"] == "chat.accepted" and f.get("queued")]
        assert waiting and waiting[0]["origin"] == "api" and waiting[0]["text"] == "and then?"
        assert told["origin"] == "api"
        assert told["client_msg_id"] == "later-1"
        assert told["text"] == "and then?"
        assert told["run_id"] != first
        rest = await tab.until_finished(told["run_id"])
        assert [f["data"]["text"] for f in rest if f.get("kind") == "answer"] == ["second answer"]
