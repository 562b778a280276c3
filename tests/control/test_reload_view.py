"""The admin's "reload from files" button: POST, staff, CSRF (R-POL-5, R-SEC-1)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from agentweb.control.models import AssistantSettings

pytestmark = pytest.mark.django_db

RELOAD = "admin:control_reload_files"


def files_version() -> int:
    return AssistantSettings.versions()[2]


def test_a_post_by_an_admin_reloads_and_reports(admin_client):
    before = files_version()

    response = admin_client.post(reverse(RELOAD))

    assert response.status_code == 302
    assert response["Location"] == reverse("admin:control_policyoverride_changelist")
    assert files_version() == before + 1
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("Reloaded" in m for m in shown)


def test_it_goes_back_to_the_page_it_came_from_but_never_off_site(admin_client):
    prompts = reverse("admin:control_promptversion_changelist")

    assert admin_client.post(reverse(RELOAD), {"next": prompts})["Location"] == prompts
    away = admin_client.post(reverse(RELOAD), {"next": "//evil.example/"})
    assert away["Location"] == reverse("admin:control_policyoverride_changelist")


def test_a_get_changes_nothing(admin_client):
    before = files_version()

    assert admin_client.get(reverse(RELOAD)).status_code == 405
    assert files_version() == before


def test_a_player_cannot_reload(client, alice):
    client.force_login(alice)
    before = files_version()

    response = client.post(reverse(RELOAD))

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
    assert files_version() == before


def test_staff_without_the_policy_permission_cannot_reload(client, bob):
    bob.is_staff = True
    bob.save()
    client.force_login(bob)
    before = files_version()

    assert client.post(reverse(RELOAD)).status_code == 403
    assert files_version() == before

    bob.user_permissions.add(Permission.objects.get(codename="change_policyoverride"))
    assert client.post(reverse(RELOAD)).status_code == 302


def test_a_post_without_the_csrf_token_is_refused(admin):
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin)
    before = files_version()

    assert client.post(reverse(RELOAD)).status_code == 403
    assert files_version() == before


def test_the_reload_button_is_on_the_policy_and_prompt_pages(admin_client):
    action = reverse(RELOAD).encode()
    for page in [
        "admin:control_policyoverride_changelist",
        "admin:control_promptversion_changelist",
    ]:
        assert action in admin_client.get(reverse(page)).content


def test_the_reload_action_works_from_the_policy_list(admin_client, admin):
    from agentweb.control.models import PolicyOverride
    from agentweb.engine.policy import MODULE_DEFAULTS, REASONING

    row = PolicyOverride.objects.create(
        workflow=REASONING, config=MODULE_DEFAULTS[REASONING].as_config()
    )
    before = files_version()

    admin_client.post(
        reverse("admin:control_policyoverride_changelist"),
        {"action": "reload_action", "_selected_action": [row.pk]},
    )

    assert files_version() == before + 1
