"""POST /api/game/chat: an in-game message runs as the linked player; the reply fits game chat."""

from __future__ import annotations

import json
import uuid

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.models import Run
from agentweb.assistant.runs.executor import executor
from agentweb.gameserver.auth import new_token
from agentweb.gameserver.chat import MAX_REPLY_CHARS, game_text
from agentweb.gameserver.models import GameChat
from tests.gameserver.conftest import ALICE_UUID, make_player
from tests.replies import answer, route, tool

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def linked_alice(db):
    return make_player("alice", link=ALICE_UUID)


@pytest.fixture
def headers(db):
    return {"Authorization": f"Bearer {new_token('server')[1]}"}


async def _post(body, headers):
    return await AsyncClient().post(
        "/api/game/chat", data=json.dumps(body), content_type="application/json", headers=headers
    )


async def test_a_message_from_the_game_runs_as_the_linked_player_and_replies_in_plain_text(
    linked_alice, headers, model
):
    model.push(route("system:chat"), answer("**Bread** restores [hunger](https://x.test) fast."))
    response = await _post(
        {"uuid": str(ALICE_UUID), "text": "what does bread do?", "wait": 10}, headers
    )
    body = response.json()
    assert response.status_code == 200
    assert body["done"] is True
    assert body["reply"] == "Bread restores hunger fast."
    run = await database_sync_to_async(Run.objects.get)(pk=body["run_id"])
    assert run.user_id == linked_alice.pk
    assert run.question == "what does bread do?"
    assert run.status == "completed"


async def test_without_wait_the_reply_is_fetched_later_by_chat_id(linked_alice, headers, model):
    model.push(route("system:chat"), answer("pong"))
    started = await _post({"uuid": str(ALICE_UUID), "text": "ping"}, headers)
    assert started.status_code == 202
    chat_id = started.json()["chat_id"]
    await executor.wait_all()
    reply = await AsyncClient().get(f"/api/game/chat/{chat_id}?wait=5", headers=headers)
    assert reply.json()["reply"] == "pong"


async def test_an_unlinked_uuid_is_a_404_and_starts_nothing(linked_alice, headers):
    response = await _post({"uuid": str(uuid.UUID(int=5)), "text": "hi"}, headers)
    assert response.status_code == 404
    assert await database_sync_to_async(Run.objects.count)() == 0


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"uuid": str(ALICE_UUID)}, 400, "bad_field"),
        ({"uuid": str(ALICE_UUID), "text": "   "}, 400, "empty_message"),
        ({"uuid": str(ALICE_UUID), "text": "x" * 70_000}, 413, "message_too_large"),
        ({"uuid": "nope", "text": "hi"}, 400, "bad_field"),
        ({"text": "hi"}, 400, "bad_field"),
        ({"uuid": str(ALICE_UUID), "text": "hi", "wait": 99}, 400, "bad_field"),
        ({"uuid": str(ALICE_UUID), "text": "hi", "allow_web": "yes"}, 400, "bad_field"),
        ({"uuid": str(ALICE_UUID), "text": "hi", "client_msg_id": "a b"}, 400, "bad_field"),
    ],
)
async def test_bad_chat_requests_get_a_clear_error_and_start_nothing(
    linked_alice, headers, body, status, code
):
    response = await _post(body, headers)
    assert (response.status_code, response.json()["error"]["code"]) == (status, code)
    assert await database_sync_to_async(Run.objects.count)() == 0
    assert await database_sync_to_async(GameChat.objects.count)() == 0


def test_a_long_answer_is_cut_for_game_chat_and_keeps_short_source_titles():
    sources = [{"n": 1, "title": "Bread — the Minecraft wiki page about bread and hunger"}]
    text = game_text("Bread is food. " * 100 + "[1]", sources)
    assert len(text) <= MAX_REPLY_CHARS
    assert text.endswith("[1] Bread — the Minecraft wiki page about…")
    assert "…" in text.split(" — ")[0]


def test_citations_without_sources_are_dropped_and_markup_is_removed():
    assert game_text("# Title\n- **one** [2]\n- `two`", []) == "Title one two"


async def test_a_write_asked_from_the_game_waits_for_confirmation_on_the_page(
    linked_alice, headers, model, shop
):
    from agentweb.assistant import actions

    model.push(route("system:free_chat"), tool("shop.buy", item="bread"))
    response = await _post({"uuid": str(ALICE_UUID), "text": "buy bread", "wait": 2}, headers)
    body = response.json()
    assert response.status_code == 202
    assert body["done"] is False
    assert body["pending_action"].startswith("Confirm on the chat page: Buy 1× bread")
    await actions.acancel(linked_alice, body["run_id"])
    await executor.wait_all()


async def test_options_are_honoured_like_on_the_chat_page(linked_alice, headers, model):
    model.push(route("system:chat"), answer("pong"))
    response = await _post(
        {"uuid": str(ALICE_UUID), "text": "ping", "options": {"reactIterations": 1}}, headers
    )
    await executor.wait_all()

    run = await database_sync_to_async(Run.objects.get)()
    assert response.status_code == 202
    assert run.options == {"reactIterations": 1}


async def test_options_that_loosen_the_policy_are_refused(linked_alice, headers):
    response = await _post(
        {"uuid": str(ALICE_UUID), "text": "ping", "options": {"reactIterations": 99}}, headers
    )

    assert (response.status_code, response.json()["error"]["code"]) == (400, "bad_options")
    assert await database_sync_to_async(Run.objects.count)() == 0


async def test_a_nul_in_the_text_is_refused(linked_alice, headers):
    response = await _post({"uuid": str(ALICE_UUID), "text": "hi\u0000there"}, headers)

    assert (response.status_code, response.json()["error"]["code"]) == (400, "bad_field")
    assert "NUL" in response.json()["error"]["message"]
    assert await database_sync_to_async(Run.objects.count)() == 0


def test_minecraft_formatting_codes_never_reach_game_chat():
    sources = [{"n": 1, "title": "§4Red§r wiki"}]

    text = game_text("§cObsidian§r needs a §ldiamond§r pickaxe [1] §", sources)

    assert text == "Obsidian needs a diamond pickaxe [1] — [1] Red wiki"
