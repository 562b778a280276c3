"""The executor's combined guard keeps the rules of Quota, Concurrency and Billing."""

import pytest
from asgiref.sync import async_to_sync

from agentweb.control import quotas, slots
from agentweb.control.guards import ControlGuard
from agentweb.control.models import DailyUsage, PlayerQuota, UsageEntry
from agentweb.engine import (
    AgentError,
    AgentFailure,
    ExecutionContext,
    Message,
    Purpose,
    ScriptedModel,
)
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING

pytestmark = pytest.mark.django_db(transaction=True)


def _call(user, model, guard):
    ctx = ExecutionContext(MODULE_DEFAULTS[REASONING], model, guards=[guard])
    return async_to_sync(ctx.model)([Message("system", "s"), Message("user", "{}")], Purpose.DECIDE)


def test_a_made_call_is_billed_once_and_frees_its_slot(alice):
    model = ScriptedModel(['{"type":"answer","text":"x"}'], tokens_in=30, tokens_out=7)

    _call(alice, model, ControlGuard(alice.pk, None, "system:chat"))

    entry = UsageEntry.objects.get()
    assert (entry.tokens_in, entry.tokens_out, entry.workflow) == (30, 7, "system:chat")
    assert DailyUsage.objects.get(user=alice).model_calls == 1
    assert DailyUsage.objects.get(user=alice).tokens == 37
    assert slots.model_slots_in_flight() == 0


def test_over_quota_no_call_is_made_nothing_is_billed(alice):
    PlayerQuota.objects.create(user=alice, daily_model_calls=0)
    model = ScriptedModel(['{"type":"answer","text":"x"}'])

    with pytest.raises(AgentError) as caught:
        _call(alice, model, ControlGuard(alice.pk, None))

    assert caught.value.failure is AgentFailure.QUOTA_EXCEEDED
    assert "resets at midnight UTC" in caught.value.message
    assert model.calls == 0
    assert UsageEntry.objects.count() == 0
    assert slots.model_slots_in_flight() == 0


def test_a_busy_server_refunds_the_reservation(alice, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    quotas.clear_limits_cache()
    assert slots.acquire_model_slot()
    model = ScriptedModel(['{"type":"answer","text":"x"}'])

    with pytest.raises(AgentError) as caught:
        _call(alice, model, ControlGuard(alice.pk, None, max_wait_s=0.1))

    assert caught.value.failure is AgentFailure.CONCURRENCY_LIMIT
    assert model.calls == 0
    assert DailyUsage.objects.get(user=alice).model_calls == 0
    assert UsageEntry.objects.count() == 0
