"""Persist, then broadcast (R-X3-2): the engine's events become RunEvent rows first.

Events of all the runs a process executes go through one ``EventWriter`` per
event loop, which commits whatever is pending in one transaction (group
commit) and only then lets each event be broadcast. Under load many events
share one commit; alone, an event costs one round trip.

A worker writes under its lease (``owner``): each run's events are written
only while the worker still holds the run (the "fence"), so once the reaper
has interrupted a run (``recovery.reap_expired``), a stalled worker that wakes
up can write nothing more to it — no duplicate ``seq``, no second
``run.finished``. The in-process executor writes unfenced.
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction
from django.utils import timezone

from agentweb.assistant import bus
from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.runs import deltas
from agentweb.engine.events import DeltaKind, Event, EventKind
from agentweb.lib.per_loop import PerLoop

# Channel layers only guarantee messages up to about 1 MB; events whose frame
# is larger than this are sent as a doorbell without it, and the socket reads the row.
MAX_BROADCAST_BYTES = 256 * 1024
# At most this many events share one commit (bounds one transaction's size).
MAX_BATCH = 500


class LeaseLost(Exception):
    """The run is no longer this worker's: the reaper interrupted it."""


class RunGone(Exception):
    """The run's row no longer exists."""


Item = tuple[int, str | None, Event]  # run id, lease owner (None: unfenced), event
Pending = tuple[Item, "asyncio.Future[RunEvent]"]


class EventWriter:
    """Group commit of trace events for one event loop: all pending share one transaction.

    Under load a process emits events of many runs at once; one transaction
    for the lot (one conditional UPDATE per run, one INSERT) instead of one
    per event is the difference between the database keeping up or not.
    """

    def __init__(self) -> None:
        self.pending: list[Pending] = []
        self._task: asyncio.Task[None] | None = None

    async def write(self, run_id: int, event: Event, owner: str | None = None) -> RunEvent:
        future: asyncio.Future[RunEvent] = asyncio.get_running_loop().create_future()
        self.pending.append(((run_id, owner, event), future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name="event-writer")
        return await future

    async def _drain(self) -> None:
        while self.pending:
            batch, self.pending = self.pending[:MAX_BATCH], self.pending[MAX_BATCH:]
            items = [item for item, _ in batch]
            try:
                results = await database_sync_to_async(persist)(items)
            except Exception:
                # One bad event must not fail its neighbours' runs: write them one by one.
                results = [await _persist_alone(item) for item in items]
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if isinstance(result, BaseException):
                    future.set_exception(result)
                else:
                    future.set_result(result)


async def _persist_alone(item: Item) -> RunEvent | BaseException:
    try:
        return (await database_sync_to_async(persist)([item]))[0]
    except Exception as exc:
        return exc


_writers: PerLoop[EventWriter] = PerLoop(EventWriter)


def writer() -> EventWriter:
    return _writers.get()


def persist(items: list[Item]) -> list[RunEvent | BaseException]:
    """One transaction: each run's events, numbered after its ``last_seq`` (fenced by a lease).

    The database numbers the events (``Run.objects.take_seqs``, under the run's
    row lock), not the engine: events written outside the loop — a queued
    message, undo, the reaper (``append``, ``Run.objects.finish``) — take
    their numbers the same way, even while the loop runs, so no two writers
    ever take one seq. The reaper (which locks the row too) either sees these
    events or this write sees the lease gone.
    """
    by_run: dict[tuple[int, str | None], list[Event]] = {}
    for run_id, owner, event in items:
        by_run.setdefault((run_id, owner), []).append(event)
    refused: dict[tuple[int, str | None], Exception] = {}
    rows: dict[tuple[int, int], RunEvent] = {}
    with transaction.atomic():
        for (run_id, owner), events in by_run.items():
            first = Run.objects.take_seqs(run_id, len(events), owner=owner)
            if first is None:
                refused[(run_id, owner)] = (
                    LeaseLost(f"run {run_id} is no longer leased to {owner}")
                    if owner is not None
                    else RunGone(f"run {run_id} does not exist")
                )
                continue
            for seq, event in enumerate(events, first):
                rows[(run_id, id(event))] = RunEvent(
                    run_id=run_id,
                    seq=seq,
                    kind=event.kind.value,
                    data=event.data,
                    ts=datetime.fromtimestamp(event.ts, tz=UTC),
                )
        RunEvent.objects.bulk_create(rows.values())
    return [
        refused.get((run_id, owner)) or rows[(run_id, id(event))] for run_id, owner, event in items
    ]


def append(
    run_id: int,
    kind: EventKind,
    data: dict[str, Any],
    *,
    while_statuses: tuple[str, ...] | None = None,
) -> RunEvent | None:
    """Write one event from outside the loop (a queued message, undo, the reaper).

    Its seq is the run's next, taken under the run's row lock like every
    event's (``persist``), so it never collides with the loop's. With
    ``while_statuses`` nothing is written (``None``) unless the run has one
    of them — read under the same lock.
    """
    with transaction.atomic():
        seq = Run.objects.take_seqs(run_id, 1)
        if seq is None:
            return None
        if while_statuses is not None and not (
            Run.objects.filter(pk=run_id, status__in=while_statuses).exists()
        ):
            transaction.set_rollback(True)
            return None
        return RunEvent.objects.create(
            run_id=run_id, seq=seq, kind=kind.value, data=data, ts=timezone.now()
        )


async def broadcast(*rows: RunEvent | None) -> None:
    """Ring the run's group for events already persisted."""
    for row in rows:
        if row is not None:
            await bus.send(bus.run_group(row.run_id), broadcast_message(row))


class DbEventSink:
    """Writes each event with its per-run ``seq``, then rings the run's group.

    The broadcast is a doorbell (``bus.send``): if the channel layer is down
    the event is still in the database, sockets re-read it when they
    resubscribe, and the run goes on instead of failing on a notification.
    """

    def __init__(self, run_id: int, owner: str | None = None) -> None:
        self.run_id = run_id
        self.owner = owner
        # Made by the first delta: only the sink of the run's own execution streams.
        self.live: deltas.LiveText | None = None

    async def emit(self, event: Event) -> None:
        row = await writer().write(self.run_id, event, self.owner)
        if self.live is None:
            await broadcast(row)
            return
        async with self.live.lock:
            # Streamed text first: a delta never arrives after the event that ends it.
            await self.live.before_event(event.seq)
            await broadcast(row)
        if event.kind is EventKind.RUN_FINISHED:
            deltas.forget(self.run_id)

    def delta(self, after_seq: int, kind: DeltaKind, text: str) -> None:
        """New words of an answer being written: throttled to the run's sockets, not stored."""
        if self.live is None:
            self.live = deltas.live_text(self.run_id)
        self.live.add(after_seq, kind, text)


def broadcast_message(row: RunEvent) -> dict[str, Any]:
    """The doorbell for one persisted event, its frame already JSON (encoded once for all).

    ``text`` is the frame as the sockets send it, or ``None`` for an event too
    large for the channel layer (the receivers read its row instead). Like every
    layer message it is shared by all receivers and never changed.
    """
    text: str | None = json.dumps(row.as_frame())
    if len(text) > MAX_BROADCAST_BYTES:
        text = None
    return {
        "type": "run.event",
        "run_id": row.run_id,
        "seq": row.seq,
        "kind": row.kind,
        "text": text,
    }
