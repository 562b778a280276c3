"""Undo while an approved write is still running: the write finishes, is traced, and is reverted."""

import asyncio
import threading

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.undo import aundo as real_aundo
from agentweb.game.models import PlayerProfile
from agentweb.game.services.signin import sign_in
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def slow_signin(monkeypatch):
    """The write's database thread stays busy until the undo has reached the server and
    handed its claim to that thread (behind the write): the undo arrives mid-write."""
    started, undo_arrived = threading.Event(), threading.Event()

    def slow(user):
        started.set()
        assert undo_arrived.wait(30), "the undo never arrived"
        return sign_in(user)

    async def aundo(user, run_id):
        undoing = asyncio.ensure_future(real_aundo(user, run_id))
        await asyncio.sleep(0)  # its first step hands the claim to the database thread
        undo_arrived.set()
        return await undoing

    monkeypatch.setattr("agentweb.game.tools.player.sign_in", slow)
    monkeypatch.setattr("agentweb.assistant.ws.consumer.aundo", aundo)
    return started


def _balance(user):
    return PlayerProfile.objects.get(user=user).balance


def _events(run_id):
    return list(RunEvent.objects.filter(run_id=run_id).order_by("seq").values_list("kind", "data"))


async def test_undo_during_the_write_reverts_it_once_it_has_committed(
    connect, alice, model, slow_signin
):
    await database_sync_to_async(PlayerProfile.objects.create)(
        user=alice, minecraft_name="Alice_MC", balance=5
    )
    model.push(route("system:free_chat"), {"type": "player.signin", "input": {}}, answer("ok"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "sign me in"})
    run_id = (await socket.recv())["run_id"]
    pending = (await socket.until(lambda f: f.get("kind") == "action.pending"))[-1]
    await socket.send(
        {
            "type": "action.confirm",
            "run_id": run_id,
            "action_id": pending["data"]["action_id"],
            "decision": "approve",
        }
    )
    assert await asyncio.to_thread(slow_signin.wait, 30), "the write never started"
    await socket.send({"type": "run.undo", "run_id": run_id})
    frames = await socket.until(
        lambda f: f.get("kind") == "run.finished" and f["data"]["status"] == "undone"
    )

    assert frames[-1]["data"]["reverted"] == [pending["data"]["action_id"]]
    assert await database_sync_to_async(_balance)(alice) == 5
    events = await database_sync_to_async(_events)(run_id)
    kinds = [kind for kind, _ in events]
    assert "tool.finished" in kinds, "the write that committed is in the trace"
    assert kinds.count("run.finished") == 1
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert run.status == "undone"
    assert not any(f.get("type") == "error" for f in frames)
