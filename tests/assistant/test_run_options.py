"""R-X4-3: per-request options change a copy of the policy for that run only; players only
tighten, staff may raise up to the admin's ceiling; bad options start nothing."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant import config
from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.runs.executor import executor
from agentweb.control.models import AssistantSettings
from agentweb.engine.policy import REASONING
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _route_decided(run_id: int) -> dict:
    return RunEvent.objects.get(run_id=run_id, kind="route.decided").data


async def _send(socket, options, text="how do I get iron ingots?"):
    await socket.send({"type": "chat.send", "text": text, "options": options})
    return await socket.recv()


async def test_a_player_tightens_the_rounds_for_one_run_only(connect, alice, model):
    model.push(route("system:reasoning"), answer("Smelt raw iron."))
    socket = await connect(alice)

    accepted = await _send(socket, {"reactIterations": 1, "modelTimeoutMillis": 5000})
    await socket.until_finished(accepted["run_id"])

    decided = await database_sync_to_async(_route_decided)(accepted["run_id"])
    assert decided["policy"]["reactIterations"] == 1
    assert decided["policy"]["modelTimeoutMillis"] == 5000
    assert sorted(decided["options"]["changed"]) == ["modelTimeoutMillis", "reactIterations"]
    assert decided["options"]["requested"] == {"reactIterations": 1, "modelTimeoutMillis": 5000}
    run = await database_sync_to_async(Run.objects.get)(pk=accepted["run_id"])
    assert run.policy_snapshot["reactIterations"] == 1, "the run's effective policy is stored"
    defaults = await database_sync_to_async(config.policy_lookup)()
    assert defaults(REASONING).react_iterations == 3, "the defaults never change"


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"reactIterations": 50}, "may only tighten"),
        ({"autoRethink": True}, "players may only turn it off"),
        ({"rounds": 2}, "options.rounds is not an option"),
        ({"modelTimeoutMillis": "fast"}, "options.modelTimeoutMillis"),
        ({"modelTimeoutMillis": 5}, "options.modelTimeoutMillis"),
        ({"reactIterations": True}, "options.reactIterations"),
        ([1, 2], "options must be a JSON object"),
    ],
)
async def test_bad_or_loosening_options_from_a_player_are_refused_and_start_nothing(
    connect, alice, model, options, says
):
    socket = await connect(alice)

    reply = await _send(socket, options)

    assert reply["type"] == "error" and reply["code"] in ("bad_options", "bad_frame")
    assert says in reply["message"]
    assert await database_sync_to_async(Run.objects.count)() == 0
    assert model.calls == 0


async def test_staff_may_raise_the_rounds_up_to_the_admins_ceiling(connect, staff, model):
    model.push(route("system:reasoning"), answer("Smelt raw iron."))
    socket = await connect(staff)

    accepted = await _send(socket, {"reactIterations": 8, "autoRethink": True})
    await socket.until_finished(accepted["run_id"])
    decided = await database_sync_to_async(_route_decided)(accepted["run_id"])

    assert decided["policy"]["reactIterations"] == 8 and decided["policy"]["autoRethink"] is True
    assert sorted(decided["options"]["changed"]) == ["autoRethink", "reactIterations"]


async def test_above_the_ceiling_even_staff_are_refused(connect, staff, model):
    def lower():
        row = AssistantSettings.load()
        row.staff_max_react_iterations = 4
        row.save()

    await database_sync_to_async(lower)()
    socket = await connect(staff)

    reply = await _send(socket, {"reactIterations": 5})

    assert reply["code"] == "bad_options"
    assert "ceiling the admin set (4)" in reply["message"]
    assert await database_sync_to_async(Run.objects.count)() == 0


async def test_options_for_a_message_that_would_wait_in_the_inbox_are_refused(
    connect, alice, model
):
    async def slow(request):
        import asyncio

        await asyncio.sleep(30)

    model.push(route("system:reasoning"), slow)
    socket = await connect(alice)
    first = await _send(socket, None)

    reply = await _send(socket, {"reactIterations": 1}, text="and gold?")

    assert reply["code"] == "options_need_new_run"
    await socket.send({"type": "run.cancel", "run_id": first["run_id"]})
    await socket.until_finished(first["run_id"])


async def test_the_http_api_takes_the_same_options(alice, model):
    model.push(route("system:reasoning"), answer("Smelt raw iron."))
    client = AsyncClient()
    await client.aforce_login(alice)

    bad = await client.post(
        "/api/runs",
        data=json.dumps({"text": "iron?", "options": {"reactIterations": -1}}),
        content_type="application/json",
    )
    good = await client.post(
        "/api/runs",
        data=json.dumps({"text": "iron?", "options": {"reactIterations": 2}}),
        content_type="application/json",
    )
    await executor.wait_all()

    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_options"
    decided = await database_sync_to_async(_route_decided)(good.json()["run_id"])
    assert decided["policy"]["reactIterations"] == 2
