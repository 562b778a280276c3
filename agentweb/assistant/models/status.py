"""A run's statuses: queued and running are active; the others say how it ended."""

from __future__ import annotations

from django.db import models

from agentweb.engine.outcome import RunStatus


class Status(models.TextChoices):
    QUEUED = "queued", "queued"
    RUNNING = "running", "running"
    COMPLETED = RunStatus.COMPLETED.value, "completed"
    DEGRADED = RunStatus.DEGRADED.value, "degraded"
    CANCELLED = RunStatus.CANCELLED.value, "cancelled"
    FAILED = RunStatus.FAILED.value, "failed"
    UNDONE = RunStatus.UNDONE.value, "undone"
    INTERRUPTED = RunStatus.INTERRUPTED.value, "interrupted"


ACTIVE_STATUSES = (Status.QUEUED, Status.RUNNING)
# A run in one of these has ended; nothing changes it any more but undo.
FINISHED_STATUSES = tuple(s for s in Status if s not in ACTIVE_STATUSES)
# Finished and not undone: what undo can still change.
ENDED_STATUSES = tuple(s for s in FINISHED_STATUSES if s != Status.UNDONE)
