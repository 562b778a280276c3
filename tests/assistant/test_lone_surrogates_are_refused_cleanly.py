"""A lone surrogate ("\\ud800") is not text: refused with a clear error, nothing stored."""

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import InboxEntry, Run

pytestmark = pytest.mark.django_db(transaction=True)

SURROGATE = "\\ud800"  # the JSON escape, as a client sends it
BODIES = [
    '{"text": "hi ' + SURROGATE + '"}',
    '{"text": "hi", "client_msg_id": "c-' + SURROGATE + '"}',
    '{"text": "' + SURROGATE + '\\udc00x\\udfff"}',
]


def _counts():
    return Run.objects.count(), InboxEntry.objects.count()


@pytest.mark.parametrize("body", BODIES)
async def test_a_frame_with_a_lone_surrogate_is_refused(connect, alice, body):
    socket = await connect(alice)

    await socket.send('{"type": "chat.send", ' + body[1:])
    reply = await socket.recv()

    assert (reply["type"], reply["code"]) == ("error", "bad_json")
    assert await database_sync_to_async(_counts)() == (0, 0)


@pytest.mark.parametrize("body", BODIES)
async def test_a_request_with_a_lone_surrogate_gets_a_400(alice, body):
    token = (await database_sync_to_async(new_token)(alice, "script"))[1]

    response = await AsyncClient().post(
        "/api/runs",
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_json"
    assert await database_sync_to_async(_counts)() == (0, 0)
