"""R-AUTH-1 on the websocket: reviewers and admins may follow any run read-only;
players only their own, and another player's running run leaks nothing live."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Run
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def gate(connect):
    """Holds the run's model call; released at teardown at the latest (before the sockets close)."""
    event = asyncio.Event()
    yield event
    event.set()


async def _start_slow_run(connect, owner, model, gate: asyncio.Event) -> tuple[object, int]:
    async def held(request):
        await gate.wait()
        return answer("the slow answer")

    model.push(route("system:chat"), held)
    socket = await connect(owner)
    await socket.send({"type": "chat.send", "text": "a slow question"})
    run_id = (await socket.recv())["run_id"]
    await socket.until(lambda f: f.get("kind") == "route.decided")
    return socket, run_id


async def test_rita_replays_and_follows_alices_running_run(connect, alice, rita, model, gate):
    _, run_id = await _start_slow_run(connect, alice, model, gate)
    rita_socket = await connect(rita)

    await rita_socket.send({"type": "run.subscribe", "run_id": run_id, "after_seq": 0})
    replayed = await rita_socket.until(lambda f: f.get("kind") == "route.decided")
    gate.set()
    live = await rita_socket.until_finished(run_id)

    seqs = [f["seq"] for f in replayed + live]
    assert seqs == list(range(1, len(seqs) + 1)), "replay then live, no gap, no repeat"
    assert live[-1]["data"]["status"] == "completed"


async def test_an_admin_may_follow_any_finished_run(connect, alice, admin, model):
    model.push(route("system:chat"), answer("done"))
    alice_socket = await connect(alice)
    await alice_socket.send({"type": "chat.send", "text": "hi"})
    run_id = (await alice_socket.recv())["run_id"]
    await alice_socket.until_finished(run_id)
    admin_socket = await connect(admin)

    await admin_socket.send({"type": "run.subscribe", "run_id": run_id, "after_seq": 0})
    frames = await admin_socket.until_finished(run_id)

    assert frames[0]["seq"] == 1


async def test_rita_cannot_stop_undo_or_confirm_alices_run(connect, alice, rita, model, gate):
    _, run_id = await _start_slow_run(connect, alice, model, gate)
    rita_socket = await connect(rita)

    replies = []
    for frame in (
        {"type": "run.cancel", "run_id": run_id},
        {"type": "run.undo", "run_id": run_id},
        {"type": "action.confirm", "run_id": run_id, "action_id": "r.w1", "decision": "approve"},
    ):
        await rita_socket.send(frame)
        replies.append(await rita_socket.recv())
    gate.set()

    assert {r["code"] for r in replies} == {"unknown_run"}
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert not run.cancel_requested and not run.undo_requested


async def test_bob_gets_no_live_event_of_alices_running_run(connect, alice, bob, model, gate):
    alice_socket, run_id = await _start_slow_run(connect, alice, model, gate)
    bob_socket = await connect(bob)
    # Subscribing right after the last stored event: the next live one would be "in order".
    last_seq = await database_sync_to_async(
        lambda: Run.objects.values_list("last_seq", flat=True).get(pk=run_id)
    )()

    await bob_socket.send({"type": "run.subscribe", "run_id": run_id, "after_seq": last_seq})
    refused = await bob_socket.recv()
    gate.set()
    await alice_socket.until_finished(run_id)

    assert refused == {
        "type": "error",
        "code": "unknown_run",
        "message": f"There is no run {run_id}.",
    }
    assert await bob_socket.nothing(), "no live event of alice's run reached bob"
