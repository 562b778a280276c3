"""Admin policy overrides are complete, validated objects (R-POL-3)."""

from __future__ import annotations

import json

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from agentweb.control.config import policy_lookup
from agentweb.control.models import PolicyOverride, PolicyOverrideVersion
from agentweb.engine.policy import MODULE_DEFAULTS, QUESTION, REASONING

pytestmark = pytest.mark.django_db

ADD = "admin:control_policyoverride_add"


def complete(**changes) -> dict:
    return {**MODULE_DEFAULTS[REASONING].as_config(), **changes}


def post(client, config, workflow=REASONING, enabled=True):
    text = config if isinstance(config, str) else json.dumps(config)
    data = {"workflow": workflow, "config": text}
    if enabled:
        data["enabled"] = "on"
    data.update(
        {
            "versions-TOTAL_FORMS": "0",
            "versions-INITIAL_FORMS": "0",
            "versions-MIN_NUM_FORMS": "0",
            "versions-MAX_NUM_FORMS": "0",
        }
    )
    return client.post(reverse(ADD), data)


def config_errors(response) -> list[str]:
    return list(response.context["adminform"].form.errors.get("config", []))


def test_a_complete_override_is_saved_and_applies_to_new_runs(admin_client, admin):
    response = post(admin_client, complete(modelCalls=2, toolCalls=3))

    assert response.status_code == 302
    override = PolicyOverride.objects.get(workflow=REASONING)
    assert override.updated_by == admin
    assert policy_lookup()(REASONING).model_calls == 2
    assert policy_lookup()(QUESTION) == MODULE_DEFAULTS[QUESTION]


def test_a_partial_override_is_rejected_naming_each_missing_field(admin_client):
    partial = complete()
    del partial["toolCalls"]
    del partial["ttlMillis"]

    response = post(admin_client, partial)

    assert response.status_code == 200
    errors = config_errors(response)
    assert any(e.startswith("toolCalls: missing") for e in errors)
    assert any(e.startswith("ttlMillis: missing") for e in errors)
    assert not PolicyOverride.objects.exists()
    assert policy_lookup()(REASONING) == MODULE_DEFAULTS[REASONING]


def test_a_malformed_field_is_rejected_with_its_name(admin_client):
    response = post(admin_client, complete(modelCalls="four", steps=-1))

    errors = config_errors(response)
    assert any(e.startswith("modelCalls:") for e in errors)
    assert any(e.startswith("steps:") for e in errors)
    assert not PolicyOverride.objects.exists()


def test_an_unknown_field_is_rejected(admin_client):
    response = post(admin_client, complete(modelCals=3))

    assert any(e.startswith("modelCals:") for e in config_errors(response))


def test_text_that_is_not_json_is_rejected(admin_client):
    response = post(admin_client, '{"modelCalls": 4,')

    assert config_errors(response) == ["Enter a valid JSON."]
    assert not PolicyOverride.objects.exists()


def test_json_that_is_not_an_object_is_rejected(admin_client):
    response = post(admin_client, [1, 2, 3])

    assert config_errors(response) == ["(policy): must be a JSON object of fields"]
    assert not PolicyOverride.objects.exists()


def test_an_unknown_workflow_id_is_rejected(admin_client):
    response = post(admin_client, complete(), workflow="system:nonsense")

    errors = response.context["adminform"].form.errors["workflow"]
    assert "unknown workflow id system:nonsense" in errors[0]
    assert not PolicyOverride.objects.exists()


def test_a_missing_react_iterations_is_refused_not_replaced(admin_client):
    config = complete()
    del config["reactIterations"]

    response = post(admin_client, config)

    assert response.status_code == 200
    assert config_errors(response) == ["reactIterations: missing (a policy is a complete object)"]
    assert not PolicyOverride.objects.exists()


def test_zero_react_iterations_disables_the_loop(admin_client):
    response = post(admin_client, complete(reactIterations=0))

    assert response.status_code == 302
    assert not policy_lookup()(REASONING).loop_enabled
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("the loop is disabled for system:reasoning" in m for m in shown)


def test_a_disabled_override_leaves_the_default_in_force(admin_client):
    post(admin_client, complete(modelCalls=1), enabled=False)

    assert policy_lookup()(REASONING) == MODULE_DEFAULTS[REASONING]


def test_every_save_leaves_a_version_row(admin_client):
    post(admin_client, complete(modelCalls=2))
    override = PolicyOverride.objects.get()
    override.config = complete(modelCalls=3)
    override.save()

    versions = PolicyOverrideVersion.objects.filter(workflow=REASONING)
    assert [v.config["modelCalls"] for v in versions] == [3, 2]


def test_the_add_form_starts_from_the_module_default(admin_client):
    response = admin_client.get(reverse(ADD), {"workflow": QUESTION})

    form = response.context["adminform"].form
    assert form.initial["workflow"] == QUESTION
    assert form.initial["config"] == MODULE_DEFAULTS[QUESTION].as_config()
    assert b"&quot;reactIterations&quot;: 6" in response.content
