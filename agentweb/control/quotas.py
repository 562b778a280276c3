"""Per-player daily quotas, the model-call limit and the ledger (R-QUOTA-1, R-BILL-1).

The slots of the server-wide model-call gate are in ``slots.py``.

Every counter changes through one conditional ``UPDATE … WHERE counter < limit``
and the caller looks at how many rows it changed: one means "mine", zero
means "the limit was reached (possibly by another process a moment ago)".
There is no read-then-write, so no overshoot under concurrent requests in
any number of processes.

Days are UTC days: quotas reset at midnight UTC.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import F
from django.utils import timezone

from agentweb.control.models import (
    OUTCOME_OK,
    AssistantSettings,
    DailyUsage,
    PlayerQuota,
    UsageEntry,
)


def today() -> date:
    """The current UTC day, the unit of every daily quota."""
    return timezone.now().date()


@dataclass(frozen=True, slots=True)
class QuotaStatus:
    """A player's limits and use for one day."""

    day: date
    model_calls_limit: int
    model_calls_used: int
    tokens_limit: int | None
    tokens_used: int

    @property
    def tokens_exhausted(self) -> bool:
        return self.tokens_limit is not None and self.tokens_used >= self.tokens_limit

    @property
    def model_calls_exhausted(self) -> bool:
        return self.model_calls_used >= self.model_calls_limit

    def message(self) -> str:
        """What the player reads when a call is refused."""
        if self.tokens_exhausted and not self.model_calls_exhausted:
            used = f"daily limit of {self.tokens_limit} assistant tokens"
        else:
            used = f"daily limit of {self.model_calls_limit} assistant calls"
        return f"You have reached your {used}. It resets at midnight UTC."


# --- per-player daily quota -----------------------------------------------------


# Limits are read on every model call; an admin's change reaches this process at
# once (the save signals clear the cache) and other processes within this time.
LIMITS_TTL_S = 2.0
_limits_cache: dict[int | None, tuple[float, Any]] = {}


def _cached(key: int | None, load: Callable[[], Any]) -> Any:
    now = time.monotonic()
    hit = _limits_cache.get(key)
    if hit is not None and now - hit[0] < LIMITS_TTL_S:
        return hit[1]
    value = load()
    _limits_cache[key] = (now, value)
    return value


def clear_limits_cache() -> None:
    _limits_cache.clear()


def _settings_limits() -> tuple[int, int]:
    row = AssistantSettings.load()
    return row.daily_model_calls(), row.max_concurrent()


def daily_limits(user_id: int) -> tuple[int, int | None]:
    """``(model calls, tokens or None)`` per day for a player: their quota, else the defaults."""
    row = _cached(
        user_id,
        lambda: (
            PlayerQuota.objects.filter(user_id=user_id)
            .values_list("daily_model_calls", "daily_tokens")
            .first()
        ),
    )
    calls, tokens = row if row is not None else (None, None)
    if calls is None:
        calls = _cached(None, _settings_limits)[0]
    return calls, tokens


def _day_row(user_id: int, day: date) -> int:
    # get_or_create survives a concurrent create (it re-reads after the IntegrityError).
    return DailyUsage.objects.get_or_create(user_id=user_id, day=day)[0].pk


def reserve_model_call(user_id: int, *, day: date | None = None) -> bool:
    """Take one model call from the player's daily quota; ``False`` if it is used up.

    A player with a token limit is also refused once today's tokens reach it
    (tokens are known only after a call, so one call may pass the limit).
    """
    day = day or today()
    calls_limit, tokens_limit = daily_limits(user_id)
    for _ in range(2):
        claim = DailyUsage.objects.filter(user_id=user_id, day=day, model_calls__lt=calls_limit)
        if tokens_limit is not None:
            claim = claim.filter(tokens__lt=tokens_limit)
        if claim.update(model_calls=F("model_calls") + 1) == 1:
            return True
        # Nothing changed: today's row is full, or it does not exist yet.
        _, created = DailyUsage.objects.get_or_create(user_id=user_id, day=day)
        if not created:
            return False
    return False


def refund_model_call(user_id: int, *, day: date | None = None) -> bool:
    """Give back a reserved call that was never made; pass the reservation's day."""
    refunded = DailyUsage.objects.filter(
        user_id=user_id, day=day or today(), model_calls__gt=0
    ).update(model_calls=F("model_calls") - 1)
    return refunded == 1


def add_tokens(user_id: int, tokens: int, *, day: date | None = None) -> None:
    """Charge the tokens of a made call to the player's day."""
    if tokens <= 0:
        return
    day = day or today()
    if not DailyUsage.objects.filter(user_id=user_id, day=day).update(tokens=F("tokens") + tokens):
        pk = _day_row(user_id, day)
        DailyUsage.objects.filter(pk=pk).update(tokens=F("tokens") + tokens)


def quota_status(user_id: int, *, day: date | None = None) -> QuotaStatus:
    """Limits and use of one day, for messages and the admin."""
    day = day or today()
    calls_limit, tokens_limit = daily_limits(user_id)
    used = (
        DailyUsage.objects.filter(user_id=user_id, day=day)
        .values_list("model_calls", "tokens")
        .first()
    )
    calls_used, tokens_used = used if used is not None else (0, 0)
    return QuotaStatus(day, calls_limit, calls_used, tokens_limit, tokens_used)


# --- server-wide concurrency ------------------------------------------------------


def model_slot_limit() -> int:
    """Model calls allowed in flight across the server (admin override, else the setting)."""
    return _cached(None, _settings_limits)[1]


# --- the ledger ---------------------------------------------------------------------


def record_usage(
    *,
    user_id: int | None,
    run_id: int | None,
    workflow: str,
    purpose: str,
    model: str,
    tokens_in: int,
    tokens_out: int,
    latency_ms: float,
    outcome: str = OUTCOME_OK,
) -> UsageEntry:
    """Write one ledger row for a model call that was made (R-BILL-1)."""
    return UsageEntry.objects.create(
        user_id=user_id,
        run_id=run_id,
        workflow=workflow,
        purpose=purpose,
        model=model[: UsageEntry._meta.get_field("model").max_length],
        tokens_in=max(0, tokens_in),
        tokens_out=max(0, tokens_out),
        latency_ms=max(0, round(latency_ms)),
        outcome=outcome,
    )
