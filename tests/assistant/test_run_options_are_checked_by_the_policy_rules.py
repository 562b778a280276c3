"""Per-request options are checked by the same rules as the admin form and the policy file
(one validator): the same field, the same problem, nothing started."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.models import Run
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING, PolicyInvalid, validate_policy

pytestmark = pytest.mark.django_db(transaction=True)


def rule_problem(field: str, value) -> str:
    """What the one validator says about ``field`` = ``value`` in a whole policy."""
    with pytest.raises(PolicyInvalid) as caught:
        validate_policy({**MODULE_DEFAULTS[REASONING].as_config(), field: value})
    (error,) = caught.value.errors
    return str(error)


BROKEN = [
    ("reactIterations", 51),
    ("reactIterations", -1),
    ("reactIterations", 1.5),
    ("modelTimeoutMillis", 999),
    ("modelTimeoutMillis", "abc"),
    ("autoRethink", "yes"),
]


@pytest.mark.parametrize(("field", "value"), BROKEN)
async def test_the_api_refuses_an_option_with_the_rule_s_own_words(staff, model, field, value):
    client = AsyncClient()
    await client.aforce_login(staff)

    response = await client.post(
        "/api/runs",
        data=json.dumps({"text": "iron?", "options": {field: value}}),
        content_type="application/json",
    )

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_options"
    assert error["message"] == f"options.{rule_problem(field, value)}."
    assert await database_sync_to_async(Run.objects.count)() == 0
    assert model.calls == 0


@pytest.mark.parametrize(("field", "value"), BROKEN)
async def test_the_socket_refuses_an_option_with_the_rule_s_own_words(
    connect, alice, model, field, value
):
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "iron?", "options": {field: value}})

    reply = await socket.recv()

    assert (reply["type"], reply["code"]) == ("error", "bad_options")
    assert reply["message"] == f"options.{rule_problem(field, value)}."
    assert await database_sync_to_async(Run.objects.count)() == 0
