"""The link limits are counted and taken in one transaction: no burst gets past them.

Each thread has its own database connection, as concurrent requests do
(``tests/threads.py``): however the requests interleave, a player gets at most
10 codes an hour and a game server at most 20 wrong codes.
"""

from __future__ import annotations

import uuid

import pytest

from agentweb.gameserver import linking
from agentweb.gameserver.auth import new_token
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.models import LinkAttempt, LinkCode
from tests.gameserver.conftest import make_player
from tests.threads import in_threads

pytestmark = pytest.mark.django_db(transaction=True)

REQUESTS = 30
WRONG_CODES = 46


def _concurrently(count: int, call) -> list[str]:
    """``call`` in ``count`` threads started together: each one's outcome (an error code)."""

    def outcome() -> str:
        try:
            call()
        except GameApiError as exc:
            return exc.code
        return "ok"

    return in_threads(count, outcome)


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
