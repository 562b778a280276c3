"""Trace events: every step of a run, numbered per run (SPEC §15, R-X3-2).

The engine emits; a sink decides what to do with each event. The web layer's
sink persists an event before broadcasting it, so the loop awaits ``emit``.

Deltas are not events: the new words of an answer the model is still
writing, handed to a sink that has ``delta`` (not awaited, never persisted,
no seq of their own — they follow the last persisted event, ``after_seq``).
The ``answer`` event that follows them stays the source of truth.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from agentweb.engine.credentials import redact_all_encoded


class EventKind(StrEnum):
    RUN_STARTED = "run.started"
    ROUTE_DECIDED = "route.decided"
    ROUND_STARTED = "round.started"
    MODEL_STARTED = "model.started"
    MODEL_CALLED = "model.called"
    DECISION = "decision"
    TOOL_STARTED = "tool.started"
    TOOL_FINISHED = "tool.finished"
    ANSWER = "answer"
    FAILURE = "failure"
    DEGRADED = "degraded"
    RETHINK = "rethink"
    COMPRESSED = "context.compressed"
    INBOX_QUEUED = "inbox.queued"
    INBOX_CLAIMED = "inbox.claimed"
    ACTION_PENDING = "action.pending"
    ACTION_CONFIRMED = "action.confirmed"
    RUN_FINISHED = "run.finished"


@dataclass(slots=True)
class Event:
    seq: int
    kind: EventKind
    data: dict[str, Any]
    ts: float = field(default_factory=time.time)
    # ``json.dumps(data)``, when the event log has it already (a sink that stores the
    # event need not encode it again); ``None``: not known.
    encoded: str | None = field(default=None, repr=False, compare=False)

    def as_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind.value, "data": self.data, "ts": self.ts}


class DeltaKind(StrEnum):
    ANSWER = "answer.delta"


class EventSink(Protocol):
    async def emit(self, event: Event) -> None: ...


class DeltaSink(Protocol):
    """A sink that also takes deltas (sockets that show an answer as it is written)."""

    def delta(self, after_seq: int, kind: DeltaKind, text: str) -> None: ...


class NullSink:
    """Drops events (benchmarks, tools run outside a traced request)."""

    async def emit(self, event: Event) -> None:
        return None


class ListSink:
    """Keeps events in memory, in order (tests, the offline CLI)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.deltas: list[tuple[int, DeltaKind, str]] = []

    async def emit(self, event: Event) -> None:
        self.events.append(event)

    def delta(self, after_seq: int, kind: DeltaKind, text: str) -> None:
        self.deltas.append((after_seq, kind, text))

    def kinds(self) -> list[str]:
        return [event.kind.value for event in self.events]

    def of(self, kind: EventKind) -> list[Event]:
        return [event for event in self.events if event.kind is kind]


class EventLog:
    """Numbers the events of one execution in the order emitted: from 1, with no gaps.

    This is the order within one execution (what a delta follows, what a
    list sink shows). A sink that stores a trace gives the events their
    trace numbers itself (the web layer's database does, after whatever else
    the trace holds).
    """

    __slots__ = ("_delta", "_seq", "sink")

    def __init__(self, sink: EventSink) -> None:
        self.sink = sink
        self._seq = 0
        self._delta = getattr(sink, "delta", None)

    @property
    def last_seq(self) -> int:
        return self._seq

    async def emit(self, kind: EventKind, data: dict[str, Any]) -> Event:
        self._seq += 1
        # Every event of a run passes here: no credential reaches a sink.
        clean, encoded = redact_all_encoded(data)
        event = Event(self._seq, kind, clean, encoded=encoded)
        await self.sink.emit(event)
        return event

    def delta(self, kind: DeltaKind, text: str) -> None:
        """New text of something still being written; dropped by sinks without ``delta``."""
        if self._delta is not None and text:
            self._delta(self._seq, kind, text)
