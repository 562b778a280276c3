"""A slot whose holder died (no release, no heartbeat) expires and is given to the next call."""

from datetime import timedelta

import pytest
from django.utils import timezone

from agentweb.assistant.models import Run
from agentweb.assistant.runs import leases
from agentweb.control import slots
from agentweb.control.models import ModelCallSlot

pytestmark = pytest.mark.django_db


def _age(slot, seconds: float) -> None:
    """Time passes for the slot: it expired ``seconds`` ago."""
    ModelCallSlot.objects.filter(pk=slot.pk).update(
        expires_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_an_expired_slot_no_longer_counts(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    dead = slots.acquire_model_slot(holder="killed worker", run_id=7, ttl_s=3)
    assert slots.acquire_model_slot() is None

    _age(dead, 0.1)

    assert slots.model_slots_in_flight() == 0
    assert slots.acquire_model_slot() is not None
    slots.release_model_slot(dead)  # the dead holder's late release frees nothing
    assert slots.model_slots_in_flight() == 1


def test_the_heartbeat_keeps_the_slots_of_live_runs_only(settings, alice):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 2
    settings.AGENTWEB_RUN_LEASE_S = 30
    now = timezone.now()
    live = Run.objects.create(
        user=alice,
        question="q",
        status="running",
        lease_owner="w-live",
        lease_expires_at=now + timedelta(seconds=30),
    )
    dead = Run.objects.create(
        user=alice,
        question="q",
        status="running",
        lease_owner="w-dead",
        lease_expires_at=now + timedelta(seconds=30),
    )
    kept = slots.acquire_model_slot(run_id=live.pk, ttl_s=1)
    lost = slots.acquire_model_slot(run_id=dead.pk, ttl_s=1)

    leases.renew("w-live", [live.pk])  # only the live worker still beats
    _age(lost, 0)

    assert ModelCallSlot.objects.get(pk=kept.pk).expires_at > timezone.now() + timedelta(seconds=20)
    assert slots.model_slots_in_flight() == 1
    assert slots.acquire_model_slot() is not None, "the dead run's slot came back"
