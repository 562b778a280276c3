"""Capacity: a channel holds at most its capacity; send raises ChannelFull, group_send skips it."""

import pytest
from channels.exceptions import ChannelFull

from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer


async def test_send_to_a_full_channel_raises_channel_full(layer):
    channel = await layer.new_channel()
    for n in range(5):
        await layer.send(channel, {"type": "m", "n": n})
    with pytest.raises(ChannelFull):
        await layer.send(channel, {"type": "m", "n": 5})
    # Reading one makes room for one.
    assert (await layer.receive(channel))["n"] == 0
    await layer.send(channel, {"type": "m", "n": 5})
    with pytest.raises(ChannelFull):
        await layer.send(channel, {"type": "m", "n": 6})


async def test_group_send_skips_a_full_member_and_reaches_the_others(layer):
    full, free = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("run.1", full)
    await layer.group_add("run.1", free)
    for n in range(5):
        await layer.send(full, {"type": "m", "n": n})

    await layer.group_send("run.1", {"type": "m", "n": "group"})

    assert await layer.receive(free) == {"type": "m", "n": "group"}
    assert [(await layer.receive(full))["n"] for _ in range(5)] == [0, 1, 2, 3, 4]


async def test_channel_capacity_patterns_override_the_default():
    layer = InProcessChannelLayer(capacity=100, channel_capacity={"small.*": 1})
    await layer.send("small.one", {"type": "m"})
    with pytest.raises(ChannelFull):
        await layer.send("small.one", {"type": "m"})
    for _ in range(100):
        await layer.send("large.one", {"type": "m"})
    with pytest.raises(ChannelFull):
        await layer.send("large.one", {"type": "m"})
