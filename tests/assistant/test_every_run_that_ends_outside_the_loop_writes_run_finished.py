"""A run stopped before it started, or whose execution crashed, still ends with one run.finished."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant import actions
from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.runs.executor import executor
from agentweb.engine.events import Event, EventKind

pytestmark = pytest.mark.django_db(transaction=True)


def _finished(run_id):
    return list(
        RunEvent.objects.filter(run_id=run_id, kind="run.finished").values_list("data", flat=True)
    )


async def test_stopping_a_queued_run_writes_its_run_finished(connect, alice):
    run = await database_sync_to_async(Run.objects.create)(user=alice, question="later")
    socket = await connect(alice)
    await socket.send({"type": "run.subscribe", "run_id": run.pk})

    await socket.send({"type": "run.cancel", "run_id": run.pk})
    frame = (await socket.until(lambda f: f.get("kind") == "run.finished"))[-1]

    assert frame["data"]["status"] == "cancelled"
    assert frame["data"]["stop_reason"]["code"] == "cancelled"
    assert [d["status"] for d in await database_sync_to_async(_finished)(run.pk)] == ["cancelled"]


async def test_a_run_whose_execution_crashes_ends_failed_with_one_run_finished(
    connect, alice, monkeypatch
):
    async def crash(env, request):
        await env.sink.emit(Event(1, EventKind.RUN_STARTED, {}))
        raise RuntimeError("a bug")

    monkeypatch.setattr("agentweb.assistant.runs.lifecycle.run_request", crash)
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello"})
    run_id = (await socket.recv())["run_id"]
    frame = (await socket.until_finished(run_id))[-1]
    await executor.wait_all()

    assert frame["data"]["status"] == "failed"
    assert frame["data"]["stop_reason"]["code"] == "failed"
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert run.status == "failed"
    assert len(await database_sync_to_async(_finished)(run_id)) == 1


async def test_stopping_a_finished_run_is_refused_and_writes_nothing(connect, alice):
    run = await database_sync_to_async(Run.objects.create)(
        user=alice, question="q", status="completed"
    )
    with pytest.raises(actions.ServiceError):
        await actions.acancel(alice, run.pk)
    assert await database_sync_to_async(_finished)(run.pk) == []
