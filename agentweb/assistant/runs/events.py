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
from contextlib import nullcontext
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


Item = tuple[int, str | None, list[Event]]  # run id, lease owner (None: unfenced), events
Pending = tuple[Item, "asyncio.Future[list[RunEvent]]"]


class EventWriter:
    """Group commit of trace events for one event loop: all pending share one transaction.

    Under load a process emits events of many runs at once; one transaction
    for the lot (one conditional UPDATE per run, one multi-row INSERT) instead
    of one per event is the difference between the database keeping up or not.
    """

    def __init__(self) -> None:
        self.pending: list[Pending] = []
        self._task: asyncio.Task[None] | None = None

    async def write(
        self, run_id: int, events: list[Event], owner: str | None = None
    ) -> list[RunEvent]:
        """Persist one run's events (in order, numbered after everything before them)."""
        future: asyncio.Future[list[RunEvent]] = asyncio.get_running_loop().create_future()
        self.pending.append(((run_id, owner, events), future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name="event-writer")
        return await future

    async def _drain(self) -> None:
        while self.pending:
            batch, self.pending = _take_batch(self.pending)
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


def _take_batch(pending: list[Pending]) -> tuple[list[Pending], list[Pending]]:
    """The first items holding at most MAX_BATCH events (at least one item), and the rest."""
    count = 0
    for n, ((_, _, events), _) in enumerate(pending):
        count += len(events)
        if count > MAX_BATCH and n > 0:
            return pending[:n], pending[n:]
    return pending, []


async def _persist_alone(item: Item) -> list[RunEvent] | BaseException:
    try:
        return (await database_sync_to_async(persist)([item]))[0]
    except Exception as exc:
        return exc


_writers: PerLoop[EventWriter] = PerLoop(EventWriter)


def writer() -> EventWriter:
    return _writers.get()


def persist(items: list[Item]) -> list[list[RunEvent] | BaseException]:
    """One transaction: each run's events, numbered after its ``last_seq`` (fenced by a lease).

    The database numbers the events (``Run.objects.take_seqs``, under the run's
    row lock), and nothing else does: events written outside the loop — a
    queued message, undo, the reaper (``append``, ``Run.objects.finish``) —
    take their numbers the same way, even while the loop runs, so no two
    writers ever take one seq. The reaper (which locks the row too) either
    sees these events or this write sees the lease gone. A run's single event
    is one statement (``Run.objects.write_event``); several are one UPDATE and
    one INSERT, whatever their number.
    """
    results: list[list[RunEvent] | BaseException] = []
    rows: list[RunEvent] = []
    # One statement alone needs no transaction of its own.
    with transaction.atomic() if len(items) > 1 else nullcontext():
        for run_id, owner, events in items:
            if len(events) == 1:
                # The common case (the loop awaits each event): one statement.
                event = events[0]
                at = datetime.fromtimestamp(event.ts, tz=UTC)
                row = Run.objects.write_event(run_id, event.kind.value, event.data, at, owner=owner)
                results.append([row] if row is not None else _refused(run_id, owner))
                continue
            first = Run.objects.take_seqs(run_id, len(events), owner=owner)
            if first is None:
                results.append(_refused(run_id, owner))
                continue
            mine = [event_row(run_id, event, seq) for seq, event in enumerate(events, first)]
            rows += mine
            results.append(mine)
        if rows:
            RunEvent.objects.bulk_create(rows)
    return results


def _refused(run_id: int, owner: str | None) -> Exception:
    if owner is not None:
        return LeaseLost(f"run {run_id} is no longer leased to {owner}")
    return RunGone(f"run {run_id} does not exist")


def event_row(run_id: int, event: Event, seq: int) -> RunEvent:
    """The row an engine event is stored as (``seq``: the number the database gave it)."""
    return RunEvent(
        run_id=run_id,
        seq=seq,
        kind=event.kind.value,
        data=event.data,
        ts=datetime.fromtimestamp(event.ts, tz=UTC),
    )


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

    The loop awaits each write: its next call (a guard's, a tool's) queues
    behind it, so an event reaches the sockets before the step it announces
    has gone far. The writes of every run in the process share one
    transaction (``EventWriter``).

    The broadcast is a doorbell (``bus.send``): if the channel layer is down
    the event is still in the database, sockets re-read it when they
    resubscribe, and the run goes on instead of failing on a notification.
    """

    def __init__(self, run_id: int, owner: str | None = None) -> None:
        self.run_id = run_id
        self.owner = owner
        # Made by the first delta: only the sink of the run's own execution streams.
        self.live: deltas.LiveText | None = None
        # The engine's number of the last event broadcast, and the seq it was stored as.
        self._published: tuple[int, int] = (0, 0)

    async def emit(self, event: Event) -> None:
        (row,) = await writer().write(self.run_id, [event], self.owner)
        await self._broadcast(event, row)

    async def _broadcast(self, event: Event, row: RunEvent) -> None:
        if self.live is None:
            await broadcast(row)
        else:
            async with self.live.lock:
                # Streamed text first: a delta never arrives after the event that ends it.
                await self.live.before_event(row.seq)
                await broadcast(row)
        self._published = (event.seq, row.seq)
        if event.kind is EventKind.RUN_FINISHED:
            deltas.forget(self.run_id)

    def delta(self, after_seq: int, kind: DeltaKind, text: str) -> None:
        """New words of an answer being written: throttled to the run's sockets, not stored.

        ``after_seq`` is the engine's number of the event the text follows; the
        sockets know events by their stored seq, which the delta carries
        instead (a message queued mid-run shifts one against the other).
        """
        if self.live is None:
            self.live = deltas.live_text(self.run_id)
        engine_seq, stored_seq = self._published
        if after_seq == engine_seq:
            self.live.add(stored_seq, kind, text)


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
