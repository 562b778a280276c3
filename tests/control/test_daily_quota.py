"""A player's daily model-call quota (R-QUOTA-1)."""

from __future__ import annotations

import datetime as dt

import pytest

from agentweb.control import quotas
from agentweb.control.models import AssistantSettings, DailyUsage, PlayerQuota

pytestmark = pytest.mark.django_db


def test_it_reserves_until_the_limit_and_refuses_after(alice, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 3

    results = [quotas.reserve_model_call(alice.pk) for _ in range(5)]

    assert results == [True, True, True, False, False]
    assert DailyUsage.objects.get(user=alice).model_calls == 3


def test_a_refund_gives_one_call_back(alice, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 1
    assert quotas.reserve_model_call(alice.pk)
    assert not quotas.reserve_model_call(alice.pk)

    assert quotas.refund_model_call(alice.pk)

    assert quotas.reserve_model_call(alice.pk)


def test_a_refund_without_a_reservation_changes_nothing(alice):
    assert not quotas.refund_model_call(alice.pk)
    assert not DailyUsage.objects.filter(user=alice, model_calls__gt=0).exists()


def test_the_admins_player_override_wins_over_the_default(alice, bob, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 5
    PlayerQuota.objects.create(user=alice, daily_model_calls=1)

    assert quotas.reserve_model_call(alice.pk)
    assert not quotas.reserve_model_call(alice.pk)
    assert quotas.reserve_model_call(bob.pk)
    assert quotas.reserve_model_call(bob.pk)


def test_the_admins_server_default_wins_over_the_setting(alice, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 5
    switches = AssistantSettings.load()
    switches.default_daily_model_calls = 0
    switches.save()

    assert not quotas.reserve_model_call(alice.pk)


def test_a_new_utc_day_starts_from_zero(alice, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 1
    yesterday = quotas.today() - dt.timedelta(days=1)
    assert quotas.reserve_model_call(alice.pk, day=yesterday)

    assert quotas.reserve_model_call(alice.pk)


def test_a_token_limit_refuses_the_next_call_once_reached(alice):
    PlayerQuota.objects.create(user=alice, daily_tokens=100)
    assert quotas.reserve_model_call(alice.pk)
    quotas.add_tokens(alice.pk, 100)

    assert not quotas.reserve_model_call(alice.pk)
    status = quotas.quota_status(alice.pk)
    assert status.tokens_exhausted
    assert "100 assistant tokens" in status.message()
