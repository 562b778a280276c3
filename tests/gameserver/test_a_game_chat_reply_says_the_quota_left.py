"""A game chat reply carries the player's quota, and one line saying it, in her language."""

from __future__ import annotations

import json

import pytest
from django.test import AsyncClient

from agentweb.gameserver.auth import new_token
from tests.gameserver.conftest import ALICE_UUID, make_player
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def headers(db):
    make_player("alice", link=ALICE_UUID)
    return {"Authorization": f"Bearer {new_token('server')[1]}"}


async def _ask(text, headers):
    body = {"uuid": str(ALICE_UUID), "text": text, "wait": 10}
    response = await AsyncClient().post(
        "/api/game/chat", data=json.dumps(body), content_type="application/json", headers=headers
    )
    return response.json()


async def test_the_reply_counts_the_calls_the_question_used(headers, model, settings):
    model.push(route("system:chat"), answer("pong"))

    body = await _ask("ping", headers)

    assert body["quota"]["model_calls_used"] == 2
    limit = body["quota"]["model_calls_limit"]
    assert body["quota_text"] == (
        f"Assistant calls left today: {limit - 2} of {limit} (reset at midnight UTC)."
    )


async def test_a_chinese_question_gets_the_quota_line_in_chinese(headers, model):
    model.push(route("system:chat"), answer("好的"))

    body = await _ask("你好", headers)

    assert "今日" in body["quota_text"]
