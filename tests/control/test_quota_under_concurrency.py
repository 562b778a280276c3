"""No overshoot when many requests reserve at once (R-QUOTA-1, R-SCALE).

Each thread has its own database connection, as separate processes would.
The test database is SQLite's shared-cache in-memory database, which reports
"table is locked" at once instead of waiting like the file database does
(busy timeout). Such a statement changed nothing, so the worker tries again:
what is measured is that the conditional UPDATEs never hand out more than
the limit, whatever the interleaving.
"""

from __future__ import annotations

import random
import threading
import time

import pytest
from django.db import OperationalError, connection

from agentweb.control import quotas, slots
from agentweb.control.models import DailyUsage

THREADS = 20
LIMIT = 10
# Like a file database's busy timeout: how long a worker keeps retrying a locked table.
LOCKED_TIMEOUT_S = 30.0


def _retry_while_locked(target):
    give_up_at = time.monotonic() + LOCKED_TIMEOUT_S
    while time.monotonic() < give_up_at:
        try:
            return target()
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            time.sleep(random.uniform(0.001, 0.01))
    raise AssertionError("the table stayed locked")


def _in_threads(target) -> list:
    results: list = []
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def worker() -> None:
        try:
            start.wait()
            results.append(_retry_while_locked(target))
        except BaseException as exc:  # reported below, not swallowed
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    return results


@pytest.mark.django_db(transaction=True)
def test_twenty_threads_against_a_limit_of_ten_get_exactly_ten_calls(alice, settings):
    settings.AGENTWEB_DAILY_MODEL_CALLS = LIMIT

    results = _in_threads(lambda: quotas.reserve_model_call(alice.pk))

    assert results.count(True) == LIMIT
    assert results.count(False) == THREADS - LIMIT
    assert DailyUsage.objects.get(user=alice).model_calls == LIMIT


@pytest.mark.django_db(transaction=True)
def test_slots_taken_at_once_never_exceed_the_server_limit(settings):
    settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = 4

    results = _in_threads(slots.acquire_model_slot)

    assert sum(1 for slot in results if slot is not None) == 4
    assert slots.model_slots_in_flight() == 4
