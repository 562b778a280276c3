"""The control admin renders for an admin and refuses everyone else (R-UI-3, R-AUTH-1)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from agentweb.control.models import (
    AssistantSettings,
    PlayerQuota,
    PolicyOverride,
    PromptVersion,
    UsageEntry,
)
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING

pytestmark = pytest.mark.django_db

CHANGELISTS = [
    "admin:control_policyoverride_changelist",
    "admin:control_promptversion_changelist",
    "admin:control_playerquota_changelist",
    "admin:control_dailyusage_changelist",
    "admin:control_usageentry_changelist",
    "admin:control_toolcatalog_changelist",
    "admin:control_policyoverride_add",
    "admin:control_promptversion_add",
    "admin:control_playerquota_add",
]


@pytest.mark.parametrize("name", CHANGELISTS)
def test_every_control_page_renders_for_a_superuser(admin_client, name):
    response = admin_client.get(reverse(name))

    assert response.status_code == 200


@pytest.mark.parametrize("name", CHANGELISTS)
def test_a_player_is_sent_to_the_admin_login(client, alice, name):
    client.force_login(alice)

    response = client.get(reverse(name))

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_the_detail_pages_render(admin_client, alice, admin):
    override = PolicyOverride.objects.create(
        workflow=REASONING, config=MODULE_DEFAULTS[REASONING].as_config(), updated_by=admin
    )
    version = PromptVersion.objects.create(name="react", text="Decide <b>well</b>.")
    quota = PlayerQuota.objects.create(user=alice, daily_model_calls=5)

    for url in [
        reverse("admin:control_policyoverride_change", args=[override.pk]),
        reverse("admin:control_promptversion_change", args=[version.pk]),
        reverse("admin:control_playerquota_change", args=[quota.pk]),
    ]:
        assert admin_client.get(url).status_code == 200


def test_the_settings_list_goes_straight_to_the_one_row(admin_client):
    response = admin_client.get(reverse("admin:control_assistantsettings_changelist"))

    row = AssistantSettings.load()
    assert response["Location"] == reverse("admin:control_assistantsettings_change", args=[row.pk])
    assert admin_client.get(response["Location"]).status_code == 200


def test_the_admin_index_links_the_tool_catalog(admin_client):
    response = admin_client.get(reverse("admin:index"))

    assert reverse("admin:control_toolcatalog_changelist").encode() in response.content


def test_the_tool_catalog_lists_owner_module_and_read_only_flag(admin_client):
    from agentweb.core import tooling

    response = admin_client.get(reverse("admin:control_toolcatalog_changelist"))

    body = response.content.decode()
    for tool in tooling.catalog():
        assert tool["type"] in body
        assert tool["module"] in body
    assert "read-only" in body


def test_the_ledger_shows_totals_of_the_filtered_rows(admin_client, alice, bob):
    UsageEntry.objects.create(user=alice, workflow=REASONING, tokens_in=100, tokens_out=20)
    UsageEntry.objects.create(user=bob, workflow=REASONING, tokens_in=7, tokens_out=3)

    response = admin_client.get(
        reverse("admin:control_usageentry_changelist"), {"user__id__exact": alice.pk}
    )

    totals = response.context["totals"]
    assert totals["calls"] == 1
    assert totals["tokens_in"] == 100
    assert totals["tokens_out"] == 20


def test_the_ledger_cannot_be_edited(admin_client, alice):
    entry = UsageEntry.objects.create(user=alice, workflow=REASONING)

    response = admin_client.post(
        reverse("admin:control_usageentry_change", args=[entry.pk]), {"tokens_in": 999}
    )

    assert response.status_code == 403
    entry.refresh_from_db()
    assert entry.tokens_in == 0
