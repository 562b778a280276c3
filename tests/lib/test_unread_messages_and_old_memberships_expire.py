"""Expiry: an unread message dies after ``expiry`` (its channel leaves its groups); a membership
after ``group_expiry`` — found without scanning the other channels."""

import asyncio


async def nothing_on(layer, channel) -> bool:
    try:
        async with asyncio.timeout(0.05):
            await layer.receive(channel)
    except TimeoutError:
        return True
    return False


async def test_an_unread_message_is_dropped_after_expiry(layer, clock):
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "old"})
    clock.advance(59)
    await layer.send(channel, {"type": "newer"})
    clock.advance(2)  # the first is 61 s old, the second 2 s

    assert await layer.receive(channel) == {"type": "newer"}
    assert await nothing_on(layer, channel)


async def test_a_channel_that_let_a_message_expire_leaves_its_groups(layer, clock):
    dead, alive = await layer.new_channel(), await layer.new_channel()
    for channel in (dead, alive):
        await layer.group_add("run.1", channel)
        await layer.group_add("user.1", channel)
    await layer.group_send("run.1", {"type": "run.event", "seq": 1})
    assert await layer.receive(alive) == {"type": "run.event", "seq": 1}
    clock.advance(61)

    await layer.group_send("run.1", {"type": "run.event", "seq": 2})
    await layer.group_send("user.1", {"type": "session.ended"})

    assert await layer.receive(alive) == {"type": "run.event", "seq": 2}
    assert await layer.receive(alive) == {"type": "session.ended"}
    assert await nothing_on(layer, dead)
    assert dead not in layer._channels


async def test_a_message_read_in_time_does_not_expire_its_channel(layer, clock):
    channel = await layer.new_channel()
    await layer.group_add("run.1", channel)
    await layer.group_send("run.1", {"type": "run.event", "seq": 1})
    assert await layer.receive(channel) == {"type": "run.event", "seq": 1}
    clock.advance(120)

    await layer.group_send("run.1", {"type": "run.event", "seq": 2})

    assert await layer.receive(channel) == {"type": "run.event", "seq": 2}


async def test_a_membership_ends_after_group_expiry_unless_renewed(layer, clock):
    stale, renewed = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("control", stale)
    await layer.group_add("control", renewed)
    clock.advance(3000)
    await layer.group_add("control", renewed)  # re-joining renews the membership
    clock.advance(700)  # stale joined 3700 s ago, renewed 700 s ago

    await layer.group_send("control", {"type": "run.cancel"})

    assert await layer.receive(renewed) == {"type": "run.cancel"}
    assert await nothing_on(layer, stale)


async def test_expiry_pops_only_what_came_due(layer, clock):
    """Each operation looks at the heads of the deadline queues, not at every channel."""
    channels = [await layer.new_channel() for _ in range(50)]
    for channel in channels:
        await layer.group_add("run.1", channel)
    await layer.group_send("run.1", {"type": "run.event"})
    for channel in channels:
        await layer.receive(channel)
    clock.advance(10)
    await layer.group_send("run.1", {"type": "run.event"})
    queued = len(layer._message_deadlines)

    await layer.group_send("run.2", {"type": "nothing due yet"})

    assert len(layer._message_deadlines) == queued == 100
    clock.advance(55)  # the first 50 deadlines have passed, all read in time
    await layer.group_send("run.2", {"type": "now due"})
    assert len(layer._message_deadlines) == 50
    assert len(layer._groups["run.1"]) == 50
