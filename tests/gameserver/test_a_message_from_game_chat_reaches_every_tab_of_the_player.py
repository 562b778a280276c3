"""A message the player types in game chat runs as hers, and her open chat pages show it:
every socket of hers gets ``chat.accepted`` with ``origin: game`` and the run's events;
another player's socket hears nothing of it."""

import json

import pytest
from django.test import AsyncClient

from agentweb.gameserver.auth import new_token
from tests.assistant.conftest import connect  # noqa: F401  (real websocket clients)
from tests.gameserver.conftest import ALICE_UUID, make_player
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def alice(db):
    return make_player("alice", link=ALICE_UUID)


@pytest.fixture
def headers(db):
    return {"Authorization": f"Bearer {new_token('server')[1]}"}


async def test_her_tabs_follow_the_run_her_game_message_started(
    connect,  # noqa: F811
    alice,
    bob,
    headers,
    model,
):
    model.push(route("system:chat"), answer("Bread restores hunger."))
    tab, others = await connect(alice), await connect(bob)

    response = await AsyncClient().post(
        "/api/game/chat",
        data=json.dumps({"uuid": str(ALICE_UUID), "text": "what does bread do?"}),
        content_type="application/json",
        headers=headers,
    )
    run_id = response.json()["run_id"]
    frames = await tab.until_finished(run_id)

    assert frames[0] == {
        "type": "chat.accepted",
        "run_id": run_id,
        "queued": False,
        "duplicate": False,
        "client_msg_id": "",
        "origin": "game",
        "text": "what does bread do?",
    }
    answers = [f for f in frames if f.get("kind") == "answer"]
    assert answers[0]["data"]["text"] == "Bread restores hunger."
    assert await others.nothing()
