"""Undo while an approved write is still running: the write finishes, is traced, and is reverted."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Run, RunEvent
from agentweb.game.models import PlayerProfile
from agentweb.game.services.signin import sign_in
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)

# Long enough that the undo arrives while the write's database thread is busy.
WRITE_S = 0.4


@pytest.fixture
def slow_signin(monkeypatch):
    started = []

    def slow(user):
        started.append(time.monotonic())
        time.sleep(WRITE_S)
        return sign_in(user)

    monkeypatch.setattr("agentweb.game.tools.player.sign_in", slow)
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
    while not slow_signin:
        await asyncio.sleep(0.01)
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
