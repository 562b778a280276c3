"""The link limits are counted and taken in one transaction: no burst gets past them.

Each thread has its own database connection, as concurrent requests do. The
test database (SQLite's shared-cache memory database) reports "table is
locked" at once instead of waiting as a file database does, so a thread
tries again; what is measured is that however the requests interleave, a
player gets at most 10 codes an hour and a game server at most 20 wrong codes.
"""

from __future__ import annotations

import random
import threading
import time
import uuid

import pytest
from django.db import OperationalError, connection

from agentweb.gameserver import linking
from agentweb.gameserver.auth import new_token
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.models import LinkAttempt, LinkCode
from tests.gameserver.conftest import make_player

pytestmark = pytest.mark.django_db(transaction=True)

REQUESTS = 30
WRONG_CODES = 46
# Like a file database's busy timeout: how long a thread keeps retrying a locked table.
LOCKED_TIMEOUT_S = 30.0


def _concurrently(count: int, call) -> list[str]:
    """``call`` in ``count`` threads started together: each one's outcome (an error code)."""
    outcomes: list[str] = []
    errors: list[BaseException] = []
    start = threading.Barrier(count)

    def worker() -> None:
        try:
            start.wait()
            give_up_at = time.monotonic() + LOCKED_TIMEOUT_S
            while time.monotonic() < give_up_at:
                try:
                    call()
                    outcomes.append("ok")
                    return
                except GameApiError as exc:
                    outcomes.append(exc.code)
                    return
                except OperationalError as exc:
                    if "locked" not in str(exc):
                        raise
                    time.sleep(random.uniform(0.001, 0.01))
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    return outcomes


def test_a_burst_of_link_code_requests_gets_only_the_hours_codes():
    carol = make_player("carol")

    outcomes = _concurrently(REQUESTS, lambda: linking.new_code(carol))

    assert outcomes.count("ok") == linking.MAX_CODES_PER_HOUR
    assert outcomes.count("too_many_codes") == REQUESTS - linking.MAX_CODES_PER_HOUR
    assert LinkCode.objects.filter(user=carol).count() == linking.MAX_CODES_PER_HOUR


def test_a_burst_of_wrong_codes_is_checked_only_up_to_the_lockout():
    token, _ = new_token("guesser")

    outcomes = _concurrently(
        WRONG_CODES,
        lambda: linking.redeem(token, "WRONG-CODE", uuid.uuid4(), "Guesser"),
    )

    assert outcomes.count("bad_code") == linking.MAX_BAD_CODES
    assert outcomes.count("too_many_attempts") == WRONG_CODES - linking.MAX_BAD_CODES
    assert LinkAttempt.objects.count() == linking.MAX_BAD_CODES
