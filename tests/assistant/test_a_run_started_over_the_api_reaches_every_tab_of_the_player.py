"""``POST /api/runs`` (a script, a token) is the player's too: each of her open tabs gets
``chat.accepted`` with ``origin: api`` and the run's events, live."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_run_posted_with_a_token_is_announced_and_followed_in_her_tabs(
    connect, alice, model
):
    model.push(route("system:chat"), answer("Coal comes from coal ore."))
    key = (await database_sync_to_async(new_token)(alice, "script"))[1]
    tab_a, tab_b = await connect(alice), await connect(alice)

    response = await AsyncClient().post(
        "/api/runs",
        data=json.dumps({"text": "where is coal?", "client_msg_id": "api-1"}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {key}"},
    )
    run_id = response.json()["run_id"]

    for tab in (tab_a, tab_b):
        frames = await tab.until_finished(run_id)
        accepted = frames[0]
        assert accepted["type"] == "chat.accepted"
        assert accepted["origin"] == "api"
        assert accepted["run_id"] == run_id
        assert accepted["client_msg_id"] == "api-1"
        assert accepted["text"] == "where is coal?"
        events = [f for f in frames if f["type"] == "run.event"]
        assert [f["seq"] for f in events] == list(range(1, len(events) + 1))
        assert events[0]["kind"] == "run.started"
        assert await tab.nothing()
