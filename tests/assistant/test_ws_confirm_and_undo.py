"""R-FREE-2 and R-MEM-1: a write waits for the player's approval; undo compensates it."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Exchange, PendingAction, Run
from agentweb.game.models import PlayerProfile
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def profile(alice):
    return PlayerProfile.objects.create(user=alice, minecraft_name="Alice_MC", balance=5)


SIGN_IN = {"type": "player.signin", "input": {}}


def _balance(user):
    return PlayerProfile.objects.get(user=user).balance


async def _signed_in_run(socket, model, decision="approve"):
    model.push(route("system:free_chat"), SIGN_IN, answer("You are signed in."))
    await socket.send({"type": "chat.send", "text": "please sign me in"})
    run_id = (await socket.recv())["run_id"]
    pending = (await socket.until(lambda f: f.get("kind") == "action.pending"))[-1]
    await socket.send(
        {
            "type": "action.confirm",
            "run_id": run_id,
            "action_id": pending["data"]["action_id"],
            "decision": decision,
        }
    )
    frames = await socket.until_finished(run_id)
    return run_id, pending, frames


async def test_a_sign_in_happens_only_after_the_player_approves(connect, alice, model, profile):
    socket = await connect(alice)
    before = profile.balance

    run_id, pending, frames = await _signed_in_run(socket, model)

    assert pending["data"]["tool"] == "player.signin"
    kinds = [f["kind"] for f in frames if f["type"] == "run.event"]
    assert kinds.index("action.confirmed") < kinds.index("tool.started")
    finished = next(f for f in frames if f.get("kind") == "tool.finished")
    assert finished["data"]["card"]["kind"] == "signin"
    assert await database_sync_to_async(_balance)(alice) > before
    action = await database_sync_to_async(PendingAction.objects.get)(run_id=run_id)
    assert action.status == "approved"


async def test_a_rejected_sign_in_changes_nothing(connect, alice, model, profile):
    socket = await connect(alice)

    run_id, _, frames = await _signed_in_run(socket, model, decision="reject")

    assert not any(f.get("kind") == "tool.started" for f in frames)
    assert await database_sync_to_async(_balance)(alice) == profile.balance


async def test_undo_reverts_the_sign_in_and_removes_the_exchange(connect, alice, model, profile):
    socket = await connect(alice)
    run_id, _, _ = await _signed_in_run(socket, model)
    signed_in_balance = await database_sync_to_async(_balance)(alice)
    assert signed_in_balance > 0

    await socket.send({"type": "run.undo", "run_id": run_id})
    frames = await socket.until(
        lambda f: f.get("kind") == "run.finished" and f["data"]["status"] == "undone"
    )

    assert frames[-1]["data"]["reverted"] == ["r.1.w1"]
    assert await database_sync_to_async(_balance)(alice) == profile.balance
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert run.status == "undone"
    assert not await database_sync_to_async(Exchange.objects.filter(run_id=run_id).exists)()


async def test_only_the_most_recent_run_can_be_undone(connect, alice, model):
    model.push(route("system:chat"), answer("one"), route("system:chat"), answer("two"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "first"})
    first = (await socket.recv())["run_id"]
    await socket.until_finished(first)
    await socket.send({"type": "chat.send", "text": "second"})
    second = (await socket.recv())["run_id"]
    await socket.until_finished(second)

    await socket.send({"type": "run.undo", "run_id": first})

    reply = await socket.recv()
    assert reply["code"] == "not_latest"
    assert (await database_sync_to_async(Run.objects.get)(pk=first)).status == "completed"


async def test_confirming_an_unknown_action_is_refused(connect, alice, model):
    model.push(route("system:chat"), answer("hi"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hi"})
    run_id = (await socket.recv())["run_id"]
    await socket.until_finished(run_id)

    await socket.send(
        {"type": "action.confirm", "run_id": run_id, "action_id": "r.9.w9", "decision": "approve"}
    )

    assert (await socket.recv())["code"] == "unknown_action"
