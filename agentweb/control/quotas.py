"""Per-player daily quotas, the model-call limit and the ledger (R-QUOTA-1, R-BILL-1).

The slots of the server-wide model-call gate are in ``slots.py``.

Every counter changes through one conditional ``UPDATE … WHERE counter < limit``
and the caller looks at the rows it changed (``RETURNING``): a row changed means
"mine", none means "the limit was reached (possibly by another process a moment
ago)". There is no read-then-write, so no overshoot under concurrent requests in
any number of processes. The calls of many players that reserve at the same
moment share one such statement (``admission.py``), each row judged on its own.

Days are UTC days: quotas reset at midnight UTC.
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone

from agentweb.control import settings_cache
from agentweb.control.models import (
    OUTCOME_OK,
    AssistantSettings,
    DailyUsage,
    PlayerQuota,
    UsageEntry,
)
from agentweb.control.models.switches import SINGLETON_PK

logger = logging.getLogger("agentweb.control")

Day = tuple[int, date]  # (user id, UTC day): one row of DailyUsage


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

    @property
    def resets_at(self) -> datetime:
        """When the day's counters start again: the next midnight UTC."""
        return datetime.combine(self.day + timedelta(days=1), time.min, tzinfo=UTC)

    def as_dict(self) -> dict[str, Any]:
        """What a player is shown of her quota (``GET /api/me``, the page's meter)."""
        return {
            "model_calls_used": self.model_calls_used,
            "model_calls_limit": self.model_calls_limit,
            "resets_at": self.resets_at.isoformat(),
        }

    def message(self) -> str:
        """What the player reads when a call is refused."""
        if self.tokens_exhausted and not self.model_calls_exhausted:
            used = f"daily limit of {self.tokens_limit} assistant tokens"
        else:
            used = f"daily limit of {self.model_calls_limit} assistant calls"
        return f"You have reached your {used}. It resets at midnight UTC."


# --- per-player daily quota -----------------------------------------------------


def daily_limits(user_id: int) -> tuple[int, int | None]:
    """``(model calls, tokens or None)`` per day for a player: their quota, else the defaults."""
    row = (
        PlayerQuota.objects.filter(user_id=user_id)
        .values_list("daily_model_calls", "daily_tokens")
        .first()
    )
    calls, tokens = row if row is not None else (None, None)
    if calls is None:
        calls = settings_cache.current().daily_model_calls()
    return calls, tokens


def _day_row(user_id: int, day: date) -> int:
    # get_or_create survives a concurrent create (it re-reads after the IntegrityError).
    return DailyUsage.objects.get_or_create(user_id=user_id, day=day)[0].pk


# Tokens "without a limit": above any day's count.
_NO_TOKEN_LIMIT = 2**62


def _reserve_sql(players: int) -> str:
    """One conditional UPDATE that takes a call from each listed player's day and reads
    their limits in the same statement: exact and current in every process, with no
    separate read and no cache. ``RETURNING`` names the players whose call was granted.

    The hottest statement of the control app, written out: the ORM would compile
    its four subqueries on every group.
    """
    usage = DailyUsage._meta.db_table
    quota = PlayerQuota._meta.db_table
    switches = AssistantSettings._meta.db_table
    mine = f"{quota}.user_id = {usage}.user_id"
    return (
        f"UPDATE {usage} SET model_calls = model_calls + 1 "
        f"WHERE day = %s AND user_id IN ({', '.join(['%s'] * players)}) "
        "AND model_calls < COALESCE("
        f"(SELECT daily_model_calls FROM {quota} WHERE {mine}), "
        f"(SELECT default_daily_model_calls FROM {switches} WHERE id = %s), %s) "
        f"AND tokens < COALESCE((SELECT daily_tokens FROM {quota} WHERE {mine}), %s) "
        "RETURNING user_id"
    )


# Tries of one reserve statement that met a deadlock or lock timeout.
_RESERVE_ATTEMPTS = 3


def _reserve(day: date, user_ids: list[int]) -> set[int]:
    """Take one call from each player's ``day`` (distinct players); those granted."""
    params = [
        connection.ops.adapt_datefield_value(day),
        *user_ids,
        SINGLETON_PK,
        settings.AGENTWEB_DAILY_MODEL_CALLS,
        _NO_TOKEN_LIMIT,
    ]
    sql = _reserve_sql(len(user_ids))
    attempt = 1
    while True:
        try:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                return {row[0] for row in cursor.fetchall()}
        except OperationalError:
            # A statement of many rows can meet another process's in a deadlock, or a
            # lock past its timeout: it changed nothing, so in autocommit try again.
            if connection.in_atomic_block or attempt >= _RESERVE_ATTEMPTS:
                raise
            attempt += 1
            logger.warning("reserving %d model calls met a lock; again", len(user_ids))


