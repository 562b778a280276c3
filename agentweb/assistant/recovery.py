"""R-REL-1: runs left running by a dead process become ``interrupted``; traces stay."""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from agentweb.assistant.models import Run, Status

INTERRUPTED_STOP = {
    "code": "interrupted",
    "message": "The server stopped while this run was in progress.",
}


def mark_interrupted(*, owner: str | None = None) -> int:
    """Mark active runs with no live executor as interrupted.

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
    return runs.update(status=Status.INTERRUPTED, stop_reason=INTERRUPTED_STOP, finished_at=now)
