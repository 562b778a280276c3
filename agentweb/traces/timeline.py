"""A run's events as a timeline: rounds of steps placed on one time axis (R-UI-2).

Events carry when they were *written*. A model call is written when it
returns; it began right after the event before it (nothing else happens in
between but building the request and the guards' waits, which the call costs
the run too), or ``latency_ms`` earlier when it is the first event. A tool
call spans its ``tool.started`` and ``tool.finished`` events. Everything else
is an instant mark. Durations are wall-clock; the provider's and the tool's
own ``latency_ms`` are shown beside them. The same steps feed the detail
page, the comparison and the span view; the pages name each step with the
title of the event it stands for (``Step.described_as``), in the words of the
chat trace (``assistant/page/describe.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from agentweb.engine.events import (
    AnswerGiven,
    DecisionMade,
    EventData,
    EventKind,
    FailureSeen,
    ModelCalled,
    RoundStarted,
    RouteDecided,
    ToolFinished,
    ToolStarted,
    stored_data,
)

# Steps shorter than this still get a visible bar (percent of the axis).
MIN_BAR_PERCENT = 0.6
# The start group holds the routing; the end group the answer and the finish.
START_ROUND = 0
END_ROUND = -1
END_KINDS = frozenset({EventKind.ANSWER.value, EventKind.RUN_FINISHED.value})
FAILURE_KINDS = frozenset({EventKind.FAILURE.value, EventKind.DEGRADED.value})


@dataclass(slots=True)
class RawEvent:
    """One stored event, as the timeline needs it: ``data`` as it was stored (shown as it
    is), ``typed`` the same read as its kind's model (``stored_data``: tolerant of rows
    written by older versions; ``None`` when it cannot be read as one), which the
    timeline's logic reads."""

    seq: int
    kind: str
    ts: datetime
    data: dict[str, Any]
    typed: EventData | None = field(init=False)

    def __post_init__(self) -> None:
        self.typed = stored_data(self.kind, self.data)


@dataclass(slots=True)
class Step:
    """One row of the timeline: a model call, a tool call, or an instant mark."""

    seq: int
    kind: str
    round: int
    span: str  # "model" | "tool" | "mark"
    start: datetime
    end: datetime
    data: dict[str, Any]
    # The step's event as its kind's model (a tool call: its latest event), if readable.
    event: EventData | None = None
    decision: dict[str, Any] | None = None
    decided: DecisionMade | None = None
    finished: bool = True
    offset_ms: float = 0.0
    left: float = 0.0
    width: float = 0.0

    @property
    def duration_ms(self) -> float:
        return (self.end - self.start).total_seconds() * 1000

    @property
    def latency_ms(self) -> float | None:
        """What the model provider or the tool measured itself (no queueing, no storage)."""
        event = self.event
        return event.latency_ms if isinstance(event, ModelCalled | ToolFinished) else None

    @property
    def failed(self) -> bool:
        return self.kind in FAILURE_KINDS or (self.span == "tool" and not self.finished)

    @property
    def described_as(self) -> str:
        """The event whose title names this row (``assistant/page/describe.py``): a model
        call by its ``model.called``, a tool call by its ``tool.started``."""
        return {"model": EventKind.MODEL_CALLED.value, "tool": EventKind.TOOL_STARTED.value}.get(
            self.span, self.kind
        )

    @property
    def content(self) -> Any:
        """What the step did, beyond its signature: a tool's input, a model call's decision,
        an answer's text, a failure's message, a route's workflow — two steps of one
        signature that differ here are the same step done differently."""
        event = self.event
        if self.span == "model":
            made = self.decided
            return (made.type, made.input, made.text) if made else (None, None, None)
        match event:
            case ToolStarted():
                return event.input
            case AnswerGiven():
                return event.text
            case FailureSeen():
                return event.message
            case RouteDecided():
                return event.workflow
            case DecisionMade():
                return (event.type, event.input)
        return None

    @property
    def signature(self) -> str:
        """What makes two steps "the same step" when two runs are compared."""
        event = self.event
        if self.span == "tool":
            return f"tool:{event.tool if isinstance(event, ToolStarted) else None}"
        if self.span == "model":
            return f"model:{event.purpose if isinstance(event, ModelCalled) else None}"
        if isinstance(event, FailureSeen):
            return f"failure:{event.failure}"
        return self.kind


@dataclass(slots=True)
class Round:
    """A group of steps: the start (``START_ROUND``), a numbered round (``info`` is its
    ``round.started`` data), or the end (``END_ROUND``)."""

    number: int
    steps: list[Step] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def start(self) -> datetime | None:
        return min((s.start for s in self.steps), default=None)

    @property
    def end(self) -> datetime | None:
        return max((s.end for s in self.steps), default=None)


