"""R-X3-1: a message sent with ``"steer": true`` joins the running run at its next step
(``inbox.claimed``; the model sees it); one the run can no longer take becomes a message
of its own, and ``chat.accepted`` says ``"steer": false``."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import InboxEntry, Run
from tests.replies import answer, route, tool

pytestmark = pytest.mark.django_db(transaction=True)


def _accepted(msg_id):
    return lambda f: f["type"] == "chat.accepted" and f.get("client_msg_id") == msg_id


async def test_a_steering_message_is_claimed_at_the_next_step_and_the_model_sees_it(
    connect, alice, model
):
    reached, release = asyncio.Event(), asyncio.Event()

    async def first_round(request):
        reached.set()
        await release.wait()
        return tool("item.query", name="piston")

    model.push(route("system:reasoning"), first_round, answer("both answered"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "how do I craft a piston?"})
    run_id = (await socket.recv())["run_id"]
    await asyncio.wait_for(reached.wait(), 10)

    steer = {"type": "chat.send", "text": "and a sticky piston?", "client_msg_id": "s1"}
    await socket.send({**steer, "steer": True})
    accepted = (await socket.until(_accepted("s1")))[-1]
    release.set()
    frames = await socket.until_finished(run_id)

    assert (accepted["queued"], accepted["steer"], accepted["run_id"]) == (True, True, run_id)
    assert "position" not in accepted
    claimed = [f for f in frames if f.get("kind") == "inbox.claimed"]
    assert claimed[0]["data"]["messages"] == ["and a sticky piston?"]
    assert model.requests[2].payload()["followups"] == ["and a sticky piston?"]
    entry = await database_sync_to_async(InboxEntry.objects.get)(client_msg_id="s1")
    assert (entry.status, entry.steer) == ("claimed", True)
    assert await database_sync_to_async(Run.objects.count)() == 1


async def test_a_steering_message_the_run_cannot_take_runs_on_its_own(connect, alice, model):
    """The chat workflow answers in one call, with no step to join: the message waits,
    becomes a next-turn message when the run ends, and gets its own answer."""
    reached, release = asyncio.Event(), asyncio.Event()

    async def held(request):
        reached.set()
        await release.wait()
        return answer("hello there")

    model.push(route("system:chat"), held, route("system:chat"), answer("its own answer"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello"})
    first = (await socket.recv())["run_id"]
    await asyncio.wait_for(reached.wait(), 10)
    await socket.send(
        {"type": "chat.send", "text": "and you?", "client_msg_id": "s2", "steer": True}
    )
    await socket.until(_accepted("s2"))
    release.set()

    frames = await socket.until(lambda f: f.get("from_inbox") and f["client_msg_id"] == "s2")
    second = frames[-1]["run_id"]
    frames += await socket.until_finished(second)

    said = [f for f in frames if _accepted("s2")(f)]
    assert said[-1]["from_inbox"] is True and said[-1]["steer"] is False
    assert second != first
    assert [f["data"]["text"] for f in frames if f.get("kind") == "answer"][-1] == "its own answer"
    entry = await database_sync_to_async(InboxEntry.objects.get)(client_msg_id="s2")
    assert (entry.status, entry.steer, entry.started_run_id) == ("started", True, second)


async def test_a_steering_message_with_nothing_running_is_a_run_of_its_own(connect, alice, model):
    model.push(route("system:chat"), answer("hi"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hi", "client_msg_id": "s3", "steer": True})
    accepted = (await socket.until(_accepted("s3")))[-1]
    await socket.until_finished(accepted["run_id"])

    assert (accepted["queued"], accepted["steer"]) == (False, False)


@pytest.mark.parametrize("steer", ["yes", 1, None, [True]])
async def test_a_steer_that_is_not_true_or_false_is_refused(connect, alice, steer):
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hi", "client_msg_id": "s4", "steer": steer})
    error = await socket.recv()

    assert error["type"] == "error" and error["client_msg_id"] == "s4"
    assert "steer" in error["message"]
    assert not await database_sync_to_async(Run.objects.exists)()
