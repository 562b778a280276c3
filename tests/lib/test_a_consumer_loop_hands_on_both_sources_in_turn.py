"""``dispatch_forever``: every message of a consumer's channel and of its client reaches the
handler, one at a time, in each source's order; neither source starves the other; a send
from another thread wakes it; a loop that ends leaves no waiter and no client read behind."""

import asyncio
import threading

import pytest
from asgiref.sync import async_to_sync
from channels.exceptions import StopConsumer


class Client:
    """The server's side of a socket: the messages the client sent, as ``receive`` gives them."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[dict] = asyncio.Queue()
        self.reads_cancelled = 0

    async def receive(self) -> dict:
        try:
            return await self.queue.get()
        except asyncio.CancelledError:
            self.reads_cancelled += 1
            raise


async def _serve(layer, channel, client, handled, stop_after=None, slow=False):
    async def dispatch(message):
        if slow:
            await asyncio.sleep(0)
        handled.append((message["type"], message.get("n")))
        if stop_after is not None and len(handled) >= stop_after:
            raise StopConsumer

    await layer.dispatch_forever(channel, client.receive, dispatch)


async def test_messages_of_the_channel_and_of_the_client_arrive_each_in_order(layer):
    channel = await layer.new_channel()
    await layer.group_add("run.1", channel)
    client, handled = Client(), []
    serving = asyncio.create_task(_serve(layer, channel, client, handled, stop_after=6))
    for n in range(3):
        await layer.group_send("run.1", {"type": "run.event", "n": n})
        client.queue.put_nowait({"type": "websocket.receive", "n": n})
        await asyncio.sleep(0)

    with pytest.raises(StopConsumer):
        await asyncio.wait_for(serving, 1)
    assert [n for kind, n in handled if kind == "run.event"] == [0, 1, 2]
    assert [n for kind, n in handled if kind == "websocket.receive"] == [0, 1, 2]


async def test_a_flood_of_channel_messages_does_not_hold_back_the_client(layer):
    channel = await layer.new_channel()
    client, handled = Client(), []
    for n in range(5):
        await layer.send(channel, {"type": "run.event", "n": n})
    client.queue.put_nowait({"type": "websocket.receive", "n": 0})
    serving = asyncio.create_task(_serve(layer, channel, client, handled, stop_after=6, slow=True))

    with pytest.raises(StopConsumer):
        await asyncio.wait_for(serving, 1)
    assert handled.index(("websocket.receive", 0)) < 5, handled


async def test_a_handler_gets_one_message_at_a_time(layer):
    channel = await layer.new_channel()
    client, busy, overlaps, all_handled = Client(), [], [], asyncio.Event()

    async def dispatch(message):
        overlaps.append(bool(busy))
        busy.append(1)
        await asyncio.sleep(0.001)
        busy.pop()
        if len(overlaps) == 8:
            all_handled.set()

    serving = asyncio.create_task(layer.dispatch_forever(channel, client.receive, dispatch))
    for n in range(4):
        await layer.send(channel, {"type": "m", "n": n})
        client.queue.put_nowait({"type": "c", "n": n})
    await all_handled.wait()
    serving.cancel()
    await asyncio.gather(serving, return_exceptions=True)

    assert len(overlaps) == 8 and not any(overlaps)


async def test_a_send_from_another_thread_wakes_the_loop(layer):
    channel = await layer.new_channel()
    client, handled = Client(), []
    serving = asyncio.create_task(_serve(layer, channel, client, handled, stop_after=1))
    await asyncio.sleep(0.01)
    assert handled == []

    thread = threading.Thread(target=async_to_sync(layer.send), args=(channel, {"type": "x"}))
    thread.start()
    thread.join()

    with pytest.raises(StopConsumer):
        await asyncio.wait_for(serving, 1)
    assert handled == [("x", None)]


async def test_a_loop_cancelled_while_idle_leaves_nothing_behind(layer):
    channel = await layer.new_channel()
    client, handled = Client(), []
    serving = asyncio.create_task(_serve(layer, channel, client, handled))
    await asyncio.sleep(0.01)

    serving.cancel()
    await asyncio.gather(serving, return_exceptions=True)

    assert serving.cancelled()
    assert client.reads_cancelled == 1
    assert layer._channels == {}


async def test_a_message_sent_after_the_loop_ended_waits_for_the_next_reader(layer):
    channel = await layer.new_channel()
    await layer.group_add("run.1", channel)
    client, handled = Client(), []
    client.queue.put_nowait({"type": "websocket.receive", "n": 0})
    with pytest.raises(StopConsumer):
        await asyncio.wait_for(_serve(layer, channel, client, handled, stop_after=1), 1)

    await layer.group_send("run.1", {"type": "run.event", "n": 1})

    assert await asyncio.wait_for(layer.receive(channel), 1) == {"type": "run.event", "n": 1}
    assert asyncio.all_tasks() == {asyncio.current_task()}  # no client read left running