@dataclass(slots=True)
class Timeline:
    rounds: list[Round]
    started: datetime | None
    total_ms: float

    @property
    def steps(self) -> list[Step]:
        return [s for r in self.rounds for s in r.steps]

    @property
    def ticks(self) -> list[tuple[float, float]]:
        """``(percent, ms)`` marks of the time axis, at every quarter."""
        return [(q * 25.0, self.total_ms * q / 4) for q in range(5)] if self.started else []


def _model_start(event: RawEvent, previous: datetime | None) -> datetime:
    latency = (event.typed.latency_ms if isinstance(event.typed, ModelCalled) else 0) or 0
    own = event.ts - timedelta(milliseconds=latency)
    return min(own, previous) if previous is not None else own


class _Builder:
    def __init__(self) -> None:
        self.rounds: list[Round] = [Round(START_ROUND)]
        self.open_tools: dict[str, Step] = {}
        self.last_model: Step | None = None
        self.previous: datetime | None = None
        # When the model call being made began (its model.started event).
        self.call_started: datetime | None = None

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    def add(self, step: Step) -> None:
        self.current.steps.append(step)

    def feed(self, e: RawEvent) -> None:
        kind, typed = e.kind, e.typed
        if kind == EventKind.ROUND_STARTED.value:
            number = typed.round if isinstance(typed, RoundStarted) else 0
            self.rounds.append(Round(number or len(self.rounds), info=e.data))
        elif kind in END_KINDS and self.current.number != END_ROUND:
            self.rounds.append(Round(END_ROUND))
        number = self.current.number
        if kind == EventKind.MODEL_STARTED.value:
            # Not a step of its own: it places the start of the call that follows.
            self.call_started = e.ts
        elif kind == EventKind.MODEL_CALLED.value:
            start = self.call_started or _model_start(e, self.previous)
            self.call_started = None
            step = Step(e.seq, kind, number, "model", start, e.ts, e.data, typed)
            self.last_model = step
            self.add(step)
        elif kind == EventKind.DECISION.value and self.last_model is not None:
            # The parsed decision belongs to the model call that produced it.
            self.last_model.decision = e.data
            self.last_model.decided = typed if isinstance(typed, DecisionMade) else None
        elif kind == EventKind.TOOL_STARTED.value:
            step = Step(
                e.seq, "tool", number, "tool", e.ts, e.ts, dict(e.data), typed, finished=False
            )
            self.open_tools[_step_id(typed)] = step
            self.add(step)
        elif kind == EventKind.TOOL_FINISHED.value:
            self._finish_tool(e, number)
        else:
            self.add(Step(e.seq, kind, number, "mark", e.ts, e.ts, e.data, typed))
        self.previous = e.ts

    def _finish_tool(self, e: RawEvent, number: int) -> None:
        step = self.open_tools.pop(_step_id(e.typed), None)
        if step is None:
            step = Step(e.seq, "tool", number, "tool", e.ts, e.ts, {})
            self.add(step)
        step.data.update(e.data)
        # The call as a whole: what its start said, with what its end added.
        step.event = stored_data(e.kind, step.data)
        step.finished = True
        step.end = max(step.start, e.ts)


def _step_id(event: EventData | None) -> str:
    """The step a tool event belongs to (``"None"`` for a row that names none)."""
    return str(event.step_id) if isinstance(event, ToolStarted) else "None"


def build(events: Iterable[RawEvent], now: datetime | None = None) -> Timeline:
    """Group the events into rounds and place every step on the run's time axis.

    ``now`` closes tool calls still in flight (a running run), else they end
    at the last event.
    """
    builder = _Builder()
    last: datetime | None = None
    for event in events:
        builder.feed(event)
        last = event.ts if last is None else max(last, event.ts)
    for step in builder.open_tools.values():
        step.end = max(step.start, now or last or step.start)
    rounds = [r for r in builder.rounds if r.steps]
    steps = [s for r in rounds for s in r.steps]
    if not steps:
        return Timeline(rounds, None, 0.0)
    started = min(s.start for s in steps)
    ended = max(s.end for s in steps)
    total_ms = max((ended - started).total_seconds() * 1000, 1.0)
    for step in steps:
        step.offset_ms = (step.start - started).total_seconds() * 1000
        step.left = min(step.offset_ms / total_ms * 100, 100 - MIN_BAR_PERCENT)
        step.width = max(step.duration_ms / total_ms * 100, MIN_BAR_PERCENT)
        step.width = min(step.width, 100 - step.left)
    return Timeline(rounds, started, total_ms)


def raw_events(rows: Iterable[tuple[int, str, datetime, dict[str, Any]]]) -> list[RawEvent]:
    """``(seq, kind, ts, data)`` rows (``values_list`` order) as ``RawEvent``s."""
    return [RawEvent(seq, kind, ts, data or {}) for seq, kind, ts, data in rows]
