"""R-X3-1: however the active run ends, the oldest waiting message becomes the next run.

Answered, failed, out of budget, stopped, undone, forgotten, interrupted by a server
that died and recovered, or by the reaper when its worker's lease lapsed: the message
that waited gets its own run, its own answer and its own ``run.finished``, and the
player's socket is told (``from_inbox``) without sending anything again.
"""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import InboxEntry, Run, RunEvent
from agentweb.assistant.runs import recovery
from agentweb.assistant.runs.worker import Worker
from tests.replies import answer, end_held_run, held_then_ending, route

pytestmark = pytest.mark.django_db(transaction=True)

# How the active run ends → the status it ends with.
ENDS = {
    "completed": "completed",
    "failed": "failed",
    "budget_exhausted": "failed",
    "cancelled": "cancelled",
    "undone": "undone",
    "forgotten": "failed",
    "interrupted": "interrupted",
    "reaped": "interrupted",
    "assistant_switched_off": "failed",
}


async def _start_a_held_run(socket, model, end):
    reply, reached, release = held_then_ending(end, "first answer")
    model.push(route("system:chat"), reply)
    model.push(route("system:chat"), answer("second answer"))
    await socket.send({"type": "chat.send", "text": "first question", "client_msg_id": "m1"})
    first = (await socket.until(lambda f: f["type"] == "chat.accepted"))[-1]["run_id"]
    await asyncio.wait_for(reached.wait(), 10)
    return first, release


def _left_running_by_a_dead_server(user, *, lease_lapsed: bool = False) -> int:
    """A run a killed server (or worker, whose lease lapsed) was executing, and a message
    waiting behind it."""
    lapsed = (
        {"lease_owner": "dead-worker", "lease_expires_at": datetime.now(UTC) - timedelta(minutes=1)}
        if lease_lapsed
        else {}
    )
    run = Run.objects.create(
        user=user, question="first question", status="running", last_seq=1, **lapsed
    )
    RunEvent.objects.create(run=run, seq=1, kind="run.started", data={}, ts=datetime.now(UTC))
    InboxEntry.objects.create(user=user, run=run, text="second question", client_msg_id="m2")
    return run.pk


@pytest.mark.parametrize("end", list(ENDS))
async def test_every_way_a_run_ends_starts_the_next_waiting_message(connect, alice, model, end):
    socket = await connect(alice)
    if end == "interrupted":
        first = await database_sync_to_async(_left_running_by_a_dead_server)(alice)
        model.push(route("system:chat"), answer("second answer"))
        await recovery.recover_at_start()
    elif end == "reaped":
        first = await database_sync_to_async(_left_running_by_a_dead_server)(
            alice, lease_lapsed=True
        )
        model.push(route("system:chat"), answer("second answer"))
        await Worker("live-worker")._beat_once()
    else:
        first, release = await _start_a_held_run(socket, model, end)
        await socket.send({"type": "chat.send", "text": "second question", "client_msg_id": "m2"})
        queued = (await socket.until(lambda f: f["type"] == "chat.accepted"))[-1]
        assert (queued["queued"], queued["position"], queued["run_id"]) == (True, 1, first)
        await end_held_run(socket, end, first, release)
        if end == "assistant_switched_off":
            # The messages wait while it is off, and run once it is on again.
            seen = await socket.until_finished(first)
            if not any(f["type"] == "assistant.state" for f in seen):
                await socket.until(lambda f: f["type"] == "assistant.state")
            still = await database_sync_to_async(InboxEntry.objects.get)(client_msg_id="m2")
            assert still.status == "queued"
            await socket.send({"type": "assistant.switch", "enabled": True})

    started = await socket.until(lambda f: f["type"] == "chat.accepted" and f.get("from_inbox"))
    second = started[-1]["run_id"]
    frames = await socket.until_finished(second)

    assert started[-1]["client_msg_id"] == "m2"
    assert second != first
    ended = await database_sync_to_async(Run.objects.get)(pk=first)
    assert ended.status == ENDS[end]
    if end == "budget_exhausted":
        assert ended.stop_reason["failure"] == "budget_exhausted"
    if end in ("forgotten", "assistant_switched_off"):
        failure = "forgotten" if end == "forgotten" else "assistant_disabled"
        assert ended.stop_reason["failure"] == failure
    answers = [f["data"]["text"] for f in frames if f.get("kind") == "answer"]
    finished = [f for f in frames if f.get("kind") == "run.finished" and f["run_id"] == second]
    assert answers == ["second answer"]
    assert finished[0]["data"]["status"] == "completed"
    entry = await database_sync_to_async(InboxEntry.objects.get)(client_msg_id="m2")
    assert (entry.status, entry.started_run_id) == ("started", second)
    claimed = await database_sync_to_async(
        RunEvent.objects.filter(run_id=first, kind="inbox.claimed").exists
    )()
    assert not claimed
