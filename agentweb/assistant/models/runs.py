"""A run (one player request) and its trace events.

A run's ``status`` is written only by ``run_status`` (every transition, with the table
of legal ones); its events only by ``event_store``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from agentweb.assistant.models.feedback import RatedRuns
from agentweb.assistant.models.status import ACTIVE_STATUSES, Status


class RunQuerySet(RatedRuns, models.QuerySet["Run"]):
    """Runs read by status (their changes: ``run_status``)."""

    def active(self) -> RunQuerySet:
        return self.filter(status__in=ACTIVE_STATUSES)

    def fenced(self, owner: str | None) -> RunQuerySet:
        """Rows a worker may still write: running under its lease (no owner: no fence)."""
        return self.filter(status=Status.RUNNING, lease_owner=owner) if owner else self


class Run(models.Model):
    # No foreign-key constraint in the database (as ``RunEvent.run``): on
    # PostgreSQL it is a check of its own per inserted run; a run is inserted
    # while the submit holds the player's row locked (``inbox.lock_player``), so
    # the player cannot be deleted under it. Deleting a player deletes their
    # runs through the ORM's cascade (``tests/assistant/test_deleting_a_player_
    # or_a_run_removes_what_refers_to_it.py``).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="runs", db_constraint=False
    )
    question = models.TextField()
    # The player's language when she asked (her page's, ``core.languages``; "" unknown):
    # what the run speaks when the question has no words of its own (``/checkin``).
    language = models.CharField(max_length=16, blank=True, default="")
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
    # No foreign-key constraint in the database: on PostgreSQL it is a check per
    # inserted row (its own statement), and every event is inserted from its
    # run's row, locked (``event_store``); deleting a run deletes
    # its events (the ORM's cascade).
    run = models.ForeignKey(
        Run, on_delete=models.CASCADE, related_name="events", db_constraint=False
    )
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
        return event_frame(self.run_id, self.seq, self.kind, self.data, self.ts)


def event_frame(run_id: int, seq: int, kind: str, data: Any, ts: datetime) -> dict[str, Any]:
    """An event as the sockets and the API send it (SPEC §15)."""
    return {
        "type": "run.event",
        "run_id": run_id,
        "seq": seq,
        "kind": kind,
        "data": data,
        "ts": ts.isoformat(),
    }
