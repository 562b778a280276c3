"""A game token reads only the replies of messages it sent from game chat — never a web run.

While the player has a run going on the chat page, a message from the game
waits behind it and gets its own run; its chat answers with that run, not
with the page's. A ``client_msg_id`` the page (or another server) used is
refused, not answered with the page's run. Another token's chat is unknown.
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.models import InboxEntry, Run, Status
from agentweb.assistant.runs.executor import executor, start_next_from_inbox
from agentweb.gameserver.auth import new_token
from agentweb.gameserver.models import GameChat
from tests.gameserver.conftest import ALICE_UUID, make_player
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)

SECRET = "the web run's private answer"


@pytest.fixture
def alice(db):
    return make_player("alice", link=ALICE_UUID)


@pytest.fixture
def server(db):
    return {"Authorization": f"Bearer {new_token('server')[1]}"}


@pytest.fixture
def other_server(db):
    return {"Authorization": f"Bearer {new_token('other server')[1]}"}


async def _say(headers, **body):
    return await AsyncClient().post(
        "/api/game/chat",
        data=json.dumps({"uuid": str(ALICE_UUID), **body}),
        content_type="application/json",
        headers=headers,
    )


async def _reply(headers, chat_id, wait=0):
    return await AsyncClient().get(f"/api/game/chat/{chat_id}?wait={wait}", headers=headers)


def _web_run(user, **fields):
    return Run.objects.create(user=user, question="a question on the page", **fields)


async def test_a_message_sent_during_a_web_run_waits_and_gets_its_own_answer(alice, server, model):
    web = await database_sync_to_async(_web_run)(alice, status=Status.RUNNING)

    started = await _say(server, text="what about bread?")
    waiting = await _reply(server, started.json()["chat_id"])

    assert started.status_code == 202
    assert started.json()["run_id"] is None
    assert started.json()["queued"] is True
    assert (waiting.status_code, waiting.json()["status"], waiting.json()["reply"]) == (
        202,
        "queued",
        None,
    )
    # The page's run ends; the message waiting behind it runs as its own run.
    await database_sync_to_async(Run.objects.filter(pk=web.pk).update)(
        status=Status.COMPLETED, answer=SECRET
    )
    model.push(route("system:chat"), answer("Bread restores hunger."))
    await start_next_from_inbox(web.pk)
    await executor.wait_all()
    done = (await _reply(server, started.json()["chat_id"])).json()
    assert done["reply"] == "Bread restores hunger."
    assert done["run_id"] not in (None, web.pk)
    assert SECRET not in json.dumps(done)


async def test_the_page_s_run_is_never_returned_while_it_runs(alice, server):
    web = await database_sync_to_async(_web_run)(alice, status=Status.RUNNING)

    body = (await _say(server, text="hi", wait=1)).json()

    assert body["run_id"] is None
    assert web.pk not in (body.get("run_id"), body.get("chat_id"))
    assert body["done"] is False


async def test_a_client_msg_id_of_the_page_is_refused_and_the_page_s_run_stays_unread(
    alice, server
):
    await database_sync_to_async(_web_run)(
        alice, status=Status.COMPLETED, answer=SECRET, client_msg_id="c-1"
    )

    response = await _say(server, text="hi", client_msg_id="c-1", wait=1)

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "client_msg_id_used"
    assert SECRET not in response.content.decode()
    assert await database_sync_to_async(GameChat.objects.count)() == 0


async def test_a_resend_of_the_same_game_message_is_the_same_chat(alice, server, model):
    model.push(route("system:chat"), answer("pong"))
    first = (await _say(server, text="ping", client_msg_id="g-1")).json()
    await executor.wait_all()

    again = await _say(server, text="ping", client_msg_id="g-1")

    assert again.json()["chat_id"] == first["chat_id"]
    assert await database_sync_to_async(Run.objects.count)() == 1


async def test_another_server_s_token_cannot_read_the_chat_or_reuse_its_id(
    alice, server, other_server, model
):
    model.push(route("system:chat"), answer("pong"))
    first = (await _say(server, text="ping", client_msg_id="g-1")).json()
    await executor.wait_all()

    read = await _reply(other_server, first["chat_id"])
    reused = await _say(other_server, text="ping", client_msg_id="g-1")

    assert (read.status_code, read.json()["error"]["code"]) == (404, "unknown_chat")
    assert (reused.status_code, reused.json()["error"]["code"]) == (409, "client_msg_id_used")


async def test_a_queued_message_with_a_page_s_client_msg_id_is_refused_too(alice, server):
    web = await database_sync_to_async(_web_run)(alice, status=Status.RUNNING)
    await database_sync_to_async(InboxEntry.objects.create)(
        user=alice, run=web, text="typed on the page", client_msg_id="c-2"
    )

    response = await _say(server, text="hi", client_msg_id="c-2")

    assert response.status_code == 409
    assert "typed on the page" not in response.content.decode()
