"""A stop set in the database while the control group's relay never came (Redis down, a
message lost) still abandons the worker's call in flight: its next heartbeat reads the flag."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Run
from agentweb.assistant.runs import leases
from agentweb.assistant.runs.live import live_run, open_ids, open_run
from agentweb.assistant.runs.worker import Worker
from agentweb.engine import AgentError, AgentFailure, ExecutionContext, ScriptedModel
from agentweb.engine.policy import FREE_CHAT, MODULE_DEFAULTS

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def _closed():
    """Each run opened here is let go at the end (as its execution's end would)."""
    yield
    for run_id in open_ids():
        live_run(run_id).close()


async def _executing(worker: Worker, run_id: int) -> tuple[ExecutionContext, asyncio.Task]:
    """The run as the worker's executor holds it: its task, waiting in a call that only a
    cancel ends (a model call in flight)."""
    ctx = ExecutionContext(MODULE_DEFAULTS[FREE_CHAT], ScriptedModel())

    async def in_flight() -> None:
        async with ctx.cancellable():
            await asyncio.Event().wait()

    task = asyncio.create_task(in_flight())
    worker.executor.tasks[run_id] = task
    open_run(run_id, 0, (False, False, 0, True), owner=worker.name).track(ctx)
    await asyncio.sleep(0)  # the call is in flight
    return ctx, task


@pytest.mark.parametrize(
    ("flags", "reason"),
    [
        ({"cancel_requested": True}, AgentFailure.CANCELLED),
        ({"cancel_requested": True, "undo_requested": True}, AgentFailure.UNDONE),
    ],
)
async def test_the_flag_ends_the_call_in_flight_at_the_next_beat(alice, flags, reason):
    run = await Run.objects.acreate(user=alice, question="where does iron come from?")
    worker = Worker("w1")
    assert await database_sync_to_async(leases.claim_queued)("w1", 1) == [run.pk]
    ctx, task = await _executing(worker, run.pk)

    await worker._beat_once()
    assert not task.done(), "no flag, no stop"

    await Run.objects.filter(pk=run.pk).aupdate(**flags)  # no relay: only the database knows
    await worker._beat_once()
    with pytest.raises(AgentError) as stopped:
        await asyncio.wait_for(task, timeout=10)
    assert stopped.value.failure is reason
    assert ctx.cancel_state.reason is reason


async def test_a_run_stopping_already_is_not_stopped_again(alice):
    run = await Run.objects.acreate(user=alice, question="where does iron come from?")
    worker = Worker("w1")
    await database_sync_to_async(leases.claim_queued)("w1", 1)
    ctx, task = await _executing(worker, run.pk)
    ctx.cancel(AgentFailure.FORGOTTEN)  # the relay came first, with its own reason
    await Run.objects.filter(pk=run.pk).aupdate(cancel_requested=True)

    await worker._beat_once()
    with pytest.raises(AgentError) as stopped:
        await asyncio.wait_for(task, timeout=10)
    assert stopped.value.failure is AgentFailure.FORGOTTEN
    assert not worker.executor.stop_flagged(run.pk, AgentFailure.CANCELLED)
