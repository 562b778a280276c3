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
from typing import Any, ClassVar, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

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


# Events written beside the loop while it runs (a message queued by the player):
# they take a seq in the trace but do not end the text being streamed, so a delta
# that follows the loop's last event is still current after one of them.
BESIDE_THE_LOOP = frozenset({EventKind.INBOX_QUEUED.value})


def streams_after(kind: str) -> bool:
    """Whether an event of ``kind`` is one deltas can follow (a step of the loop)."""
    return kind not in BESIDE_THE_LOOP


class EventData(BaseModel):
    """The data of one event kind, typed: what its emitters write and its readers (the
    trace timeline, the export, undo, the page) read. Emitters build events from these
    models, which refuse unknown fields: data a kind does not declare is a bug where it
    is written, not a surprise where it is read. Rows stored by older versions are read
    with ``stored_data`` (tolerant); what is emitted now with the model itself (strict).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    KIND: ClassVar[EventKind]

    def as_data(self) -> dict[str, Any]:
        """The stored form: the fields the emitter gave (defaults it left out stay out)."""
        return self.model_dump(exclude_unset=True)


class Budget(BaseModel):
    """Usage against limits at a moment of the run (``ExecutionContext.limits``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    usage: dict[str, int]
    limits: dict[str, int | None]
    elapsed_ms: int


class RunStarted(EventData):
    KIND = EventKind.RUN_STARTED
    question: str
    allow_web: bool
    workflow: str | None
    budget: Budget


class RouteDecided(EventData):
    KIND = EventKind.ROUTE_DECIDED
    workflow: str
    by: str | None = None
    command: str | None = None
    # Why the chat fallback answers (the router's reply named no workflow).
    reason: str | None = None
    policy: dict[str, Any] | None = None
    # Per-request options: those asked for and the policy fields they changed (R-X4-3).
    options: dict[str, Any] | None = None


class RoundStarted(EventData):
    KIND = EventKind.ROUND_STARTED
    round: int
    rounds_total: int
    final_only: bool
    rethink: bool
    budget: Budget


class ModelStarted(EventData):
    KIND = EventKind.MODEL_STARTED
    round: int
    purpose: str
    prompt: str
    continuation: int


class ModelCalled(ModelStarted):
    KIND = EventKind.MODEL_CALLED
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
    KIND = EventKind.DECISION
    round: int
    type: str
    input: Any = None
    text: str | None = None
    sources: list[Any] | None = None
    # An answer that says a budget ran out before it could check everything.
    incomplete: Any = None
    # Whatever else the model's answer object carried, kept as it was.
    extra: dict[str, Any] | None = None


class ToolStarted(EventData):
    KIND = EventKind.TOOL_STARTED
    step_id: str
    tool: str
    input: Any
    writes: bool


class ToolFinished(ToolStarted):
    KIND = EventKind.TOOL_FINISHED
    module: str
    observation: Any
    output: Any
    card: dict[str, Any] | None
    latency_ms: float


class AnswerGiven(EventData):
    KIND = EventKind.ANSWER
    text: str
    sources: list[dict[str, Any]]
    cards: list[Any]
    finalized: bool = False


class FailureSeen(EventData):
    KIND = EventKind.FAILURE
    round: int
    failure: str
    message: str
    detail: Any = None
    recoverable: bool = False
    terminal: bool = False
    finalization: bool = False
    budget: str | None = None


class RunDegraded(EventData):
    KIND = EventKind.DEGRADED
    failure: dict[str, Any]
    finalized: bool
    text: str | None = None
    cards: list[Any] | None = None


class ContextCompressed(EventData):
    KIND = EventKind.COMPRESSED
    round: int
    folded: int
    summary: str


class InboxQueued(EventData):
    KIND = EventKind.INBOX_QUEUED
    entry_id: int
    text: str
    # Sent to join this run (claimed at its next step) rather than to wait for its end.
    steer: bool = False


class InboxClaimed(EventData):
    KIND = EventKind.INBOX_CLAIMED
    round: int
    messages: list[str]


class ActionPending(EventData):
    KIND = EventKind.ACTION_PENDING
    action_id: str
    step_id: str
    tool: str
    input: Any
    text: str


class ActionConfirmed(EventData):
    KIND = EventKind.ACTION_CONFIRMED
    action_id: str
    decision: Literal["approve", "reject"]


class RunFinished(EventData):
    KIND = EventKind.RUN_FINISHED
    status: str
    stop_reason: dict[str, Any]
    workflow: str | None = None
    usage: dict[str, Any] | None = None
    text: str | None = None
    # An undo's account of the compensated writes (``runs/compensation.py``).
    reverted: list[Any] | None = None
    summary: list[Any] | None = None
    not_reverted: list[Any] | None = None
    unfinished: list[Any] | None = None


# One model per event kind (``tests/engine/test_every_event_kind_has_one_model.py``).
EVENT_DATA: dict[EventKind, type[EventData]] = {
    model.KIND: model
    for model in (
        RunStarted,
        RouteDecided,
        RoundStarted,
        ModelStarted,
        ModelCalled,
        DecisionMade,
        ToolStarted,
        ToolFinished,
        AnswerGiven,
        FailureSeen,
        RunDegraded,
        ContextCompressed,
        InboxQueued,
        InboxClaimed,
        ActionPending,
        ActionConfirmed,
        RunFinished,
    )
}


class MalformedEvent(ValueError):
    """Event data that is not its kind's model (or of no known kind)."""


def _model_of(kind: str) -> type[EventData]:
    try:
        return EVENT_DATA[EventKind(kind)]
    except ValueError:
        raise MalformedEvent(f"no event kind {kind!r}") from None


def event_data(kind: str, data: Any) -> EventData:
    """``data`` as the model of ``kind``, strictly (what is emitted now):
    ``MalformedEvent`` names what is wrong, an unknown field too."""
    model = _model_of(kind)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise MalformedEvent(f"{kind}: {exc}") from None


def _tolerant(model: type[EventData]) -> type[EventData]:
    """``model`` with every field optional (``None`` when absent): a stored row of an
    older version may lack a field added since; still an instance of ``model``."""
    optional = {
        name: (info.annotation | None, info.default if not info.is_required() else None)
        for name, info in model.model_fields.items()
    }
    return create_model(f"Stored{model.__name__}", __base__=model, **optional)  # type: ignore[call-overload]


_STORED: dict[EventKind, type[EventData]] = {kind: _tolerant(m) for kind, m in EVENT_DATA.items()}


def stored_data(kind: str, data: Any) -> EventData | None:
    """A stored row's data as its kind's model, tolerantly (rows written by older
    versions, imported traces): fields the model does not know are left out, a field
    missing or of the wrong type is ``None`` (or its default); ``None`` when the kind is
    unknown or the data no object. The row itself stays as it was stored (the trace
    shows it, the export gives it untouched)."""
    try:
        model = _STORED[EventKind(kind)]
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    fields = model.model_fields
    known = {name: value for name, value in data.items() if name in fields}
    try:
        return model.model_validate(known)
    except ValidationError as exc:
        bad = {error["loc"][0] for error in exc.errors() if error["loc"]}
    return model.model_validate({k: v for k, v in known.items() if k not in bad})


D = TypeVar("D", bound=EventData)


def data_as(model: type[D], kind: str, data: Any) -> D | None:
    """A stored row of ``kind`` as ``model`` (its kind's model, or one it extends),
    tolerantly (``stored_data``); ``None`` when it cannot be read as one."""
    found = stored_data(kind, data)
    return found if isinstance(found, model) else None


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

    async def emit(self, data: EventData) -> Event:
        """Number ``data`` (its kind's model) and hand it to the sink."""
        self._seq += 1
        # Every event of a run passes here: no credential reaches a sink.
        clean, encoded = redact_all_encoded(data.as_data())
        event = Event(self._seq, data.KIND, clean, encoded=encoded)
        await self.sink.emit(event)
        return event

    def delta(self, kind: DeltaKind, text: str) -> None:
        """New text of something still being written; dropped by sinks without ``delta``."""
        if self._delta is not None and text:
            self._delta(self._seq, kind, text)
