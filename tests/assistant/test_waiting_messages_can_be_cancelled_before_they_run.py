"""R-X3-1: the player cancels waiting messages before they run — all of them, or one —
over the socket (``inbox.cancel``) or the API (``POST /api/inbox/cancel``); every socket
of hers hears ``inbox.cancelled``. A cancel that names no waiting message of hers is
refused and changes nothing."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import InboxEntry, Run
from agentweb.assistant.runs.executor import executor
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _accepted(msg_id):
    return lambda f: f["type"] == "chat.accepted" and f.get("client_msg_id") == msg_id


def _statuses():
    return database_sync_to_async(
        lambda: list(InboxEntry.objects.order_by("id").values_list("client_msg_id", "status"))
    )()


async def _held_run_with_waiting(socket, model, *msg_ids):
    reached, release = asyncio.Event(), asyncio.Event()

    async def held(request):
        reached.set()
        await release.wait()
        return answer("first answer")

    model.push(route("system:chat"), held)
    await socket.send({"type": "chat.send", "text": "first", "client_msg_id": "m0"})
    first = (await socket.until(_accepted("m0")))[-1]["run_id"]
    await asyncio.wait_for(reached.wait(), 10)
    entries = {}
    for msg_id in msg_ids:
        await socket.send({"type": "chat.send", "text": f"then {msg_id}", "client_msg_id": msg_id})
        entries[msg_id] = (await socket.until(_accepted(msg_id)))[-1]["entry_id"]
    return first, release, entries


async def test_one_waiting_message_is_cancelled_and_every_tab_hears_it(connect, alice, model):
    socket, other_tab = await connect(alice), await connect(alice)
    first, release, entries = await _held_run_with_waiting(socket, model, "m1", "m2")
    model.push(route("system:chat"), answer("answer to m2"))

    await socket.send({"type": "inbox.cancel", "entry_id": entries["m1"]})
    here = await socket.until(lambda f: f["type"] == "inbox.cancelled")
    there = await other_tab.until(lambda f: f["type"] == "inbox.cancelled")
    moved = await socket.until(_accepted("m2"))
    release.set()
    started = await socket.until(lambda f: f.get("from_inbox"))
    await socket.until_finished(started[-1]["run_id"])

    for frame in (here[-1], there[-1]):
        assert frame == {
            "type": "inbox.cancelled",
            "entry_ids": [entries["m1"]],
            "client_msg_ids": ["m1"],
        }
    assert moved[-1]["position"] == 1
    assert started[-1]["client_msg_id"] == "m2"
    assert await _statuses() == [("m1", "cancelled"), ("m2", "started")]


async def test_cancelling_all_waiting_messages_leaves_only_the_running_answer(
    connect, alice, model
):
    socket = await connect(alice)
    first, release, entries = await _held_run_with_waiting(socket, model, "m1", "m2")

    await socket.send({"type": "inbox.cancel"})
    cancelled = (await socket.until(lambda f: f["type"] == "inbox.cancelled"))[-1]
    release.set()
    await socket.until_finished(first)
    await executor.wait_all()

    assert cancelled["client_msg_ids"] == ["m1", "m2"]
    assert await _statuses() == [("m1", "cancelled"), ("m2", "cancelled")]
    assert await database_sync_to_async(Run.objects.count)() == 1


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"type": "inbox.cancel", "entry_id": 999999}, "unknown_entry"),
        ({"type": "inbox.cancel", "entry_id": "1"}, "bad_frame"),
        ({"type": "inbox.cancel", "entry_id": 0}, "bad_frame"),
        ({"type": "inbox.cancel", "entry_id": True}, "bad_frame"),
    ],
)
async def test_a_cancel_that_names_no_waiting_message_is_refused(
    connect, alice, model, frame, code
):
    socket = await connect(alice)
    first, release, _ = await _held_run_with_waiting(socket, model, "m1")

    await socket.send(frame)
    error = (await socket.until(lambda f: f["type"] == "error"))[-1]
    still = await _statuses()
    release.set()
    model.push(route("system:chat"), answer("m1 answered"))
    await executor.wait_all()

    assert error["code"] == code and error["message"]
    assert still == [("m1", "queued")]


async def test_another_player_s_waiting_message_cannot_be_cancelled(connect, alice, bob, model):
    socket = await connect(alice)
    first, release, entries = await _held_run_with_waiting(socket, model, "m1")
    bobs = await connect(bob)

    await bobs.send({"type": "inbox.cancel", "entry_id": entries["m1"]})
    error = await bobs.recv()
    still = await _statuses()
    release.set()
    model.push(route("system:chat"), answer("m1 answered"))
    await executor.wait_all()

    assert error["code"] == "unknown_entry"
    assert still == [("m1", "queued")]


async def _post(client, url, body, token):
    return await client.post(
        url,
        data=json.dumps(body) if not isinstance(body, str) else body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )


async def test_the_api_cancels_waiting_messages_and_refuses_bad_input(connect, alice, model):
    token = (await database_sync_to_async(new_token)(alice, "script"))[1]
    socket = await connect(alice)
    first, release, entries = await _held_run_with_waiting(socket, model, "m1", "m2")
    client = AsyncClient()

    refused = [
        await _post(client, "/api/inbox/cancel", {"entry_id": "two"}, token),
        await _post(client, "/api/inbox/cancel", "[", token),
        await _post(client, "/api/inbox/cancel", {"entry_id": 424242}, token),
    ]
    untouched = await _statuses()
    one = await _post(client, "/api/inbox/cancel", {"entry_id": entries["m2"]}, token)
    heard = (await socket.until(lambda f: f["type"] == "inbox.cancelled"))[-1]
    rest = await _post(client, "/api/inbox/cancel", {}, token)
    release.set()
    await executor.wait_all()

    assert [r.status_code for r in refused] == [400, 400, 404]
    assert all(r.json()["error"]["message"] for r in refused)
    assert untouched == [("m1", "queued"), ("m2", "queued")]
    assert one.status_code == 200
    assert (
        one.json()
        == heard
        == {
            "type": "inbox.cancelled",
            "entry_ids": [entries["m2"]],
            "client_msg_ids": ["m2"],
        }
    )
    assert rest.json()["client_msg_ids"] == ["m1"]
    assert await _statuses() == [("m1", "cancelled"), ("m2", "cancelled")]
    assert await database_sync_to_async(Run.objects.count)() == 1
