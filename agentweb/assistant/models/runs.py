"""A run (one player request) and its trace events.

A run's ``status`` is written by the ``RunQuerySet`` methods below, and by
``run_writes.begin`` and ``run_writes.finish_running`` (a run's own start and end,
hand-written), and nowhere else: each is one conditional UPDATE, so of two processes racing for
the same transition exactly one changes the row ("nothing updated: another
process got there first"). Every change to a finished status goes through
``finish`` (or ``finish_running``), which writes the run's ``run.finished``
event in the same transaction: a run never ends without it, and never gets two
for one change. Event numbers are
taken under the run's row lock (``event_numbers``), by whoever writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.db import connection, models, transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.db.models.sql import UpdateQuery
from django.utils import timezone

from agentweb.assistant.models.feedback import RatedRuns
from agentweb.assistant.models.status import ACTIVE_STATUSES, Status
from agentweb.engine.events import EventKind
from agentweb.engine.outcome import StopCode, StopReason
from agentweb.lib import storable_text

Stop = StopReason | dict[str, Any]
# Rows of one INSERT of run.finished events (5 parameters each: within every backend's limit).
FINISHED_PER_INSERT = 1000


class RunQuerySet(RatedRuns, models.QuerySet["Run"]):
    """The run state machine: queued → running → a finished status (or back to queued)."""

    def active(self) -> RunQuerySet:
        return self.filter(status__in=ACTIVE_STATUSES)

    def fenced(self, owner: str | None) -> RunQuerySet:
        """Rows a worker may still write: running under its lease (no owner: no fence)."""
        return self.filter(status=Status.RUNNING, lease_owner=owner) if owner else self

    def extend_leases(self, owner: str, until: datetime) -> dict[int, tuple[bool, bool]]:
        """Those still running under ``owner``'s lease hold it until ``until``: each one's
        stop and undo flags, read by the same statement."""
        held = self.fenced(owner)
        found = held._update_returning(
            {"lease_expires_at": until}, ("id", "cancel_requested", "undo_requested")
        )
        return {pk: (bool(cancel), bool(undo)) for pk, cancel, undo in found}

    def claim(self, *, owner: str = "", lease_until: datetime | None = None, **fields: Any) -> int:
        """queued → running; with ``owner`` under that worker's lease, ``fields`` written too.
        Returns the rows claimed."""
        return self.filter(status=Status.QUEUED).update(
            **claimed_fields(owner, lease_until), **fields
        )

    def requeue(self) -> int:
        """running → queued: the run never started a call; its worker's lease lapsed."""
        return self.filter(status=Status.RUNNING).update(
            status=Status.QUEUED, lease_owner="", lease_expires_at=None, started_at=None
        )

    def finish(
        self,
        status: str,
        stop: Stop,
        *,
        data: dict[str, Any] | None = None,
        ts: float | None = None,
        **fields: Any,
    ) -> list[RunEvent]:
        """→ a finished status, with the stop reason, the end time (``fields``: the result)
        and one ``run.finished`` event per run changed (``data`` added to it).

        One conditional UPDATE changes the rows and takes their event numbers
        (it holds their row locks until the commit, and a concurrent transition
        re-reads the conditions after it): of concurrent transitions of one run
        exactly one happens. Returns the events written (empty: nothing
        matched), for the caller to broadcast.
        """
        stop_reason = stop_reason_of(stop)
        now = timezone.now()
        fields.setdefault("finished_at", now)
        with transaction.atomic(savepoint=False):
            changes = {"status": status, "stop_reason": stop_reason, "last_seq": F("last_seq") + 1}
            ended = self._update_returning({**changes, **fields}, ("id", "last_seq"))
            event = finished_data(status, stop_reason, data)
            return insert_finished(ended, event, datetime.fromtimestamp(ts, tz=UTC) if ts else now)

    def _update_returning(self, values: dict[str, Any], returning: Sequence[str]) -> list[tuple]:
        """``update(**values)`` that returns the ``returning`` columns of each row it changed."""
        query = self.query.chain(UpdateQuery)
        query.add_update_values(values)
        sql, params = query.get_compiler(self.db).as_sql()
        columns = ", ".join(connection.ops.quote_name(c) for c in returning)
        with connection.cursor() as cursor:
            cursor.execute(f"{sql} RETURNING {columns}", params)
            return [tuple(row) for row in cursor.fetchall()]

    def cancel_queued(self) -> list[RunEvent]:
        """queued → cancelled: stopped before it started."""
        stop = StopReason(StopCode.CANCELLED, "Stopped before it started")
        return self.filter(status=Status.QUEUED).finish(
            Status.CANCELLED, stop, cancel_requested=True
        )

    def interrupt(self, stop: Stop) -> list[RunEvent]:
        """→ interrupted: the process running it is gone (R-REL-1)."""
        return self.active().finish(Status.INTERRUPTED, stop, failure="")

    def mark_undone(self, stop: Stop, data: dict[str, Any]) -> list[RunEvent]:
        """→ undone (R-MEM-1); the trace and the times stay as they were."""
        return self.exclude(status=Status.UNDONE).finish(
            Status.UNDONE, stop, data=data, finished_at=Coalesce(F("finished_at"), timezone.now())
        )


