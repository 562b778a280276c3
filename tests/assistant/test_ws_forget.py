"""R-MEM-1/2: forget starts a new memory generation and ends a running loop at once."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Exchange, MemoryState
from tests.replies import HeldCall, answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_after_forget_earlier_exchanges_no_longer_reach_the_model(connect, alice, model):
    model.push(route("system:chat"), answer("Your base is at 100, 64."))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "my base is at 100 64"})
    first = (await socket.recv())["run_id"]
    await socket.until_finished(first)

    await socket.send({"type": "memory.forget"})
    forgotten = await socket.recv()
    model.push(route("system:chat"), answer("I don't know."))
    await socket.send({"type": "chat.send", "text": "where is my base?"})
    second = (await socket.recv())["run_id"]
    await socket.until_finished(second)

    assert forgotten == {"type": "memory.forgotten", "generation": 1}
    assert model.requests[1].payload()["memory"] == []
    assert model.requests[3].payload()["memory"] == []
    assert "100" not in model.requests[3].user


async def test_memory_reaches_the_model_while_not_forgotten(connect, alice, model):
    model.push(route("system:chat"), answer("Noted."), route("system:chat"), answer("At 100."))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "my base is at 100 64"})
    await socket.until_finished((await socket.recv())["run_id"])
    await socket.send({"type": "chat.send", "text": "where is my base?"})
    await socket.until_finished((await socket.recv())["run_id"])

    assert model.requests[3].payload()["memory"] == [{"q": "my base is at 100 64", "a": "Noted."}]


async def test_forget_ends_a_running_loop_which_never_writes_memory(connect, alice, model):
    slow = HeldCall()
    model.push(route("system:reasoning"), slow)
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "analyse my base"})
    run_id = (await socket.recv())["run_id"]
    # The round's call is at the model (not merely announced): forget must abandon it.
    await asyncio.wait_for(slow.reached.wait(), 5)

    await socket.send({"type": "memory.forget"})
    frames = await socket.until_finished(run_id)

    assert frames[-1]["data"]["stop_reason"]["failure"] == "forgotten"
    assert model.calls == 2, "no finalization call"
    assert not await database_sync_to_async(Exchange.objects.filter(run_id=run_id).exists)()
    state = await database_sync_to_async(MemoryState.objects.get)(user=alice)
    assert state.generation == 1
