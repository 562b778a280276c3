"""Admins set a player's daily quota in the admin (R-QUOTA-1, SPEC §15)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from agentweb.control import quotas
from agentweb.control.models import PlayerQuota

pytestmark = pytest.mark.django_db


def test_an_admin_gives_a_player_a_personal_quota(admin_client, alice, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 50

    response = admin_client.post(
        reverse("admin:control_playerquota_add"),
        {"user": alice.pk, "daily_model_calls": "2", "daily_tokens": ""},
    )

    assert response.status_code == 302
    assert PlayerQuota.objects.get(user=alice).daily_model_calls == 2
    assert quotas.daily_limits(alice.pk) == (2, None)


def test_a_negative_quota_is_rejected(admin_client, alice):
    response = admin_client.post(
        reverse("admin:control_playerquota_add"), {"user": alice.pk, "daily_model_calls": "-1"}
    )

    assert response.status_code == 200
    assert "daily_model_calls" in response.context["adminform"].form.errors
    assert not PlayerQuota.objects.exists()


def test_the_quota_list_shows_todays_use(admin_client, alice):
    PlayerQuota.objects.create(user=alice, daily_model_calls=5)
    quotas.reserve_model_call(alice.pk)

    response = admin_client.get(reverse("admin:control_playerquota_changelist"))

    assert b"1 calls, 0 tokens" in response.content
    assert b"5 calls/day" in response.content
