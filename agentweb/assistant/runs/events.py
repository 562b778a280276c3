"""Persist, then broadcast (R-X3-2): the engine's events become RunEvent rows first.

Events of all the runs a process executes go through one ``EventWriter`` per
event loop, which commits whatever is pending in one transaction (group
commit) and only then lets each event be broadcast. Under load many events
share one commit; alone, an event costs one round trip as before.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from agentweb.assistant.bus import run_group
from agentweb.assistant.models import Run, RunEvent
from agentweb.engine.events import Event
from agentweb.lib.per_loop import PerLoop

# Channel layers only guarantee messages up to about 1 MB; events larger than
# this are sent as a doorbell without data, and the socket reads the row.
MAX_BROADCAST_BYTES = 256 * 1024
# At most this many events share one commit (bounds one transaction's size).
MAX_BATCH = 500

Pending = tuple[int, Event, "asyncio.Future[RunEvent]"]


class EventWriter:
    """Group commit of trace events for one event loop."""

    def __init__(self) -> None:
        self.pending: list[Pending] = []
        self._task: asyncio.Task[None] | None = None

    async def write(self, run_id: int, event: Event) -> RunEvent:
        future: asyncio.Future[RunEvent] = asyncio.get_running_loop().create_future()
        self.pending.append((run_id, event, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name="event-writer")
        return await future

    async def _drain(self) -> None:
        while self.pending:
            batch, self.pending = self.pending[:MAX_BATCH], self.pending[MAX_BATCH:]
            try:
                rows = await database_sync_to_async(_persist_many)(
                    [(run_id, event) for run_id, event, _ in batch]
                )
            except Exception:
                # One bad event (say a duplicate seq) must not fail its neighbours.
                for run_id, event, future in batch:
                    await _settle_alone(run_id, event, future)
                continue
            for (_, _, future), row in zip(batch, rows, strict=True):
                if not future.done():
                    future.set_result(row)


async def _settle_alone(run_id: int, event: Event, future: asyncio.Future[RunEvent]) -> None:
    try:
        row = (await database_sync_to_async(_persist_many)([(run_id, event)]))[0]
    except Exception as exc:
        if not future.done():
            future.set_exception(exc)
        return
    if not future.done():
        future.set_result(row)


_writers: PerLoop[EventWriter] = PerLoop(EventWriter)


def writer() -> EventWriter:
    return _writers.get()


class DbEventSink:
    """Writes each event with its per-run ``seq``, then rings the run's group."""

    def __init__(self, run_id: int) -> None:
        self.run_id = run_id
        self.layer = get_channel_layer()

    async def emit(self, event: Event) -> None:
        row = await writer().write(self.run_id, event)
        if self.layer is not None:
            await self.layer.group_send(run_group(self.run_id), broadcast_message(row))


def _persist_many(items: list[tuple[int, Event]]) -> list[RunEvent]:
    rows = [
        RunEvent(
            run_id=run_id,
            seq=event.seq,
            kind=event.kind.value,
            data=event.data,
            ts=datetime.fromtimestamp(event.ts, tz=UTC),
        )
        for run_id, event in items
    ]
    last: dict[int, int] = {}
    for run_id, event in items:
        last[run_id] = max(last.get(run_id, 0), event.seq)
    with transaction.atomic():
        RunEvent.objects.bulk_create(rows)
        for run_id, seq in last.items():
            Run.objects.filter(pk=run_id, last_seq__lt=seq).update(last_seq=seq)
    return rows


def broadcast_message(row: RunEvent) -> dict[str, Any]:
    frame = row.as_frame()
    size = len(str(frame["data"]))
    if size > MAX_BROADCAST_BYTES:
        frame = {**frame, "data": None}
    return {"type": "run.event", "frame": frame}
