"""R-API-1: the HTTP JSON API does what the page does, with session or token auth."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.runs.executor import executor
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def _post(client, url, body=None, **headers):
    return await client.post(
        url, data=json.dumps(body or {}), content_type="application/json", **headers
    )


@pytest.fixture
def token(alice):
    return new_token(alice, "game server")[1]


@pytest.fixture
def auth(token):
    return {"headers": {"Authorization": f"Bearer {token}"}}


def _count(model):
    return database_sync_to_async(model.objects.count)()


async def test_a_script_with_a_token_starts_a_run_and_reads_its_events(auth, model):
    model.push(route("system:chat"), answer("pong"))
    client = AsyncClient(enforce_csrf_checks=True)

    started = await _post(client, "/api/runs", {"text": "ping", "allow_web": False}, **auth)
    await executor.wait_all()
    run_id = started.json()["run_id"]
    detail = (await client.get(f"/api/runs/{run_id}", **auth)).json()
    events = (await client.get(f"/api/runs/{run_id}/events?after_seq=2", **auth)).json()

    assert started.status_code == 202
    assert detail["status"] == "completed"
    assert detail["answer"] == "pong"
    assert events["events"][0]["seq"] == 3
    assert events["events"][-1]["kind"] == "run.finished"
    assert events["last_seq"] == events["events"][-1]["seq"]


async def test_the_command_snapshot_lists_reason_with_its_alias(auth):
    commands = (await AsyncClient().get("/api/commands", **auth)).json()

    reason = next(c for c in commands["commands"] if c["name"] == "/reason")
    assert "分析" in reason["aliases"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({}, 400, "bad_field"),
        ({"text": ""}, 400, "empty_message"),
        ({"text": 5}, 400, "bad_field"),
        ({"text": "x" * 70_000}, 413, "message_too_large"),
        ({"text": "hi", "allow_web": "yes"}, 400, "bad_field"),
        ({"text": "hi", "client_msg_id": 12}, 400, "bad_field"),
    ],
)
async def test_bad_run_requests_get_a_clear_error_and_change_nothing(auth, body, status, code):
    response = await _post(AsyncClient(), "/api/runs", body, **auth)

    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert await _count(Run) == 0


async def test_a_body_that_is_not_json_is_refused(auth):
    response = await AsyncClient().post(
        "/api/runs", data="text=hi", content_type="text/plain", **auth
    )

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_json"


async def test_without_login_or_token_the_api_answers_401(db):
    response = await _post(AsyncClient(), "/api/runs", {"text": "hi"})

    assert response.status_code == 401
    assert await _count(Run) == 0


async def test_a_wrong_or_revoked_token_answers_401(alice):
    def revoked():
        token, key = new_token(alice, "old")
        token.revoked = True
        token.save()
        return key

    key = await database_sync_to_async(revoked)()

    for header in (f"Bearer {key}", "Bearer aw_nope", "Basic abc"):
        response = await AsyncClient().get("/api/commands", headers={"Authorization": header})
        assert response.status_code == 401


async def test_a_session_post_without_csrf_is_refused(alice):
    client = AsyncClient(enforce_csrf_checks=True)
    await client.aforce_login(alice)

    response = await _post(client, "/api/runs", {"text": "hi"})

    assert response.status_code == 403
    assert await _count(Run) == 0


async def test_other_players_runs_are_404_like_unknown_ones(bob, auth, model):
    model.push(route("system:chat"), answer("bob only"))
    bob_client = AsyncClient()
    await bob_client.aforce_login(bob)
    bob_run = (await _post(bob_client, "/api/runs", {"text": "bob's"})).json()["run_id"]
    await executor.wait_all()
    events_before = await _count(RunEvent)
    client = AsyncClient()

    responses = [
        await client.get(f"/api/runs/{bob_run}", **auth),
        await client.get(f"/api/runs/{bob_run}/events", **auth),
        await _post(client, f"/api/runs/{bob_run}/cancel", **auth),
        await _post(client, f"/api/runs/{bob_run}/undo", **auth),
        await _post(
            client,
            f"/api/runs/{bob_run}/confirm",
            {"action_id": "r.w1", "decision": "approve"},
            **auth,
        ),
        await client.get("/api/runs/987654", **auth),
    ]

    assert [r.status_code for r in responses] == [404] * 6
    assert {r.json()["error"]["code"] for r in responses} == {"unknown_run"}
    assert await _count(RunEvent) == events_before
    run = await database_sync_to_async(Run.objects.get)(pk=bob_run)
    assert run.status == "completed"


async def test_events_need_a_numeric_after_seq(auth, model):
    model.push(route("system:chat"), answer("x"))
    client = AsyncClient()
    run_id = (await _post(client, "/api/runs", {"text": "hi"}, **auth)).json()["run_id"]
    await executor.wait_all()

    response = await client.get(f"/api/runs/{run_id}/events?after_seq=-1", **auth)

    assert response.status_code == 400


async def test_forget_through_the_api_bumps_the_generation(auth):
    response = await _post(AsyncClient(), "/api/memory/forget", **auth)

    assert response.json() == {"generation": 1}


async def test_get_on_a_post_endpoint_is_405(auth):
    response = await AsyncClient().get("/api/runs", **auth)

    assert response.status_code == 405


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"action_id": "", "decision": "approve"},
        {"action_id": "r.1.w1", "decision": "maybe"},
        {"action_id": 5, "decision": "approve"},
        {"action_id": "x" * 65, "decision": "reject"},
    ],
)
async def test_a_malformed_confirmation_is_refused_and_changes_nothing(auth, model, body):
    model.push(route("system:chat"), answer("x"))
    client = AsyncClient()
    run_id = (await _post(client, "/api/runs", {"text": "hi"}, **auth)).json()["run_id"]
    await executor.wait_all()
    events_before = await _count(RunEvent)

    response = await _post(client, f"/api/runs/{run_id}/confirm", body, **auth)

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_field"
    assert await _count(RunEvent) == events_before
