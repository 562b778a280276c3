"""A live event reaches its sockets on the event loop: no trip to the ORM thread per message.

Channels' consumers run ``close_old_connections`` in the ORM thread before every
handler; the assistant's socket does not (every database call of its own closes
old connections around itself), so following a run costs no thread hop per event.
"""

import channels.db
import pytest
from django.db import close_old_connections

from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_following_a_run_makes_no_close_old_connections_hop_per_message(
    connect, alice, model, monkeypatch
):
    hops = []

    async def counted() -> None:
        hops.append(1)
        close_old_connections()

    monkeypatch.setattr(channels.db, "aclose_old_connections", counted)
    monkeypatch.setattr("channels.consumer.aclose_old_connections", counted)
    model.push(route("system:chat"), answer("Hello, miner!"))
    socket = await connect(alice)

    await socket.send({"type": "chat.send", "text": "hi there"})
    accepted = await socket.recv()
    frames = await socket.until_finished(accepted["run_id"])

    events = [f for f in frames if f["type"] == "run.event"]
    assert [f["seq"] for f in events] == list(range(1, len(events) + 1))
    assert events[-1]["data"]["status"] == "completed"
    assert hops == [], "a thread hop per dispatched message"
