"""Admitting model calls in groups (R-QUOTA-1): the calls that start together reserve
their quota in one conditional UPDATE that grants each call only within its
player's limit, and each caller hears its own answer.

Sync tests that run the admissions with ``async_to_sync``: the writer's ORM
calls run in the test's own thread and transaction.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from django.db import IntegrityError, connection
from django.test.utils import CaptureQueriesContext

from agentweb.control import admission, quotas
from agentweb.control.admission import Admission, Request, admit
from agentweb.control.models import DailyUsage, ModelCallSlot, PlayerQuota

pytestmark = pytest.mark.django_db


def admit_together(requests: list[Request]) -> list:
    async def scenario() -> list:
        return await asyncio.gather(*(admit(r) for r in requests), return_exceptions=True)

    return async_to_sync(scenario)()


def calls_used(user, day=None) -> int:
    return DailyUsage.objects.get(user=user, day=day or quotas.today()).model_calls


def reserve_statements(queries: CaptureQueriesContext) -> int:
    return sum(
        1
        for q in queries.captured_queries
        if q["sql"].startswith(f"UPDATE {DailyUsage._meta.db_table} SET model_calls")
    )


def test_calls_of_three_players_are_reserved_in_one_statement(alice, bob, make_user):
    carol = make_user("carol")
    day = quotas.today()
    for user in (alice, bob, carol):
        assert quotas.reserve_model_call(user.pk)  # today's rows exist

    with CaptureQueriesContext(connection) as queries:
        results = admit_together([Request(u.pk, day) for u in (alice, bob, carol)])

    assert all(isinstance(r, Admission) and r.reserved for r in results)
    assert reserve_statements(queries) == 1
    assert [calls_used(u) for u in (alice, bob, carol)] == [2, 2, 2]


def test_a_player_over_their_quota_is_refused_and_the_others_in_the_group_are_not(
    alice, bob, settings
):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 5
    PlayerQuota.objects.create(user=alice, daily_model_calls=1)
    day = quotas.today()
    assert quotas.reserve_model_call(alice.pk)
    assert quotas.reserve_model_call(bob.pk)

    results = admit_together([Request(alice.pk, day), Request(bob.pk, day)])

    assert [r.reserved for r in results] == [False, True]
    assert (calls_used(alice), calls_used(bob)) == (1, 2)


def test_one_player_asking_twice_with_one_call_left_gets_exactly_one(alice, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = 2
    day = quotas.today()
    assert quotas.reserve_model_call(alice.pk)

    results = admit_together([Request(alice.pk, day) for _ in range(3)])

    assert sorted(r.reserved for r in results) == [False, False, True]
    assert calls_used(alice) == 2


def test_the_first_calls_of_a_day_make_the_day_rows_and_are_granted(alice, bob):
    yesterday = quotas.today().replace(year=quotas.today().year - 1)
    assert quotas.reserve_model_call(alice.pk, day=yesterday)
    day = quotas.today()

    with CaptureQueriesContext(connection) as queries:
        results = admit_together([Request(alice.pk, day), Request(bob.pk, day)])

    assert [r.reserved for r in results] == [True, True]
    assert (calls_used(alice), calls_used(bob)) == (1, 1)
    assert calls_used(alice, yesterday) == 1  # the old day stays as it was
    inserts = [q for q in queries.captured_queries if "INSERT" in q["sql"].upper()]
    assert len([q for q in inserts if DailyUsage._meta.db_table in q["sql"]]) == 1


def test_a_token_limit_reached_refuses_inside_a_group(alice, bob):
    PlayerQuota.objects.create(user=alice, daily_tokens=100)
    day = quotas.today()
    assert quotas.reserve_model_call(alice.pk)
    quotas.add_tokens(alice.pk, 100)

    results = admit_together([Request(alice.pk, day), Request(bob.pk, day)])

    assert [r.reserved for r in results] == [False, True]
    assert quotas.quota_status(alice.pk).tokens_exhausted


def test_the_process_gate_s_limit_comes_with_the_admission(alice, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 7

    (result,) = admit_together([Request(alice.pk, quotas.today())])

    assert result == Admission(True, limit=7)


def test_database_slots_are_taken_in_the_same_group(alice, bob, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 1
    ModelCallSlot.objects.create(number=1)
    day = quotas.today()

    results = admit_together([Request(alice.pk, day, 5, 30.0), Request(bob.pk, day, 6, 30.0)])

    assert [r.reserved for r in results] == [True, True]
    assert sorted(r.slot is not None for r in results) == [False, True]  # one slot for two
    assert ModelCallSlot.objects.get(number=1).run_id in (5, 6)


def test_calls_of_a_group_each_take_their_own_slot_and_the_one_too_many_none(
    alice, bob, make_user, settings
):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 3
    carol, dave = make_user("carol"), make_user("dave")
    ModelCallSlot.objects.bulk_create([ModelCallSlot(number=n) for n in (1, 2, 3, 4)])
    day = quotas.today()
    players = (alice, bob, carol, dave)

    results = admit_together([Request(u.pk, day, 10 + n, 30.0) for n, u in enumerate(players)])

    assert [r.reserved for r in results] == [True] * 4
    taken = [r.slot for r in results if r.slot is not None]
    assert len(taken) == 3 and len({slot.pk for slot in taken}) == 3  # the limit, not 4
    held = ModelCallSlot.objects.filter(expires_at__isnull=False)
    by_slot = {s.pk: (s.ticket, s.holder) for s in held}
    for result, n in zip(results, range(4), strict=True):
        if result.slot is not None:
            assert by_slot[result.slot.pk] == (result.slot.ticket, f"run {10 + n}")
    assert ModelCallSlot.objects.get(number=4).expires_at is None


def test_a_call_whose_slot_cannot_be_taken_fails_alone_and_is_refunded(alice, bob, settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 2
    day = quotas.today()
    assert quotas.reserve_model_call(alice.pk)
    assert quotas.reserve_model_call(bob.pk)

    # run ids are positive: the slot row refuses this one (a CHECK constraint)
    results = admit_together([Request(alice.pk, day, -1, 30.0), Request(bob.pk, day, 6, 30.0)])

    assert isinstance(results[0], IntegrityError)
    assert results[1].reserved and results[1].slot is not None
    assert (calls_used(alice), calls_used(bob)) == (1, 2)  # alice's reservation came back


def test_a_caller_that_stops_waiting_gets_its_reservation_given_back(alice):
    day = quotas.today()
    assert quotas.reserve_model_call(alice.pk)

    async def scenario() -> None:
        waiting = asyncio.ensure_future(admit(Request(alice.pk, day)))
        await asyncio.sleep(0)  # handed to the writer
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        for _ in range(1000):  # the group is decided, then the call given back
            if not admission._giving_back and not admission._writers.get().pending:
                writer = admission._writers.get()._task
                if writer is None or writer.done():
                    break
            await asyncio.sleep(0.01)

    async_to_sync(scenario)()

    assert calls_used(alice) == 1
