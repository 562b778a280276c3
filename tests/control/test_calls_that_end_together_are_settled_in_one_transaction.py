"""Settling model calls in groups (R-BILL-1): the calls that end together cost one
transaction, one ledger INSERT and one token charge for all their players (on PostgreSQL
one statement for the lot), and each caller returns only once its own row is written.

Sync tests that run the settlements with ``async_to_sync``: the writer's ORM
calls run in the test's own thread and transaction.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from django.db import IntegrityError, connection
from django.test.utils import CaptureQueriesContext

from agentweb.control import quotas
from agentweb.control.models import DailyUsage, UsageEntry
from agentweb.control.settlement import Settlement, settle

pytestmark = pytest.mark.django_db


def usage(user, tokens_in: int = 10, tokens_out: int = 5, **fields) -> dict:
    return {
        "user_id": user.pk,
        "run_id": None,
        "workflow": "system:reasoning",
        "purpose": "decide",
        "model": "fake-model",
        "tokens_in": tokens_in,
        "tokens_out": tokens_out,
        "latency_ms": 50.0,
        "outcome": "ok",
        **fields,
    }


def reserved(user, calls: int) -> Settlement:
    for _ in range(calls):
        assert quotas.reserve_model_call(user.pk)
    return quotas.today()


def settle_together(items: list[Settlement]) -> list:
    async def scenario() -> list:
        return await asyncio.gather(*(settle(item) for item in items), return_exceptions=True)

    return async_to_sync(scenario)()


def used(user) -> tuple[int, int]:
    return DailyUsage.objects.values_list("model_calls", "tokens").get(user=user)


def statements(queries: CaptureQueriesContext, word: str, table: str) -> int:
    return sum(
        1
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(word) and table in q["sql"]
    )


def one_statement(queries: CaptureQueriesContext) -> bool:
    """PostgreSQL settles a group in one statement (data-modifying CTEs), no transaction
    (inside the test's own transaction it takes a savepoint instead)."""
    sent = [q["sql"].split(None, 1)[0].upper() for q in queries.captured_queries]
    return [word for word in sent if word not in ("SAVEPOINT", "RELEASE")] == ["WITH"]


def test_five_calls_of_three_players_cost_one_insert_and_one_token_charge(alice, bob, make_user):
    carol = make_user("carol")
    day = reserved(alice, 2)
    reserved(bob, 2)
    reserved(carol, 1)
    items = [
        Settlement(alice.pk, day, None, usage(alice, 100, 20)),
        Settlement(bob.pk, day, None, usage(bob, 7, 3)),
        Settlement(alice.pk, day, None, usage(alice, 1, 2)),
        Settlement(carol.pk, day, None, usage(carol)),
        Settlement(bob.pk, day, None, usage(bob, 0, 0)),
    ]

    with CaptureQueriesContext(connection) as queries:
        results = settle_together(items)

    assert results == [None] * 5
    if connection.vendor == "postgresql":
        assert one_statement(queries)
    else:
        assert statements(queries, "INSERT", UsageEntry._meta.db_table) == 1
        assert statements(queries, "UPDATE", DailyUsage._meta.db_table) == 1
    assert UsageEntry.objects.count() == 5
    assert (used(alice), used(bob), used(carol)) == ((2, 123), (2, 10), (1, 15))
    assert sorted(UsageEntry.objects.filter(user=alice).values_list("tokens_in", flat=True)) == [
        1,
        100,
    ]


def test_a_call_never_made_in_a_group_is_refunded_and_not_billed(alice, bob):
    day = reserved(alice, 1)
    reserved(bob, 1)

    results = settle_together(
        [Settlement(alice.pk, day, None, None), Settlement(bob.pk, day, None, usage(bob))]
    )

    assert results == [None, None]
    assert used(alice) == (0, 0)
    assert used(bob) == (1, 15)
    assert list(UsageEntry.objects.values_list("user", flat=True)) == [bob.pk]


def test_calls_never_made_of_several_players_are_refunded_in_one_statement(alice, bob):
    day = reserved(alice, 3)
    reserved(bob, 1)

    with CaptureQueriesContext(connection) as queries:
        results = settle_together(
            [
                Settlement(alice.pk, day, None, None),
                Settlement(bob.pk, day, None, None),
                Settlement(alice.pk, day, None, None),
                Settlement(alice.pk, day, None, usage(alice, 3, 3)),
            ]
        )

    assert results == [None] * 4
    if connection.vendor == "postgresql":
        assert one_statement(queries)  # refunds and tokens in one UPDATE of the days
    else:
        assert statements(queries, "UPDATE", DailyUsage._meta.db_table) == 2  # refunds, tokens
    assert used(alice) == (1, 6)
    assert used(bob) == (0, 0)


def test_tokens_of_a_day_without_a_row_are_still_charged(alice, bob):
    day = reserved(alice, 1)
    other_day = day.replace(year=day.year - 1)  # no call was reserved then: no row yet

    results = settle_together(
        [
            Settlement(alice.pk, day, None, usage(alice, 2, 2)),
            Settlement(bob.pk, other_day, None, usage(bob, 5, 5)),
        ]
    )

    assert results == [None, None]
    assert used(alice) == (1, 4)
    assert DailyUsage.objects.values_list("model_calls", "tokens").get(user=bob, day=other_day) == (
        0,
        10,
    )


def test_a_bad_row_fails_its_own_call_and_the_others_are_still_billed(alice, bob):
    day = reserved(alice, 1)
    reserved(bob, 2)
    broken = usage(bob, workflow=None)  # NOT NULL: this row cannot be written

    results = settle_together(
        [
            Settlement(alice.pk, day, None, usage(alice)),
            Settlement(bob.pk, day, None, broken),
            Settlement(bob.pk, day, None, usage(bob, 4, 4)),
        ]
    )

    assert results[0] is None and results[2] is None
    assert isinstance(results[1], IntegrityError)
    assert used(alice) == (1, 15)
    assert used(bob) == (2, 8)  # the failed call's tokens were not charged either
    assert UsageEntry.objects.count() == 2
