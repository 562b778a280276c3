"""Persist, then broadcast (R-X3-2): the engine's events become RunEvent rows first.

Events of all the runs a process executes go through one group commit per
event loop (``lib.group_commit``), which writes whatever is pending in one
transaction and only then lets each event be broadcast. Under load many
events share one commit; alone, an event costs one round trip.

A worker writes under its lease (``owner``): each run's events are written
only while the worker still holds the run (the "fence"), so once the reaper
has interrupted a run (``recovery.reap_expired``), a stalled worker that wakes
up can write nothing more to it — no duplicate ``seq``, no second
``run.finished``. The in-process executor writes unfenced.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from channels.db import database_sync_to_async
from django.utils import timezone

from agentweb.assistant import bus
from agentweb.assistant.models import RunEvent, event_frame, event_store
from agentweb.assistant.runs import deltas
from agentweb.assistant.runs.live import LiveRun
from agentweb.engine.events import (
    DeltaKind,
    Event,
    EventData,
    EventKind,
    FailureSeen,
    data_as,
)
from agentweb.lib import db_lane
from agentweb.lib.group_commit import GroupCommit
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


async def _write(items: list[Item]) -> list[list[RunEvent] | BaseException]:
    # Every event waits for this write before it is sent: it goes before the thread's
    # other work (new messages, run starts, tool lookups), which only moves runs along.
    with db_lane.first():
        try:
            return await database_sync_to_async(persist)(items)
        except Exception:
            # One bad event must not fail its neighbours' runs: write them one by one.
            return [await _persist_alone(item) for item in items]


async def _persist_alone(item: Item) -> list[RunEvent] | BaseException:
    try:
        return (await database_sync_to_async(persist)([item]))[0]
    except Exception as exc:
        return exc


# One per event loop: the events of every run it executes, written a group at a time
# (one transaction for the lot, at most MAX_BATCH events).
_writers: PerLoop[GroupCommit[Item, list[RunEvent]]] = PerLoop(
    lambda: GroupCommit(
        _write, max_weight=MAX_BATCH, weight=lambda item: len(item[2]), name="event-writer"
    )
)


async def write_events(
    run_id: int, events: list[Event], owner: str | None = None
) -> list[RunEvent]:
    """Persist one run's events (in order, numbered after everything before them)."""
    return await _writers.get().submit((run_id, owner, events))


def persist(items: list[Item]) -> list[list[RunEvent] | BaseException]:
    """Each run's events, numbered after its ``last_seq`` (fenced by a lease), at once.

    The database numbers the events (``event_store``, under the run's row
    lock), and nothing else does: events written outside the loop — a queued
    message, undo, the reaper (``append``, ``Run.objects.finish``) — take their
    numbers the same way, even while the loop runs, so no two writers ever
    take one seq. The reaper (which locks the row too) either sees these
    events or this write sees the lease gone. A single event alone is one
    statement; any group is one UPDATE and one INSERT in one transaction,
    whatever the number of runs and events. A run fenced out gets its
    exception; the others are written.
    """
    if len(items) == 1 and len(items[0][2]) == 1:
        # The common case when idle (the loop awaits each event): one statement.
        run_id, owner, (event,) = items[0]
        at = datetime.fromtimestamp(event.ts, tz=UTC)
        row = event_store.write_event(
            run_id, event.kind.value, event.data, at, owner=owner, encoded=event.encoded
        )
        return [[row] if row is not None else _refused(run_id, owner)]
    written = event_store.write_events(
        [
            (
                run_id,
                owner,
                [
                    (e.kind.value, e.data, datetime.fromtimestamp(e.ts, tz=UTC), e.encoded)
                    for e in events
                ],
            )
            for run_id, owner, events in items
        ]
    )
    return [
        rows if rows is not None else _refused(run_id, owner)
        for (run_id, owner, _), rows in zip(items, written, strict=True)
    ]


def persist_now(run_id: int, owner: str | None, events: list[Event]) -> list[RunEvent]:
    """One run's events, written now (the end's transaction); none if it is fenced out
    or gone (its end then matches nothing either)."""
    if not events:
        return []
    (rows,) = persist([(run_id, owner, events)])
    return [] if isinstance(rows, BaseException) else rows


def _refused(run_id: int, owner: str | None) -> Exception:
    if owner is not None:
        return LeaseLost(f"run {run_id} is no longer leased to {owner}")
    return RunGone(f"run {run_id} does not exist")


def append(
    run_id: int,
    data: EventData,
    *,
    while_statuses: tuple[str, ...] | None = None,
) -> RunEvent | None:
    """Write one event from outside the loop (a queued message, undo, the reaper).

    Its seq is the run's next, taken under the run's row lock like every
    event's (``persist``), so it never collides with the loop's. With
    ``while_statuses`` nothing is written (``None``) unless the run has one
    of them — read under the same lock, in the same statement.
    """
    return event_store.write_event(
        run_id, data.KIND.value, data.as_data(), timezone.now(), statuses=while_statuses
    )


