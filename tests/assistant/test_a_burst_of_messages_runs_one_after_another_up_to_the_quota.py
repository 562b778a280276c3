"""R-X3-1 with R-QUOTA-1: a burst of messages runs one after another, and stops at the
player's daily quota with a clear refusal for each message it cannot run — the refusal
reaches her socket for that message."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import InboxEntry, Run
from agentweb.control.models import PlayerQuota
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_burst_runs_in_order_and_each_message_past_the_quota_is_refused(
    connect, alice, model
):
    # Each chat run is two model calls (route, reply): two runs fit, the rest do not.
    await database_sync_to_async(PlayerQuota.objects.create)(user=alice, daily_model_calls=4)
    reached, release = asyncio.Event(), asyncio.Event()

    async def held(request):
        reached.set()
        await release.wait()
        return answer("answer 1")

    model.push(route("system:chat"), held, route("system:chat"), answer("answer 2"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "question 1", "client_msg_id": "b1"})
    first = (await socket.recv())["run_id"]
    await asyncio.wait_for(reached.wait(), 10)
    for n in (2, 3, 4):
        await socket.send({"type": "chat.send", "text": f"question {n}", "client_msg_id": f"b{n}"})
        await socket.until(lambda f, n=n: f.get("client_msg_id") == f"b{n}")
    release.set()

    started = {}
    frames = []
    while len(started) < 3 or not any(
        f.get("kind") == "run.finished" and f["run_id"] == started.get("b4") for f in frames
    ):
        frame = await socket.recv()
        frames.append(frame)
        if frame["type"] == "chat.accepted" and frame.get("from_inbox"):
            started[frame["client_msg_id"]] = frame["run_id"]

    finished = {f["run_id"]: f["data"] for f in frames if f.get("kind") == "run.finished"}
    assert list(started) == ["b2", "b3", "b4"]
    assert first not in started.values()
    assert finished[started["b2"]]["status"] == "completed"
    for msg_id in ("b3", "b4"):
        refused = finished[started[msg_id]]
        assert refused["status"] == "failed"
        assert refused["stop_reason"]["failure"] == "quota_exceeded"
        assert refused["stop_reason"]["message"]
    runs = await database_sync_to_async(
        lambda: list(Run.objects.order_by("id").values_list("question", "status"))
    )()
    assert runs == [
        ("question 1", "completed"),
        ("question 2", "completed"),
        ("question 3", "failed"),
        ("question 4", "failed"),
    ]
    assert not await database_sync_to_async(InboxEntry.objects.filter(status="queued").exists)()
