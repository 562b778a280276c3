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
from typing import Any, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

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
    COMPRESSED = "context.compressed"
    INBOX_QUEUED = "inbox.queued"
    INBOX_CLAIMED = "inbox.claimed"
    ACTION_PENDING = "action.pending"
    ACTION_CONFIRMED = "action.confirmed"
    RUN_FINISHED = "run.finished"


class EventData(BaseModel):
    """The data of one event kind: the fields its readers (the trace timeline, the
    export, undo, the page) rely on, typed. Fields a kind's emitters add beyond these
    (a failure's detail, a route's reason) are kept as they are."""

    model_config = ConfigDict(extra="allow", frozen=True)


class Budget(EventData):
    """Usage against limits at a moment of the run (``ExecutionContext.limits``)."""

    usage: dict[str, int]
    limits: dict[str, int | None]
    elapsed_ms: int


class RunStarted(EventData):
    question: str
    allow_web: bool
    workflow: str | None
    budget: Budget


class RouteDecided(EventData):
    workflow: str
    by: str | None = None
    command: str | None = None
    policy: dict[str, Any] | None = None


class RoundStarted(EventData):
    round: int
    rounds_total: int
    final_only: bool
    rethink: bool
    budget: Budget


class ModelStarted(EventData):
    round: int
    purpose: str
    prompt: str
    continuation: int


class ModelCalled(ModelStarted):
    request: str | None
    reply: str
    tokens_in: int
    tokens_out: int
    latency_ms: float
    ttft_ms: float | None
    tokens_per_s: float | None
    finish_reason: str | None
    model: str | None
    partial: bool = False
    failure: str | None = None


class DecisionMade(EventData):
    round: int
    type: str
    input: Any = None
    text: str | None = None


class ToolStarted(EventData):
    step_id: str
    tool: str
    input: Any
    writes: bool


class ToolFinished(ToolStarted):
    module: str
    observation: Any
    output: Any
    card: dict[str, Any] | None
    latency_ms: float


class AnswerGiven(EventData):
    text: str
    sources: list[dict[str, Any]]
    cards: list[Any]
    finalized: bool = False


class FailureSeen(EventData):
    round: int
    failure: str
    message: str
    recoverable: bool = False
    terminal: bool = False
    finalization: bool = False
    budget: str | None = None


class Degraded(EventData):
    failure: dict[str, Any]
    finalized: bool
    text: str | None = None
    cards: list[Any] | None = None


class ContextCompressed(EventData):
    round: int
    folded: int
    summary: str


class InboxQueued(EventData):
    entry_id: int
    text: str
    # Sent to join this run (claimed at its next step) rather than to wait for its end.
    steer: bool = False


class InboxClaimed(EventData):
    round: int
    messages: list[str]


class ActionPending(EventData):
    action_id: str
    step_id: str
    tool: str
    input: Any
    text: str


class ActionConfirmed(EventData):
    action_id: str
    decision: Literal["approve", "reject"]


class RunFinished(EventData):
    status: str
    stop_reason: dict[str, Any]
    workflow: str | None = None
    usage: dict[str, Any] | None = None
    text: str | None = None
    reverted: list[Any] | None = None


# One model per event kind (``tests/engine/test_every_event_kind_has_one_model.py``).
EVENT_DATA: dict[EventKind, type[EventData]] = {
    EventKind.RUN_STARTED: RunStarted,
    EventKind.ROUTE_DECIDED: RouteDecided,
    EventKind.ROUND_STARTED: RoundStarted,
    EventKind.MODEL_STARTED: ModelStarted,
    EventKind.MODEL_CALLED: ModelCalled,
    EventKind.DECISION: DecisionMade,
    EventKind.TOOL_STARTED: ToolStarted,
    EventKind.TOOL_FINISHED: ToolFinished,
    EventKind.ANSWER: AnswerGiven,
    EventKind.FAILURE: FailureSeen,
    EventKind.DEGRADED: Degraded,
    EventKind.COMPRESSED: ContextCompressed,
    EventKind.INBOX_QUEUED: InboxQueued,
    EventKind.INBOX_CLAIMED: InboxClaimed,
    EventKind.ACTION_PENDING: ActionPending,
    EventKind.ACTION_CONFIRMED: ActionConfirmed,
    EventKind.RUN_FINISHED: RunFinished,
}


class MalformedEvent(ValueError):
    """Event data that is not its kind's model (or of no known kind)."""


def event_data(kind: str, data: Any) -> EventData:
    """``data`` as the model of ``kind``; ``MalformedEvent`` names what is wrong."""
    try:
        model = EVENT_DATA[EventKind(kind)]
    except ValueError:
        raise MalformedEvent(f"no event kind {kind!r}") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise MalformedEvent(f"{kind}: {exc}") from None


D = TypeVar("D", bound=EventData)


def data_as(model: type[D], kind: str, data: Any) -> D:
    """``data`` of ``kind`` as ``model`` (its kind's model, or one it extends)."""
    found = event_data(kind, data)
    if not isinstance(found, model):
        raise MalformedEvent(f"{kind} is not a {model.__name__}")
    return found


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