def _create_day_rows(day: date, user_ids: list[int]) -> dict[int, Exception]:
    """Make the day's rows that do not exist yet (the first call of a player's day);
    the players whose row could not be made, with the reason."""
    existing = set(
        DailyUsage.objects.filter(day=day, user_id__in=user_ids).values_list("user_id", flat=True)
    )
    missing = [user_id for user_id in user_ids if user_id not in existing]
    if not missing:
        return {}
    try:
        with transaction.atomic():  # another process may make some at the same moment
            DailyUsage.objects.bulk_create(
                [DailyUsage(user_id=user_id, day=day) for user_id in missing],
                ignore_conflicts=True,
            )
        return {}
    except DatabaseError:  # one bad player (say, deleted meanwhile): each on its own
        failed: dict[int, Exception] = {}
        for user_id in missing:
            try:
                with transaction.atomic():
                    _day_row(user_id, day)
            except DatabaseError as exc:
                failed[user_id] = exc
        return failed


def reserve_model_calls(requests: list[Day]) -> list[bool | Exception]:
    """Take one model call from each ``(player, day)``'s daily quota, for many calls at
    once: per call ``True`` (granted), ``False`` (used up) or the error that kept it from
    being decided (only that call's).

    A player with a token limit is also refused once that day's tokens reach it
    (tokens are known only after a call, so one call may pass the limit). One
    statement per group of calls, as long as each player's day row exists and
    each player asks once; the first call of a player's day makes the row, a
    player asking twice at once is served in a second statement.
    """
    results: list[bool | Exception] = [False] * len(requests)
    waiting = list(range(len(requests)))
    while waiting:
        # One statement per day, each player once in it: RETURNING names whom it granted.
        rounds: dict[date, dict[int, int]] = {}
        later: list[int] = []
        for n in waiting:
            user_id, day = requests[n]
            players = rounds.setdefault(day, {})
            if user_id in players:
                later.append(n)
            else:
                players[user_id] = n
        for day, players in rounds.items():
            granted: set[int] = set()
            failed: dict[int, Exception] = {}
            try:
                granted |= _reserve(day, sorted(players))
                refused = [user_id for user_id in players if user_id not in granted]
                failed = _create_day_rows(day, refused) if refused else {}
                retry = [user_id for user_id in refused if user_id not in failed]
                if retry:
                    granted |= _reserve(day, retry)
            except DatabaseError as exc:  # a statement failed: the calls not granted yet
                failed = {user_id: exc for user_id in players if user_id not in granted}
            for user_id, n in players.items():
                results[n] = failed.get(user_id, user_id in granted)
        waiting = later
    return results


def reserve_model_call(user_id: int, *, day: date | None = None) -> bool:
    """Take one model call from the player's daily quota; ``False`` if it is used up.

    ``reserve_model_calls`` for one call (an error raises).
    """
    result = reserve_model_calls([(user_id, day or today())])[0]
    if isinstance(result, Exception):
        raise result
    return result


def refund_model_call(user_id: int, *, day: date | None = None) -> bool:
    """Give back a reserved call that was never made; pass the reservation's day."""
    refunded = DailyUsage.objects.filter(
        user_id=user_id, day=day or today(), model_calls__gt=0
    ).update(model_calls=F("model_calls") - 1)
    return refunded == 1


def add_tokens(user_id: int, tokens: int, *, day: date | None = None) -> None:
    """Charge the tokens of a made call to the player's day."""
    add_tokens_many({(user_id, day or today()): tokens})


def _values_sql(rows: int, columns: int) -> str:
    """``(VALUES (…), …) AS v``: the rows of a statement, named ``v.column1…`` by both
    SQLite (≥ 3.33 for ``UPDATE … FROM``) and PostgreSQL."""
    marks = "(" + ", ".join(["%s"] * columns) + ")"
    return f"(VALUES {', '.join([marks] * rows)}) AS v"


def day_key(user_id: int, day: Any) -> Day:
    # RETURNING gives SQLite's stored text or PostgreSQL's date.
    return user_id, day if isinstance(day, date) else date.fromisoformat(str(day))


