"""Runs and everything a run leaves behind.

The database is the log: every trace event is a ``RunEvent`` row written
before it is broadcast (R-X3-2); cancel, undo and forget are rows and flags
any process can see (R-SCALE).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.db import connection, models, transaction
from django.db.models import Q
from django.utils import timezone

from agentweb.engine.events import EventKind
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
# Ended runs: nothing changes them any more, except undo.
ENDED_STATUSES = (
    Status.COMPLETED,
    Status.DEGRADED,
    Status.CANCELLED,
    Status.FAILED,
    Status.INTERRUPTED,
)


class MemoryState(models.Model):
    """A player's memory generation (R-MEM-1): forget increments it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memory_state"
    )
    generation = models.PositiveIntegerField(default=0)
    # The player switched the assistant off: running loops end (R-MEM-2).
    assistant_enabled = models.BooleanField(default=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user} @ generation {self.generation}"


class RunManager(models.Manager["Run"]):
    """Every change of a run's state, and every event number, in one place."""

    def take_seqs(self, run_id: int, count: int, *, owner: str | None = None) -> int | None:
        """Reserve ``count`` event numbers of the run; the first one, or ``None`` if fenced out.

        The UPDATE takes the run's row lock, so writers in any process (the
        loop, undo, the inbox, the reaper) never take the same seq. With
        ``owner`` the numbers are only given while that worker holds the lease.
        Must run inside the caller's transaction, which then writes the events.
        """
        table = connection.ops.quote_name(self.model._meta.db_table)
        sql = f"UPDATE {table} SET last_seq = last_seq + %s WHERE id = %s"
        params: list[Any] = [count, run_id]
        if owner is not None:
            sql += " AND lease_owner = %s AND status = %s"
            params += [owner, Status.RUNNING.value]
        with connection.cursor() as cursor:
            cursor.execute(sql + " RETURNING last_seq", params)
            row = cursor.fetchone()
        return None if row is None else row[0] - count + 1

    def append_event(
        self, run_id: int, kind: str, data: dict[str, Any], *, only_if: Q | None = None
    ) -> RunEvent | None:
        """Write one event from outside the loop (undo, the inbox, recovery), numbered
        under the row lock; with ``only_if``, only while the run matches it."""
        with transaction.atomic():
            seq = self.take_seqs(run_id, 1)  # takes the row lock: only_if is read under it
            if seq is None:
                return None
            if only_if is not None and not self.filter(only_if, pk=run_id).exists():
                transaction.set_rollback(True)
                return None
            return RunEvent.objects.create(
                run_id=run_id, seq=seq, kind=kind, data=data, ts=timezone.now()
            )

    def finish(
        self,
        run_id: int,
        status: str,
        stop_reason: dict[str, Any],
        *,
        from_statuses: tuple[str, ...] = ACTIVE_STATUSES,
        where: Q | None = None,
        owner: str | None = None,
        data: dict[str, Any] | None = None,
        ts: float | None = None,
        **fields: Any,
    ) -> RunEvent | None:
        """The one terminal state change: the row's new status and its one ``run.finished``.

        Conditional on the run being in ``from_statuses`` (and matching
        ``where``, and leased to ``owner``), checked under the row lock: of
        concurrent attempts exactly one wins, the others get ``None`` and write
        nothing — a run never ends twice, and never ends without its event.
        """
        with transaction.atomic():
            rows = self.select_for_update().filter(pk=run_id, status__in=from_statuses)
            if where is not None:
                rows = rows.filter(where)
            if owner is not None:
                rows = rows.filter(lease_owner=owner)
            if not rows.exists():
                return None
            now = timezone.now()
            updated = dict(fields)
            updated.setdefault("finished_at", now)
            self.filter(pk=run_id).update(status=status, stop_reason=stop_reason, **updated)
            seq = self.take_seqs(run_id, 1)
            event = {**(data or {}), "status": str(status), "stop_reason": stop_reason}
            return RunEvent.objects.create(
                run_id=run_id,
                seq=seq,
                kind=EventKind.RUN_FINISHED.value,
                data=event,
                ts=datetime.fromtimestamp(ts, tz=UTC) if ts else now,
            )


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

    objects = RunManager()

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


class Exchange(models.Model):
    """One question and its answer in a player's memory (R-MEM-1)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="exchanges"
    )
    run = models.OneToOneField(Run, on_delete=models.CASCADE, related_name="exchange")
    generation = models.PositiveIntegerField()
    question = models.TextField()
    answer = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["user", "generation", "id"], name="exchange_memory")]

    def __str__(self) -> str:
        return f"exchange of run {self.run_id}"


class InboxStatus(models.TextChoices):
    QUEUED = "queued", "queued"
    CLAIMED = "claimed", "claimed by the running loop"
    STARTED = "started", "started as its own run"
    DROPPED = "dropped", "dropped"


class InboxEntry(models.Model):
    """A message sent while a run was active (R-X3-1)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="inbox"
    )
    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="inbox_entries")
    text = models.TextField()
    allow_web = models.BooleanField(default=False)
    client_msg_id = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(
        max_length=16, choices=InboxStatus.choices, default=InboxStatus.QUEUED
    )
    started_run = models.ForeignKey(
        Run, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "client_msg_id"],
                condition=~Q(client_msg_id=""),
                name="inbox_client_msg_once",
            ),
        ]

    def __str__(self) -> str:
        return f"inbox {self.pk} ({self.status})"


class ActionStatus(models.TextChoices):
    PENDING = "pending", "pending"
    APPROVED = "approved", "approved"
    REJECTED = "rejected", "rejected"
    EXPIRED = "expired", "expired"


class PendingAction(models.Model):
    """A write waiting for the player's confirmation (R-FREE-2)."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="actions")
    action_id = models.CharField(max_length=64)
    tool = models.CharField(max_length=64)
    input = models.JSONField(default=dict)
    text = models.TextField()
    status = models.CharField(
        max_length=16, choices=ActionStatus.choices, default=ActionStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["run", "action_id"], name="action_once")]

    def __str__(self) -> str:
        return f"{self.tool} ({self.status})"


class ApiToken(models.Model):
    """A per-user API token for scripts and the game-server plugin (SPEC §15).

    Only a hash is stored; the key is shown once, when an admin creates it.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=12, db_index=True)
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Empty: the token never expires. After it, the token is refused like a revoked one.
    expires_at = models.DateTimeField(
        null=True, blank=True, help_text="Leave empty for a token that does not expire."
    )
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked = models.BooleanField(default=False)
    revoked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) for {self.user}"

    @property
    def expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()
