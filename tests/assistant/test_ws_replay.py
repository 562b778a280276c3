"""R-X3-2: a socket that reconnects replays from its last seq: no gap, no duplicate."""

import asyncio

import pytest

from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_reconnecting_client_gets_exactly_the_events_it_missed(connect, alice, model):
    gate = asyncio.Event()

    async def held(request):
        await gate.wait()
        return {"type": "item.query", "input": {"name": "iron"}}

    model.push(
        route("system:reasoning"),
        held,
        answer("iron ingots", []),
    )
    first = await connect(alice)
    await first.send({"type": "chat.send", "text": "multi step"})
    run_id = (await first.recv())["run_id"]
    seen = await first.until(lambda f: f.get("kind") == "round.started")
    last = seen[-1]["seq"]
    await first.close()

    gate.set()
    second = await connect(alice)
    await second.send({"type": "run.subscribe", "run_id": run_id, "after_seq": last})
    rest = await second.until_finished(run_id)

    seqs = [f["seq"] for f in rest]
    assert seqs == list(range(last + 1, last + 1 + len(seqs)))
    assert await second.nothing()


async def test_subscribing_twice_never_duplicates_an_event(connect, alice, model):
    model.push(route("system:chat"), answer("hello"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hi"})
    run_id = (await socket.recv())["run_id"]
    await socket.send({"type": "run.subscribe", "run_id": run_id, "after_seq": 0})
    frames = await socket.until_finished(run_id)

    seqs = [f["seq"] for f in frames if f["type"] == "run.event"]
    assert seqs == sorted(set(seqs))
    assert seqs[0] == 1
