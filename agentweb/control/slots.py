"""The server-wide model-call gate: slot rows held by one call each, with an expiry (R-QUOTA-1).

``AGENTWEB_MAX_CONCURRENT_MODEL_CALLS`` (or the admin's override) bounds the
model calls in flight across every process: there are that many
``ModelCallSlot`` rows, and a call takes a free one with one conditional
``UPDATE`` that also reads the limit in force — no lock is held while anyone
waits. (A single serving process counts its calls in memory instead:
``gate.py``.) A slot is taken for the
call's own timeout (plus ``SLOT_GRACE_S``), or for one lease in a worker,
whose heartbeat renews it; so a worker killed mid-call gives its slot back
one lease later, by itself — no restart, no reset by hand.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from agentweb.control.gate import process_gate, uses_process_gate
from agentweb.control.models import AssistantSettings, ModelCallSlot
from agentweb.control.models.switches import SINGLETON_PK
from agentweb.lib import dialect

# Beyond the call's own timeout: the time between the timeout and the release
# (guards, the ledger write) on a loaded machine.
SLOT_GRACE_S = 30.0


@dataclass(frozen=True, slots=True)
class Slot:
    """A slot as taken by one call: what giving it back needs."""

    pk: int
    ticket: str


def _free(now: object) -> Q:
    return Q(expires_at__isnull=True) | Q(expires_at__lte=now)


def _ensure_rows(limit: int) -> None:
    """Slot rows 1…limit exist (the limit may have been raised since)."""
    if ModelCallSlot.objects.filter(number__lte=limit).count() < limit:
        ModelCallSlot.objects.bulk_create(
            [ModelCallSlot(number=n) for n in range(1, limit + 1)], ignore_conflicts=True
        )


def _take_sql() -> str:
    """Take one free slot, chosen at random below the limit in force, in one statement.

    The limit is read in the statement itself, so an admin's change applies
    to every process at once. Random choice: callers in other processes
    rarely race for the same row; when they do, the repeated condition gives
    it to one and the other changes nothing.
    """
    table = ModelCallSlot._meta.db_table
    switches = AssistantSettings._meta.db_table
    free = "(expires_at IS NULL OR expires_at <= %s)"
    return (
        f"UPDATE {table} SET holder = %s, run_id = %s, ticket = %s, taken_at = %s, "
        f"expires_at = %s WHERE {free} AND id = (SELECT id FROM {table} WHERE {free} "
        f"AND number <= COALESCE((SELECT max_concurrent_model_calls FROM {switches} "
        "WHERE id = %s), %s) ORDER BY random() LIMIT 1) RETURNING id"
    )


def acquire_model_slot(
    *, holder: str = "", run_id: int | None = None, ttl_s: float = SLOT_GRACE_S
) -> Slot | None:
    """Take a free slot for ``ttl_s`` seconds; ``None`` if all are taken.

    One statement when a slot is free; when none was (or another process took
    the chosen one a moment before), the free slots are listed and tried in turn.
    """
    now = timezone.now()
    ticket = secrets.token_hex(8)
    adapt = connection.ops.adapt_datetimefield_value
    when, until = adapt(now), adapt(now + timedelta(seconds=ttl_s))
    with connection.cursor() as cursor:
        cursor.execute(
            _take_sql(),
            [
                holder[:64],
                run_id,
                ticket,
                when,
                until,
                when,
                when,
                SINGLETON_PK,
                settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS,
            ],
        )
        taken = cursor.fetchone()
    if taken is not None:
        return Slot(taken[0], ticket)
    return _acquire_listed(holder, run_id, ticket, now, ttl_s)


def take_slot_for_run(run_id: int | None, ttl_s: float) -> Slot | None:
    """``acquire_model_slot`` for a call of run ``run_id`` (the holder names the run)."""
    holder = f"run {run_id}" if run_id else ""
    return acquire_model_slot(holder=holder, run_id=run_id, ttl_s=ttl_s)


def take_slots_for_runs(wanted: list[tuple[int | None, float]]) -> list[Slot | None]:
    """``take_slot_for_run`` for many calls ``(run_id, ttl_s)`` at once: each call's slot,
    ``None`` where all were taken.

    Where a read and its writes can be one statement (PostgreSQL) one statement takes
    as many free slots as there are calls (chosen at random below the limit in force,
    skipping rows another process has locked, so no one waits) and gives each its own
    holder, ticket and expiry; the calls it could not serve, and every call elsewhere,
    are served one by one.
    """
    taken: list[Slot | None] = [None] * len(wanted)
    if len(wanted) > 1 and dialect.writes_combine():
        taken = _take_many(wanted)
    return [
        slot if slot is not None else take_slot_for_run(run_id, ttl_s)
        for slot, (run_id, ttl_s) in zip(taken, wanted, strict=True)
    ]


def _take_many(wanted: list[tuple[int | None, float]]) -> list[Slot | None]:
    table = ModelCallSlot._meta.db_table
    switches = AssistantSettings._meta.db_table
    now = timezone.now()
    adapt = connection.ops.adapt_datetimefield_value
    when = adapt(now)
    tickets = [secrets.token_hex(8) for _ in wanted]
    params: list[Any] = []
    for k, ((run_id, ttl_s), ticket) in enumerate(zip(wanted, tickets, strict=True), 1):
        holder = f"run {run_id}" if run_id else ""
        params += [k, holder, run_id, ticket, adapt(now + timedelta(seconds=ttl_s))]
    free = "(expires_at IS NULL OR expires_at <= %s)"
    params += [when, SINGLETON_PK, settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS, len(wanted)]
    params += [when, when]
    rows = ", ".join(["(%s, %s, %s::bigint, %s, %s::timestamptz)"] * len(wanted))
    sql = (
        f"WITH wanted (k, holder, run_id, ticket, until) AS (VALUES {rows}), "
        "chosen AS (SELECT id, row_number() OVER () AS k FROM "
        f"(SELECT id FROM {table} WHERE {free} AND number <= COALESCE("
        f"(SELECT max_concurrent_model_calls FROM {switches} WHERE id = %s), %s) "
        "ORDER BY random() LIMIT %s FOR UPDATE SKIP LOCKED) AS f) "
        f"UPDATE {table} SET holder = wanted.holder, run_id = wanted.run_id, "
        "ticket = wanted.ticket, taken_at = %s, expires_at = wanted.until "
        f"FROM chosen JOIN wanted ON wanted.k = chosen.k WHERE {table}.id = chosen.id "
        f"AND ({table}.expires_at IS NULL OR {table}.expires_at <= %s) "
        f"RETURNING {table}.id, wanted.k"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        got = {k: pk for pk, k in cursor.fetchall()}
    return [Slot(got[k], ticket) if k in got else None for k, ticket in enumerate(tickets, 1)]


def _acquire_listed(
    holder: str, run_id: int | None, ticket: str, now: object, ttl_s: float
) -> Slot | None:
    limit = AssistantSettings.load().max_concurrent()
    offered = ModelCallSlot.objects.filter(number__lte=limit)
    free = list(offered.filter(_free(now)).values_list("pk", flat=True))
    if not free and offered.count() < limit:
        _ensure_rows(limit)
        free = list(offered.filter(_free(now)).values_list("pk", flat=True))
    random.shuffle(free)
    for pk in free:
        taken = ModelCallSlot.objects.filter(_free(now), pk=pk).update(
            holder=holder[:64],
            run_id=run_id,
            ticket=ticket,
            taken_at=now,
            expires_at=now + timedelta(seconds=ttl_s),
        )
        if taken:
            return Slot(pk, ticket)
    return None


def release_model_slot(slot: Slot) -> None:
    """Give a slot back (unless it expired and another call holds it now)."""
    release_model_slots([slot])


def release_model_slots(taken: list[Slot]) -> None:
    """Give slots back in one statement (each unless it expired and another call holds it)."""
    if not taken:
        return
    with connection.cursor() as cursor:
        cursor.execute(*release_statement(taken))


def release_statement(taken: list[Slot]) -> tuple[str, list[Any]]:
    """``release_model_slots``' statement and its parameters (``taken`` not empty)."""
    table = ModelCallSlot._meta.db_table
    marks = ", ".join(["(%s, %s)"] * len(taken))
    params = [v for slot in sorted(taken, key=lambda s: s.pk) for v in (slot.pk, slot.ticket)]
    sql = (
        f"UPDATE {table} SET holder = '', run_id = NULL, ticket = '', taken_at = NULL, "
        f"expires_at = NULL FROM (VALUES {marks}) AS v "
        f"WHERE {table}.id = v.column1 AND {table}.ticket = v.column2"
    )
    return sql, params


def renew_model_slots(run_ids: list[int], ttl_s: float) -> int:
    """The heartbeat of these runs: their slots last ``ttl_s`` more seconds (never less)."""
    if not run_ids:
        return 0
    now = timezone.now()
    until = now + timedelta(seconds=ttl_s)
    return ModelCallSlot.objects.filter(
        run_id__in=run_ids, expires_at__gt=now, expires_at__lt=until
    ).update(expires_at=until)


def model_slots_in_flight() -> int:
    """Slots held now in the database gate."""
    return ModelCallSlot.objects.filter(expires_at__gt=timezone.now()).count()


def model_calls_in_flight() -> int:
    """Model calls in flight now, in whichever gate this server uses (the admin's count)."""
    return process_gate.in_flight if uses_process_gate() else model_slots_in_flight()


def reset_model_slots() -> int:
    """Free every slot at start-up of a single process; returns how many were held.

    Only when nothing can be in flight (a single-process server starting): with
    several processes, expiry gives back the slots of a dead one by itself.
    """
    return ModelCallSlot.objects.filter(expires_at__gt=timezone.now()).update(
        holder="", run_id=None, ticket="", taken_at=None, expires_at=None
    )
