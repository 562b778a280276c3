"""A run (one player request) and its trace events.

A run's ``status`` is written by the ``RunQuerySet`` methods below and nowhere
else: each is one conditional UPDATE, so of two processes racing for the same
transition exactly one changes the row ("nothing updated: another process got
there first").
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from agentweb.engine.outcome import RunStatus, StopCode, StopReason


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

Stop = StopReason | dict[str, Any]


class RunQuerySet(models.QuerySet["Run"]):
    """The run state machine: queued → running → a finished status (or back to queued)."""

    def active(self) -> RunQuerySet:
        return self.filter(status__in=ACTIVE_STATUSES)

    def fenced(self, owner: str | None) -> RunQuerySet:
        """Rows a worker may still write: running under its lease (no owner: no fence)."""
        return self.filter(status=Status.RUNNING, lease_owner=owner) if owner else self

    def claim(self, *, owner: str = "", lease_until: datetime | None = None) -> int:
        """queued → running; with ``owner`` under that worker's lease. Returns the rows claimed."""
        return self.filter(status=Status.QUEUED).update(
            status=Status.RUNNING,
            started_at=timezone.now(),
            lease_owner=owner,
            lease_expires_at=lease_until,
        )

    def requeue(self) -> int:
        """running → queued: the run never started a call; its worker's lease lapsed."""
        return self.filter(status=Status.RUNNING).update(
            status=Status.QUEUED, lease_owner="", lease_expires_at=None, started_at=None
        )

    def finish(self, status: str, stop: Stop, **fields: Any) -> int:
        """→ a finished status, with the stop reason and the end time (``fields``: the result)."""
        stop_reason = stop.as_dict() if isinstance(stop, StopReason) else stop
        return self.update(
            status=status, stop_reason=stop_reason, finished_at=timezone.now(), **fields
        )

    def cancel_queued(self) -> int:
        """queued → cancelled: stopped before it started."""
        stop = StopReason(StopCode.CANCELLED, "Stopped before it started")
        return self.filter(status=Status.QUEUED).finish(
            Status.CANCELLED, stop, cancel_requested=True
        )

    def interrupt(self, stop: Stop) -> int:
        """→ interrupted: the process running it is gone (R-REL-1)."""
        return self.finish(Status.INTERRUPTED, stop, failure="")

    def mark_undone(self) -> int:
        """→ undone (R-MEM-1); the trace and the times stay as they were."""
        return self.update(status=Status.UNDONE)


class Run(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="runs"
    )
    question = models.TextField()
    allow_web = models.BooleanField(default=False)
    client_msg_id = models.CharField(max_length=64, blank=True, default="")
    workflow = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    stop_reason = models.JSONField(default=dict, blank=True)
    failure = models.CharField(max_length=32, blank=True, default="")
    answer = models.TextField(blank=True, default="")
    sources = models.JSONField(default=list, blank=True)
    cards = models.JSONField(default=list, blank=True)
    policy_snapshot = models.JSONField(default=dict, blank=True)
    # The request's own options (R-X4-3), validated at submit: {"reactIterations": 2, …}.
    options = models.JSONField(default=dict, blank=True)
    prompt_snapshot = models.JSONField(default=dict, blank=True)
    usage = models.JSONField(default=dict, blank=True)
    memory_generation = models.PositiveIntegerField(default=0)
    cancel_requested = models.BooleanField(default=False)
    undo_requested = models.BooleanField(default=False)
    # The event count: the next event gets last_seq + 1.
    last_seq = models.PositiveIntegerField(default=0)
    # Which process executes it, until when (scale-out leases).
    lease_owner = models.CharField(max_length=64, blank=True, default="")
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    redacted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = RunQuerySet.as_manager()

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["user", "-id"], name="run_user_recent"),
            models.Index(fields=["status", "-id"], name="run_status_recent"),
            models.Index(fields=["workflow", "-id"], name="run_workflow_recent"),
            models.Index(fields=["-created_at"], name="run_created"),
            models.Index(
                fields=["status"], condition=Q(status__in=["queued", "running"]), name="run_active"
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "client_msg_id"],
                condition=~Q(client_msg_id=""),
                name="run_client_msg_once",
            ),
        ]

    def __str__(self) -> str:
        return f"run {self.pk} ({self.status})"

    @property
    def active(self) -> bool:
        return self.status in ACTIVE_STATUSES

    @property
    def duration_ms(self) -> int | None:
        if self.started_at and self.finished_at:
            return int((self.finished_at - self.started_at).total_seconds() * 1000)
        return None


class RunEvent(models.Model):
    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=32)
    data = models.JSONField(default=dict)
    ts = models.DateTimeField()

    class Meta:
        ordering = ["run", "seq"]
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="event_seq_once")]

    def __str__(self) -> str:
        return f"{self.run_id}#{self.seq} {self.kind}"

    def as_frame(self) -> dict:
        return {
            "type": "run.event",
            "run_id": self.run_id,
            "seq": self.seq,
            "kind": self.kind,
            "data": self.data,
            "ts": self.ts.isoformat(),
        }
