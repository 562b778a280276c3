"""The server-wide limit of model calls in flight (R-QUOTA-1)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agentweb.control import slots
from agentweb.control.models import AssistantSettings

pytestmark = pytest.mark.django_db


def test_slots_are_given_up_to_the_limit_and_back_on_release(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 2

    first, second, third = (slots.acquire_model_slot() for _ in range(3))
    assert first and second and third is None
    slots.release_model_slot(first)
    assert slots.acquire_model_slot()
    assert slots.model_slots_in_flight() == 2


def test_releasing_a_slot_twice_frees_it_once(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 2
    mine, other = slots.acquire_model_slot(), slots.acquire_model_slot()
    slots.release_model_slot(mine)
    slots.release_model_slot(mine)

    assert slots.model_slots_in_flight() == 1
    assert other


def test_the_admins_limit_wins_over_the_setting(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 8
    switches = AssistantSettings.load()
    switches.max_concurrent_model_calls = 1
    switches.save()

    assert slots.acquire_model_slot()
    assert not slots.acquire_model_slot()


def test_a_reset_at_start_up_frees_leaked_slots(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    assert slots.acquire_model_slot()  # a process killed mid-call never released it

    assert slots.reset_model_slots() == 1
    assert slots.acquire_model_slot()


def test_saving_the_settings_form_never_rewinds_the_config_version():
    stale = AssistantSettings.load()
    AssistantSettings.bump_config_version()

    stale.purge_on_forget = True
    stale.save()

    assert AssistantSettings.versions()[0] == 1
    assert AssistantSettings.load().purge_on_forget is True


def test_slots_released_together_take_one_statement_and_spare_a_new_holders_slot(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 3
    first, second = slots.acquire_model_slot(), slots.acquire_model_slot()
    stale = slots.Slot(first.pk, "an-older-ticket")  # a holder whose slot expired and was retaken

    with CaptureQueriesContext(connection) as queries:
        slots.release_model_slots([second, stale])

    assert len(queries.captured_queries) == 1
    assert slots.model_slots_in_flight() == 1  # first's current holder keeps it
    assert slots.acquire_model_slot() and slots.acquire_model_slot()
