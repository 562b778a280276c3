"""group_send hands one message to every member of the group, once each, and to no one else."""

import asyncio


async def drain(layer, channel):
    """Everything queued on ``channel`` right now."""
    out = []
    while True:
        try:
            async with asyncio.timeout(0.05):
                out.append(await layer.receive(channel))
        except TimeoutError:
            return out


async def test_every_member_gets_the_message_exactly_once(layer):
    a, b, outsider = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("run.1", a)
    await layer.group_add("run.1", b)
    await layer.group_add("run.1", a)  # joining twice is one membership
    await layer.group_add("run.2", outsider)

    await layer.group_send("run.1", {"type": "run.event", "seq": 1})

    assert await drain(layer, a) == [{"type": "run.event", "seq": 1}]
    assert await drain(layer, b) == [{"type": "run.event", "seq": 1}]
    assert await drain(layer, outsider) == []


async def test_members_get_the_sent_object_itself_not_a_copy(layer):
    a, b = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("run.1", a)
    await layer.group_add("run.1", b)
    message = {"type": "run.event", "frame": {"seq": 1, "data": {"text": "hi"}}}

    await layer.group_send("run.1", message)

    assert await layer.receive(a) is message
    assert await layer.receive(b) is message


async def test_messages_arrive_in_the_order_they_were_sent(layer):
    a = await layer.new_channel()
    await layer.group_add("run.1", a)
    for seq in range(1, 5):
        await layer.group_send("run.1", {"type": "run.event", "seq": seq})
    await layer.send(a, {"type": "run.delta", "seq": 5})

    assert [m["seq"] for m in await drain(layer, a)] == [1, 2, 3, 4, 5]


async def test_a_group_send_to_an_empty_group_is_a_no_op(layer):
    await layer.group_send("nobody.here", {"type": "run.event"})


async def test_bad_names_and_non_dict_messages_are_refused(layer):
    import pytest

    channel = await layer.new_channel()
    with pytest.raises(TypeError):
        await layer.group_add("bad group!", channel)
    with pytest.raises(TypeError):
        await layer.send("bad channel name", {"type": "x"})
    with pytest.raises(AssertionError):
        await layer.send(channel, ["not", "a", "dict"])
    with pytest.raises(AssertionError):
        await layer.group_send("run.1", "text")
