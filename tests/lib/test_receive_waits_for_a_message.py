"""receive waits until a message arrives — sent from this loop, another loop or another thread —
and a receive cancelled while waiting loses no message."""

import asyncio
import threading

from asgiref.sync import async_to_sync


async def test_receive_waits_until_a_message_is_sent(layer):
    channel = await layer.new_channel()
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0.01)
    assert not waiting.done()

    await layer.send(channel, {"type": "hello"})

    assert await asyncio.wait_for(waiting, 1) == {"type": "hello"}


async def test_a_group_send_wakes_a_waiting_member(layer):
    channel = await layer.new_channel()
    await layer.group_add("run.1", channel)
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0)

    await layer.group_send("run.1", {"type": "run.event"})

    assert await asyncio.wait_for(waiting, 1) == {"type": "run.event"}


async def test_two_receivers_on_one_channel_get_one_message_each(layer):
    channel = await layer.new_channel()
    receivers = [asyncio.create_task(layer.receive(channel)) for _ in range(2)]
    await asyncio.sleep(0)

    await layer.send(channel, {"type": "m", "n": 1})
    await layer.send(channel, {"type": "m", "n": 2})

    got = await asyncio.wait_for(asyncio.gather(*receivers), 1)
    assert sorted(m["n"] for m in got) == [1, 2]


async def test_a_send_from_another_thread_wakes_the_receiver(layer):
    channel = await layer.new_channel()
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0)

    # A sync signal handler in a thread of its own, with an event loop of its own.
    thread = threading.Thread(target=async_to_sync(layer.send), args=(channel, {"type": "x"}))
    thread.start()
    thread.join()

    assert await asyncio.wait_for(waiting, 1) == {"type": "x"}


async def test_a_cancelled_receive_leaves_the_message_for_the_next_one(layer):
    channel = await layer.new_channel()
    first = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0)
    await layer.send(channel, {"type": "kept"})
    first.cancel()  # woken, but cancelled before it took the message

    await asyncio.gather(first, return_exceptions=True)
    assert first.cancelled()
    assert await asyncio.wait_for(layer.receive(channel), 1) == {"type": "kept"}


async def test_a_receive_cancelled_while_idle_leaves_nothing_behind(layer):
    channel = await layer.new_channel()
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0)
    waiting.cancel()
    await asyncio.gather(waiting, return_exceptions=True)

    assert layer._channels == {}
