"""However a run executing in this process ends, nothing of it stays here: its one owner
(``runs.live.LiveRun``) is closed — no registration by its id (so no flags read for it),
no execution context, no streamed text — so a stop, a queued message or a sync asked
for it afterwards finds nothing here to act on.

Answered, failed, out of budget, stopped, undone, forgotten, switched off, crashed, and
a worker's run whose lease was taken while it ran.
"""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Run
from agentweb.assistant.runs import leases
from agentweb.assistant.runs.executor import executor
from agentweb.assistant.runs.live import LiveRun, live_run, open_ids, open_runs
from agentweb.assistant.runs.worker import Worker
from agentweb.engine.events import Event, EventKind
from tests.replies import end_held_run, held_then_ending, route

pytestmark = pytest.mark.django_db(transaction=True)

ENDS = [
    "completed",
    "failed",
    "budget_exhausted",
    "cancelled",
    "undone",
    "forgotten",
    "assistant_switched_off",
]


def _let_go(run_id: int, live: LiveRun) -> None:
    assert live_run(run_id) is None and run_id not in open_ids()
    assert live not in open_runs(), "its flags are read no more"
    assert live.context is None and live.text is None


@pytest.mark.parametrize("end", ENDS)
async def test_a_run_that_ends_here_leaves_nothing_of_it_in_the_process(connect, alice, model, end):
    reply, reached, release = held_then_ending(end, "an answer")
    model.push(route("system:chat"), reply)
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "where is iron?", "client_msg_id": "m1"})
    run_id = (await socket.until(lambda f: f["type"] == "chat.accepted"))[-1]["run_id"]
    await asyncio.wait_for(reached.wait(), 10)
    live = live_run(run_id)
    assert live is not None and live.context is not None, "held by its owner while it runs"

    await end_held_run(socket, end, run_id, release)
    await socket.until_finished(run_id)
    await executor.wait_all()

    _let_go(run_id, live)


async def test_a_run_whose_execution_crashes_leaves_nothing_of_it(connect, alice, monkeypatch):
    seen: list[LiveRun | None] = []

    async def crash(env, request):
        await env.sink.emit(Event(1, EventKind.RUN_STARTED, {}))
        seen.append(live_run(env.sink.run_id))
        raise RuntimeError("a bug")

    monkeypatch.setattr("agentweb.assistant.runs.lifecycle.run_request", crash)
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello"})
    run_id = (await socket.recv())["run_id"]
    await socket.until_finished(run_id)
    await executor.wait_all()

    (live,) = seen
    assert live is not None
    _let_go(run_id, live)


async def test_a_worker_s_run_whose_lease_was_taken_leaves_nothing_of_it(alice, model):
    reply, reached, release = held_then_ending("completed")
    model.push(route("system:chat"), reply)
    run = await Run.objects.acreate(user=alice, question="where is iron?")
    worker = Worker("w1")
    assert await database_sync_to_async(leases.claim_queued)("w1", 1) == [run.pk]
    worker.executor.start(run.pk)
    await asyncio.wait_for(reached.wait(), 10)
    live = live_run(run.pk)
    assert live is not None and live.owner == "w1"

    # Reaped and claimed by another worker meanwhile: its next write is fenced out.
    await Run.objects.filter(pk=run.pk).aupdate(lease_owner="w2")
    release.set()
    await worker.executor.wait_all()
    await worker.executor.stop_listening()

    _let_go(run.pk, live)
