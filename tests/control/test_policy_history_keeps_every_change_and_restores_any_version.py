"""Every change of a workflow's policy is a version with who and when; a version shows its
changes field by field; restoring one adds it as a new version (R-UI-3)."""

from __future__ import annotations

import json

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from agentweb.control.config import policy_lookup, reload_from_files
from agentweb.control.models import PolicyOverride, PolicyOverrideVersion, PromptVersion
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING

pytestmark = pytest.mark.django_db

DEFAULT = MODULE_DEFAULTS[REASONING].as_config()
Source = PolicyOverrideVersion.Source


@pytest.fixture(autouse=True)
def empty_policy_file(tmp_path, settings):
    """No file policies: every version here is the test's own."""
    path = tmp_path / "system-agent.json"
    path.write_text(json.dumps({"policies": {}}))
    settings.AGENTWEB_SYSTEM_CONFIG = path
    return path


def add(client, **changes):
    return client.post(
        reverse("admin:control_policyoverride_add"),
        {"workflow": REASONING, "config": json.dumps({**DEFAULT, **changes}), "enabled": "on"},
    )


def change(client, **changes):
    override = PolicyOverride.objects.get(workflow=REASONING)
    return client.post(
        reverse("admin:control_policyoverride_change", args=[override.pk]),
        {"config": json.dumps({**DEFAULT, **changes}), "enabled": "on"},
    )


def restore(client, version_id):
    url = reverse("admin:control_policyoverrideversion_restore", args=[version_id])
    return client.post(url)


def shown(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def two_versions(admin_client):
    add(admin_client, reactIterations=5)
    change(admin_client, reactIterations=8, modelCalls=6)
    return list(PolicyOverrideVersion.objects.order_by("pk"))


def test_every_save_is_a_version_with_who_and_when(admin_client, admin, two_versions):
    first, second = two_versions

    assert [v.config["reactIterations"] for v in (first, second)] == [5, 8]
    assert {v.created_by for v in two_versions} == {admin}
    assert {v.source for v in two_versions} == {Source.ADMIN}
    assert first.created_at <= second.created_at


def test_a_version_s_page_shows_its_changes_field_by_field(admin_client, two_versions):
    first, second = two_versions
    url = reverse("admin:control_policyoverrideversion_change", args=[second.pk])

    response = admin_client.get(url)

    assert response.status_code == 200
    assert response.context["against"] == first
    assert response.context["diff"] == [("modelCalls", 4, 6), ("reactIterations", 5, 8)]
    page = response.content.decode()
    assert "<code>reactIterations</code></td><td>5</td><td><strong>8</strong>" in page


def test_a_version_can_be_compared_with_any_other(admin_client, two_versions):
    first, second = two_versions
    change(admin_client, reactIterations=8, modelCalls=6, toolCalls=2)
    third = PolicyOverrideVersion.objects.order_by("-pk").first()
    url = reverse("admin:control_policyoverrideversion_change", args=[third.pk])

    assert admin_client.get(url).context["diff"] == [("toolCalls", 8, 2)]
    against_first = admin_client.get(url, {"against": first.pk}).context["diff"]
    assert against_first == [
        ("modelCalls", 4, 6),
        ("toolCalls", 8, 2),
        ("reactIterations", 5, 8),
    ]


def test_a_version_id_that_does_not_exist_or_is_not_a_number_is_no_page(admin_client):
    for bad in ("999999", "abc", "1.5"):
        url = reverse("admin:control_policyoverrideversion_change", args=[bad])

        response = admin_client.get(url, follow=True)

        assert response.status_code == 200, "the admin sends the admin to its index"
        assert any("doesn’t exist" in str(m) for m in response.context["messages"])


@pytest.mark.parametrize("against", ["999999", "abc", "-1"])
def test_comparing_with_a_version_that_does_not_exist_falls_back_to_the_one_before(
    admin_client, two_versions, against
):
    first, second = two_versions
    url = reverse("admin:control_policyoverrideversion_change", args=[second.pk])

    response = admin_client.get(url, {"against": against})

    assert response.status_code == 200
    assert response.context["against"] == first


def test_the_list_says_what_each_version_changed(admin_client, two_versions):
    response = admin_client.get(reverse("admin:control_policyoverrideversion_changelist"))

    page = response.content.decode()
    assert "modelCalls 4 → 6, reactIterations 5 → 8" in page
    assert "first version" in page


def test_restoring_a_version_adds_it_as_the_newest_and_puts_it_in_force(
    admin_client, admin, two_versions
):
    first, _ = two_versions

    response = restore(admin_client, first.pk)

    newest = PolicyOverrideVersion.objects.order_by("-pk").first()
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "admin:control_policyoverrideversion_change", args=[newest.pk]
    )
    assert PolicyOverrideVersion.objects.count() == 3
    assert (newest.source, newest.created_by) == (Source.RESTORE, admin)
    assert newest.note == f"restored from version #{first.pk}"
    assert newest.config == first.config
    assert PolicyOverride.objects.get().config["reactIterations"] == 5
    assert policy_lookup()(REASONING).react_iterations == 5
    assert f"{REASONING}: version #{first.pk} restored as #{newest.pk}." in shown(response)


