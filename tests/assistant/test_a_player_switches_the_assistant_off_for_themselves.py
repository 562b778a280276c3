"""A player switches the assistant off: the running loop ends with no further model call,
new messages are refused until it is switched on again (R-MEM-2)."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient, Client

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import MemoryState, Run
from tests.replies import HeldCall, answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_switching_off_ends_the_running_loop_without_another_model_call(
    connect, alice, model
):
    slow = HeldCall(answer("too late"))
    model.push(route("system:chat"), slow, answer("finalized"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello"})
    run_id = (await socket.recv())["run_id"]
    await asyncio.wait_for(slow.reached.wait(), 10)
    calls = model.calls

    await socket.send({"type": "assistant.switch", "enabled": False})
    frames = await socket.until_finished(run_id)

    assert {"type": "assistant.state", "enabled": False} in frames
    finished = frames[-1]["data"]
    assert finished["status"] == "failed"
    assert finished["stop_reason"]["failure"] == "assistant_disabled"
    assert model.calls == calls, "no finalization call after the switch"
    state = await database_sync_to_async(MemoryState.objects.get)(user=alice)
    assert state.assistant_enabled is False


async def test_while_off_messages_are_refused_and_on_again_they_run(connect, alice, model):
    socket = await connect(alice)
    await socket.send({"type": "assistant.switch", "enabled": False})
    assert (await socket.recv())["enabled"] is False

    await socket.send({"type": "chat.send", "text": "hello", "client_msg_id": "m-1"})
    refused = await socket.recv()
    await socket.send({"type": "assistant.switch", "enabled": True})
    assert (await socket.recv())["enabled"] is True
    model.push(route("system:chat"), answer("hi"))
    await socket.send({"type": "chat.send", "text": "hello", "client_msg_id": "m-2"})
    run_id = (await socket.recv())["run_id"]
    finished = (await socket.until_finished(run_id))[-1]

    assert (refused["code"], refused["client_msg_id"]) == ("assistant_off", "m-1")
    assert finished["data"]["status"] == "completed"
    assert await database_sync_to_async(Run.objects.count)() == 1


async def test_the_api_switch_validates_like_the_frame(alice):
    token = (await database_sync_to_async(new_token)(alice, "script"))[1]
    headers = {"Authorization": f"Bearer {token}"}

    async def post(body):
        return await AsyncClient().post(
            "/api/assistant",
            data=json.dumps(body),
            content_type="application/json",
            headers=headers,
        )

    bad = await post({"enabled": "no"})
    assert (bad.status_code, bad.json()["error"]["code"]) == (400, "bad_field")
    assert not await database_sync_to_async(MemoryState.objects.filter(user=alice).exists)()
    off = await post({"enabled": False})
    assert off.json() == {"enabled": False}
    state = await database_sync_to_async(MemoryState.objects.get)(user=alice)
    assert state.assistant_enabled is False


def test_the_page_shows_the_switch_in_its_state(alice):
    client = Client()
    client.force_login(alice)
    MemoryState.objects.create(user=alice, assistant_enabled=False)

    page = client.get("/").content.decode()

    assert 'id="assistant-on"' in page
    assert 'id="assistant-on" checked' not in page
