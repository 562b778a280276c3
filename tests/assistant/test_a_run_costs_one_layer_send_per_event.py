"""Layer operations per run (embedded setup): one group_add per follower, one group_send per
event, nothing on the control group — a run followed by one socket costs N events + 1, and
per run (not per event) one announcement to the player's sockets and two doorbells of the
trace viewer's run lists (its start and its end)."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.bus import CONTROL_GROUP, RUNS_GROUP, run_group, user_group
from agentweb.assistant.models import RunEvent
from tests.fakes.recording_layer import use_recording_layer
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_followed_run_costs_one_send_per_event_and_one_join(
    settings, connect, alice, model
):
    layer = use_recording_layer(settings)
    model.push(route("system:chat"), answer("Hello, miner!"))
    socket = await connect(alice)
    opened = len(layer.calls)  # the socket's own groups (user, session)

    await socket.send({"type": "chat.send", "text": "hi there"})
    run_id = (await socket.recv())["run_id"]
    await socket.until_finished(run_id)

    events = await database_sync_to_async(RunEvent.objects.filter(run_id=run_id).count)()
    calls = layer.calls[opened:]
    assert calls.count(("group_add", run_group(run_id))) == 1
    assert calls.count(("group_send", run_group(run_id))) == events
    assert ("group_send", CONTROL_GROUP) not in calls  # no delta sync asked of anyone
    assert calls.count(("group_send", user_group(alice.pk))) == 1  # her other tabs
    assert calls.count(("group_send", RUNS_GROUP)) == 2  # the run lists: started, finished
    # All of it (the executor's control listener, which joins once per process, aside).
    assert len([c for c in calls if c != ("group_add", CONTROL_GROUP)]) == events + 1 + 3


async def test_a_second_follower_adds_one_join_not_one_send_per_event(
    settings, connect, alice, model
):
    layer = use_recording_layer(settings)
    model.push(route("system:chat"), answer("Hello, miner!"))
    first, second = await connect(alice), await connect(alice)
    await first.send({"type": "chat.send", "text": "hi there"})
    run_id = (await first.recv())["run_id"]
    await second.send({"type": "run.subscribe", "run_id": run_id, "after_seq": 0})

    await first.until_finished(run_id)
    await second.until_finished(run_id)

    events = await database_sync_to_async(RunEvent.objects.filter(run_id=run_id).count)()
    assert layer.calls.count(("group_add", run_group(run_id))) == 2
    assert layer.calls.count(("group_send", run_group(run_id))) == events
