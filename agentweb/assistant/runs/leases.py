"""Run leases for worker processes: claim, heartbeat, and fenced event writes.

A worker owns a run while ``lease_owner`` is its name and ``lease_expires_at``
is in the future. It claims queued runs with a conditional UPDATE, renews the
lease of every run it executes every ``heartbeat_s()``, and writes each event
only while it still holds the lease (the "fence"): once the reaper has
interrupted a run (``recovery.reap_expired``), a stalled worker that wakes up
can write nothing more to it — no duplicate ``seq``, no second ``run.finished``.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from agentweb.assistant.bus import run_group
from agentweb.assistant.models import Run, RunEvent, Status
from agentweb.assistant.runs.events import MAX_BATCH, DbEventSink, broadcast_message
from agentweb.engine.events import Event
from agentweb.lib.per_loop import PerLoop

logger = logging.getLogger("agentweb.assistant")


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


class LeaseLost(Exception):
    """The run is no longer this worker's: the reaper interrupted it."""


def claim_queued(owner: str, limit: int) -> list[int]:
    """Claim up to ``limit`` queued runs, oldest first; returns the claimed ids.

    PostgreSQL: ``SELECT … FOR UPDATE SKIP LOCKED`` so that workers polling at
    once take different rows instead of queueing on the same ones. Elsewhere a
    conditional UPDATE per row: zero rows changed means another process got it.
    """
    if limit <= 0:
        return []
    now = timezone.now()
    fields = {
        "status": Status.RUNNING,
        "started_at": now,
        "lease_owner": owner,
        "lease_expires_at": now + timedelta(seconds=lease_s()),
    }
    queued = Run.objects.filter(status=Status.QUEUED).order_by("id")
    if connection.features.has_select_for_update_skip_locked:
        with transaction.atomic():
            ids = list(
                queued.select_for_update(skip_locked=True).values_list("pk", flat=True)[:limit]
            )
            Run.objects.filter(pk__in=ids, status=Status.QUEUED).update(**fields)
        return ids
    claimed = []
    for pk in queued.values_list("pk", flat=True)[:limit]:
        if Run.objects.filter(pk=pk, status=Status.QUEUED).update(**fields):
            claimed.append(pk)
    return claimed


def renew(owner: str, run_ids: list[int]) -> set[int]:
    """Extend the leases this worker still holds; returns the ids taken away from it.

    A run that simply finished a moment ago is not "taken away": only one the
    reaper interrupted or re-queued, or that another worker now holds.
    """
    if not run_ids:
        return set()
    rows = Run.objects.filter(pk__in=run_ids)
    with transaction.atomic():
        rows.filter(lease_owner=owner, status=Status.RUNNING).update(
            lease_expires_at=timezone.now() + timedelta(seconds=lease_s())
        )
        taken = rows.exclude(lease_owner=owner) | rows.filter(
            status__in=[Status.QUEUED, Status.INTERRUPTED]
        )
        return set(taken.values_list("pk", flat=True))


def release(owner: str) -> int:
    """Shutdown: leases of runs this worker no longer executes end now (the reaper acts at once)."""
    return Run.objects.filter(lease_owner=owner, status=Status.RUNNING).update(
        lease_expires_at=timezone.now()
    )


class LeasedEventSink(DbEventSink):
    """Persist (only while the lease is held), then broadcast on a best-effort basis.

    The broadcast is a doorbell: if the channel layer is down the event is
    still in the database, sockets re-read it when they resubscribe, and the
    run goes on instead of failing on a notification.
    """

    def __init__(self, run_id: int, owner: str) -> None:
        super().__init__(run_id)
        self.owner = owner

    async def emit(self, event: Event) -> None:
        row = await _writer().write(self.run_id, self.owner, event)
        if self.layer is None:
            return
        try:
            await self.layer.group_send(run_group(self.run_id), broadcast_message(row))
        except Exception as exc:  # the layer's own errors vary by backend (redis, OSError…)
            logger.warning("run %s: event %s not broadcast: %s", self.run_id, event.seq, exc)


Pending = tuple[int, str, Event, "asyncio.Future[RunEvent]"]


class FencedWriter:
    """Group commit of a worker's events: all that are pending share one transaction.

    Under load a worker emits events of many runs at once; one transaction
    for the lot (one fenced UPDATE per run, one INSERT) instead of one per
    event is the difference between the database keeping up or not.
    """

    def __init__(self) -> None:
        self.pending: list[Pending] = []
        self._task: asyncio.Task[None] | None = None

    async def write(self, run_id: int, owner: str, event: Event) -> RunEvent:
        future: asyncio.Future[RunEvent] = asyncio.get_running_loop().create_future()
        self.pending.append((run_id, owner, event, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name="fenced-event-writer")
        return await future

    async def _drain(self) -> None:
        while self.pending:
            batch, self.pending = self.pending[:MAX_BATCH], self.pending[MAX_BATCH:]
            items = [(run_id, owner, event) for run_id, owner, event, _ in batch]
            try:
                results = await database_sync_to_async(_persist_fenced)(items)
            except Exception:
                # One bad event must not fail its neighbours' runs: write them one by one.
                results = [await _persist_alone(item) for item in items]
            for (_, _, _, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if isinstance(result, BaseException):
                    future.set_exception(result)
                else:
                    future.set_result(result)


async def _persist_alone(item: tuple[int, str, Event]) -> RunEvent | BaseException:
    try:
        return (await database_sync_to_async(_persist_fenced)([item]))[0]
    except Exception as exc:
        return exc


_writers: PerLoop[FencedWriter] = PerLoop(FencedWriter)


def _writer() -> FencedWriter:
    return _writers.get()


def _persist_fenced(items: list[tuple[int, str, Event]]) -> list[RunEvent | BaseException]:
    """One transaction: each run's events are written only if its lease is still held.

    Updating the run row first takes its lock: the reaper (which locks the row
    too) either sees these events or this write sees the lease gone.
    """
    by_run: dict[tuple[int, str], list[Event]] = {}
    for run_id, owner, event in items:
        by_run.setdefault((run_id, owner), []).append(event)
    lost: set[int] = set()
    rows: dict[tuple[int, int], RunEvent] = {}
    with transaction.atomic():
        for (run_id, owner), events in by_run.items():
            first, last = min(e.seq for e in events), max(e.seq for e in events)
            held = Run.objects.filter(
                pk=run_id, lease_owner=owner, status=Status.RUNNING, last_seq__lt=first
            ).update(last_seq=last)
            if not held:
                lost.add(run_id)
                continue
            for event in events:
                rows[(run_id, event.seq)] = RunEvent(
                    run_id=run_id,
                    seq=event.seq,
                    kind=event.kind.value,
                    data=event.data,
                    ts=datetime.fromtimestamp(event.ts, tz=UTC),
                )
        RunEvent.objects.bulk_create(rows.values())
    return [
        LeaseLost(f"run {run_id} is no longer leased to {owner}")
        if run_id in lost
        else rows[(run_id, event.seq)]
        for run_id, owner, event in items
    ]
