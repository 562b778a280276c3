"""Run leases for worker processes: claim, heartbeat, release.

A worker owns a run while ``lease_owner`` is its name and ``lease_expires_at``
is in the future. It claims queued runs with a conditional UPDATE, renews the
lease of every run it executes every ``heartbeat_s()``, and writes each event
only while it still holds the lease (the fence, ``events.persist``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from agentweb.assistant import config
from agentweb.assistant.models import Run, Status, run_status
from agentweb.assistant.runs import start
from agentweb.engine import AgentFailure
from agentweb.lib import dialect


def lease_s() -> float:
    """How long a claim lasts without a heartbeat (``AGENTWEB_RUN_LEASE_S``).

    Long enough that a busy event loop or a slow database never lets a live
    worker's lease lapse; short enough that a crashed worker's runs are reaped
    while the player is still looking at the page.
    """
    return settings.AGENTWEB_RUN_LEASE_S


def heartbeat_s() -> float:
    """A third of the lease: two beats may be missed before the lease lapses."""
    return lease_s() / 3


def claim_queued(owner: str, limit: int) -> list[int]:
    """Claim up to ``limit`` queued runs, oldest first; returns the claimed ids.

    PostgreSQL: ``SELECT … FOR UPDATE SKIP LOCKED`` so that workers polling at
    once take different rows instead of queueing on the same ones. Elsewhere a
    conditional UPDATE per row: zero rows changed means another process got it.
    """
    if limit <= 0:
        return []
    until = timezone.now() + timedelta(seconds=lease_s())
    if dialect.writes_combine():
        return _claim_on_postgresql(owner, limit, until)
    queued = Run.objects.filter(status=Status.QUEUED).order_by("id")
    if connection.features.has_select_for_update_skip_locked:
        with transaction.atomic():
            ids = list(
                queued.select_for_update(skip_locked=True).values_list("pk", flat=True)[:limit]
            )
            run_status.claim(Run.objects.filter(pk__in=ids), owner=owner, lease_until=until)
        return ids
    claimed = []
    for pk in queued.values_list("pk", flat=True)[:limit]:
        if run_status.claim(Run.objects.filter(pk=pk), owner=owner, lease_until=until):
            claimed.append(pk)
    return claimed


def _claim_on_postgresql(owner: str, limit: int, until: datetime) -> list[int]:
    """``claim_queued`` in one statement (``run_status.claim_queued_on_postgresql``), so no
    transaction is opened.

    The same UPDATE writes each run's prompt snapshot and returns its row, which the
    run's start then uses instead of a write and a read of its own (``start.claim``)."""
    prompts = config.snapshot().prompts
    found = run_status.claim_queued_on_postgresql(
        owner, limit, until, start.run_columns(), prompt_snapshot=prompts
    )
    return start.handed_over(owner, prompts, found)


@dataclass(slots=True)
class Renewal:
    """What a heartbeat found: runs taken away from the worker, and runs of its own that a
    player stopped or undid (the flag is in the database; the relay may have been lost)."""

    lost: set[int] = field(default_factory=set)
    flagged: dict[int, AgentFailure] = field(default_factory=dict)


def renew(owner: str, run_ids: list[int]) -> Renewal:
    """Extend the leases this worker still holds, and read their stop and undo flags.

    A run that simply finished a moment ago is not "taken away": only one the
    reaper interrupted or re-queued, or that another worker now holds. A flag
    set while the run's call is in flight reaches it here at the latest, one
    heartbeat after it was set, even when the control group's relay never came.
    """
    if not run_ids:
        return Renewal()
    rows = Run.objects.filter(pk__in=run_ids)
    with transaction.atomic():
        held = run_status.extend_leases(rows, owner, timezone.now() + timedelta(seconds=lease_s()))
        taken = rows.exclude(lease_owner=owner) | rows.filter(
            status__in=[Status.QUEUED, Status.INTERRUPTED]
        )
        lost = set(taken.values_list("pk", flat=True))
    _renew_model_slots([pk for pk in run_ids if pk not in lost])
    flagged = {
        pk: AgentFailure.UNDONE if undo else AgentFailure.CANCELLED
        for pk, (cancel, undo) in held.items()
        if cancel or undo
    }
    return Renewal(lost, flagged)


def _renew_model_slots(run_ids: list[int]) -> None:
    """The same heartbeat keeps the runs' model-call slots; a dead worker's lapse with it."""
    from django.apps import apps

    if apps.is_installed("agentweb.control"):
        from agentweb.control.slots import renew_model_slots

        renew_model_slots(run_ids, lease_s())


def release(owner: str) -> int:
    """Shutdown: leases of runs this worker no longer executes end now (the reaper acts at once)."""
    return Run.objects.filter(lease_owner=owner, status=Status.RUNNING).update(
        lease_expires_at=timezone.now()
    )
