"""A thousand nested brackets are bad JSON: an error frame or a 400, never a crash."""

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import PendingAction, Run, RunEvent

pytestmark = pytest.mark.django_db(transaction=True)

NESTED = [
    "[" * 1000,
    '{"type": "chat.send", "text": "hi", "client_msg_id": "c-1", "x": ' + "[" * 1000 + "}",
    '{"type": "chat.send", "text": ' + '{"a": ' * 1000 + "}",
]


def _counts():
    return Run.objects.count(), RunEvent.objects.count(), PendingAction.objects.count()


@pytest.mark.parametrize("frame", NESTED)
async def test_a_deeply_nested_frame_gets_bad_json_and_the_socket_stays_open(connect, alice, frame):
    socket = await connect(alice)

    await socket.send(frame)
    reply = await socket.recv()

    assert (reply["type"], reply["code"]) == ("error", "bad_json")
    await socket.send({"type": "run.subscribe", "run_id": 999999})
    assert (await socket.recv())["code"] == "unknown_run", "the socket is still open"
    assert await database_sync_to_async(_counts)() == (0, 0, 0)


@pytest.mark.parametrize("url", ["/api/runs", "/api/runs/1/confirm"])
async def test_a_deeply_nested_body_gets_a_400(alice, url):
    token = (await database_sync_to_async(new_token)(alice, "script"))[1]
    body = "[" * 2000

    response = await AsyncClient().post(
        url,
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_json"
    assert await database_sync_to_async(_counts)() == (0, 0, 0)