def test_restoring_with_the_list_action_takes_one_version_per_workflow(admin_client, two_versions):
    url = reverse("admin:control_policyoverrideversion_changelist")
    ids = [v.pk for v in two_versions]

    response = admin_client.post(url, {"action": "restore_selected", "_selected_action": ids})

    assert f"Choose one version of {REASONING} to restore." in shown(response)
    assert PolicyOverrideVersion.objects.count() == 2

    admin_client.post(url, {"action": "restore_selected", "_selected_action": ids[:1]})
    assert PolicyOverrideVersion.objects.count() == 3


def test_a_version_that_breaks_today_s_rules_is_not_restored(admin_client, two_versions):
    old = PolicyOverrideVersion.objects.create(
        workflow=REASONING, config={**DEFAULT, "reactIterations": 80}, enabled=True
    )

    response = restore(admin_client, old.pk)

    assert response.status_code == 302
    assert any(
        f"version #{old.pk} was not restored: reactIterations: 80 is out of range" in m
        for m in shown(response)
    )
    assert PolicyOverrideVersion.objects.count() == 3
    assert PolicyOverride.objects.get().config["reactIterations"] == 8


def test_restoring_after_the_override_was_deleted_brings_it_back(admin_client, two_versions):
    override = PolicyOverride.objects.get()
    admin_client.post(
        reverse("admin:control_policyoverride_delete", args=[override.pk]), {"post": "yes"}
    )
    deleted = PolicyOverrideVersion.objects.order_by("-pk").first()
    assert not PolicyOverride.objects.exists()
    assert (deleted.enabled, deleted.note) == (
        False,
        "override deleted: the file or the module default applies",
    )

    restore(admin_client, two_versions[1].pk)

    assert PolicyOverride.objects.get().config["reactIterations"] == 8
    assert policy_lookup()(REASONING).react_iterations == 8


def test_a_file_reload_that_changes_a_policy_is_kept_with_who_reloaded(
    admin_client, admin, empty_policy_file
):
    policy_lookup()  # read while the file has no policy
    empty_policy_file.write_text(json.dumps({"policies": {REASONING: {**DEFAULT, "toolCalls": 3}}}))

    admin_client.post(reverse("admin:control_reload_files"))
    reload_from_files(admin)  # unchanged: no new version

    (kept,) = PolicyOverrideVersion.objects.filter(source=Source.FILE)
    assert kept.config["toolCalls"] == 3 and kept.created_by == admin
    assert kept.note == "reloaded from system-agent.json"


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_restore_answers_only_post(admin_client, two_versions, method):
    url = reverse("admin:control_policyoverrideversion_restore", args=[two_versions[0].pk])

    response = getattr(admin_client, method)(url)

    assert response.status_code == 405
    assert PolicyOverrideVersion.objects.count() == 2


def test_restoring_a_version_that_does_not_exist_is_a_404_and_changes_nothing(
    admin_client, two_versions
):
    response = restore(admin_client, 999_999)

    assert response.status_code == 404
    assert PolicyOverrideVersion.objects.count() == 2


def test_a_staff_member_without_the_change_permission_cannot_restore(client, staff, two_versions):
    client.force_login(staff)

    response = restore(client, two_versions[0].pk)

    assert response.status_code == 403
    assert PolicyOverrideVersion.objects.count() == 2


def test_a_saved_version_cannot_be_edited(admin_client, two_versions):
    url = reverse("admin:control_policyoverrideversion_change", args=[two_versions[0].pk])

    admin_client.post(url, {"config": json.dumps(DEFAULT), "enabled": ""})

    two_versions[0].refresh_from_db()
    assert two_versions[0].config["reactIterations"] == 5


def test_prompts_share_the_history_mechanism(admin_client):
    first = PromptVersion.objects.create(name="router", text="Route v1.")
    PromptVersion.objects.create(name="router", text="Route v2.")

    response = admin_client.post(reverse("admin:control_promptversion_restore", args=[first.pk]))

    newest = PromptVersion.objects.order_by("-pk").first()
    assert response.status_code == 302
    assert (newest.text, newest.note) == ("Route v1.", f"restored from version #{first.pk}")
    assert newest.previous().text == "Route v2."


def test_the_override_s_page_lists_the_workflow_s_history(admin_client, two_versions):
    override = PolicyOverride.objects.get()

    response = admin_client.get(reverse("admin:control_policyoverride_change", args=[override.pk]))

    page = response.content.decode()
    for version in two_versions:
        url = reverse("admin:control_policyoverrideversion_change", args=[version.pk])
        assert f'<a href="{url}">#{version.pk}</a>' in page
    assert "admin form · modelCalls 4 → 6, reactIterations 5 → 8" in page
