"""ControlGuard on the model kernel: quota, gate, billing (R-CTX-1, R-QUOTA-1, R-BILL-1).

Every test runs with both gates: this process's counter and the database's
slot rows. The tests are sync and drive the engine with ``async_to_sync``: the
guard's ``sync_to_async`` ORM calls then run in the test's own thread and
transaction.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from agentweb.control import quotas, slots
from agentweb.control.gate import process_gate
from agentweb.control.guards import ControlGuard
from agentweb.control.models import DailyUsage, UsageEntry
from agentweb.engine import (
    MODULE_DEFAULTS,
    AgentError,
    AgentFailure,
    ExecutionContext,
    Message,
    Purpose,
    ScriptedModel,
)
from agentweb.engine.policy import REASONING

pytestmark = pytest.mark.django_db

MESSAGES = [Message("system", "You decide."), Message("user", '{"question": "iron?"}')]


@pytest.fixture(autouse=True, params=["process", "database"])
def gate(request, settings) -> str:
    settings.AGENTWEB_MODEL_CALL_GATE = request.param
    return request.param


def hold_a_place(gate: str):
    """Another player's call in flight; returns how to give its place back."""
    if gate == "process":
        assert process_gate.try_take(quotas.model_slot_limit())
        return process_gate.release
    held = slots.acquire_model_slot()
    assert held
    return lambda: slots.release_model_slot(held)


def call_model(model: ScriptedModel, guards) -> object:
    ctx = ExecutionContext(MODULE_DEFAULTS[REASONING], model, guards=guards)
    return async_to_sync(ctx.model)(MESSAGES, Purpose.DECIDE)


def used_today(user) -> tuple[int, int]:
    row = DailyUsage.objects.filter(user=user).values_list("model_calls", "tokens").first()
    return row or (0, 0)


def test_a_made_call_writes_one_ledger_row_with_its_tokens(alice):
    model = ScriptedModel(['{"answer": "smelt it"}'], tokens_in=120, tokens_out=30)

    call_model(model, [ControlGuard(alice.pk, None, REASONING)])

    entry = UsageEntry.objects.get()
    assert (entry.user, entry.workflow, entry.purpose) == (alice, REASONING, "decide")
    assert (entry.tokens_in, entry.tokens_out, entry.outcome) == (120, 30, "ok")
    assert entry.model == "scripted"
    assert used_today(alice) == (1, 150)
    assert slots.model_calls_in_flight() == 0


def test_an_exhausted_quota_refuses_with_a_clear_message_and_bills_nothing(alice, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 2
    assert quotas.reserve_model_call(alice.pk)
    assert quotas.reserve_model_call(alice.pk)
    model = ScriptedModel(['{"answer": "never sent"}'])

    with pytest.raises(AgentError) as refused:
        call_model(model, [ControlGuard(alice.pk, None, REASONING)])

    assert refused.value.failure is AgentFailure.QUOTA_EXCEEDED
    assert "daily limit of 2 assistant calls" in refused.value.message
    assert "midnight UTC" in refused.value.message
    assert model.calls == 0
    assert not UsageEntry.objects.exists()
    assert used_today(alice) == (2, 0)
    assert slots.model_calls_in_flight() == 0


def test_a_busy_server_refuses_and_gives_the_quota_back(alice, settings, gate):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    hold_a_place(gate)
    model = ScriptedModel(['{"answer": "never sent"}'])
    guards = [ControlGuard(alice.pk, None, max_wait_s=0.2)]

    with pytest.raises(AgentError) as refused:
        call_model(model, guards)

    assert refused.value.failure is AgentFailure.CONCURRENCY_LIMIT
    assert "busy" in refused.value.message
    assert model.calls == 0
    assert used_today(alice) == (0, 0)
    assert not UsageEntry.objects.exists()
    assert slots.model_calls_in_flight() == 1  # only the other player's


def test_a_waiting_call_proceeds_when_a_slot_frees_up(alice, settings, gate):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    release = hold_a_place(gate)
    model = ScriptedModel(['{"answer": "done"}'])

    async def scenario():
        async def other_call_finishes():
            await asyncio.sleep(0.2)
            await sync_to_async(release)()

        ctx = ExecutionContext(
            MODULE_DEFAULTS[REASONING], model, guards=[ControlGuard(alice.pk, None)]
        )
        releaser = asyncio.create_task(other_call_finishes())
        reply = await ctx.model(MESSAGES, Purpose.DECIDE)
        await releaser
        return reply

    reply = async_to_sync(scenario)()

    assert "done" in reply.text
    assert slots.model_calls_in_flight() == 0


def test_a_failed_call_is_billed_with_its_failure_and_releases_its_slot(alice):
    model = ScriptedModel([AgentError(AgentFailure.MODEL_ERROR, "502 from the model server")])

    with pytest.raises(AgentError):
        call_model(model, [ControlGuard(alice.pk, None, REASONING)])

    entry = UsageEntry.objects.get()
    assert entry.outcome == "model_error"
    assert (entry.tokens_in, entry.tokens_out) == (0, 0)
    assert used_today(alice) == (1, 0)  # the call was made: it counts
    assert slots.model_calls_in_flight() == 0


def test_the_billing_workflow_can_be_set_after_routing(alice):
    model = ScriptedModel(['{"workflow": "system:reasoning"}', '{"answer": "ok"}'])
    guards = [ControlGuard(alice.pk, None)]
    ctx = ExecutionContext(MODULE_DEFAULTS[REASONING], model, guards=guards)

    async_to_sync(ctx.model)(MESSAGES, Purpose.ROUTE)
    guards[-1].workflow = REASONING
    async_to_sync(ctx.model)(MESSAGES, Purpose.DECIDE)

    rows = list(UsageEntry.objects.order_by("id").values_list("purpose", "workflow"))
    assert rows == [("route", ""), ("decide", REASONING)]


def test_a_ledger_row_links_its_run(alice):
    from agentweb.assistant.models import Run

    run = Run.objects.create(user=alice, question="iron?")
    model = ScriptedModel(['{"answer": "ok"}'])

    call_model(model, [ControlGuard(alice.pk, run.pk, REASONING)])

    assert UsageEntry.objects.get().run == run
