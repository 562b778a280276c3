"""The API and the websocket validate a message with the same model: same rules, same refusals."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import Run

pytestmark = pytest.mark.django_db(transaction=True)

BAD_IDS = ["<script>", "a b", "ünï", "x" * 65, "c-1\n", 12, None]


@pytest.mark.parametrize("msg_id", BAD_IDS)
async def test_a_bad_client_msg_id_is_refused_by_both(connect, alice, msg_id):
    token = (await database_sync_to_async(new_token)(alice, "script"))[1]
    body = {"text": "hi", "client_msg_id": msg_id}
    socket = await connect(alice)

    response = await AsyncClient().post(
        "/api/runs",
        data=json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    await socket.send({"type": "chat.send", **body})
    frame = await socket.recv()

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_field"
    assert "client_msg_id" in response.json()["error"]["message"]
    assert frame["code"] == "bad_frame"
    assert frame["message"].endswith(response.json()["error"]["message"]), "the same rule"
    assert await database_sync_to_async(Run.objects.count)() == 0
