"""The single-process model-call gate (R-QUOTA-1), counted at a real model server.

``AGENTWEB_MODEL_CALL_GATE=process`` (the default with the in-process
executor): the gate is this process's counter. These tests drive concurrent
guarded calls through the OpenAI-compatible provider to the fake model server
on 127.0.0.1 and read its peak of requests in flight. They are sync and run
the calls with ``async_to_sync``: the guard's ORM calls then run in the test's
own thread and transaction.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from agentweb.control import quotas, slots
from agentweb.control.gate import process_gate
from agentweb.control.guards import ControlGuard
from agentweb.control.models import AssistantSettings, DailyUsage, UsageEntry
from agentweb.engine import (
    MODULE_DEFAULTS,
    AgentError,
    AgentFailure,
    ExecutionContext,
    Message,
    Purpose,
)
from agentweb.engine.policy import REASONING
from agentweb.llm.openai_compat import OpenAICompatible
from tests.fakes.model_server import FakeModelServer

pytestmark = pytest.mark.django_db

MESSAGES = [Message("system", "You decide."), Message("user", '{"question": "iron?"}')]
ANSWER = '{"answer": "smelt it"}'


@pytest.fixture(autouse=True)
def process_gate_on(settings):
    settings.AGENTWEB_MODEL_CALL_GATE = "process"


def set_admin_limit(limit: int) -> None:
    switches = AssistantSettings.load()
    switches.max_concurrent_model_calls = limit
    switches.save()


def calls_used(user) -> int:
    row = DailyUsage.objects.filter(user=user).values_list("model_calls", flat=True).first()
    return row or 0


def start_call(server: FakeModelServer, user_id: int, **guard_options) -> tuple:
    """One guarded model call as a task: ``(task, its context)``."""
    provider = OpenAICompatible(server.url, "fake-model")
    guard = ControlGuard(user_id, None, REASONING, **guard_options)
    ctx = ExecutionContext(MODULE_DEFAULTS[REASONING], provider, guards=[guard])

    async def call() -> object:
        try:
            return await ctx.model(MESSAGES, Purpose.DECIDE)
        finally:
            await provider.aclose()

    return asyncio.create_task(call()), ctx


async def until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.01)


def test_concurrent_calls_never_exceed_the_limit_at_the_model_server(alice, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 3

    async def scenario() -> list:
        tasks = [start_call(server, alice.pk)[0] for _ in range(10)]
        return await asyncio.gather(*tasks)

    with FakeModelServer([ANSWER] * 10, latency_s=0.1) as server:
        replies = async_to_sync(scenario)()

    assert [r.text for r in replies] == [ANSWER] * 10
    assert server.calls == 10
    assert server.peak_in_flight == 3  # reached, never passed
    assert UsageEntry.objects.filter(user=alice).count() == 10
    assert calls_used(alice) == 10
    assert slots.model_calls_in_flight() == 0
    assert slots.model_slots_in_flight() == 0  # no database slot was taken


def test_a_raised_admin_limit_lets_waiting_calls_in_at_once(alice, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    assert process_gate.try_take(quotas.model_slot_limit())  # held for the whole test

    async def scenario() -> list:
        tasks = [start_call(server, alice.pk)[0] for _ in range(3)]
        await until(lambda: process_gate.waiting == 3)
        await sync_to_async(set_admin_limit)(4)
        return await asyncio.gather(*tasks)

    with FakeModelServer([ANSWER] * 3, latency_s=0.1) as server:
        replies = async_to_sync(scenario)()

    assert [r.text for r in replies] == [ANSWER] * 3
    # The held place was never given back: only the raise let them in, together.
    assert server.peak_in_flight == 3
    assert process_gate.in_flight == 1


def test_a_lowered_admin_limit_applies_to_the_next_calls(alice, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 4
    set_admin_limit(1)

    async def scenario() -> list:
        return await asyncio.gather(*(start_call(server, alice.pk)[0] for _ in range(4)))

    with FakeModelServer([ANSWER] * 4, latency_s=0.05) as server:
        async_to_sync(scenario)()

    assert server.calls == 4
    assert server.peak_in_flight == 1


def test_a_waiting_call_hears_busy_after_the_bound_and_gets_its_quota_back(alice, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    assert process_gate.try_take(quotas.model_slot_limit())  # another player's call

    async def scenario() -> object:
        task, _ = start_call(server, alice.pk, max_wait_s=0.2)
        return await task

    with (
        FakeModelServer([ANSWER], latency_s=0.05) as server,
        pytest.raises(AgentError) as refused,
    ):
        async_to_sync(scenario)()

    assert refused.value.failure is AgentFailure.CONCURRENCY_LIMIT
    assert "busy" in refused.value.message
    assert server.calls == 0
    assert calls_used(alice) == 0  # refunded
    assert not UsageEntry.objects.exists()
    assert (process_gate.in_flight, process_gate.waiting) == (1, 0)


def test_a_cancelled_waiting_call_stops_and_gets_its_quota_back(alice, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    assert process_gate.try_take(quotas.model_slot_limit())

    async def scenario() -> None:
        task, ctx = start_call(server, alice.pk)  # would wait 10 s
        await until(lambda: process_gate.waiting == 1)
        ctx.cancel()
        await task

    with (
        FakeModelServer([ANSWER], latency_s=0.05) as server,
        pytest.raises(AgentError) as stopped,
    ):
        async_to_sync(scenario)()

    assert stopped.value.failure is AgentFailure.CANCELLED
    assert server.calls == 0
    assert calls_used(alice) == 0
    assert not UsageEntry.objects.exists()
    assert (process_gate.in_flight, process_gate.waiting) == (1, 0)
    process_gate.release()
    assert process_gate.in_flight == 0


def test_a_place_freed_by_a_finished_call_goes_to_the_waiting_call(alice, bob, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1

    async def scenario() -> list:
        first, _ = start_call(server, alice.pk)
        await until(lambda: server.in_flight == 1)
        second, _ = start_call(server, bob.pk)
        return await asyncio.gather(first, second)

    with FakeModelServer([ANSWER, ANSWER], latency_s=0.1) as server:
        replies = async_to_sync(scenario)()

    assert [r.text for r in replies] == [ANSWER, ANSWER]
    assert server.peak_in_flight == 1
    assert (calls_used(alice), calls_used(bob)) == (1, 1)
    assert process_gate.in_flight == 0
