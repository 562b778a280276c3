"""R-X3-1: messages sent during a run are queued, visible, then claimed or run next."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import InboxEntry, Run
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_message_sent_during_a_run_is_queued_then_claimed_at_the_next_round(
    connect, alice, model
):
    gate = asyncio.Event()

    async def first_round(request):
        await gate.wait()
        return {"type": "item.query", "input": {"name": "iron ingot"}}

    model.push(route("system:reasoning"), first_round, answer("done"), answer("spare"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "analyse iron"})
    run_id = (await socket.recv())["run_id"]
    await socket.until(lambda f: f.get("kind") == "round.started")

    await socket.send({"type": "chat.send", "text": "and gold too?", "client_msg_id": "q2"})
    queued = await socket.until(lambda f: f["type"] == "chat.accepted")
    gate.set()
    frames = await socket.until_finished(run_id)

    assert queued[-1]["queued"] is True
    assert queued[-1]["run_id"] == run_id
    claimed = [f for f in frames if f.get("kind") == "inbox.claimed"]
    assert claimed[0]["data"]["messages"] == ["and gold too?"]
    assert model.requests[2].payload()["followups"] == ["and gold too?"]
    entry = await database_sync_to_async(InboxEntry.objects.get)(client_msg_id="q2")
    assert entry.status == "claimed"
    assert await database_sync_to_async(Run.objects.count)() == 1


async def test_a_message_still_queued_when_the_run_ends_runs_next_and_is_announced(
    connect, alice, model
):
    gate = asyncio.Event()

    async def held(request):
        await gate.wait()
        return answer("first answer")

    model.push(route("system:chat"), held, route("system:chat"), answer("second answer"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello"})
    first = (await socket.recv())["run_id"]
    await socket.until(lambda f: f.get("kind") == "route.decided")
    await socket.send({"type": "chat.send", "text": "and then?", "client_msg_id": "later-1"})
    await socket.until(lambda f: f["type"] == "chat.accepted")

    gate.set()
    frames = await socket.until(lambda f: f["type"] == "chat.accepted" and f.get("from_inbox"))
    second = frames[-1]["run_id"]
    rest = await socket.until_finished(second)

    assert frames[-1]["client_msg_id"] == "later-1"
    assert second != first
    assert any(f.get("kind") == "answer" and f["data"]["text"] == "second answer" for f in rest)
