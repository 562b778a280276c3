"""R-X3-3: Stop is cooperative; a model call in flight is abandoned; the trace stays."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Exchange, Run, RunEvent
from tests.replies import HeldCall, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_stop_abandons_the_model_call_in_flight_and_keeps_the_partial_trace(
    connect, alice, model
):
    slow = HeldCall()
    model.push(route("system:reasoning"), slow)
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "a long analysis please"})
    run_id = (await socket.recv())["run_id"]
    await asyncio.wait_for(slow.reached.wait(), 10)

    await socket.send({"type": "run.cancel", "run_id": run_id})
    frames = await socket.until_finished(run_id)

    assert slow.abandoned.is_set()
    assert frames[-1]["data"]["status"] == "cancelled"
    assert model.calls == 2, "no model call after the cancel"
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert run.status == "cancelled"
    kinds = await database_sync_to_async(
        lambda: list(RunEvent.objects.filter(run_id=run_id).values_list("kind", flat=True))
    )()
    assert kinds[:6] == [
        "run.started",
        "model.started",
        "model.called",
        "route.decided",
        "round.started",
        "model.started",
    ]
    assert not await database_sync_to_async(Exchange.objects.filter(run_id=run_id).exists)()


async def test_stopping_a_finished_run_is_refused_clearly(connect, alice, model):
    model.push(route("system:chat"), {"type": "answer", "text": "done"})
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hi"})
    run_id = (await socket.recv())["run_id"]
    await socket.until_finished(run_id)

    await socket.send({"type": "run.cancel", "run_id": run_id})

    reply = await socket.recv()
    assert reply == {
        "type": "error",
        "code": "not_running",
        "message": f"Run {run_id} is not running.",
    }
