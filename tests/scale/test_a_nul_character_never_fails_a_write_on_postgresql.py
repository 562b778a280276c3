"""PostgreSQL cannot store U+0000 in text or jsonb: a player's NUL is refused as bad
input (SPEC §14), one a model or a tool produced is stored as U+FFFD and the run ends well."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.fakes.model_server import Reply
from tests.replies import answer, route, tool
from tests.scale.client import Player

pytestmark = pytest.mark.scale

NUL_ANSWER = "Iron\x00 comes from iron ore."


class NulEverywhere:
    """A tool call whose input has a NUL (the lookup drops it), then an answer with one."""

    def __call__(self, body: dict[str, Any]) -> Reply:
        user = json.loads(body["messages"][1]["content"])
        if user.get("task") == "route":
            return Reply(json.dumps(route("system:reasoning")))
        if user.get("observations") or user.get("final_only") or not user.get("tools"):
            return Reply(json.dumps(answer(NUL_ANSWER)))
        return Reply(json.dumps(tool("item.query", name="iron\x00 ingot")))


async def test_a_nul_from_the_model_is_stored_as_a_replacement_character(stack, model, db, players):
    model.responder = NulEverywhere()
    player = await Player.connect(stack.daphnes[0], players["nul"]["session"])
    run_id = await player.chat("Where does iron come from?")
    finished = await player.finished(run_id, timeout=30)
    frames = player.events(run_id)
    await player.close()

    assert finished["data"]["status"] == "completed", finished
    stored = NUL_ANSWER.replace("\x00", "\ufffd")
    assert db.value("SELECT answer FROM assistant_run WHERE id = %s", run_id) == stored
    assert db.value("SELECT answer FROM assistant_exchange WHERE run_id = %s", run_id) == stored
    texts = db.rows(
        "SELECT data->>'text' FROM assistant_runevent WHERE run_id = %s AND kind = 'answer'",
        run_id,
    )
    assert texts == [(stored,)]
    # What the socket sent is what was stored.
    assert [f["data"]["text"] for f in frames if f.get("kind") == "answer"] == [stored]
    assert "\x00" not in json.dumps([f["data"] for f in frames])


async def test_a_player_s_message_with_a_nul_is_refused_and_changes_nothing(
    stack, model, db, players
):
    nul = players["nul"]
    runs = db.value("SELECT count(*) FROM assistant_run WHERE user_id = %s", nul["id"])
    player = await Player.connect(stack.daphnes[1], nul["session"])
    await player.send({"type": "chat.send", "text": "hi\x00there", "client_msg_id": "n-1"})
    error = await player.until(lambda f: f.get("type") == "error")
    await player.close()
    assert error["client_msg_id"] == "n-1" and "NUL" in error["message"]

    async with httpx.AsyncClient(base_url=stack.daphnes[0].http, timeout=30) as client:
        response = await client.post(
            "/api/runs",
            json={"text": "hi\x00there"},
            headers={"Authorization": f"Bearer {nul['token']}"},
        )
    assert response.status_code == 400 and "NUL" in response.json()["error"]["message"]
    assert db.value("SELECT count(*) FROM assistant_run WHERE user_id = %s", nul["id"]) == runs
