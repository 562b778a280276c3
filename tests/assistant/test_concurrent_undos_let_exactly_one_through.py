"""Twelve undos of one run at once: exactly one undoes it, the others hear already_undone."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.actions import ServiceError
from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.undo import aundo
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def _outcome(user, run_id):
    try:
        await aundo(user, run_id)
        return "undone"
    except ServiceError as exc:
        return exc.code


async def test_concurrent_undos_of_a_finished_run_undo_it_once(connect, alice, model):
    model.push(route("system:chat"), answer("Hi."))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello"})
    run_id = (await socket.recv())["run_id"]
    await socket.until_finished(run_id)

    outcomes = await asyncio.gather(*[_outcome(alice, run_id) for _ in range(12)])

    assert sorted(outcomes) == ["already_undone"] * 11 + ["undone"]
    finished = await database_sync_to_async(
        lambda: list(
            RunEvent.objects.filter(run_id=run_id, kind="run.finished").values_list(
                "data", flat=True
            )
        )
    )()
    assert [data["status"] for data in finished] == ["completed", "undone"]
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert run.status == "undone"


async def test_concurrent_undos_of_a_running_run_end_it_once(connect, alice, model):
    async def slow_answer(request):
        await asyncio.Event().wait()  # the answer never comes: only the undo ends the run
        return answer("late")

    model.push(route("system:chat"), slow_answer)
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello"})
    run_id = (await socket.recv())["run_id"]
    await socket.until(lambda f: f.get("kind") == "route.decided")

    outcomes = await asyncio.gather(*[_outcome(alice, run_id) for _ in range(12)])

    assert sorted(outcomes) == ["already_undone"] * 11 + ["undone"]
    kinds = await database_sync_to_async(
        lambda: list(
            RunEvent.objects.filter(run_id=run_id).order_by("seq").values_list("kind", flat=True)
        )
    )()
    assert kinds.count("run.finished") == 1 and kinds[-1] == "run.finished"
