"""No overshoot when many requests reserve at once (R-QUOTA-1, R-SCALE).

Each thread has its own database connection, as separate processes would
(``tests/threads.py``): what is measured is that the conditional UPDATEs never
hand out more than the limit, whatever the interleaving.
"""

from __future__ import annotations

import pytest

from agentweb.control import quotas, slots
from agentweb.control.models import DailyUsage
from tests.threads import in_threads

THREADS = 20
LIMIT = 10


def _in_threads(target) -> list:
    return in_threads(THREADS, target)


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
