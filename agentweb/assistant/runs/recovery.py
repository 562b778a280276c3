"""R-REL-1: runs left running by a dead process become ``interrupted``; traces stay.

Recovery is part of starting a server (``recover_at_start``, from ``agentweb.serve``
and ``manage.py recover_runs``; workers reap on their first beat), not a command to
remember: a run that had started is interrupted, with its ``run.finished``; one that
had not is queued again; the messages waiting behind any run that ended become
their next runs; and a serving process that runs its runs itself starts them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

from channels.db import database_sync_to_async
from django.apps import apps
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from agentweb.assistant import inbox
from agentweb.assistant.models import (
    ACTIVE_STATUSES,
    InboxEntry,
    InboxStatus,
    Run,
    RunEvent,
    Status,
    run_status,
)
from agentweb.assistant.runs import events
from agentweb.engine.events import EventKind
from agentweb.engine.outcome import StopCode, StopReason

logger = logging.getLogger("agentweb.assistant")

INTERRUPTED_STOP = StopReason(
    StopCode.INTERRUPTED, "The server stopped while this run was in progress."
)


@dataclass(slots=True)
class Recovered:
    """What a cold start found: the ``run.finished`` rows of interrupted runs, and the runs
    to start (queued ones, those just queued again, and messages that waited), oldest first."""

    finished: list[RunEvent] = field(default_factory=list)
    to_start: list[int] = field(default_factory=list)
    promoted: list[int] = field(default_factory=list)


def recover(*, start_queued: bool) -> Recovered:
    """A cold start: nothing else runs a run. Started runs → interrupted; running ones that
    never started → queued again; messages left behind ended runs → their next run.
    ``start_queued``: this process runs runs itself (the in-process executor) and starts
    every queued run; otherwise the workers claim them."""
    now = timezone.now()
    recovered = Recovered()
    orphans = Run.objects.filter(status=Status.RUNNING).filter(
        Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now)
    )
    for pk in orphans.values_list("pk", flat=True):
        if _started(pk):
            recovered.finished += run_status.interrupt(Run.objects.filter(pk=pk), INTERRUPTED_STOP)
        else:
            run_status.requeue(Run.objects.filter(pk=pk))
    recovered.promoted = promote_waiting()
    if start_queued:
        queued = Run.objects.filter(status=Status.QUEUED).order_by("pk")
        recovered.to_start = list(queued.values_list("pk", flat=True))
    return recovered


def promote_waiting() -> list[int]:
    """Messages left waiting behind runs that ended (their process died before it started
    the next one): the oldest behind each becomes its run (queued). Safe beside live
    processes: a promotion is claimed under the player's lock, whoever comes first."""
    waiting = InboxEntry.objects.filter(status=InboxStatus.QUEUED).exclude(
        run__status__in=ACTIVE_STATUSES
    )
    promoted = [
        inbox.promote_after(run_id)
        for run_id in sorted(set(waiting.values_list("run_id", flat=True)))
    ]
    return [run_id for run_id in promoted if run_id is not None]


async def recover_at_start() -> Recovered:
    """Recovery as a serving process starts (``agentweb.serve``): in-process runs only —
    with workers (``AGENTWEB_EXECUTOR=worker``) they recover what their leases cover."""
    from agentweb.assistant.runs.executor import executor

    if settings.AGENTWEB_EXECUTOR == "worker":
        # The workers run the runs and reap what a dead one left; messages left waiting
        # behind an ended run are queued as their runs, and the workers are told.
        promoted = await database_sync_to_async(promote_waiting)()
        for run_id in promoted:
            executor.start(run_id)
            await inbox.announce_promoted(run_id)
        return Recovered(promoted=promoted)
    recovered = await database_sync_to_async(_recover_single_process)()
    await events.broadcast(*recovered.finished)
    for run_id in recovered.to_start:
        executor.start(run_id)
    for run_id in recovered.promoted:
        await inbox.announce_promoted(run_id)
    if recovered.finished or recovered.to_start:
        logger.warning(
            "at start: %s run(s) interrupted, %s run(s) started",
            len(recovered.finished),
            len(recovered.to_start),
        )
    return recovered


def _recover_single_process() -> Recovered:
    recovered = recover(start_queued=True)
    if apps.is_installed("agentweb.control"):
        from agentweb.control.slots import reset_model_slots

        reset_model_slots()
    return recovered


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
                run_status.requeue(Run.objects.filter(pk=run.pk))
                reaped.requeued.append(pk)
            else:
                reaped.finished += run_status.interrupt(
                    Run.objects.filter(pk=run.pk), LEASE_EXPIRED_STOP
                )
    return reaped


def _started(run_id: int) -> bool:
    """``run.started`` precedes every model and tool call of a run."""
    return RunEvent.objects.filter(run_id=run_id, kind=EventKind.RUN_STARTED.value).exists()
