"""group_discard: the channel leaves the group and gets nothing more from it; the rest still do."""

import asyncio


async def nothing_on(layer, channel) -> bool:
    try:
        async with asyncio.timeout(0.05):
            await layer.receive(channel)
    except TimeoutError:
        return True
    return False


async def test_a_discarded_member_gets_nothing_more(layer):
    a, b = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("run.1", a)
    await layer.group_add("run.1", b)
    await layer.group_add("user.1", a)

    await layer.group_discard("run.1", a)
    await layer.group_send("run.1", {"type": "run.event", "seq": 1})

    assert await nothing_on(layer, a)
    assert await layer.receive(b) == {"type": "run.event", "seq": 1}
    # Its other groups still reach it.
    await layer.group_send("user.1", {"type": "session.ended"})
    assert await layer.receive(a) == {"type": "session.ended"}


async def test_discarding_what_is_not_a_member_is_harmless(layer):
    a = await layer.new_channel()
    await layer.group_discard("never.joined", a)
    await layer.group_add("run.1", a)
    await layer.group_discard("run.1", a)
    await layer.group_discard("run.1", a)
    await layer.group_send("run.1", {"type": "run.event"})
    assert await nothing_on(layer, a)


async def test_a_channel_that_left_every_group_holds_no_memory(layer):
    a = await layer.new_channel()
    await layer.group_add("run.1", a)
    await layer.group_discard("run.1", a)
    assert layer._channels == {}
    assert layer._groups == {}