def claimed_fields(owner: str, lease_until: datetime | None) -> dict[str, Any]:
    return {
        "status": Status.RUNNING,
        "started_at": timezone.now(),
        "lease_owner": owner,
        "lease_expires_at": lease_until,
    }


def stop_reason_of(stop: Stop) -> dict[str, Any]:
    return stop.as_dict() if isinstance(stop, StopReason) else stop


def finished_data(status: str, stop_reason: dict[str, Any], data: dict[str, Any] | None) -> dict:
    return {**(data or {}), "status": str(status), "stop_reason": stop_reason}


def insert_finished(ended: Sequence[tuple], event: dict[str, Any], at: datetime) -> list[RunEvent]:
    """The ``run.finished`` row of each ``(run id, seq)`` ended: one INSERT (per
    ``FINISHED_PER_INSERT`` runs, when many end at once)."""
    if not ended:
        return []
    encoded, event = storable_text.dumps(event)
    return insert_finished_rows([(pk, seq, encoded, event) for pk, seq in ended], at)


def insert_finished_rows(
    ended: Sequence[tuple[int, int, str, dict]], at: datetime
) -> list[RunEvent]:
    """The ``run.finished`` row of each ``(run id, seq, its data as stored, its data)``, in
    the order of the rows' ids: one INSERT (per ``FINISHED_PER_INSERT`` runs)."""
    stamp = connection.ops.adapt_datetimefield_value(at)
    kind = EventKind.RUN_FINISHED.value
    data = {pk: (encoded, event) for pk, _, encoded, event in ended}
    found: list[tuple] = []
    with connection.cursor() as cursor:
        for i in range(0, len(ended), FINISHED_PER_INSERT):
            chunk = ended[i : i + FINISHED_PER_INSERT]
            params: list[Any] = []
            for pk, seq, encoded, _ in chunk:
                params += [pk, seq, kind, encoded, stamp]
            cursor.execute(
                f"INSERT INTO {connection.ops.quote_name(RunEvent._meta.db_table)} "
                f"(run_id, seq, kind, data, ts) VALUES "
                f"{', '.join(['(%s, %s, %s, %s, %s)'] * len(chunk))} RETURNING id, run_id, seq",
                params,
            )
            found += cursor.fetchall()
    return [
        finished_row(pk, run_id, seq, data[run_id][1], at, data[run_id][0])
        for pk, run_id, seq in sorted(found)
    ]


def finished_row(
    pk: int, run_id: int, seq: int, data: dict[str, Any], at: datetime, encoded: str
) -> RunEvent:
    # Positional, in the model's field order; ``encoded``: the data as stored, which
    # the broadcast sends as it is (``events.frame_text``).
    row = RunEvent(pk, run_id, seq, EventKind.RUN_FINISHED.value, data, at)
    row.encoded = encoded
    return row


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
    # run's row, locked (``event_numbers``); deleting a run deletes
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
