"""A message queued while a run is running appears as inbox.queued in that run's event stream."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import RunEvent
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_every_watcher_of_the_running_run_sees_the_queued_message(connect, alice, model):
    gate = asyncio.Event()

    async def held(request):
        await gate.wait()
        return answer("first answer")

    model.push(route("system:chat"), held, route("system:chat"), answer("second"))
    sender, watcher = await connect(alice), await connect(alice)
    await sender.send({"type": "chat.send", "text": "hello"})
    run_id = (await sender.recv())["run_id"]
    await sender.until(lambda f: f.get("kind") == "route.decided")
    await watcher.send({"type": "run.subscribe", "run_id": run_id})
    await watcher.until(lambda f: f.get("kind") == "route.decided")

    await sender.send({"type": "chat.send", "text": "and then?", "client_msg_id": "q-2"})
    seen = (await watcher.until(lambda f: f.get("kind") == "inbox.queued"))[-1]
    gate.set()
    await watcher.until_finished(run_id)

    assert seen["run_id"] == run_id
    assert seen["data"]["text"] == "and then?"
    seqs = await database_sync_to_async(
        lambda: list(
            RunEvent.objects.filter(run_id=run_id).order_by("seq").values_list("seq", "kind")
        )
    )()
    assert [seq for seq, _ in seqs] == list(range(1, len(seqs) + 1)), "one numbering, no gaps"
    assert [kind for _, kind in seqs].count("inbox.queued") == 1
    assert seqs[-1][1] == "run.finished", "the loop's own events went on after it"
