"""``GET /api/me``: the player, her language, her switch and today's quota, which moves with
every model call she makes."""

import json
from datetime import UTC, datetime, timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.runs.executor import executor
from agentweb.control.models import PlayerQuota
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def auth(alice):
    return {"headers": {"Authorization": f"Bearer {new_token(alice, 'script')[1]}"}}


async def test_me_counts_the_model_calls_of_a_run(auth, alice, model):
    await database_sync_to_async(PlayerQuota.objects.create)(user=alice, daily_model_calls=7)
    client = AsyncClient()
    before = (await client.get("/api/me", **auth)).json()
    model.push(route("system:chat"), answer("pong"))

    await client.post(
        "/api/runs", data=json.dumps({"text": "ping"}), content_type="application/json", **auth
    )
    await executor.wait_all()
    after = (await client.get("/api/me", **auth)).json()

    assert before["username"] == "alice"
    assert before["assistant_enabled"] is True
    assert before["quota"]["model_calls_used"] == 0
    assert before["quota"]["model_calls_limit"] == 7
    assert after["quota"]["model_calls_used"] == 2, "the router's call and the answer's"
    midnight = datetime.combine(datetime.now(UTC).date() + timedelta(days=1), datetime.min.time())
    assert after["quota"]["resets_at"] == midnight.replace(tzinfo=UTC).isoformat()


async def test_me_says_the_language_the_player_is_answered_in(alice):
    client = AsyncClient()
    await database_sync_to_async(client.force_login)(alice)

    english = (await client.get("/api/me")).json()
    chinese = (await client.get("/api/me", headers={"Accept-Language": "zh-CN,zh;q=0.9"})).json()

    assert english["language"] == "en"
    assert chinese["language"] == "zh-hans"


async def test_me_needs_a_login_or_a_token():
    response = await AsyncClient().get("/api/me")

    assert response.status_code == 401
    assert response.json()["error"]["code"] == "login_required"


async def test_me_answers_get_only(auth):
    response = await AsyncClient().post("/api/me", **auth)

    assert response.status_code == 405
