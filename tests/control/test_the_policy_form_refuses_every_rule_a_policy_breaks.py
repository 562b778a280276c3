"""The admin's policy form, adding or changing an override, refuses what is not a complete
valid policy: each field named with its problem, nothing saved (R-POL-3)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from agentweb.control.config import policy_lookup
from agentweb.control.models import PolicyOverride, PolicyOverrideVersion
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING

pytestmark = pytest.mark.django_db

DEFAULT = MODULE_DEFAULTS[REASONING].as_config()


def form_data(config, **extra) -> dict:
    return {"config": json.dumps(config), "enabled": "on", **extra}


def add(client, config):
    return client.post(
        reverse("admin:control_policyoverride_add"), form_data(config, workflow=REASONING)
    )


@pytest.fixture
def saved(admin_client) -> PolicyOverride:
    """An override saved through the form, to be changed."""
    add(admin_client, {**DEFAULT, "modelCalls": 3})
    return PolicyOverride.objects.get(workflow=REASONING)


def change(client, override, config):
    url = reverse("admin:control_policyoverride_change", args=[override.pk])
    return client.post(url, form_data(config))


def errors_of(response) -> list[str]:
    assert response.status_code == 200, "a refused form is shown again"
    return list(response.context["adminform"].form.errors["config"])


# The examples, and one example of every rule.
REFUSED = [
    ({"reactIterations": -1}, "reactIterations: -1 is out of range (0 to 50)"),
    ({"reactIterations": "abc"}, "reactIterations: must be a whole number, not the text 'abc'"),
    ({"reactIterations": 1000}, "reactIterations: 1000 is out of range (0 to 50)"),
    ({"reactIterations": 1.5}, "reactIterations: must be a whole number, not 1.5 (a fraction)"),
    ({"modelCalls": -5}, "modelCalls: -5 is out of range (0 to 1000)"),
    ({"toolCalls": -1}, "toolCalls: -1 is out of range (0 to 1000)"),
    ({"steps": 10_001}, "steps: 10001 is out of range (0 to 10000)"),
    ({"writeSteps": 101}, "writeSteps: 101 is out of range (0 to 100)"),
    ({"inputBytes": 100}, "inputBytes: 100 is out of range (256 to 16777216)"),
    ({"outputTokens": 0}, "outputTokens: 0 is out of range (1 to 1000000)"),
    ({"totalTokens": 0}, "totalTokens: 0 is out of range (1 to 100000000)"),
    ({"ttlMillis": 999}, "ttlMillis: 999 is out of range (1000 to 3600000)"),
    ({"modelTimeoutMillis": 500}, "modelTimeoutMillis: 500 is out of range (1000 to 3600000)"),
    ({"autoRethink": "yes"}, "autoRethink: must be true or false, not the text 'yes'"),
    (
        {"modelTimeoutMillis": 30_000, "ttlMillis": 20_000},
        "modelTimeoutMillis: 30000 is above ttlMillis (20000): "
        "a model call cannot outlast its request",
    ),
    ({"writeSteps": 20, "steps": 14}, "writeSteps: 20 is above steps (14): every write is a step"),
    ({"toolCalls": 20}, "toolCalls: 20 is above steps (14): every tool call is a step"),
    ({"modelCalls": 15}, "modelCalls: 15 is above steps (14): every model call is a step"),
    (
        {"outputTokens": 5000, "totalTokens": 4000},
        "outputTokens: 5000 is above totalTokens (4000): "
        "one reply counts toward the request's tokens",
    ),
]


@pytest.mark.parametrize(("changes", "error"), REFUSED)
def test_adding_an_override_that_breaks_a_rule_names_the_field_and_saves_nothing(
    admin_client, changes, error
):
    response = add(admin_client, {**DEFAULT, **changes})

    assert errors_of(response) == [error]
    assert not PolicyOverride.objects.exists()
    assert not PolicyOverrideVersion.objects.exists()
    assert policy_lookup()(REASONING) == MODULE_DEFAULTS[REASONING]


@pytest.mark.parametrize(("changes", "error"), REFUSED)
def test_changing_an_override_so_it_breaks_a_rule_names_the_field_and_keeps_it(
    admin_client, saved, changes, error
):
    versions = PolicyOverrideVersion.objects.count()

    response = change(admin_client, saved, {**DEFAULT, **changes})

    assert errors_of(response) == [error]
    saved.refresh_from_db()
    assert saved.config == {**DEFAULT, "modelCalls": 3}
    assert PolicyOverrideVersion.objects.count() == versions
    assert policy_lookup()(REASONING).model_calls == 3


@pytest.mark.parametrize("field", sorted(set(DEFAULT) - {"autoRethink"}))
def test_each_missing_field_is_refused_by_name(admin_client, saved, field):
    config = {k: v for k, v in DEFAULT.items() if k != field}

    response = change(admin_client, saved, config)

    assert errors_of(response) == [f"{field}: missing (a policy is a complete object)"]


def test_every_broken_rule_is_named_at_once(admin_client):
    response = add(admin_client, {**DEFAULT, "reactIterations": -1, "modelCalls": -5})

    assert errors_of(response) == [
        "modelCalls: -5 is out of range (0 to 1000)",
        "reactIterations: -1 is out of range (0 to 50)",
    ]


def test_a_valid_change_is_saved_with_who_made_it(admin_client, admin, saved):
    response = change(admin_client, saved, {**DEFAULT, "reactIterations": 0})

    assert response.status_code == 302
    saved.refresh_from_db()
    assert saved.config["reactIterations"] == 0 and saved.updated_by == admin
    assert not policy_lookup()(REASONING).loop_enabled


def test_the_form_help_states_every_rule(admin_client):
    response = admin_client.get(reverse("admin:control_policyoverride_add"))

    help_text = response.context["adminform"].form.fields["config"].help_text
    assert "reactIterations a whole number from 0 to 50" in help_text
    assert "modelTimeoutMillis ≤ ttlMillis" in help_text
