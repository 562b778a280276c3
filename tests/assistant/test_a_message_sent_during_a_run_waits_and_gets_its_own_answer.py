"""R-X3-1: messages sent while a run is active wait in the inbox, each with its place,
and run one at a time, oldest first, each with its own answer — the running loop never
reads them."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import InboxEntry, Run, RunEvent
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _accepted(msg_id):
    return lambda f: f["type"] == "chat.accepted" and f.get("client_msg_id") == msg_id


async def test_waiting_messages_run_one_at_a_time_oldest_first_each_with_its_answer(
    connect, alice, model
):
    reached, release = asyncio.Event(), asyncio.Event()

    async def held(request):
        reached.set()
        await release.wait()
        return answer("how to craft a piston")

    model.push(route("system:chat"), held)
    model.push(route("system:chat"), answer("how to craft a sticky piston"))
    model.push(route("system:chat"), answer("how to craft a slime block"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "piston?", "client_msg_id": "m1"})
    first = (await socket.until(_accepted("m1")))[-1]["run_id"]
    await asyncio.wait_for(reached.wait(), 10)

    await socket.send({"type": "chat.send", "text": "sticky piston?", "client_msg_id": "m2"})
    second_waits = (await socket.until(_accepted("m2")))[-1]
    await socket.send({"type": "chat.send", "text": "slime block?", "client_msg_id": "m3"})
    third_waits = (await socket.until(_accepted("m3")))[-1]
    release.set()
    frames = await socket.until(lambda f: f.get("from_inbox") and f["client_msg_id"] == "m3")
    third = frames[-1]["run_id"]
    frames += await socket.until_finished(third)

    assert (second_waits["queued"], second_waits["position"], second_waits["run_id"]) == (
        True,
        1,
        first,
    )
    assert (third_waits["queued"], third_waits["position"]) == (True, 2)
    assert "steer" not in second_waits
    started = [f for f in frames if f["type"] == "chat.accepted" and f.get("from_inbox")]
    assert [f["client_msg_id"] for f in started] == ["m2", "m3"]
    second = started[0]["run_id"]
    # The third moved up to first place when the second started.
    moved = [f for f in frames if f["type"] == "chat.accepted" and f.get("client_msg_id") == "m3"]
    assert moved[0]["position"] == 1 and moved[0]["run_id"] == second
    answers = {f["run_id"]: f["data"]["text"] for f in frames if f.get("kind") == "answer"}
    assert answers == {
        first: "how to craft a piston",
        second: "how to craft a sticky piston",
        third: "how to craft a slime block",
    }
    # One at a time: the third started only after the second had finished.
    order = [
        (f.get("kind") or f["type"], f.get("run_id"))
        for f in frames
        if f.get("kind") == "run.finished" or f.get("from_inbox")
    ]
    assert order.index(("run.finished", second)) < order.index(("chat.accepted", third))
    # The running loop read neither: nothing claimed, no follow-up in its model calls.
    assert all("followups" not in r.payload() for r in model.requests if r.user.startswith("{"))
    claimed = RunEvent.objects.filter(kind="inbox.claimed").exists
    assert not await database_sync_to_async(claimed)()
    entries = await database_sync_to_async(
        lambda: list(InboxEntry.objects.order_by("id").values_list("status", "started_run_id"))
    )()
    assert entries == [("started", second), ("started", third)]
    assert await database_sync_to_async(Run.objects.count)() == 3
