"""The effective policies page (staff only, on the admin index): each workflow's policy in
force, the layer each value comes from (default, file, override) and every warning."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from agentweb.control.models import PolicyOverride
from agentweb.engine.policy import MODULE_DEFAULTS, QUESTION, REASONING

pytestmark = pytest.mark.django_db

PAGE = "admin:control_effectivepolicypage_changelist"


@pytest.fixture
def policy_file(tmp_path, settings):
    path = tmp_path / "system-agent.json"
    path.write_text(json.dumps({"policies": {}}))
    settings.AGENTWEB_SYSTEM_CONFIG = path
    return path


def row_of(response, workflow: str) -> dict:
    (row,) = [r for r in response.context["rows"] if r["workflow"] == workflow]
    return row


def sources(row) -> dict[str, str]:
    return {value.field: value.source for value in row["values"]}


def test_each_value_names_the_layer_it_comes_from(admin_client, policy_file):
    in_file = {**MODULE_DEFAULTS[REASONING].as_config(), "toolCalls": 6, "steps": 12}
    policy_file.write_text(json.dumps({"policies": {REASONING: in_file}}))
    PolicyOverride.objects.create(
        workflow=REASONING, config={**in_file, "reactIterations": 5, "steps": 14}
    )

    row = row_of(admin_client.get(reverse(PAGE)), REASONING)

    assert row["source"] == "override"
    assert row["policy"]["reactIterations"] == 5
    found = sources(row)
    assert found["reactIterations"] == "override"
    assert found["toolCalls"] == "file"
    assert found["steps"] == "override", "the override sets it back over the file's 12"
    assert found["modelCalls"] == "default"
    (steps,) = [v for v in row["values"] if v.field == "steps"]
    assert steps.layers == {"default": 14, "file": 12, "override": 14}


def test_a_workflow_without_file_or_override_is_all_default(admin_client, policy_file):
    row = row_of(admin_client.get(reverse(PAGE)), QUESTION)

    assert row["source"] == "default"
    assert set(sources(row).values()) == {"default"}
    assert row["policy"] == MODULE_DEFAULTS[QUESTION].as_config()


def test_the_page_shows_the_file_s_warnings_and_a_skipped_override(admin_client, policy_file):
    bad = {**MODULE_DEFAULTS[QUESTION].as_config(), "reactIterations": "<b>many</b>"}
    policy_file.write_text(json.dumps({"policies": {QUESTION: bad, "system:typo": {}}}))
    PolicyOverride.objects.create(
        workflow=REASONING, config={**MODULE_DEFAULTS[REASONING].as_config(), "modelCalls": -5}
    )

    response = admin_client.get(reverse(PAGE))

    page = response.content.decode()
    assert "unknown workflow id &#x27;system:typo&#x27; ignored" in page
    assert "&lt;b&gt;many&lt;/b&gt;" in page and "<b>many</b>" not in page
    assert "admin override skipped: modelCalls: -5 is out of range (0 to 1000)" in page
    assert row_of(response, REASONING)["source"] == "default"


def test_the_page_is_on_the_admin_index_and_linked_from_the_overrides(admin_client):
    url = reverse(PAGE)

    assert url in admin_client.get(reverse("admin:index")).content.decode()
    overrides = admin_client.get(reverse("admin:control_policyoverride_changelist"))
    assert url in overrides.content.decode()


def test_a_player_cannot_open_the_page(client, alice):
    client.force_login(alice)

    response = client.get(reverse(PAGE))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


def test_any_staff_member_may_read_it(client, staff, policy_file):
    client.force_login(staff)

    assert client.get(reverse(PAGE)).status_code == 200


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_the_page_answers_only_get(admin_client, policy_file, method):
    response = getattr(admin_client, method)(reverse(PAGE))

    assert response.status_code == 405
    assert not PolicyOverride.objects.exists()


def test_the_page_speaks_the_admin_s_language(admin_client, policy_file):
    response = admin_client.get(reverse(PAGE), headers={"Accept-Language": "zh-CN"})

    page = response.content.decode()
    assert "<title>生效策略 |" in page and "0</strong> (循环已禁用)" in page
    assert '<td class="source-default">默认\n</td>' in page and "<th>来自</th>" in page
