"""R-QUOTA-1 across processes: one player's daily quota and the server-wide model-call gate."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from agentweb.assistant.inbox import MAX_QUEUED_PER_PLAYER
from tests.scale.client import Player
from tests.scale.conftest import GATE_PLAYERS, MAX_CONCURRENT, QUOTA
from tests.scale.responders import Scripted

pytestmark = pytest.mark.scale

REQUESTS = 200
# Every queued request runs as its own run, one after another (R-X3-1).
SETTLE_TIMEOUT_S = 150


async def _settled(db, user_id: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if db.player_idle(user_id):
            return
        await asyncio.sleep(0.5)
    raise AssertionError(f"runs of user {user_id} still active after {timeout} s")


async def test_200_concurrent_requests_of_one_player_make_exactly_the_quota_of_calls(
    stack, model, db, players
):
    # The chat workflow: a router call and one answer; it never merges the inbox.
    model.responder = Scripted(workflow="system:chat")
    model.latency_s = 0.05
    quota = players["quota"]
    headers = {"Authorization": f"Bearer {quota['token']}"}

    async def post(client: httpx.AsyncClient, daphne, i: int) -> httpx.Response:
        return await client.post(
            f"{daphne.http}/api/runs", json={"text": f"hello {i}"}, headers=headers
        )

    async with httpx.AsyncClient(timeout=60) as client:
        responses = await asyncio.gather(
            *(post(client, stack.daphnes[i % 2], i) for i in range(REQUESTS))
        )
    # What the inbox cannot hold is refused at once (inbox_full), not queued.
    accepted = sum(1 for r in responses if r.status_code == 202)
    refused_at_once = [r.json()["error"]["code"] for r in responses if r.status_code != 202]
    assert set(refused_at_once) <= {"inbox_full"}
    assert accepted > MAX_QUEUED_PER_PLAYER > QUOTA // 2  # enough runs to exhaust the quota
    await _settled(db, quota["id"], SETTLE_TIMEOUT_S)

    assert model.calls == QUOTA
    billed = db.value("SELECT count(*) FROM control_usageentry WHERE user_id = %s", quota["id"])
    assert billed == QUOTA
    assert (
        db.value("SELECT model_calls FROM control_dailyusage WHERE user_id = %s", quota["id"])
        == QUOTA
    )
    runs = db.rows(
        "SELECT r.id, r.status, r.failure, r.stop_reason, "
        "(SELECT count(*) FROM control_usageentry u WHERE u.run_id = r.id) "
        "FROM assistant_run r WHERE r.user_id = %s",
        quota["id"],
    )
    assert len(runs) == accepted  # one run per accepted request, one after another
    refused = [r for r in runs if r[4] == 0]
    assert len(refused) == accepted - QUOTA // 2
    wrong = [
        run
        for run in refused
        if run[1:3] != ("failed", "quota_exceeded")
        or "daily limit of 10 assistant calls" not in (run[3] or {}).get("message", "")
    ]
    # As read above, then as the run is now, with its events.
    assert not wrong, "\n".join(f"{run}\n{db.run_report(run[0])}" for run in wrong)


async def test_the_server_wide_limit_holds_across_workers(stack, model, db, players):
    model.responder = Scripted(workflow="system:chat")
    model.latency_s = 0.2

    async def one(i: int) -> dict:
        player = await Player.connect(stack.daphnes[i % 2], players[f"gate{i}"]["session"])
        run_id = await player.chat("hello there")
        finished = await player.finished(run_id, timeout=60)
        await player.close()
        return finished

    finished = await asyncio.gather(*(one(i) for i in range(GATE_PLAYERS)))
    assert model.peak_in_flight <= MAX_CONCURRENT
    assert model.peak_in_flight == MAX_CONCURRENT  # the limit was reached, not avoided
    statuses = {f["data"]["status"] for f in finished}
    assert statuses <= {"completed", "failed"}
    billed = db.value(
        "SELECT count(*) FROM control_usageentry u JOIN auth_user a ON a.id = u.user_id "
        "WHERE a.username LIKE 'gate%%'"
    )
    assert billed == model.calls
    assert db.value("SELECT count(*) FROM control_modelcallslot WHERE expires_at > now()") == 0
