"""Feedback on every answer: 👍 / 👎 and a comment, over the websocket and the API; a player
changes or clears it, only on her own runs, and every tab of hers hears it."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import Feedback, Run
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def _run(socket, model, text="hello"):
    model.push(route("system:chat"), answer("Hi there."))
    await socket.send({"type": "chat.send", "text": text})
    run_id = (await socket.until(lambda f: f["type"] == "chat.accepted"))[-1]["run_id"]
    await socket.until_finished(run_id)
    return run_id


def _feedback(run_id):
    return database_sync_to_async(
        lambda: list(Feedback.objects.filter(run_id=run_id).values_list("rating", "comment"))
    )()


async def _post(client, run_id, body, token):
    return await client.post(
        f"/api/runs/{run_id}/feedback",
        data=json.dumps(body) if isinstance(body, dict) else body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )


@pytest.fixture
def token(alice):
    return new_token(alice, "script")[1]


async def test_a_rating_reaches_every_tab_and_the_run_s_detail(connect, alice, model, token):
    socket, other_tab = await connect(alice), await connect(alice)
    run_id = await _run(socket, model)

    await socket.send(
        {"type": "run.feedback", "run_id": run_id, "rating": -1, "comment": " Wrong recipe. "}
    )
    reply = await socket.until(lambda f: f["type"] == "run.feedback")
    heard = await other_tab.until(lambda f: f["type"] == "run.feedback")
    detail = (
        await AsyncClient().get(f"/api/runs/{run_id}", headers={"Authorization": f"Bearer {token}"})
    ).json()

    expected = {"type": "run.feedback", "run_id": run_id, "rating": -1, "comment": "Wrong recipe."}
    assert reply[-1] == expected
    assert heard[-1] == expected
    assert await socket.nothing(), "the tab that rated hears it once"
    assert await _feedback(run_id) == [(-1, "Wrong recipe.")]
    assert detail["feedback"]["rating"] == -1
    assert detail["feedback"]["comment"] == "Wrong recipe."


async def test_a_rating_is_changed_then_cleared(connect, alice, model, token):
    socket = await connect(alice)
    run_id = await _run(socket, model)
    client = AsyncClient()

    up = await _post(client, run_id, {"rating": 1}, token)
    down = await _post(client, run_id, {"rating": -1, "comment": "too long"}, token)
    assert await _feedback(run_id) == [(-1, "too long")]
    cleared = await _post(client, run_id, {"rating": 0}, token)
    detail = await client.get(f"/api/runs/{run_id}", headers={"Authorization": f"Bearer {token}"})

    assert up.json() == {"run_id": run_id, "rating": 1, "comment": ""}
    assert down.json() == {"run_id": run_id, "rating": -1, "comment": "too long"}
    assert cleared.json() == {"run_id": run_id, "rating": 0, "comment": ""}
    assert await _feedback(run_id) == []
    assert detail.json()["feedback"] is None
    frames = await socket.until(lambda f: f["type"] == "run.feedback" and f["rating"] == 0)
    assert [f["rating"] for f in frames if f["type"] == "run.feedback"] == [1, -1, 0]


async def test_only_the_run_s_own_player_rates_it(connect, alice, bob, model):
    run_id = await _run(await connect(alice), model)
    bobs = await connect(bob)

    await bobs.send({"type": "run.feedback", "run_id": run_id, "rating": 1})
    refused = await bobs.recv()
    bobs_token = await database_sync_to_async(lambda: new_token(bob, "b")[1])()
    response = await _post(AsyncClient(), run_id, {"rating": 1}, bobs_token)

    assert refused["code"] == "unknown_run"
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_run"
    assert await _feedback(run_id) == []


async def test_a_run_still_going_cannot_be_rated(alice, token):
    run = await database_sync_to_async(Run.objects.create)(
        user=alice, question="q", status="running"
    )

    response = await _post(AsyncClient(), run.pk, {"rating": 1}, token)

    assert response.status_code == 409 and response.json()["error"]["code"] == "not_finished"


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"rating": 2},
        {"rating": "1"},
        {"rating": True},
        {"rating": 1, "comment": 5},
        {"rating": 1, "comment": "x" * 2001},
        {"rating": 1, "comment": "nul\u0000"},
        "[1]",
    ],
)
async def test_bad_feedback_is_refused_and_changes_nothing(alice, token, body):
    run = await database_sync_to_async(Run.objects.create)(
        user=alice, question="q", status="completed"
    )

    response = await _post(AsyncClient(), run.pk, body, token)
    run_id = run.pk

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_field"
    assert await _feedback(run_id) == []
