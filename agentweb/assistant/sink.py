"""Persist, then broadcast (R-X3-2): the engine's events become RunEvent rows first."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from agentweb.assistant.groups import run_group
from agentweb.assistant.models import Run, RunEvent
from agentweb.engine.events import Event

# Channel layers only guarantee messages up to about 1 MB; events larger than
# this are sent as a doorbell without data, and the socket reads the row.
MAX_BROADCAST_BYTES = 256 * 1024


class DbEventSink:
    """Writes each event with its per-run ``seq``, then rings the run's group."""

    def __init__(self, run_id: int) -> None:
        self.run_id = run_id
        self.layer = get_channel_layer()

    async def emit(self, event: Event) -> None:
        row = await _persist(self.run_id, event)
        if self.layer is not None:
            await self.layer.group_send(run_group(self.run_id), broadcast_message(row))


@database_sync_to_async
def _persist(run_id: int, event: Event) -> RunEvent:
    ts = datetime.fromtimestamp(event.ts, tz=UTC)
    with transaction.atomic():
        row = RunEvent.objects.create(
            run_id=run_id, seq=event.seq, kind=event.kind.value, data=event.data, ts=ts
        )
        Run.objects.filter(pk=run_id, last_seq__lt=event.seq).update(last_seq=event.seq)
    return row


def broadcast_message(row: RunEvent) -> dict[str, Any]:
    frame = row.as_frame()
    size = len(str(frame["data"]))
    if size > MAX_BROADCAST_BYTES:
        frame = {**frame, "data": None}
    return {"type": "run.event", "frame": frame}
