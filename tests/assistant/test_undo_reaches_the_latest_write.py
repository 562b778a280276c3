"""Undo reaches the write: the latest run that changed something, past read-only runs after it.

``run.undo`` without a ``run_id`` and ``POST /api/undo`` pick that run; the
answer says what was reverted, in the language of the run's question.
"""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import Run
from agentweb.game.models import PlayerProfile
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def profile(alice):
    return PlayerProfile.objects.create(user=alice, minecraft_name="Alice_MC", balance=5)


def _balance(profile):
    return database_sync_to_async(lambda: PlayerProfile.objects.get(pk=profile.pk).balance)()


def _status(run_id):
    return database_sync_to_async(lambda: Run.objects.get(pk=run_id).status)()


async def _run(socket, text):
    await socket.send({"type": "chat.send", "text": text})
    run_id = (await socket.until(lambda f: f["type"] == "chat.accepted"))[-1]["run_id"]
    await socket.until_finished(run_id)
    return run_id


async def _undo(socket, **frame):
    await socket.send({"type": "run.undo", **frame})
    return (await socket.until(lambda f: f["type"] in ("run.undone", "error")))[-1]


async def test_undo_without_a_run_id_reverts_the_checkin_behind_a_question(
    connect, alice, model, profile
):
    socket = await connect(alice)
    checkin = await _run(socket, "/checkin")
    model.push(route("system:chat"), answer("You have some coins."))
    question = await _run(socket, "what is my balance?")

    undone = await _undo(socket)

    assert undone["run_id"] == checkin
    assert undone["reverted"] == ["direct.w1"]
    assert undone["summary"][0].startswith("Took back the ")
    assert await _balance(profile) == 5
    assert await _status(checkin) == "undone"
    assert await _status(question) == "completed"


async def test_naming_the_read_only_run_after_a_write_is_refused(connect, alice, model, profile):
    socket = await connect(alice)
    await _run(socket, "/checkin")
    model.push(route("system:chat"), answer("Hello."))
    question = await _run(socket, "hello")

    refused = await _undo(socket, run_id=question)

    assert refused["code"] == "not_latest"
    assert await _status(question) == "completed"


async def test_a_later_write_is_undone_before_an_earlier_one(connect, alice, model, profile):
    socket = await connect(alice)
    first = await _run(socket, "/checkin")
    await database_sync_to_async(
        lambda: PlayerProfile.objects.filter(pk=profile.pk).update(last_signin=None)
    )()
    second = await _run(socket, "/checkin")

    assert (await _undo(socket, run_id=first))["code"] == "not_latest"
    assert (await _undo(socket))["run_id"] == second
    earlier = await _undo(socket)

    assert earlier["run_id"] == first
    # The profile changed after it (the test moved its date): said, not silently skipped.
    assert earlier["reverted"] == []
    assert earlier["not_reverted"] == [
        {
            "step_id": "direct.w1",
            "message": "The profile changed after the sign-in; it was not reverted.",
        }
    ]


async def test_with_no_write_undo_takes_the_most_recent_run(connect, alice, model):
    socket = await connect(alice)
    model.push(route("system:chat"), answer("one"), route("system:chat"), answer("two"))
    await _run(socket, "first")
    second = await _run(socket, "second")

    undone = await _undo(socket)

    assert undone["run_id"] == second
    assert undone["reverted"] == [] and undone["summary"] == []


async def test_a_player_with_no_run_has_nothing_to_undo(connect, alice):
    socket = await connect(alice)

    assert (await _undo(socket))["code"] == "nothing_to_undo"


async def test_the_summary_speaks_the_language_of_the_question(connect, alice, model, profile):
    socket = await connect(alice)
    checkin = await _run(socket, "/checkin 签到")

    undone = await _undo(socket)

    assert undone["run_id"] == checkin
    assert "金币" in undone["summary"][0]


async def _post(client, url, token):
    return await client.post(
        url, data=json.dumps({}), content_type="application/json", Authorization=f"Bearer {token}"
    )


async def test_post_api_undo_picks_the_latest_undoable_run(connect, alice, model, profile):
    socket = await connect(alice)
    checkin = await _run(socket, "/checkin")
    model.push(route("system:chat"), answer("Hello."))
    question = await _run(socket, "hello")
    token = await database_sync_to_async(lambda: new_token(alice, "script")[1])()
    client = AsyncClient()

    first = await _post(client, "/api/undo", token)
    second = await _post(client, "/api/undo", token)
    third = await _post(client, "/api/undo", token)

    assert first.status_code == 200
    assert first.json()["run_id"] == checkin and first.json()["status"] == "undone"
    assert first.json()["summary"]
    assert second.json()["run_id"] == question
    assert third.status_code == 404 and third.json()["error"]["code"] == "nothing_to_undo"
