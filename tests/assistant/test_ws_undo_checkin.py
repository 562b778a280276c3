"""Undo reverts a /checkin too: the deterministic command records its write in the trace."""

import pytest
from channels.db import database_sync_to_async

from agentweb.game.models import PlayerProfile

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def profile(alice):
    return PlayerProfile.objects.create(user=alice, minecraft_name="Alice_MC", balance=5)


async def test_undoing_a_checkin_gives_the_coins_back(connect, alice, model, profile):
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "/checkin"})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until_finished(run_id)
    balance = lambda: PlayerProfile.objects.get(pk=profile.pk).balance  # noqa: E731
    signed_in = await database_sync_to_async(balance)()

    await socket.send({"type": "run.undo", "run_id": run_id})
    undone = await socket.until(
        lambda f: f.get("kind") == "run.finished" and f["data"]["status"] == "undone"
    )

    assert model.calls == 0, "a command makes no model call"
    assert any(f.get("kind") == "tool.finished" and f["data"]["writes"] for f in frames)
    assert signed_in > profile.balance
    assert undone[-1]["data"]["reverted"] == ["direct.w1"]
    assert await database_sync_to_async(balance)() == profile.balance