# Events that change a run's row in the trace viewer's run list: its start and its end.
LISTED = frozenset({EventKind.RUN_STARTED.value, EventKind.RUN_FINISHED.value})


async def broadcast(*rows: RunEvent | None) -> None:
    """Ring the run's group for events already persisted (and the run lists' group for a
    run's start and end: one more send per run, none per step)."""
    for row in rows:
        if row is not None:
            await bus.send(bus.run_group(row.run_id), broadcast_message(row))
            if row.kind in LISTED:
                await bus.runs_changed(row.run_id)


class DbEventSink:
    """Writes each event with its per-run ``seq``, then rings the run's group.

    The loop awaits each write: its next call (a guard's, a tool's) queues
    behind it, so an event reaches the sockets before the step it announces
    has gone far. The writes of every run in the process share one
    transaction (``write_events``).

    The run's end is held: ``run.finished`` and the terminal ``failure`` right
    before it (a stop, undo, forget) are written with the run's final row, in one
    trip and one transaction (``end.store``), then published here
    (``publish_end``) like every other event of the run.

    The broadcast is a doorbell (``bus.send``): if the channel layer is down
    the event is still in the database, sockets re-read it when they
    resubscribe, and the run goes on instead of failing on a notification.
    """

    def __init__(self, run_id: int, owner: str | None = None, live: LiveRun | None = None) -> None:
        self.run_id = run_id
        self.owner = owner
        # The run as this process executes it: its streamed text lives there.
        self.run = live
        # The streamed text, made by the first delta: only the sink of the run's own
        # execution streams.
        self.live: deltas.LiveText | None = None
        # The engine's number of the last event broadcast, and the seq it was stored as.
        self._published: tuple[int, int] = (0, 0)
        # The end, held: ``run.finished``, and the events written with the run's row.
        self.finished: Event | None = None
        self.last: list[Event] = []

    async def emit(self, event: Event) -> None:
        if event.kind is EventKind.RUN_FINISHED:
            self.finished = event
            return
        if self.last:  # not the end after all: written in order, before this one
            held, self.last = self.last, []
            for earlier in held:
                await self._write(earlier)
        if event.kind is EventKind.FAILURE and _terminal(event):
            self.last.append(event)
            return
        await self._write(event)

    async def _write(self, event: Event) -> None:
        (row,) = await write_events(self.run_id, [event], self.owner)
        await self.publish(event, row)

    async def publish(self, event: Event, row: RunEvent) -> None:
        """Ring the run's group for ``event``, persisted as ``row``."""
        if self.live is None:
            await broadcast(row)
        else:
            async with self.live.lock:
                # Streamed text first: a delta never arrives after the event that ends it.
                await self.live.before_event(row.seq)
                await broadcast(row)
        self._published = (event.seq, row.seq)

    async def publish_end(self, stored: list[RunEvent], *, held: bool = True) -> None:
        """The end as the run's final write stored it: the held events first (``held``:
        written with it; a crash's end writes none of them), then ``run.finished``."""
        last = self.last if held else []
        for event, row in zip(last, stored, strict=False):
            await self.publish(event, row)
        await broadcast(*stored[len(last) :])

    def delta(self, after_seq: int, kind: DeltaKind, text: str) -> None:
        """New words of an answer being written: throttled to the run's sockets, not stored.

        ``after_seq`` is the engine's number of the event the text follows; the
        sockets know events by their stored seq, which the delta carries
        instead (a message queued mid-run shifts one against the other).
        """
        if self.live is None:
            self.live = self.run.stream() if self.run else deltas.LiveText(self.run_id)
        engine_seq, stored_seq = self._published
        if after_seq == engine_seq:
            self.live.add(stored_seq, kind, text)


def _terminal(event: Event) -> bool:
    """A failure that ends the run (its ``run.finished`` follows)."""
    failure = data_as(FailureSeen, event.kind, event.data)
    return bool(failure and failure.terminal)


def broadcast_message(row: RunEvent) -> dict[str, Any]:
    """The doorbell for one persisted event, its frame already JSON (encoded once for all).

    ``text`` is the frame as the sockets send it, or ``None`` for an event too
    large for the channel layer (the receivers read its row instead). Like every
    layer message it is shared by all receivers and never changed.
    """
    text: str | None = frame_text(row)
    if len(text) > MAX_BROADCAST_BYTES:
        text = None
    return {
        "type": "run.event",
        "run_id": row.run_id,
        "seq": row.seq,
        "kind": row.kind,
        "text": text,
    }


def frame_text(row: RunEvent) -> str:
    """``json.dumps(row.as_frame())``; for a row just written, with its data as encoded
    for the INSERT (``event_store``) rather than encoded a second time."""
    encoded = getattr(row, "encoded", None)
    if encoded is None:
        return json.dumps(row.as_frame())
    frame = event_frame(row.run_id, row.seq, row.kind, _DATA, row.ts)
    return json.dumps(frame).replace(_DATA_JSON, encoded, 1)


# Stands for the data in a frame encoded without it (no kind, number or time contains it).
_DATA = "\x00data\x00"
_DATA_JSON = json.dumps(_DATA)