def _update_days(sql_head: str, amounts: dict[Day, int]) -> set[Day]:
    """Run ``sql_head`` (an ``UPDATE … SET … v.column3``) for every day row in ``amounts``
    at once; the rows that existed and changed."""
    usage = DailyUsage._meta.db_table
    params: list[Any] = []
    for (user_id, day), amount in sorted(amounts.items()):  # rows in one order everywhere
        params += [user_id, connection.ops.adapt_datefield_value(day), amount]
    sql = (
        f"{sql_head} FROM {_values_sql(len(amounts), 3)} "
        f"WHERE {usage}.user_id = v.column1 AND {usage}.day = v.column2 "
        f"RETURNING {usage}.user_id, {usage}.day"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {day_key(user_id, day) for user_id, day in cursor.fetchall()}


def add_tokens_many(charges: dict[Day, int]) -> None:
    """Charge tokens to many player-days in one statement (a day's row is made if missing)."""
    charges = {key: tokens for key, tokens in charges.items() if tokens > 0}
    if not charges:
        return
    usage = DailyUsage._meta.db_table
    charged = _update_days(f"UPDATE {usage} SET tokens = {usage}.tokens + v.column3", charges)
    charge_missing_days(charges, charged)


def charge_missing_days(charges: dict[Day, int], charged: set[Day]) -> None:
    """Charge the tokens of the player-days a statement found no row for (made now)."""
    for (user_id, day), tokens in charges.items():
        if (user_id, day) not in charged:  # no call reserved on that day: rare
            pk = _day_row(user_id, day)
            DailyUsage.objects.filter(pk=pk).update(tokens=F("tokens") + tokens)


def refund_many(calls: dict[Day, int]) -> None:
    """Give back reserved calls that were never made, many player-days in one statement
    (never below zero)."""
    calls = {key: n for key, n in calls.items() if n > 0}
    if not calls:
        return
    usage = DailyUsage._meta.db_table
    _update_days(
        f"UPDATE {usage} SET model_calls = CASE WHEN {usage}.model_calls > v.column3 "
        f"THEN {usage}.model_calls - v.column3 ELSE 0 END",
        calls,
    )


def settle_days_statement(
    refunds: dict[Day, int], charges: dict[Day, int]
) -> tuple[str, list[Any]] | None:
    """One UPDATE that refunds calls never made and charges the tokens of calls made,
    many player-days at once (``refund_many`` and ``add_tokens_many`` in one row
    change each), ``RETURNING`` the days it found; ``None`` if there is nothing to do.

    For a statement that changes every table of a settlement at once (PostgreSQL
    changes a row once per statement, so the two must be one UPDATE).
    """
    keys = sorted({*refunds, *charges})  # rows in one order everywhere
    keys = [key for key in keys if refunds.get(key, 0) > 0 or charges.get(key, 0) > 0]
    if not keys:
        return None
    usage = DailyUsage._meta.db_table
    params: list[Any] = []
    for user_id, day in keys:
        params += [user_id, connection.ops.adapt_datefield_value(day)]
        params += [refunds.get((user_id, day), 0), max(0, charges.get((user_id, day), 0))]
    sql = (
        f"UPDATE {usage} SET model_calls = CASE WHEN {usage}.model_calls > v.column3 "
        f"THEN {usage}.model_calls - v.column3 ELSE 0 END, "
        f"tokens = {usage}.tokens + v.column4 FROM {_values_sql(len(keys), 4)} "
        f"WHERE {usage}.user_id = v.column1 AND {usage}.day = v.column2 "
        f"RETURNING {usage}.user_id, {usage}.day"
    )
    return sql, params


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
    """Model calls allowed in flight across the server (admin override, else the setting).

    Read before every model call from this process's copy of the settings row: an
    admin's change reaches this process at once, another process when told (or within
    ``settings_cache.FALLBACK_REFRESH_S``). The database gate reads the limit in its
    own statement instead (``slots.py``)."""
    return settings_cache.current().max_concurrent()


def clear_limits_cache() -> None:
    settings_cache.clear()


# --- the ledger ---------------------------------------------------------------------


_LEDGER_COLUMNS = (
    "user_id",
    "run_id",
    "workflow",
    "purpose",
    "model",
    "tokens_in",
    "tokens_out",
    "latency_ms",
    "outcome",
    "created_at",
)


def own_failure() -> AbstractContextManager[object]:
    """Inside a caller's transaction a savepoint, so a failed statement spoils nothing
    else; in autocommit (serving) a failed statement leaves nothing behind by itself."""
    return transaction.atomic() if connection.in_atomic_block else nullcontext()


def _execute(sql: str, params: list[Any]) -> int:
    """Rows changed by one statement on the default database."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def _ledger_sql(rows: int) -> str:
    # Written out: one row per model call, and the ORM's create costs twice the statement.
    marks = ", ".join(["%s"] * len(_LEDGER_COLUMNS))
    values = ", ".join([f"({marks})"] * rows)
    return f"INSERT INTO {UsageEntry._meta.db_table} ({', '.join(_LEDGER_COLUMNS)}) VALUES {values}"


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
) -> None:
    """Write one ledger row for a model call that was made (R-BILL-1)."""
    record_usages(
        [
            {
                "user_id": user_id,
                "run_id": run_id,
                "workflow": workflow,
                "purpose": purpose,
                "model": model,
                "tokens_in": tokens_in,
                "tokens_out": tokens_out,
                "latency_ms": latency_ms,
                "outcome": outcome,
            }
        ]
    )


def record_usages(rows: list[dict[str, Any]]) -> None:
    """Write the ledger rows of model calls that were made, in one statement.

    Each row has ``record_usage``'s fields (``outcome`` included).
    """
    if rows:
        _execute(*ledger_statement(rows))


def ledger_statement(rows: list[dict[str, Any]]) -> tuple[str, list[Any]]:
    """``record_usages``' statement and its parameters (``rows`` not empty)."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    model_length = UsageEntry._meta.get_field("model").max_length
    params: list[Any] = []
    for row in rows:
        params += [
            row["user_id"],
            row["run_id"],
            row["workflow"],
            row["purpose"],
            row["model"][:model_length],
            max(0, row["tokens_in"]),
            max(0, row["tokens_out"]),
            max(0, round(row["latency_ms"])),
            row["outcome"],
            now,
        ]
    return _ledger_sql(len(rows)), params
