"""R-REL-1: runs left running by a dead process become ``interrupted``; traces stay."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from agentweb.assistant.models import Run, RunEvent, Status
from agentweb.engine.events import EventKind
from agentweb.engine.outcome import StopCode, StopReason

INTERRUPTED_STOP = StopReason(
    StopCode.INTERRUPTED, "The server stopped while this run was in progress."
)


def mark_interrupted(*, owner: str | None = None) -> int:
    """Mark active runs with no live executor as interrupted, each with its ``run.finished``.

    With ``owner`` only that process's runs are marked; without it (a single
    process starting up) every active run is, since nothing can still execute it.
    Runs with an unexpired lease held by another process are left alone.
    """
    now = timezone.now()
    runs = Run.objects.filter(status__in=[Status.RUNNING, Status.QUEUED])
    if owner is not None:
        runs = runs.filter(lease_owner=owner)
    else:
        runs = runs.filter(Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now))
    return len(runs.interrupt(INTERRUPTED_STOP))


# --- worker leases (scale-out) -------------------------------------------------------

LEASE_EXPIRED_STOP = StopReason(
    StopCode.INTERRUPTED,
    "The worker running this run stopped answering; the run was interrupted.",
)


@dataclass(slots=True)
class Reaped:
    """What the reaper did: runs handed back to the queue, and interrupted runs' final events."""

    requeued: list[int] = field(default_factory=list)
    finished: list[RunEvent] = field(default_factory=list)


def reap_expired(*, now: datetime | None = None) -> Reaped:
    """Runs whose worker's lease lapsed: re-queue or interrupt them (docs/operations.md).

    A run that has not persisted ``run.started`` cannot have started a model or
    tool call (that event precedes every call), so it goes back to the queue
    and runs as if nothing happened. Any other run is interrupted: it may have
    made billed calls, and running it again would bill them twice. Its events
    stay; a final ``run.finished`` (status ``interrupted``) is persisted with
    the next seq so watching clients learn of it.
    """
    now = now or timezone.now()
    reaped = Reaped()
    expired = Run.objects.filter(status=Status.RUNNING, lease_expires_at__lt=now)
    for pk in expired.values_list("pk", flat=True):
        with transaction.atomic():
            # Re-checked under the row lock: a late heartbeat or event write wins.
            run = expired.select_for_update().filter(pk=pk).first()
            if run is None:
                continue
            if not _started(run.pk):
                Run.objects.filter(pk=run.pk).requeue()
                reaped.requeued.append(pk)
            else:
                reaped.finished += Run.objects.filter(pk=run.pk).interrupt(LEASE_EXPIRED_STOP)
    return reaped


def _started(run_id: int) -> bool:
    """``run.started`` precedes every model and tool call of a run."""
    return RunEvent.objects.filter(run_id=run_id, kind=EventKind.RUN_STARTED.value).exists()
