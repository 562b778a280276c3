"""``GET /api/policies`` (staff only): each workflow's effective policy, where it comes from
and its warnings, in the shape of SPEC §15b."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.control import config
from agentweb.control.models import PolicyOverride
from agentweb.engine.policy import MODULE_DEFAULTS, QUESTION, REASONING

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def policy_file(tmp_path, settings):
    path = tmp_path / "system-agent.json"
    path.write_text(json.dumps({"policies": {}}))
    settings.AGENTWEB_SYSTEM_CONFIG = path
    config.clear_cache()
    yield path
    config.clear_cache()


def bearer(user) -> dict:
    return {"headers": {"Authorization": f"Bearer {new_token(user, 'script')[1]}"}}


async def get_policies(user):
    auth = await database_sync_to_async(bearer)(user)
    return await AsyncClient().get("/api/policies", **auth)


async def test_staff_get_every_workflow_with_its_effective_policy_and_source(admin, policy_file):
    question = {**MODULE_DEFAULTS[QUESTION].as_config(), "toolCalls": 5}
    policy_file.write_text(json.dumps({"policies": {QUESTION: question}}))
    reasoning = {**MODULE_DEFAULTS[REASONING].as_config(), "reactIterations": 7}
    await database_sync_to_async(PolicyOverride.objects.create)(
        workflow=REASONING, config=reasoning
    )

    response = await get_policies(admin)

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"policies"}
    assert set(body["policies"]) == set(MODULE_DEFAULTS)
    for entry in body["policies"].values():
        assert set(entry) == {"effective", "source", "warnings"}
    assert body["policies"][REASONING] == {
        "effective": reasoning,
        "source": "override",
        "warnings": [],
    }
    assert body["policies"][QUESTION]["source"] == "file"
    assert body["policies"][QUESTION]["effective"]["toolCalls"] == 5
    chat = body["policies"]["system:chat"]
    assert chat["source"] == "default"
    assert chat["effective"] == MODULE_DEFAULTS["system:chat"].as_config()


async def test_a_bad_file_entry_and_a_bad_stored_override_are_warnings(admin, policy_file):
    bad = {**MODULE_DEFAULTS[QUESTION].as_config(), "modelCalls": -5}
    policy_file.write_text(json.dumps({"policies": {QUESTION: bad}}))
    broken = {**MODULE_DEFAULTS[REASONING].as_config(), "steps": "many"}
    await database_sync_to_async(PolicyOverride.objects.create)(workflow=REASONING, config=broken)

    body = (await get_policies(admin)).json()["policies"]

    assert body[QUESTION]["source"] == "default"
    assert body[QUESTION]["warnings"] == [
        f"system-agent.json: {QUESTION}: modelCalls: -5 is out of range (0 to 1000); "
        "the module default stays in force"
    ]
    assert body[REASONING]["source"] == "default"
    assert body[REASONING]["warnings"] == [
        "admin override skipped: steps: must be a whole number, not the text 'many'"
    ]


async def test_a_player_is_refused_with_a_clear_error(alice, policy_file):
    response = await get_policies(alice)

    assert response.status_code == 403
    assert response.json() == {
        "error": {
            "code": "staff_only",
            "message": "The effective policies are shown to staff members only.",
        }
    }


async def test_a_reviewer_who_is_not_staff_is_refused(rita, policy_file):
    assert (await get_policies(rita)).status_code == 403


async def test_without_a_login_the_answer_is_401(policy_file):
    response = await AsyncClient().get("/api/policies")

    assert response.status_code == 401
    assert response.json()["error"]["code"] == "login_required"


@pytest.mark.parametrize("method", ["post", "put", "delete"])
async def test_only_get_is_answered(admin, policy_file, method):
    auth = await database_sync_to_async(bearer)(admin)

    response = await getattr(AsyncClient(), method)("/api/policies", **auth)

    assert response.status_code == 405
    assert not await database_sync_to_async(PolicyOverride.objects.exists)()


async def test_the_refusal_speaks_the_caller_s_language(alice, policy_file):
    auth = await database_sync_to_async(bearer)(alice)
    auth["headers"]["Accept-Language"] = "zh-CN,zh;q=0.9"

    response = await AsyncClient().get("/api/policies", **auth)

    assert response.json()["error"]["message"] == "生效策略仅向工作人员显示。"
