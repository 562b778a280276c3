"""flush drops every queued message and every membership; a waiting receiver keeps waiting."""

import asyncio


async def test_flush_drops_messages_and_memberships(layer):
    channel = await layer.new_channel()
    await layer.group_add("run.1", channel)
    await layer.send(channel, {"type": "queued"})

    await layer.flush()
    await layer.group_send("run.1", {"type": "after flush"})

    try:
        async with asyncio.timeout(0.05):
            await layer.receive(channel)
        raise AssertionError("a message survived the flush")
    except TimeoutError:
        pass
    assert layer._groups == {}


async def test_a_receiver_waiting_across_a_flush_gets_the_next_message(layer):
    channel = await layer.new_channel()
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0)

    await layer.flush()
    await layer.send(channel, {"type": "after flush"})

    assert await asyncio.wait_for(waiting, 1) == {"type": "after flush"}
