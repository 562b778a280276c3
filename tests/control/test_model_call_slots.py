"""The server-wide limit of model calls in flight (R-QUOTA-1)."""

from __future__ import annotations

import pytest

from agentweb.control import quotas
from agentweb.control.models import AssistantSettings

pytestmark = pytest.mark.django_db


def test_slots_are_given_up_to_the_limit_and_back_on_release(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 2

    assert [quotas.acquire_model_slot() for _ in range(3)] == [True, True, False]
    quotas.release_model_slot()
    assert quotas.acquire_model_slot()
    assert quotas.model_slots_in_flight() == 2


def test_a_release_never_goes_below_zero():
    quotas.release_model_slot()
    quotas.release_model_slot()

    assert quotas.model_slots_in_flight() == 0


def test_the_admins_limit_wins_over_the_setting(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 8
    switches = AssistantSettings.load()
    switches.max_concurrent_model_calls = 1
    switches.save()

    assert quotas.acquire_model_slot()
    assert not quotas.acquire_model_slot()


def test_a_reset_at_start_up_frees_leaked_slots(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    assert quotas.acquire_model_slot()  # a process killed mid-call never released it

    assert quotas.reset_model_slots() == 1
    assert quotas.acquire_model_slot()


def test_saving_the_settings_form_never_rewinds_the_config_version():
    stale = AssistantSettings.load()
    AssistantSettings.bump_config_version()

    stale.purge_on_forget = True
    stale.save()

    assert AssistantSettings.versions()[0] == 1
    assert AssistantSettings.load().purge_on_forget is True
